"""A manual millisecond clock with MicroPython's ticks semantics (30-bit wrap-around).

sleep_ms() advances time, so code that waits is seen to wait by the models sharing the clock.
"""
_MASK = 0x3FFFFFFF
_HALF = 0x20000000


class FakeClock:
    def __init__(self, now=0):
        self.now = now & _MASK
        self.slept = 0

    def ticks_ms(self):
        return self.now

    def ticks_add(self, t, d):
        return (t + d) & _MASK

    def ticks_diff(self, a, b):
        d = (a - b) & _MASK
        return d - (_MASK + 1) if d & _HALF else d

    def sleep_ms(self, ms):
        if ms > 0:
            self.now = (self.now + ms) & _MASK
            self.slept += ms

    def advance(self, ms):
        self.now = (self.now + ms) & _MASK
