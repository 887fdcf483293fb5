"""Memory of a tower game: gc.mem_alloc() after the console is up and after a game started.

    tower_mem.py [SEATS]

Prints `mem console=A game=B after300=C modules=M world=W pool=P record=R seats=N` in bytes:
B = what starting the game added (C: still so after 300 frames), M = the game's modules alone,
W = the one World's arrays, P = the saved-towers pool, R = the record's rows.
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
hw = fakehw.Hardware()
c = Console(hw, frame)
c.settings.bot_speed = 3
gc.collect()
base = gc.mem_alloc()
import games.tower.scenes  # noqa: E402,F401
gc.collect()
mods = gc.mem_alloc() - base
setup = Setup("tower", bytearray([3] * n), ["Bot"] * n, bytearray([0, 0, 0]), 7)
c.start_game("tower", setup)
gc.collect()
game = gc.mem_alloc() - base
for _ in range(300):
    c.frame()
gc.collect()
later = gc.mem_alloc() - base
from games.tower import physics  # noqa: E402
g = c.game
print("mem console=%d game=%d after300=%d modules=%d world=%d pool=%d record=%d seats=%d" % (
    base, game, later, mods, 4 * len(g.tw.w.w32) + 2 * len(g.tw.w.w16), len(g.tw.pool), len(g.record.buf), n))
