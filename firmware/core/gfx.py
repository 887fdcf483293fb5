"""Drawing on the console's 240x240 4-bit frame buffer, with dirty-rectangle tracking.

The frame is a framebuf.GS4_HMSB buffer (28,800 bytes, two pixels a byte, even x in the high
nibble) with a 16-colour palette (core/palette.py). Every drawing call here marks the area it
touched; the console hands the list to hw.display.show() once per rendered frame, so a static
screen pushes nothing. Up to MAX_RECTS rectangles are kept; overlapping ones are merged, and when
the list is full the new one is merged into the one it grows least.

Nothing here allocates: numbers are drawn from one-character strings, scaled text goes through a
one-line 1-bit buffer made once.
"""
import framebuf
from array import array
from micropython import const

from core import fastpath, palette

W = const(240)
H = const(240)
MAX_RECTS = const(8)
_TEXT_CHARS = const(30)          # longest string text_big() scales (30 x 8 px = 240 px)

DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
_IDENTITY = b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"


class Gfx:
    whole = False       # rects[0] is the whole screen (all_dirty()) while n > 0

    def __init__(self):
        self.buf = bytearray(W * H // 2)
        self.fb = framebuf.FrameBuffer(self.buf, W, H, framebuf.GS4_HMSB)
        self.palette = array("H", [0] * 16)
        palette.fill(self.palette)
        self.rects = array("h", [0] * (4 * MAX_RECTS))
        self.n = 0
        self.whole = False
        self._draw = None                     # image()'s kernel, while art is loaded
        self._ip = array("i", [0] * 8)        # image(): the clipped window, for the kernel
        self._tbuf = bytearray(_TEXT_CHARS * 8)
        self._tfb = framebuf.FrameBuffer(self._tbuf, _TEXT_CHARS * 8, 8, framebuf.MONO_HLSB)
        self._big = None      # text_big()'s kernel, once a game attaches it (core/big_viper.py)

    # -- dirty rectangles ------------------------------------------------------------------
    def dirty(self, x, y, w, h):
        """Mark x, y, w, h as changed (clipped to the screen, widened to even x)."""
        x1 = x + w
        y1 = y + h
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        if x1 > W:
            x1 = W
        if y1 > H:
            y1 = H
        if x >= x1 or y >= y1:
            return
        self.whole = False
        x &= ~1
        x1 = (x1 + 1) & ~1
        r = self.rects
        n = self.n
        best = -1
        grow = 0x3FFFFFFF
        i = 0
        while i < n:
            k = i << 2
            ax = r[k]
            ay = r[k + 1]
            bx = r[k + 2]
            by = r[k + 3]
            if x <= bx and x1 >= ax and y <= by and y1 >= ay:   # overlap or touch: merge
                self._merge(k, x, y, x1, y1)
                return
            ux = (bx if bx > x1 else x1) - (ax if ax < x else x)
            uy = (by if by > y1 else y1) - (ay if ay < y else y)
            g = ux * uy - (bx - ax) * (by - ay)               # < 240*240, small
            if g < grow:
                grow = g
                best = k
            i += 1
        if n < MAX_RECTS:
            k = n << 2
            r[k] = x
            r[k + 1] = y
            r[k + 2] = x1
            r[k + 3] = y1
            self.n = n + 1
        else:
            self._merge(best, x, y, x1, y1)

    def _merge(self, k, x, y, x1, y1):
        r = self.rects
        if x < r[k]:
            r[k] = x
        if y < r[k + 1]:
            r[k + 1] = y
        if x1 > r[k + 2]:
            r[k + 2] = x1
        if y1 > r[k + 3]:
            r[k + 3] = y1

    def all_dirty(self):
        r = self.rects
        r[0] = 0
        r[1] = 0
        r[2] = W
        r[3] = H
        self.n = 1
        self.whole = True

    # -- drawing ---------------------------------------------------------------------------
    def clear(self, c=palette.NAVY):
        self.fb.fill(c)
        self.all_dirty()

    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, w, h)

    def rect(self, x, y, w, h, c):
        self.fb.rect(x, y, w, h, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, w, h)

    def hline(self, x, y, w, c):
        self.fb.hline(x, y, w, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, w, 1)

    def vline(self, x, y, h, c):
        self.fb.vline(x, y, h, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, 1, h)

    def line(self, x0, y0, x1, y1, c):
        self.fb.line(x0, y0, x1, y1, c)
        xa = x0 if x0 < x1 else x1
        ya = y0 if y0 < y1 else y1
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(xa, ya, (x1 - x0 if x1 > x0 else x0 - x1) + 1,
                       (y1 - y0 if y1 > y0 else y0 - y1) + 1)

    def poly(self, x, y, coords, c, fill, bx, by, bw, bh):
        """FrameBuffer.poly at x, y; the caller passes the bounding box (it knows its shape)."""
        self.fb.poly(x, y, coords, c, fill)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(bx, by, bw, bh)

    def ellipse(self, x, y, rx, ry, c, fill=False):
        self.fb.ellipse(x, y, rx, ry, c, fill)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x - rx, y - ry, 2 * rx + 1, 2 * ry + 1)

    def load_images(self, on):
        """Load (on) or drop the kernel of image(): the viper one where native code runs (about
        100 times faster on the board), else its pure twin. Whoever loads art calls it with
        the art (an allocation point) and drops it with the art: no memory while nobody draws
        images."""
        from core.modules import forget
        if on:
            vip = fastpath.load("core.image_viper")
            if vip is None:
                from core import image_pure as vip
            self._draw = vip.draw
        else:
            self._draw = None
            forget("core.image_viper")
            forget("core.image_pure")

    def image(self, img, x, y, key=-1, pal=None):
        """Draw an image of an art module (pixels, width, height, format: 4-bit GS4_HMSB rows, see
        tools/assets.py) at x, y, clipped to the screen (after load_images(True)). Pixels of colour `key` are left out,
        after `pal` (16 bytes: colour -> colour, e.g. the module's GREYED) maps them. Not
        FrameBuffer.blit: MicroPython 1.24 blits only from a writable FrameBuffer, which would
        need a RAM copy of every image."""
        w = img[1]
        h = img[2]
        p = self._ip
        p[0] = (w + 1) >> 1
        p[1] = -x if x < 0 else 0                  # the visible columns i0..i1, rows j0..j1
        p[2] = W - x if x + w > W else w
        p[3] = -y if y < 0 else 0
        p[4] = H - y if y + h > H else h
        if p[1] >= p[2] or p[3] >= p[4]:
            return
        p[5] = x + p[1]
        p[6] = y + p[3]
        p[7] = key
        self._draw(self.buf, img[0], _IDENTITY if pal is None else pal, p)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, w, h)

    def text(self, s, x, y, c, bg=-1):
        """8x8 text; bg >= 0 fills the background first. Returns the width in pixels."""
        w = len(s) << 3
        if bg >= 0:
            self.fb.fill_rect(x, y, w, 8, bg)
        self.fb.text(s, x, y, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, w, 8)
        return w

    def text_center(self, s, y, c, bg=-1):
        return self.text(s, (W - (len(s) << 3)) >> 1, y, c, bg)

    def number(self, n, x, y, c, bg=-1, width=0):
        """Draw integer n (any sign) without allocating; pad to `width` chars on the left with
        bg when bg >= 0. Returns the width drawn in pixels."""
        neg = n < 0
        if neg:
            n = -n
        digits = 1
        p = 10
        while p <= n:
            digits += 1
            p *= 10
        chars = digits + (1 if neg else 0)
        pad = width - chars if width > chars else 0
        total = (pad + chars) << 3
        if bg >= 0:
            self.fb.fill_rect(x, y, total, 8, bg)
        cx = x + ((pad + chars - 1) << 3)
        for _ in range(digits):
            self.fb.text(DIGITS[n % 10], cx, y, c)
            n //= 10
            cx -= 8
        if neg:
            self.fb.text("-", cx, y, c)
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, total, 8)
        return total

    def text_big(self, s, x, y, c, scale):
        """Text scaled by an integer factor (titles): drawn as runs of scale x scale blocks."""
        n = len(s)
        if n > _TEXT_CHARS:
            n = _TEXT_CHARS
        tfb = self._tfb
        tfb.fill_rect(0, 0, n << 3, 8, 0)     # (a 1-bit fill is per pixel: only the n cells)
        tfb.text(s, 0, 0, 1)
        tb = self._tbuf                 # MONO_HLSB: a row of a character is one byte, MSB left
        if self._big is not None:
            self._big(self, x, y, c, scale, n)
        else:
            fb = self.fb
            for row in range(8):
                yy = y + row * scale
                k = row * _TEXT_CHARS
                for i in range(n):
                    b = tb[k + i]
                    bit = 7
                    while b:
                        if b >> bit & 1:
                            end = bit           # a run of set bits from `bit` down to `end` + 1
                            while end >= 0 and b >> end & 1:
                                end -= 1
                            fb.fill_rect(x + ((i << 3) + 7 - bit) * scale, yy,
                                         (bit - end) * scale, scale, c)
                            b &= (1 << (end + 1)) - 1
                            bit = end
                        else:
                            bit -= 1
        if not (self.whole and self.n):     # (the whole screen marked: nothing to add)
            self.dirty(x, y, (n << 3) * scale, scale << 3)
        return (n << 3) * scale

    def text_big_center(self, s, y, c, scale):
        return self.text_big(s, (W - len(s) * 8 * scale) >> 1, y, c, scale)

