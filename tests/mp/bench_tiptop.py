"""Tip Top benchmark: per-frame cost of the table screen and of bot turns, allocations, memory.

    micropython bench_tiptop.py

Lines `bench tiptop WHAT key=value ...`:
    table_full     a full redraw of an eight-seat table in mid-game (gfx draw only)
    table_frame    console frames (step + draw + push) of an eight-seat bot game at normal bot
                   speed: average and worst frame, SPI bytes per frame
    cursor_frame   a human choosing a card with the stick (step + draw + push)
    idle_frame     nothing changes (a human looking at the table)
    bot_LEVEL      every frame of an eight-seat game of that level at "instant" speed (choosing,
                   playing, drawing): average, percentiles and worst frame
    memory         heap used by the running game (scene, rules, bot, record) at 2 and 8 seats
ms = host milliseconds on this port (the emulated Pico's figures: make bench-pico); alloc = bytes
allocated per frame with gc disabled (must be 0).
"""
import gc
import time
from array import array

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
from core import buttons as B  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from games.tiptop import scenes as S  # noqa: E402
from frame_cost import frames, whole_game  # noqa: E402

NAMES = ("ANA", "Hard 2", "Norm 3", "Easy 4", "Hard 5", "Norm 6", "Easy 7", "Hard 8")


def us():
    return time.ticks_us()


def start(kinds, speed, seed=5):
    gc.collect()
    c = Console(fakehw.Hardware(b""), frame)
    c.settings.bot_speed = speed
    gc.collect()
    base = gc.mem_alloc()
    c.start_game("tiptop", Setup("tiptop", bytearray(kinds), NAMES[:len(kinds)], bytearray(0), seed))
    gc.collect()
    return c, c.game, gc.mem_alloc() - base


def line(what, total_us, worst_us, frames, alloc, extra=""):
    ms = total_us / 1000 / frames
    print("bench tiptop %s ms=%.3f max_ms=%.3f frames=%d alloc=%d%s" % (
        what, ms, worst_us / 1000, frames, alloc // frames, extra))


def table():
    c, g, mem8 = start((3, 2, 1, 3, 2, 1, 3, 2), 1)
    while g.st.plays < 40 and not g.game_over:
        c.frame()
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    n = 20
    t = us()
    for _ in range(n):
        g.draw(c.gfx, True)
        c.gfx.n = 0
    d = time.ticks_diff(us(), t)
    m1 = gc.mem_alloc()
    gc.enable()
    line("table_full", d, d // n, n, m1 - m0)
    tot, worst, k, alloc, spi = frames(c, 3000, lambda: g.game_over)
    line("table_frame", tot, worst, k, alloc, " spi_bytes=%d" % (spi // k))
    _, g2, mem2 = start((3, 1), 1)
    print("bench tiptop memory seats2_bytes=%d seats8_bytes=%d record8_rows=%d" % (
        mem2, mem8, g.record.capacity))


def cursor():
    moves = bytearray()
    for i in range(60):
        moves.extend(fakehw.steps((B.RIGHT, B.LEFT, B.X)[i % 3], 1, 0, 2))
    c, g, _ = start((0, 1, 1), 3, 8)
    k = 0
    while not (g.mode == S.M_PLAY and g.st.turn == 0 and g.st.hand_count(0) > 2) and k < 3000:
        c.frame()
        k += 1
    c.hw.buttons.script = moves
    c.hw.buttons.i = 0
    tot, worst, n, alloc, spi = frames(c, len(moves) // 2)
    line("cursor_frame", tot, worst, n, alloc, " spi_bytes=%d" % (spi // n))
    tot, worst, n, alloc, spi = frames(c, 100)
    line("idle_frame", tot, worst, n, alloc, " spi_bytes=%d" % (spi // n))


def bots(level, name):
    c, g, _ = start((level,) * 8, 3, 9)
    times = array("i", [0] * 20000)
    n = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    while not g.game_over and n < 20000:
        t = us()
        c.frame()
        times[n] = time.ticks_diff(us(), t)
        n += 1
    m1 = gc.mem_alloc()
    gc.enable()
    times = sorted(times[:n])
    tot = 0
    for d in times:
        tot += d
    line(name, tot, times[-1], n, m1 - m0, " p50_ms=%.3f p95_ms=%.3f p99_ms=%.3f plays=%d" % (
        times[n // 2] / 1000, times[n * 95 // 100] / 1000, times[n * 99 // 100] / 1000, g.st.plays))


table()
cursor()
bots(1, "bot_easy")
bots(2, "bot_normal")
bots(3, "bot_hard")
