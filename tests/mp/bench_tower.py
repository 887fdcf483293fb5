"""Tower game benchmark under real MicroPython: whole frames (input, physics, bots, drawing) and
the physics alone, allocations per frame, SPI bytes per frame.

    bench_tower.py [pure]

Lines (ms = milliseconds on the port that runs this: the host's unix port under make bench,
the emulated Pico under make bench-pico, which calls carrying() with its real hardware):
    bench tower physics_<N>awake ms=.. alloc=0 awake=..
    bench tower frame_<N>moving ms=.. alloc=0 spi_bytes=.. awake=..
    bench tower frame_<N>awake ...         the same bodies at rest, woken every frame
    bench tower frame_carry_still ...      the tower asleep, the carried piece held still
    bench tower frame_idle ...             a human's turn on the shelf, nothing pressed
    bench tower game_hard ...              a whole two-seat game of hard bots: mean and max
alloc counts frames that allocated (each measured frame runs with the heap locked).
"""
import gc
import sys
from bench_clock import diff, ticks

import fakehw
import micropython
from core import fastpath

PURE = len(sys.argv) > 1 and sys.argv[1] == "pure"
if PURE:
    fastpath.prefer_pure = True

from games.tower import physics as P  # noqa: E402
import tower_stack  # noqa: E402  (after the kernels are chosen)

ORDER = (3, 0, 2, 4, 1, 17, 19, 11, 10, 18, 5, 15, 13, 14, 6, 20, 21, 23, 24, 25, 26, 22,
         7, 8, 9, 12, 16, 3, 4, 2)
U_PLACE = tower_stack.U_PLACE
frame = None            # the console's frame buffer: made first by the main block, or given
make_hw = fakehw.Hardware   # the hardware of each console (bench-pico: the real one)


def console(kinds, seed=3):
    """(hardware, console) running a game; a seed whose first player is seat 0."""
    c = tower_stack.console(make_hw(), frame, kinds, seed)
    return c.hw, c


def timed(c, n, accel=None, wake=None):
    """n frames, each heap-locked (with `wake`, that world's bodies are woken before each);
    returns (mean host ms, max host ms, allocating frames, mean SPI bytes, mean awake bodies)."""
    hw = c.hw
    tot = 0
    worst = 0
    bad = 0
    spi = 0
    awake = 0
    g = c.game
    for i in range(n):
        if accel is not None:
            hw.accel.x = accel[i % len(accel)]
        if wake is not None:
            wake.wake_all()
        t0 = ticks()
        micropython.heap_lock()
        try:
            c.frame()
        except MemoryError:
            bad += 1
        micropython.heap_unlock()
        dt = diff(ticks(), t0)
        tot += dt
        if dt > worst:
            worst = dt
        spi += hw.display.last_bytes
        awake += g.tw.w.awake()
        if c.faults:
            bad += 1
    return tot / n / 1000, worst / 1000, bad, spi // n, awake // n


def line(name, ms, bad, spi=-1, awake=-1, extra=""):
    s = "bench tower %s ms=%.3f alloc=%d" % (name, ms, bad)
    if spi >= 0:
        s += " spi_bytes=%d" % spi
    if awake >= 0:
        s += " awake=%d" % awake
    print(s + extra)


def physics(n):
    w = P.World(PURE)
    for i in range(n):
        w.add_body(ORDER[i], ((i % 4) * 50 - 75) * P.PX, (30 + (i // 4) * 40) * P.PX, i * 1500)
    for _ in range(20):
        w.step()
    t0 = ticks()
    bad = 0
    awake = 0
    for _ in range(30):
        micropython.heap_lock()
        try:
            w.step()
        except MemoryError:
            bad += 1
        micropython.heap_unlock()
        awake += w.awake()
    line("physics_%dawake" % n, diff(ticks(), t0) / 30 / 1000, bad, -1, awake // 30)


def memory_bytes():
    """(bytes of one World's arrays, bytes shared by all worlds) on a 32-bit port."""
    w = P.World(PURE)
    return 4 * len(w.w32) + 2 * len(w.w16), \
        4 * len(P.S32) + 2 * (len(P.S16) + len(P.T16) + len(P.PT))


def carrying(n, report=True):
    """A human carries a piece above a tower of n pieces that is kept awake (every frame its
    bodies are woken: the worst case of a tower swaying after a nudge), the tilt swinging the
    piece left and right. The tower's pieces are all marked as foundations and the play area is
    wide, so that a piece falling off does not end the placement."""
    hw, c = console((0, 0))
    g = c.game
    w = tower_stack.carrying(c, n)
    for _ in range(10):
        c.frame()
    gc.collect()
    # the stack of mixed pieces sways and falls apart: bodies move visibly
    ms, worst, bad, spi, awake = timed(c, 30, (-300, -300, -300, 300, 300, 300), w)
    if report:
        line("frame_%dmoving" % n, ms, bad, spi, awake, " max_ms=%.3f bodies=%d" % (worst, w.count()))
    # then at rest, woken every frame: awake (the physics works) but still on screen
    for _ in range(600):
        c.frame()
        if w.awake() == 0:
            break
    ms, worst, bad, spi, awake = timed(c, 30, (-300, -300, -300, 300, 300, 300), w)
    if report:
        line("frame_%dawake" % n, ms, bad, spi, awake, " max_ms=%.3f bodies=%d" % (worst, w.count()))
    if g.sub != U_PLACE:
        raise SystemExit("bench: the placement ended")
    return hw, c


def settled():
    """The carried piece held still over the tower at rest, then a human's turn on the shelf
    with nothing pressed: what a still screen costs."""
    hw, c = carrying(20, False)
    g = c.game
    w = g.tw.w
    for _ in range(600):
        c.frame()
        if w.awake() == 0:
            break
    ms, worst, bad, spi, awake = timed(c, 30, (0,))
    line("frame_carry_still", ms, bad, spi, awake, " max_ms=%.3f" % worst)
    hw, c = console((0, 0))
    for _ in range(5):
        c.frame()
    ms, worst, bad, spi, awake = timed(c, 30)
    line("frame_idle", ms, bad, spi, -1, " max_ms=%.3f" % worst)


def game_hard():
    hw, c = console((3, 3))
    g = c.game
    tot = 0
    worst = 0
    bad = 0
    n = 0
    spi = 0
    while not g.game_over and n < 20000:
        t0 = ticks()
        micropython.heap_lock()
        try:
            c.frame()
        except MemoryError:
            bad += 1
        micropython.heap_unlock()
        dt = diff(ticks(), t0)
        tot += dt
        spi += hw.display.last_bytes
        if dt > worst:
            worst = dt
        n += 1
    ms = tot / n / 1000
    line("game_hard", ms, bad + c.faults, spi // n, -1,
         " frames=%d max_ms=%.3f" % (n, worst / 1000))


if __name__ == "__main__":
    from core.gfx import Gfx
    frame = Gfx()
    for k in (10, 20, 30):
        physics(k)
    for k in (10, 20, 26):
        carrying(k)
    settled()
    game_hard()
    print("bench tower memory world=%d shared=%d path=%s" % (
        memory_bytes()[0], memory_bytes()[1], "pure" if PURE or P._vip is None else "viper"))
