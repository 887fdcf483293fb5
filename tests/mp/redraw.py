"""Redraw equality: what the screen shows is the state.

The same deterministic run (a scenario) is played twice. The first run is the console exactly as
a player sees it: incremental renders, and the glass (tests/mp/glass.py) keeps only what was
pushed to the panel. The second run, after each sampled frame, repaints the whole screen
(console.repaint() then render(): the path the console takes after the pause menu) and its
frame buffer must equal the first run's glass at the same frame, byte for byte. A scene that
draws only on a full redraw, leaves remnants, forgets a dirty rectangle or shows something its
state does not say fails here.

A scenario has begin() -> a fresh console whose display is a glass.Glass, and step(console) ->
True while the run goes on (one frame each call; it may lock the heap). Runs must be
deterministic: the same seed, inputs and virtual clock in both plays.

Works under CPython (every frame, with a pixel diff on failure) and MicroPython (sampled frames).
"""
from array import array
from binascii import crc32

import micropython

_MASK = 0xFFFFFFFF


def glass_crcs(sc, every, limit):
    """Play `sc` as the player sees it; the CRC of the glass after every `every`-th frame."""
    out = array("L", [0] * (limit // every + 1))
    c = sc.begin()
    k = 0
    n = 0
    while k < limit and sc.step(c):
        if k % every == 0:
            out[n] = crc32(c.hw.display.px) & _MASK
            n += 1
        k += 1
    sc.end(c)
    return out, n, k


def check(sc, every=1, limit=100000):
    """None when the glass equals a full redraw at every sampled frame; else (frame, detail)."""
    want, n, frames = glass_crcs(sc, every, limit)
    c = sc.begin()
    k = 0
    i = 0
    bad = None
    while k < frames and sc.step(c):
        if k % every == 0:
            c.repaint()
            if getattr(sc, "lock", False):
                # a full repaint happens in play too (after the pause menu): allocation-free
                micropython.heap_lock()
                try:
                    c.render()
                finally:
                    micropython.heap_unlock()
            else:
                c.render()
            got = crc32(c.gfx.buf) & _MASK
            if got != want[i]:
                bad = (k, describe(sc, bytes(c.gfx.buf), k))   # a copy: the next play reuses the frame
                break
            i += 1
        k += 1
    sc.end(c)
    if bad is None and i != n:
        bad = (k, "the second play ended after %d frames, the first after %d" % (k, frames))
    return bad


def describe(sc, full, frame):
    """Where the glass differs from the full redraw `full` at `frame` (replays the first play)."""
    c = sc.begin()
    k = 0
    while k <= frame and sc.step(c):
        k += 1
    px = c.hw.display.px
    diff = 0
    x0 = y0 = 240
    x1 = y1 = -1
    for j in range(len(px)):
        a = px[j]
        b = full[j]
        if a != b:
            y = j // 120
            x = (j % 120) * 2
            for d in (0, 1):
                if (a >> (4 - 4 * d)) & 15 != (b >> (4 - 4 * d)) & 15:
                    diff += 1
                    xx = x + d
                    x0 = xx if xx < x0 else x0
                    x1 = xx if xx > x1 else x1
                    y0 = y if y < y0 else y0
                    y1 = y if y > y1 else y1
    sc.end(c)
    return "frame %d: %d pixels differ between the glass and a full redraw, in x %d..%d y %d..%d" % (
        frame, diff, x0, x1, y0, y1)
