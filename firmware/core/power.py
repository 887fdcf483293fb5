"""Power: the backlight dims and the console sleeps after a time without input
(docs/decisions.md, Power).

Every step the console hands the raw buttons to input(), which keeps the count of steps without
input, dims the backlight, and says what is due between frames: SAVE (the running game and
changed settings to flash) and SLEEP. A key that lights a dimmed screen or wakes the console
does nothing else: it is muted until it is let go. Sleep comes only while the top scene waits
for a human (Scene.waits_for_human()), or at the battery's critical level. None of this
allocates; saving and falling asleep are the console's work between frames (Console.run():
allocation points, like quitting a game). While asleep each step only polls the keys, with
the CPU in hw.lightsleep() between them.

The battery gauge (core/battery.py) is loaded only where the hardware has one (hw.battery).
"""
from micropython import const

from core import settings as S
from core import tilt as T

SAVE = const(1)                     # due: the running game and changed settings to flash
SLEEP = const(2)                    # due: then sleep

_IDLE_MAX = const(1 << 20)
_TILT_MOVE = const(150)             # tilt change that counts as input where tilt steers
DIM_DIVISOR = const(4)              # dimmed: a quarter of the set brightness (at least 2 %)


class Power:
    def __init__(self, c, rate):
        """rate: the console's steps a second (its FPS): the timeouts are counted in steps."""
        hw = c.hw
        self.rate = rate
        self._timeouts = getattr(hw, "power_timeouts", None)  # seconds: the simulator's option
        self.idle = 0               # steps without input
        self.dim_after = 0          # steps (0: never)
        self.sleep_after = 0
        self.dimmed = False
        self.asleep = False
        self.mute = 0               # keys that woke the console, ignored until let go
        self.due = 0                # SAVE | SLEEP: work between frames
        self.sleeps = 0             # times the console fell asleep (tests read it)
        self._tx = 0                # tilt when it last counted as input
        self._ty = 0
        self.panel = hasattr(hw.display, "power")     # the display can sleep (docs/platform.md)
        self.configure(c)
        self.gauge = None           # core.battery.Gauge where there is a battery
        if getattr(hw, "battery", None) is not None:
            from core.battery import Gauge
            self.gauge = Gauge(c, rate)

    def configure(self, c):
        """Take the timeouts from the settings (or the shell's override)."""
        t = self._timeouts
        s = c.settings
        dim = t[0] if t is not None else S.DIM_AFTER[s.dim]
        slp = t[1] if t is not None else S.SLEEP_AFTER[s.sleep]
        self.dim_after = dim * self.rate
        self.sleep_after = slp * self.rate

    def brightness(self, c):
        """The backlight percentage the settings ask for, dimmed or not."""
        pct = (c.settings.brightness + 1) * 10
        if self.dimmed:
            pct = pct // DIM_DIVISOR
            if pct < 2:
                pct = 2
        return pct

    def input(self, c, raw):
        """One step's raw buttons as the scenes may see them (a waking key is taken away)."""
        held = raw                  # a muted key still held is someone at the console
        if self.mute:
            self.mute &= raw
            raw &= ~self.mute
        moved = False
        t = c.tilt
        if t.source == T.SENSOR and c.top.tilt_input:
            dx = t.x - self._tx
            dy = t.y - self._ty
            if dx > _TILT_MOVE or dx < -_TILT_MOVE or dy > _TILT_MOVE or dy < -_TILT_MOVE:
                self._tx = t.x
                self._ty = t.y
                moved = True
        if self.gauge is not None:
            self.due |= self.gauge.step(c)
        if held or moved:
            self.idle = 0
            if self.dimmed:
                self.dimmed = False
                c.hw.display.set_brightness(self.brightness(c))
                self.mute |= raw
                raw = 0
            return raw
        if self.idle < _IDLE_MAX:
            self.idle += 1
        i = self.idle
        if self.dim_after and i >= self.dim_after and not self.dimmed:
            self.dimmed = True
            c.hw.display.set_brightness(self.brightness(c))
        if self.sleep_after and i >= self.sleep_after and not self.due & SLEEP \
                and c.top.waits_for_human():
            self.due |= SLEEP
        return raw

    # -- asleep (falling asleep is core/session.py's power_work(), between frames) -------------
    def wake(self, c, raw):
        """A key woke the console: the same picture comes back, the key does nothing else."""
        d = c.hw.display
        if self.panel:
            d.power(True)               # (called directly: a bound method would allocate)
        self.asleep = False
        self.dimmed = False
        self.idle = 0
        self.mute = raw
        d.set_brightness(self.brightness(c))
        if self.gauge is not None:
            self.gauge.woke()
