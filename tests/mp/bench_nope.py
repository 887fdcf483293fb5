"""NOPE! benchmark: per-frame cost of the table screen, of the hand screen and of bot turns,
allocations.

    micropython bench_nope.py

Lines `bench nope WHAT key=value ...`:
    table_full     a full redraw of a six-seat table in mid-game, a hand shown (gfx draw only)
    table_frame    console frames (step + draw + push) of a six-seat bot game at normal speed
    hand_frame     a human moving along a hand of many cards and picking cards (step + draw + push)
    idle_frame     nothing changes (a human looking at the hand)
    bot_LEVEL      every frame of a four-seat game of that level at "instant" speed (thinking
                   BOT_BUDGET units a frame, playing, drawing): average, percentiles and worst
    memory         heap used by the running game (scene, rules, bots, record)
ms = host milliseconds on this port (max_ms the worst frame; the emulated Pico's figures come from
make bench-pico, its part nope-turns); alloc = bytes allocated per frame with gc disabled (must
be 0).
"""
import gc
import time
from array import array

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
from frame_cost import frames, whole_game  # noqa: E402
from core import buttons as B  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from games.nope import rules as R  # noqa: E402
from games.nope import scenes as S  # noqa: E402

NAMES = ("ANA", "Hard 2", "Norm 3", "Easy 4", "Hard 5", "Norm 6")


def us():
    return time.ticks_us()


def start(kinds, speed, seed=5):
    gc.collect()
    c = Console(fakehw.Hardware(b""), frame)
    c.settings.bot_speed = speed
    base = gc.mem_alloc()
    c.start_game("nope", Setup("nope", bytearray(kinds), NAMES[:len(kinds)], bytearray(3), seed))
    gc.collect()
    return c, c.game, gc.mem_alloc() - base


def line(what, total_us, worst_us, frames, alloc, extra=""):
    ms = total_us / 1000 / frames
    print("bench nope %s ms=%.3f max_ms=%.3f frames=%d alloc=%d%s" % (
        what, ms, worst_us / 1000, frames, alloc // frames, extra))


def table():
    c, g, mem = start((0, 3, 2, 1, 3, 2), 3)    # a human's table (games/nope/human.py) ...
    g.kinds[0] = 3                              # ... whose seat 1 a bot plays: its hand shown
    while g.st.turns < 12 and not g.game_over:
        c.frame()
    g.viewer = 0                            # seat 1's hand on screen, as a human's would be
    g._fill_hand()
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    t = us()
    n = 20
    for _ in range(n):
        g.draw(c.gfx, True)
        c.gfx.n = 0
    d = time.ticks_diff(us(), t)
    m1 = gc.mem_alloc()
    gc.enable()
    line("table_full", d, d // n, n, m1 - m0, " hand=%d" % g.hn)
    c, g, mem = start((3, 2, 1, 3, 2, 1), 1)
    tot, worst, k, alloc, spi = frames(c, 4000, lambda: g.game_over)
    line("table_frame", tot, worst, k, alloc, " spi_bytes=%d" % (spi // k))
    print("bench nope memory game_bytes=%d record_bytes=%d record_rows=%d" % (
        mem, len(g.record.rows) * (2 if g.record.typecode == "h" else 4), g.record.capacity))


def hand():
    c, g, _ = start((0, 1), 3, 8)
    st = g.st
    k = 0
    while not (st.to_move() == 0 and st.phase == R.P_TURN and g.wait == 0) and k < 3000:
        c.frame()
        k += 1
    moves = bytearray()
    for i in range(80):
        b = (B.RIGHT, B.RIGHT, B.A, B.LEFT, B.A, B.RIGHT)[i % 6]
        moves.extend(fakehw.steps(b, 1, 0, 1))
    c.hw.buttons.script = moves
    c.hw.buttons.i = 0
    tot, worst, n, alloc, spi = frames(c, len(moves) // 2, lambda: st.to_move() != 0)
    line("hand_frame", tot, worst, n, alloc, " spi_bytes=%d cards=%d" % (spi // n, g.hn))
    c.hw.buttons.script = b""
    c.hw.buttons.i = 0
    tot, worst, n, alloc, spi = frames(c, 100)
    line("idle_frame", tot, worst, n, alloc, " spi_bytes=%d" % (spi // n))


def bots(level, name):
    c, g, _ = start((level, level, level, level), 3, 9)
    times, n, alloc = whole_game(c, g)
    tot = sum(times)
    line(name, tot, times[-1], n, alloc,
         " p50_ms=%.3f p95_ms=%.3f p99_ms=%.3f turns=%d frames_per_turn=%.1f budget=%d" % (
             times[n // 2] / 1000, times[n * 95 // 100] / 1000, times[n * 99 // 100] / 1000,
             g.st.turns, n / g.st.turns, S.BOT_BUDGET))


table()
hand()
bots(1, "bot_easy")
bots(2, "bot_normal")
bots(3, "bot_hard")
