"""The button pad: switches to GND read through the Pico's internal pull-ups (pressed = 0).

read() returns the raw bitmask of buttons held now, 1 = held, bit i for pins[i]; the reference
order (hal/board.py BUTTONS) gives core.buttons' layout: UP=1, DOWN=2, LEFT=4, RIGHT=8,
PRESS=16, A=32, B=64, X=128, Y=256. Nothing is allocated per read.
"""


class Buttons:
    def __init__(self, pins):
        """pins: machine.Pin objects in bit order; each is made an input with its pull-up."""
        for p in pins:
            p.init(p.IN, p.PULL_UP)
        self._pins = tuple(pins)
        self._n = len(self._pins)

    def read(self):
        pins = self._pins
        m = 0
        for i in range(self._n):
            if not pins[i].value():
                m |= 1 << i
        return m
