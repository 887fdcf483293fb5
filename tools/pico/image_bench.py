"""Board side of tools/bench_image.py: the same lifecycle figures on picotable's image (console
frozen) and on stock MicroPython (console as .mpy files), from vpico --run statements.

A restart cannot carry a harness across it on the image (its frozen main.py runs at every soft
reset, not a file), so each boot is its own vpico run on the kept flash image: launcher() is the
launcher's boot and writes the start request as the setup screen does (core/session.py), with
the restart itself left to the next run; game() is the game's boot (a ballast block may be taken
before it): the console carries the request out as at a restart, the game plays to its end with
bots at instant speed, and its result screen is left for the evening's table. One `ib ...` line
per boot:

    ib launcher heap_total=H live=L first_frame_ms=T
    ib game game=G live_start=L result=R faults=F frames=N mean_us=M p95_ms=P max_ms=X
       alloc_frames=A peak=K head_mean_us=H first_us=F max_us=W [pystack_peak=B] results_live=L2
       [error=...]

peak: the most gc.mem_alloc() read after any frame (live objects and garbage not yet collected:
an upper bound of the live heap during play).

head_mean_us: the mean over the first HEAD frames (400), to set beside a run capped there.
first_us: the game's first frame (its whole-screen repaint); max_us: the longest frame, the first
included (max_ms in whole milliseconds).

pystack_peak: on an image with a Python call stack of its own (MICROPY_ENABLE_PYSTACK), the
most of it the game used, in bytes (game() is given its address and size from the image's
symbols: the unused part is marked before play and the highest changed word found after).
"""
import gc
import time
from array import array

from core.console import Console
from core.gfx import Gfx


def heap():
    gc.collect()
    return gc.mem_alloc()


def _no_restart():
    print("ib restart")


def console():
    frame = Gfx()                   # first, as main.py does
    from hal import pico
    hw = pico.build()
    hw.restart = _no_restart        # the host's next run is the restart
    return Console(hw, frame)


def launcher(game, kinds, seed):
    t = time.ticks_ms()
    c = console()
    c.frame()
    first = time.ticks_diff(time.ticks_ms(), t)
    print("ib launcher heap_total=%d live=%d first_frame_ms=%d" % (
        gc.mem_alloc() + gc.mem_free(), heap(), first))
    from core import catalog, session
    from core.setup import Setup, seat_names
    k = bytearray(ord(ch) - 48 for ch in kinds)
    setup = Setup(game, k, seat_names(k, c.settings),
                  bytearray(len(catalog.package(game).OPTIONS)), seed)
    session.launch(c, session.GO_NEW, setup)


HEAD = 400
MARK = 0x2A5A5A5A                   # a small int: reading it back allocates nothing


def _mark_pystack(base, words):
    """Marks the words of the call stack above what is in use (this function's frame too)."""
    from machine import mem32
    import micropython
    for i in range(micropython.pystack_use() // 4 + 1, words):
        mem32[base + 4 * i] = MARK


def _pystack_peak(base, words):
    from machine import mem32
    i = words - 1
    while i >= 0 and mem32[base + 4 * i] == MARK:
        i -= 1
    return 4 * (i + 1)


def game(limit=30000, pystack=None):
    """pystack: None, or (address, words) of the image's Python call stack."""
    c = console()
    g = c.game
    if g is None:
        e = c.last_error
        print("ib game result=nostart free=%d error=%s: %s" % (gc.mem_free(), type(e).__name__, e))
        return
    c.settings.bot_speed = 3        # instant (the games read it every time they wait)
    live = heap()
    if pystack:
        _mark_pystack(*pystack)
    hist = array("H", range(256))   # frames per whole millisecond (255: longer)
    for i in range(256):
        hist[i] = 0
    n = total = worst = grew = head = first = 0
    faults = c.faults
    mem = gc.mem_alloc
    ticks = time.ticks_us
    m = peak = mem()                # once a frame, outside the timing: it walks the heap
    while n < limit and not g.game_over and c.faults == faults:
        t0 = ticks()
        c.frame()
        us = time.ticks_diff(ticks(), t0)
        m2 = mem()
        if m2 > m:
            grew += 1
            peak = max(peak, m2)
        m = m2
        n += 1
        total += us
        if n == 1:
            first = us              # the game's first frame: its whole-screen repaint
        if n == HEAD:
            head = total
        worst = max(worst, us)
        b = min(us // 1000, 255)
        if hist[b] < 65535:
            hist[b] += 1
    seen = p95 = 0
    for ms in range(256):
        seen += hist[ms]
        if seen * 20 >= n * 19:
            p95 = ms + 1
            break
    result = "fault" if c.faults != faults else ("finished" if g.game_over else "unfinished")
    line = "ib game game=%s live_start=%d result=%s faults=%d frames=%d mean_us=%d p95_ms=%d " \
           "max_ms=%d alloc_frames=%d peak=%d" % (c.game_name, live, result, c.faults - faults, n,
                                                  total // max(n, 1), p95, worst // 1000, grew,
                                                  peak)
    line += " head_mean_us=%d first_us=%d max_us=%d" % ((head or total) // min(max(n, 1), HEAD),
                                                      first, worst)
    if pystack:
        line += " pystack_peak=%d" % _pystack_peak(*pystack)
    if result == "finished":
        g = None
        c.end_game()                # the result screen's A: the evening's table
        c.frame()
        line += " results_live=%d" % heap()
    elif c.faults != faults:
        e = c.last_error
        line += " error=%s: %s" % (type(e).__name__, e)
    print(line)
