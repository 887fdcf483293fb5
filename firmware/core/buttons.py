"""Button state for one fixed step: held bits, press/release edges, debouncing, menu auto-repeat.

The raw bitmask comes from hw.buttons.read() (1 = held). Debouncing is "eager with lockout": a
press is taken at once (no added latency) and that button's release is ignored during the next
step, so contact bounce as a key goes down cannot make a second press. Releases are taken at
once and a new press may follow in the next step, so fast tapping (up to 10 presses a second at
30 Hz) is never swallowed. Sampling once per 33 ms step already spans a switch's bounce time.
"""
from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
PRESS = const(16)   # joystick pressed in
A = const(32)
B = const(64)
X = const(128)
Y = const(256)
ALL = const(511)
DIRS = const(15)

REPEAT_DELAY = const(12)   # steps a direction is held before it repeats (0.4 s at 30 Hz)
REPEAT_EVERY = const(4)    # then one repeat every 4 steps (7.5 per second)


class Buttons:
    def __init__(self):
        self.held = 0       # debounced state
        self.pressed = 0    # went down this step
        self.released = 0   # went up this step
        self.repeat = 0     # pressed this step, or a held direction auto-repeating
        self._lock = 0
        self._hold = 0      # steps the current direction set has been held

    def update(self, raw):
        raw &= ALL
        changed = (raw ^ self.held) & ~self._lock
        before = self.held
        self.held = before ^ changed
        self.pressed = changed & self.held
        self._lock = self.pressed
        self.released = changed & before
        dirs = self.held & DIRS
        if not dirs or changed & DIRS:
            self._hold = 0
            self.repeat = self.pressed
            return
        self._hold += 1
        h = self._hold
        if h >= REPEAT_DELAY and (h - REPEAT_DELAY) % REPEAT_EVERY == 0:
            self.repeat = self.pressed | dirs
        else:
            self.repeat = self.pressed
        if h > 30000:
            self._hold = REPEAT_DELAY   # keep the counter small; phase stays the same

    def clear(self):
        """Forget edges (used when a scene changes, so one press does not act twice)."""
        self.pressed = 0
        self.released = 0
        self.repeat = 0
