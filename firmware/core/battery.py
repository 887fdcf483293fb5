"""The battery gauge (core/power.py loads it where the hardware has a battery, hw.battery): VSYS
read once a second, in millivolts, and whether USB powers the console. `level` is what the
launcher shows: PLUG, 0..4 bars, or -1 (none: a reading the board could not run at, below
NONE_MV, means nothing is wired to the ADC). Below LOW_MV a notice and the game saved; below CRITICAL_MV
saved, and asleep two seconds later (after a wake there, 10 s before it sleeps again).
Thresholds are a LiPo's voltage (docs/hardware.md): VSYS plus the board's diode drop.
Nothing here allocates (it runs inside frames).
"""
from micropython import const

from core.power import SAVE, SLEEP

PLUG = const(5)
NONE_MV = const(1500)               # below: nothing on the ADC (the board can't run there): no gauge
LOW_MV = const(3500)                # a notice, and the game is saved
CRITICAL_MV = const(3350)           # saved, and the console sleeps
_REARM_MV = const(100)              # the low notice comes again after a rise this far above
_SLEEP_DELAY_S = const(2)           # the critical notice shows this long before the console sleeps
_GRACE_S = const(10)                # awake this long after a wake at the critical level
LOW_TEXT = "Battery low"
LOW_SAVED_TEXT = "Battery low: game saved"
CRITICAL_TEXT = "Battery empty: sleeping"


class Gauge:
    def __init__(self, c, rate):
        """rate: the console's steps a second (a reading a second)."""
        self.rate = rate
        self.battery = c.hw.battery
        self.drop = getattr(self.battery, "drop_mv", 0)   # a diode between battery and VSYS
        self.mv = 0                 # smoothed battery millivolts (VSYS plus the drop)
        self.level = -1
        self.changed = False        # the level changed (the launcher redraws the gauge)
        self._warned = 0            # 0 fine, 1 low notice given, 2 critical
        self._read_in = 0
        self._sleep_in = -1
        self._grace = 0
        self._again = False         # woken at the critical level: sleep again after the grace
        self._read(c)

    def step(self, c):
        """One step awake: what is due (core/power.py's SAVE, SLEEP)."""
        due = 0
        if self._sleep_in > 0:
            self._sleep_in -= 1
            if self._sleep_in == 0:
                self._sleep_in = -1
                due = SLEEP
        if self._grace > 0:
            self._grace -= 1
        self._read_in -= 1
        if self._read_in <= 0:
            due |= self._read(c)
        return due

    def woke(self):
        if self._warned == 2:
            self._grace = _GRACE_S * self.rate        # a look at the screen before it sleeps again
            self._again = True

    def _read(self, c):
        b = self.battery
        self._read_in = self.rate
        ext = b.external()
        mv = b.millivolts() + self.drop
        if mv < NONE_MV and not ext:        # no divider on VSYS, or a floating pin
            self.mv = 0
            if self.level != -1:
                self.level = -1
                self.changed = True
            return 0
        self.mv = mv if self.mv == 0 else self.mv + ((mv - self.mv) >> 2)
        level = PLUG if ext else bars(self.mv)
        if level != self.level:
            self.level = level
            self.changed = True
        if ext or self.mv > LOW_MV + _REARM_MV:
            self._warned = 0
            return 0
        if self.mv < CRITICAL_MV:
            if self._warned < 2 or (self._again and self._grace == 0):
                if self._warned < 2:
                    c.notice.post(CRITICAL_TEXT)
                self._warned = 2
                self._again = False
                self._sleep_in = _SLEEP_DELAY_S * self.rate
                return SAVE
        elif self.mv < LOW_MV and self._warned == 0:
            self._warned = 1
            c.notice.post(LOW_SAVED_TEXT if c.game is not None and not c.game.game_over
                          else LOW_TEXT)
            return SAVE
        return 0


def bars(mv):
    """Gauge bars (0..4) for a LiPo at mv millivolts."""
    if mv >= 3950:
        return 4
    if mv >= 3800:
        return 3
    if mv >= 3650:
        return 2
    if mv >= LOW_MV:
        return 1
    return 0
