"""NOPE! (rulebook seed 002): 2-6 seats keep their cards; the last player holding cards wins.

Metadata only; the rules, bots and scenes are imported when the game starts.
"""
TITLE = "NOPE!"
SEATS = (2, 6)
# (key, label, choices); the first choice is the default. Simulator: --option key=choice
# deal: younger players get 8 cards each (P-7); actions: without the 14 action cards (P-7);
# alone: an action card alone only by a player who holds a set (P-2's option)
OPTIONS = (("deal", "Deal", ("standard", "younger")),
           ("actions", "Action cards", ("with", "without")),
           ("alone", "Action alone", ("always", "with-set")))


def start(console, setup, snapshot=None):
    """A table with a human seat gets the hand screen and the human's input (human.py); a
    table of bots does without that code."""
    human = False
    for k in setup.kinds:
        if k == 0:
            human = True
    if human:
        from games.nope.human import HumanScene as Table
    else:
        from games.nope.scenes import GameScene as Table
    return Table(console, setup, snapshot)


def help_pages():
    from games.nope.help import PAGES
    return PAGES
