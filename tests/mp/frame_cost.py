"""Console frames timed for the bench scripts (tests/mp/bench_*.py), under MicroPython."""
import gc
import time


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
