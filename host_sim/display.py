"""The simulator's display: the same show() contract as the ST7789 driver (docs/platform.md).

It keeps a reference to the core's GS4 frame and turns it into 8-bit palette indices or RGB for
the window and for screenshots. `last_bytes` counts what the real display would be sent
(2 bytes per pixel of every dirty rectangle), so the bench and the board agree.
"""
from array import array

# byte -> high pixel index, byte -> low pixel index (GS4_HMSB: even x in the high nibble)
_HI = bytes(b >> 4 for b in range(256))
_LO = bytes(b & 15 for b in range(256))


def rgb888(c565):
    r = (c565 >> 11) & 31
    g = (c565 >> 5) & 63
    b = c565 & 31
    return (r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)


class SimDisplay:
    WIDTH = 240
    HEIGHT = 240

    def __init__(self):
        self.buf = None
        self.palette = array("H", [0] * 16)
        self.brightness = 100
        self.on = True              # False: asleep (the panel dark, its picture kept)
        self.last_bytes = 0
        self.frames_shown = 0
        self.rects_shown = 0
        self.on_show = None         # the window's callback: repaint after a push
        self.on_light = None        # the window's callback: the backlight or power changed

    def set_palette(self, pal):
        for i in range(16):
            self.palette[i] = pal[i]

    def set_brightness(self, percent):
        self.brightness = max(0, min(100, percent))
        if self.on_light is not None:
            self.on_light()

    def power(self, on):
        self.on = on
        if self.on_light is not None:
            self.on_light()

    def show(self, buf, rects, n):
        self.buf = buf
        total = 0
        for i in range(n):
            k = 4 * i
            total += (rects[k + 2] - rects[k]) * (rects[k + 3] - rects[k + 1]) * 2
        self.last_bytes = total
        self.frames_shown += 1
        self.rects_shown += n
        if n and self.on_show is not None:
            self.on_show(rects, n)

    def indices(self):
        """The frame as 240*240 palette indices (one byte per pixel)."""
        out = bytearray(self.WIDTH * self.HEIGHT)
        if self.buf is not None:
            src = bytes(self.buf)
            out[0::2] = src.translate(_HI)
            out[1::2] = src.translate(_LO)
        return out

    def rgb_palette(self, dim=True):
        """16 (r, g, b) tuples, scaled by the backlight brightness when `dim`."""
        k = (self.brightness if self.on else 0) if dim else 100
        return [tuple(v * k // 100 for v in rgb888(self.palette[i])) for i in range(16)]

    def rgb(self, dim=False):
        """The frame as RGB bytes (screenshots use the undimmed colours)."""
        pal = self.rgb_palette(dim)
        table = [bytes(pal[i]) for i in range(16)]
        return b"".join(table[i] for i in self.indices())
