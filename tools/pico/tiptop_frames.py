"""Board side of Tip Top's emulated-Pico figures: whole bot games on the real hardware objects
(hal.pico: the ST7789 on SPI, the watchdog fed by the console's steps), every console frame
(step + draw + push) timed in emulated microseconds, the live heap sampled while playing.

    node $VPICO/vpico.mjs --root build/firmware-tt --seconds 600 \
        --run 'import tiptop_frames; tiptop_frames.run("32132132", 3, 1, 32)'

(build/firmware-tt: make mpy's build/firmware plus this file.) run(kinds, seed, speed, ballast_kb)
takes a ballast block of that many KB after the frame buffer, as the boot leaves the heap, and
prints one line per game:
    tiptop seats=K seed=S speed=V frames=F first_ms=A max_ms=M over40=N p99_ms<P live_max=L
    free_min=R result=...
first_ms is the first frame (the screen's first full repaint); max_ms, over40 and p99_ms are over
the other frames; live_max is gc.mem_alloc() at its highest over the game (sampled every 20
frames after a collection, ballast excluded), free_min the least gc.mem_free() seen.
"""
import gc
import time
from array import array

from core.gfx import Gfx

frame = Gfx()


def run(kinds, seed=3, speed=1, ballast_kb=0, games=1):
    ballast = bytearray(ballast_kb * 1024) if ballast_kb else None
    from hal import pico
    hw = pico.build()
    from core.console import Console
    from core.setup import Setup
    c = Console(hw, frame)
    c.settings.bot_speed = speed
    names = ["Bot %d" % (i + 1) for i in range(len(kinds))]
    hist = array("H", bytes(2 * 101))          # frames per whole ms, 100: 100 ms or more
    for k in range(games):
        c.start_game("tiptop", Setup("tiptop", bytearray(int(ch) for ch in kinds), names,
                                     bytearray(0), seed + k))
        g = c.game
        gc.collect()
        base = len(ballast) if ballast is not None else 0
        for i in range(101):
            hist[i] = 0
        first = worst = over = n = live = 0
        free = 1 << 30
        while not g.game_over and n < 20000:
            t = time.ticks_us()
            c.frame()
            d = time.ticks_diff(time.ticks_us(), t)
            if n == 0:
                first = d
            else:
                worst = d if d > worst else worst
                over += 1 if d > 40000 else 0
                hist[min(d // 1000, 100)] += 1
            n += 1
            if n % 20 == 0:
                gc.collect()
                a = gc.mem_alloc() - base
                live = a if a > live else live
                f = gc.mem_free()
                free = f if f < free else free
        k99 = (n - 1) * 99 // 100
        p99 = 0
        while k99 >= hist[p99] and p99 < 100:
            k99 -= hist[p99]
            p99 += 1
        print("tiptop seats=%d seed=%d speed=%d frames=%d first_ms=%.1f max_ms=%.1f over40=%d "
              "p99_ms<%d live_max=%d free_min=%d result=%s" % (
                  len(kinds), seed + k, speed, n, first / 1000, worst / 1000, over, p99 + 1, live,
                  free, g.result()))
    pico.stop_watchdog()
