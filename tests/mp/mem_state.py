"""Leave the console in a state for a memory reading (tools/memory.py): the launcher, or a game
played for a while by bots. Nothing is printed; the state stays in this module's globals.

    mem_state.py launcher | norespect SEATS | tower SEATS
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
    options = bytearray([0, 0, 0] if what == "tower" else [0])
    console.settings.bot_speed = 3
    console.start_game(what, Setup(what, bytearray([3] * seats), ["B%d" % i for i in range(seats)],
                                   options, 7))
    for _ in range(300):
        console.frame()
