"""The screen after every game: the evening's score table, A: play again, B: back to the launcher.

Every game gets it from the console (core/session.py shows it when the game's own result screen
is left with A): the game is dropped first, so this screen needs only the setup the game was
played with and the table (core/evening.py). "Play again" starts the same game with the same
seats and options, and the next seat clockwise starts, unless who starts is a game action that
every game performs (G-2: No Respect's start draw; core/session.py next_start). The screen is
static: it draws only on a full redraw and allocates nothing per frame.
"""
from micropython import const

from core import buttons as B
from core import catalog
from core import palette as P
from core import widgets
from core.evening import tenths
from core.gfx import DIGITS
from core.scene import Scene

_INFO_Y = const(38)
_LAST_Y = const(52)
_HEAD_Y = const(72)
_ROW_Y = const(86)
_ROW_H = const(14)
_NEXT_Y = const(206)
_NAME_X = const(32)
_WINS_X = const(168)        # the whole wins end at _WINS_X + 24: up to three digits
_MARK_X = const(216)


class Results(Scene):
    def __init__(self, console, setup, evening, nxt):
        self.c = console
        self.setup = setup
        self.ev = evening
        i = catalog.index(setup.game)
        self.title = catalog.TITLES[i] if i >= 0 else setup.game
        w = evening.last
        self.winner = -1            # the only winner of the last game, else -1
        self.shared = w & (w - 1) != 0
        for s in range(setup.seats):
            if w == 1 << s:
                self.winner = s
        self.next = nxt             # who starts if played again; -1: the game chooses

    def update(self, c):
        p = c.buttons.pressed
        if p & B.A:
            from core import session
            session.play_again(c)
        elif p & B.B:
            c.home()

    def draw(self, g, full):
        if not full:
            return
        su = self.setup
        ev = self.ev
        g.clear(P.NAVY)
        widgets.header(g, self.title)
        x = g.text("Games this evening: ", 8, _INFO_Y, P.SILVER)
        g.number(ev.games, 8 + x, _INFO_Y, P.WHITE)
        if self.winner >= 0:
            x = g.text("Won by ", 8, _LAST_Y, P.SILVER)
            g.text(su.names[self.winner], 8 + x, _LAST_Y, P.YELLOW)
        elif self.shared:
            g.text("A shared win", 8, _LAST_Y, P.YELLOW)
        else:
            g.text("A draw: no win", 8, _LAST_Y, P.SILVER)
        g.text("player", _NAME_X, _HEAD_Y, P.GREY)
        g.text("wins", _WINS_X, _HEAD_Y, P.GREY)
        y = _ROW_Y
        for s in range(su.seats):
            won = ev.last & (1 << s)
            g.text(DIGITS[(s + 1) % 10], 8, y, P.GREY)
            g.text(su.names[s], _NAME_X, y, P.YELLOW if won else P.WHITE)
            t = tenths(ev.wins[s])
            g.number(t // 10, _WINS_X, y, P.WHITE, -1, 3)
            if t % 10:
                g.text(".", _WINS_X + 24, y, P.WHITE)
                g.text(DIGITS[t % 10], _WINS_X + 32, y, P.WHITE)
            if won:
                g.text("*", _MARK_X, y, P.YELLOW)
            y += _ROW_H
        if self.next >= 0:
            x = g.text("Next start: ", 8, _NEXT_Y, P.SILVER)
            g.text(su.names[self.next], 8 + x, _NEXT_Y, P.WHITE)
        widgets.footer(g, "A play again  B launcher")
