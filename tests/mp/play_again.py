"""Scenario: games of bots in a row through the results screen's "play again", under real
MicroPython, every frame of the games and of the results screen with the heap locked.

    play_again.py GAME KINDS SEED GAMES [OPTIONS] [free]

KINDS: a digit per seat (1 easy, 2 normal, 3 hard); OPTIONS: a digit per game option; `free`:
the games' own frames unlocked (a game known to allocate on this port). The first
game is started as the launcher starts it (a start request and a restart); at each game's end A
leaves its result screen (an allocation point: the game is dropped, the table comes up), the
table runs locked, including a full repaint, and A plays again (a restart: the next allocation
point). One line per game, then the table:
    game k=K start=S winners=W frames=F game_bad=B results_bad=R next=N [draw=ROWS]
    evening games=G wins=W0,W1,...
next: the seat the table says starts the next game (-1: none named). No Respect's games add
their record's rows from the first to its start row, `kind.seat.tile_or_seat.round_or_rounds`
joined by commas (the start draw, G-2: tests/test_lifecycle.py judges it).
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core import buttons as B  # noqa: E402
from core import session  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

MAX_FRAMES = 30000


def digits(s):
    return bytearray(int(ch) for ch in s)


def press_a(c):
    """One frame with A pressed and two without (unlocked: what A starts is an allocation
    point); follows a restart. Returns the console."""
    c.hw.buttons.script = fakehw.steps(B.A, 1, 0, 2)
    c.hw.buttons.i = 0
    for _ in range(3):
        c = fakehw.frame(c)
    return c


def head(rec):
    """ draw=...: a No Respect record's rows up to its start row (kind 2), after the game."""
    rows = []
    for i in range(1, rec.n):
        rows.append("%d.%d.%d.%d" % (rec.kind(i), rec.field(i, 0), rec.field(i, 1), rec.field(i, 2)))
        if rec.kind(i) == 2:
            break
    return " draw=" + ",".join(rows)


def main(game, kinds, seed, games, options, free):
    hw = fakehw.Hardware()
    c = Console(hw, frame)
    setup = Setup(game, kinds, ["Bot %d" % (i + 1) for i in range(len(kinds))], options, seed)
    try:
        session.launch(c, session.GO_NEW, setup)
    except fakehw.Restart:
        c = Console(hw, Gfx())
    for k in range(games):
        c.settings.bot_speed = 3        # instant (the simulator's --until-end)
        g = c.game
        if g is None:
            print("no game k=%d top=%s" % (k, type(c.top).__name__))
            break
        frames = 0
        game_bad = 0
        while not g.game_over and frames < MAX_FRAMES and not c.faults:
            if free:
                c.frame()
            else:
                game_bad += locked.run(c, 1)
            frames += 1
        start = c.game_setup.start
        winners = g.winners if g.game_over else -1
        draw = head(g.record) if game == "norespect" else ""
        g = None
        c = press_a(c)                  # leave the result screen: the evening's table
        results_bad = locked.run(c, 40)
        c.repaint()                     # a full redraw of the table, locked too
        results_bad += locked.run(c, 2)
        if type(c.top).__name__ != "Results":
            results_bad += 1000
        print("game k=%d start=%d winners=%d frames=%d game_bad=%d results_bad=%d next=%d%s" % (
            k, start, winners, frames, game_bad, results_bad, c.top.next, draw))
        if k < games - 1:
            c = press_a(c)              # play again: a restart into the next game
    ev = c.evening
    print("evening games=%d wins=%s" % (ev.games, ",".join(str(w) for w in ev.wins)))
    hw.cleanup()


a = sys.argv
main(a[1], digits(a[2]), int(a[3]), int(a[4]), digits(a[5]) if len(a) > 5 else bytearray(),
     len(a) > 6 and a[6] == "free")
