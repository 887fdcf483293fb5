"""Scenario: suspend and resume NMBR 9 at its moments (tests/mp/resume_run.py: each resumed game
must play on to the uninterrupted game's record, result and final displays), on CPython and,
every frame heap-locked, under real MicroPython.

    nmbr9_resume.py [free]

`free`: the frames unlocked (CPython has no heap lock). Every seat a bot, "instant". Moments cut
at (the first time in a game): after_flip: a card turned; levelL: a tile placed on level L for
the first time in the game (a level change: L = 1, 2, ...); after_skip: a tile with no legal
place set aside; phaseP_subU: the rules phase (P_FLIP 1, P_PLACE 2) and the scene's bot step
(S_IDLE 0, S_THINK 2, S_SHOW 3); and after every STRIDE-th frame.
"""
import sys

from core.gfx import Gfx

frame = Gfx()

import resume_run  # noqa: E402
from games.nmbr9 import rules as R  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, STRIDE)
GAMES = ((21, (3, 1, 2), 397), (22, (2,), 127), (23, (1, 3, 3, 2), 911))


def moments(g, before):
    rec = g.record
    out = []
    for i in range(before, rec.n):
        k = rec.kind(i)
        if k == R.E_LEVEL and rec.field(i, 1) > 0:
            out.append("level%d" % rec.field(i, 1))
        elif k == R.E_FLIP:
            out.append("after_flip")
        elif k == R.E_SKIP:
            out.append("after_skip")
    out.append("phase%d_sub%d" % (g.st.phase, g.sub))
    return out


def fingerprint(g):
    out = bytearray(g.record.dump())
    for d in g.st.disp:
        out.extend(d.h)
        out.extend(d.top)
    return bytes(out) + g.result().encode()


def main():
    lock = not (len(sys.argv) > 1 and sys.argv[1] == "free")
    out = []
    for seed, kinds, stride in GAMES:
        out.append(resume_run.run(seed, resume_run.starter(frame, "nmbr9", seed, kinds), moments, fingerprint, stride, lock))
    resume_run.report(out)


main()
