"""gfx.text_big() with the viper kernel (core/big_viper.py) and with framebuf's rectangles (the
path without native code): strings of every scale drawn at positions that clip on every side,
over a patterned frame; prints the frame CRC of each path and whether the kernel was loaded."""
from binascii import crc32

from core.gfx import Gfx

from core import fastpath

g = Gfx()
big = fastpath.load("core.big_viper")
if big is not None:
    big.attach(g)
viper = g._big is not None
out = []
for kernel in (g._big, None):
    g._big = kernel
    for i in range(len(g.buf)):
        g.buf[i] = (i * 7) & 255
    k = 0
    for s in ("0", "18", "Game over", "W%@#", "A long line of text that is cut"):
        for scale in (1, 2, 3, 4, 5):
            for x, y in ((-9, 3), (229, 50), (100, -13), (40, 225), (-40, -30), (61, 101 + k)):
                g.text_big(s, x, y, (k % 15) + 1, scale)
                k += 1
    g.text_big("8", 240, 0, 3, 2)                   # wholly off screen: nothing
    g.text_big("8", 0, -16, 3, 2)
    out.append(crc32(g.buf) & 0xFFFFFFFF)
print("viper=%d fast=%08x pure=%08x" % (viper, out[0], out[1]))
