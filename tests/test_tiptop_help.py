"""Tip Top's rules pages (games/tiptop/help.py) say the rules the game plays: every line is traced
to the rules of docs/tiptop.md (RB-... the rulebook and its card values, G-/O- the decisions, TC-
the console's choices, UI-1 the controls), every traced ID is stated there, and the lines that
carry numbers are checked against the rules code."""
import re

import games.tiptop as PKG
import help_pages as H
from games.tiptop import rules as R
from games.tiptop.help import PAGES


# page line -> the rules it states (the page titles are not traced)
TRACE = {
    "2-8 players, 4 chips each.": ("RB-1", "RB-6"),
    "Your chips are the number of": ("RB-6",),
    "cards you hold in a round.": ("RB-6",),
    "Play a card onto the pile:": ("RB-8",),
    "the pile total changes. It": ("RB-8", "RB-9"),
    "may never pass the Tip Top": ("RB-12", "RB-7"),
    "limit (22 to 66) nor go": ("RB-12", "O-1"),
    "below 0. Then draw a card.": ("RB-11", "RB-10"),
    "Play goes to the left.": ("RB-10", "G-1"),
    "No card you can play: you": ("RB-14", "O-4"),
    "lose the round and a chip.": ("RB-14", "O-4"),
    "No chips: you are out. The": ("RB-3", "RB-15"),
    "last player with chips wins.": ("RB-17",),

    "0     adds nothing": ("RB-C0",),
    "1-5   add their number": ("RB-C1",),
    "x2    doubles the total": ("RB-Cx2",),
    "-10   takes 10 off; only at": ("RB-C10", "O-2"),
    "      a total of 10 or more": ("RB-C10", "O-2"),
    "SPIN  Spin Out: play turns": ("RB-Cspin",),
    "      the other way round": ("RB-Cspin",),
    "TOP   Top Out: the total": ("RB-Ctop", "O-2"),
    "      goes up to the limit": ("RB-Ctop", "O-2"),
    "TURVY Topsy Turvy: turn a": ("RB-Cturvy", "O-3"),
    "      new limit card. Below": ("RB-Cturvy", "O-3"),
    "      the total: you lose": ("RB-Cturvy", "O-3"),
    "      the round (equal is": ("O-3",),
    "      fine) and draw none.": ("O-3",),

    "A dealer is drawn at random;": ("G-2",),
    "the player left of the dealer": ("RB-8",),
    "begins, at total 0.": ("RB-8",),
    "Deck: 8 each of 0-5 and -10,": ("O-1",),
    "4 each of x2, Spin Out, Top": ("O-1",),
    "Out and Topsy Turvy.": ("O-1",),
    "An empty deck is made again": ("RB-13",),
    "from the pile; its top card": ("RB-13", "TC-2"),
    "stays and so does the total.": ("TC-2", "O-4"),
    "After a lost round all cards": ("RB-16",),
    "are shuffled, each player": ("RB-16",),
    "gets one card per chip, the": ("RB-16", "RB-15", "TC-1"),
    "dealer moves left, play goes": ("O-4",),
    "clockwise again.": ("O-4",),

    "Left/right: choose a card.": ("UI-1",),
    "A: play it. Grey cards can": ("UI-1",),
    "not be played now; A on one": ("UI-1",),
    "says why.": ("UI-1",),
    "Several players: hand the": ("G-4",),
    "console on when asked. Your": ("G-4",),
    "cards show only after you": ("G-4",),
    "press A on your pass screen.": ("G-4",),
    "The bar: how close the total": ("UI-1",),
    "is to the limit. The arrow:": ("UI-1",),
    "the direction of play.": ("UI-1",),
}


def lines():
    return H.lines(PAGES)


def text():
    return " ".join(" ".join(p[1:]) for p in PAGES)


def test_pages_fit_the_pause_menu():
    assert PKG.help_pages() == PAGES
    H.check_fits(PAGES)


def test_every_line_is_traced_to_a_rule():
    H.check_traced(PAGES, TRACE)


def test_every_traced_rule_is_stated_in_the_docs():
    # every decision the code relies on is restated, not only those the pages need
    stated = H.check_stated("tiptop.md", r"^- \*\*((?:RB|UI|G|O|TC)-[A-Za-z0-9]+)\*\*", TRACE,
                            {"G-1", "G-2", "G-3", "G-4", "O-1", "O-2", "O-3", "O-4", "TC-1", "TC-2"})
    assert {"RB-%d" % k for k in range(1, 18)} <= stated


def test_the_numbers_on_the_pages_are_the_games():
    t = text()
    lo, hi = PKG.SEATS
    assert "%d-%d players, %d chips each." % (lo, hi, R.CHIPS) in t
    assert "limit (%d to %d)" % (min(R.LIMITS), max(R.LIMITS)) in t
    m = re.search(r"Deck: (\d) each of 0-5 and -10, (\d) each of x2, Spin Out, Top Out and Topsy Turvy", t)
    assert m
    eight, four = int(m.group(1)), int(m.group(2))
    assert [R.DECK[k] for k in (0, 1, 2, 3, 4, 5, R.MINUS)] == [eight] * 7
    assert [R.DECK[k] for k in (R.DOUBLE, R.SPIN, R.TOP, R.TURVY)] == [four] * 4
    assert sum(R.DECK) == R.NCARDS == 72
