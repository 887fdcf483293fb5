"""Scenario: suspend and resume NOPE! at its moments under real MicroPython, every frame
heap-locked (tests/mp/resume_run.py: each resumed game must play on to the uninterrupted game's
record, result and final state).

    nope_resume.py

Every seat a bot, "instant". Moments cut at (the first time in a game):
    after_deal: the game has started (dealt, the first card turned);
    after_reset, after_see_through, after_nominate_card: that action card was played alone;
    after_nomination: a Nominate's demand was set (P-5); set_topped_by_reset,
    set_topped_by_see_through, set_topped_by_nominate: a set was discarded with that action card
    on top (P-3); set_with_joker; after_reshuffle; after_nope; after_out: a player ran out of
    cards; subU: the scene's bot step (S_IDLE 0, S_THINK 1, S_PLAY 2)
and after every STRIDE-th frame, a bot possibly in the middle of thinking.
"""
from core.gfx import Gfx

frame = Gfx()

import resume_run  # noqa: E402
from games.nope import cards as C  # noqa: E402
from games.nope import rules as R  # noqa: E402
from games.nope import snapshot as SNAP  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, STRIDE)
GAMES = ((11, (3, 1, 2), 61), (12, (2, 3), 67), (13, (1, 3, 3, 2, 3, 1), 101))
ALONE = {C.K_RESET: "after_reset", C.K_SEE: "after_see_through", C.K_NOM: "after_nominate_card"}
ON_TOP = {C.K_RESET: "set_topped_by_reset", C.K_SEE: "set_topped_by_see_through",
          C.K_NOM: "set_topped_by_nominate"}
EVENTS = {R.E_NOMINATE: "after_nomination", R.E_RESHUFFLE: "after_reshuffle",
          R.E_NOPE: "after_nope", R.E_OUT: "after_out", R.E_FLIP: "after_deal"}


def moments(g, before):
    rec = g.record
    out = []
    for i in range(before, rec.n):
        k = rec.kind(i)
        if k == R.E_ACTION and C.KIND[rec.field(i, 1)] in ALONE:
            out.append(ALONE[C.KIND[rec.field(i, 1)]])
        elif k == R.E_DISCARD:
            count = rec.field(i, 1)
            top = C.KIND[rec.field(i, 1 + count)]         # card1..card3 in laying order
            if top in ON_TOP:
                out.append(ON_TOP[top])
            for j in range(count):
                if C.KIND[rec.field(i, 2 + j)] == C.K_JOKER:
                    out.append("set_with_joker")
        elif k in EVENTS:
            out.append(EVENTS[k])
    out.append("sub%d" % g.sub)
    return out


def fingerprint(g):
    return bytes(g.record.dump()) + g.result().encode() + SNAP.save_state(g.st)


def main():
    out = []
    for seed, kinds, stride in GAMES:
        out.append(resume_run.run(seed, resume_run.starter(frame, "nope", seed, kinds, bytes(3)), moments, fingerprint, stride))
    resume_run.report(out)


main()
