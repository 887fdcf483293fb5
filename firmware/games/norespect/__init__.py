"""No Respect (rulebook seed 000): 2-4 seats build number columns and cap each other's.

Metadata only; the rules, bots and scenes are imported when the game starts.
"""
TITLE = "No Respect"
SEATS = (2, 4)
# (key, label, choices); the first choice is the default. Simulator: --option key=choice
OPTIONS = (("variant", "Rules", ("base", "variation")),)
# G-2: who goes first is the rulebook's start draw, a game action: every game performs it, so
# "play again" does not rotate the first player (core/session.py next_start)
START_DRAW = True


def start(console, setup, snapshot=None):
    from games.norespect.scenes import GameScene
    return GameScene(console, setup, snapshot)


def help_pages():
    from games.norespect.help import PAGES
    return PAGES
