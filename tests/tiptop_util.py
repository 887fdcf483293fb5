"""Helpers for the Tip Top tests: positions set card by card, whole games, the record by name."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from core.record import Record  # noqa: E402
from core.rng import Rng  # noqa: E402
from games.tiptop import events as E  # noqa: E402
from games.tiptop import rules as R  # noqa: E402
from games.tiptop import snapshot as SNAP  # noqa: E402

# card names for readable tests
X2, M10, SPIN, TOP, TURVY = R.DOUBLE, R.MINUS, R.SPIN, R.TOP, R.TURVY


def record(capacity=4000):
    return Record(capacity, E.FIELDS, "b")


def position(hands, total=0, limit=44, turn=0, direction=1, chips=None, deck_top=(),
             next_limits=(), dealer=None, rec=True):
    """A round in play: hands[seat] = list of cards (a seat's chips = its card count unless
    `chips` says otherwise), the total and limit, whose turn; the deck's top cards in the order
    they will be drawn (`deck_top`), the rest of the 72 below them; the Tip Top pile's next cards
    in the order they will be turned (`next_limits`); the other limit cards are used."""
    n = len(hands)
    st = R.State(n, record() if rec else None)
    if rec:
        st.record.add(R.E_SEED)
        st.record.add(R.E_DEALER, 0, 0, n, R.CHIPS)
    left = list(R.DECK)
    for s, h in enumerate(hands):
        st.chips[s] = len(h) if chips is None else chips[s]
        for slot, c in enumerate(h):
            st.hand[s * R.HAND + slot] = c
            left[c] -= 1
    for c in deck_top:
        left[c] -= 1
    assert min(left) >= 0, "more cards than the deck holds"
    rest = [k for k in range(R.KINDS) for _ in range(left[k])]
    cards = rest + list(reversed(deck_top))         # the top of the deck is its end
    st.deck[:len(cards)] = bytes(cards)
    st.deck_n = len(cards)
    st.pile_n = 0
    st.limit = limit
    others = [v for v in R.LIMITS if v != limit]
    for v in next_limits:
        others.remove(v)
    st.lims[:len(next_limits)] = bytes(reversed(next_limits))
    st.lims_n = len(next_limits)
    st.used[:len(others)] = bytes(others)
    st.used_n = len(others)
    st.total = total
    st.dir = direction
    st.turn = turn
    st.dealer = (turn - 1) % n if dealer is None else dealer
    st.round = 1
    st.phase = R.P_PLAY
    st.legal()
    SNAP.check(st)
    return st


def deck_nearly_out(st, left=1):
    """Move all but the `left` top cards of the deck to the face-up pile (their order kept):
    the next draws empty the deck."""
    k = st.deck_n - left
    st.pile[:k] = st.deck[:k]
    st.pile_n = k
    st.deck[:left] = st.deck[k:st.deck_n]
    st.deck_n = left
    SNAP.check(st)
    return k


def hand(st, s):
    return [st.card(s, k) for k in range(R.HAND) if st.card(s, k) != R.EMPTY]


def slot_of(st, card, seat=None):
    s = st.turn if seat is None else seat
    for k in range(R.HAND):
        if st.card(s, k) == card:
            return k
    raise AssertionError("seat %d holds no %d" % (s, card))


def play(st, card, rng=None):
    """The current seat plays `card` (from whichever slot holds it)."""
    st.play(slot_of(st, card), rng or Rng(1))


def legal_cards(st):
    return sorted(st.card(st.turn, st.moves[i]) for i in range(st.nlegal))


def events(st_or_rec):
    """The record as (name, {field: value}) rows."""
    rec = getattr(st_or_rec, "record", st_or_rec)
    out = []
    for i in range(rec.n):
        name, fields = E.EVENTS[rec.kind(i)]
        out.append((name, {f: rec.field(i, j) for j, f in enumerate(fields)}))
    return out


def last(st, name):
    rows = [f for n, f in events(st) if n == name]
    return rows[-1] if rows else None


def random_game(n, seed, check=None, first=-1, rec=None):
    """A whole game with random legal plays; check(st) after every action."""
    rng = Rng(seed)
    pick = Rng(seed ^ 0x3C3C)
    st = R.State(n, rec if rec is not None else record())
    st.begin(rng, seed, first)
    if check:
        check(st)
    while st.phase != R.P_OVER:
        if st.phase == R.P_ROUND:
            st.next_round(rng)
        elif st.nlegal == 0:
            st.stuck()
        else:
            st.play(st.moves[pick.below(st.nlegal)], rng)
        if check:
            check(st)
    return st
