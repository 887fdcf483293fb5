"""gfx.image() with the viper kernel and with its pure twin: the launcher's images drawn at
positions that clip on every side, plain and greyed; prints the frame CRC of each kernel and
whether the viper one was loaded."""
from binascii import crc32

from core import art_launcher as art
from core import image_pure
from core.gfx import Gfx

g = Gfx()
g.load_images(True)
viper = g._draw is not image_pure.draw
out = []
for kernel in (g._draw, image_pure.draw):
    g._draw = kernel
    g.fb.fill(1)
    k = 0
    for name in ("TOWER", "NORESPECT", "NOPE", "TIPTOP", "NMBR9", "TITLE"):
        img = getattr(art, name)
        for x, y in ((-7, 3), (229, 50), (100, -13), (40, 225), (-40, -30), (61, 101 + k)):
            g.image(img, x, y, art.KEY, art.GREYED if k & 1 else None)
            k += 1
    g.image(art.TOWER, 240, 0, art.KEY)              # wholly off screen: nothing
    g.image(art.TOWER, 0, -32, art.KEY)
    out.append(crc32(g.buf) & 0xFFFFFFFF)
print("viper=%d fast=%08x pure=%08x" % (viper, out[0], out[1]))
