"""One-line notices shown once at the bottom of the screen ("No tilt sensor: joystick tilts").

Up to four wait in a queue; each shows for SHOW_STEPS steps over whatever scene is up. Texts are
strings that already exist (constants or built at a load point), so queueing allocates nothing.
"""
from micropython import const

from core import palette as P

SHOW_STEPS = const(75)
_Y = const(226)
_QUEUE = const(4)


class Notice:
    def __init__(self):
        self._q = [None] * _QUEUE
        self._n = 0
        self._left = 0          # steps the current notice stays up
        self.shown = 0          # notices shown so far (tests read it)
        self.last = None        # the last text shown

    def post(self, text):
        if text is None:
            return
        for i in range(self._n):
            if self._q[i] is text or self._q[i] == text:
                return          # the same notice is already waiting or showing
        if self._n < _QUEUE:
            self._q[self._n] = text
            self._n += 1

    def step(self):
        """Advance one step. Returns True when the screen under a notice must be repainted."""
        if self._left > 0:
            self._left -= 1
            if self._left == 0:
                for i in range(1, self._n):
                    self._q[i - 1] = self._q[i]
                self._n -= 1
                self._q[self._n] = None
                return True
        return False

    def waiting(self):
        """The notice showing or next to show, or None."""
        return self._q[0] if self._n else None

    @property
    def active(self):
        return self._n > 0

    def draw(self, g, scene_drew):
        """Draw the banner when it starts, or again when the scene drew under it."""
        if not self._n:
            return
        start = self._left == 0
        if start:
            self._left = SHOW_STEPS
            self.shown += 1
            self.last = self._q[0]
        elif not scene_drew or not _hits_banner(g):
            return
        g.fill_rect(0, _Y - 4, 240, 18, P.YELLOW)
        g.text_center(self._q[0], _Y, P.BLACK)


def _hits_banner(g):
    r = g.rects
    for i in range(g.n):
        if r[(i << 2) + 3] > _Y - 4:
            return True
    return False
