"""Tip Top bots: strength measured in headless tournaments (rules + bot, CPython), public
information only (G-4), and what each level pays attention to.

The headline figures in docs/tiptop.md come from tools/tiptop_tournament.py with 500 games per
line-up; these tests run 200 per line-up with fixed seeds (a few seconds). A level that
collapsed into the one below would win about half of its games."""
import pytest

import tiptop_tournament as T
from tiptop_util import M10, R, Rng, SPIN, TOP, TURVY, X2, position
from games.tiptop import bot as B
from games.tiptop import snapshot as SNAP


def share(lineup, games=200, seed=11):
    wins, _, _ = T.tournament(lineup, games, seed)
    return wins[0] / games


def test_hard_beats_easy_in_two_seat_games_at_least_70_percent():
    assert share(["hard", "easy"]) >= 0.70


def test_each_level_beats_the_one_below():
    assert share(["normal", "easy"]) >= 0.60
    assert share(["hard", "normal"]) >= 0.57


def test_hard_wins_more_than_its_share_among_four():
    assert share(["hard", "easy", "easy", "easy"]) >= 0.45        # its share is 25 %


def test_hard_against_hard_games_differ_by_seed():
    ends = {(st.winner, st.round, st.plays)
            for st in (T.play_game([B.HARD, B.HARD], seed) for seed in range(8))}
    assert len(ends) >= 6


# -- G-4: public information only --------------------------------------------------------------
def _midgame(seed, n=3, plays=7):
    rng = Rng(seed)
    st = R.State(n)
    st.begin(rng, seed)
    bot = B.Bot()
    for _ in range(plays):
        if st.phase != R.P_PLAY or not st.nlegal:
            return None
        st.play(bot.choose(st, B.EASY), rng)
    return st if st.phase == R.P_PLAY and st.nlegal > 1 else None


def _hide_differently(st, seed):
    """The same public position (own hand, pile, chips, total, limit, used limit cards) with the
    other seats' hands, the deck and the order of the Tip Top pile dealt anew."""
    other = R.State(st.n)
    SNAP.load_state(other, SNAP.save_state(st))
    me = st.turn
    hidden = [other.deck[i] for i in range(other.deck_n)]
    slots = []
    for s in range(st.n):
        for k in range(R.HAND):
            c = other.hand[s * R.HAND + k]
            if s != me and c != R.EMPTY:
                hidden.append(c)
                slots.append(s * R.HAND + k)
    _shuffle(hidden, seed)
    for i, at in enumerate(slots):
        other.hand[at] = hidden[i]
    rest = hidden[len(slots):]
    other.deck[:len(rest)] = bytes(rest)
    lims = [other.lims[i] for i in range(other.lims_n)]
    other.lims[:len(lims)] = bytes(reversed(lims))
    SNAP.check(other)
    other.legal()
    return other


def _shuffle(cards, seed):
    b = bytearray(cards)
    Rng(seed + 1).shuffle(b, len(b))
    cards[:] = list(b)


@pytest.mark.parametrize("level", [B.EASY, B.NORMAL, B.HARD])
def test_bot_choice_depends_only_on_what_its_seat_sees_G4(level):
    seen = 0
    for seed in range(300):
        st = _midgame(seed, 2 + seed % 3, 1 + seed % 5)
        if st is None:
            continue
        st.total = st.limit - seed % 12         # near the limit, where the next hand matters
        if st.legal() < 2:
            continue
        a = B.Bot().choose(st, level)
        for k in range(3):
            other = _hide_differently(st, 100 * seed + k)
            assert [other.hand[i] for i in range(st.turn * R.HAND, st.turn * R.HAND + R.HAND)] == \
                [st.hand[i] for i in range(st.turn * R.HAND, st.turn * R.HAND + R.HAND)]
            assert B.Bot().choose(other, level) == a
        seen += 1
    assert seen >= 100


def test_the_choice_is_made_within_one_step():
    st = _midgame(1)
    bot = B.Bot()
    bot.begin(st, B.HARD)
    assert bot.step(st, 1) is True
    assert bot.move in [st.moves[i] for i in range(st.nlegal)]


# -- what they look at -----------------------------------------------------------------------------
def test_easy_plays_its_smallest_card():
    st = position([[4, 0, 2, X2], [1, 1, 1, 1]], total=10)
    assert B.Bot().choose(st, B.EASY) == 1              # the 0
    st = position([[4, M10, 2, X2], [1, 1, 1, 1]], total=10)
    assert B.Bot().choose(st, B.EASY) == 2              # the 2


def test_normal_keeps_its_escape_cards_and_plays_its_largest_number():
    st = position([[0, 5, TOP, 2], [1, 1, 1, 1]], total=10, limit=44)
    assert B.Bot().choose(st, B.NORMAL) == 1            # the 5; the 0 and Top Out are kept


def test_normal_spends_the_cheapest_escape_card_when_no_number_fits():
    st = position([[TOP, SPIN, 5, 5], [1, 1, 1, 1]], total=42, limit=44)
    assert B.Bot().choose(st, B.NORMAL) == 1            # Spin Out before Top Out


def test_normal_attacks_a_next_player_likely_stuck():
    # Top Out at 30 makes 44 of 44: a next player with one card is stuck unless it is 0, -10,
    # Spin Out, Top Out or Topsy Turvy (28 of 72); with four cards it is not likely: the 2
    st = position([[TOP, 1, 2, 0], [5], [5]], total=30, limit=44)
    assert B.Bot().choose(st, B.NORMAL) == 0
    st = position([[TOP, 1, 2, 0], [5, 5, 5, 5], [5]], total=30, limit=44)
    assert B.Bot().choose(st, B.NORMAL) == 2


def test_hard_prefers_the_play_that_leaves_the_next_player_stuck_most_often():
    st = position([[TOP, 1, M10, 0], [2], [2]], total=30, limit=44, chips=[4, 1, 1])
    assert B.Bot().choose(st, B.HARD) == 0              # Top Out: 44, only 0, -10, Spin, Top fit


def test_hard_knows_a_spin_out_hands_the_turn_to_the_other_neighbour():
    # 43 of 44: only 0, 1, -10, Spin Out, Top Out and Topsy Turvy fit. A 0 leaves it to seat 1
    # (four cards: rarely stuck); a Spin Out turns play to seat 2, whose one card is dead more
    # often than not. Both keep an escape card; the Spin Out is the attack.
    st = position([[0, SPIN], [1, 1, 1, 1], [2]], total=43, limit=44)
    assert B.Bot().choose(st, B.HARD) == 1
    st = position([[0, SPIN], [1, 1, 1, 1], [2]], total=43, limit=44, direction=-1)
    assert B.Bot().choose(st, B.HARD) == 0          # counter-clockwise: the 0 goes to seat 2


def test_the_stuck_chance_draws_without_replacement():
    """chance(bad, unseen, h): per mille that h cards drawn from `unseen` (`bad` of them dead) are
    all dead: C(bad, h) / C(unseen, h), hypergeometric (the cards are in hands, not put back),
    within the floor of each of its h steps."""
    from math import comb
    for unseen in (1, 2, 4, 9, 30, 66, 72):
        for bad in range(unseen + 1):
            for h in range(1, 5):
                want = 1000 * comb(bad, h) / comb(unseen, h) if h <= unseen else 0
                got = B.chance(bad, unseen, h)
                assert want - h <= got <= want, (bad, unseen, h, got, want)
    assert B.chance(2, 4, 2) == 166                 # with replacement it would be 250


def test_hard_does_not_play_topsy_turvy_where_most_limits_lose():
    st = position([[TURVY, 1, 2, 3], [2, 2, 2, 2]], total=50, limit=55, next_limits=(22, 33, 44))
    assert B.Bot().choose(st, B.HARD) != 0
