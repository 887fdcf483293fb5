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


def start(console, setup, snapshot=None):
    from games.tower.scenes import GameScene
    return GameScene(console, setup, snapshot)


def help_pages():
    from games.tower.help import PAGES
    return PAGES
