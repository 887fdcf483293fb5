"""Scenario: whole No Respect games with every seat a bot, the heap locked for every frame.

    norespect_locked.py [GAMES]

Builds the console on the stand-in hardware (tests/mp/fakehw.py), starts each game the way the
launcher does (console.start_game("norespect", setup)) at bot speed "instant", and runs frames
through locked.run until scene.game_over. One line per game:
    game seed=S seats=K variant=V frames=F bad=B faults=N rows=R result=winner=... reason=... turns=T
then `done games=G bad=B`. bad counts frames that allocated (or raised) under the lock.
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, variant)
GAMES = (
    (1, (3, 1), 0),
    (2, (3, 2, 1, 3), 0),
    (3, (2, 2, 2), 1),
    (4, (1, 3, 2, 1), 1),
    (5, (3, 3, 3, 3), 0),
    (6, (3, 3), 1),
)
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
MAX_FRAMES = 30000


def play(seed, kinds, variant):
    hw = fakehw.Hardware()
    c = Console(hw, frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    setup = Setup("norespect", bytearray(kinds), NAMES[:len(kinds)], bytearray([variant]), seed)
    c.start_game("norespect", setup)
    g = c.game
    gc.collect()
    frames = 0
    bad = 0
    while not g.game_over and frames < MAX_FRAMES and not c.faults:
        bad += locked.run(c, 1)
        frames += 1
    # two more frames after the end: the result screen is drawn locked too
    bad += locked.run(c, 2)
    res = g.result()
    print("game seed=%d seats=%d variant=%d frames=%d bad=%d faults=%d rows=%d result=%s"
          % (seed, len(kinds), variant, frames, bad, c.faults, g.record.n, res))
    return bad + c.faults + (0 if g.game_over else 1)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(GAMES)
    total = 0
    for i in range(n):
        seed, kinds, variant = GAMES[i]
        total += play(seed, kinds, variant)
        gc.collect()
    print("done games=%d bad=%d" % (n, total))


main()
