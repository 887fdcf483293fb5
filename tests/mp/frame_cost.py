"""Console frames timed for the bench scripts (tests/mp/bench_*.py), under MicroPython."""
import gc
import time
from array import array


def frames(c, n, until=None):
    """Run n frames (or until until() is true) with gc disabled; (total us, worst us, frames,
    bytes allocated, SPI bytes)."""
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    tot = 0
    worst = 0
    spi = 0
    k = 0
    while k < n:
        if until is not None and until():
            break
        t = time.ticks_us()
        c.frame()
        d = time.ticks_diff(time.ticks_us(), t)
        tot += d
        if d > worst:
            worst = d
        spi += c.hw.display.last_bytes
        k += 1
    m1 = gc.mem_alloc()
    gc.enable()
    return tot, worst, k if k else 1, m1 - m0, spi


def whole_game(c, g, limit=20000):
    """Every frame of game g to its end (at most `limit`) with gc disabled; (the frame times in
    us, sorted; frames; bytes allocated)."""
    times = array("i", [0] * limit)
    n = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    while not g.game_over and n < limit:
        t = time.ticks_us()
        c.frame()
        times[n] = time.ticks_diff(time.ticks_us(), t)
        n += 1
    m1 = gc.mem_alloc()
    gc.enable()
    return sorted(times[:n]), n, m1 - m0
