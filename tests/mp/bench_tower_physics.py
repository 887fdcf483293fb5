"""Tower physics benchmark: ms per frame (one step() = 1/30 s) on this port and allocations per
frame.

    micropython bench_tower_physics.py [pure]

For 10, 20 and 30 bodies rained into a pile (all awake while measured), prints one line each:
    bodies N awake A contacts C ms_per_frame T alloc_per_frame B
A final line gives the cost of a frame whose bodies all sleep, and the memory of a world.
The emulated Pico runs measure() too (tools/pico/bench_tower_parts.py, make bench-pico).
"""
import gc
import sys
from bench_clock import diff, ticks

from games.tower import physics as P

PURE = len(sys.argv) > 1 and sys.argv[1] == "pure"
ORDER = (3, 0, 2, 4, 1, 17, 19, 11, 10, 18, 5, 15, 13, 14, 6, 20, 21, 23, 24, 25, 26, 22,
         7, 8, 9, 12, 16, 3, 4, 2)


def pile(n):
    w = P.World(PURE)
    for i in range(n):
        col = i % 4
        w.add_body(ORDER[i], (col * 50 - 75) * P.PX, (30 + (i // 4) * 40) * P.PX, i * 1500)
    return w


def measure(n):
    w = pile(n)
    for f in range(20):                 # let the pile form: many contacts, all awake
        w.step()
    frames = 30
    awake = contacts = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    t0 = ticks()
    for f in range(frames):
        w.step()
        awake += w.awake()
        contacts += w.w32[15]             # physics_kern._H_NC
    t1 = ticks()
    m1 = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    gc.enable()
    ms = diff(t1, t0) / 1000 / frames
    print("bodies %d awake %d contacts %d ms_per_frame %.3f alloc_per_frame %d" % (
        n, awake // frames, contacts // frames, ms, (m1 - m0) // frames))


def asleep():
    w = pile(20)
    for f in range(400):
        w.step()
    t0 = ticks()
    for f in range(100):
        w.step()
    ms = diff(ticks(), t0) / 1000 / 100
    mem = (4 * len(w.w32) + 2 * len(w.w16),
           4 * len(P.S32) + 2 * (len(P.S16) + len(P.T16) + len(P.PT)))
    print("asleep: awake %d ms_per_frame %.4f | world arrays %d bytes, shared %d bytes | %s" % (
        w.awake(), ms, mem[0], mem[1], "pure" if PURE or not w.viper else "viper"))


if __name__ == "__main__":
    for n in (10, 20, 30):
        measure(n)
    asleep()
