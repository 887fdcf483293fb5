"""A vertical menu: label on the left, an optional value on the right, a blinking caret.

Items are set up once (add/set_value with strings that already exist). update() turns button edges into an action; draw() repaints only the rows that
changed, and the caret's own 8x8 cell when it blinks.
"""
from micropython import const

from core import buttons as B
from core import palette as P

NONE = const(0)
SELECT = const(1)
BACK = const(2)
LEFT = const(3)
RIGHT = const(4)
MOVED = const(5)

BLINK_STEPS = const(15)


class Menu:
    def __init__(self, x, y, w, row_h, size):
        self.x = x
        self.y = y
        self.w = w
        self.row_h = row_h
        self.labels = [""] * size
        self.values = [None] * size
        self.enabled = bytearray(size)
        self.tops = bytearray(size + 1)     # row i spans y + tops[i] .. y + tops[i + 1] - 1
        self._redraw = bytearray(size)
        self.n = 0
        self.sel = 0
        self._blink = 0
        self._caret = True
        self._caret_drawn = False

    def clear(self):
        self.n = 0
        self.sel = 0

    def add(self, label, value=None, enabled=True, h=0):
        """Append a row (h: its height, when not row_h); returns its index."""
        i = self.n
        self.labels[i] = label
        self.values[i] = value
        self.enabled[i] = 1 if enabled else 0
        self.tops[i + 1] = self.tops[i] + (h if h else self.row_h)
        self._redraw[i] = 1
        self.n = i + 1
        return i

    def set_value(self, i, value):
        if self.values[i] is not value:
            self.values[i] = value
            self._redraw[i] = 1

    def touch(self, i):
        """Mark row i for repainting (its value's contents changed in place)."""
        self._redraw[i] = 1

    def select(self, i):
        if i != self.sel and 0 <= i < self.n:
            self._redraw[self.sel] = 1
            self._redraw[i] = 1
            self.sel = i
            self._blink = 0
            self._caret = True

    def update(self, buttons):
        r = buttons.repeat
        p = buttons.pressed
        if self.n:
            if r & B.UP:
                self.select(self.sel - 1 if self.sel > 0 else self.n - 1)
                return MOVED
            if r & B.DOWN:
                self.select(self.sel + 1 if self.sel < self.n - 1 else 0)
                return MOVED
        self._blink += 1
        if self._blink >= BLINK_STEPS:
            self._blink = 0
            self._caret = not self._caret
        if p & B.A:
            return SELECT
        if p & B.B:
            return BACK
        if r & B.LEFT:
            return LEFT
        if r & B.RIGHT:
            return RIGHT
        return NONE

    def draw(self, g, full):
        for i in range(self.n):
            if full or self._redraw[i]:
                self._row(g, i)
                self._redraw[i] = 0
        if self.n and self._caret_drawn != self._caret:
            self._draw_caret(g)

    def _row(self, g, i):
        y = self.y + self.tops[i]
        h = self.tops[i + 1] - self.tops[i]
        sel = i == self.sel
        g.fill_rect(self.x, y, self.w, h, P.SLATE if sel else P.NAVY)
        self._cell(g, i, y, h)
        if sel:
            self._caret_drawn = not self._caret    # force the caret to be drawn next
            self._draw_caret(g)

    def _cell(self, g, i, y, h):
        """Row i's contents over its background: the label, the value on the right."""
        ty = y + ((h - 8) >> 1)
        c = P.WHITE if self.enabled[i] else P.GREY
        g.text(self.labels[i], self.x + 16, ty, c)
        v = self.values[i]
        if v is not None:
            g.text(v, self.x + self.w - 8 - (len(v) << 3), ty, P.YELLOW if self.enabled[i] else P.GREY)

    def _draw_caret(self, g):
        i = self.sel
        y = self.y + self.tops[i] + ((self.tops[i + 1] - self.tops[i] - 8) >> 1)
        g.fill_rect(self.x + 4, y, 8, 8, P.SLATE)
        if self._caret:
            g.text(">", self.x + 4, y, P.YELLOW)
        self._caret_drawn = self._caret
