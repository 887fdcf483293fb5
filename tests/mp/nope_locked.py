"""Scenario: whole NOPE! games with every seat a bot, the heap locked for every frame.

    nope_locked.py [GAMES]

Builds the console on the stand-in hardware (tests/mp/fakehw.py), starts each game the way the
launcher does (console.start_game("nope", setup)) at bot speed "instant", and runs frames
through locked.run until scene.game_over. One line per game:
    game seed=S seats=K options=O frames=F bad=B faults=N rows=R result=winner=... turns=T
then `done games=G bad=B` (bad counts frames that allocated or raised under the lock) and
`modules M...`: the game's modules loaded after the games (suspend code and the record's table
stay off the heap).
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, options: deal, actions, alone)
GAMES = (
    (1, (3, 1), (0, 0, 0)),
    (2, (3, 2, 1, 3, 2, 1), (0, 0, 0)),
    (3, (2, 3), (1, 1, 0)),
    (4, (1, 3, 2, 3, 3, 2), (0, 0, 1)),
    (5, (3, 3, 3, 3), (1, 0, 0)),
)
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6")
MAX_FRAMES = 30000


def play(seed, kinds, options):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    setup = Setup("nope", bytearray(kinds), NAMES[:len(kinds)], bytearray(options), seed)
    c.start_game("nope", setup)
    g = c.game
    gc.collect()
    frames = 0
    bad = 0
    while not g.game_over and frames < MAX_FRAMES and not c.faults:
        bad += locked.run(c, 1)
        frames += 1
    bad += locked.run(c, 2)             # the result screen, locked too
    print("game seed=%d seats=%d options=%d%d%d frames=%d bad=%d faults=%d rows=%d result=%s"
          % (seed, len(kinds), options[0], options[1], options[2], frames, bad, c.faults,
             g.record.n, g.result()))
    return bad + c.faults + (0 if g.game_over else 1)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(GAMES)
    total = 0
    for i in range(n):
        seed, kinds, options = GAMES[i]
        total += play(seed, kinds, options)
        gc.collect()
    print("done games=%d bad=%d" % (n, total))
    print("modules " + " ".join(sorted(k for k in sys.modules if k.startswith("games.nope"))))


main()
