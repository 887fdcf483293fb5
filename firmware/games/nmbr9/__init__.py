"""NMBR 9 (rulebook seed 004): 1-4 seats build displays of number tiles; higher is worth more.

Metadata only; the rules, bots and scenes are imported when the game starts.
"""
TITLE = "NMBR 9"
SEATS = (1, 4)
OPTIONS = ()


def start(console, setup, snapshot=None):
    from games.nmbr9.scenes import GameScene
    return GameScene(console, setup, snapshot)


def help_pages():
    from games.nmbr9.help import PAGES
    return PAGES
