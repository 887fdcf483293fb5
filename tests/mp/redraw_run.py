"""Redraw equality under real MicroPython (tests/mp/redraw.py), heap locked for every frame.

    redraw_run.py screen NAME [EVERY] [notice]
    redraw_run.py game GAME KINDS SEED [EVERY] [OPTIONS] [TAIL] [SPEED] [notice]
    redraw_run.py stack N [EVERY] [FOUNDATIONS]     the tower's stack of N pieces falling apart
    redraw_run.py climb [EVERY]                     the tower's camera steps (runs.ClimbRun)
    redraw_run.py wall [EVERY]                      the tower's wall of 20 pieces woken (runs.WallRun)
    redraw_run.py results GAME KINDS SEED [EVERY] [OPTIONS]     the table after a whole game

KINDS: a digit per seat (0 human, 1 easy, 2 normal, 3 hard); OPTIONS: a digit per game option.
notice: two notices over the run (runs.NOTICES: posted at frames 5 and 40, the second queued).
Prints `redraw ok frames=F bad=B` (B: frames that allocated) or `redraw FAIL frame=K: detail`.
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as on the board

import redraw  # noqa: E402
import runs  # noqa: E402


def digits(s):
    return tuple(int(ch) for ch in s)


def main(argv):
    notice = argv[-1] == "notice"
    if notice:
        argv = argv[:-1]
    if argv[1] == "screen":
        sc = runs.ScreenRun(frame, argv[2], lock=True)
        every = int(argv[3]) if len(argv) > 3 else 1
    elif argv[1] == "stack":
        sc = runs.StackRun(frame, int(argv[2]), len(argv) > 4 and argv[4] == "1", lock=True)
        every = int(argv[3]) if len(argv) > 3 else 1
    elif argv[1] == "climb":
        sc = runs.ClimbRun(frame, lock=True)
        every = int(argv[2]) if len(argv) > 2 else 1
    elif argv[1] == "wall":
        sc = runs.WallRun(frame, lock=True)
        every = int(argv[2]) if len(argv) > 2 else 1
    elif argv[1] == "results":
        every = int(argv[5]) if len(argv) > 5 else 1
        sc = runs.ResultsRun(frame, argv[2], digits(argv[3]), int(argv[4]),
                             digits(argv[6]) if len(argv) > 6 else (), lock=True, tail=120)
    else:
        every = int(argv[5]) if len(argv) > 5 else 10
        sc = runs.GameRun(frame, argv[2], digits(argv[3]), int(argv[4]),
                          digits(argv[6]) if len(argv) > 6 else (), lock=True,
                          tail=int(argv[7]) if len(argv) > 7 else 30,
                          speed=int(argv[8]) if len(argv) > 8 else 3)
    if notice:
        sc = runs.Noticed(sc, runs.NOTICE_AT, runs.NOTICES)
    bad = redraw.check(sc, every)
    n = getattr(sc, "n", 0)
    if bad is None:
        print("redraw ok frames=%d bad=%d" % (n, getattr(sc, "bad", 0)))
    else:
        print("redraw FAIL frame=%d: %s" % bad)


main(sys.argv)
