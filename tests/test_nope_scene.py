"""NOPE!'s table scene on CPython (the simulator's core): the console plays what the rules and
bots decide; a human's illegal selection cannot be confirmed and the hint line says why; a
legal set is laid in the chosen order; pass-around play shows a hand only to its owner after the
hand-off; suspend/resume at any moment continues identically; damaged saves are refused whole."""
import os
import random

import pytest

import nope_tournament as T
import nope_util as U
from memfs import MemFS
from core import buttons as B
from core import storage
from core.record import Record
from core.setup import Setup
from games.nope import rules as R
from games.nope import snapshot as SNAP
from games.nope import human as HU
from games.nope import scenes as S
from games.nope.events import EVENTS
from scene_util import assert_damaged_save_is_discarded, console, finish, press

NAMES = ("ANA", "BEN", "CLEO", "DEV", "EVE", "FIN")


def setup(kinds, options=(0, 0, 0), seed=1, start=-1):
    return Setup("nope", bytearray(kinds), list(NAMES[:len(kinds)]), bytearray(options), seed, start)


def start(kinds, options=(0, 0, 0), seed=1, speed=3, snapshot=None, first=-1):
    c, hw, fs = console(speed)
    c.start_game("nope", setup(kinds, options, seed, first), snapshot)
    return c, c.game


def hint(g):
    return g._hint()


# -- the console plays the rules and the bots faithfully ------------------------------------------
@pytest.mark.parametrize("kinds,options,seed", [((3, 1), (0, 0, 0), 4), ((2, 3, 1, 2), (0, 0, 0), 5),
                                                ((3, 3, 2, 1, 2, 3), (1, 1, 0), 6), ((2, 3, 1), (0, 0, 1), 7)])
def test_console_game_equals_the_headless_game(kinds, options, seed):
    c, g = start(kinds, options, seed)
    finish(c, g)
    rec = Record(U.CAPACITY, U.FIELDS, U.TYPECODE)
    st = T.play_game(list(kinds), seed, options[0], 1 - options[1], options[2], rec)
    assert g.record.dump() == rec.dump()
    assert g.st.winners == st.winners and g.winners == st.winners and g.st.turns == st.turns


def test_result_line_and_record_head():
    c, g = start((3, 1, 2), (0, 0, 0), 789012345)
    finish(c, g)
    w = [str(s) for s in range(3) if g.st.winners & (1 << s)]
    assert g.result() == "winner=%s turns=%d" % (",".join(w), g.st.turns)
    rec = g.record
    assert memoryview(rec.rows).nbytes == U.CAPACITY * 6     # 8-bit fields: 640 rows in 3,840 bytes
    assert rec.kind(0) == R.E_SEED and [rec.field(0, j) for j in range(5)] == [2, 120, 29, 62, 121]
    assert rec.kind(1) == R.E_OPTIONS and [rec.field(1, j) for j in range(5)] == [3, 0, 1, 0, 0]
    names = [EVENTS[rec.kind(i)][0] for i in range(rec.n)]
    assert names[:3] == ["seed", "options", "dealer"] and names[-1] == "result"


def test_game_over_waits_for_a_then_leaves():
    c, g = start((3, 1), seed=4)
    finish(c, g)
    for _ in range(30):
        c.frame()
    assert c.game is g
    press(c, B.A)
    assert c.game is None and type(c.top).__name__ == "Results"


def test_setup_start_is_honoured_and_written_back():
    """G-2: -1 lets the game choose (the dealer's left), written into setup.start; a seat
    there starts (play again)."""
    c, g = start((3, 1, 2), seed=9)
    assert g.setup.start == g.st.start_seat == g.st.turn
    for s in range(3):
        c, g = start((3, 1, 2), seed=9, first=s)
        assert g.st.start_seat == s and g.st.turn == s and g.setup.start == s


# -- a human's choices ----------------------------------------------------------------------------
def human_table(hands, top, turn=0, kinds=(0, 1, 1), demand=None):
    """The console's game with the table laid out by nope_util.table (the human to move)."""
    c, g = start(kinds, seed=3, speed=3)
    t = U.table(len(kinds), hands, top, turn=turn, demand=demand, record=False)
    U.copy_state(g.st, t)
    g.st.legal()
    g.wait = 0
    g._new_decision()
    g._show_hand()
    c.frame()
    return c, g


def pick(c, g, names, drop=False):
    """Move the cursor to each named card (not yet picked; with `drop`, picked) and press A."""
    for name in names:
        code = U.card(name)
        i = next(k for k in range(g.hn) if g.hc[k] == code and bool(g.pick[k]) == drop)
        while g.cur < i:
            press(c, B.RIGHT, 0)
        while g.cur > i:
            press(c, B.LEFT, 0)
        press(c, B.A, 0)


def test_an_illegal_selection_cannot_be_confirmed_and_the_screen_says_why():
    c, g = human_table(["R1 R2 G1 B2 Y3", "R3 G3 B3", "Y1 Y2"], "RG2")
    n = g.record.n
    press(c, B.X)
    assert hint(g) == HU.WHY_NONE
    pick(c, g, ["R1"])
    press(c, B.X)
    assert hint(g) == HU.WHY_COUNT[2]                 # two cards asked
    pick(c, g, ["B2"])
    press(c, B.X)
    assert hint(g) == HU.WHY_COLOUR                   # red and blue share no colour asked
    press(c, B.B)
    assert hint(g) == HU.WHY_SET                      # a set is held: no drawing (RB-N1)
    assert g.record.n == n and g.st.turn == 0 and g.st.hn[0] == 5
    pick(c, g, ["R2", "Y3"])
    assert hint(g) == HU.WHY_MAX and g.npick == 3     # a fourth card is refused


def test_a_legal_set_is_laid_with_the_chosen_top_card_last():
    c, g = human_table(["R1 R2 G1 B2 Y3", "R3 G3 B3", "Y1 Y2"], "RG2")
    pick(c, g, ["R2", "G1"])                         # red and green: no colour in common
    press(c, B.X)
    assert hint(g) == HU.WHY_COLOUR
    pick(c, g, ["G1"], drop=True)
    pick(c, g, ["R1"])
    press(c, B.X)
    assert g.hmode == S.H_TOP and hint(g) == S.HINT_TOP
    i = next(k for k in range(g.hn) if g.hc[k] == U.card("R2"))
    while g.cur != i:
        press(c, B.LEFT if g.cur > i else B.RIGHT, 0)
    press(c, B.A)
    k = g.record.n - 1
    while g.record.kind(k) != R.E_DISCARD:
        k -= 1
    assert [g.record.field(k, j) for j in range(5)] == [0, 2, U.card("R1"), U.card("R2"), 0]
    assert g.st.disc[g.st.ndisc - 1] == U.card("R2")


def test_without_a_set_b_draws_and_an_action_card_alone_is_offered():
    c, g = human_table(["R1 G2 SeeB", "R3 G3 B3", "Y1 Y2"], "B2", demand=(2, 4))
    assert hint(g) == S.HINT_NOSET_ACT
    pick(c, g, ["SeeB"])
    press(c, B.X)                                    # not a set of 2: played alone (P-2)
    acts = [i for i in range(g.record.n) if g.record.kind(i) == R.E_ACTION]
    assert acts and g.record.field(acts[0], 1) == U.card("SeeB")
    c, g = human_table(["R1 G2", "R3 G3 B3", "Y1 Y2"], "B2", demand=(2, 4))
    assert hint(g) == S.HINT_NOSET
    press(c, B.B)
    draws = [i for i in range(g.record.n) if g.record.kind(i) == R._E_DRAW]
    assert draws and g.record.field(draws[0], 0) == 0


def test_one_action_card_that_is_also_a_set_asks():
    c, g = human_table(["R1 G2 SeeB", "R3 G3 B3", "Y1 Y2"], "B1")
    pick(c, g, ["SeeB"])
    press(c, B.X, 2)
    assert g.hmode == S.H_ASK and hint(g) == S.HINT_ASK
    press(c, B.X)                                    # as a set of one (P-3)
    d = [i for i in range(g.record.n) if g.record.kind(i) == R.E_DISCARD]
    assert d and g.record.field(d[0], 2) == U.card("SeeB")


def test_a_human_nominates_row_by_row():
    c, g = human_table(["R1 G2 NomB B1", "R3 G3 B3", "Y1 Y2"], "B2", demand=(1, 4))
    pick(c, g, ["NomB"])
    press(c, B.X)
    press(c, B.A)                                    # alone, not as a set of one
    assert g.st.phase == R.P_NOMINATE and g.hmode == S.H_NOM
    press(c, B.RIGHT)                                # seat 1 -> seat 2
    press(c, B.DOWN)
    press(c, B.RIGHT, 2)
    press(c, B.RIGHT, 2)                             # count 3
    press(c, B.A)
    k = [i for i in range(g.record.n) if g.record.kind(i) == R.E_NOMINATE][0]
    assert [g.record.field(k, j) for j in range(4)] == [0, 2, 3, 4]


def test_random_input_plays_only_legal_moves_to_the_end():
    """A seeded mash of every key: the game ends, nothing faults, every human move was legal
    (the rules raise on an illegal one, which the console would count as a fault)."""
    rnd = random.Random(5)
    keys = (B.LEFT, B.RIGHT, B.UP, B.DOWN, B.A, B.A, B.X, B.B)
    for seed in (1, 2):
        c, g = start((0, 2, 0), seed=seed, speed=3)
        for _ in range(30000):
            if g.game_over:
                break
            press(c, rnd.choice(keys), 0)
        assert g.game_over and not c.faults, c.last_error
        assert any(g.record.kind(i) == R.E_DISCARD and g.record.field(i, 0) in (0, 2)
                   for i in range(g.record.n))


# -- private hands ---------------------------------------------------------------------------------
def test_a_hand_is_shown_only_to_its_owner_after_the_hand_off():
    c, g = start((0, 1, 0), seed=12, speed=2)
    handoff = c._scenes["handoff"]
    confirmed = None
    shown = 0
    drawn = []
    real = g._draw_hand

    def spy(gfx):
        drawn.append(g.viewer)
        real(gfx)
    g._draw_hand = spy
    rnd = random.Random(2)
    for _ in range(6000):
        if g.game_over:
            break
        was = c.top
        drawn.clear()
        press(c, rnd.choice((B.A, B.A, B.X, B.B, B.LEFT, B.RIGHT)), 0)
        if was is handoff and c.top is g:
            confirmed = handoff.name
        for v in drawn:
            if v >= 0:
                assert NAMES[v] == confirmed, (v, confirmed)
                shown += 1
        if c.top is g and g.viewer >= 0:
            assert g.viewer == g.st.to_move() or g.mode == S._M_OVER
    assert shown > 20 and g.game_over


def test_one_human_sees_their_hand_throughout_without_hand_off():
    c, g = start((0, 3, 3), seed=13, speed=3)
    for _ in range(400):
        c.frame()
        assert c.top is g and g.viewer == 0


# -- suspend / resume -------------------------------------------------------------------------------
@pytest.mark.parametrize("kinds,options,seed", [((3, 1, 2), (0, 0, 0), 31), ((2, 3), (1, 0, 1), 32)])
def test_suspend_and_resume_at_any_moment_continues_identically(kinds, options, seed):
    c, g = start(kinds, options, seed)
    frames = finish(c, g)
    full = g.record.dump()
    for at in range(1, frames, max(1, frames // 7)):
        c1, g1 = start(kinds, options, seed)
        for _ in range(at):
            c1.frame()
        if g1.game_over:
            continue
        snap = g1.snapshot()
        c2, g2 = start(kinds, options, seed, snapshot=snap)
        assert SNAP.save_state(g2.st) == SNAP.save_state(g1.st) and g2.record.dump() == g1.record.dump()
        finish(c2, g2)
        assert g2.record.dump() == full, at


def test_suspend_through_the_pause_menu_and_resume_from_the_launcher():
    fs = MemFS()
    c, hw, _ = console(3, fs)
    c.start_game("nope", setup((3, 1, 2), seed=44))
    g = c.game
    for _ in range(60):
        c.frame()
    state = SNAP.save_state(g.st)
    rec = g.record.dump()
    press(c, B.Y)                                   # pause menu
    press(c, B.UP)                                  # to "Quit to launcher"
    press(c, B.A)
    assert c.game is None and c.suspended == "nope"
    c2, _, _ = console(3, fs)                       # a reboot
    assert c2.resume_game()
    g2 = c2.game
    assert SNAP.save_state(g2.st) == state and g2.record.dump() == rec


def test_snapshot_is_none_when_the_game_is_over():
    c, g = start((3, 1), seed=4)
    finish(c, g)
    assert g.snapshot() is None


# -- damaged saves -----------------------------------------------------------------------------------
def _snap():
    c, g = start((3, 1, 2), seed=51)
    for _ in range(81):         # (the first frame only paints: a bot begins a frame later)
        c.frame()
    return g.snapshot()


_CONSOLE = []


def _refused(snap, su=None):
    if not _CONSOLE:
        _CONSOLE.append(console()[0])
    with pytest.raises(ValueError):
        HU.HumanScene(_CONSOLE[0], su or setup((3, 1, 2), seed=51), snap)


def test_truncated_and_bit_flipped_snapshots_are_refused():
    snap = _snap()
    HU.HumanScene(console()[0], setup((3, 1, 2), seed=51), snap)      # the whole one loads
    for n in list(range(0, 30)) + list(range(len(snap) - 30, len(snap))):
        _refused(snap[:n])
    rnd = random.Random(7)
    for i in list(range(0, 700)) + rnd.sample(range(700, len(snap)), min(200, len(snap) - 700)):
        b = bytearray(snap)
        b[i] ^= 1 << rnd.randrange(8)
        _refused(bytes(b))


def test_a_snapshot_of_another_setup_is_refused():
    snap = _snap()
    _refused(snap, setup((3, 1, 2), (1, 0, 0), 51))    # other deal
    _refused(snap, setup((3, 1, 2, 1), seed=51))       # other seats
    _refused(snap, setup((3, 1, 2), seed=52))          # other seed
    _refused(snap, setup((3, 1, 2), seed=51 + (1 << 28)))   # other seed's highest 7-bit digit


def test_a_snapshot_of_the_16_bit_record_version_is_refused():
    body = bytearray(_snap()[:-4])
    assert body[2] == SNAP.VERSION == 3
    body[2] = 2
    a, b = storage.fletcher(body, len(body))
    _refused(bytes(body) + bytes([a & 255, a >> 8, b & 255, b >> 8]))


def test_consistent_checksum_but_impossible_state_is_refused():
    snap = bytearray(_snap())
    body = snap[:-4]
    body[3 + 24 + R.NC + 1] += 1                       # one more R1 in seat 1's hand
    a, b = storage.fletcher(body, len(body))
    _refused(bytes(body) + bytes([a & 255, a >> 8, b & 255, b >> 8]))
    _refused(random.Random(1).randbytes(400))
    _refused(b"")


def test_damaged_save_is_reported_and_discarded_by_the_console_never_half_loaded():
    assert_damaged_save_is_discarded("nope", setup((3, 1, 2), seed=51), _snap())


# -- screen ------------------------------------------------------------------------------------------
def test_log_lines_describe_the_public_events():
    c, g = start((3, 1), seed=4)
    finish(c, g)
    winner = NAMES[[s for s in range(2) if g.winners >> s & 1][0]]
    text = [bytes(ln).rstrip(b"\0").decode() for ln in g.lines]
    assert text[1] != winner + " wins!"         # the log follows a play a frame later (its repaint
    c.frame()                                   # spread over two frames)
    text = [bytes(ln).rstrip(b"\0").decode() for ln in g.lines]
    assert text[1] == winner + " wins!"


def _line(buf):
    return bytes(buf).rstrip(b"\0").decode()


@pytest.mark.parametrize("kinds,options,seed", [
    ((3, 1), (0, 0, 0), 7), ((1, 2), (1, 1, 0), 7), ((2, 3), (0, 0, 1), 1),
    ((1, 2, 3), (0, 0, 0), 3), ((3, 1, 2, 3), (0, 1, 0), 4), ((1, 2, 3, 1, 2), (0, 0, 0), 5),
    ((3, 3, 2, 2, 1, 1), (1, 0, 0), 6)])
def test_every_draw_leaves_a_line_in_the_log(kinds, options, seed):
    """Whole bot games of 2-6 seats: as the record stood after each turn's draw (one card, two
    with two players: P-6), the log's newest line says who drew how many, and whether it made a
    set or was a Nope! (a draw of two that made a set was silent: 8 cards, then 10)."""
    c, g = start(kinds, options, seed)
    finish(c, g)
    rec = g.record
    n = rec.n
    counts = []
    drew = 0
    for i in range(n):
        k = rec.kind(i)
        if k == R._E_DRAW:
            drew += 1
        if k not in (R._E_DRAW, R.E_NOPE):
            continue
        if k == R._E_DRAW and i + 1 < n and rec.kind(i + 1) in (R._E_DRAW, R.E_RESHUFFLE, R.E_NOPE):
            continue                    # the turn draws on, or its Nope! row will say it
        name = NAMES[rec.field(i, 0)]
        if k == R.E_NOPE:
            assert rec.field(i, 1) == drew
            want = "%s drew %s: Nope!" % (name, drew or "none")
        else:
            want = "%s drew %d: a set!" % (name, drew)
        rec.n = i + 1                   # the record as it stood then
        g._make_log()
        rec.n = n
        assert _line(g.lines[1]) == want, (i, [_line(ln) for ln in g.lines])
        counts.append(drew)
        drew = 0
    most = 2 if len(kinds) == 2 else 1
    assert counts.count(most) > 5 and max(counts) == most
    assert drew == 0                    # no draw left without its line


@pytest.mark.parametrize("rows,text", [
    (((R._E_DRAW, 0, 5, 40), (R.E_NOPE, 0, 1)), "WWWWWWWW drew 1: Nope!"),
    (((R._E_DRAW, 0, 5, 40),), "WWWWWWWW drew 1: a set!"),
    (((R._E_DRAW, 1, 5, 40), (R._E_DRAW, 1, 7, 39)), "Normal 2 drew 2: a set!"),
    (((R._E_DRAW, 1, 5, 40), (R._E_DRAW, 1, 7, 39), (R.E_NOPE, 1, 2)), "Normal 2 drew 2: Nope!"),
    (((R._E_DRAW, 0, 5, 0), (R.E_RESHUFFLE, 30, 4), (R._E_DRAW, 0, 7, 29)),
     "WWWWWWWW drew 2: a set!"),
    (((R.E_NOPE, 0, 0),), "WWWWWWWW drew none: Nope!"),
])
def test_every_draw_line_says_all_of_it_with_the_longest_names(rows, text):
    """A log line holds 29 characters (29 x 8 px from x = 4); a reshuffle between a turn's two
    draws gets its own line before the draw's."""
    c, hw, fs = console(3)
    c.start_game("nope", Setup("nope", bytearray((1, 2)), ["WWWWWWWW", "Normal 2"],
                               bytearray(3), 1))
    g = c.game
    for row in rows:
        g.record.add(*row)
    g._make_log()
    assert _line(g.lines[1]) == text and len(text) <= 29
    if rows[1:2] and rows[1][0] == R.E_RESHUFFLE:
        assert _line(g.lines[0]) == "Reshuffled: 30 cards"


@pytest.mark.parametrize("kinds,seed", [((3, 3, 3, 3), 1), ((0, 3, 3, 3), 2), ((0, 2, 0), 3)])
def test_the_costly_parts_of_a_turn_never_share_a_frame(kinds, seed):
    """docs/nope.md, Frame cost: a play (the rules, then the header, seats and top card), the
    next frame's log and hand area, and a bot beginning its choice each get a frame of their
    own (with the log, the hand and a bot's beginning in one frame: 40.6 ms on the Pico).
    Humans play from the seeded mash, which presses keys in every kind of frame."""
    from mash import Mash
    c, g = start(kinds, seed=seed)
    c.hw.buttons = Mash(seed)
    now = []

    def spy(name, real):
        def call(*a):
            now.append(name)
            return real(*a)
        return call
    g.st.play = spy("play", g.st.play)
    g._make_log = spy("log", g._make_log)
    g.bot.begin = spy("begin", g.bot.begin)
    seen = set()
    for _ in range(40000):
        if g.game_over:
            break
        now.clear()
        c.frame()
        assert len(now) <= 1, now
        seen.update(now)
    assert g.game_over and not c.faults, c.last_error
    assert seen == {"play", "log", "begin"}


def test_a_humans_keys_count_only_once_the_hand_shows_the_decision():
    """In the frame after a play (the log and the hand area being made) a human's B does not
    draw: with that play in it, the frame would repaint nearly the whole screen twice over."""
    c, g = human_table(["R1 G2", "R3 G3 B3", "Y1 Y2"], "B2", demand=(2, 4))
    n = g.record.n
    g._due = True                                    # as in the frame after a play
    press(c, B.B, 2)                                 # (then released)
    assert g.record.n == n and not g._due
    press(c, B.B)
    assert g.record.n > n and g.record.kind(n) == R._E_DRAW


def test_static_screen_pushes_nothing():
    c, g = human_table(["R1 R2 G1 B2 Y3", "R3 G3 B3", "Y1 Y2"], "RG2")
    for _ in range(3):
        c.frame()
    for _ in range(20):
        c.frame()
        assert c.hw.display.last_bytes == 0 or c.notice.active


# -- a card's face ----------------------------------------------------------------------------------
def _face(draw):
    import framebuf
    fb = framebuf.FrameBuffer(bytearray(24 * 38 // 2), 24, 38, framebuf.GS4_HMSB)
    draw(fb)
    return bytes(fb)


def _png_marks():
    """The four colour shapes read from their PNGs with Pillow (not through art.py), drawn as
    the palette index of each opaque pixel: (colour index, x, y, palette index)."""
    from PIL import Image
    from core.palette import RGB
    colours = [tuple(RGB[3 * i:3 * i + 3]) for i in range(16)]
    marks = []
    for c, name in enumerate("rgby"):
        im = Image.open(os.path.join(U.ROOT, "assets", "games", "nope", "mark_%s.png" % name))
        im = im.convert("RGBA")
        for yy in range(im.height):
            for xx in range(im.width):
                r, gg, b, a = im.getpixel((xx, yy))
                if a:
                    marks.append((c, xx, yy, colours.index((r, gg, b))))
    return marks


def _sprites():
    from games.nope import art
    from games.nope.begin import _sprite
    return tuple(_sprite(i) for i in (art.MARK_R, art.MARK_G, art.MARK_B, art.MARK_Y))


def test_a_card_face_shows_a_band_the_letter_and_the_shape_of_each_colour():
    marks = _png_marks()
    assert {m[0] for m in marks} == {0, 1, 2, 3}

    def shape(fb, c, x, y):
        for cc, xx, yy, v in marks:
            if cc == c:
                fb.pixel(x + xx, y + yy, v)

    def red_blue(fb):
        fb.fill_rect(0, 0, 12, 38, S.INK[0])
        fb.text("R", 2, 24, S.ON_INK[0])
        shape(fb, 0, 2, 13)
        fb.fill_rect(12, 0, 12, 38, S.INK[2])
        fb.text("B", 14, 24, S.ON_INK[2])
        shape(fb, 2, 14, 13)
    assert _face(lambda fb: S.draw_bands(fb, 0, 0, 24, 38, 1 | 4, 24, _sprites())) == _face(red_blue)

    def yellow(fb):
        fb.fill_rect(0, 0, 24, 38, S.INK[3])
        fb.text("Y", 8, 24, S.ON_INK[3])
        shape(fb, 3, 8, 13)
    assert _face(lambda fb: S.draw_bands(fb, 0, 0, 24, 38, 8, 24, _sprites())) == _face(yellow)

    def four(fb):                       # bands 6 px wide: no room for the shapes; "*" for all
        for c in range(4):                # four ("all" filled the card: "allall" beside another)
            fb.fill_rect(6 * c, 0, 6, 38, S.INK[c])
        fb.fill_rect(7, 23, 10, 10, 0)
        fb.text("*", 8, 24, 5)
    assert _face(lambda fb: S.draw_bands(fb, 0, 0, 24, 38, 15, 24, _sprites())) == _face(four)


def _png_pixels(name):
    """An asset PNG's opaque pixels as (x, y, palette index), read with Pillow."""
    from PIL import Image
    from core.palette import RGB
    colours = [tuple(RGB[3 * i:3 * i + 3]) for i in range(16)]
    im = Image.open(os.path.join(U.ROOT, "assets", "games", "nope", name)).convert("RGBA")
    return [(x, y, colours.index(im.getpixel((x, y))[:3])) for y in range(im.height)
            for x in range(im.width) if im.getpixel((x, y))[3]]


@pytest.mark.parametrize("top, png", [("Reset", "act_reset.png"), ("SeeR", "act_see.png"),
                                      ("Nom*", "act_nom.png")])
def test_an_action_card_on_top_shows_its_symbol_from_the_assets(top, png):
    c, g = human_table(["R1 R2 G1 B2 Y3", "R3 G3 B3", "Y1 Y2"], top, demand=(1, 15))
    fb = c.gfx.fb
    x0, y0 = 8 + 20, 58 + 2 + 26            # the top card's white box, the symbol centred in it
    pixels = _png_pixels(png)
    assert len(pixels) > 20
    assert all(fb.pixel(x0 + x, y0 + y) == v for x, y, v in pixels)
    opaque = {(x, y) for x, y, _ in pixels}
    assert all(fb.pixel(x0 + x, y0 + y) == 5 for y in range(16) for x in range(16)
               if (x, y) not in opaque)                     # the rest: the box's white
