"""NOPE!'s rules pages (games/nope/help.py) say the rules the game plays: every line is traced
to the rules of docs/nope.md (RB-... the rulebook, G-/P-... the decisions, UI-1 the controls),
every traced ID is stated there, and the statements that carry numbers are checked against the
rules code."""

import help_pages as H
import nope_util as U
from games.nope import cards as C
from games.nope import begin as D
from games.nope import rules as R
from games.nope.help import PAGES


# page line -> the rules it states (the page titles are not traced)
TRACE = {
    "2-6 players. Keep your cards:": ("RB-G1",),
    "the last player still": ("RB-G1", "RB-W2"),
    "holding cards wins.": ("RB-G1", "RB-W2"),
    "7 cards each (8 with two).": ("RB-S1", "RB-T1"),
    "The top card of the discard": ("RB-S3", "RB-P2"),
    "pile says how many cards": ("RB-P2", "RB-D2"),
    "(its number) and which": ("RB-D2",),
    "colour you must discard.": ("RB-P2", "RB-D3"),
    "Two colours: one of them,": ("RB-D3", "RB-D4"),
    "never mixed.": ("RB-D3",),
    "The player left of the dealer": ("RB-P1", "G-2"),
    "starts, then clockwise.": ("RB-P1", "G-1"),

    "Hold a full set (that many": ("RB-P2", "RB-D5"),
    "cards of one colour asked)?": ("RB-P2", "RB-D3"),
    "You must discard one. You": ("RB-P3", "RB-N1"),
    "choose the cards and their": ("RB-H1", "RB-H2"),
    "order: your last card is": ("RB-H2",),
    "the next demand.": ("RB-H2",),
    "No set: draw a card (two": ("RB-P4", "RB-T2", "P-6"),
    "with two players). Does it": ("RB-T2", "RB-T3", "P-6"),
    "complete a set? Discard it.": ("RB-P5", "RB-N2"),
    "Else say Nope! and the turn": ("RB-N3", "RB-N4"),
    "ends.": ("RB-N3",),
    "Discard your last cards and": ("RB-W1",),
    "you are out.": ("RB-W1",),

    "Joker: a 1 of all colours.": ("RB-J1", "RB-J2", "RB-C5"),
    "Reset: goes on any colour;": ("RB-R1",),
    "next: 1 card of any colour.": ("RB-R2", "RB-R3"),
    "See-through: the card below": ("RB-V1", "RB-V2", "P-4"),
    "it counts for the next one.": ("RB-V2", "P-4"),
    "Nominate: name a player, a": ("RB-M1", "RB-M2", "P-5"),
    "count 1-3 (and a colour on": ("RB-M2", "RB-M3", "RB-M4"),
    "the four-colour one); play": ("RB-M4", "P-1"),
    "goes on from that player.": ("RB-M5", "P-5"),
    "An action card may be laid": ("RB-A2", "P-2"),
    "alone on its colour instead": ("RB-A2", "RB-A4", "P-2"),
    "of a set; last in a set it": ("RB-A1", "P-3"),
    "acts as when turned up.": ("P-3", "RB-R3", "RB-V3", "RB-M6"),
    "Empty draw pile: the rest": ("RB-E1",),
    "of the discards, shuffled.": ("RB-E1",),

    "Left/right: move in hand.": ("UI-1",),
    "Lit cards can make a set.": ("UI-1",),
    "A: pick or drop a card.": ("UI-1",),
    "X: play the picked cards": ("UI-1", "RB-H3"),
    "(or an action card alone),": ("UI-1", "RB-A2"),
    "then choose the top card": ("UI-1", "RB-H2"),
    "with left/right and A.": ("UI-1",),
    "B: draw (only without set).": ("UI-1", "RB-N1"),
    "Nominate: up/down the row,": ("UI-1", "RB-M2"),
    "left/right the value, A.": ("UI-1",),
    "Options: younger players": ("P-7", "RB-Y1"),
    "(8 cards each), without": ("RB-Y1", "RB-Y2"),
    "action cards, an action": ("RB-Y2", "P-2"),
    "card alone only with a set.": ("P-2",),
}


def lines():
    return H.lines(PAGES)


def test_pages_fit_the_pause_menu():
    H.check_fits(PAGES)


def test_every_line_is_traced_to_a_rule():
    H.check_traced(PAGES, TRACE)


def test_every_traced_rule_is_stated_in_the_docs():
    # every decision the code relies on is restated, not only those the pages need
    H.check_stated("nope.md", r"^\| ((?:RB|UI|G|P)-[A-Z0-9]+) \|", TRACE,
                   {"G-1", "G-2", "G-3", "G-4", "P-1", "P-2", "P-3", "P-4", "P-5", "P-6", "P-7"})


def test_the_numbers_on_the_pages_are_the_rules():
    assert "2-6 players. Keep your cards:" in set(lines())
    from games import nope
    assert nope.SEATS == (2, 6)
    assert D.hand_size(U.new(3)) == 7 and D.hand_size(U.new(2)) == 8     # "7 cards each (8 with two)"
    assert D.hand_size(U.new(4, deal=1)) == 8                          # "(8 cards each)"
    assert C.NUMBER[C._JOKER] == 1 and C.COLS[C._JOKER] == C.ALL        # "Joker: a 1 of all colours."
    st = U.new(3)
    assert st.two == 0 and U.new(2).two == 1                          # two draw two cards
    assert R.demand_of(C._RESET) == (1 << 4) | C.ALL                   # next: 1 card of any colour
