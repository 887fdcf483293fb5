"""Helpers for the No Respect tests: positions built tile by tile, moves by name."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from core.record import Record  # noqa: E402
from core.rng import Rng  # noqa: E402
from games.norespect import events as E  # noqa: E402
from games.norespect import rules as R  # noqa: E402


def new(n=3, variant=0, record=True, start=0):
    """A game whose start draw is done: seat `start` to draw first."""
    rec = Record(E.CAPACITY[variant], E.FIELDS) if record else None
    st = R.State(n, variant, rec)
    if rec is not None:
        rec.add(R.E_SEED, 0, n, variant)
    st.turn = start
    st.start_seat = start
    st.phase = R.P_DRAW
    return st


def column(st, seat, col, *piles):
    """Put piles on a column, bottom first: each an int (single tile) or (value, height)."""
    c = seat * 3 + col
    for p in piles:
        v, k = (p, 1) if isinstance(p, int) else p
        h = st.h[c]
        i = (c << 2) + h
        st.val[i] = v
        st.pile[i] = k
        st.h[c] = h + 1
        st.pool[v] -= k
        st.pool_n -= k
        assert st.pool[v] >= 0


def discards(st, seat, *values):
    for i, v in enumerate(values):
        if v:
            st.disc[seat * 3 + i] = v
            st.pool[v] -= 1
            st.pool_n -= 1


def give(st, seat, v):
    """Seat `seat` draws tile v now; returns the number of legal plays."""
    st.turn = seat
    st.phase = R.P_DRAW
    st.force([v])
    return st.draw(None)


def legal(st):
    return [st.moves[i] for i in range(st.nlegal)]


def build(seat, col):
    return R.move(R.BUILD, seat, col)


def stack(owner, col):
    return R.move(R.STACK, owner, col)


def discard(seat, circle):
    return R.move(R.DISCARD, seat, circle)


def events(st):
    """The record as (name, {field: value}) rows."""
    rec = st.record
    out = []
    for i in range(rec.n):
        name, fields = E.EVENTS[rec.kind(i)]
        out.append((name, {f: rec.field(i, j) for j, f in enumerate(fields)}))
    return out


def last_event(st):
    return events(st)[-1]


def accounted(st):
    return all(st.tiles_accounted(v) == R.PER_VALUE for v in range(1, 9))


def play_random(seed, n, variant, chooser=None, check=None):
    """A whole game with random legal plays (or chooser(st)); check(st) after every action."""
    rng = Rng(seed)
    pick = Rng(seed ^ 0x1234)
    rec = Record(E.CAPACITY[variant], E.FIELDS)
    st = R.State(n, variant, rec)
    rec.add(R.E_SEED, seed, n, variant)
    st.start_draw(rng)
    if check:
        check(st)
    while st.phase != R.P_OVER:
        k = st.draw(rng)
        if check:
            check(st)
        if st.phase == R.P_OVER:
            break
        if k == 0:
            st.forfeit()
        else:
            st.play(chooser(st) if chooser else st.moves[pick.below(k)])
        if check:
            check(st)
    return st


def draw_winner(seats, rows):
    """Who the rulebook's start draw makes the first player, judged from a record's rows
    [(event name, {field: value})] independently of the rules code: the rows right after the
    seed row must be the draw, round 1 every seat once, each next round exactly the seats tied
    highest in the round before, until one seat is highest; then the start row naming that
    seat, its rounds and tiles (G-2). Raises AssertionError when the draw is not so."""
    assert rows[0][0] == "seed" and rows[1][0] == "start_draw", rows[:3]
    i = 1
    rnd = 0
    contenders = list(range(seats))
    taken = 0
    while True:
        rnd += 1
        got = []
        while rows[i][0] == "start_draw" and rows[i][1]["round"] == rnd:
            got.append((rows[i][1]["seat"], rows[i][1]["tile"]))
            i += 1
        assert [s for s, _ in got] == contenders, (rnd, got, contenders)
        taken += len(got)
        best = max(t for _, t in got)
        contenders = [s for s, t in got if t == best]
        if len(contenders) == 1:
            break
    name, f = rows[i]
    assert name == "start" and (f["seat"], f["rounds"], f["tiles"]) == (contenders[0], rnd, taken), rows[i]
    return contenders[0]
