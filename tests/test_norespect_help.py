"""No Respect's rules pages (games/norespect/help.py) say the rules the game plays: every line is
traced to the rules of docs/norespect.md (RB-... the rulebook, G-/N-... the decisions, UI-1 the
controls), every traced ID is stated there, and the statements that carry numbers or exceptions
are checked against the rules code."""
import re

import help_pages as H
import norespect_util as U
from games.norespect.help import PAGES


# page line -> the rules it states (the page titles are not traced)
TRACE = {
    "2-4 players. Each has three": ("RB-1",),
    "columns of four circles and": ("RB-1",),
    "three discard circles.": ("RB-1",),
    "80 tiles: ten each of 1-8.": ("RB-C",),
    "Win: complete all three": ("RB-W", "N-4"),
    "columns, or be the last": ("RB-W", "N-4"),
    "player left in the game.": ("RB-W", "N-4"),
    "Who starts: everyone draws,": ("RB-2", "G-2"),
    "highest tile starts, ties": ("RB-2", "G-2"),
    "draw again; tiles go back.": ("RB-2", "G-2"),
    "Then play goes clockwise.": ("RB-2", "G-1"),

    "A tile is drawn for you.": ("RB-3", "UI-1"),
    "Play it (no passing):": ("RB-3",),
    "- build it on the next": ("RB-4",),
    "  circle of your column": ("RB-4", "N-1"),
    "- stack it on the top tile": ("RB-5",),
    "  of the same number on any": ("RB-5",),
    "  column in play, yours too": ("RB-5", "RB-7", "N-3"),
    "- put it on a free discard": ("RB-6", "N-2"),
    "  circle of your own: always": ("RB-6", "N-2"),
    "  allowed.": ("N-2",),
    "Joystick: choose a target": ("UI-1",),
    "(only legal ones light up).": ("UI-1",),
    "A: play it there.": ("UI-1",),

    "Only on your own columns,": ("RB-4",),
    "from circle 1 (bottom) up,": ("RB-4",),
    "each tile lower than the one": ("RB-4", "N-1"),
    "below: 7, 4, 3, 1 is fine.": ("RB-4",),
    "Base game: circle 1 needs 4": ("N-1",),
    "or more, circle 2 3 or more,": ("N-1",),
    "circle 3 2 or more, so every": ("N-1",),
    "column can be completed.": ("N-1",),
    "Variation: any lower tile,": ("N-1", "RB-V1"),
    "even a 1 on circle 1.": ("N-1", "RB-V1"),

    "Two tiles on a circle are a": ("RB-5",),
    "stack: the owner can still": ("RB-5",),
    "build above it. A third": ("RB-5",),
    "tile caps the column: no": ("RB-5",),
    "more plays on it. A capped": ("RB-5", "N-3"),
    "completed column still": ("N-3",),
    "counts as completed.": ("N-3",),
    "No place for your tile and": ("RB-7", "N-2"),
    "all discard circles full:": ("RB-7", "N-2"),
    "you are out. Base game: your": ("RB-7", "N-2"),
    "columns stay, dead: nobody": ("RB-7",),
    "plays on them.": ("RB-7",),

    "Variation (setup option): a": ("N-5",),
    "capped column goes back into": ("RB-V1", "N-5"),
    "the pool with the discard": ("RB-V2", "N-5"),
    "below it, unless it was": ("N-3",),
    "completed; build it again.": ("N-3", "RB-V1"),
    "The tiles of an eliminated": ("RB-V2", "N-2", "N-5"),
    "player all go back too.": ("RB-V2", "N-5"),
    "Pool empty when a turn": ("N-4",),
    "begins: most completed": ("N-4",),
    "columns wins, then most": ("N-4",),
    "tiles on uncapped columns,": ("N-4",),
    "then fewest discards; ties": ("N-4",),
    "share the win.": ("N-4",),
}


def lines():
    return H.lines(PAGES)


def text():
    """All pages as one text, lines joined by spaces."""
    return " ".join(" ".join(p[1:]) for p in PAGES).replace("  ", " ")


def test_pages_fit_the_pause_menu():
    H.check_fits(PAGES)


def test_every_line_is_traced_to_a_rule():
    H.check_traced(PAGES, TRACE)


def test_every_traced_rule_is_stated_in_the_docs():
    # every decision the code relies on is restated, not only those the pages need
    H.check_stated("norespect.md", r"^- \*\*((?:RB|UI|G|N)-[A-Z0-9]+)\*\*", TRACE,
                   {"G-1", "G-2", "G-3", "G-4", "N-1", "N-2", "N-3", "N-4", "N-5"})


def _smallest_build(variant, below):
    st = U.new(2, variant)
    U.column(st, 0, 0, *below)
    return min(v for v in range(1, 9) if st.can_build(0, v))


def test_the_circle_minimums_are_the_base_games_and_the_rules_N1():
    m = re.search(r"Base game: circle 1 needs (\d) or more, circle 2 (\d) or more, circle 3 (\d) "
                  r"or more", text())
    assert m, "the minimums must be said to hold in the base game only"
    for p, need in enumerate(m.groups()):
        assert _smallest_build(0, (8, 7, 6)[:p]) == int(need)
    assert "Variation: any lower tile, even a 1 on circle 1." in text()
    assert _smallest_build(1, ()) == 1


def test_the_variation_keeps_a_capped_completed_column_N3():
    """The rules side: test_norespect_rules.py::test_variation_a_capped_completed_column_is_not_cleared_N3."""
    m = re.search(r"a capped column goes back into the pool[^.]*\.", text())
    assert m and "unless it was completed" in m.group(0), m and m.group(0)


def test_elimination_leaves_the_columns_in_the_base_game_only_N2_N5():
    assert "you are out. Base game: your columns stay, dead" in text()
    assert "The tiles of an eliminated player all go back too." in text()
