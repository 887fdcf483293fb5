"""One-line notices shown once at the bottom of the screen ("No tilt sensor: joystick tilts").

Up to four wait in a queue; each shows for SHOW_STEPS steps over whatever scene is up. Texts are
strings that already exist (constants or built at a load point), so queueing allocates nothing.

The banner covers the strip of rows _TOP..239. The scene under it goes on drawing as if the
banner were not there: the notice keeps the scene's own pixels of that strip (`_under`), puts
them back before each scene draw (under()) and takes them again after it when the scene drew
there (draw()), then draws the banner on top. When the notice ends, only the strip is pushed
again, with the scene's pixels: no full repaint. Copies go through core.buffers (no allocation).
"""
from micropython import const

from core import palette as P
from core.buffers import copy

SHOW_STEPS = const(75)
_Y = const(230)             # the text's top row (the footer hint's, core/widgets.py)
_TOP = const(228)           # the banner's first row (it covers the footer bar) to the bottom
_ROW = const(120)           # frame bytes a row (240 pixels, 4 bits each)
_QUEUE = const(4)


class Notice:
    def __init__(self, gfx):
        self._q = [None] * _QUEUE
        self._n = 0
        self._left = 0          # steps the current notice stays up
        self._gone = False      # a notice ended: push the strip without it at the next render
        self._strip = memoryview(gfx.buf)[_TOP * _ROW:]
        self._under = bytearray(len(self._strip))     # the scene's pixels under the banner
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
        """Advance one step; a notice whose time is up leaves the queue."""
        if self._left > 0:
            self._left -= 1
            if self._left == 0:
                for i in range(1, self._n):
                    self._q[i - 1] = self._q[i]
                self._n -= 1
                self._q[self._n] = None
                self._gone = True

    def waiting(self):
        """The notice showing or next to show, or None."""
        return self._q[0] if self._n else None

    def lines(self):
        """Every notice waiting (the one showing first), one a line, or None: what a restart
        carries to the next console (it allocates: restarts are allocation points)."""
        return "\n".join(self._q[:self._n]) if self._n else None

    @property
    def active(self):
        return self._n > 0

    def under(self, g):
        """Before the scene draws: its own pixels back under the banner (it draws on what it
        drew last); when a notice has just ended, they are pushed."""
        if self._left > 0 or self._gone:
            copy(self._strip, self._under)
            if self._gone:
                self._gone = False
                g.dirty(0, _TOP, 240, 240 - _TOP)

    def draw(self, g, scene_drew):
        """After the scene drew: keep its pixels under the banner and draw the banner over them
        (pushed when it starts or when the scene drew under it)."""
        if not self._n:
            return
        start = self._left == 0
        if start:
            self._left = SHOW_STEPS
            self.shown += 1
            self.last = self._q[0]
        push = start or (scene_drew and _hits_banner(g))
        if push:
            copy(self._under, self._strip)
        text = self._q[0]
        g.fb.fill_rect(0, _TOP, 240, 240 - _TOP, P.YELLOW)
        g.fb.text(text, (240 - (len(text) << 3)) >> 1, _Y, P.BLACK)
        if push:
            g.dirty(0, _TOP, 240, 240 - _TOP)


def _hits_banner(g):
    r = g.rects
    for i in range(g.n):
        if r[(i << 2) + 3] > _TOP:
            return True
    return False
