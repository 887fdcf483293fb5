"""No Respect benchmark: per-frame cost of the board screen and of bot turns, allocations.

    micropython bench_norespect.py

Lines `bench norespect WHAT key=value ...`:
    board_full     a full redraw of a four-seat board in mid-game (gfx draw only)
    board_frame    console frames (step + draw + push) of a four-seat bot game at normal bot
                   speed: average and worst frame, SPI bytes per frame
    cursor_frame   a human moving the target with the stick (step + draw + push)
    idle_frame     nothing changes (a human looking at the board)
    bot_LEVEL      frames while a bot of that level thinks (BOT_BUDGET units a frame): average
                   and worst frame, frames per turn
    memory         heap used by the running game (scene, rules, bots, record)
ms = host milliseconds on this port (average; max_ms is the worst frame, p50/p95/p99 the
percentiles: on a busy host the worst frame is often a scheduler hiccup of 4-8 ms, the
percentiles are not); alloc = bytes allocated per frame with gc disabled (must be 0).
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
from games.norespect import rules as R  # noqa: E402
from games.norespect import scenes as S  # noqa: E402

NAMES = ("ANA", "Hard 2", "Norm 3", "Easy 4")


def us():
    return time.ticks_us()


def start(kinds, speed, seed=5, script=b""):
    gc.collect()
    m0 = gc.mem_alloc()
    c = Console(fakehw.Hardware(script), frame)
    c.settings.bot_speed = speed
    base = gc.mem_alloc()
    c.start_game("norespect", Setup("norespect", bytearray(kinds), NAMES[:len(kinds)],
                                    bytearray([0]), seed))
    gc.collect()
    return c, c.game, gc.mem_alloc() - base, base - m0


def line(what, total_us, worst_us, frames, alloc, extra=""):
    ms = total_us / 1000 / frames
    print("bench norespect %s ms=%.3f max_ms=%.3f frames=%d alloc=%d%s" % (
        what, ms, worst_us / 1000, frames, alloc // frames, extra))


def board():
    c, g, mem, _ = start((3, 2, 1, 3), 1)
    while g.st.turns < 24 and not g.game_over:
        c.frame()
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
    line("board_full", d, d // n, n, m1 - m0)
    c, g, mem, console_mem = start((3, 2, 1, 3), 1)
    tot, worst, k, alloc, spi = frames(c, 3000, lambda: g.game_over)
    line("board_frame", tot, worst, k, alloc, " spi_bytes=%d" % (spi // k))
    rec = g.record.capacity * g.record.width * 4
    print("bench norespect memory game_bytes=%d record_bytes=%d record_rows=%d" % (
        mem, rec, g.record.capacity))


def cursor():
    moves = bytearray()
    for i in range(60):
        b = (B.RIGHT, B.DOWN, B.LEFT, B.UP, B.X)[i % 5]
        moves.extend(fakehw.steps(b, 1, 0, 1))
    c, g, _, _ = start((0, 1, 1, 1), 3, 8)
    c.hw.buttons.script = fakehw.steps(B.A, 1, 0, 2)       # past the start draw
    c.hw.buttons.i = 0
    for _ in range(3):
        c.frame()
    k = 0
    while not (g.st.phase == R.P_PLAY and g.st.turn == 0 and g.st.nlegal > 3) and k < 3000:
        if g.st.phase == R.P_PLAY and g.st.turn == 0:
            c.hw.buttons.script = fakehw.steps(B.A, 1, 0, 2)
            c.hw.buttons.i = 0
        c.frame()
        k += 1
    c.hw.buttons.script = moves
    c.hw.buttons.i = 0
    tot, worst, n, alloc, spi = frames(c, len(moves) // 2)
    line("cursor_frame", tot, worst, n, alloc, " spi_bytes=%d targets=%d" % (spi // n, g.st.nlegal))
    tot, worst, n, alloc, spi = frames(c, 100)
    line("idle_frame", tot, worst, n, alloc, " spi_bytes=%d" % (spi // n))


def bots(level, name):
    """Every frame of a four-seat game of one level at "instant" speed (thinking, playing,
    drawing): average, 95th percentile and worst frame."""
    c, g, _, _ = start((level, level, level, level), 3, 9)
    times, n, alloc = whole_game(c, g)
    tot = sum(times)
    p50 = times[n // 2]
    p95 = times[n * 95 // 100]
    p99 = times[n * 99 // 100]
    line(name, tot, times[-1], n, alloc,
         " p50_ms=%.3f p95_ms=%.3f p99_ms=%.3f turns=%d frames_per_turn=%.1f budget=%d" % (
             p50 / 1000, p95 / 1000, p99 / 1000, g.st.turns, n / g.st.turns, S.BOT_BUDGET))


board()
cursor()
bots(1, "bot_easy")
bots(2, "bot_normal")
bots(3, "bot_hard")
