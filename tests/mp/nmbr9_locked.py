"""Scenario: whole NMBR 9 games, the heap locked for every frame: every seat a bot (one seat and
four, several seeds and levels) and games with human seats driven by a seeded button mash
(tests/mp/mash.py: stick, B turns, A places, X views the others' displays).

    nmbr9_locked.py [GAMES]

Builds the console on the stand-in hardware (tests/mp/fakehw.py), starts each game the way the
launcher does (console.start_game("nmbr9", setup)) at bot speed "instant", and runs frames
through locked.run until scene.game_over, then two frames of the result screen. One line a game:
    game seed=S kinds=K frames=F bad=B faults=N rows=R result=winner=... scores=...
a human alone starts over a full high-score table of scores 0 (its game is entered in the
locked game-over frame, every entry moving down) and adds
    table played=P rank=R count=C best=S
then `done games=G bad=B` (bad counts frames that allocated or raised under the lock) and
`modules M...`: the game's modules loaded after the games (the suspend code and the record's
table stay off the heap).
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core import storage  # noqa: E402
from core.setup import Setup  # noqa: E402
from games.nmbr9 import scores as HS  # noqa: E402
from mash import Mash  # noqa: E402

# (seed, seat kinds: 0 human, 1 easy, 2 normal, 3 hard)
GAMES = (
    (1, (3,)),
    (2, (1, 2, 3, 3)),
    (3, (0, 2)),
    (4, (2,)),
    (5, (0,)),
    (6, (1,)),
)
NAMES = ("ANA", "BEN", "CLEO", "DEV")
MAX_FRAMES = 30000


def play(seed, kinds):
    hw = fakehw.Hardware()
    hw.buttons = Mash(seed)
    solo = len(kinds) == 1 and kinds[0] == 0
    if solo:
        t = HS.Scores()
        for s in range(HS.TOP):
            t.add(0, b"LOW", s)
        hw.files.write(HS.FILE, storage.pack(HS.MAGIC, HS.VERSION, t.payload()))
    c = Console(hw, frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    setup = Setup("nmbr9", bytearray(kinds), NAMES[:len(kinds)], bytearray(0), seed)
    c.start_game("nmbr9", setup)
    g = c.game
    gc.collect()
    frames = 0
    bad = 0
    while not g.game_over and frames < MAX_FRAMES and not c.faults:
        bad += locked.run(c, 1)
        frames += 1
    hw.buttons.no_a = True
    bad += locked.run(c, 2)             # the result screen, locked too
    print("game seed=%d kinds=%s frames=%d bad=%d faults=%d rows=%d result=%s"
          % (seed, "".join(str(k) for k in kinds), frames, bad, c.faults, g.record.n, g.result()))
    if solo:
        t = g.scores
        print("table played=%d rank=%d count=%d best=%d" % (t.played, t.rank, t.count, t.best()))
    return bad + c.faults + (0 if g.game_over else 1)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(GAMES)
    total = 0
    for i in range(n):
        seed, kinds = GAMES[i]
        total += play(seed, kinds)
        gc.collect()
    print("done games=%d bad=%d" % (n, total))
    print("modules " + " ".join(sorted(k for k in sys.modules if k.startswith("games.nmbr9"))))


main()
