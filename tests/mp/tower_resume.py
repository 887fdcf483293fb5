"""Scenario: a tower game saved at many points resumes to the identical state and plays on
identically. Runs unchanged on CPython (with host_sim shims), unix and WebAssembly MicroPython.

    tower_resume.py [SEED] [KINDS] [SUPPLY] [EVERY] [SPEED]

Plays the reference game (all seats bots, bot speed SPEED: 1 = normal delays so that answers are
shown for some frames, 3 = instant) to the end, noting the frame where every record row appeared.
Then for every EVERY-th frame K: a fresh console plays to K, takes snapshot(), a third console
starts from the snapshot (as the launcher's resume does) and plays to the end; its record rows,
the frame of each row and its towers must equal the reference. One line per save point:
    resume frame=K sub=S phase=P place=L bytes=B ok|FAIL ...
then `done points=N fail=F`.
"""
import sys

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
MAX_FRAMES = 20000


def console(speed):
    hw = fakehw.Hardware()
    c = Console(hw, frame)
    c.settings.bot_speed = speed
    return c


def setup_of(seed, kinds, supply):
    return Setup("tower", bytearray(kinds), NAMES[:len(kinds)], bytearray([supply, 0, 0]), seed)


def towers(g):
    """The saved towers (the pool), as a list of bytes."""
    tw = g.tw
    out = []
    for s in range(g.n):
        out.append(bytes(tw.pool[tw.off[s]:tw.off[s + 1]]))
    return out


def rows(g):
    rec = g.record
    return bytes(rec.buf[:rec.used])


def play_to_end(c, g, start, at_row):
    """Frames until game over; at_row gets the frame of each new record row."""
    f = start
    n = g.record.n
    while not g.game_over and f < MAX_FRAMES and not c.faults:
        c.frame()
        f += 1
        while n < g.record.n:
            at_row.append(f)
            n += 1
    return f


def main():
    a = sys.argv
    seed = int(a[1]) if len(a) > 1 else 3
    kinds = [int(ch) for ch in (a[2] if len(a) > 2 else "32")]
    supply = int(a[3]) if len(a) > 3 else 2
    every = int(a[4]) if len(a) > 4 else 97
    speed = int(a[5]) if len(a) > 5 else 1
    st = setup_of(seed, kinds, supply)
    ref = console(speed)
    ref.start_game("tower", st)
    g = ref.game
    ref_at = [0] * g.record.n
    end = play_to_end(ref, g, 0, ref_at)
    ref_rows = rows(g)
    ref_towers = towers(g)
    print("reference frames=%d rows=%d result=%s" % (end, g.record.n, g.result()))
    fails = 0
    points = 0
    k = every
    while k < end:
        c = console(speed)
        c.start_game("tower", setup_of(seed, kinds, supply))
        g1 = c.game
        for _ in range(k):
            c.frame()
        snap = g1.snapshot()
        if snap is None:            # the game is decided (its last collapse is on screen)
            print("resume frame=%d over" % k)
            k += every
            continue
        sub = g1.sub
        phase = g1.st.v[0]
        pph = g1.pl.phase
        c2 = console(speed)
        c2.start_game("tower", setup_of(seed, kinds, supply), snap)
        g2 = c2.game
        at = ref_at[:g2.record.n]
        e2 = play_to_end(c2, g2, k, at)
        ok = e2 == end and rows(g2) == ref_rows and at == ref_at and towers(g2) == ref_towers \
            and not c2.faults
        points += 1
        if not ok:
            fails += 1
        print("resume frame=%d sub=%d phase=%d place=%d bytes=%d %s end=%d rows=%d" % (
            k, sub, phase, pph, len(snap), "ok" if ok else "FAIL", e2, g2.record.n))
        k += every
    print("done points=%d fail=%d" % (points, fails))


main()
