"""Tower game benchmark under real MicroPython: whole frames (input, physics, bots, drawing) and
the physics alone, allocations per frame, SPI bytes per frame.

    bench_tower.py [pure] [physics|frames|game|game4|bot|collapse]...  (none: physics, frames, game)
    on a board: import bench_tower; bench_tower.main(["frames"])   (the rp2 port has no argv)

Runs on a MicroPython port with stand-in hardware, or on a Pico (real or emulated: the board's
display, scripted buttons and tilt). Lines (ms = milliseconds on the port that runs this: the
host's unix port under make bench, the emulated Pico under make bench-pico, whose board harness
tools/pico/bench_tower_parts.py gives this module its frame and hardware):
    bench tower physics_<N>awake ms=.. alloc=0 awake=..
    bench tower frame_<N>moving ms=.. alloc=0 spi_bytes=.. awake=..
    bench tower frame_<N>awake ...         the same bodies at rest, woken every frame
    bench tower frame_carry_still ...      the tower asleep, the carried piece held still
    bench tower frame_idle ...             a human's turn on the shelf, nothing pressed
    bench tower game_hard ... frames=.. max_ms=.. over40=.. max_nobot_ms=..
                                           a whole two-seat game of hard bots: mean and max
    bench tower game_hard4 ...             the same, four hard bots (section game4)
    bench tower bot_action KIND count=.. units=.. ms=.. us_per_unit=.. max_ms=..   (section bot)
    bench tower bot_frames frames=.. thinking=.. mean_ms=.. max_ms=..
    bench tower collapse_20 fell=1 seconds=.. (4 decimals: on a fast host the fall takes milliseconds) drawn=.. drawn_per_s=.. steps_per_s=.. ms_per_drawn=..
alloc counts frames that allocated (each measured frame runs with the heap locked).
"""
import gc
import sys
from bench_clock import diff, ticks

import fakehw
import micropython
from core import fastpath

PURE = False
ON_PICO = sys.platform == "rp2"
P = tower_stack = None  # games.tower.physics and tower_stack: main() imports them once the
                        # kernels are chosen

ORDER = (3, 0, 2, 4, 1, 17, 19, 11, 10, 18, 5, 15, 13, 14, 6, 20, 21, 23, 24, 25, 26, 22,
         7, 8, 9, 12, 16, 3, 4, 2)
frame = None            # the console's frame buffer: made by main(), or given (bench-pico)
_board = []


def hardware():
    """Stand-in hardware, or on a Pico the board's (its display, built once) with scripted tilt
    (tower_stack scripts the buttons). On a Pico the console starts without its launcher: the
    stock image's heap cannot hold the launcher, the game and this script together (issue 8);
    the game's frames do not use it."""
    if not ON_PICO:
        return fakehw.Hardware()
    if not _board:
        from core.scene import Scene
        from hal import pico
        _board.append(pico.build())

        class NoLauncher(Scene):
            def __init__(self, console):
                pass

            def probe(self):
                pass

            def release_art(self):
                pass

        class Module:                   # what `from core.launcher import Launcher` finds
            Launcher = NoLauncher
        sys.modules["core.launcher"] = Module
    hw = _board[0]
    hw.accel = fakehw.Accel()
    return hw


make_hw = hardware      # the hardware of each console (bench-pico's harness gives its board)


def console(kinds, seed=3):
    """(hardware, console) running a game; a seed whose first player is seat 0."""
    gc.collect()                # the last console's garbage: the game needs its big blocks
    c = tower_stack.console(make_hw(), frame, kinds, seed)
    return c.hw, c


RENDER = [0, 0, 0]      # of timed()'s last frames: mean ms drawing and pushing, frames drawn,
                        # frames that wiped a camera step in (or started one)


def settle_camera(c, calm=30, limit=600):
    """Frames until the camera has followed the carried piece up (the piece rises to its target
    and the camera steps after it, about every 10 frames): `calm` frames in a row that neither
    stepped it nor wiped a step in. The wipes' frames are not what carrying() times."""
    g = c.game
    still = 0
    for _ in range(limit):
        cam = g.cam
        wiping = g.wipe < len(g.wfb)
        c.frame()
        still = 0 if wiping or g.cam != cam else still + 1
        if still >= calm:
            return
    raise SystemExit("bench: the camera did not settle")


def timed(c, n, accel=None, wake=None):
    """n frames, each heap-locked (with `wake`, that world's bodies are woken before each);
    returns (mean host ms, max host ms, allocating frames, mean SPI bytes, mean awake bodies)
    and leaves in RENDER the mean time of the frames' render (drawing and pushing), how
    many frames sent pixels and how many wiped a camera step."""
    hw = c.hw
    tot = 0
    render = 0
    drawn = 0
    worst = 0
    bad = 0
    spi = 0
    awake = 0
    wipes = 0
    g = c.game
    for i in range(n):
        cam = g.cam
        wiping = g.wipe < len(g.wfb)
        if accel is not None:
            hw.accel.x = accel[i % len(accel)]
        if wake is not None:
            wake.wake_all()
        t0 = ticks()
        micropython.heap_lock()
        try:
            c.step()
            t1 = ticks()
            c.render()
        except MemoryError:
            bad += 1
            t1 = t0
        micropython.heap_unlock()
        t2 = ticks()
        dt = diff(t2, t0)
        tot += dt
        render += diff(t2, t1)
        if dt > worst:
            worst = dt
        spi += hw.display.last_bytes
        if hw.display.last_bytes:
            drawn += 1
        awake += g.tw.w.awake()
        if wiping or g.cam != cam:
            wipes += 1
        if c.faults:
            bad += 1
    RENDER[0] = render / n / 1000
    RENDER[1] = drawn
    RENDER[2] = wipes
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
    wide, so that a piece falling off does not end the placement. The camera is let settle on
    the piece (held above the stack) before the frames are timed."""
    hw, c = console((0, 0))
    g = c.game
    w = tower_stack.carrying(c, n)
    for _ in range(10):
        c.frame()
    settle_camera(c)
    gc.collect()
    # the stack of mixed pieces sways and falls apart: bodies move visibly
    ms, worst, bad, spi, awake = timed(c, 30, (-300, -300, -300, 300, 300, 300), w)
    if report:
        line("frame_%dmoving" % n, ms, bad, spi, awake, " max_ms=%.3f bodies=%d render_ms=%.1f drawn=%d/30 wipes=%d" % (
            worst, w.count(), RENDER[0], RENDER[1], RENDER[2]))
    # then at rest, woken every frame: awake (the physics works) but still on screen
    for _ in range(600):
        c.frame()
        if w.awake() == 0:
            break
    ms, worst, bad, spi, awake = timed(c, 30, (-300, -300, -300, 300, 300, 300), w)
    if report:
        line("frame_%dawake" % n, ms, bad, spi, awake, " max_ms=%.3f bodies=%d render_ms=%.1f drawn=%d/30 wipes=%d" % (
            worst, w.count(), RENDER[0], RENDER[1], RENDER[2]))
    if g.sub != tower_stack.U_PLACE:
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
    c = g = w = None                    # the next game's arrays need the room
    hw, c = console((0, 0))
    for _ in range(5):
        c.frame()
    ms, worst, bad, spi, awake = timed(c, 30)
    line("frame_idle", ms, bad, spi, -1, " max_ms=%.3f" % worst)


def game(kinds, name):
    """A whole game of bots (seat kinds), every frame heap-locked: mean and longest frame, the
    frames over 40 ms (the Pico's budget for any frame of a game) and the longest frame in which
    no bot thought (physics and drawing alone)."""
    hw, c = console(kinds)
    g = c.game
    b = g.bot
    tot = 0
    worst = 0
    calm = 0
    over = 0
    bad = 0
    n = 0
    spi = 0
    while not g.game_over and n < 20000:
        d0 = b.done
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
        if dt > 40000:
            over += 1
        if b.done == d0 and dt > calm:
            calm = dt
        n += 1
    ms = tot / n / 1000
    line(name, ms, bad + c.faults, spi // n, -1, " frames=%d max_ms=%.3f over40=%d max_nobot_ms=%.3f"
         % (n, worst / 1000, over, calm / 1000))


def collapse(passes=150):
    """The game's own collapse of tower_stack's wall of 20 pieces in view, woken as by a landing
    (only its first piece is a foundation: the first step finds the others on the table, and
    the scene shows the fall for 45 steps) under the console's real-time loop (Console.run:
    catch-up steps, one render a pass) on the board's clock: during the fall, renders that sent
    pixels per second and steps per second (30 is real time). Meaningful on a Pico (the
    stand-in clock only moves when the loop sleeps)."""
    hw, c = console((0, 0))
    g = c.game
    w = tower_stack.wall(c, False)
    w.wake_all()
    n = w.count() - 1
    disp = hw.display
    show = disp.show
    fall = [0, 0, 0, 0, 0]              # renders that sent pixels, first and last tick, steps

    def counting(buf, rects, k):
        show(buf, rects, k)
        if g.sub == tower_stack.U_FALL and k:
            t = ticks()
            if not fall[0]:
                fall[1] = t
                fall[3] = c.steps
            fall[0] += 1
            fall[2] = t
            fall[4] = c.steps

    disp.show = counting
    c.run(passes)
    del disp.show
    sec = diff(fall[2], fall[1]) / 1000000
    if fall[0] < 2 or sec <= 0:
        print("bench tower collapse_%d fell=0" % n)
        return
    print("bench tower collapse_%d fell=1 seconds=%.4f drawn=%d drawn_per_s=%.1f steps_per_s=%.1f "
          "ms_per_drawn=%.1f" % (n, sec, fall[0], (fall[0] - 1) / sec, (fall[4] - fall[3]) / sec,
                                 sec * 1000 / (fall[0] - 1)))


def bot_costs(seed=3):
    """A whole game of two hard bots with every thinking action timed: per kind of action its
    count, units (bot.py's costs), time, time per unit and the longest one; then the frames in
    which a bot thought. Not heap-locked (the timing wrapper allocates); for setting bot.py's
    units from the board's own times."""
    hw, c = console((3, 3), seed)
    g = c.game
    b = g.bot
    act = b._act
    stats = {}                          # kind -> [count, units, us, max us]

    def timed_act():
        stage = b.stage
        vf = b.vf
        t0 = ticks()
        u = act()
        dt = diff(ticks(), t0)
        if stage == 2:                  # bot._S_VERIFY: load a tower, or one scratch step
            kind = "verify_load" if vf < 0 and u >= 20 else "verify_step" if u >= 5 else "other"
        else:
            kind = {3: "drop_test", 16: "profile", 5: "sky_body"}.get(u, "load" if u >= 20 else "other")
        st = stats.setdefault(kind, [0, 0, 0, 0])
        st[0] += 1
        st[1] += u
        st[2] += dt
        if dt > st[3]:
            st[3] = dt
        return u

    b._act = timed_act
    n = think = worst = tot = 0
    while not g.game_over and n < 20000:
        d0 = b.done
        t0 = ticks()
        c.frame()
        dt = diff(ticks(), t0)
        n += 1
        if b.done != d0:
            think += 1
            tot += dt
            if dt > worst:
                worst = dt
    for kind in sorted(stats):
        k, u, us, mx = stats[kind]
        print("bench tower bot_action %s count=%d units=%d ms=%.1f us_per_unit=%.0f max_ms=%.2f" % (
            kind, k, u, us / 1000, us / u if u else 0, mx / 1000))
    print("bench tower bot_frames frames=%d thinking=%d mean_ms=%.2f max_ms=%.2f" % (
        n, think, tot / think / 1000 if think else 0, worst / 1000))


def load(pure=False):
    """Choose the kernels (viper, or with `pure` the pure-Python twins), then import the physics
    and tower_stack with them; before any measurement."""
    global PURE, P, tower_stack
    PURE = pure
    fastpath.prefer_pure = pure
    from games.tower import physics as P
    import tower_stack


def main(args):
    global frame
    if frame is None:
        from core.gfx import Gfx
        frame = Gfx()
    load("pure" in args)
    sections = [a for a in args if a != "pure"] or ["physics", "frames", "game"]
    if "physics" in sections:
        for k in (10, 20, 30):
            physics(k)
    if "frames" in sections:
        for k in (10, 20, 26):
            carrying(k)
        settled()
    if "game" in sections:
        game((3, 3), "game_hard")
    if "game4" in sections:
        game((3, 3, 3, 3), "game_hard4")
    if "bot" in sections:
        bot_costs()
    if "collapse" in sections:
        collapse()
    print("bench tower memory world=%d shared=%d path=%s" % (
        memory_bytes()[0], memory_bytes()[1], "pure" if PURE or P._vip is None else "viper"))


if __name__ == "__main__":
    main(sys.argv[1:])
