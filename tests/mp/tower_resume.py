"""Scenario: a tower game suspended at its moments resumes and plays on as the uninterrupted game:
the same record rows, each at the same frame, the same towers and result (tests/mp/resume_run.py,
`timed`). Runs unchanged on CPython (with host_sim shims), unix and WebAssembly MicroPython.

    tower_resume.py [SEED] [KINDS] [SUPPLY] [EVERY] [SPEED]

All seats bots at bot speed SPEED (1 = normal delays, so that answers are shown for some frames;
3 = instant), SUPPLY the piece supply option. Moments cut at (the first time in a game):
    after_build (an auction opened), after_bid, after_pass: mid-auction (T-3); after_push,
    after_pay: mid-push, the piece sent on at a cost (T-4); after_win, after_accept: a piece to
    place; carrying, settling, at_rest, fallen: mid-placement (the piece carried; released, not
    yet at rest, T-6; at rest or collapsed, recorded by the next frame);
    after_place, after_collapse, after_eliminate, after_again (outbid: the active player goes
    on); subU: the scene's step (a bot thinking, its answer shown, a piece falling, ...)
and after every EVERY-th frame.
"""
import sys

from core.gfx import Gfx

frame = Gfx()

import resume_run  # noqa: E402
from games.tower.events import EVENTS  # noqa: E402

ROWS = ("build", "bid", "pass", "push", "pay", "win", "accept", "place", "collapse", "eliminate",
        "again")
# place.py's _CARRY, _SETTLE, _DONE, _FELL (the last two: ended, recorded by the next frame)
PLACING = {1: "carrying", 2: "settling", 3: "at_rest", 4: "fallen"}


def moments(g, before):
    rec = g.record
    out = []
    for i in range(before, rec.n):
        name = EVENTS[rec.kind(i)][0]
        if name in ROWS:
            out.append("after_" + name)
    if g.st.v[0] == 3 and g.pl.phase in PLACING:     # rules phase: placing
        out.append(PLACING[g.pl.phase])
    out.append("sub%d" % g.sub)
    return out


def fingerprint(g):
    rec = g.record
    out = bytearray(rec.buf[:rec.used])
    tw = g.tw
    for s in range(g.n):
        out.extend(tw.pool[tw.off[s]:tw.off[s + 1]])
    return bytes(out) + g.result().encode()


def main():
    a = sys.argv
    seed = int(a[1]) if len(a) > 1 else 3
    kinds = [int(ch) for ch in (a[2] if len(a) > 2 else "32")]
    supply = int(a[3]) if len(a) > 3 else 2
    every = int(a[4]) if len(a) > 4 else 97
    speed = int(a[5]) if len(a) > 5 else 1
    resume_run.report([resume_run.run(seed, resume_run.starter(frame, "tower", seed, kinds, (supply, 0, 0), speed), moments, fingerprint,
                                      every, lock=False, timed=True)])


main()
