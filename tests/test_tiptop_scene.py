"""Tip Top's table scene on CPython (the simulator's core): the console plays what the rules and
bots decide, a card that may not be played cannot be played and the prompt says why, a hand is
shown only to its owner after the hand-off (G-4), suspend/resume at any frame continues
identically, damaged saves are refused whole and reported."""
import json
import random

import pytest

import tiptop_tournament as T
from core import buttons as B
from core import palette as P
from core import storage
from core.record import Record
from core.setup import Setup
from games.tiptop import rules as R
from games.tiptop import scenes as S
from games.tiptop import snapshot as SNAP
from scene_util import assert_damaged_save_is_discarded, console, finish, press

NAMES = ("ANA", "BEN", "CLEO", "DEV", "EVE", "FIN", "GUS", "HAL")


def setup(kinds, seed=1):
    return Setup("tiptop", bytearray(kinds), list(NAMES[:len(kinds)]), bytearray(0), seed)


def start(kinds, seed=1, speed=3, snapshot=None):
    c, hw, fs = console(speed)
    c.start_game("tiptop", setup(kinds, seed), snapshot)
    return c, c.game


def fingerprint(g):
    return SNAP.save_state(g.st) + bytes(g.record.dump())


# -- the console plays the rules and the bots faithfully ------------------------------------------
@pytest.mark.parametrize("kinds,seed", [((3, 1), 4), ((2, 3, 1, 2), 5), ((3, 2, 1, 3, 2, 1, 3, 2), 6)])
def test_console_game_equals_the_headless_game(kinds, seed):
    c, g = start(kinds, seed)
    finish(c, g)
    st = T.play_game(list(kinds), seed)
    assert (g.st.winner, g.st.round, g.st.plays) == (st.winner, st.round, st.plays)
    assert g.winners == 1 << st.winner
    assert g.result() == "winner=%d rounds=%d plays=%d" % (st.winner, st.round, st.plays)


def test_game_over_waits_for_a_then_leaves():
    c, g = start((3, 1), 4)
    finish(c, g)
    for _ in range(30):
        c.frame()
    assert c.game is g and g.snapshot() is None
    press(c, B.A)
    assert c.game is None and type(c.top).__name__ == "Results"


# -- the record's size ----------------------------------------------------------------------------
@pytest.mark.parametrize("kinds,rows", [((3, 1), 500), ((3, 2, 1, 3), 900),
                                        ((3, 2, 1, 3, 2, 1, 3), 1500), ((3, 2, 1, 3, 2, 1, 3, 2), 1500)])
def test_the_record_holds_100_plus_200_rows_a_seat_at_most_1500(kinds, rows):
    """docs/tiptop.md, The record: 6 bytes a row, 9,000 bytes at most (8 seats)."""
    c, g = start(kinds)
    assert g.record.capacity == rows and len(bytes(g.record.rows)) == 6 * rows


def test_a_game_longer_than_its_record_plays_on_and_the_export_says_so():
    """Rows beyond the capacity are counted in record.lost, never the game's end: the same game
    as with a large record played to its end without a fault, its first rows kept, and the export's
    last line record_full with the count."""
    from host_sim import cli
    kinds, seed = (3, 2, 1, 3, 2, 1, 3, 2), 6
    whole = T.play_game(list(kinds), seed, Record(5000, R.FIELDS, "b")).record
    c, g = start(kinds, seed)
    small = Record(300, R.FIELDS, "b")              # the rows written so far (the deal), then full
    assert small.restore(g.record.dump())
    g.record = g.st.record = small
    finish(c, g)
    assert g.record.capacity == 300 and whole.n > 300
    assert (g.record.n, g.record.lost) == (300, whole.n - 300)
    assert g.record.dump() == whole.dump()[:300 * 6]
    assert whole.kind(whole.n - 1) == R.E_RESULT and g.winners == 1 << whole.field(whole.n - 1, 0)
    lines = [json.loads(x) for x in cli.record_lines(g, g.setup).splitlines()]   # --export-record's
    assert len(lines) == 1 + 300 + 1
    assert lines[-1] == {"event": "record_full", "lost": whole.n - 300}


# -- a human's card ------------------------------------------------------------------------------------
def _human_turn_with_a_dead_card(seeds=range(1, 60), also=lambda g: True):
    """A game with one human (seat 0) at a turn where it holds a card it may not play and one
    it may (and `also(scene)` holds)."""
    for seed in seeds:
        c, g = start((0, 3), seed)
        for _ in range(3000):
            st = g.st
            if g.mode == S.M_PLAY and st.turn == 0 and 0 < st.nlegal < st.hand_count(0) and also(g):
                return c, g
            if g.game_over:
                break
            if st.turn == 0 and g.mode == S.M_PLAY:
                press(c, B.A)                   # plays its first legal card (or is stuck)
            else:
                c.frame()
    raise AssertionError("no such turn")


def test_a_card_that_may_not_be_played_cannot_be_and_the_prompt_says_why():
    c, g = _human_turn_with_a_dead_card()
    st = g.st
    dead = [k for k in range(R.HAND) if st.card(0, k) != R.EMPTY and not g._legal(k)][0]
    before = SNAP.save_state(st)
    g.sel = dead
    press(c, B.A)
    assert SNAP.save_state(st) == before            # nothing played
    why = bytes(g.why).split(b"\0")[0].decode()
    card = st.card(0, dead)
    if card == R.MINUS:
        assert why == "-10 needs 10 or more"
    else:
        assert why == "%s would pass %d" % (S.CARD_NAMES[card].decode(), st.limit)
    press(c, B.RIGHT)                                   # moving on clears the reason
    assert not g.why[0]
    g.sel = st.moves[0]
    press(c, B.A)
    assert SNAP.save_state(st) != before            # a legal card plays


def _card_colours(c, slot):
    """The colours inside hand slot `slot`'s card, read from the frame buffer: its face (the
    most common) and the rest (the numerals or the art), its grey border left out."""
    fb = c.gfx.fb
    x = S.card_x(slot)
    seen = {}
    for py in range(S._HAND_Y + 1, S._HAND_Y + S._CARD_H - 1):
        for px in range(x + 1, x + S._CARD_W - 1):
            k = fb.pixel(px, py)
            seen[k] = seen.get(k, 0) + 1
    face = max(seen, key=seen.get)
    return face, set(seen) - {face}


def test_playable_cards_look_playable_and_only_the_others_are_greyed():
    """The human's hand on its turn: a card it may play shows a light face with dark numerals,
    like the real deck (white, navy); only a card it may not play is greyed (silver, grey
    numerals). Both drawn frame by frame and in a full redraw; number cards of both kinds."""
    def hand(g):
        return [(k, g.st.card(0, k), g._legal(k)) for k in range(R.HAND)
                if g.st.card(0, k) != R.EMPTY]

    def numbers_of_both_kinds(g):
        return {legal for k, card, legal in hand(g) if card <= 5} == {True, False}
    c, g = _human_turn_with_a_dead_card(range(1, 200), numbers_of_both_kinds)
    cards = hand(g)
    for redraw in (False, True):
        if redraw:
            c.repaint()
            c.render()
        else:
            for _ in range(3):
                c.frame()
        for slot, card, legal in cards:
            face, ink = _card_colours(c, slot)
            assert face == (P.WHITE if legal else P.SILVER), (slot, card, legal, face)
            if card <= 5:
                assert ink == {P.NAVY if legal else P.GREY}, (slot, card, legal, ink)


def test_the_stick_reaches_every_card_of_the_hand():
    c, g = _human_turn_with_a_dead_card()
    seen = set()
    for _ in range(R.HAND + 1):
        seen.add(g.sel)
        press(c, B.RIGHT, 3)
    assert seen == {k for k in range(R.HAND) if g.st.card(0, k) != R.EMPTY}


def test_a_stuck_human_loses_the_round_only_after_a():
    for seed in range(1, 200):
        c, g = start((0, 3), seed)
        for _ in range(4000):
            st = g.st
            if g.mode == S.M_PLAY and st.turn == 0 and st.nlegal == 0:
                chips = st.chips[0]
                for _ in range(20):
                    c.frame()
                assert st.chips[0] == chips and st.phase == R.P_PLAY     # waits for A
                press(c, B.A)
                assert st.chips[0] == chips - 1 and st.loser == 0
                return
            if g.game_over:
                break
            press(c, B.A) if st.turn == 0 and g.mode != S.M_OVER else c.frame()
    raise AssertionError("no stuck human found")


# -- private hands (G-4) -----------------------------------------------------------------------------
def test_between_two_humans_a_hand_is_shown_only_after_its_owner_confirms():
    """A human's hand is drawn face up only once that human pressed A on the hand-off screen,
    and never while the hand-off screen covers the table."""
    c, g = start((0, 3, 0), 3)
    faces = []                                  # human cards drawn face up: (viewer, seat, turn, confirmed)
    draw_slot = g._draw_slot

    def spy(gfx, slot, k):
        if k >= 2 and g.kinds[g._hv_seat] == 0:     # face up (_slot_code), a human's card
            faces.append((g.viewer(), g._hv_seat, g.st.turn, confirmed[0], c.top is g))
        draw_slot(gfx, slot, k)
    g._draw_slot = spy
    draw = g.draw

    def drawn(gfx, full):                       # what is on the glass after every frame:
        draw(gfx, full)                         # no card face up unless someone views the hand
        if g.viewer() < 0 and max(g._slot_shown) >= S._SLOT_FACE:
            left_up.append((g.st.turn, bytes(g._slot_shown)))
    g.draw = drawn
    left_up = []                                # (the console would show an assertion's error)
    confirmed = [-1]                            # the seat that last pressed A on a hand-off
    handoffs = 0
    for _ in range(3000):
        if g.game_over:
            break
        if type(c.top).__name__ == "Handoff":
            handoffs += 1
            seat = g.st.turn
            press(c, B.A)
            confirmed[0] = seat
        elif g.mode == S.M_PLAY and g.kinds[g.st.turn] == 0:
            press(c, B.A)                       # plays: the next hand is nobody's yet
            confirmed[0] = -1
        else:
            c.frame()
    assert handoffs > 10 and not left_up, left_up[:3]
    assert faces and all(v == seat == turn == who and on_top for v, seat, turn, who, on_top in faces)


def test_one_human_always_sees_its_own_hand_only():
    c, g = start((3, 0, 2), 5)
    for _ in range(300):
        assert g.viewer() == 1 and c.top is g
        c.frame() if g.st.turn != 1 else press(c, B.A)


def test_the_only_humans_hand_waits_a_frame_after_a_deal_like_the_rest():
    """A deal's frame draws the top; the hand takes its new cards in the next frame (a deal's
    frame that also redrew a face-up hand pushed 68,024 bytes, 51.6 ms on the emulated Pico).
    With one human nobody else looks at that hand, so it may wait (G-4 hides it only between
    several humans)."""
    c, g = start((3, 0, 2), 5)
    slots = []
    draw_slot = g._draw_slot

    def spy(gfx, slot, k):
        slots.append(slot)
        draw_slot(gfx, slot, k)
    g._draw_slot = spy
    deals = []                                  # (hand slots drawn in a deal's frame, in the next)
    held = False
    for _ in range(3000):
        if g.game_over or len(deals) >= 3:
            break
        mode = g.mode
        held = not held and (mode == S.M_ROUND or (mode == S.M_PLAY and g.st.turn == 1))
        del slots[:]
        press(c, B.A if held else 0, 0)
        if mode == S.M_ROUND and g.mode == S.M_PLAY:
            in_deal = len(slots)
            press(c, 0, 0)
            deals.append((in_deal, len(slots) - in_deal))
    assert len(deals) >= 3 and all(a == 0 and b > 0 for a, b in deals), deals


# -- suspend / resume ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kinds,seed,moments", [((3, 1, 2), 31, 5), ((2, 3), 32, 5),
                                                 ((1, 2, 3, 1, 2, 3, 1, 2), 33, 1)])
def test_suspend_and_resume_at_any_frame_continues_identically(kinds, seed, moments):
    c, g = start(kinds, seed)
    total = finish(c, g)
    want = fingerprint(g)
    for at in (total // 2, 1, total // 7, total // 3, total - 3)[:moments]:
        c1, g1 = start(kinds, seed)
        for _ in range(at):
            c1.frame()
        snap = g1.snapshot()
        c2, g2 = start(kinds, seed, snapshot=snap)
        assert SNAP.save_state(g2.st) == SNAP.save_state(g1.st) and g2.mode == g1.mode
        finish(c2, g2)
        assert fingerprint(g2) == want, at


def _snap():
    c, g = start((3, 1, 2), 51)
    for _ in range(60):
        c.frame()
    return g.snapshot()


_CONSOLE = []


def _refused(snap, su=None):
    if not _CONSOLE:
        _CONSOLE.append(console()[0])
    with pytest.raises(ValueError):
        S.GameScene(_CONSOLE[0], su or setup((3, 1, 2), 51), snap)


def test_truncated_snapshots_are_refused():
    snap = _snap()
    S.GameScene(console()[0], setup((3, 1, 2), 51), snap)      # the whole one loads
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
    _refused(snap, setup((3, 1), 51))              # other seats
    _refused(snap, setup((3, 1, 2), 52))           # other seed


def test_consistent_checksum_but_impossible_state_is_refused():
    """Even with a correct checksum, a state that breaks the rules does not load."""
    snap = bytearray(_snap())
    body = snap[:-4]
    at = 3 + 16 + R.MAX_SEATS                       # the first hand slot of seat 0
    body[at] = R.TOP if body[at] != R.TOP else R.SPIN   # a fifth Top Out, or a fifth Spin Out
    a, b = storage.fletcher(body, len(body))
    _refused(bytes(body) + bytes([a & 255, a >> 8, b & 255, b >> 8]))
    _refused(random.Random(1).randbytes(400))
    _refused(b"")


def test_damaged_save_is_reported_and_discarded_by_the_console_never_half_loaded():
    assert_damaged_save_is_discarded("tiptop", setup((3, 1, 2), 51), _snap())


# -- the screen ---------------------------------------------------------------------------------------
def test_log_lines_describe_the_last_plays():
    c, g = start((3, 1), 4)
    for _ in range(12):
        c.frame()
    while g._settle:                        # the log's line comes two frames after the play
        c.frame()
    lines = [bytes(b).split(b"\0")[0].decode() for b in g.lines]
    rec = g.record
    last = [i for i in range(rec.n) if rec.kind(i) == R.E_PLAY][-1]
    name = NAMES[rec.field(last, 0)]
    assert lines[2].startswith(name)
    assert all(len(ln) <= 29 for ln in lines)


def test_static_screen_pushes_nothing():
    c, g = start((0, 3), 4)
    while g.st.turn != 0 or g.mode != S.M_PLAY:
        c.frame()
    c.frame()
    pushed = []
    show = c.hw.display.show
    c.hw.display.show = lambda buf, rects, n: pushed.append(n) or show(buf, rects, n)
    for _ in range(10):
        c.frame()
    assert sum(pushed) == 0
