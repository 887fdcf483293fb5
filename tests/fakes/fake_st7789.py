"""Register-level model of an ST7789 on 4-wire SPI (CPython and MicroPython).

Feed it what crosses the wire: bytes written while CS is low, interpreted by the level of DC at
that moment (0 = command, 1 = parameter or pixel data), and edges of RESX. It behaves like the
datasheet where the driver could get it wrong:
- after a hardware reset, SWRESET, SLPOUT or SLPIN the controller is busy for 5 ms and ignores
  commands; SLPOUT within 120 ms of a reset or of SLPIN is ignored; everything is ignored while
  RESX is low; the frame memory keeps its pixels through SLPIN and SLPOUT;
- after a reset the panel sleeps, the display is off, COLMOD is 18-bit (0x66), MADCTL 0,
  inversion off, and the window is the whole memory;
- CASET/RASET take 4 parameter bytes (start, end, big-endian); RAMWR starts at the window's
  top-left; pixels advance along the row, then to the next row, and wrap from the end of the
  window back to its start; any command ends the memory write;
- in 16-bit mode (COLMOD low bits 5) a pixel is 2 bytes, big-endian RGB565.
Frame memory is 240x240 pixels (the panel's visible part), stored as big-endian byte pairs.
A window outside it is recorded in `errors`; such pixels are dropped.

Records: `log` = commands accepted, in order, each (code, parameter bytes); `ignored` = commands
dropped with the reason; `writes` = one entry per RAMWR: [xs, xe, ys, ye, data bytes].
"""
SWRESET = 0x01
SLPIN = 0x10
SLPOUT = 0x11
NORON = 0x13
INVOFF = 0x20
INVON = 0x21
DISPOFF = 0x28
DISPON = 0x29
CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C
MADCTL = 0x36
COLMOD = 0x3A

NAMES = {SWRESET: "SWRESET", SLPIN: "SLPIN", SLPOUT: "SLPOUT", NORON: "NORON",
         INVOFF: "INVOFF", INVON: "INVON", DISPOFF: "DISPOFF", DISPON: "DISPON",
         CASET: "CASET", RASET: "RASET", RAMWR: "RAMWR", MADCTL: "MADCTL", COLMOD: "COLMOD",
         -1: "HWRESET"}
_NPARAM = {CASET: 4, RASET: 4, MADCTL: 1, COLMOD: 1}

W = 240
H = 240
BUSY_MS = 5
SLPOUT_AFTER_RESET_MS = 120


class ST7789Model:
    def __init__(self, dc, cs=None, now_ms=None):
        """dc, cs: functions returning the line's level now; now_ms: the time in ms."""
        self.dc = dc
        self.cs = cs
        self.now_ms = now_ms if now_ms is not None else (lambda: 0)
        self.gram = bytearray(W * H * 2)
        self.log = []
        self.ignored = []
        self.writes = []
        self.errors = []
        self.in_reset = False
        self.bytes_seen = 0         # every byte clocked in with CS low
        self.pixel_bytes = 0        # bytes taken as frame memory data
        self.commands_seen = 0
        self._power_on()

    # -- state ------------------------------------------------------------------------------
    def _power_on(self):
        self.asleep = True
        self.display_on = False
        self.inverted = False
        self.normal = True
        self.colmod = 0x66
        self.madctl = 0
        self.xs, self.xe, self.ys, self.ye = 0, W - 1, 0, H - 1
        self._cmd = None
        self._params = bytearray()
        self._pending = -1          # first byte of a pixel split across writes
        now = self.now_ms()
        self._busy_until = now + BUSY_MS
        self._reset_at = now
        self._slpin_at = now - SLPOUT_AFTER_RESET_MS

    def rst_edge(self, level):
        """RESX changed: low holds the chip in reset, the rising edge ends it."""
        if not level:
            self.in_reset = True
        elif self.in_reset:
            self.in_reset = False
            self.log.append((-1, b""))
            self._power_on()

    # -- the wire ---------------------------------------------------------------------------
    def write(self, data):
        if self.cs is not None and self.cs():
            return              # not selected: the chip does not listen
        n = len(data)
        self.bytes_seen += n
        if self.in_reset:
            return
        if not self.dc():
            for i in range(n):
                self._command(data[i])
        elif self._cmd == RAMWR:
            self._pixels(data)
        elif self._cmd is not None:
            for i in range(n):
                self._param(data[i])

    def _command(self, c):
        self.commands_seen += 1
        self._cmd = None
        now = self.now_ms()
        if now < self._busy_until:
            self.ignored.append((c, "busy"))
            return
        if c == SLPOUT and now - self._reset_at < SLPOUT_AFTER_RESET_MS:
            self.ignored.append((c, "SLPOUT too soon after reset"))
            return
        if c == SLPOUT and now - self._slpin_at < SLPOUT_AFTER_RESET_MS:
            self.ignored.append((c, "SLPOUT too soon after SLPIN"))
            return
        self._cmd = c
        self._params = bytearray()
        if c in _NPARAM:
            return              # logged with its parameters once they have arrived
        self.log.append((c, b""))
        if c == SWRESET:
            self._power_on()
        elif c == SLPOUT:
            self.asleep = False
            self._busy_until = now + BUSY_MS
        elif c == SLPIN:
            self.asleep = True
            self._busy_until = now + BUSY_MS
            self._slpin_at = now
        elif c == DISPON:
            self.display_on = True
        elif c == DISPOFF:
            self.display_on = False
        elif c == INVON:
            self.inverted = True
        elif c == INVOFF:
            self.inverted = False
        elif c == NORON:
            self.normal = True
        elif c == RAMWR:
            self._col = self.xs
            self._row = self.ys
            self._pending = -1
            self.writes.append([self.xs, self.xe, self.ys, self.ye, 0])
            if (self.colmod & 7) != 5:
                self.errors.append("RAMWR with COLMOD 0x%02x (not 16-bit)" % self.colmod)
            if self.xe >= W or self.ye >= H or self.xs > self.xe or self.ys > self.ye:
                self.errors.append("window %d..%d x %d..%d outside the 240x240 frame memory"
                                   % (self.xs, self.xe, self.ys, self.ye))

    def _param(self, b):
        c = self._cmd
        need = _NPARAM.get(c, 0)
        if len(self._params) >= need:
            return              # extra bytes are ignored by the controller
        self._params.append(b)
        if len(self._params) < need:
            return
        p = self._params
        self.log.append((c, bytes(p)))
        if c == CASET:
            self.xs = (p[0] << 8) | p[1]
            self.xe = (p[2] << 8) | p[3]
        elif c == RASET:
            self.ys = (p[0] << 8) | p[1]
            self.ye = (p[2] << 8) | p[3]
        elif c == COLMOD:
            self.colmod = p[0]
        elif c == MADCTL:
            self.madctl = p[0]

    def _pixels(self, data):
        n = len(data)
        self.pixel_bytes += n
        self.writes[-1][4] += n
        g = self.gram
        i = 0
        if self._pending >= 0 and n:
            self._put(self._pending, data[0])
            self._pending = -1
            i = 1
        while i + 1 < n:
            # inline of _put for speed under MicroPython
            col = self._col
            row = self._row
            if col < W and row < H:
                k = (row * W + col) << 1
                g[k] = data[i]
                g[k + 1] = data[i + 1]
            col += 1
            if col > self.xe:
                col = self.xs
                row += 1
                if row > self.ye:
                    row = self.ys
            self._col = col
            self._row = row
            i += 2
        if i < n:
            self._pending = data[i]

    def _put(self, hi, lo):
        col = self._col
        row = self._row
        if col < W and row < H:
            k = (row * W + col) << 1
            self.gram[k] = hi
            self.gram[k + 1] = lo
        col += 1
        if col > self.xe:
            col = self.xs
            row += 1
            if row > self.ye:
                row = self.ys
        self._col = col
        self._row = row

    # -- inspection -------------------------------------------------------------------------
    def pixel(self, x, y):
        k = (y * W + x) << 1
        return (self.gram[k] << 8) | self.gram[k + 1]

    def commands(self):
        """Names of the accepted commands, in order."""
        return [NAMES.get(c, "0x%02X" % c) for c, _ in self.log]

    def ready(self):
        """Awake, 16-bit pixels, display on: what the panel needs to show frame memory."""
        return (not self.asleep) and self.display_on and (self.colmod & 7) == 5
