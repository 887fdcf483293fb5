# ST7789.show(), Buttons.read() and Accel.read() under micropython.heap_lock(): none may
# allocate. On the unix port both conversion kernels run (viper, then the pure twin); on the
# WebAssembly port (32-bit, no viper) the pure twin; each with the pixels written by SPI.write()
# and streamed through the DMA channel's stand-in. Prints "ALLOC OK <kernel> <path>" per run.
import micropython
from array import array

import fake_i2c
import fake_pins
from fake_spi import CountingDMA, CountingSPI
from core import fastpath
from hal import accel, st7789
from hal.buttons import Buttons

pal = array("H", range(0, 65536, 4096))
buf = bytearray(120 * 240)
for i in range(len(buf)):
    buf[i] = (i * 37) & 255
full = array("h", (0, 0, 240, 240))
many = array("h", (0, 0, 2, 1, 10, 10, 42, 27, 100, 3, 240, 5, 238, 230, 240, 240, 60, 60, 124, 124))
bank = fake_pins.Gpio()
OUT = fake_pins.OUT

bus = fake_i2c.I2CBus(fake_i2c.MPU6050Model(0x68))
bus.logging = False
acc = accel.open(bus)
xyz = array("i", (0, 0, 0))
pad = Buttons([bank.pin(g) for g in (2, 18, 16, 20, 3, 15, 17, 19, 21)])
bank.press(15)


def run(kernel, path):
    spi = CountingSPI()
    dma = CountingDMA(spi) if path == "dma" else None
    d = st7789.ST7789(spi, bank.pin(8, OUT, value=1), bank.pin(9, OUT, value=1),
                      bank.pin(12, OUT, value=1), fake_pins.PWMModel(), 0x70, 0, 0, lambda ms: None,
                      dma=dma)
    d.set_palette(pal)
    before = spi.bytes_written
    got = [0, 0, 0, 0, 0]
    micropython.heap_lock()
    try:
        d.show(buf, full, 1)
        got[0] = d.last_bytes
        d.show(buf, many, 5)
        got[1] = d.last_bytes
        d.show(buf, many, 0)
        got[2] = d.last_bytes
        got[3] = pad.read()
        got[4] = 1 if acc.read(xyz) else 0
        d.set_brightness(40)
        d.set_palette(pal)
    except MemoryError:
        micropython.heap_unlock()
        raise SystemExit("ALLOCATES %s %s" % (kernel, path))
    micropython.heap_unlock()
    want1 = 2 * (2 * 1 + 32 * 17 + 140 * 2 + 2 * 10 + 64 * 64)
    if got != [115200, want1, 0, 32, 1]:
        raise SystemExit("WRONG %s %r" % (kernel, got))
    if spi.bytes_written - before != 115200 + want1 + 5 * 11 + 11:
        raise SystemExit("BYTES %s %d" % (kernel, spi.bytes_written - before))
    if dma is not None and (dma.open or dma.starts != 113 + 13):
        raise SystemExit("DMA %s %d %r" % (kernel, dma.starts, dma.open))
    print("ALLOC OK", kernel, path)


for path in ("spi", "dma"):
    fastpath.prefer_pure = False
    run("viper" if fastpath.load("hal.pixels_viper") else "pure", path)
    if fastpath.load("hal.pixels_viper"):
        fastpath.prefer_pure = True
        run("pure", path)
