"""The glass: a stand-in display that keeps what the panel would show.

A real panel shows only the rectangles the console pushes (hw.display.show), so a scene that draws
into the frame buffer but forgets to mark the area dirty leaves the glass stale. Glass.px holds the
pushed pixels in the frame buffer's own layout (GS4_HMSB, 120 bytes a row), so it compares byte for
byte with a frame buffer. show() allocates nothing (it runs inside heap-locked frames); on CPython
it copies rows with slices for speed.
"""
import sys

import fakehw

_ROW = 120          # bytes a row of the 240-pixel GS4 frame
_SLICES = sys.implementation.name == "cpython"


class Glass(fakehw.Display):
    def __init__(self):
        fakehw.Display.__init__(self)
        self.px = bytearray(_ROW * 240)

    def show(self, buf, rects, n):
        fakehw.Display.show(self, buf, rects, n)
        px = self.px
        for i in range(n):
            k = i << 2
            x0 = rects[k] >> 1
            x1 = rects[k + 2] >> 1
            for y in range(rects[k + 1], rects[k + 3]):
                a = y * _ROW + x0
                b = y * _ROW + x1
                if _SLICES:
                    px[a:b] = buf[a:b]
                else:
                    while a < b:
                        px[a] = buf[a]
                        a += 1


def hardware(script=b"", accel="level", data=None):
    """fakehw.Hardware with a Glass for its display."""
    hw = fakehw.Hardware(script, accel, data)
    hw.display = Glass()
    return hw
