"""Scenario: whole Tip Top games with every seat a bot, the heap locked for every frame.

    tiptop_locked.py [WHICH]

WHICH: the indices of GAMES to play, as digits (default: all). (Suspend and resume:
tiptop_resume.py.)

Each game starts the way the launcher's start request does (console.start_game("tiptop",
setup)) at bot speed "instant" and runs through locked.run until scene.game_over, then two frames
of its result screen. One line per game:
    game seed=S seats=K frames=F bad=B faults=N rows=R result=winner=W rounds=R plays=P
and last `done games=G bad=B`: bad counts frames that allocated (or raised) under the lock and
games not over.
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard): the smallest and the largest table
GAMES = (
    (1, (3, 1)),
    (2, (2, 3)),
    (3, (3, 2, 1, 3, 2, 1, 3, 2)),
    (4, (1, 2, 3, 3, 2, 1, 1, 3)),
)
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6", "Bot 7", "Bot 8")
MAX_FRAMES = 30000


def new_game(seed, kinds):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    c.start_game("tiptop", Setup("tiptop", bytearray(kinds), NAMES[:len(kinds)], bytearray(0), seed))
    gc.collect()
    return c, c.game


def run(c, g):
    """Locked frames until the game is over; (frames run, bad frames)."""
    n = 0
    bad = 0
    while not g.game_over and n < MAX_FRAMES and not c.faults:
        bad += locked.run(c, 1)
        n += 1
    return n, bad


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "0123"
    total = 0
    for ch in which:
        seed, kinds = GAMES[int(ch)]
        c, g = new_game(seed, kinds)
        frames, bad = run(c, g)
        bad += locked.run(c, 2)         # the result screen, locked too
        print("game seed=%d seats=%d frames=%d bad=%d faults=%d rows=%d result=%s"
              % (seed, len(kinds), frames, bad, c.faults, g.record.n, g.result()))
        total += bad + c.faults + (0 if g.game_over else 1)
        c.hw.cleanup()
        gc.collect()
    print("done games=%d bad=%d" % (len(which), total))


main()
