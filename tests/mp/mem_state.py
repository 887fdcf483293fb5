"""Leave the console in a state for a memory reading (tools/memory.py): the launcher, or a game
played for a while by bots. Nothing is printed; the state stays in this module's globals.

    mem_state.py launcher | GAME SEATS [human]      (GAME: norespect, tower, nope or tiptop)

'human' makes seat 0 a human (who then never presses anything), the other seats hard bots.
"""
import sys

from core.gfx import Gfx

frame = Gfx()                       # first, as main.py does
import fakehw  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

hw = fakehw.Hardware()
console = Console(hw, frame)
console.frame()
what = sys.argv[1]
if what != "launcher":
    seats = int(sys.argv[2])
    options = bytearray({"tower": 3, "norespect": 1, "nope": 3}.get(what, 0))
    console.settings.bot_speed = 3
    kinds = bytearray([3] * seats)
    if len(sys.argv) > 3 and sys.argv[3] == "human":
        kinds[0] = 0
    console.start_game(what, Setup(what, kinds, ["B%d" % i for i in range(seats)],
                                   options, 7))
    for _ in range(300):
        console.frame()
