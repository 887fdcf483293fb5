"""Scenario: suspend and resume No Respect at its moments under real MicroPython, every frame
heap-locked (tests/mp/resume_run.py: each resumed game must play on to the uninterrupted game's
record, result and final state).

    norespect_resume.py

Every seat a bot, "instant"; both rule sets. Moments cut at (the first time in a game):
    after_start_draw: the game has started, its start draw done, no turn played (G-2);
    after_draw, after_build, after_stack, after_cap, after_discard, after_clear (variation: a
    capped column back to the pool), after_eliminate: what the last frame recorded;
    column_done: a build completed a column; phaseP_subU: the rules phase (P_DRAW 1, P_PLAY 2)
    and the scene's bot step (S_IDLE 0, S_THINK 1, S_SHOW 2)
and after every STRIDE-th frame (mid-game).
"""
from core.gfx import Gfx

frame = Gfx()

import resume_run  # noqa: E402
from games.norespect import rules as R  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, variant, STRIDE)
GAMES = ((11, (3, 1, 2), 0, 41), (12, (2, 3), 1, 97), (13, (1, 3, 3, 2), 0, 53))
EVENTS = {R.E_DRAW: "after_draw", R.E_BUILD: "after_build", R.E_STACK: "after_stack",
          R.E_CAP: "after_cap", R.E_DISCARD: "after_discard", R.E_CLEAR: "after_clear",
          R.E_ELIMINATE: "after_eliminate"}


def moments(g, before):
    rec = g.record
    st = g.st
    out = []
    for i in range(before, rec.n):
        k = rec.kind(i)
        if k in EVENTS:
            out.append(EVENTS[k])
        if k == R.E_BUILD and rec.field(i, 3) == R.CIRCLES:
            out.append("column_done")
    if st.turns == 0 and st.phase == R.P_DRAW and rec.kind(rec.n - 1) == R.E_START:
        out.append("after_start_draw")
    out.append("phase%d_sub%d" % (st.phase, g.sub))
    return out


def fingerprint(g):
    return bytes(g.record.dump()) + g.result().encode() + g.st.save()


def main():
    out = []
    for seed, kinds, variant, stride in GAMES:
        out.append(resume_run.run(seed, resume_run.starter(frame, "norespect", seed, kinds, (variant,)), moments, fingerprint, stride))
    resume_run.report(out)


main()
