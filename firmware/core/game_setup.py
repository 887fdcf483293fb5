"""The setup screen before a game: number of seats, who sits where, the game's options."""
from micropython import const

from core import menu as M
from core import palette as P
from core import setup as S
from core import widgets
from core.scene import Scene

_KIND_LABELS = ("Human", "Easy bot", "Normal bot", "Hard bot")     # by seat kind (core/setup.py)
_SEAT_LABELS = ("Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "Seat 8")
_COUNT_LABELS = ("0", "1", "2", "3", "4", "5", "6", "7", "8")
_MAX_OPTIONS = const(4)
_TOP = const(34)
_ROW_H = const(17)
_ROOM = const(192)          # from _TOP to the footer: 11 rows of 17 px; more rows are lower


class GameSetup(Scene):
    def __init__(self, console):
        self.c = console
        self.menu = M.Menu(0, _TOP, 240, _ROW_H, 2 + S.MAX_SEATS + _MAX_OPTIONS)
        self.pkg = None
        self.name = None
        self.kinds = bytearray(S.MAX_SEATS)
        self.count = 2
        self.options = bytearray(_MAX_OPTIONS)
        self._start = 0

    def prepare(self, name, pkg):
        """Called by the launcher before pushing: build the rows for this game."""
        self.pkg = pkg
        self.name = name
        lo, hi = pkg.SEATS
        self.count = lo if lo > 2 else (2 if hi >= 2 else lo)
        for i in range(S.MAX_SEATS):
            self.kinds[i] = S.HUMAN if i == 0 else S.NORMAL
        for i in range(_MAX_OPTIONS):
            self.options[i] = 0
        m = self.menu
        m.clear()
        opts = pkg.OPTIONS
        rows = 2 + hi + len(opts)
        h = _ROW_H if rows * _ROW_H <= _ROOM else _ROOM // rows    # 8 seats and options: lower rows
        m.add("Seats", _COUNT_LABELS[self.count], True, h)
        for i in range(hi):
            m.add(_SEAT_LABELS[i], _KIND_LABELS[self.kinds[i]], i < self.count, h)
        for i in range(len(opts)):
            m.add(opts[i][1], opts[i][2][0], True, h)
        self._start = m.add("Start", None, True, h)
        m.select(self._start)

    def update(self, c):
        m = self.menu
        act = m.update(c.buttons)
        i = m.sel
        lo, hi = self.pkg.SEATS
        if act == M.LEFT or act == M.RIGHT:
            d = 1 if act == M.RIGHT else -1
            if i == 0:
                v = self.count + d
                if lo <= v <= hi:
                    self.count = v
                    m.set_value(0, _COUNT_LABELS[v])
                    for s in range(hi):
                        e = 1 if s < v else 0
                        if m.enabled[1 + s] != e:
                            m.enabled[1 + s] = e
                            m.touch(1 + s)
            elif 1 <= i <= hi:
                s = i - 1
                if s < self.count:
                    self.kinds[s] = (self.kinds[s] + d) % 4
                    m.set_value(i, _KIND_LABELS[self.kinds[s]])
            elif i < self._start:
                k = i - 1 - hi
                choices = self.pkg.OPTIONS[k][2]
                self.options[k] = (self.options[k] + d) % len(choices)
                m.set_value(i, choices[self.options[k]])
        elif act == M.SELECT and i == self._start:
            from core import session
            session.launch(c, session.GO_NEW, self.make_setup(c))
        elif act == M.BACK:
            c.pop()

    def make_setup(self, c):
        """The Setup for what is chosen (allocates: runs once, as the game starts)."""
        kinds = self.kinds[0:self.count]
        names = S.seat_names(kinds, c.settings)
        opts = self.options[0:len(self.pkg.OPTIONS)]
        return S.Setup(self.name, kinds, names, opts, c.new_seed())

    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            widgets.header(g, self.pkg.TITLE)
            widgets.footer(g, "<> change  A start  B back")
        self.menu.draw(g, full)
