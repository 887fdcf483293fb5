"""Tip Top (rulebook seed 003): 2-8 seats play cards onto a running total without passing the
Tip Top limit; who cannot play loses a chip, the last with chips wins.

Metadata only; the rules, bots and scenes are imported when the game starts.
"""
TITLE = "Tip Top"
SEATS = (2, 8)
# (key, label, choices); the first choice is the default. Simulator: --option key=choice
OPTIONS = ()


def start(console, setup, snapshot=None):
    from games.tiptop.scenes import GameScene
    return GameScene(console, setup, snapshot)


def help_pages():
    from games.tiptop.help import PAGES
    return PAGES
