"""NMBR 9 bots: strength measured on solo deals (rules + bot, CPython), public information only
(G-4), thinking spread over steps with the same choice as all at once, and different games for
different seeds. The headline figures in docs/nmbr9.md come from tools/nmbr9_tournament.py
(200 solo deals, 500 games per line-up); these tests play 16 deals (a few seconds)."""
import nmbr9_tournament as TOUR
from core.rng import Rng
from core.record import Record
from games.nmbr9 import bot as B
from games.nmbr9 import rules as R
from games.nmbr9 import scenes as S


def mean(xs):
    return sum(xs) / len(xs)


def test_levels_do_not_collapse_on_the_same_solo_deals():
    res = TOUR.solo(["easy", "normal", "hard"], 16, seed=5)
    easy, normal, hard = mean(res["easy"]), mean(res["normal"]), mean(res["hard"])
    assert normal - easy >= 20, (easy, normal)
    assert hard - easy >= 25, (easy, hard)
    assert hard - normal >= 5, (normal, hard)       # the look one card ahead is worth it
    assert sum(1 for h, e in zip(res["hard"], res["easy"]) if h > e) >= 14


def test_hard_beats_easy_in_two_seat_games():
    wins, _ = TOUR.tournament(["hard", "easy"], 12, seed=3)
    assert wins[0] >= 10


def _position(seed, cards):
    """A solo state after `cards` cards placed by a normal bot, the next card turned."""
    st = R.State(1)
    st.deal(Rng(seed), 0)
    bot = B.Bot(Rng(1))
    for _ in range(cards):
        st.flip()
        st.place(bot.choose(st, B.NORMAL))
    st.flip()
    return st


def test_bot_choice_depends_only_on_what_its_seat_sees_G4():
    """The cards still to come in another order (same multiset): the same choice."""
    for seed in range(3, 6):
        for cards in (4, 9, 13):
            for level in (B.EASY, B.NORMAL, B.HARD):
                st = _position(seed, cards)
                first = B.Bot(Rng(8)).choose(st, level)
                assert st.check(first) == R.OK
                rest = bytes(st.deck[st.flipped:])
                for k in range(1, 4):                   # the rest turned round k places
                    st.deck[st.flipped:] = rest[k:] + rest[:k]
                    assert B.Bot(Rng(8)).choose(st, level) == first, (seed, cards, level, k)


def test_thinking_spread_over_steps_chooses_what_thinking_at_once_does():
    for level in (B.NORMAL, B.HARD):
        st = _position(6, 12)
        at_once = B.Bot(Rng(2)).choose(st, level)
        bot = B.Bot(Rng(2))
        bot.begin(st, level)
        steps = 1
        while not bot.step(S.BOT_BUDGET):
            steps += 1
        assert bot.move == at_once and steps > 5, steps


def test_hard_bots_play_a_different_game_for_each_seed():
    recs = []
    for seed in (1, 2, 3):
        rec = Record(103, R.FIELDS, R.TYPECODE)
        TOUR.play_game([B.HARD, B.HARD], seed, rec)
        recs.append(rec.dump())
    assert len(set(recs)) == 3
