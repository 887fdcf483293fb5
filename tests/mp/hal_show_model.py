# The ST7789 driver under real MicroPython, with the real framebuf drawing the GS4_HMSB frame,
# against the controller model: the frame memory must hold the palette colour of every pixel
# that framebuf reports (this is where the nibble order of GS4_HMSB is checked for real); the
# pixels written by SPI.write() and streamed through the DMA channel's stand-in.
import framebuf
from array import array

import fake_st7789
import rigs
from core import fastpath

pal = array("H", (0x0000, 0xFFFF, 0xF800, 0x07E0, 0x001F, 0xFFE0, 0x07FF, 0xF81F,
                  0x8410, 0x4208, 0xFC00, 0x8000, 0x0400, 0x0010, 0x1234, 0xABCD))
buf = bytearray(120 * 240)
fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS4_HMSB)
for i in range(16):
    fb.fill_rect(i * 15, 0, 15, 240, i)
for x in range(240):
    fb.pixel(x, 101, x & 15)
fb.text("GS4 HMSB", 9, 50, 1)
fb.line(0, 239, 239, 0, 9)


def check(r, x0, y0, x1, y1):
    for y in range(y0, y1):
        for x in range(x0, x1):
            if r.model.pixel(x, y) != pal[fb.pixel(x, y)]:
                raise SystemExit("PIXEL %d,%d" % (x, y))


def run(path):
    fb.fill_rect(30, 30, 50, 50, 3)
    r = rigs.DisplayRig(dma=path == "dma")
    d = r.display
    d.set_palette(pal)
    if r.model.commands() != ["HWRESET", "SWRESET", "SLPOUT", "COLMOD", "MADCTL", "INVON",
                              "NORON", "DISPON"] or not r.model.ready():
        raise SystemExit("INIT " + repr(r.model.commands()))
    d.show(buf, array("h", (0, 0, 240, 240)), 1)
    check(r, 0, 0, 240, 240)
    fb.fill_rect(30, 30, 50, 50, 2)
    d.show(buf, array("h", (30, 30, 80, 80)), 1)
    check(r, 0, 0, 240, 240)
    if r.model.errors or d.last_bytes != 5000:
        raise SystemExit("ERRORS %r %d" % (r.model.errors, d.last_bytes))
    if r.dma is not None and (r.dma.errors or r.dma.pending is not None):
        raise SystemExit("DMA %r" % r.dma.errors)
    print("MODEL OK", "viper" if fastpath.load("hal.pixels_viper") else "pure", path)


run("spi")
run("dma")
