"""NOPE! bots: strength in headless tournaments (rules + bot, CPython), what each level does,
public information only (G-4), thinking spread over steps with a fixed budget.

The headline figures in docs/nope.md come from tools/nope_tournament.py with 500 two-seat games
per pairing; these tests play 200 per pairing with other fixed seeds (a few seconds)."""
import pytest

import nope_tournament as T
import nope_util as U
from nope_util import C, R, SNAP, Rng, card, hand, lay, table
from games.nope import bot as B


def share(lineup, games=200, seed=11):
    wins, _ = T.tournament(lineup, games, seed)
    return wins[0] / games


def test_hard_beats_easy_at_least_70_percent():
    assert share(["hard", "easy"]) >= 0.70


def test_normal_beats_easy_at_least_60_percent():
    assert share(["normal", "easy"]) >= 0.60


def test_hard_beats_normal_at_least_60_percent():
    assert share(["hard", "normal"]) >= 0.60


def test_hard_against_hard_depends_on_the_seed_and_repeats_with_it():
    a = T.play_game([B.HARD, B.HARD], 5)
    b = T.play_game([B.HARD, B.HARD], 5)
    c = T.play_game([B.HARD, B.HARD], 6)
    assert SNAP.save_state(a) == SNAP.save_state(b) if a.phase != R.P_OVER else (a.turns, a.winners) == (b.turns, b.winners)
    assert (a.turns, a.winners, list(a.disc[:a.ndisc])) != (c.turns, c.winners, list(c.disc[:c.ndisc]))


# -- what each level does ---------------------------------------------------------------------------
def bot(level=B.NORMAL, n=3, seed=1):
    return B.Bot(n, 0, 1, 0, Rng(seed))


def test_easy_plays_random_legal_choices():
    st = table(3, ["R1 R2 RG1 RB2 RY1 Reset", "G3", "B3"], top="R2")
    seen = set()
    for seed in range(60):
        m = B.Bot(3, 0, 1, 0, Rng(seed)).choose(st, B.EASY)
        assert U.kind_of(m) == R.ACTION or st.set_problem(m) == R.OK
        seen.add(m)
    assert len(seen) > 8


def test_normal_keeps_single_colour_cards_and_sheds_two_colour_cards_and_jokers():
    st = table(3, ["R1 R2 Joker RG1 G1", "B3 B2", "Y3"], top="R3")
    m = bot().choose(st, B.NORMAL)
    assert R.set_size(m) == 3
    laid = sorted(U.NAMES[R.set_cards(m, i)] for i in range(3))
    assert "Joker" in laid and "RG1" in laid         # shed first; one single red must go too
    st = table(3, ["R1 R2 Joker RG1 G1", "B3 B2", "Y3"], top="R2")
    m = bot().choose(st, B.NORMAL)
    assert sorted(U.NAMES[R.set_cards(m, i)] for i in range(2)) == ["Joker", "RG1"]


def test_normal_chooses_the_top_that_asks_the_next_player_most():
    st = table(3, ["R1 RB3 RG2 G1", "B2 Y1", "Y3"], top="R2")
    m = bot().choose(st, B.NORMAL)
    assert U.NAMES[R.set_top(m)] == "RB3"            # three cards, two colours


def test_normal_plays_an_action_card_alone_rather_than_three_cards():
    st = table(3, ["R1 R2 R3 RG1 Reset", "B2", "Y3"], top="RB3")
    assert U.kind_of(bot().choose(st, B.NORMAL)) == R.ACTION


def test_normal_and_hard_draw_without_a_set():
    st = table(3, ["R1 NomB G1", "B2", "Y3"], top="B2")
    assert bot().choose(st, B.NORMAL) == R.DRAW
    assert bot().choose(st, B.HARD) == R.DRAW


@pytest.mark.parametrize("level", [B.NORMAL, B.HARD])
def test_normal_and_hard_nominate_the_weakest_for_their_whole_hand(level):
    st = table(4, ["NomY G1", "R1 R2 R3", "B1 B2", "Y1 G2 G3 B3"], top="Y2")
    st.play(R.action_move(card("NomY")))
    m = bot(n=4).choose(st, level)
    assert R.nom_target(m) == 2 and R.nom_count(m) == 2 and R.nom_colour(m) == 3
    st = table(3, ["Nom* G1", "R1 R2 R3 RB1", "B1 B2 B3 Y1 Y2"], top="Y2")
    st.play(R.action_move(card("Nom*")))
    m = bot().choose(st, level)
    assert R.nom_target(m) == 1 and R.nom_count(m) == 3


def test_hard_weighs_what_the_victim_is_likely_to_hold():
    """Two tops ask three cards in two colours, red-blue and red-yellow. Most blue cards lie
    face up on the discard pile, so the next player is less likely to hold three blue: hard
    (sampling the unseen cards) lays the red-yellow three on top. Normal, which does not weigh
    that, sees two equal tops and lays the first, the red-blue one."""
    blues = "B1 B1 B2 B2 B3 GB1 GB1 GB1 GB1 GB2 GB2 GB2 GB2 GB3 GB3 GB3 BY1 BY1 BY1 BY1 BY2 BY2 BY2"
    st = table(2, ["R1 R2 RB3 RY3 G1", "Y1 Y2 G3 G2"], top="R3", under=blues.split())
    tops = set()
    for seed in range(4):
        m = bot(B.HARD, n=2, seed=seed).choose(st, B.HARD)
        tops.add(U.NAMES[R.set_top(m)])
    assert tops == {"RY3"}
    assert U.NAMES[R.set_top(bot(n=2).choose(st, B.NORMAL))] == "RB3"


# -- G-4: public information only ---------------------------------------------------------------------
def _position(seed, n=3, moves=6):
    rng = Rng(seed)
    st = R.State(n)
    st.deal(rng)
    b = B.Bot(n, 0, 1, 0, Rng(seed + 1))
    for _ in range(moves):
        if st.phase == R.P_OVER:
            break
        st.play(b.choose(st, B.NORMAL), rng)
    return st


def _scramble(st, me, seed):
    """The same public position with the hidden cards (other hands, the draw pile) dealt anew."""
    other = R.State(st.n)
    SNAP.load_state(other, SNAP.save_state(st))
    hidden = []
    for s in range(st.n):
        if s == me:
            continue
        for code in range(1, C.NCODES):
            for _ in range(other.count(s, code)):
                other.take(s, code)
                hidden.append(code)
    hidden += list(other.pile[:other.npile])
    Rng(seed).shuffle(hidden)
    k = 0
    for s in range(st.n):
        if s == me:
            continue
        for _ in range(st.hn[s]):
            other.give(s, hidden[k])
            k += 1
    for i in range(other.npile):
        other.pile[i] = hidden[k + i]
    SNAP.check_state(other)
    other.legal()
    return other


@pytest.mark.parametrize("level", [B.EASY, B.NORMAL, B.HARD])
def test_a_bots_choice_depends_only_on_what_its_seat_sees_G4(level):
    tried = 0
    for seed in range(30):
        st = _position(seed)
        if st.phase == R.P_OVER:
            continue
        me = st.to_move()
        a = B.Bot(3, 0, 1, 0, Rng(7)).choose(st, level)
        for k in range(3):
            other = _scramble(st, me, 100 * seed + k)
            assert B.Bot(3, 0, 1, 0, Rng(7)).choose(other, level) == a
        tried += 1
    assert tried >= 20


# -- spread over frames --------------------------------------------------------------------------------
def test_hard_thinks_in_units_with_a_fixed_budget_per_step():
    st = table(3, ["R1 R2 RB3 RG2 Reset NomR G1", "B2 Y1 Y2", "Y3 B1"], top="R3")
    b = bot(B.HARD)
    b.begin(st, B.HARD)
    assert b.thinking and b.ncand >= 4
    steps = 1
    while not b.step(st, 2):
        steps += 1
    assert steps == (b.ncand + B._SAMPLES + 1) // 2
    assert U.kind_of(b.move) in (R.SET, R.ACTION)
    again = bot(B.HARD)
    assert again.choose(st, B.HARD) == b.move          # the same with one big budget


def test_easy_chooses_at_once_normal_values_one_choice_a_unit():
    st = table(3, ["R1 R2 RB3 RG2 Reset", "B2", "Y3"], top="R3")
    b = bot()
    b.begin(st, B.EASY)
    assert not b.thinking and b.move >= 0
    b = bot()
    b.begin(st, B.NORMAL)
    assert b.thinking and st.nlegal >= 4
    steps = 1
    while not b.step(st, 2):
        steps += 1
    assert steps == (st.nlegal + 1) // 2                # two legal choices valued a step
    assert b.move == b._normal(st)                      # the choice made all at once
