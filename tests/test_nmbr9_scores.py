"""Solitaire's high scores and statistics (games/nmbr9/scores.py, docs/nmbr9.md): a solo human
game is entered (best first, the statistics), shown on the result screen and by X during play,
written when the result screen is left and there after a restart; a power cut while writing
leaves the old table or the new one; a damaged, truncated, foreign, newer or inconsistent file
is reported by a notice and replaced, never fatal; the screen that shows the table equals a full
redraw (the heap-locked runs are tests/mp/nmbr9_locked.py's human solo game)."""
import pytest

import fakehw
import redraw
import runs
from core import buttons as B
from core import storage
from core.console import Console
from core.files import Files
from core.gfx import Gfx
from core.setup import Setup
from games.nmbr9 import scenes as S
from games.nmbr9 import scores as HS
from memfs import MemFS, PowerCut
from screen_text import TextProbe
from scene_util import console, press

FRAME = Gfx()


def solo(fs, kinds=(0,), seed=3, name="ANA"):
    c, hw, _ = console(3, fs)
    c.start_game("nmbr9", Setup("nmbr9", bytearray(kinds), [name, "BEN"][:len(kinds)],
                                bytearray(0), seed))
    assert not c.faults, c.last_error
    return c, c.game


def play_out(c, g):
    """A human who takes the ghost's first place every turn (it starts legal): A until over."""
    n = 0
    while not g.game_over and n < 2000:
        press(c, B.A, 2)
        n += 1
    assert g.game_over and not c.faults, c.last_error


def notices(c):
    return [c.notice._q[i] for i in range(c.notice._n)]


def table(fs):
    st, _, p = storage.load(Files(fs.os, "/data", fs.open), HS.FILE, HS.MAGIC, HS.VERSION)
    t = HS.Scores()
    assert st == storage.OK and t.apply(p)
    return t


# -- the table in memory ---------------------------------------------------------------------------
def test_add_keeps_the_best_five_best_first_and_the_statistics():
    t = HS.Scores()
    for s, name in ((40, b"A"), (70, b"B"), (40, b"C"), (10, b"D"), (90, b"E"), (55, b"F"),
                    (5, b"G")):
        t.add(s, name, s + 1000)
    assert list(t.score) == [90, 70, 55, 40, 40]
    assert [bytes(n).rstrip(b"\0") for n in t.names] == [b"E", b"B", b"F", b"A", b"C"]
    assert list(t.seed) == [1090, 1070, 1055, 1040, 1040]
    assert t.rank == -1 and t.count == 5                 # 5 did not make the table
    assert t.played == 7 and t.points == 310 and t.best() == 90
    assert t.average10() == 442                          # 310 / 7 = 44.28: shown 44.2
    t.add(55, b"H", 1)                                   # a tie goes after the earlier game
    assert t.rank == 3 and list(t.score) == [90, 70, 55, 55, 40]
    assert [bytes(n).rstrip(b"\0") for n in t.names] == [b"E", b"B", b"F", b"H", b"A"]
    t.add(40, b"I", 1)                                   # equal to the last: not in the table
    assert t.rank == -1 and t.played == 9


def test_payload_round_trip_and_layout():
    t = HS.Scores()
    t.add(61, b"ANA", 0x3FFFFFFF)
    t.add(47, b"DEV", 7)
    p = t.payload()
    assert len(p) == HS.SIZE == 77
    assert p[0:2] == b"\2\0" and p[2:6] == bytes((108, 0, 0, 0)) and p[6] == 2
    assert p[7:9] == bytes((61, 0)) and p[9:13] == b"\xff\xff\xff\x3f" and p[13:21] == b"ANA\0\0\0\0\0"
    assert p[21:23] == bytes((47, 0)) and not any(p[35:])
    u = HS.Scores()
    assert u.apply(bytes(p)) and u.payload() == p


# -- a solo game: entered, shown, written, there after a restart ------------------------------------
def test_solo_game_is_entered_shown_written_and_survives_a_restart():
    fs = MemFS()
    c, g = solo(fs)
    probe = TextProbe(c.gfx)                                # what the screen says
    assert g.scores.played == 0 and not notices(c)          # no file yet: no notice
    play_out(c, g)
    score = g.st.disp[0].score
    assert g.table and g.scores.rank == 0 and g.scores.played == 1 and g.scores.pending
    shown = probe.rows(S._BY, S._BY + 200)                  # the result screen's table
    assert shown == ["Solitaire high scores", "1.   %-2d ANA" % score, "2.   -", "3.   -", "4.   -",
                     "5.   -", "Games played  1", "Best          %d" % score,
                     "Average       %d.0" % score, "This game     %d" % score], shown
    probe.close()
    assert "/data/nmbr9.bin" not in fs.files                # written as the screen is left
    press(c, B.Y, 2)
    assert c.game is g and type(c.top).__name__ != "Pause"  # no way out but A
    press(c, B.X, 2)
    assert not g.table
    press(c, B.X, 2)
    assert g.table
    press(c, B.A, 2)
    assert c.game is None and type(c.top).__name__ == "Results"
    t = table(fs)
    assert (t.played, t.points, t.count, t.score[0], t.seed[0]) == (1, score, 1, score, 3)
    assert bytes(t.names[0]).rstrip(b"\0") == b"ANA"
    # a restart (a new console on the same flash): the next solo game starts from the table
    c, g = solo(fs, seed=4, name="DEV")
    assert (g.scores.played, g.scores.best()) == (1, score) and not notices(c)
    play_out(c, g)
    press(c, B.A, 2)
    t = table(fs)
    assert t.played == 2 and t.points == score + g.st.disp[0].score and t.count == 2
    assert sorted(t.score[:2], reverse=True) == list(t.score[:2])


def test_x_shows_the_table_during_a_solo_game_and_a_goes_back():
    c, g = solo(MemFS())
    while g.sub != S.S_HUMAN:
        c.frame()
    press(c, B.X, 2)
    assert g.table
    placed = g.record.n
    press(c, B.A, 2)                                        # back, nothing placed
    assert not g.table and g.record.n == placed
    press(c, B.A)                                           # now A places
    assert g.record.n > placed


def test_leaving_the_table_brings_the_display_back_a_band_of_rows_a_step():
    """All 400 cells in one frame took 52.4 ms on the emulated Pico: the display comes back in
    three bands of rows (as a view change), each frame pushing a band, not the square."""
    c, g = solo(MemFS())
    for _ in range(4):                                      # a few tiles on the display
        while g.sub != S.S_HUMAN:
            c.frame()
        press(c, B.A)
    while g.sub != S.S_HUMAN:
        c.frame()
    press(c, B.X, 2)
    assert g.table and c.hw.display.last_bytes == 0
    press(c, B.A, 0)
    rows = [sum(1 for r in g.shown if r == 0)]
    pushed = [c.hw.display.last_bytes]
    for _ in range(3):
        c.frame()
        rows.append(sum(1 for r in g.shown if r == 0))
        pushed.append(c.hw.display.last_bytes)
    assert not g.table and rows == [7, 14, 20, 20], rows
    assert 0 < max(pushed) < 200 * 200 * 2 // 2, pushed      # a band (and the footer), never the square


def test_the_result_screen_shows_the_table_the_step_after_the_last_tile():
    """The game-over frame draws the header, the footer and the last tile; the table comes the
    next step (all of it in one frame pushed 114,880 bytes: 45 ms on the emulated Pico)."""
    c, g = solo(MemFS())
    n = 0
    while not g.game_over and n < 3000:
        c.hw.buttons.script = fakehw.steps(B.A if n % 2 == 0 else 0, 1, 0, 0)
        c.hw.buttons.i = 0
        c.frame()
        n += 1
    assert g.game_over and not g.table
    over = c.hw.display.last_bytes
    c.hw.buttons.script = b""
    c.frame()
    assert g.table and g.scores.rank == 0
    assert 0 < over < 60000 and c.hw.display.last_bytes >= 200 * 200 * 2, (over, c.hw.display.last_bytes)


@pytest.mark.parametrize("kinds", [(3,), (0, 2)])
def test_only_a_human_alone_is_entered(kinds):
    fs = MemFS()
    c, g = solo(fs, kinds)
    assert g.scores is None
    while not g.game_over:
        press(c, B.A, 2)
    press(c, B.A, 2)
    assert c.game is None and "/data/nmbr9.bin" not in fs.files


def test_a_power_cut_while_writing_leaves_the_old_table_or_the_new():
    """The table is written through core/storage.py (tests/test_storage.py cuts at every byte of
    any file): here, cut while the result screen is left, at every byte and at the rename."""
    fs = MemFS()
    c, g = solo(fs)
    play_out(c, g)
    press(c, B.A, 2)
    old = table(fs).payload()
    size = len(fs.files["/data/nmbr9.bin"])
    for cut in list(range(size)) + [-1]:
        c, g = solo(fs, seed=5)
        play_out(c, g)
        fs.cut(cut, at_rename=0 if cut < 0 else -1)
        with pytest.raises(PowerCut):
            press(c, B.A, 2)
        fs.reboot()
        assert table(fs).payload() == old, cut
    c, g = solo(fs, seed=5)
    play_out(c, g)
    new = g.scores.payload()
    press(c, B.A, 2)
    assert table(fs).payload() == new and new != old


# -- damaged files: reported and replaced, never fatal -------------------------------------------------
def _good():
    t = HS.Scores()
    t.add(50, b"ANA", 1)
    t.add(30, b"BEN", 2)
    return storage.pack(HS.MAGIC, HS.VERSION, t.payload())


def _payload(edit):
    p = bytearray(_good()[10:-4])
    edit(p)
    return storage.pack(HS.MAGIC, HS.VERSION, p)


CORRUPTIONS = {
    "flipped byte": (lambda: bytes(b ^ (0x10 if i == 20 else 0) for i, b in enumerate(_good())),
                     "High scores damaged: replaced"),
    "truncated": (lambda: _good()[:40], "High scores damaged: replaced"),
    "empty": (lambda: b"", "High scores damaged: replaced"),
    "header only": (lambda: _good()[:10], "High scores damaged: replaced"),
    "foreign": (lambda: storage.pack(b"PTst", 2, bytes(82)), "High scores not ours: replaced"),
    "newer": (lambda: storage.pack(HS.MAGIC, HS.VERSION + 1, bytes(HS.SIZE)),
              "High scores too new: replaced"),
    "short payload": (lambda: storage.pack(HS.MAGIC, HS.VERSION, bytes(76)),
                      "High scores invalid: replaced"),
    "unsorted": (lambda: _payload(lambda p: (p.__setitem__(7, 30), p.__setitem__(21, 50))),
                 "High scores invalid: replaced"),                 # the same sum, worst first
    "count too big": (lambda: _payload(lambda p: p.__setitem__(6, 6)), "High scores invalid: replaced"),
    "more entries than games": (lambda: _payload(lambda p: p.__setitem__(0, 1)),
                                "High scores invalid: replaced"),
    "points below the entries": (lambda: _payload(lambda p: p.__setitem__(2, 3)),
                                 "High scores invalid: replaced"),
    "bad name byte": (lambda: _payload(lambda p: p.__setitem__(14, 7)), "High scores invalid: replaced"),
    "junk past the count": (lambda: _payload(lambda p: p.__setitem__(40, 1)),
                            "High scores invalid: replaced"),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_a_bad_file_is_reported_and_replaced_never_fatal(name):
    make, message = CORRUPTIONS[name]
    fs = MemFS()
    Files(fs.os, "/data", fs.open).write(HS.FILE, make())
    c, g = solo(fs)
    assert notices(c) == [message] and len(message) <= 30
    assert g.scores.played == 0 and g.scores.count == 0
    t = table(fs)                                       # replaced by an empty table on flash
    assert t.played == 0 and t.count == 0
    c, g = solo(fs)                                     # reported once, not every game
    assert not notices(c)
    play_out(c, g)
    press(c, B.A, 2)
    assert table(fs).played == 1 and not c.faults


def test_the_good_file_loads_as_written():
    fs = MemFS()
    Files(fs.os, "/data", fs.open).write(HS.FILE, _good())
    c, g = solo(fs)
    assert not notices(c) and (g.scores.played, g.scores.count, g.scores.best()) == (2, 2, 50)


# -- the screen that shows it ---------------------------------------------------------------------------
def test_table_screen_glass_equals_full_redraw_every_frame(monkeypatch):
    """A human alone (the seeded mash: X shows and hides the table) over a full table of five:
    the game's entry, the statistics and the result screen."""
    make = runs.glass.hardware

    def with_table(*a, **k):
        hw = make(*a, **k)
        t = HS.Scores()
        for s in (90, 80, 70, 10, 5):
            t.add(s, b"DEVDEVDE", s)
        hw.files.write(HS.FILE, storage.pack(HS.MAGIC, HS.VERSION, t.payload()))
        return hw
    monkeypatch.setattr(runs.glass, "hardware", with_table)
    run = runs.GameRun(FRAME, "nmbr9", (0,), 5)
    assert redraw.check(run) is None
    assert run.n > 100
