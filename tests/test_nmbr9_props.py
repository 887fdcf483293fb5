"""NMBR 9 properties over random games: every accepted placement satisfies every placement rule
when re-checked from scratch by an independent model (tests/nmbr9_util.Model: the tiles as sets
of squares read from M-1, no heights); the legal list equals the model's; a refused move changes
nothing and the model refuses it too, for the same reason; the score equals the sum over the
tiles of number x level; the display's row masks agree with its heights."""
import random

import pytest

from nmbr9_util import Model, R, legal, new, shape
from games.nmbr9 import tiles as T


def random_move(rnd, t):
    r = rnd.randrange(4)
    k = t * 4 + r
    return R.move(r, rnd.randrange(R.SIZE - T.W[k] + 1), rnd.randrange(R.SIZE - T.H[k] + 1))


def masks_agree(d):
    assert len(d.ge) == (R.LEVELS - 1) * R.SIZE
    for lv in range(1, R.LEVELS):
        for y in range(R.SIZE):
            want = sum(1 << x for x in range(R.SIZE) if d.h[y * R.SIZE + x] >= lv)
            assert d.ge[(lv - 1) * R.SIZE + y] == want, (lv, y)


def play(seed, seats, tries=30):
    """A game where each seat tries random moves (each checked against the model) and then plays a
    random legal one, preferring higher levels half the time (to build tall displays)."""
    rnd = random.Random(seed)
    st = new(seats, seed=seed)
    models = [Model() for _ in range(seats)]
    while st.phase != R.P_OVER:
        st.flip()
        for _ in range(seats):
            s = st.turn
            d = st.disp[s]
            model = models[s]
            for _ in range(tries):
                m = random_move(rnd, st.card)
                said = R.REASONS[st.check(m)]
                assert said == model.why(st.card, R.rot_of(m), R.x_of(m), R.y_of(m)), m
                if said:
                    h = bytes(d.h)
                    assert not st.place(m) and bytes(d.h) == h and st.turn == s
            moves = legal(st)
            assert moves
            if rnd.random() < 0.5:
                top = max(model.level_of(st.card, R.rot_of(m), R.x_of(m), R.y_of(m)) for m in moves)
                moves = [m for m in moves
                         if model.level_of(st.card, R.rot_of(m), R.x_of(m), R.y_of(m)) == top]
            m = rnd.choice(moves)
            # accepted: the model, from scratch, agrees with every rule
            assert model.why(st.card, R.rot_of(m), R.x_of(m), R.y_of(m)) == ""
            assert st.place(m)
            lv = model.put(st.card, R.rot_of(m), R.x_of(m), R.y_of(m))
            assert d.lev[d.n - 1] == lv
            assert d.score == model.score() == sum(d.tiles[4 * i] * d.lev[i] for i in range(d.n))
    return st, models


@pytest.mark.parametrize("seed,seats", [(1, 1), (2, 2), (3, 4), (4, 1), (5, 3), (6, 1)])
def test_every_accepted_placement_satisfies_every_rule_rechecked_from_scratch(seed, seats):
    st, models = play(seed, seats)
    for s in range(seats):
        d = st.disp[s]
        assert d.n == 20
        masks_agree(d)
        # heights are the number of tiles covering each cell (stacks are solid, M-3)
        for c in range(R.CELLS):
            cell = (c % R.SIZE, c // R.SIZE)
            assert d.h[c] == sum(1 for _, cells, _ in models[s].tiles if cell in cells)
        # every tile on level L >= 1 lies on >= 2 tiles of level L - 1, wholly (re-read at the end)
        tiles = models[s].tiles
        for i, (t, cells, lv) in enumerate(tiles):
            if lv:
                below = {j for j, (_, cs, l2) in enumerate(tiles[:i]) if l2 == lv - 1 and cs & cells}
                assert len(below) >= 2
                assert all(any(c in cs for _, cs, l2 in tiles[:i] if l2 == lv - 1) for c in cells)
    assert st.winners and all(st.disp[s].score <= max(x.score for x in st.disp) for s in range(seats))


@pytest.mark.parametrize("seed", [21, 22])
def test_the_legal_list_equals_every_move_the_model_accepts(seed):
    rnd = random.Random(seed)
    st = new(1, seed=seed)
    model = Model()
    checked = 0
    while st.phase != R.P_OVER:
        st.flip()
        moves = legal(st)
        if st.flipped % 5 == 1:         # every fifth card: the whole list (the model is slow)
            got = set(moves)
            assert len(got) == len(moves)   # each placement once
            want = set()
            seen = set()
            for r in range(4):
                cells = shape(st.card, r)
                if cells in seen:
                    continue            # the 0 and the 8: each distinct rotation once
                seen.add(cells)
                for y in range(R.SIZE):
                    for x in range(R.SIZE):
                        if model.why(st.card, r, x, y) == "":
                            want.add(R.move(r, x, y))
            assert got == want
            checked += 1
        m = moves[rnd.randrange(len(moves))]
        st.place(m)
        model.put(st.card, R.rot_of(m), R.x_of(m), R.y_of(m))
    assert checked == 4


def image(d):
    return [bytes(getattr(d, f)) for f in ("h", "top", "tiles", "lev", "count", "ge")] + \
        [d.n, d.score, d.height]


@pytest.mark.parametrize("seed", [7, 8])
def test_a_tile_put_and_lifted_leaves_the_display_as_it_was(seed):
    """The hard bot's trial (put, look, lift) on the seat's own display: every legal placement
    of every card of a game, put and lifted, gives the display back byte for byte."""
    rnd = random.Random(seed)
    st = new(1, seed=seed)
    d = st.disp[0]
    under = bytearray(10)
    tried = 0
    while st.phase != R.P_OVER:
        st.flip()
        before = image(d)
        moves = legal(st)
        for m in moves:
            why = d.check(st.card, m)
            assert why == R.OK
            d.tops_under(st.card, m, under)
            height = d.height
            d.put(st.card, m, d.level)
            assert image(d) != before
            d.lift(under, height)
            assert image(d) == before, m
            tried += 1
        masks_agree(d)
        m = rnd.choice(moves)
        st.place(m)
    assert tried > 500 and d.n == 20