"""NMBR 9's scene on CPython (the simulator's core): the console plays what the rules and bots
decide, a human's ghost moves and turns and only a legal place can be confirmed (the footer
says why not), the others' displays can be viewed, suspend/resume at its moments continues as
the uninterrupted game (tests/mp/nmbr9_resume.py), damaged saves are refused whole; and under
real MicroPython on every locked port (tests/mp/nmbr9_locked.py) whole games with bots and
mashed humans run heap-locked every frame and play the same games as CPython."""
import re

import pytest

import fakehw
import gen_nmbr9_tiles as GEN
import mprun
import nmbr9_tournament as TOUR
import resume_check
from core import buttons as B
from core import palette as P
from core.console import Console
from core.record import Record
from core.setup import Setup
from games.nmbr9 import rules as R
from games.nmbr9 import scenes as S
from games.nmbr9 import snapshot as SNAP
from games.nmbr9 import tiles as T
from games.nmbr9.events import EVENTS
from scene_util import finish, press
from screen_text import TextProbe

NAMES = ("ANA", "BEN", "CLEO", "DEV")


def start(kinds, seed=1, speed=3, snapshot=None, start=-1):
    c = Console(fakehw.Hardware(b"", fresh=False))
    c.settings.bot_speed = speed
    c.start_game("nmbr9", Setup("nmbr9", bytearray(kinds), list(NAMES[:len(kinds)]),
                                bytearray(0), seed, start), snapshot)
    assert not c.faults, c.last_error
    return c, c.game


# -- the console plays the rules and the bots faithfully ------------------------------------------
@pytest.mark.parametrize("kinds,seed", [((3,), 4), ((2, 3, 1, 2), 5), ((1, 3), 6)])
def test_console_game_equals_the_headless_game(kinds, seed):
    c, g = start(kinds, seed)
    finish(c, g)
    rec = Record(g.record.capacity, R.FIELDS, R.TYPECODE)
    st = TOUR.play_game(list(kinds), seed, rec)
    assert g.record.dump() == rec.dump()
    assert [d.score for d in g.st.disp] == [d.score for d in st.disp]


def test_record_starts_with_the_seed_and_names_every_event():
    c, g = start((1, 2), 77)
    finish(c, g)
    rec = g.record
    assert rec.kind(0) == R.E_SEED and [rec.field(0, j) for j in range(5)] == [0, 0, 0, 0, 77]
    assert rec.kind(1) == R.E_START and rec.field(1, 2) == 2
    names = [EVENTS[rec.kind(i)][0] for i in range(rec.n)]
    assert names[1] == "start" and names.count("flip") == 20 and names[-1] == "result"
    assert names.count("place") == names.count("level") == 40


def test_game_over_waits_for_a_then_leaves_and_x_views_each_display():
    c, g = start((3, 1), 4)
    finish(c, g)
    assert g.winners == g.st.winners and g.winners
    seen = {g.view}
    for _ in range(3):
        press(c, B.X)
        seen.add(g.view)
    assert seen == {0, 1} and c.game is g
    press(c, B.A)
    assert c.game is None and type(c.top).__name__ == "Results"


def test_play_again_start_seat_is_honoured_G2():
    for s in range(3):
        c, g = start((1, 1, 1), 9, start=s)
        assert g.st.start == s and g.record.field(1, 0) == s and g.record.field(1, 1) == 0
    c, g = start((1, 1, 1), 9)
    assert g.setup.start == g.st.start and g.record.field(1, 1) == 1


# -- a human: the ghost, its legality and its reason ----------------------------------------------
def _human_turn(c, g, limit=3000):
    for _ in range(limit):
        if g.sub == S.S_HUMAN:
            return True
        c.frame()
    return False


def footer(c):
    """The footer's text colours present (the reason is red, a legal ghost's line white)."""
    buf = c.gfx.buf
    cols = set()
    for y in range(S._FOOT_Y, 240):
        for x in range(0, 240, 2):
            b = buf[(y * 240 + x) >> 1]
            cols.add(b >> 4)
            cols.add(b & 15)
    return cols


def test_the_ghost_starts_legal_moves_turns_and_only_a_legal_place_is_confirmed():
    c, g = start((0,), 3, speed=2)
    assert _human_turn(c, g)
    assert g.why == R.OK and g.gcol == P.WHITE
    press(c, B.A)                                   # the first tile: its legal start
    assert g.st.disp[0].n == 1
    assert _human_turn(c, g)
    refused = 0
    for bits in (B.UP, B.UP, B.UP, B.B, B.LEFT, B.LEFT, B.DOWN, B.B, B.RIGHT) * 3:
        before = g.gm
        press(c, bits)
        k = g.st.card * 4 + (g.gm >> 10)
        assert 0 <= R.x_of(g.gm) <= R.SIZE - T.W[k] and 0 <= R.y_of(g.gm) <= R.SIZE - T.H[k]
        if bits == B.B:
            assert R.rot_of(g.gm) == (R.rot_of(before) + 1) % T.DISTINCT[g.st.card]
        why = g.st.disp[0].check(g.st.card, g.gm)
        assert g.why == why
        assert (g.gcol == P.WHITE) == (why == R.OK)
        n = g.st.disp[0].n
        if why != R.OK:
            assert P.RED in footer(c)                    # the reason, in red
            press(c, B.A)
            assert g.st.disp[0].n == n                   # an illegal place cannot be confirmed
            refused += 1
    assert refused > 3
    assert R.REASONS[R.NOT_TOUCHING] and R.REASONS[R.OVERHANG]


@pytest.mark.parametrize("kinds,keys", [((0, 3), "B:turn X:view"), ((0,), "B:turn X:best")])
def test_the_footer_of_a_legal_ghost_reads_apart_at_every_level_and_card(kinds, keys):
    """"A: level 2 +18", then the keys a blank apart, for every level and card (a two-digit
    points figure ran into a fixed "B: turn": "+18B: turn"); the overprint check's faults
    (tests/screen_text.py) on the footer drawn alone."""
    c, g = start(kinds, 3, speed=2)
    assert _human_turn(c, g) and g.why == R.OK and g.can
    probe = TextProbe(c.gfx)
    for level in range(10):
        for card in range(10):
            g.glevel = level
            g.st.card = card
            g._draw_footer(c.gfx)
            row = probe.rows(S._FOOT_Y)
            assert len(row) == 1 and row[0].startswith("A: level %d +%d " % (level, level * card))
            assert row[0].endswith(" " + keys) and probe.faults == [], (row, probe.faults)
    probe.close()


def test_x_views_the_other_displays_and_a_comes_back():
    c, g = start((0, 3, 1), 8, speed=2)
    assert _human_turn(c, g)
    seat = g.st.turn
    press(c, B.X)
    assert g.view == (seat + 1) % 3
    n = g.st.disp[seat].n
    press(c, B.A)                                   # back, nothing placed
    assert g.view == seat and g.st.disp[seat].n == n


# -- suspend and resume ---------------------------------------------------------------------------
# the moments the resumes must include (tests/mp/nmbr9_resume.py names them): the first tile on
# each level above the table (a level change: levels 1-3), a card turned, a bot waiting, thinking,
# showing its choice
MOMENTS = {"after_flip", "level1", "level2", "level3", "phase1_sub0", "phase2_sub0", "phase2_sub2",
           "phase2_sub3"}


@pytest.mark.parametrize("port", ["cpython", "unix"])
def test_suspend_and_resume_continue_as_the_uninterrupted_game(port):
    """Cut at every moment above and every STRIDE-th frame, each resumed game plays on to the
    uninterrupted game's record, displays and result (on unix every frame heap-locked). Between
    a tile placed and the next turn the save keeps the bots' generator as it is then, not as it
    was when the last turn began (a stale one made the next bot choose differently)."""
    r = mprun.run(port, "tests/mp/nmbr9_resume.py", ["free"] if port == "cpython" else [],
                  cwd=mprun.ROOT, timeout=900)
    assert r.returncode == 0, r.stderr
    resume_check.check(r.stdout, MOMENTS, 25)


def test_damaged_saves_are_refused_whole():
    c, g = start((3, 1), 31)
    for _ in range(400):
        c.frame()
    good = g.snapshot()
    start((3, 1), 31, snapshot=good)
    bad = [good[:-1], b"", b"N9", bytes([good[0] ^ 1]) + good[1:],
           good[:20] + bytes([good[20] ^ 4]) + good[21:]]
    # a re-checksummed record whose placement breaks a rule (the tile moved off its place)
    rec = Record(g.record.capacity, R.FIELDS, R.TYPECODE)
    rec.restore(good[9:-4])
    i = next(i for i in range(rec.n) if rec.kind(i) == R.E_PLACE and i > 5)
    rec.rows[i * rec.width + 4] = R.SIZE - 1          # x: every tile is 2 wide or more
    bad.append(SNAP.dump(rec, good[3:7]))
    for data in bad:
        with pytest.raises(ValueError):
            S.GameScene(c, Setup("nmbr9", bytearray((3, 1)), ["A", "B"], bytearray(0), 31), data)
    for other in (32, 31 + (1 << 15)):              # another seed's save (the seed's two halves)
        with pytest.raises(ValueError):
            S.GameScene(c, Setup("nmbr9", bytearray((3, 1)), ["A", "B"], bytearray(0), other), good)


# -- real MicroPython, heap locked ----------------------------------------------------------------
GAME = re.compile(r"game seed=(\d+) kinds=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) rows=(\d+) "
                  r"result=(.*)")
_runs = {}


def locked_run(port):
    if port not in _runs:
        r = mprun.run(port, "tests/mp/nmbr9_locked.py", cwd=mprun.ROOT, timeout=600)
        assert r.returncode == 0, (port, r.stdout, r.stderr)
        _runs[port] = r.stdout
    return _runs[port]


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_whole_games_bots_and_humans_heap_locked_every_frame_as_on_cpython(port):
    out = locked_run(port)
    rows = [m.groups() for m in GAME.finditer(out)]
    assert len(rows) == 6, out
    assert {len(r[1]) for r in rows} == {1, 2, 4}                # one, two and four seats
    assert any("0" in r[1] for r in rows)                        # humans (the mash)
    for seed, kinds, frames, bad, faults, nrows, result in rows:
        assert bad == "0" and faults == "0", (port, seed, result)
        assert nrows == str(3 + 20 + 40 * len(kinds))     # seed, start, result, flips, places
    assert "done games=6 bad=0" in out
    assert rows == [m.groups() for m in GAME.finditer(locked_run("cpython"))]
    # the human alone's game was entered in the locked game-over frame, at the top of a full table
    best = re.search(r"seed=5 kinds=0 .* scores=(\d+)", out).group(1)
    assert "table played=6 rank=0 count=5 best=%s" % best in out


@pytest.mark.parametrize("port", ["wasm-min"])
def test_playing_leaves_the_suspend_code_and_the_record_table_off_the_heap(port):
    """snapshot.py is imported to suspend or resume only, events.py on the host only: a whole
    game (the last one: a bot alone; the console drops a game's modules as it is left)
    loads the play modules (the rules pages, help.py, only while the pause menu shows them):
    the heap on the stock image."""
    mods = [ln for ln in locked_run(port).splitlines() if ln.startswith("modules ")]
    assert mods == ["modules games.nmbr9 games.nmbr9.art games.nmbr9.bot "
                    "games.nmbr9.rules games.nmbr9.scenes games.nmbr9.tiles"]


# -- the record as JSON lines -------------------------------------------------------------------
def test_record_export_through_the_simulator(tmp_path):
    import json
    import subprocess
    import sys
    out = tmp_path / "r.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "nmbr9", "--seats",
                        "bot:hard,bot:easy", "--seed", "7", "--until-end", "--export-record", str(out)],
                       cwd=mprun.ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = [json.loads(ln) for ln in out.read_text().splitlines()]
    assert lines[0]["event"] == "game" and lines[0]["seed"] == 7 and lines[0]["game"] == "nmbr9"
    rows = lines[1:]
    assert [row["n"] for row in rows] == list(range(len(rows)))     # no field hides the row number
    assert rows[0] == {"n": 0, "event": "seed", "s28": 0, "s21": 0, "s14": 0, "s7": 0, "s0": 7}
    assert [row["turned"] for row in rows if row["event"] == "flip"] == list(range(1, 21))
    places = [row for row in rows if row["event"] == "place"]
    assert len(places) == 40 and set(places[0]) == {"n", "event", "seat", "tile", "rot", "x", "y"}
    assert rows[-1]["event"] == "result" and rows[-1]["cards"] == 20
    assert "game=nmbr9 seed=7" in r.stdout


# -- the art: the card's tile as a picture from assets/games/nmbr9 --------------------------------
def test_each_tile_png_is_its_m1_shape_and_the_header_shows_it_pixel_for_pixel():
    import os
    from test_assets import ROOT, indices
    c, g = start((0,), 2)
    seen = set()
    while not g.game_over:
        if g.st.phase == R.P_PLACE and g.sub == S.S_HUMAN and g.st.card not in seen:
            n = g.st.card
            seen.add(n)
            w, h, px = indices(os.path.join(ROOT, "assets", "games", "nmbr9", "tile_%d.png" % n))
            rows = GEN.SHAPES[n]
            assert (w, h) == (4 * max(r.bit_length() for r in rows), 16)
            for (x, y), want in px.items():
                inside = rows[y // 4] >> (x // 4) & 1
                assert (want is not None) == bool(inside), (n, x, y)       # M-1's squares
                got = c.gfx.buf[(198 - w + x + (6 + y) * 240) >> 1]
                got = got & 15 if (198 - w + x) & 1 else got >> 4
                assert got == (P.BLACK if want is None else want), (n, x, y)
        press(c, B.A, 2)
    assert len(seen) >= 5


# -- the bench's scenario (make bench, make bench-pico's nmbr9-frames) ------------------------------
def test_bench_scenario_moves_the_ghost_over_a_crowded_display_and_times_the_hard_bot():
    r = mprun.run("unix", "tests/mp/bench_nmbr9.py", cwd=mprun.ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = {m.group(1): dict(kv.split("=") for kv in m.group(2).split())
             for m in re.finditer(r"^bench nmbr9 (\w+) (.*)$", r.stdout, re.M)}
    assert set(lines) == {"think", "ghost", "idle", "full", "memory"}, r.stdout
    think, ghost = lines["think"], lines["ghost"]
    assert think["alloc"] == ghost["alloc"] == lines["idle"]["alloc"] == "0"
    assert think["decisions"] == "19" and int(think["frames"]) >= 19     # one per card but the last
    assert ghost["frames"] == "80" and int(ghost["spi_bytes"]) > 0        # every move redrew cells
    assert int(lines["full"]["tiles"]) >= 15                              # a crowded display


def test_a_view_change_is_drawn_a_band_of_rows_a_step_and_no_bot_thinks_beside_it():
    c, g = start((1, 2), 7)
    while not (g.sub == S.S_THINK and g.shown[0] != g.view):
        c.frame()
    think = (g.bot.find.y, g.bot.find.used, g.bot.stage, g.bot.best, g.record.n)   # its progress
    rows = []
    for _ in range(3):
        c.frame()
        rows.append(sum(1 for r in g.shown if r == g.view))
        assert g.sub == S.S_THINK and (g.bot.find.y, g.bot.find.used, g.bot.stage, g.bot.best,
                                       g.record.n) == think
    assert rows == [7, 14, 20]          # three bands, the whole display after the third


def test_the_cells_viper_kernel_and_the_framebuf_calls_draw_the_same_pixels():
    """games/nmbr9/cells_viper.py against the scene's framebuf path, over a whole game: whole
    repaints and boxes of cells over a patterned frame (tests/mp/nmbr9_cells_twins.py)."""
    import mprun
    got = {}
    for port in ("unix", "cpython"):
        r = mprun.run(port, "tests/mp/nmbr9_cells_twins.py", cwd=mprun.ROOT)
        assert r.returncode == 0, r.stderr
        got[port] = dict(kv.split("=") for kv in r.stdout.split())
    assert got["unix"]["viper"] == "1"                 # the unix port really runs the kernel
    assert got["unix"]["fast"] == got["unix"]["pure"] == got["cpython"]["pure"], got
