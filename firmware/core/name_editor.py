"""Player name editor: a character grid driven by the joystick (A types, B deletes).

A name uses the letters of settings.ALPHABET. GLYPHS holds them as one-character string
literals, interned when this module loads: indexing a str at run time may intern a new
one-character string, which allocates.
"""
from micropython import const

from core import buttons as B
from core import palette as P
from core import settings as S
from core import widgets
from core.scene import Scene

_KEYS = S.ALPHABET          # the grid, in order; then delete and done
_COLS = const(10)
_ROWS = const(4)
_DEL = const(38)            # the two last cells: delete, done
_OK = const(39)
_GX = const(10)
_GY = const(96)
_CELL = const(22)

GLYPHS = (
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
    "S", "T", "U", "V", "W", "X", "Y", "Z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    " ", "-",
)


def glyph(b):
    """The one-character string for byte b of a name ("?" when not in the alphabet)."""
    i = _index(b)
    return GLYPHS[i] if i >= 0 else "?"


def _index(b):
    for i in range(len(S.ALPHABET)):
        if S.ALPHABET[i] == b:
            return i
    return -1


class NameEditor(Scene):
    def __init__(self, console):
        self.c = console
        self.player = 0
        self.buf = bytearray(S.NAME_LEN)
        self.cur = 0
        self._old = -1
        self._name_dirty = True

    def edit(self, player):
        self.player = player
        src = self.c.settings.names[player]
        for i in range(S.NAME_LEN):
            self.buf[i] = src[i]
        self.cur = 0

    def _len(self):
        n = 0
        while n < S.NAME_LEN and self.buf[n]:
            n += 1
        return n

    def update(self, c):
        r = c.buttons.repeat
        p = c.buttons.pressed
        cur = self.cur
        if r & B.LEFT:
            cur = cur - 1 if cur % _COLS else cur + _COLS - 1
        if r & B.RIGHT:
            cur = cur + 1 if cur % _COLS != _COLS - 1 else cur - _COLS + 1
        if r & B.UP:
            cur = cur - _COLS if cur >= _COLS else cur + _COLS * (_ROWS - 1)
        if r & B.DOWN:
            cur = cur + _COLS if cur < _COLS * (_ROWS - 1) else cur - _COLS * (_ROWS - 1)
        self.cur = cur
        n = self._len()
        if p & B.A:
            if cur == _OK:
                self._commit(c)
            elif cur == _DEL:
                self._delete(n)
            elif n < S.NAME_LEN and not (n == 0 and _KEYS[cur] == 32):
                self.buf[n] = _KEYS[cur]
                self._name_dirty = True
        elif p & B.B:
            if n:
                self._delete(n)
            else:
                c.pop()           # nothing typed: leave, the old name stays

    def _delete(self, n):
        if n:
            self.buf[n - 1] = 0
            self._name_dirty = True

    def _commit(self, c):
        n = self._len()
        while n and self.buf[n - 1] == 32:     # no trailing blanks
            n -= 1
            self.buf[n] = 0
        if n:
            dst = c.settings.names[self.player]
            for i in range(S.NAME_LEN):
                dst[i] = self.buf[i]
            c.settings.changed = True
        c.pop()

    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            widgets.header(g, "Name")
            widgets.footer(g, "A type  B delete")
            for i in range(_COLS * _ROWS):
                self._cell(g, i, False)
            self._old = -1
            self._name_dirty = True
        if self._old != self.cur:
            if self._old >= 0:
                self._cell(g, self._old, False)
            self._cell(g, self.cur, True)
            self._old = self.cur
        if self._name_dirty:
            g.fill_rect(20, 44, 200, 36, P.SLATE)
            n = self._len()
            x = 120 - n * 8
            for i in range(n):
                g.text_big(glyph(self.buf[i]), x + i * 16, 50, P.WHITE, 2)
            if n < S.NAME_LEN:
                g.fill_rect(x + n * 16, 68, 14, 3, P.YELLOW)
            self._name_dirty = False

    def _cell(self, g, i, sel):
        x = _GX + (i % _COLS) * _CELL
        y = _GY + (i // _COLS) * _CELL
        g.fill_rect(x, y, _CELL - 2, _CELL - 2, P.YELLOW if sel else P.SLATE)
        c = P.BLACK if sel else P.WHITE
        if i == _DEL:
            g.text("<", x + 6, y + 6, c)
        elif i == _OK:
            g.text("OK", x + 2, y + 6, c)
        elif _KEYS[i] == 32:
            g.text("_", x + 6, y + 6, c)
        else:
            g.text(GLYPHS[i], x + 6, y + 6, c)
