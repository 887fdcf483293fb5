"""Tower physics profile: time per kernel per frame, for piles of 10, 20 and 30 awake bodies.

    micropython bench_tower_kernels.py [pure]           (any port; on the emulated Pico: copy
    it with bench_clock.py and the compiled core/ and games/tower/ modules it imports onto
    the board, e.g. vpico.mjs --root DIR --run "import bench_tower_kernels")

Runs World.step() kernel by kernel with a microsecond clock around each, and checks that the
same frames through World.step() end in the same state (so it measures what step() runs). Prints, per pile:
    kernels bodies=N awake=A contacts=C frame_ms=T forces=.. collide=.. prestep=.. solve=..
            integrate=.. geometry=.. sleep=..
(ms per frame, each the sum over the frame's substeps), then "kernels path=viper|pure".
"""
import sys
from bench_clock import diff, ticks

from core import fastpath

PURE = len(sys.argv) > 1 and sys.argv[1] == "pure"
if PURE:
    fastpath.prefer_pure = True

from games.tower import physics as P  # noqa: E402

ORDER = (3, 0, 2, 4, 1, 17, 19, 11, 10, 18, 5, 15, 13, 14, 6, 20, 21, 23, 24, 25, 26, 22,
         7, 8, 9, 12, 16, 3, 4, 2)
NAMES = ("forces", "collide", "prestep", "solve", "integrate", "geometry", "sleep", "table")
FRAMES = 30
SUB = 3                 # physics._SUB, _ITERS (private constants there)
ITERS = 5


def pile(n):
    """n bodies rained into a pile (the same as bench_tower_physics.py)."""
    w = P.World(PURE)
    for i in range(n):
        w.add_body(ORDER[i], ((i % 4) * 50 - 75) * P.PX, (30 + (i // 4) * 40) * P.PX, i * 1500)
    for _ in range(20):
        w.step()
    return w


def profile(n):
    w = pile(n)
    k = w.k
    ww = w.w32
    h = w.w16
    s32 = P.S32
    s16 = P.S16
    t16 = P.T16
    acc = [0] * 8
    awake = 0
    contacts = 0
    t_all = ticks()
    for _ in range(FRAMES):
        # World.step(), kernel by kernel
        if ww[14] == 0 and ww[6] < 0:           # _H_AWAKE, _H_CAR
            continue
        t0 = ticks()
        k.k_margins(ww, h, s32, P.PT)
        nc = k.k_collide(ww, h, s32, s16, 0)
        while ww[10]:                           # _H_WOKE
            w._wake(ww[10] - 1)
            k.k_geometry(ww, h, t16, 0)
            k.k_margins(ww, h, s32, P.PT)
            nc = k.k_collide(ww, h, s32, s16, 0)
        t1 = ticks()
        k.k_prestep(ww, h, s32, s16, 0, nc)
        t2 = ticks()
        acc[1] += diff(t1, t0)
        acc[2] += diff(t2, t1)
        for sub in range(SUB):
            t0 = ticks()
            if sub:
                k.k_geometry(ww, h, t16, 2)
                nc = k.k_collide(ww, h, s32, s16, 1)
                k.k_prestep(ww, h, s32, s16, ww[19], nc)     # _H_NPC
            t1 = ticks()
            k.k_forces(ww, h)
            t2 = ticks()
            k.k_solve(ww, h, s32, s16, nc, ITERS)
            t3 = ticks()
            k.k_integrate(ww, h, t16)
            t4 = ticks()
            acc[7] += diff(t1, t0)
            acc[0] += diff(t2, t1)
            acc[3] += diff(t3, t2)
            acc[4] += diff(t4, t3)
        t0 = ticks()
        k.k_geometry(ww, h, t16, 0)
        t1 = ticks()
        k.k_sleep(ww, h, s32, s16, nc)
        t2 = ticks()
        ww[16] += SUB                           # _H_SUB
        acc[5] += diff(t1, t0)
        acc[6] += diff(t2, t1)
        awake += w.awake()
        contacts += ww[15]                      # _H_NC
    total = diff(ticks(), t_all)
    out = "kernels bodies=%d awake=%d contacts=%d frame_ms=%.2f" % (
        n, awake // FRAMES, contacts // FRAMES, total / 1000 / FRAMES)
    for i in range(8):
        out += " %s=%.2f" % (NAMES[i], acc[i] / 1000 / FRAMES)
    # the kernels above must be what World.step() runs: the same frames through it end equal
    ref = pile(n)
    for _ in range(FRAMES):
        ref.step()
    if list(ref.w32) != list(ww) or list(ref.w16) != list(h):
        raise SystemExit("bench_tower_kernels: the profile no longer mirrors World.step()")
    print(out)


def step_only(n):
    """The same pile timed through World.step() alone (no clock inside the frame)."""
    w = pile(n)
    awake = 0
    t0 = ticks()
    for _ in range(FRAMES):
        w.step()
        awake += w.awake()
    print("physics bodies=%d awake=%d ms_per_frame=%.2f" % (
        n, awake // FRAMES, diff(ticks(), t0) / 1000 / FRAMES))


for n in (10, 20, 30):
    step_only(n)
for n in (10, 20, 30):
    profile(n)
print("kernels path=%s" % ("pure" if PURE or P._vip is None else "viper"))
