"""No Respect's board scene on CPython (the simulator's core): the console plays what the rules
and bots decide, humans can select only legal targets, a bot's choice is shown before it is
played, suspend/resume at any turn continues identically, damaged saves are refused whole."""
import random

import pytest

import fakehw
import norespect_tournament as T
from memfs import MemFS
from core import buttons as B
from core import storage
from core.setup import Setup
from games.norespect import rules as R
from games.norespect import scenes as S
from games.norespect.events import EVENTS
from scene_util import assert_damaged_save_is_discarded, console, finish, press

NAMES = ("ANA", "BEN", "CLEO", "DEV")


def setup(kinds, variant=0, seed=1):
    return Setup("norespect", bytearray(kinds), list(NAMES[:len(kinds)]), bytearray([variant]), seed)


def start(kinds, variant=0, seed=1, speed=3, snapshot=None):
    c, hw, fs = console(speed)
    c.start_game("norespect", setup(kinds, variant, seed), snapshot)
    return c, c.game


# -- the console plays the rules and the bots faithfully ------------------------------------------
@pytest.mark.parametrize("kinds,variant,seed", [((3, 1), 0, 4), ((2, 3, 1, 2), 0, 5), ((3, 3, 2), 1, 6)])
def test_console_game_equals_the_headless_game(kinds, variant, seed):
    c, g = start(kinds, variant, seed)
    finish(c, g)
    from core.record import Record
    rec = Record(g.record.capacity, 4)
    st = T.play_game(list(kinds), variant, seed, rec)
    assert g.record.dump() == rec.dump()
    assert g.st.save() == st.save()


def test_result_line():
    c, g = start((3, 1), 0, 4)
    finish(c, g)
    w = [str(s) for s in range(2) if g.st.winners & (1 << s)]
    assert g.result() == "winner=%s reason=%s turns=%d" % (",".join(w), R.REASONS[g.st.reason], g.st.turns)
    g.st.winners = 0b11
    g.st.reason = R.R_POOL
    assert g.result().startswith("winner=0,1 reason=pool turns=")


def test_record_starts_with_the_seed_and_uses_the_event_names():
    c, g = start((1, 1, 1), 1, 77)
    finish(c, g)
    rec = g.record
    assert rec.kind(0) == R.E_SEED and rec.field(0, 0) == 77 and rec.field(0, 1) == 3
    assert rec.field(0, 2) == 1
    names = [EVENTS[rec.kind(i)][0] for i in range(rec.n)]
    assert names[1] == "start_draw" and "start" in names and names[-1] == "result"


def test_game_over_waits_for_a_then_leaves():
    c, g = start((3, 1), 0, 4)
    finish(c, g)
    for _ in range(30):
        c.frame()
    assert c.game is g
    press(c, B.A)
    assert c.game is None and type(c.top).__name__ == "Results"
    press(c, B.B)
    assert type(c.top).__name__ == "Launcher"


# -- humans: only legal targets -------------------------------------------------------------------
def _to_human_turn(c, g, limit=3000):
    for _ in range(limit):
        st = g.st
        if g.mode == S.M_PLAY and st.phase == R.P_PLAY and g._human(st.turn) and st.nlegal and not g.wait:
            return True
        if g.game_over:
            return False
        if g.mode == S.M_START:
            press(c, B.A)
            continue
        c.frame()
    return False


def test_illegal_targets_cannot_be_selected():
    """Random stick/B/X input never selects anything but a legal target; A plays it."""
    rnd = random.Random(3)
    played = 0
    for seed in range(12, 30):
        c, g = start((0, 3, 0), seed & 1, seed, speed=2)
        played += _random_input(c, g, rnd)
        if played >= 30:
            break
    assert played >= 30


def _random_input(c, g, rnd):
    played = 0
    while _to_human_turn(c, g):
        st = g.st
        for _ in range(rnd.randrange(0, 12)):
            press(c, rnd.choice((B.UP, B.DOWN, B.LEFT, B.RIGHT, B.B, B.X)), 0)
            assert 0 <= g.sel < st.nlegal
            assert g.shown == st.moves[g.sel]
        m = st.moves[g.sel]
        before = g.record.n
        press(c, B.A)
        kind = g.record.kind(before)
        assert kind in (R.E_BUILD, R.E_STACK, R.E_CAP, R.E_DISCARD)
        played += 1
        assert (m >> 4 == R.DISCARD) == (kind == R.E_DISCARD)
    return played


def test_every_legal_target_can_be_reached_with_the_stick():
    c, g = start((0, 1, 1, 1), 0, 21, speed=3)
    checked = 0
    while checked < 15 and _to_human_turn(c, g):
        st = g.st
        seen = set()
        todo = [g.sel]
        while todo:                                   # explore with the four directions
            i = todo.pop()
            if i in seen:
                continue
            seen.add(i)
            for d in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
                g.sel = i
                todo.append(g._nav(d))
        assert seen == set(range(st.nlegal))
        g.sel = 0
        g.shown = st.moves[0]
        press(c, B.A)
        checked += 1
    assert checked >= 5


def test_an_unplayable_tile_waits_for_the_humans_a():
    c, g = start((0, 1), 0, 3, speed=3)
    st = g.st
    press(c, B.A)                       # past the start draw
    st.turn = 0
    st.phase = R.P_DRAW
    for i in range(3):
        st.disc[i] = 1
    st.pool[1] -= 3
    st.pool_n -= 3
    st.force([1])
    g.wait = 0
    c.frame()
    assert st.phase == R.P_PLAY and st.nlegal == 0
    for _ in range(10):
        c.frame()
    assert st.alive[0]
    press(c, B.A)
    assert not st.alive[0] and g.game_over


def test_pass_around_needs_no_hand_off_everything_is_public():
    c, g = start((0, 0, 0), 0, 8, speed=1)
    for _ in range(8):
        if not _to_human_turn(c, g):
            break
        assert c.top is g
        press(c, B.A)
    assert c.top is g


# -- bots: visible and spread over frames ----------------------------------------------------------
def test_a_bots_move_is_shown_for_bot_delay_steps_before_it_is_played():
    c, g = start((1, 2), 0, 9, speed=1)
    delay = c.settings.bot_delay
    assert delay > 0
    for _ in range(2000):
        c.frame()
        if g.sub == S.S_SHOW:
            break
    assert g.sub == S.S_SHOW and g.shown >= 0
    n = g.record.n
    for _ in range(delay - 1):
        c.frame()
        assert g.record.n == n                          # still on screen, not yet played
    for _ in range(3):
        c.frame()
    assert g.record.n > n


def test_a_bot_thinks_over_frames_bot_budget_plays_per_frame():
    """Hard tries every legal play once, BOT_BUDGET plays per frame: a turn with n plays ends
    ceil(n / BOT_BUDGET) - 1 frames still thinking (the last frame also chooses)."""
    c, g = start((3, 3, 3, 3), 0, 2, speed=3)
    turns = {}                          # turn -> [legal plays, frames that ended thinking]
    for _ in range(3000):
        c.frame()
        if g.sub in (S.S_THINK, S.S_SHOW):
            t = turns.setdefault(g.st.turns, [g.st.nlegal, 0])
            t[1] += g.sub == S.S_THINK
        if g.game_over:
            break
    per = S.BOT_BUDGET
    assert g.game_over and len(turns) > 20
    assert all(k == (n + per - 1) // per - 1 for n, k in turns.values())
    assert max(k for n, k in turns.values()) >= 2


# -- suspend / resume -------------------------------------------------------------------------------
def _run_to(c, g, turns, phase):
    while not g.game_over and not (g.st.turns >= turns and g.st.phase == phase and g.mode == S.M_PLAY):
        c.frame()


@pytest.mark.parametrize("kinds,variant,seed", [((3, 1, 2), 0, 31), ((2, 3), 1, 32), ((1, 2, 3, 1), 0, 33)])
def test_suspend_and_resume_at_any_turn_continues_identically(kinds, variant, seed):
    c, g = start(kinds, variant, seed)
    finish(c, g)
    full = g.record.dump()
    final = g.st.save()
    for at in range(0, g.st.turns, max(1, g.st.turns // 6)):
        for phase in (R.P_DRAW, R.P_PLAY):
            c1, g1 = start(kinds, variant, seed)
            _run_to(c1, g1, at, phase)
            if g1.game_over:
                continue
            for _ in range(at % 3):                     # sometimes in the middle of thinking
                if g1.st.phase == R.P_PLAY:
                    c1.frame()
            if g1.game_over or g1.st.phase == R.P_OVER:
                continue
            snap = g1.snapshot()
            c2, g2 = start(kinds, variant, seed, snapshot=snap)
            assert g2.st.save() == g1.st.save() and g2.record.dump() == g1.record.dump()
            finish(c2, g2)
            assert g2.record.dump() == full and g2.st.save() == final, (at, phase)


def test_suspend_through_the_pause_menu_and_resume_from_the_launcher():
    fs = MemFS()
    c, hw, _ = console(3, fs)
    su = setup((3, 1, 2), 0, 44)
    c.start_game("norespect", su)
    g = c.game
    _run_to(c, g, 7, R.P_PLAY)
    state = g.st.save()
    rec = g.record.dump()
    press(c, B.Y)                                   # pause menu
    press(c, B.UP)                                  # to "Quit to launcher"
    press(c, B.A)
    assert c.game is None and c.suspended == "norespect"
    c2, _, _ = console(3, fs)                       # a reboot
    assert c2.suspended == "norespect"
    assert c2.resume_game()
    g2 = c2.game
    assert g2.st.save() == state and g2.record.dump() == rec
    c3, g3 = start((3, 1, 2), 0, 44)
    finish(c3, g3)
    finish(c2, g2)
    assert g2.record.dump() == g3.record.dump()


def test_snapshot_is_none_when_the_game_is_over():
    c, g = start((3, 1), 0, 4)
    finish(c, g)
    assert g.snapshot() is None


# -- damaged saves -----------------------------------------------------------------------------------
def _snap():
    c, g = start((3, 1, 2), 0, 51)
    _run_to(c, g, 9, R.P_PLAY)
    return g.snapshot()


_CONSOLE = []


def _refused(snap, su=None):
    if not _CONSOLE:
        _CONSOLE.append(console()[0])
    with pytest.raises(ValueError):
        S.GameScene(_CONSOLE[0], su or setup((3, 1, 2), 0, 51), snap)


def test_truncated_snapshots_are_refused():
    snap = _snap()
    S.GameScene(console()[0], setup((3, 1, 2), 0, 51), snap)      # the whole one loads
    for n in list(range(0, 40)) + list(range(len(snap) - 40, len(snap))):
        _refused(snap[:n])


def test_every_single_bit_flip_is_refused():
    snap = _snap()
    for i in range(len(snap)):
        for bit in (i % 8, (i * 5 + 3) % 8):
            b = bytearray(snap)
            b[i] ^= 1 << bit
            _refused(bytes(b))


def test_a_snapshot_of_another_setup_is_refused():
    snap = _snap()
    _refused(snap, setup((3, 1, 2), 1, 51))           # other rules
    _refused(snap, setup((3, 1), 0, 51))              # other seats
    _refused(snap, setup((3, 1, 2), 0, 52))           # other seed


def test_consistent_checksum_but_impossible_state_is_refused():
    """Even with a correct checksum, a state that breaks the rules does not load."""
    snap = bytearray(_snap())
    body = snap[:-4]
    body[3 + 8] += 1                                   # one more 1 in the pool: 81 tiles
    a, b = storage.fletcher(body, len(body))
    fixed = bytes(body) + bytes([a & 255, a >> 8, b & 255, b >> 8])
    _refused(fixed)
    garbage = random.Random(1).randbytes(400)
    _refused(garbage)
    _refused(b"")


def test_damaged_save_is_reported_and_discarded_by_the_console_never_half_loaded():
    assert_damaged_save_is_discarded("norespect", setup((3, 1, 2), 0, 51), _snap())


# -- screen ------------------------------------------------------------------------------------------
def test_log_lines_describe_the_last_moves():
    c, g = start((3, 1), 0, 4)
    while g.st.turns < 4:
        c.frame()
    text = [bytes(l).rstrip(b"\0").decode() for l in g.lines]
    assert all(len(t) <= 30 for t in text)
    assert any(w in text[1] for w in ("builds", "stacks", "caps", "discards", "is out"))


def test_static_screen_pushes_nothing():
    c, g = start((0, 1), 0, 5, speed=3)
    _to_human_turn(c, g)
    for _ in range(3):
        c.frame()
    for _ in range(20):
        c.frame()
        assert c.hw.display.last_bytes == 0 or c.notice.active


def test_the_launcher_starts_it_with_the_seats_and_options_of_the_setup_screen():
    c, hw, fs = console(1)
    press(c, B.DOWN, 2)                              # launcher: Tower -> No Respect
    press(c, B.A, 2)
    assert type(c.top).__name__ == "GameSetup"
    press(c, B.UP, 2)                                # from "Start" up to the "Rules" option
    press(c, B.RIGHT, 2)                             # base -> variation
    press(c, B.UP, 2)
    press(c, B.UP, 2)
    press(c, B.UP, 2)                                # seat 2 (seats 3, 4 are off with 2 seats)
    press(c, B.RIGHT, 2)                             # normal -> hard
    for _ in range(4):                              # down to "Start"
        press(c, B.DOWN, 2)
    c.hw.buttons.script = fakehw.steps(B.A, 1, 0, 2)
    c.hw.buttons.i = 0
    for _ in range(3):                              # the game starts after a restart
        c = fakehw.frame(c)
    assert c.hw.restarts == 1 and c.launcher is None
    g = c.game
    assert type(g).__name__ == "GameScene" and c.top is g
    assert g.n == 2 and g.st.variant == 1
    assert list(g.kinds)[0] == 0 and g.kinds[1] == 3
    assert g.record.kind(0) == R.E_SEED


def test_a_resumed_humans_turn_shows_the_targets_again():
    c, g = start((0, 1), 0, 61, speed=3)
    assert _to_human_turn(c, g)
    snap = g.snapshot()
    c2, g2 = start((0, 1), 0, 61, snapshot=snap)
    assert g2.st.drawn == g.st.drawn and g2.sel == 0 and g2.shown == g2.st.moves[0]
    press(c2, B.A)
    n = g.record.n
    assert g2.record.kind(n) in (R.E_BUILD, R.E_STACK, R.E_CAP, R.E_DISCARD)
    assert g2.record.field(n, 0) == 0
