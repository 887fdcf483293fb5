"""Scaled text into the frame buffer, viper version (the board's fast path for gfx.text_big();
without native code gfx draws the same pixels as runs of framebuf rectangles). On the Pico a
digit at scale 3 took 1.3 ms as rectangles, most of it Python walking the glyph's bits."""
from array import array

import micropython
from micropython import const

BIAS = const(0x10000)       # added to x and y by the caller (gfx.text_big)


@micropython.viper
def draw(dst: ptr8, src: ptr8, p: ptr32):
    """The set bits of the 1-bit line `src` (MONO_HLSB, p[0] bytes a row, 8 rows; its first
    p[5] columns) as p[4] x p[4] blocks of colour p[3] from x p[1] - BIAS, y p[2] - BIAS of the
    240 x 240 GS4_HMSB frame `dst`, clipped to the frame. (The position comes biased: a 64-bit
    port reads an array's 32-bit words unsigned.)"""
    stride = int(p[0])
    x0 = int(p[1]) - BIAS
    y0 = int(p[2]) - BIAS
    c = int(p[3])
    s = int(p[4])
    w = int(p[5])
    hi = c << 4
    both = hi | c
    r = 0
    while r < 8:
        ya = y0 + r * s
        yb = ya + s
        if ya < 0:
            ya = 0
        if yb > 240:
            yb = 240
        k = r * stride
        i = 0
        while i < w and ya < yb:
            if not int(src[k + (i >> 3)]) & (0x80 >> (i & 7)):
                i += 1
                continue
            j = i + 1                           # a run of set bits i..j-1: one rectangle
            while j < w and int(src[k + (j >> 3)]) & (0x80 >> (j & 7)):
                j += 1
            xa = x0 + i * s
            xb = x0 + j * s
            i = j
            if xa < 0:
                xa = 0
            if xb > 240:
                xb = 240
            if xa >= xb:
                continue
            y = ya
            while y < yb:
                o = y * 120
                x = xa
                if x & 1:                       # an odd first pixel: the low nibble
                    d = o + (x >> 1)
                    dst[d] = (int(dst[d]) & 0xF0) | c
                    x += 1
                while x + 1 < xb:               # whole bytes
                    dst[o + (x >> 1)] = both
                    x += 2
                if x < xb:                      # an even last pixel: the high nibble
                    d = o + (x >> 1)
                    dst[d] = (int(dst[d]) & 0x0F) | hi
                y += 1
        r += 1


def attach(g):
    """Make gfx `g`'s text_big() draw through this kernel: a game calls it as it starts, where
    native code runs (fastpath.load: an allocation point). The console's own screens keep
    framebuf's rectangles: the kernel's 1.5 KB would take the name editor over its memory cap
    on the 64-bit port."""
    g._bp = array("i", [0] * 6)
    g._big = text


def text(g, x, y, c, scale, n):
    """gfx.text_big()'s drawing of its 1-bit line (n characters) through draw()."""
    p = g._bp
    p[0] = 30                   # gfx's _TEXT_CHARS: the line's bytes a row
    p[1] = x + BIAS
    p[2] = y + BIAS
    p[3] = c & 15
    p[4] = scale
    p[5] = n << 3
    draw(g.buf, g._tbuf, p)
