"""Tip Top properties over many whole games (2-8 seats, random legal plays and bots), checked
after every action: cards and chips conserved, the total within 0..limit after every play,
hands as large as the chips at every deal, the legal cards exactly those the rules allow (an
independent reading), save/load identity; the record tells the whole game."""
import pytest

from games.tiptop import rules as R
from games.tiptop import snapshot as SNAP
from tiptop_util import events, random_game, record

SEEDS = range(1, 17)


def independent_total(card, total, limit):
    """The card values of the rulebook, read again: the new total or None when not allowed."""
    if card == R.MINUS:
        return total - 10 if total >= 10 else None
    if card == R.TOP:
        return limit
    if card in (R.SPIN, R.TURVY):
        return total
    t = total * 2 if card == R.DOUBLE else total + card
    return t if t <= limit else None


class Watch:
    """Checks after every action of a game."""
    def __init__(self, n):
        self.n = n
        self.lost = 0               # chips lost so far (lose rows)
        self.rounds_seen = 0
        self.rows = 0

    def __call__(self, st):
        n = self.n
        # cards conserved: each kind in hands + deck + pile, counted here, not by the rules
        count = [0] * R.KINDS
        for i in range(R.MAX_SEATS * R.HAND):
            if st.hand[i] != R.EMPTY:
                count[st.hand[i]] += 1
        for c in st.deck[:st.deck_n]:
            count[c] += 1
        for c in st.pile[:st.pile_n]:
            count[c] += 1
        assert count == list(R.DECK)
        assert sorted([st.limit] + list(st.lims[:st.lims_n]) + list(st.used[:st.used_n])) == list(R.LIMITS)
        # chips conserved: what the seats hold and what they lost is 4 each
        rec = st.record
        for i in range(self.rows, rec.n):
            if rec.kind(i) == R.E_LOSE:
                self.lost += 1
        self.rows = rec.n
        assert sum(st.chips[:n]) + self.lost == R.CHIPS * n
        assert all(c <= R.CHIPS for c in st.chips) and not any(st.chips[n:])
        if st.phase == R.P_PLAY:
            assert 0 <= st.total <= st.limit
            if st.round != self.rounds_seen:        # a deal: hands as large as the chips
                self.rounds_seen = st.round
                assert st.total == 0 and st.dir == 1
                for s in range(R.MAX_SEATS):
                    assert st.hand_count(s) == st.chips[s]
            want = sorted(k for k in range(R.HAND) if st.card(st.turn, k) != R.EMPTY
                          and independent_total(st.card(st.turn, k), st.total, st.limit) is not None)
            assert sorted(st.moves[:st.nlegal]) == want
        if st.phase in (R.P_PLAY, R.P_ROUND):
            SNAP.check(st)
            back = R.State(n)
            SNAP.load_state(back, SNAP.save_state(st))
            assert SNAP.save_state(back) == SNAP.save_state(st) and back.nlegal == st.nlegal


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_random_games_keep_every_property(n):
    for seed in SEEDS:
        w = Watch(n)
        st = random_game(n, seed * 31 + n, w)
        assert st.phase == R.P_OVER and st.nalive() == 1 and st.chips[st.winner]


def test_the_record_tells_the_whole_game():
    """Replaying the record alone (hands dealt, cards played and drawn, limits) reproduces every
    total, every hand and the result."""
    for n in (2, 4, 8):
        for seed in range(1, 8):
            st = random_game(n, seed)
            hands = {}
            chips = [R.CHIPS] * n
            total = limit = 0
            direction = 1
            winner = None
            for name, f in events(st):
                if name == "round":
                    total, limit, direction = 0, f["limit"], 1
                    hands = {}
                elif name == "hand":
                    hands[f["seat"]] = [c for c in (f["c1"], f["c2"], f["c3"], f["c4"]) if c >= 0]
                    assert len(hands[f["seat"]]) == chips[f["seat"]]
                elif name == "play":
                    h = hands[f["seat"]]
                    h.remove(f["card"])
                    if f["card"] == R.SPIN:
                        direction = -direction
                    limit = f["limit"]
                    t = independent_total(f["card"], total, limit if f["card"] == R.TOP else 99)
                    assert t == f["total"]
                    total = t
                    if f["drawn"] >= 0:
                        h.append(f["drawn"])
                elif name == "lose":
                    chips[f["seat"]] -= 1
                    assert f["chips"] == chips[f["seat"]] and f["total"] == total
                    if f["why"] == R.W_STUCK:
                        assert all(independent_total(c, total, limit) is None for c in hands[f["seat"]])
                    else:
                        assert f["limit"] < total
                elif name == "result":
                    winner = f["winner"]
            assert winner == st.winner and [c > 0 for c in chips] == [s == winner for s in range(n)]
