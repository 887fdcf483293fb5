"""Unit tests of the core's small parts on CPython: buttons, tilt, rng, fixed point, gfx rects."""
import math
import random

import pytest

from core import buttons as B
from core import fixed, gfx, rng, tilt as T
from array import array


# -- buttons -------------------------------------------------------------------------------
def feed(btn, seq):
    out = []
    for raw in seq:
        btn.update(raw)
        out.append((btn.held, btn.pressed, btn.released, btn.repeat))
    return out


def test_press_and_release_edges_once():
    b = B.Buttons()
    r = feed(b, [0, B.A, B.A, B.A, 0, 0])
    assert [x[1] for x in r] == [0, B.A, 0, 0, 0, 0]
    assert [x[2] for x in r] == [0, 0, 0, 0, B.A, 0]
    assert [x[0] for x in r] == [0, B.A, B.A, B.A, 0, 0]


def test_bounce_as_the_key_goes_down_gives_one_press():
    b = B.Buttons()
    # contact bounce: pressed, (bounce reads released), pressed... then a clean release
    r = feed(b, [0, B.A, 0, B.A, B.A, 0, 0])
    assert [x[1] for x in r] == [0, B.A, 0, 0, 0, 0, 0]
    assert [x[2] for x in r] == [0, 0, 0, 0, 0, B.A, 0]


def test_fast_tapping_is_not_swallowed():
    b = B.Buttons()
    taps = [B.A, 0, 0] * 10                  # 10 taps a second at 30 steps a second
    r = feed(b, taps)
    assert sum(1 for x in r if x[1] & B.A) == 10
    r = feed(B.Buttons(), [B.A, B.A, 0] * 10)
    assert sum(1 for x in r if x[1] & B.A) == 10


def test_auto_repeat_on_held_direction_only():
    b = B.Buttons()
    r = feed(b, [B.DOWN] * 30)
    fired = [i for i, x in enumerate(r) if x[3] & B.DOWN]
    assert fired[0] == 0
    assert fired[1] == B.REPEAT_DELAY
    assert all(fired[k + 1] - fired[k] == B.REPEAT_EVERY for k in range(1, len(fired) - 1))
    r = feed(B.Buttons(), [B.A] * 30)
    assert sum(1 for x in r if x[3] & B.A) == 1


def test_mashing_keeps_state_consistent():
    b = B.Buttons()
    rnd = random.Random(5)
    for _ in range(20000):
        before = b.held
        b.update(rnd.randrange(1 << 12))
        assert b.held & ~B.ALL == 0
        assert b.pressed & b.released == 0
        assert b.pressed == (b.held & ~before)
        assert b.released == (before & ~b.held)


# -- tilt ----------------------------------------------------------------------------------
def run_tilt(t, readings, held=0, stuck=True):
    xyz = array("i", [0, 0, 0])
    for r in readings:
        ok = r is not None
        if ok:
            xyz[0], xyz[1], xyz[2] = r
        t.update(ok, xyz, stuck, held)
    return t


def test_tilt_calibrated_filtered_and_dead_zoned():
    t = T.Tilt()
    t.calibrate(50, -30, 990)                   # the "level" pose the user stored
    run_tilt(t, [(50 + (i & 1), -30, 990) for i in range(60)])
    assert (t.x, t.y) == (0, 0)                 # level pose, noise inside the dead zone
    run_tilt(t, [(50 - 400 + (i & 1), -30 - 200, 900) for i in range(120)])
    # right edge lowered by ~400 mg, top by ~200 mg: converged after the filter, minus dead zone
    assert abs(t.x - (400 - T.DEAD)) <= 3 and abs(t.y - (200 - T.DEAD)) <= 3
    assert t.source == T.SENSOR


def test_tilt_filter_is_low_pass():
    t = T.Tilt()
    run_tilt(t, [(0, 0, 1000)] * 5 + [(-800, 0, 600)])
    assert 0 < t.x < 800 // 2          # one sample moves it only part of the way


def test_spikes_and_garbage_are_clamped():
    t = T.Tilt()
    run_tilt(t, [(-30000 + (i & 1), 30000, 1000) for i in range(200)])
    assert t.x == T.LIMIT and t.y == -T.LIMIT and t.source == T.SENSOR
    run_tilt(t, [(i & 1, 0, 1000) for i in range(200)])
    assert (t.x, t.y) == (0, 0)


def test_failing_sensor_falls_back_to_buttons_and_back():
    t = T.Tilt()
    run_tilt(t, [(0, 0, 1000), (1, 0, 1000)])
    assert t.source == T.SENSOR
    run_tilt(t, [None])
    assert t.source == T.BUTTONS and t.changed
    run_tilt(t, [None] * 20, held=B.RIGHT)
    assert t.x == T.BUTTON_TILT and t.y == 0
    run_tilt(t, [(0, 0, 1000)])
    assert t.source == T.SENSOR and t.changed
    run_tilt(t, [(1, 0, 1000)])
    assert not t.changed


def test_stuck_sensor_detected_only_when_noise_expected():
    t = run_tilt(T.Tilt(), [(5, 5, 1000)] * (T.STUCK_STEPS + 2))
    assert t.source == T.BUTTONS
    t = run_tilt(T.Tilt(), [(5, 5, 1000)] * (T.STUCK_STEPS + 2), stuck=False)
    assert t.source == T.SENSOR


# -- rng -----------------------------------------------------------------------------------
def xorshift32(x):
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


def test_rng_is_xorshift32_on_halves():
    r = rng.Rng(12345)
    x = (r.hi << 16) | r.lo
    for _ in range(1000):
        x = xorshift32(x)
        assert r.next16() == x >> 16


def test_rng_below_is_in_range_and_uniform_enough():
    r = rng.Rng(7)
    counts = [0] * 6
    for _ in range(60000):
        v = r.below(6)
        counts[v] += 1
    assert all(9000 < c < 11000 for c in counts)
    assert all(0 <= r.below(n) < n for n in (1, 2, 3, 80, 65536) for _ in range(50))


def test_rng_below_has_no_modulo_bias():
    """below(40000): 65536 % 40000 = 25536 of the 16-bit values would land twice on 0..25535
    without the rejection limit (78 % of draws below 25536 instead of 64 %). 40,000 draws of a
    fixed seed in 8 bins of 5000: chi-square below 24.3 (7 degrees of freedom, p = 0.001)."""
    r = rng.Rng(2024)
    bins = [0] * 8
    for _ in range(40000):
        bins[r.below(40000) // 5000] += 1
    chi2 = sum((k - 5000) ** 2 / 5000 for k in bins)
    assert chi2 < 24.3, bins


@pytest.mark.parametrize("n,rounds", [(3, 600), (4, 400)])
def test_rng_shuffle_gives_every_order_alike(n, rounds):
    """Fisher-Yates: all n! orders of a small list appear about equally often (Sattolo's error,
    below(i) for below(i + 1), gives only the (n - 1)! cyclic ones). Fixed seed; chi-square below
    the p = 0.001 bound for n! - 1 degrees of freedom (5: 20.5; 23: 49.7)."""
    r = rng.Rng(77)
    counts = {}
    for _ in range(rounds * math.factorial(n)):
        a = bytearray(range(n))
        r.shuffle(a)
        counts[bytes(a)] = counts.get(bytes(a), 0) + 1
    assert len(counts) == math.factorial(n)
    chi2 = sum((k - rounds) ** 2 / rounds for k in counts.values())
    assert chi2 < {3: 20.5, 4: 49.7}[n], counts


def test_rng_state_roundtrip_and_shuffle_is_permutation():
    r = rng.Rng(99)
    buf = bytearray(4)
    r.save_into(buf, 0)
    a = [r.next16() for _ in range(5)]
    r2 = rng.Rng(1)
    r2.load_from(buf, 0)
    assert [r2.next16() for _ in range(5)] == a
    deck = bytearray(range(80))
    rng.Rng(3).shuffle(deck)
    assert sorted(deck) == list(range(80)) and list(deck) != list(range(80))


# -- fixed point ---------------------------------------------------------------------------
def test_sin_cos_accuracy_and_symmetry():
    for a in range(-70000, 70000, 37):
        exact = math.sin(a * 2 * math.pi / 65536) * 16384
        assert abs(fixed.sin(a) - exact) <= 2
        assert fixed.cos(a) == fixed.sin(a + 0x4000)
    assert fixed.sin(0) == 0 and fixed.sin(0x4000) == 16384 and fixed.sin(0xC000) == -16384


def test_isqrt_matches_exact():
    rnd = random.Random(1)
    for n in [0, 1, 2, 3, 4, 15, 16, 17, (1 << 30) - 1] + [rnd.randrange(1 << 30) for _ in range(2000)]:
        assert fixed.isqrt(n) == math.isqrt(n)


# -- gfx dirty rectangles ------------------------------------------------------------------
def test_dirty_rects_clip_align_and_merge():
    g = gfx.Gfx()
    g.dirty(-5, -5, 10, 10)
    assert list(g.rects[:4]) == [0, 0, 6, 5]           # clipped, x widened to even
    g.dirty(5, 1, 2, 2)                                  # touches: merged
    assert g.n == 1 and list(g.rects[:4]) == [0, 0, 8, 5]
    g.dirty(300, 10, 5, 5)                               # off screen: nothing
    assert g.n == 1
    for i in range(20):                                  # more than MAX_RECTS apart: merged
        g.dirty(20 * i % 240, 20 * (i // 12) + 40, 3, 3)
    assert g.n == gfx.MAX_RECTS
    r = g.rects
    for i in range(g.n):
        k = 4 * i
        assert 0 <= r[k] < r[k + 2] <= 240 and 0 <= r[k + 1] < r[k + 3] <= 240
        assert r[k] % 2 == 0 and r[k + 2] % 2 == 0


def test_every_drawn_pixel_is_inside_a_dirty_rect():
    g = gfx.Gfx()
    rnd = random.Random(3)
    for _ in range(40):
        before = bytes(g.buf)
        g.n = 0
        op = rnd.randrange(6)
        x, y = rnd.randrange(-20, 250), rnd.randrange(-20, 250)
        c = rnd.randrange(1, 16)
        if op == 0:
            g.fill_rect(x, y, rnd.randrange(40), rnd.randrange(40), c)
        elif op == 1:
            g.text("Hi there", x, y, c)
        elif op == 2:
            g.number(rnd.randrange(-99999, 99999), x, y, c, width=7, bg=0)
        elif op == 3:
            g.line(x, y, rnd.randrange(240), rnd.randrange(240), c)
        elif op == 4:
            g.text_big("Ab", x, y, c, 3)
        else:
            g.ellipse(x, y, rnd.randrange(1, 30), rnd.randrange(1, 30), c, rnd.randrange(2))
        after = bytes(g.buf)
        for i in range(len(after)):
            if after[i] != before[i]:
                px, py = (i % 120) * 2, i // 120
                assert any(g.rects[4 * k] <= px < g.rects[4 * k + 2] and
                           g.rects[4 * k + 1] <= py < g.rects[4 * k + 3] for k in range(g.n)), (op, px, py)


def test_number_draws_digits_like_text():
    a, b = gfx.Gfx(), gfx.Gfx()
    for n in (0, 7, -42, 1234567, 999999999):
        a.fb.fill(0)
        b.fb.fill(0)
        a.number(n, 10, 10, 5)
        b.text(str(n), 10, 10, 5)
        assert a.buf == b.buf


def _lit(g, x0, y0):
    return {(x - x0, y - y0) for x in range(x0, x0 + 8) for y in range(y0, y0 + 8) if g.fb.pixel(x, y)}


def test_the_apostrophe_is_a_straight_mark_not_the_fonts_accent():
    """The built-in 8x8 font's ' slants from the top right like an acute accent ("ANA\u00b4s
    hand"), on the device as in the simulator (tests/test_framebuf_parity.py); core.text draws a
    mark of its own, columns 3-4 of rows 0-2 (the left half of the font's double quote, moved
    to the middle), and every other glyph as the font does (docs/decisions.md)."""
    from core import text as TX
    g = gfx.Gfx()
    g.fb.fill(0)
    g.fb.text("'", 8, 8, 5)
    assert _lit(g, 8, 8) == {(3, 2), (4, 1), (4, 2), (5, 0), (5, 1), (6, 0)}    # the accent
    g.fb.fill(0)
    assert TX.draw(g, b"A'sB", 8, 8, 5) == 32
    assert _lit(g, 16, 8) == {(3, 0), (4, 0), (3, 1), (4, 1), (3, 2), (4, 2)}
    want = gfx.Gfx()
    want.fb.fill(0)
    want.fb.text("A", 8, 8, 5)
    want.fb.text("sB", 24, 8, 5)
    want.fb.fill_rect(19, 8, 2, 3, 5)
    assert g.buf == want.buf
