"""make bench-pico's harness on the board (tools/bench_pico.py sends it to the emulated Pico).

One call measures one thing on a fresh heap and prints `bp KIND key=value ...` lines, the
error text always last (whole games run through the console's restarts instead:
bench_lifecycle.py):

    main("push")                            the display's full push, DMA and not (push())
    main("screen", NAME)                    a console screen (tests/mp/scene_runner.py scenarios)
    main("physics")                         the tower physics alone, 10/20/30 awake bodies
    main("tower-frames")                    whole tower frames over 20 bodies, tumbling and at rest
                                            (the unix-port smoke; on the board the game is
                                            started through a restart: bench_tower_parts)
    main("tower-climb")                     a human's climb with a piece, every frame timed (the
                                            same: the unix-port smoke of bench_tower_parts)
    main("tower-stack")                     a 20-piece wall in view woken as by a landing, every
                                            frame timed (the same)
    main("tower-collapse")                  the game's collapse of a 20-piece wall in view under
                                            the console's real-time loop (the same)

The hardware is the Pico's own (hal.pico.build(): ST7789 on SPI at 62.5 MHz, the I2C
accelerometer), except that the buttons are scripted (see bench_screens) and the
watchdog is off (tools/bench_pico.py puts /nowdt on the board). With fake=True the stand-in
hardware of tests/mp/fakehw.py is used instead: the unix-port smoke test of this harness.
Frames run back to back, each timed with time.ticks_us (on vpico: emulated time at 125 MHz).
A ballast block, when measured, is allocated by the caller before this module is imported.
"""
import gc
import time


def heap():
    gc.collect()
    return gc.mem_alloc()


def play(c, st, limit, game=None):
    """Console frames of c into FrameStats st, until st holds `limit` frames, the game is over
    or the console faulted (a scene raised, e.g. MemoryError)."""
    disp = c.hw.display
    ticks = time.ticks_us
    diff = time.ticks_diff
    mem = gc.mem_alloc
    faults = c.faults
    st.begin(mem())
    while st.n < limit:
        if game is not None and game.game_over:
            break
        t0 = ticks()
        c.frame()
        us = diff(ticks(), t0)
        st.add(us, disp.last_bytes, mem())
        if c.faults != faults:
            break


def timed_render(c):
    """One frame repainting the whole screen (no step, no input): its time in us."""
    c.repaint()
    t0 = time.ticks_us()
    c.render()
    return time.ticks_diff(time.ticks_us(), t0)


# push(): the frame's bytes, a pattern the host recomputes to check the glass (bench_pico.py)
def pattern(buf, seed):
    x = seed
    for i in range(len(buf)):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        buf[i] = x >> 20 & 255


# rectangles pushed over the full screen, odd sizes (x even; end-exclusive)
PUSH_RECTS = (0, 0, 2, 1, 10, 10, 42, 27, 100, 3, 240, 5, 238, 230, 240, 240, 60, 60, 124, 124,
              2, 100, 238, 171)


def push(frame, hw):
    """The display's push of the whole screen: 5 times through the DMA channel, 3 times with
    each chunk written and waited for (SPI.write()), 5 times the tower's main view (240 x 178);
    then the glass left for the host to check: pattern 1 pushed whole, pattern 2 in
    PUSH_RECTS. Prints `bp push full_us=.. full_max_us=.. nodma_us=.. view_us=.. dma=0|1
    pal=..`."""
    from array import array
    d = hw.display
    d.set_palette(frame.palette)
    buf = frame.buf
    pattern(buf, 1)
    full = array("h", (0, 0, 240, 240))
    view = array("h", (0, 22, 240, 200))
    t = time.ticks_us
    diff = time.ticks_diff
    gc.collect()

    def times(rects, k):
        tot = worst = 0
        for _ in range(k):
            t0 = t()
            d.show(buf, rects, 1)
            us = diff(t(), t0)
            tot += us
            worst = us if us > worst else worst
        return tot // k, worst
    dma = d._dma
    d._dma = None
    nodma = times(full, 3)[0]
    d._dma = dma
    full_us, full_max = times(full, 5)
    view_us = times(view, 5)[0]
    pattern(buf, 2)
    r = array("h", PUSH_RECTS)
    d.show(buf, r, len(PUSH_RECTS) // 4)
    print("bp push full_us=%d full_max_us=%d nodma_us=%d view_us=%d dma=%d pal=%s" % (
        full_us, full_max, nodma, view_us, dma is not None,
        ",".join("%d" % c for c in frame.palette)))


def error_text(e):
    return "%s: %s" % (type(e).__name__, e)


def hardware(fake):
    if fake:
        import fakehw
        return fakehw.Hardware()
    from hal import pico
    return pico.build()


def main(what, a="", fake=False):
    base = heap()
    print("bp start what=%s heap_total=%d base=%d" % (what, base + gc.mem_free(), base))
    where = "boot"
    hw = None
    try:
        from core.gfx import Gfx
        frame = Gfx()           # first, as main.py does
        hw = hardware(fake)
        print("bp hw heap=%d" % heap())
        where = what
        if what == "push":
            push(frame, hw)
        elif what == "screen":
            import bench_screens
            bench_screens.screen(frame, hw, a)
        elif what == "physics":
            import bench_tower_parts
            bench_tower_parts.physics()
        elif what in ("tower-frames", "tower-climb", "tower-stack", "tower-collapse"):
            import bench_tower_parts
            bench_tower_parts.frames(frame, hw, None, what)
        else:
            print("bp error where=args error=unknown part %s" % what)
            return
    except Exception as e:      # noqa: BLE001 - reported as a line, never a traceback
        gc.collect()            # what the failed part held, so that the report itself fits
        print("bp error where=%s error=%s" % (where, error_text(e)))
        return
    finally:
        if fake and hw is not None:
            hw.cleanup()
    print("bp end heap=%d" % heap())
