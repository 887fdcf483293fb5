"""ST7789 240x240 over SPI: set-up, address windows, and show() of dirty rectangles.

The console's frame is framebuf.GS4_HMSB: 4 bits per pixel, 120 bytes a row, even x in the high
nibble. show() sends each rectangle as one address window (CASET, RASET, RAMWR) followed by its
pixels in big-endian RGB565, converted through a 256-entry table (one frame byte = two pixels =
4 wire bytes) a chunk of 256 frame bytes (1 KB on the wire) at a time.

On the Pico the chunks are streamed: a DMA channel (hal/spi_dma.py) sends one chunk while the CPU
converts the next into a second buffer, so a full screen takes about the wire's time (15.2 ms on
the emulated Pico at 62.5 MHz; the wire alone needs 14.75) instead of conversion plus wire (32.6
ms when each chunk was written and waited for before the next was converted). Without a DMA
channel (the host's tests with a plain SPI stand-in) each chunk is written with SPI.write();
what is left of a rectangle then goes in power-of-two pieces through views of the chunk made
once, because machine.SPI.write() has no length argument and slicing a buffer allocates. So
show() never allocates, whatever the rectangles.
"""
from array import array

from micropython import const

from core import fastpath

_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

WIDTH = const(240)
HEIGHT = const(240)
_STRIDE = const(120)        # frame bytes per row
_CHUNK_BITS = const(8)      # _CHUNK = 1 << _CHUNK_BITS
_CHUNK = const(256)         # frame bytes per full chunk: 512 pixels, 1024 wire bytes

_PIX16 = b"\x55"            # COLMOD: 65K colours, 16 bits per pixel


def converter():
    """The conversion function to use here: viper where it runs, else the pure twin (imported
    only then: the board keeps one of the two in memory)."""
    mod = fastpath.load("hal.pixels_viper")
    if mod is None:
        from hal import pixels as mod
    return mod.convert


class ST7789:
    def __init__(self, spi, dc, cs=None, rst=None, backlight=None, madctl=0x70, xoff=0, yoff=0,
                 sleep_ms=None, init=True, dma=None):
        if sleep_ms is None:
            import time
            sleep_ms = time.sleep_ms
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.backlight = backlight
        self.xoff = xoff
        self.yoff = yoff
        self._sleep = sleep_ms
        self._convert = converter()
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        self._lut = bytearray(1024)
        self._chunk = bytearray(_CHUNK * 4)
        self._dma = dma         # hal/spi_dma.py's channel into the SPI, or None: SPI.write()
        self._chunk2 = bytearray(_CHUNK * 4) if dma is not None else None
        mv = memoryview(self._chunk)
        self._views = [mv[:4 << j] for j in range(_CHUNK_BITS)]     # 1, 2, 4 ... 256 frame bytes
        self._p = array("i", (0, 0, 0, 0))     # the converter's cursor (hal/pixels.py)
        self.last_bytes = 0
        self._madctl = madctl
        if init:            # not after a restart: the panel is set up and shows the last frame
            self.init()

    # -- bus --------------------------------------------------------------------------------
    def _command(self, c, args=None):
        cs = self.cs
        if cs is not None:
            cs(0)
        self.dc(0)
        self._cmd[0] = c
        self.spi.write(self._cmd)
        self.dc(1)
        if args is not None:
            self.spi.write(args)
        if cs is not None:
            cs(1)

    def init(self):
        sleep = self._sleep
        if self.cs is not None:
            self.cs(1)
        self.dc(1)
        if self.rst is not None:
            self.rst(1)
            sleep(5)
            self.rst(0)
            sleep(5)
            self.rst(1)
            sleep(120)      # reset is done 120 ms after the rising edge
        self._command(_SWRESET)
        sleep(150)          # 5 ms before the next command, 120 ms before SLPOUT
        self._command(_SLPOUT)
        sleep(10)           # 5 ms before the next command
        self._command(_COLMOD, _PIX16)
        self._command(_MADCTL, bytes((self._madctl,)))
        self._command(_INVON)   # IPS panels show true colours inverted
        self._command(_NORON)
        sleep(10)
        self._command(_DISPON)
        sleep(10)

    # -- platform interface -----------------------------------------------------------------
    def set_palette(self, pal):
        """pal: array('H') of 16 RGB565 colours -> the byte table used by show()."""
        lut = self._lut
        for b in range(256):
            hi = pal[b >> 4]
            lo = pal[b & 15]
            k = b << 2
            lut[k] = hi >> 8
            lut[k + 1] = hi & 255
            lut[k + 2] = lo >> 8
            lut[k + 3] = lo & 255

    def power(self, on):
        """Off: the backlight dark, display off and sleep-in (the panel keeps its memory, so
        on shows the same picture again). On: sleep-out, display on; the console sets the
        backlight. The datasheet's waits: 5 ms after SLPOUT before another command, 120 ms
        between SLPIN and SLPOUT (waited here, as the console falls asleep: a wake takes 5 ms)."""
        if on:
            self._command(_SLPOUT)
            self._sleep(5)
            self._command(_DISPON)
        else:
            self.set_brightness(0)
            self._command(_DISPOFF)
            self._command(_SLPIN)
            self._sleep(120)

    def set_brightness(self, percent):
        bl = self.backlight
        if bl is None:
            return
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        bl.duty_u16(percent * 65535 // 100)

    def _span(self, cmd, lo, hi):
        """CASET or RASET with its two big-endian bounds; leaves DC high."""
        a = self._arg
        a[0] = lo >> 8
        a[1] = lo & 255
        a[2] = hi >> 8
        a[3] = hi & 255
        self.dc(0)
        self._cmd[0] = cmd
        self.spi.write(self._cmd)
        self.dc(1)
        self.spi.write(a)

    def _window(self, x0, y0, x1, y1):
        """Address window x0..x1, y0..y1 inclusive, then RAMWR; leaves DC high for pixels."""
        self._span(_CASET, x0 + self.xoff, x1 + self.xoff)
        self._span(_RASET, y0 + self.yoff, y1 + self.yoff)
        self.dc(0)
        self._cmd[0] = _RAMWR
        self.spi.write(self._cmd)
        self.dc(1)

    def show(self, buf, rects, n):
        """Push the n rectangles (x0, y0, x1, y1 end-exclusive, x even) of the GS4 frame buf."""
        total = 0
        if n > 0:
            cs = self.cs
            if cs is not None:
                cs(0)
            for i in range(n):
                k = i << 2
                x0 = rects[k] & ~1
                y0 = rects[k + 1]
                x1 = (rects[k + 2] + 1) & ~1
                y1 = rects[k + 3]
                if x0 < 0:
                    x0 = 0
                if y0 < 0:
                    y0 = 0
                if x1 > WIDTH:
                    x1 = WIDTH
                if y1 > HEIGHT:
                    y1 = HEIGHT
                if x1 <= x0 or y1 <= y0:
                    continue
                self._window(x0, y0, x1 - 1, y1 - 1)
                wb = (x1 - x0) >> 1
                p = self._p
                p[0] = y0 * _STRIDE + (x0 >> 1)
                p[1] = wb
                p[2] = 0
                left = wb * (y1 - y0)
                total += left << 2
                if self._dma is None:
                    self._send(buf, left)
                else:
                    self._stream(buf, left)
            if cs is not None:
                cs(1)
        self.last_bytes = total

    def _send(self, buf, left):
        """`left` frame bytes from the cursor _p, converted a chunk at a time, each written and
        waited for before the next is converted."""
        spi = self.spi
        conv = self._convert
        lut = self._lut
        chunk = self._chunk
        views = self._views
        p = self._p
        p[3] = _CHUNK
        while left >= _CHUNK:
            conv(buf, chunk, lut, p)
            spi.write(chunk)
            left -= _CHUNK
        j = _CHUNK_BITS - 1
        while left:
            m = 1 << j
            if left & m:
                p[3] = m
                conv(buf, chunk, lut, p)
                spi.write(views[j])
                left -= m
            j -= 1

    def _stream(self, buf, left):
        """The same through the DMA channel: each chunk is converted while the one before it
        goes out on the wire, alternating between two buffers (the one converted into is never
        the one the channel is reading); returns once the last byte has left the wire."""
        dma = self._dma
        conv = self._convert
        lut = self._lut
        a = self._chunk
        b = self._chunk2
        p = self._p
        while left > 0:
            m = _CHUNK if left > _CHUNK else left
            p[3] = m
            conv(buf, a, lut, p)
            dma.start(a, m << 2)
            a, b = b, a
            left -= m
        dma.finish()
