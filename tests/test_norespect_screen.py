"""What No Respect's board says, read from its drawing calls (tests/screen_text.py) over whole
games: humans from a seeded button mash, bots at a visible speed, 8-character names. Every text
stays on the 240 x 240 screen and none is drawn over another; the header offers a play only when
a tile is drawn, a bot's shown choice is named (no "thinking..."), and the unseen tiles are
listed once."""
import pytest

import fakehw
import runs
from memfs import MemFS
from screen_text import TextProbe
from core.console import Console
from core.files import Files
from core.setup import Setup
from games.norespect import rules as R
from games.norespect import scenes as S

LONG = ("WWWWWWWW", "Normal 2", "MMMMMMMM", "Easy 4")      # names are at most 8 characters
HEADER = 28


def header(probe):
    """The header's two lines and the large tile on its right ('' when none is drawn)."""
    line = lambda y: "".join(probe.rows(y, y + 1))     # noqa: E731
    return line(3), line(15), line(2)


def start(kinds, variant=0, seed=1, speed=1, names=LONG):
    hw = fakehw.Hardware(b"", fresh=False)
    hw.files = Files(MemFS().os, "/data")
    hw.buttons = runs.Mash(seed)
    c = Console(hw)
    c.settings.bot_speed = speed
    c.start_game("norespect", Setup("norespect", bytearray(kinds), list(names[:len(kinds)]),
                                    bytearray([variant]), seed))
    return c, c.game, TextProbe(c.gfx)


def play(c, g, each, tail=20, limit=30000):
    """Frames until the game is over and `tail` more (A no longer pressed); each(frame) after
    every frame."""
    n = 0
    while n < limit and tail:
        if g.game_over:
            c.hw.buttons.no_a = True
            tail -= 1
        c.frame()
        assert c.top is g and not c.faults, c.last_error
        each(n)
        n += 1
    assert g.game_over
    return n


GAMES = [((0, 3), 0, 1), ((1, 0), 1, 2), ((0, 2, 1), 0, 3), ((3, 0, 1, 0), 1, 4),
         ((2, 3, 1, 3), 0, 5), ((0, 0), 0, 6)]


@pytest.mark.parametrize("kinds,variant,seed", GAMES)
def test_no_text_leaves_the_screen_or_is_drawn_over_another(kinds, variant, seed):
    c, g, probe = start(kinds, variant, seed)

    def each(n):
        assert not probe.faults, "frame %d: %s" % (n, probe.faults[0])
    play(c, g, each)
    c.repaint()
    c.render()
    assert not probe.faults, probe.faults[0]
    assert any("Game over" in r for r in probe.rows(0, HEADER))


@pytest.mark.parametrize("kinds,variant,seed", GAMES[:4])
def test_the_header_offers_a_play_only_with_a_drawn_tile(kinds, variant, seed):
    """Between turns (the bot delay before the next tile is drawn) nobody is asked to play."""
    c, g, probe = start(kinds, variant, seed)
    seen = {"between": 0, "offered": 0}

    def each(n):
        if g.mode != S.M_PLAY:
            return
        top, hint, tile = header(probe)
        offers = any(w in hint for w in ("A: ", "plays: ", "thinking", "out!"))
        if g.st.phase != R.P_PLAY:
            seen["between"] += 1
            assert not offers and tile == "", "frame %d: %r with no tile drawn" % (n, hint)
            assert "draws a tile" in hint, hint
        else:
            seen["offered"] += offers
            assert offers and tile == str(g.st.drawn), "frame %d: %r %r" % (n, hint, tile)
    play(c, g, each)
    assert seen["between"] > 10 and seen["offered"] > 10


@pytest.mark.parametrize("kinds,variant,seed", [((3, 1), 0, 1), ((2, 3, 1, 0), 1, 2)])
def test_a_bots_shown_choice_is_named_not_thinking(kinds, variant, seed):
    c, g, probe = start(kinds, variant, seed)
    shown = []

    def each(n):
        if g.mode != S.M_PLAY or g.st.phase != R.P_PLAY or g._human(g.st.turn):
            return
        hint = header(probe)[1]
        if g.sub == S.S_SHOW:
            m = g.shown
            kind = ("build", "stack", "discard")[m >> 4]
            if kind == "stack" and g.st.top_pile(((m >> 2) & 3) * 3 + (m & 3)) == 2:
                kind = "cap"
            assert "thinking" not in hint and "plays: " + kind in hint, "frame %d: %r" % (n, hint)
            shown.append(n)
        elif g.st.nlegal:
            assert "thinking" in hint, "frame %d: %r" % (n, hint)
    play(c, g, each)
    assert len(shown) > 20


@pytest.mark.parametrize("kinds,panels", [((1, 2), 1), ((1, 2, 3), 1), ((1, 2, 3, 1), 0)])
def test_the_unseen_tiles_are_listed_once(kinds, panels):
    c, g, probe = start(kinds, 0, 7, speed=3)
    for _ in range(40):
        c.frame()
    c.repaint()
    c.render()
    assert probe.count("unseen tiles") == panels
    assert g.mode == S.M_PLAY and g.st.turns > 0


def test_the_game_over_header_leaves_the_pool_count_readable():
    c, g, probe = start((3, 1), 0, 1, speed=3)
    play(c, g, lambda n: None)
    top, hint, tile = header(probe)
    assert top.startswith("Game over") and top.endswith(" pool"), top
    assert hint.endswith(" %d" % g.st.pool_n) and "A: continue" in hint, hint


@pytest.mark.parametrize("row,text", [
    ((R.E_START, 1, 2, 5), "Normal 2 starts: highest draw"),
    ((R.E_START, 1, 0, 0), "Normal 2 starts: in turn"),      # saved before every game drew (G-2)
    ((R.E_BUILD, 0, 7, 2, 4), "WWWWWWWW builds 7: col 3 done"),
    ((R.E_BUILD, 0, 7, 2, 2), "WWWWWWWW builds 7 on col 3"),
    ((R.E_STACK, 0, 4, 2, 1), "WWWWWWWW stacks MMMMMMMM's 4"),
    ((R.E_CAP, 2, 4, 0, 1), "MMMMMMMM caps WWWWWWWW's 4"),
    ((R.E_CAP, 2, 4, 2, 1), "MMMMMMMM caps own 4"),
    ((R.E_DISCARD, 0, 8, 2), "WWWWWWWW discards 8"),
    ((R.E_CLEAR, 2, 2, 3, 5), "MMMMMMMM col 3 back to pool"),
    ((R.E_ELIMINATE, 0, 6, 0), "WWWWWWWW is out (drew 6)"),
    ((R.E_RESULT, 4, 1, 30), "MMMMMMMM wins: 3 columns"),
    ((R.E_RESULT, 1, 2, 30), "WWWWWWWW wins: last left"),
    ((R.E_RESULT, 5, 3, 80), "2 share the win: pool empty"),
    ((R.E_RESULT, 15, 3, 80), "4 share the win: pool empty"),
])
def test_every_log_line_says_all_of_it_with_the_longest_names(row, text):
    """A log line holds 29 characters (29 x 8 px from x = 4); nothing is cut off."""
    c, g, probe = start((1, 1, 1, 1), speed=3)
    g.record.add(*row)
    g._make_log()
    assert bytes(g.lines[1]).rstrip(b"\0").decode() == text
    assert len(text) <= 29
