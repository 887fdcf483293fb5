# The viper GS4 -> RGB565 converter against its pure twin, bit for bit, over random frames,
# palettes, rectangles and chunk sizes; then the cost of one full frame with each.
# Run on the unix port (the WebAssembly port has no viper): tests/test_hal_micropython.py.
import time
from array import array

from hal import pixels, pixels_viper

_seed = 12345


def rnd(n):
    global _seed
    _seed = (_seed * 1103515245 + 12345) & 0x7FFFFFFF
    return (_seed >> 8) % n


def table():
    lut = bytearray(1024)
    for i in range(1024):
        lut[i] = rnd(256)
    return lut


src = bytearray(120 * 240)
out_v = bytearray(2048)
out_p = bytearray(2048)
checked = 0
for trial in range(60):
    for i in range(len(src)):
        src[i] = rnd(256)
    lut = table()
    x0b = rnd(120)
    wb = rnd(120 - x0b) + 1
    y0 = rnd(240)
    h = rnd(240 - y0) + 1
    pv = array("i", (y0 * 120 + x0b, wb, 0, 0))
    pp = array("i", (y0 * 120 + x0b, wb, 0, 0))
    left = wb * h
    while left:
        n = rnd(512) + 1
        if n > left:
            n = left
        pv[3] = n
        pp[3] = n
        for i in range(4 * n):
            out_v[i] = out_p[i] = 0xEE
        pixels_viper.convert(src, out_v, lut, pv)
        pixels.convert(src, out_p, lut, pp)
        if out_v != out_p or pv != pp:
            raise SystemExit("MISMATCH trial %d" % trial)
        left -= n
        checked += n
    if pv[2] != 0 or pv[0] != (y0 + h) * 120 + x0b:
        raise SystemExit("CURSOR trial %d" % trial)
print("PARITY OK", checked, "bytes")

# cost of a full frame (28800 frame bytes -> 115200 wire bytes) in 512-byte chunks
for name, conv in (("viper", pixels_viper.convert), ("pure", pixels.convert)):
    p = array("i", (0, 120, 0, 512))
    best = 1 << 30
    for rep in range(3):
        p[0] = 0
        p[2] = 0
        t = time.ticks_us()
        for c in range(56):
            conv(src, out_v, lut, p)
        p[3] = 128
        conv(src, out_v, lut, p)
        p[3] = 512
        best = min(best, time.ticks_diff(time.ticks_us(), t))
    print("FRAME_US", name, best)

# a whole show() of a full frame through a bus that only counts (driver overhead included)
import fake_pins
from fake_spi import CountingSPI
from hal import st7789

for name, conv in (("viper", pixels_viper.convert), ("pure", pixels.convert)):
    bank = fake_pins.Gpio()
    d = st7789.ST7789(CountingSPI(), bank.pin(8, 1, value=1), bank.pin(9, 1, value=1), None,
                      None, 0x70, 0, 0, lambda ms: None)
    d._convert = conv
    d.set_palette(array("H", range(16)))
    whole = array("h", (0, 0, 240, 240))
    best = 1 << 30
    for rep in range(3):
        t = time.ticks_us()
        d.show(src, whole, 1)
        best = min(best, time.ticks_diff(time.ticks_us(), t))
    print("SHOW_US", name, best, d.last_bytes)
