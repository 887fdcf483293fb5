"""Scenario: whole tower games with every seat a bot, run under real MicroPython.

    tower_locked.py                      the fixed list GAMES, heap locked
    tower_locked.py games I,J,...        the games GAMES[I], GAMES[J], ..., heap locked
    tower_locked.py [lock|free] [SEED] [GAMES] [KINDS] [SUPPLY] [pure]

lock: micropython.heap_lock() is engaged for every frame (tests/mp/locked.py);
free: no lock (tools/tower_tournament.py uses this for speed). Games use seeds SEED, SEED+1, ...
KINDS is a digit per seat (1 easy, 2 normal, 3 hard; default 31); odd games swap the seats'
kinds round (seat 0's kind moves to seat 1, ...), so every level sits in every seat. SUPPLY is
0 all, 1 convex, 2 short (default 2). `pure` forces the pure-Python physics kernels.
One line per game:
    game seed=S kinds=K frames=F bad=B faults=N peak=P crc=C rows=R plays=H result=winner=...
then `done games=G bad=B`. bad counts frames that allocated (or raised) under the lock; C is a
CRC of the record rows and the saved towers (equal on every port and on CPython); H is a hash of
the players' choices alone (the build, bid, pass, win, push, pay and accept rows: who chose what,
for what price), so that two games played alike have the same H whatever their seeds and poses.
"""
import gc
import sys
from binascii import crc32

from micropython import const

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core import fastpath  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
# (seed, seat kinds 1 easy / 2 normal / 3 hard, supply 0 all / 1 convex / 2 short)
GAMES = (
    (1, (3, 1), 2),
    (2, (2, 3), 2),
    (3, (1, 2, 3), 2),
    (4, (3, 1, 2, 3), 2),
    (5, (3, 3), 1),
)
MAX_FRAMES = 60000
_E_BUILD = const(4)             # the choices' row kinds: build .. accept (games/tower/events.py)
_E_ACCEPT = const(10)
_mem = getattr(gc, "mem_alloc", None) or (lambda: 0)


def play(seed, kinds, supply, lock):
    hw = fakehw.Hardware()
    c = Console(hw, frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    setup = Setup("tower", bytearray(kinds), NAMES[:len(kinds)], bytearray([supply, 0, 0]), seed)
    c.start_game("tower", setup)
    g = c.game
    gc.collect()
    peak = _mem()
    frames = 0
    bad = 0
    while not g.game_over and frames < MAX_FRAMES and not c.faults:
        if lock:
            bad += locked.run(c, 1)
        else:
            c.frame()
        frames += 1
        if frames & 255 == 0:
            m = _mem()
            if m > peak:
                peak = m
    if lock:
        bad += locked.run(c, 2)         # the result screen is drawn locked too
    res = g.result()
    rec = g.record
    crc = crc32(memoryview(rec.buf)[:rec.used])            # no copies: small heaps
    crc = crc32(memoryview(g.tw.pool)[:g.tw.off[g.n]], crc)
    print("game seed=%d kinds=%s frames=%d bad=%d faults=%d peak=%d crc=%08x rows=%d plays=%06x "
          "result=%s" % (seed, "".join(str(k) for k in kinds), frames, bad, c.faults, peak,
                         crc & 0xFFFFFFFF, rec.n, plays(rec), res))
    if c.faults and c.last_error is not None:
        sys.print_exception(c.last_error)
    return bad + c.faults + (0 if g.game_over else 1)


def plays(rec):
    """A hash of the players' choices in record rec (24 bits: small ints on every port)."""
    h = 0
    for i in range(rec.n):
        k = rec.kind(i)
        if _E_BUILD <= k <= _E_ACCEPT:
            for v in (k, rec.field(i, 0), rec.field(i, 1), rec.field(i, 2)):
                h = (h * 31 + v) & 0xFFFFFF
    return h


def main():
    a = sys.argv
    if len(a) < 2 or a[1] == "games":
        pick = [int(i) for i in a[2].split(",")] if len(a) > 2 else range(len(GAMES))
        total = 0
        for i in pick:
            seed, kinds, supply = GAMES[i]
            total += play(seed, kinds, supply, True)
            gc.collect()
        print("done games=%d bad=%d" % (len(pick), total))
        return
    lock = a[1] != "free"
    seed = int(a[2]) if len(a) > 2 else 1
    games = int(a[3]) if len(a) > 3 else 2
    kinds = [int(ch) for ch in (a[4] if len(a) > 4 else "31")]
    supply = int(a[5]) if len(a) > 5 else 2
    if len(a) > 6 and a[6] == "pure":
        fastpath.prefer_pure = True
    total = 0
    for i in range(games):
        k = kinds
        if i & 1:
            k = kinds[1:] + kinds[:1]
        total += play(seed + i, k, supply, lock)
        gc.collect()
    print("done games=%d bad=%d" % (games, total))


main()
