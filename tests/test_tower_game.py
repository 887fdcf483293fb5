"""The tower game through the console (CPython, the simulator's core): human input on the device,
placement physics as a rule (T-2, T-6, T-9), bad input, suspend/resume, the record, the
package contract. The MicroPython-port runs are in test_tower_mp.py."""
import json
import os
import re
import subprocess
import sys
import tempfile

import pytest

from core.gfx import Gfx

FRAME = Gfx()

import fakehw  # noqa: E402
import resume_check  # noqa: E402
import runs  # noqa: E402
from screen_text import TextProbe  # noqa: E402
from core import buttons as B  # noqa: E402
from core import tilt as T  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from games import tower  # noqa: E402
from games.tower import events  # noqa: E402
from games.tower import physics as P  # noqa: E402
from games.tower import pieces  # noqa: E402
from games.tower import place as PL  # noqa: E402
from games.tower import rules as R  # noqa: E402
from games.tower import scenes as S  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = ("ANA", "BEN", "CLEO", "DEV")


DATA = tempfile.mkdtemp(prefix="picotable-tower-")


def hardware(accel="level"):
    """Stand-in hardware with a data folder of this test process's own (tests run in parallel;
    the default folder is shared with the console's tests)."""
    return fakehw.Hardware(accel=accel, data=DATA)


class Pad:
    """Buttons held now, set by the test."""
    def __init__(self):
        self.bits = 0

    def read(self):
        return self.bits


class Spiky:
    """A failing sensor: spikes, garbage, failed reads, stuck values."""
    stuck_check = True

    def __init__(self):
        self.i = 0

    def read(self, xyz):
        i = self.i
        self.i += 1
        k = i % 7
        if k == 0:
            return False
        if k == 1:
            xyz[0], xyz[1], xyz[2] = 32767, -32768, 0
        elif k == 2:
            xyz[0], xyz[1], xyz[2] = -2 ** 29, 2 ** 29, 2 ** 29
        elif k == 3:
            xyz[0], xyz[1], xyz[2] = (i * 7919) % 4001 - 2000, (i * 104729) % 4001 - 2000, 1000
        else:
            xyz[0], xyz[1], xyz[2] = 0, 0, 1000
        return True


def game(kinds, seed=3, supply=2, speed=3, accel="level", tilt=0, hint=0, start=None):
    """A console running a tower game; with `start`, the first seed from `seed` on whose first
    player is `start`."""
    while True:
        hw = hardware(accel)
        pad = Pad()
        hw.buttons = pad
        c = Console(hw, FRAME)
        c.settings.bot_speed = speed
        st = Setup("tower", bytearray(kinds), NAMES[:len(kinds)], bytearray([supply, tilt, hint]), seed)
        c.start_game("tower", st)
        g = c.game
        if start is None or g.st.v[R._V_ACTIVE] == start:
            return c, hw, pad, g
        seed += 1


def press(c, pad, bits, hold=1):
    """Hold `bits` for `hold` frames, then two idle frames (the debouncer ignores a release in
    the step right after a press). A view switch being wiped in takes no input: it is waited out
    first."""
    while getattr(c.top, "wipe", S._NB) < S._NB:
        c.frame()
    pad.bits = bits
    for _ in range(hold):
        c.frame()
    pad.bits = 0
    c.frame()
    c.frame()


def run_until(c, g, cond, limit=6000):
    for _ in range(limit):
        if cond():
            return True
        c.frame()
        assert not c.faults, c.last_error
    return cond()


def rows(g, kind=None):
    rec = g.record
    out = []
    for i in range(rec.n):
        k = rec.kind(i)
        if kind is None or k == kind:
            name, fields = events.EVENTS[k]
            out.append((name,) + tuple(rec.field(i, j) for j in range(len(fields))))
    return out


# -- the package contract ----------------------------------------------------------------------

def test_package_metadata_follows_the_contract():
    assert tower.TITLE == "Tower" and tower.SEATS == (2, 4)
    keys = [o[0] for o in tower.OPTIONS]
    assert keys == ["supply", "tilt", "hint"]
    for key, label, choices in tower.OPTIONS:
        assert isinstance(label, str) and len(choices) >= 2
    pages = tower.help_pages()      # bytes a page, lines split at b"\n" (core/pause.py)
    assert pages and all(isinstance(page, bytes) for page in pages)
    assert all(len(line) <= 29 for page in pages for line in page.split(b"\n"))
    assert all(len(page.split(b"\n")) <= 17 for page in pages)
    assert all(32 <= b < 127 or b == 10 for page in pages for b in page)


# the rules pages, traced line by line to what they state: per page (rule ID, first line, last
# line, phrases those lines must say); every line that is not blank is traced (docs/tower.md
# restates each rule under its ID; "keys" are the controls of docs/tower.md's table)
HELP_TRACE = (
    (("title", 0, 0, ("tower",)),
     ("setup", 2, 2, ("2-4 players, 10 tokens each",)),
     ("T-2", 3, 13, ("the first piece you place is your foundation",
                     "the only piece that may touch the table", "any other piece touching the table",
                     "any piece leaving the table area", "at any moment", "the one you carry",
                     "collapses your tower")),
     ("T-7", 13, 13, ("you are out",)),
     ("T-8", 15, 16, ("towers never touch",))),
    (("title", 0, 0, ("out, and the end",)),
     ("T-7", 2, 13, ("your pieces go back to the shelf, usable at once", "your tokens to the bank",
                     "no tower yet? you are still in the game",
                     "when a collapse leaves one player in the game, that player wins, even "
                     "without a tower", "every piece placed with two or more players in: a draw"))),
    (("title", 0, 0, ("your turn: build",)),
     ("T-3", 2, 14, ("pick a piece (a) and name an opening bid (0 up to your tokens)",
                     "from your left, round and round, you too", "each player still in raises",
                     "above the high bid, up to own tokens", "or passes", "a pass is final",
                     "the last bidder pays the bank and places the piece at once",
                     "outbid on your own turn? build again with another piece, or push")),
     ("T-5", 15, 16, ("with 0 tokens you may open at 0 but never raise",))),
    (("title", 0, 0, ("your turn: push",)),
     ("T-4", 2, 8, ("it goes to your left", "places it, or pays 1 token to pass it on",
                    "each pass costs 1 more (2, 3, ...)", "round the table, you too",
                    "who cannot pay must accept")),
     ("G-1", 10, 10, ("then the turn passes left",))),
    (("title", 0, 0, ("placing a piece",)),
     ("T-9", 2, 9, ("tilt the device to move the piece", "b: turn 90 degrees", "a: let go")),
     ("keys", 5, 8, ("joystick turns it", "hold x")),
     ("T-9", 11, 12, ("nudge your tower with the piece you carry",)),
     ("T-6", 13, 14, ("the placement ends when all is at rest (10 s at most)",)),
     ("hint", 15, 16, ("green = over its support, red = it will tip",))),
    (("title", 0, 0, ("options",)),
     ("T-1", 2, 4, ("all 27, the 20 convex ones, or a short set of 10",)),
     ("T-9", 5, 7, ("table tilt: tilting also leans gravity a few degrees while you carry",)),
     ("hint", 8, 9, ("balance hint: the plumb line under the carried piece",))),
)


def test_rules_pages_say_the_rules_line_by_line():
    """Each rules page line is traced to the rule it states (T-3: the active player is asked
    too; T-7: a player without a tower is in the game, the last player in wins, the draw)."""
    pages = tower.help_pages()
    assert len(pages) == len(HELP_TRACE)
    for page, trace in zip(pages, HELP_TRACE):
        lines = page.decode().split("\n")
        traced = set()
        for rule, first, last, phrases in trace:
            said = " ".join(lines[first:last + 1]).lower()
            for phrase in phrases:
                assert phrase in said, (rule, phrase, said)
            traced.update(range(first, last + 1))
        assert {i for i, ln in enumerate(lines) if ln} <= traced, lines


def test_bad_setups_are_refused():
    hw = hardware()
    c = Console(hw, FRAME)
    for kinds, opts in (([3], [0, 0, 0]), ([3] * 5, [0, 0, 0]), ([3, 3], [3, 0, 0])):
        with pytest.raises(ValueError):
            tower.start(c, Setup("tower", bytearray(kinds), ["a"] * len(kinds), bytearray(opts), 1))


# -- whole bot games -------------------------------------------------------------------------------

@pytest.mark.parametrize("kinds,supply", [((3, 1), 2), ((2, 3, 1), 2), ((1, 2, 3, 2), 2), ((3, 3), 1)])
def test_bot_game_runs_to_the_end_and_the_record_tells_it(kinds, supply):
    c, hw, pad, g = game(kinds, seed=11, supply=supply)
    assert run_until(c, g, lambda: g.game_over, 40000)
    rs = rows(g)
    k = 1 + sum(1 for r in rs if r[0] == "piece")      # the pieces in play follow the seed row
    assert rs[0][0] == "seed" and rs[k][0] == "start" and rs[-1][0] == "result"
    tokens = [10] * len(kinds)
    alive = [True] * len(kinds)
    placed = {}
    for r in rs:
        name = r[0]
        if name == "win":
            tokens[r[1]] -= r[3]
        elif name == "pay":
            tokens[r[1]] -= r[3]
        elif name == "place":
            assert alive[r[1]]
            placed[r[2]] = r[1]
        elif name == "eliminate":
            alive[r[1]] = False
            tokens[r[1]] = 0
            for p in [p for p, s in placed.items() if s == r[1]]:
                del placed[p]
        assert all(t >= 0 for t in tokens), r
    assert tokens == list(g.st.tokens[:len(kinds)])
    assert alive == [bool(a) for a in g.st.alive[:len(kinds)]]
    w = g.st.v[R._V_WINNER]
    if w >= 0:
        assert alive.count(True) == 1 and alive[w]
    else:
        assert g.st.supply_count() == 0
    # the result screen's A: the game is left, the evening's table comes up
    press(c, pad, B.A)
    assert c.game is None and type(c.top).__name__ == "Results"


def test_hard_vs_hard_games_differ_by_the_bots_seed_and_replay_by_it():
    """Equal best choices (pieces of the same risk: on an empty table most are safe) are told
    apart by the bots' generator: the same game (the same first player) with another bot seed
    builds other pieces; the same bot seed replays the game row for row."""
    def play(bot_seed):
        c, hw, pad, g = game((3, 3), seed=7, supply=2)
        g.brng.seed(bot_seed)
        assert run_until(c, g, lambda: g.game_over, 40000)
        return rows(g)

    def choices(rs):
        return [r[2] for r in rs if r[0] in ("build", "push")]

    a = play(1)
    assert play(1) == a
    assert choices(play(2)) != choices(a)


def test_every_placed_piece_is_in_its_tower_at_the_recorded_pose():
    c, hw, pad, g = game((3, 2), seed=5)
    assert run_until(c, g, lambda: g.game_over, 40000)
    for s in range(2):
        if not g.st.alive[s]:
            continue
        w = g.tw.load(s)
        pieces = sorted(w.piece(b) for b in range(w.count()))
        assert pieces == sorted(p for p in range(R._NPIECES) if g.st.owner[p] == s)


# -- humans on the device ------------------------------------------------------------------------

def test_human_builds_from_the_shelf_with_an_opening_bid():
    c, hw, pad, g = game((0, 3), start=0)
    assert g.view == S._VW_SHELF
    press(c, pad, B.RIGHT)
    assert g.cur == 1
    press(c, pad, B.A)                  # build the short plank
    assert g.sub == S._U_OPEN
    for _ in range(3):
        press(c, pad, B.UP)
    assert g.amount == 3
    press(c, pad, B.B)                  # back to the shelf, nothing recorded
    assert g.sub == S._U_IDLE and not rows(g, R._E_BUILD)
    press(c, pad, B.A)
    press(c, pad, B.UP)
    press(c, pad, B.A)
    assert rows(g, R._E_BUILD) == [("build", 0, 1, 1)]


def test_opening_bid_cannot_exceed_own_tokens():
    c, hw, pad, g = game((0, 3), start=0)
    g.st.tokens[0] = 4
    press(c, pad, B.A)
    for _ in range(12):
        press(c, pad, B.UP)
    assert g.amount == 4
    for _ in range(12):
        press(c, pad, B.DOWN)
    assert g.amount == 0


def test_a_bid_above_own_tokens_or_not_above_the_high_bid_cannot_be_entered():
    c, hw, pad, g = game((3, 0), start=0)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] == R._P_AUCTION and g.st.v[R._V_ASK] == 1)
    high = g.st.v[R._V_HIGH]
    assert g.amount == high + 1
    for _ in range(15):
        press(c, pad, B.UP)
    assert g.amount == g.st.tokens[1] == 10
    for _ in range(15):
        press(c, pad, B.DOWN)
    assert g.amount == high + 1
    press(c, pad, B.RIGHT)
    assert g.amount == 10
    press(c, pad, B.DOWN)
    piece = g.st.v[R._V_PIECE]
    press(c, pad, B.A)
    assert rows(g, R._E_BID)[-1] == ("bid", 1, piece, 9)


def test_human_passes_and_a_pass_is_final():
    c, hw, pad, g = game((3, 0, 2), start=0)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] == R._P_AUCTION and g.st.v[R._V_ASK] == 1)
    press(c, pad, B.B)
    assert rows(g, R._E_PASS)[0][:2] == ("pass", 1)
    piece = rows(g, R._E_PASS)[0][2]
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] != R._P_AUCTION)
    assert [r for r in rows(g, R._E_BID) if r[1] == 1 and r[2] == piece] == []


def test_human_push_pays_or_accepts():
    c, hw, pad, g = game((0, 0), start=0)
    press(c, pad, B.X)                  # push the long plank
    assert g.st.v[R._V_PHASE] == R._P_PUSH and g.st.v[R._V_ASK] == 1
    press(c, pad, B.B)                  # seat 1 pays 1
    assert g.st.tokens[1] == 9 and g.st.v[R._V_ASK] == 0 and g.st.v[R._V_COST] == 2
    press(c, pad, B.B)                  # the pusher pays 2
    assert g.st.tokens[0] == 8 and g.st.v[R._V_ASK] == 1
    press(c, pad, B.A)                  # seat 1 accepts and places at once
    assert g.st.v[R._V_PHASE] == R._P_PLACE and g.sub == S._U_PLACE and g.view == S._VW_TOWER
    assert rows(g, R._E_ACCEPT) == [("accept", 1, 0, 3, 0)]


def _to_own_placement(kinds=(0, 3), accel="level", tilt=0):
    c, hw, pad, g = game(kinds, start=0, accel=accel, tilt=tilt)
    press(c, pad, B.A)
    press(c, pad, B.A)                  # build the long plank at 0
    assert run_until(c, g, lambda: g.sub == S._U_PLACE)
    return c, hw, pad, g


def test_tilt_moves_the_carried_piece_and_a_drops_it():
    c, hw, pad, g = _to_own_placement()
    pl = g.pl
    x0 = pl.w.x(pl.b)
    hw.accel.x = -300                   # right edge lowered: 300 milli-g of tilt to the right
    for _ in range(30):
        c.frame()
    assert c.tilt.source == T.SENSOR and c.tilt.x > 200
    assert pl.w.x(pl.b) - x0 > 20 * P.PX
    hw.accel.x = 0
    hw.accel.y = 400                    # top edge raised: the piece goes down
    y0 = pl.w.y(pl.b)
    for _ in range(20):
        c.frame()
    assert pl.w.y(pl.b) < y0 - 10 * P.PX
    hw.accel.y = 0
    press(c, pad, B.A)
    assert pl.phase in (PL._SETTLE, PL._DONE)
    assert rows(g, R._E_RELEASE) and rows(g, R._E_RELEASE)[0][1:3] == (0, 0)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] != R._P_PLACE)
    place = rows(g, R._E_PLACE)[0]
    assert place[1:3] == (0, 0)
    assert not rows(g, R._E_COLLAPSE)            # the foundation may touch the table


def test_buttons_turn_the_carried_piece():
    c, hw, pad, g = _to_own_placement()
    pl = g.pl
    press(c, pad, B.B)
    assert pl.ta == PL._QUARTER
    press(c, pad, B.LEFT)               # with a sensor, the joystick turns finely
    assert pl.ta == PL._QUARTER + PL._FINE
    press(c, pad, B.DOWN)
    assert pl.ta == PL._FINE
    for _ in range(10):
        c.frame()
    d = (pl.w.angle(pl.b) - PL._FINE) & 0xFFFF
    assert d < 300 or d > 65536 - 300


def test_no_sensor_the_joystick_steers_and_x_with_the_joystick_turns():
    c, hw, pad, g = _to_own_placement(accel=None)
    pl = g.pl
    assert c.tilt.source == T.BUTTONS
    x0 = pl.tx
    pad.bits = B.RIGHT
    for _ in range(20):
        c.frame()
    pad.bits = 0
    c.frame()
    assert pl.tx > x0 + 10 * P.PX
    for _ in range(15):                 # let the button tilt ramp down
        c.frame()
    x1 = pl.tx
    pad.bits = B.X
    c.frame()
    pad.bits = B.X | B.LEFT
    c.frame()
    pad.bits = B.X
    c.frame()
    pad.bits = 0
    c.frame()
    assert pl.ta == PL._FINE
    assert abs(pl.tx - x1) < 2 * P.PX    # while X is held the joystick turns, it does not steer
    press(c, pad, B.A)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] != R._P_PLACE)


@pytest.mark.parametrize("accel", ["fail", "spiky", None])
def test_failing_or_missing_sensor_never_crashes_a_game(accel):
    c, hw, pad, g = game((0, 3), start=0, accel="level" if accel == "spiky" else accel)
    if accel == "spiky":
        hw.accel = Spiky()
    press(c, pad, B.A)
    press(c, pad, B.A)
    assert run_until(c, g, lambda: g.sub == S._U_PLACE)
    pl = g.pl
    for i in range(200):
        pad.bits = (B.LEFT, B.RIGHT, B.UP, B.DOWN, 0)[(i // 9) % 5]
        c.frame()
        assert not c.faults, c.last_error
        assert -PL._AREA * P.PX <= pl.tx <= PL._AREA * P.PX
    pad.bits = 0
    press(c, pad, B.A)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] != R._P_PLACE)
    assert not c.faults


def test_t2_a_carried_piece_touching_the_table_collapses_the_tower():
    """T-2: any piece but the foundation touching the table, even while carried."""
    c, hw, pad, g = _to_own_placement(accel=None)
    pad.bits = 0
    press(c, pad, B.A)
    assert run_until(c, g, lambda: g.st.v[R._V_PHASE] != R._P_PLACE)       # the foundation stands
    for _ in range(200):                # play on until seat 0 carries its second piece
        if g.sub == S._U_PLACE and g.st.v[R._V_PLACER] == 0:
            break
        st = g.st
        if st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 0:
            press(c, pad, B.RIGHT)
            press(c, pad, B.A)
            press(c, pad, B.A)
        elif st.v[R._V_PHASE] == R._P_AUCTION and st.v[R._V_ASK] == 0:
            press(c, pad, B.B)
        elif st.v[R._V_PHASE] == R._P_PUSH and st.v[R._V_ASK] == 0:
            press(c, pad, B.A)
        else:
            c.frame()
    assert g.sub == S._U_PLACE and g.st.v[R._V_PLACER] == 0
    pad.bits = B.RIGHT                  # beside the tower
    for _ in range(30):
        c.frame()
    pad.bits = B.DOWN                   # and down onto the table
    assert run_until(c, g, lambda: rows(g, R._E_COLLAPSE), 400)
    pad.bits = 0
    col = rows(g, R._E_COLLAPSE)[0]
    assert col[1] == 0 and col[2] == col[3]      # the carried piece itself touched the table
    assert not rows(g, R._E_RELEASE)[1:] or rows(g, R._E_RELEASE)[-1][2] != col[2]
    assert not g.st.alive[0]


def test_t9_table_tilt_leans_gravity_while_carrying_only():
    c, hw, pad, g = _to_own_placement(tilt=1)
    w = g.pl.w
    assert w.w32[4] == 0                # physics_kern._H_GX: gravity's x
    hw.accel.x = -600
    for _ in range(20):
        c.frame()
    assert w.w32[4] > 0
    hw.accel.x = 0
    press(c, pad, B.A)
    assert w.w32[4] == 0


def test_t6_placement_ends_when_the_tower_is_at_rest():
    c, hw, pad, g = _to_own_placement()
    press(c, pad, B.A)
    n = 0
    while g.st.v[R._V_PHASE] == R._P_PLACE:
        c.frame()
        n += 1
        assert n <= PL._SETTLE_CAP + 2
    w = g.tw.load(0)
    assert w.awake() == 0


def test_camera_follows_a_tall_tower():
    c, hw, pad, g = _to_own_placement()
    pl = g.pl
    hw.accel.y = -500                   # up and up
    for _ in range(120):
        c.frame()
    assert g.cam > 0
    assert pl.w.y(pl.b) >> 10 < g.cam + S._TABLE_M


_VIEW_BYTES = 240 * S._MAIN_H * 2     # the whole main view pushed: 85,440 bytes


def test_a_camera_step_is_wiped_in_a_band_a_frame():
    """Issue 8: the camera's 40 px step while a piece is carried repainted the whole view in one
    frame (40.7 ms on the Pico). It is wiped in over _NB frames, a band each, in which nothing
    moves: the carried piece steered up beside a stack and down again."""
    run = runs.ClimbRun(FRAME)
    c = run.begin()
    g = c.game
    pl = g.pl
    steps = {1: 0, -1: 0}
    run.step(c)                         # the repaint after the stack was put there
    while True:
        cam = g.cam
        pose = (pl.w.x(pl.b), pl.w.y(pl.b), pl.frames)
        if not run.step(c):
            break
        assert c.hw.display.last_bytes < _VIEW_BYTES, (run.n, c.hw.display.last_bytes)
        if g.cam != cam:
            steps[1 if g.cam > cam else -1] += 1
            assert g.wipe == 0 and c.hw.display.last_bytes == 0     # the old view stays
            for k in range(1, S._NB + 1):
                assert run.step(c) and g.wipe == k and g.cam != cam
                assert (pl.w.x(pl.b), pl.w.y(pl.b), pl.frames) == pose  # nothing moves
                assert 0 < c.hw.display.last_bytes <= 240 * 70 * 2
    assert steps[1] >= 3 and steps[-1] >= 3, steps
    assert not c.faults


@pytest.mark.parametrize("kinds,seed", [((3, 3, 3, 3), 2), ((0, 3, 3, 3), 1)])
def test_no_frame_repaints_the_whole_view_but_the_first(kinds, seed):
    """Whole games (four hard bots, seed 2: a camera step while a bot carries; a human's mash and
    three hard bots): after the game's first paint no frame draws the whole main view at once
    (view switches and camera steps are wiped in) nor pushes it."""
    run = runs.GameRun(FRAME, "tower", kinds, seed, (0, 0, 0))
    c = run.begin()
    g = c.game
    whole = []
    view = g._draw_view

    def spy(gg, fbm, r0, r1):
        if fbm is g.fbm and (r0, r1) == (0, S._MAIN_H):
            whole.append(run.n)
        return view(gg, fbm, r0, r1)

    g._draw_view = spy
    run.step(c)                         # the game's first paint
    assert whole == [0]
    del whole[:]
    big = []
    while run.step(c):
        if c.hw.display.last_bytes >= _VIEW_BYTES:
            big.append(run.n)
    assert g.game_over and run.n > 1000
    assert whole == [] and big == [], (whole, big)


# -- what the screen says ---------------------------------------------------------------------------

def probe(c):
    """What the screen says from now on (tests/screen_text.py): everything drawn again."""
    p = TextProbe(c.gfx)
    c.repaint()
    c.render()
    return p


def prompt(p):
    """The prompt's three lines as the player reads them."""
    return [(p.rows(y, y + 1) or [""])[0] for y in (S._PROMPT_Y + 3, S._PROMPT_Y + 14,
                                                     S._PROMPT_Y + 27)]


def chip(p, seat, n):
    """What the second line of seat's chip (of n) says, after the coin."""
    w = 240 // n
    return "".join(t[4] for t in sorted(p.texts) if t[1] == 12 and seat * w + 11 <= t[0] < seat * w + w)


@pytest.mark.parametrize("kinds,seed", [((3, 1), 1), ((2, 3, 1), 4)])
def test_after_a_placement_the_prompt_names_the_placer(kinds, seed):
    """Each placement is told as "<placer>: placed" (it once named the next player to act)."""
    c, hw, pad, g = game(kinds, seed=seed)
    p = probe(c)
    told = 0
    while not g.game_over:
        c.frame()
        line = prompt(p)[0]
        if line.endswith(": placed"):
            assert line == NAMES[rows(g, R._E_PLACE)[-1][1]] + ": placed"
            told += 1
    assert told == len(rows(g, R._E_PLACE)) > 2


def _falls(c, g):
    """Play to the end; per frame of a fall: (the prompt, the newest collapse row)."""
    p = probe(c)
    seen = []
    while not g.game_over and len(seen) < 2000:
        c.frame()
        if g.sub == S._U_FALL:
            seen.append((prompt(p), rows(g, R._E_COLLAPSE)[-1]))
    return seen


def _fall_prompt(row, names=NAMES):
    _, seat, piece, culprit, frame, why = row
    return [names[seat] + "'s tower fell:",
            "a piece touched the table" if why == 1 else "a piece left the play area",
            "it was the " + pieces.PIECES[culprit][0].decode()]


@pytest.mark.parametrize("kinds,seed", [((3, 1), 1), ((1, 1, 1), 1)])
def test_a_collapse_says_whose_tower_fell_and_why_for_the_whole_fall(kinds, seed):
    """Every frame of a fall, the game-ending one included (it was blank), names the player and
    the reason."""
    c, hw, pad, g = game(kinds, seed=seed)
    seen = _falls(c, g)
    cols = rows(g, R._E_COLLAPSE)
    assert len(cols) == len(kinds) - 1 and all(r[5] == 1 for r in cols)    # table touches
    # the fall's frames, then the fallen tower is wiped away to the empty table (the step that
    # begins the wipe and one a band), all saying whose tower fell
    assert len(seen) == (S._FALL_FRAMES + 2 + S._NB) * len(cols)
    for lines, row in seen:
        assert lines == _fall_prompt(row)
    assert rows(g)[-1][0] == "result"   # the last fall ended the game


def test_after_a_fall_the_player_out_is_told_why():
    """The chip of a seat that is out says "fell" for the rest of the game."""
    c, hw, pad, g = game((1, 1, 1), seed=1)
    p = probe(c)
    assert run_until(c, g, lambda: g.sub == S._U_FALL)
    seat = rows(g, R._E_COLLAPSE)[-1][1]
    assert run_until(c, g, lambda: g.sub != S._U_FALL)     # the frame the fall ended
    assert chip(p, seat, 3) == "fell"   # where the seat's tokens were
    assert run_until(c, g, lambda: g.game_over)
    assert chip(p, seat, 3) == "fell"


def test_a_piece_leaving_the_play_area_is_told():
    run = runs.StackRun(FRAME, 20, frames=180)     # a stack of 20 falls apart, pieces fly off
    c = run.begin()
    g = c.game
    p = probe(c)
    seen = []
    while run.step(c):
        if g.sub == S._U_FALL:
            seen.append((prompt(p), rows(g, R._E_COLLAPSE)[-1]))
    assert len(seen) == S._FALL_FRAMES + 2 + S._NB and seen[0][1][5] == 2    # the fall, its wipe
    for lines, row in seen:
        assert lines == _fall_prompt(row, ("A", "B"))      # tower_stack's names
        assert lines[1] == "a piece left the play area"


@pytest.mark.parametrize("kinds,seed,supply", [((1, 1, 1, 1), 2, 2), ((0, 3), 3, 2), ((2, 0, 1), 4, 1)])
def test_every_text_fits_the_screen_with_the_longest_names(kinds, seed, supply):
    """Whole games (falls and the result included) with names of 7 characters, the longest a
    seat has: no text leaves the screen (8 px a character), none in the chips or the prompt is
    drawn over another (the main view is drawn through its own frame buffer, which the probe
    does not see clear)."""
    hw = hardware()
    hw.buttons = runs.Mash(seed)
    c = Console(hw, FRAME)
    c.settings.bot_speed = 3
    names = ["WWWWWW" + str(s + 1) for s in range(len(kinds))]
    c.start_game("tower", Setup("tower", bytearray(kinds), names, bytearray([supply, 0, 0]), seed))
    g = c.game
    p = probe(c)
    falls = 0
    widest = 0
    while not g.game_over:
        c.frame()
        falls += g.sub == S._U_FALL
        widest = max([widest] + [t[0] + t[2] for t in p.texts])
    for _ in range(5):
        c.frame()
    assert falls and not c.faults
    ys = [[int(v) for v in re.findall(r" at -?\d+,(-?\d+)", f)] for f in p.faults]
    assert not [f for f, y in zip(p.faults, ys)
                if "leaves the screen" in f or all(v < S._MAIN_Y or v >= S._PROMPT_Y for v in y)]
    assert 200 <= widest <= 240


# -- suspend / resume ------------------------------------------------------------------------------

def _script(*args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "firmware"),
                                                         os.path.join(ROOT, "host_sim", "shims"),
                                                         os.path.join(ROOT, "tests", "mp")]))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "mp", "tower_resume.py")]
                       + list(args), capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_saved_at_its_moments_resumes_as_the_uninterrupted_game():
    """Cut mid-auction, mid-push, mid-placement, at every scene step (the bot thinking and
    showing its answer, carrying, after the release, a collapse not yet recorded) and every 107th
    frame: every resumed game gives the uninterrupted game's rows, each at the same frame, towers
    and result."""
    out = _script("2", "321", "2", "107", "1")
    resume_check.check(out, {"after_bid", "after_pay", "carrying", "settling", "at_rest", "fallen",
                             "sub1", "sub2", "sub5"}, 10)


def test_resume_mid_placement_by_a_human():
    c, hw, pad, g = _to_own_placement()
    hw.accel.x = -300
    for _ in range(10):
        c.frame()
    snap = g.snapshot()
    c2 = Console(hardware(), FRAME)
    c2.settings.bot_speed = 3
    c2.start_game("tower", c.game_setup, snap)
    g2 = c2.game
    assert g2.sub == S._U_PLACE and g2.pl.phase == PL._CARRY
    a = bytearray(g.tw.w.state_size())
    b = bytearray(g2.tw.w.state_size())
    g.tw.w.serialize(a)
    g2.tw.w.serialize(b)
    assert a == b
    assert (g2.pl.tx, g2.pl.ty, g2.pl.ta) == (g.pl.tx, g.pl.ty, g.pl.ta)


def test_resume_in_the_middle_of_a_camera_step():
    """A game saved while a camera step is wiped in resumes at the same band, with the view
    wiped away (the same tower at the old camera) and the world as it was."""
    run = runs.ClimbRun(FRAME)
    c = run.begin()
    g = c.game
    while not (g.wipe == 2 and g.oview == S._VW_TOWER and g.cam > 0):
        assert run.step(c)
    snap = g.snapshot()
    c2 = Console(hardware(), FRAME)
    c2.settings.bot_speed = 3
    c2.start_game("tower", c.game_setup, snap)
    g2 = c2.game
    fields = ("sub", "view", "vseat", "cam", "wipe", "oview", "ovs", "ocam")
    assert [getattr(g2, f) for f in fields] == [getattr(g, f) for f in fields]
    assert g2.ocam == g.cam - S._CAM_STEP or g2.ocam == g.cam + S._CAM_STEP
    for k in range(3, S._NB + 1):
        c.frame()
        c2.frame()
        assert g.wipe == g2.wipe == k
    a = bytearray(g.tw.w.state_size())
    b = bytearray(g2.tw.w.state_size())
    g.tw.w.serialize(a)
    g2.tw.w.serialize(b)
    assert a == b and (g2.pl.ty, g2.pl.ytop) == (g.pl.ty, g.pl.ytop)


def test_damaged_snapshots_are_refused():
    c, hw, pad, g = game((3, 2), seed=7)
    for _ in range(150):
        c.frame()
    snap = g.snapshot()
    st = c.game_setup
    bad = [snap[:-1], snap[:40], b"XX" + snap[2:], bytes([snap[0]]) + bytes([snap[1] ^ 1]) + snap[2:]]
    flipped = bytearray(snap)
    flipped[len(snap) // 2] ^= 0x10
    bad.append(bytes(flipped))
    for data in bad:
        with pytest.raises(ValueError):
            tower.start(c, st, data)
    other = Setup("tower", bytearray([3, 2]), ["a", "b"], bytearray([2, 0, 0]), st.seed + 1)
    with pytest.raises(ValueError):
        tower.start(c, other, snap)
    three = Setup("tower", bytearray([3, 2, 1]), ["a", "b", "c"], bytearray([2, 0, 0]), st.seed)
    with pytest.raises(ValueError):
        tower.start(c, three, snap)


def test_the_pause_menu_quit_suspends_and_the_launcher_resumes():
    c, hw, pad, g = game((3, 2), seed=7)
    for _ in range(120):
        c.frame()
    n = g.record.n
    c.quit_game(True)
    c.frame()
    assert c.game is None and c.suspended == "tower"
    assert c.resume_game()
    g2 = c.game
    assert g2.record.n == n
    assert run_until(c, g2, lambda: g2.game_over, 40000)


# -- the simulator's command line ------------------------------------------------------------------

def test_simulator_runs_games_and_exports_the_record(tmp_path):
    out = tmp_path / "rec.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "tower",
                        "--seats", "bot:hard,bot:easy", "--option", "supply=short", "--seed", "4",
                        "--until-end", "--games", "2", "--export-record", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("game=tower")]
    assert len(lines) == 2 and all("winner=" in ln for ln in lines)
    recs = [json.loads(ln) for ln in out.read_text().splitlines()]
    heads = [x for x in recs if x["event"] == "game"]
    assert len(heads) == 2 and heads[0]["options"] == {"supply": "short", "tilt": "off", "hint": "on"}
    names = {e[0] for e in events.EVENTS}
    body = [x for x in recs if x["event"] != "game"]
    assert all(x["event"] in names for x in body)
    assert body[0]["event"] == "seed" and body[0]["seed"] == 4
    places = [x for x in body if x["event"] == "place"]
    assert places and all({"seat", "piece", "x", "y", "angle"} <= set(x) for x in places)
    assert [x["event"] for x in body].count("result") == 2


def test_simulator_help_documents_the_options():
    r = subprocess.run([sys.executable, "-m", "host_sim", "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert "--option supply=all|convex|short" in r.stdout
    assert "--option tilt=off|on" in r.stdout and "--option hint=on|off" in r.stdout


def test_bots_never_think_in_a_frame_that_redraws_the_view_or_the_prompt():
    """Issue 8 on the Pico: a view repaint (46-114 ms there) or a prompt (20-30 ms) plus a frame's
    budget of thinking went over 40 ms. The frames that start a job, take up its answer and apply
    it think nothing; thinking frames draw at most a shelf cell or the placement, never a band of a
    view switch (each is wiped in over _NB frames of its own)."""
    c, hw, pad, g = game((3, 3, 3), seed=5)
    b = g.bot
    act = b._act
    acts = [0]

    def counted():
        acts[0] += 1
        return act()

    b._act = counted
    thinking = jobs = bands = 0
    for _ in range(2500):
        if g.game_over:
            break
        acts[0] = 0
        sub = g.sub
        c.step()
        if g.sub == S._U_THINK and sub != S._U_THINK:
            jobs += 1
        band = g.wdrawn < g.wipe            # this frame draws a band of a view switch
        bands += band
        if acts[0]:
            thinking += 1
            assert not g.dirt & (S._D_MAIN | S._D_PROMPT), (sub, g.sub, g.dirt, acts[0])
            assert not band and g.wipe == S._NB, (sub, g.sub, g.wipe, acts[0])
        c.render()
    assert jobs >= 20 and thinking >= 200 and bands >= 20 * S._NB, (jobs, thinking, bands)


def test_the_release_and_its_prompt_share_no_frame_with_a_physics_step():
    """On the Pico a hard bot's release over 10 awake bodies took 41.5 ms with the physics step
    and the new prompt ("settling...") in one frame: the step that lets go steps nothing."""
    c, hw, pad, g = game((3, 3, 3), seed=5)
    releases = 0
    for _ in range(2500):
        if g.game_over:
            break
        pl = g.pl
        carrying = g.sub == S._U_PLACE and pl.phase == PL._CARRY
        frames = pl.frames
        c.step()
        if carrying and pl.w.carried() < 0:      # let go in this step (a fall keeps it carried)
            releases += 1
            assert pl.phase == PL._SETTLE and pl.frames == frames, (pl.phase, pl.frames, frames)
            assert g.dirt & S._D_PROMPT
        c.render()
    assert releases >= 5, releases
