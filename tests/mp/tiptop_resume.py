"""Scenario: suspend and resume Tip Top at its moments under real MicroPython, every frame
heap-locked (tests/mp/resume_run.py: each resumed game must play on to the uninterrupted game's
record, result and final state).

    tiptop_resume.py [WHICH]

WHICH: the indices of GAMES to play, as digits (default: all); every seat a bot, "instant".
Moments cut at (after the frame that brought them, the first time in a game):
    after_double, after_minus10, after_spin, after_topout, after_turvy: that card was played (a
    Spin Out turns the direction, a Topsy Turvy the limit); limits_refilled: a Topsy Turvy
    shuffled the used limit cards into a new pile; deck_reshuffled; round_lost (the "loses a
    chip" screen, where the pause menu may open); seat_out; counter_clockwise: play goes
    counter-clockwise after the frame; phaseP_subU: the rules phase (P_PLAY 1, P_ROUND 2) and the
    scene's bot step (S_IDLE 0 waiting or thinking, S_SHOW 1 card shown, S_CHOSEN 2 chosen)
and after every STRIDE-th frame.
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import resume_run  # noqa: E402
from games.tiptop import rules as R  # noqa: E402
from games.tiptop import snapshot as SNAP  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, STRIDE): a small and the largest table, and a
# two-seat game whose Topsy Turvys empty the limit pile (a refill: rare, it needs a deck reshuffle)
GAMES = ((5, (3, 1, 2), 95), (6, (2, 3, 1, 3, 2, 1, 3, 2), 461), (368, (2, 3), 157))
CARDS = {R.DOUBLE: "after_double", R.MINUS: "after_minus10", R.SPIN: "after_spin",
         R.TOP: "after_topout", R.TURVY: "after_turvy"}
EVENTS = {R.E_LIMITS: "limits_refilled", R.E_RESHUFFLE: "deck_reshuffled", R.E_LOSE: "round_lost",
          R.E_OUT: "seat_out"}


def moments(g, before):
    rec = g.record
    out = []
    for i in range(before, rec.n):
        k = rec.kind(i)
        if k == R.E_PLAY and rec.field(i, 1) in CARDS:
            out.append(CARDS[rec.field(i, 1)])
        elif k in EVENTS:
            out.append(EVENTS[k])
    if g.st.dir < 0:
        out.append("counter_clockwise")
    out.append("phase%d_sub%d" % (g.st.phase, g.sub))
    return out


def fingerprint(g):
    return bytes(g.record.dump()) + g.result().encode() + SNAP.save_state(g.st)


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "01"
    out = []
    for ch in which:
        seed, kinds, stride = GAMES[int(ch)]
        out.append(resume_run.run(seed, resume_run.starter(frame, "tiptop", seed, kinds), moments, fingerprint, stride))
    resume_run.report(out)


main()
