"""make bench, console part: per scene, the cost of a frame on the unix port with the real
ST7789 driver (conversion included) writing to a counting SPI bus (make bench-pico measures the
same scenarios on the emulated Pico).

    bench_console.py [FRAMES]

One line per scene:
  bench console SCENE frames=N host_ms=mean max_ms=max alloc=bytes/frame
        peak=gc.mem_alloc() spi_bytes=mean/frame spi_max=max idle_bytes=mean idle_max=max
The idle figures come from 90 frames without input after the scripted ones (a static screen
pushes nothing; a blinking cursor pushes only its cell).
"""
import gc
import sys
import time

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
import scene_runner  # noqa: E402
from hal.st7789 import ST7789  # noqa: E402


class CountingSPI:
    def __init__(self):
        self.bytes = 0

    def write(self, buf):
        self.bytes += len(buf)


def pin(v=0):
    pass


def no_sleep(ms):
    pass


def measure(c, spi, frames, idle=False):
    t_sum = 0
    t_max = 0
    alloc = 0
    b_sum = 0
    b_max = 0
    peak = 0
    for _ in range(frames):
        gc.collect()
        gc.disable()
        m0 = gc.mem_alloc()
        s0 = spi.bytes
        t0 = time.ticks_us()
        c.frame()
        t = time.ticks_diff(time.ticks_us(), t0)
        m1 = gc.mem_alloc()
        gc.enable()
        alloc += m1 - m0
        if m1 > peak:
            peak = m1
        b = spi.bytes - s0
        b_sum += b
        if b > b_max:
            b_max = b
        t_sum += t
        if t > t_max:
            t_max = t
    return t_sum, t_max, alloc, peak, b_sum, b_max


def main(frames):
    for name in ("launcher", "settings", "names", "calibrate", "pause", "rules", "handoff", "error"):
        spi = CountingSPI()
        hw = fakehw.Hardware(b"")
        hw.display = ST7789(spi, pin, sleep_ms=no_sleep)
        c, hw, during = scene_runner.prepare(frame, name, hw)
        n = min(frames, len(during) // 2)
        t_sum, t_max, alloc, peak, b_sum, b_max = measure(c, spi, n)
        hw.buttons.script = b""
        i_sum = measure(c, spi, 90)
        print("bench console %s frames=%d host_ms=%.3f max_ms=%.3f alloc=%d peak=%d "
              "spi_bytes=%d spi_max=%d idle_bytes=%d idle_max=%d" % (
                  name, n, t_sum / n / 1000, t_max / 1000, alloc // n, peak,
                  b_sum // n, b_max, i_sum[4] // 90, i_sum[5]))
        del c
        gc.collect()


main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
