"""Clocks with MicroPython's time.ticks_* semantics (30-bit wrap-around, like the ports).

RealClock follows the wall clock (the windowed simulator). VirtualClock only moves when told to
(headless runs advance it one step at a time), so every run is repeatable.
"""
import time

_MASK = (1 << 30) - 1
_HALF = 1 << 29


def ticks_add(t, delta):
    return (t + delta) & _MASK


def ticks_diff(a, b):
    d = (a - b) & _MASK
    return d - (1 << 30) if d & _HALF else d


class RealClock:
    def __init__(self):
        self._t0 = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self._t0) * 1000) & _MASK

    ticks_add = staticmethod(ticks_add)
    ticks_diff = staticmethod(ticks_diff)

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)


class VirtualClock:
    def __init__(self, start=0):
        self.now = start & _MASK

    def ticks_ms(self):
        return self.now

    ticks_add = staticmethod(ticks_add)
    ticks_diff = staticmethod(ticks_diff)

    def sleep_ms(self, ms):
        self.advance(ms)

    def advance(self, ms):
        self.now = (self.now + ms) & _MASK
