"""No Respect property tests: over hundreds of whole games (random plays and bot plays, 2-4 seats,
base game and variation) after every action: all 80 tiles accounted for, columns strictly
descending (N-1), piles at most 3 with a cap only on top, no play on dead or capped columns,
the legal-move list equal to an independent reading of the rules, save/load the identity."""
import pytest

from norespect_util import R, Rng, play_random
from games.norespect import bot as B


def reference_legal(st):
    """The plays of the drawn tile, straight from the rulebook text (independent of rules.py)."""
    v = st.drawn
    me = st.turn
    out = set()

    def top(col):
        h = st.h[col]
        return (st.val[col * 4 + h - 1], st.pile[col * 4 + h - 1]) if h else (0, 0)

    for c in range(3):
        col = me * 3 + c
        h = st.h[col]
        t, pile = top(col)
        capped = pile == 3
        if h < 4 and not capped and (h == 0 or v < t):
            circle = h + 1
            if st.variant or v >= 5 - circle:            # N-1
                out.add(R.move(R.BUILD, me, c))
    for s in range(st.n):
        if not st.alive[s]:
            continue                                     # dead columns take nothing
        for c in range(3):
            t, pile = top(s * 3 + c)
            if t == v and pile < 3:
                out.add(R.move(R.STACK, s, c))
    for c in range(3):
        if not st.disc[me * 3 + c]:
            out.add(R.move(R.DISCARD, me, c))
    return out


def invariants(st):
    for v in range(1, 9):
        assert st.tiles_accounted(v) == 10, v                       # all 80 tiles
    assert st.pool_n == sum(st.pool[v] for v in range(1, 9))
    for col in range(12):
        h = st.h[col]
        below = 9
        for p in range(4):
            k = col * 4 + p
            if p >= h:
                assert st.val[k] == 0 and st.pile[k] == 0
                continue
            assert 1 <= st.val[k] < below                           # strictly descending
            if not st.variant:
                assert st.val[k] >= 4 - p                           # N-1
            assert 1 <= st.pile[k] <= 3                             # at most 3 high
            if st.pile[k] == 3:
                assert p == h - 1                                   # a cap is on top
                if st.variant:
                    assert h == 4                                   # N-5 / N-3
            below = st.val[k]
        if col // 3 >= st.n:
            assert h == 0 and st.disc[col] == 0
    if st.phase == R.P_PLAY:
        got = [st.moves[i] for i in range(st.nlegal)]
        assert len(got) == len(set(got))
        assert set(got) == reference_legal(st)
        for m in got:
            if m >> 4 == R.STACK:
                col = ((m >> 2) & 3) * 3 + (m & 3)
                assert st.alive[col // 3] and not st.capped(col)    # no play on dead/capped
    if st.phase in (R.P_DRAW, R.P_PLAY):
        st.check()
        data = st.save()
        other = R.State(st.n, st.variant)
        other.load(data)
        assert other.save() == data


@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_invariants_hold_in_random_games(n, variant):
    for seed in range(60):
        st = play_random(seed * 7 + n, n, variant, check=invariants)
        assert st.phase == R.P_OVER and st.winners


@pytest.mark.parametrize("variant", [0, 1])
def test_invariants_hold_in_bot_games(variant):
    levels = (B.HARD, B.EASY, B.NORMAL, B.HARD)
    for seed in range(12):
        n = 2 + seed % 3
        bot = B.Bot(n, variant, Rng(seed))
        st = play_random(seed, n, variant, chooser=lambda st: bot.choose(st, levels[st.turn]),
                         check=invariants)
        assert st.phase == R.P_OVER


def test_same_seed_same_game_G3():
    a = play_random(99, 4, 0)
    b = play_random(99, 4, 0)
    assert a.record.dump() == b.record.dump() and a.save() == b.save()
    c = play_random(100, 4, 0)
    assert c.record.dump() != a.record.dump()


def test_record_tells_the_whole_game():
    """Every draw is followed by its play or the elimination; the result comes last."""
    for seed in range(30):
        st = play_random(seed, 2 + seed % 3, seed & 1)
        rec = st.record
        assert rec.lost == 0
        kinds = [rec.kind(i) for i in range(rec.n)]
        assert kinds[0] == R.E_SEED and kinds[-1] == R.E_RESULT
        assert kinds.count(R.E_RESULT) == 1
        for i, k in enumerate(kinds):
            if k == R.E_DRAW:
                assert kinds[i + 1] in (R.E_BUILD, R.E_STACK, R.E_CAP, R.E_DISCARD, R.E_ELIMINATE)
            if k == R.E_CLEAR:
                assert kinds[i - 1] == R.E_CAP and st.variant
        assert kinds.count(R.E_DRAW) == st.turns


def test_a_base_game_never_fills_its_record():
    """Every base-game turn puts a tile out of the pool for good: at most 80 turns."""
    most = 0
    for seed in range(200):
        st = play_random(seed, 2 + seed % 3, 0)
        assert st.turns <= 80 and st.record.lost == 0
        most = max(most, st.record.n)
    assert most < st.record.capacity


def test_load_refuses_inconsistent_states():
    st = play_random(5, 3, 0)
    # a game in progress
    rng = Rng(3)
    st = R.State(3, 0)
    st.start_draw(rng)
    for _ in range(10):
        k = st.draw(rng)
        st.play(st.moves[0]) if k else st.forfeit()
    good = st.save()
    other = R.State(3, 0)
    other.load(good)
    bad_cases = []
    for i in range(len(good)):
        for delta in (1, 255):
            b = bytearray(good)
            b[i] = (b[i] + delta) & 255
            bad_cases.append(bytes(b))
    refused = 0
    for b in bad_cases:
        o = R.State(3, 0)
        try:
            o.load(b)
        except ValueError:
            refused += 1
            assert o.phase == R.P_START and o.pool_n == 80            # reset, nothing half-loaded
            continue
        o.check()                                                     # what loads is consistent
    assert refused > len(bad_cases) * 0.8
    with pytest.raises(ValueError):
        R.State(3, 0).load(good[:-1])
    with pytest.raises(ValueError):
        R.State(4, 0).load(good)
    with pytest.raises(ValueError):
        R.State(3, 1).load(good)
