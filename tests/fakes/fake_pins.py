"""GPIO bank model with machine.Pin-like objects (rp2 flavour), for CPython and MicroPython.

Each GPIO has a function (None after reset, "sio" once a Pin configures it, or a peripheral
name such as "spi1"), an output latch, an output enable, a pull (rp2 pads reset with the
pull-down on) and an optional external drive (a pressed switch pulls its line to 0). The level
on the wire follows the way hardware does: a pin driven by SIO wins, then an external drive,
then the pull; a line with neither floats (reads 0 here, like the reset pull-down would).
Pin objects made for a GPIO that a peripheral later claims no longer reach the wire.
"""
IN = 0
OUT = 1
OPEN_DRAIN = 2
PULL_UP = 1
PULL_DOWN = 2


class Gpio:
    def __init__(self, count=30):
        self.count = count
        self.func = [None] * count
        self.latch = [0] * count
        self.oe = [False] * count
        self.pull = [PULL_DOWN] * count
        self.ext = [None] * count
        self.listeners = [None] * count      # called with the new level when it changes
        self._level = [0] * count
        for g in range(count):
            self._level[g] = self._compute(g)

    def _compute(self, g):
        if self.func[g] == "sio" and self.oe[g]:
            return self.latch[g]
        if self.ext[g] is not None:
            return self.ext[g]
        if self.pull[g] == PULL_UP:
            return 1
        return 0

    def update(self, g):
        v = self._compute(g)
        if v != self._level[g]:
            self._level[g] = v
            cb = self.listeners[g]
            if cb is not None:
                cb(v)

    def level(self, g):
        return self._level[g]

    def claim(self, g, func):
        """A peripheral takes the pad (its Pin objects stop driving it)."""
        self.func[g] = func
        self.update(g)

    def press(self, g):
        self.ext[g] = 0
        self.update(g)

    def release(self, g):
        self.ext[g] = None
        self.update(g)

    def pin(self, g, mode=-1, pull=-1, value=None):
        return Pin(self, g, mode, pull, value)


class Pin:
    IN = IN
    OUT = OUT
    OPEN_DRAIN = OPEN_DRAIN
    PULL_UP = PULL_UP
    PULL_DOWN = PULL_DOWN

    def __init__(self, bank, g, mode=-1, pull=-1, value=None):
        self.bank = bank
        self.id = g
        self.mode = None
        if mode != -1 or pull != -1 or value is not None:
            self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, value=None):
        b = self.bank
        g = self.id
        b.func[g] = "sio"
        if value is not None:
            b.latch[g] = 1 if value else 0
        if mode != -1:
            self.mode = mode
            b.oe[g] = mode == OUT
        if pull != -1:
            b.pull[g] = pull
        b.update(g)

    def value(self, v=None):
        b = self.bank
        g = self.id
        if v is None:
            return b.level(g)
        b.latch[g] = 1 if v else 0
        if b.func[g] == "sio":
            b.update(g)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def __repr__(self):
        return "Pin(GPIO%d)" % self.id


class PWMModel:
    """A PWM slice output: the frequency and 16-bit duty last set."""
    def __init__(self, freq=0):
        self._freq = freq
        self._duty = 0
        self.duty_log = []

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if not 0 <= d <= 65535:
            raise ValueError("duty_u16 must be 0..65535")
        self._duty = d
        self.duty_log.append(d)
