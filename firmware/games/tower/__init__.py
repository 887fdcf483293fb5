"""Tower (rulebook seed 001, published as Bausack / Bandu): 2-4 seats bid for pieces and
balance them on their own towers, in real 2D rigid-body physics steered by tilting the device.

Metadata only; the rules, physics, bots and scenes are imported when the game starts.
"""
TITLE = "Tower"
SEATS = (2, 4)
# (key, label, choices); the first choice is the default. Simulator: --option key=choice
#   supply: all 27 pieces, the 20 convex ones, or a short set of 10 (quick games, tests)
#   tilt:   "table tilt" (T-9): tilting the device also leans gravity a few degrees while carrying
#   hint:   the balance hint (a plumb line from the carried piece's centre of mass)
OPTIONS = (
    ("supply", "Pieces", ("all", "convex", "short")),
    ("tilt", "Table tilt", ("off", "on")),
    ("hint", "Balance hint", ("on", "off")),
)


ROOM = 12800    # bytes: the towers' pool and the physics world's two arrays (startup.py)


def start(console, setup, snapshot=None):
    # a block kept free for the game's big arrays while its modules load: loading leaves small
    # holes all over the heap, and the arrays then found no block of 3 KB with 89 KB free
    # (docs/tower.md, Memory); startup.build() lets it go and makes them first
    room = [bytearray(ROOM)]
    from games.tower.scenes import GameScene
    return GameScene(console, setup, snapshot, room)


def help_pages():
    from games.tower.help import PAGES
    return PAGES
