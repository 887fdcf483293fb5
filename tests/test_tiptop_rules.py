"""Tip Top's rules: one test per sentence of the rulebook (RB-...), per card value (RB-C...), per
decision (G-1..G-3, O-1..O-4) and per console choice (TC-...), as docs/tiptop.md states them,
with the rulebook's own examples."""
import pytest

import games.tiptop as PKG
from core.rng import Rng
from games.tiptop import rules as R
from games.tiptop import snapshot as SNAP
from tiptop_util import (M10, SPIN, TOP, TURVY, X2, deck_nearly_out, events, hand, last,
                         legal_cards, play, position, random_game, record)


def begun(n, seed=1, first=-1):
    st = R.State(n, record())
    st.begin(Rng(seed), seed, first)
    return st


# -- the game's contents and object -------------------------------------------------------------
def test_rb1_two_to_eight_players():
    assert PKG.SEATS == (2, 8)
    for n in (2, 8):
        assert begun(n).n == n
    for n in (1, 9):
        with pytest.raises(ValueError):
            R.State(n)


def test_rb2_contents_32_chips_5_tip_top_cards_72_cards():
    assert R.CHIPS * R.MAX_SEATS == 32
    assert len(R.LIMITS) == 5
    assert sum(R.DECK) == R.NCARDS == 72


def test_rb3_a_player_without_chips_is_out_and_skipped():
    st = position([[5], [0, 0], [0, 0]], total=44, limit=44, turn=0)
    st.stuck()                              # seat 0 had one chip: out
    assert st.chips[0] == 0 and not st.alive(0)
    assert last(st, "out") == {"seat": 0, "round": 1}
    st.next_round(Rng(2))
    assert st.hand_count(0) == 0 and st.turn != 0
    for _ in range(30):                     # seat 0 never plays again
        if st.phase != R.P_PLAY:
            break
        assert st.turn != 0
        if st.nlegal:
            st.play(st.moves[0], Rng(3))
        else:
            st.stuck()


def test_rb4_the_tip_top_cards_are_a_pile_apart_from_the_72():
    st = begun(4)
    assert st.deck_n + 4 * 4 == 72                          # the deck holds no limit card
    assert sorted(list(st.lims[:st.lims_n]) + [st.limit]) == sorted(R.LIMITS)
    orders = {bytes(begun(4, seed).lims[:4]) for seed in range(1, 30)}
    assert len(orders) > 5                                  # shuffled (G-3)


def test_rb5_four_cards_each_from_the_dealers_left_the_dealer_last_the_rest_is_the_deck():
    st = begun(5, seed=3)
    d = st.dealer
    order = [(d + k) % 5 for k in range(1, 6)]              # dealer's left first, dealer last
    rows = [f for name, f in events(st) if name == "hand"]
    assert [r["seat"] for r in rows] == list(range(5))
    # TC-1: one card at a time around the table: the deck's top cards went out in that order
    full = bytearray(R.NCARDS)
    k = 0
    for kind in range(R.KINDS):
        for _ in range(R.DECK[kind]):
            full[k] = kind
            k += 1
    rng = Rng(3)
    rng.below(5)                                            # the dealer draw (G-2)
    rng.shuffle(full, R.NCARDS)
    top = R.NCARDS
    for slot in range(4):
        for s in order:
            top -= 1
            assert st.card(s, slot) == full[top], (slot, s)
    assert st.deck_n == top == 52 and bytes(st.deck[:top]) == bytes(full[:top])


def test_rb6_four_chips_each_and_chips_are_the_cards_held():
    st = begun(6)
    for s in range(6):
        assert st.chips[s] == 4 and st.hand_count(s) == 4


def test_rb7_the_dealer_turns_the_limit_card_and_only_topsy_turvy_changes_it():
    st = begun(3, seed=5)
    row = last(st, "round")
    assert row["limit"] == st.limit and st.limit in R.LIMITS and row["dealer"] == st.dealer
    lim = st.limit
    rng = Rng(9)
    while st.phase == R.P_PLAY:
        c = st.card(st.turn, st.moves[0]) if st.nlegal else None
        if c is None:
            st.stuck()
            break
        st.play(st.moves[0], rng)
        if c != TURVY:
            assert st.limit == lim
        lim = st.limit


def test_rb8_the_dealers_left_begins_with_any_legal_card_the_total_starts_at_0():
    st = begun(4, seed=8)
    assert st.turn == (st.dealer + 1) % 4 and st.total == 0
    assert st.nlegal == 4 - sum(1 for c in hand(st, st.turn) if c == M10)   # the 10 needs 10


def test_rb9_example_4_then_5_makes_9():
    st = position([[4, 0], [5, 0]], total=0, limit=44, turn=0, deck_top=(1, 2))
    play(st, 4)
    assert st.total == 4
    play(st, 5)
    assert st.total == 9


def test_rb10_after_playing_the_total_is_announced_a_card_drawn_and_play_passes_left():
    st = position([[3, 1, 2], [0, 0, 0], [1, 1, 1]], total=7, limit=44, turn=0, deck_top=(5,))
    slot = 1
    st.play(slot, Rng(1))
    assert st.card(0, slot) == 5 and st.hand_count(0) == 3          # drawn into the played slot
    assert last(st, "play") == {"seat": 0, "card": 1, "total": 8, "limit": 44, "drawn": 5}
    assert st.turn == 1                                             # the next seat (G-1)


def test_rb11_the_total_never_goes_below_0():
    st = position([[M10, 0], [0, 0]], total=9, limit=44, turn=0)
    assert legal_cards(st) == [0]
    with pytest.raises(ValueError):
        play(st, M10)
    st = position([[M10, 0], [0, 0]], total=10, limit=44, turn=0)
    play(st, M10)
    assert st.total == 0


def test_rb12_the_total_never_passes_the_limit():
    st = position([[5, 4, X2, 0], [0, 0, 0, 0]], total=40, limit=44, turn=0)
    assert legal_cards(st) == [0, 4]
    with pytest.raises(ValueError):
        play(st, 5)
    play(st, 4)
    assert st.total == 44


def test_rb13_an_empty_deck_is_made_again_from_the_pile():
    st = position([[1, 2], [1, 2]], total=0, limit=66, turn=0, deck_top=(3, 4))
    pile = deck_nearly_out(st, 2)
    play(st, 1)
    assert st.deck_n == 1 and not any(name == "reshuffle" for name, _ in events(st))
    play(st, 1)                             # draws the last card: the deck is made again
    assert last(st, "reshuffle") == {"cards": pile + 1, "total": 2}
    assert st.deck_n == pile + 1 and st.pile_n == 1
    SNAP.check(st)


def test_rb14_who_cannot_play_loses_the_round_and_a_chip_and_all_with_chips_play_the_next():
    st = position([[5, 4, X2], [0, 0, 0], [1, 1, 1]], total=43, limit=44, turn=0)
    assert st.nlegal == 0
    with pytest.raises(ValueError):
        st.play(0, Rng(1))
    st.stuck()
    assert st.phase == R.P_ROUND and st.chips[0] == 2
    assert last(st, "lose") == {"seat": 0, "why": R.W_STUCK, "chips": 2, "total": 43, "limit": 44}
    with pytest.raises(ValueError):
        st.play(0, Rng(1))                  # the round is over
    st.next_round(Rng(5))
    assert st.phase == R.P_PLAY and [st.hand_count(s) for s in range(3)] == [2, 3, 3]


def test_rb15_example_four_chips_lose_a_round_three_cards_lose_all_out():
    st = position([[5, 5, 5, 5], [0, 0, 0, 0]], total=44, limit=44, turn=0)
    st.stuck()
    st.next_round(Rng(6))
    assert st.chips[0] == 3 and st.hand_count(0) == 3
    for k in (2, 1, 0):                     # lose again and again: out at 0
        st.phase = R.P_PLAY
        st.turn = 0
        st.total = st.limit
        st.loser = -1
        for slot in range(R.HAND):
            if st.card(0, slot) != R.EMPTY:
                st.hand[slot] = 5
        st.legal()
        st.stuck()
        assert st.chips[0] == k
        if k:
            st.next_round(Rng(k))
    assert last(st, "out")["seat"] == 0 and st.phase == R.P_OVER


def test_rb16_the_next_round_is_shuffled_dealt_by_chips_with_a_new_limit_from_the_dealers_left():
    st = begun(4, seed=11)
    st.chips[2] = 2
    st.phase = R.P_ROUND
    st.loser = 2
    st.why = R.W_STUCK
    dealer = st.dealer
    st.next_round(Rng(12))
    assert st.dealer == (dealer + 1) % 4 and st.round == 2
    assert st.turn == (st.dealer + 1) % 4 and st.total == 0
    assert [st.hand_count(s) for s in range(4)] == [4, 4, 2, 4]
    assert st.deck_n == 72 - 14 and st.pile_n == 0 and st.lims_n == 4 and st.used_n == 0
    assert last(st, "round") == {"round": 2, "dealer": st.dealer, "first": st.turn, "limit": st.limit}


def test_rb17_the_last_player_with_chips_wins():
    st = position([[5], [0], [0, 0, 0]], total=44, limit=44, turn=0)
    st.stuck()
    assert st.phase == R.P_ROUND
    st.chips[1] = 1
    st.phase = R.P_PLAY
    st.turn = 1
    st.loser = -1
    st.hand[1 * R.HAND] = 5
    st.total = st.limit
    st.legal()
    st.stuck()
    assert st.phase == R.P_OVER and st.winner == 2
    assert last(st, "result") == {"winner": 2, "rounds": 1}


# -- card values ------------------------------------------------------------------------------------
def test_rbc0_a_0_adds_nothing_and_fits_at_the_limit():
    st = position([[0], [0]], total=44, limit=44, turn=0)
    play(st, 0)
    assert st.total == 44


@pytest.mark.parametrize("v", [1, 2, 3, 4, 5])
def test_rbc1_a_number_adds_its_value(v):
    st = position([[v], [0]], total=20, limit=44, turn=0)
    play(st, v)
    assert st.total == 20 + v


def test_rbcx2_x2_doubles_the_total_within_the_limit():
    st = position([[X2], [0]], total=21, limit=44, turn=0)
    play(st, X2)
    assert st.total == 42
    st = position([[X2, 0], [0, 0]], total=23, limit=44, turn=0)
    assert legal_cards(st) == [0]
    st = position([[X2], [0]], total=0, limit=22, turn=0)
    play(st, X2)
    assert st.total == 0


def test_rbc10_the_10_subtracts_10_only_at_10_or_more():
    st = position([[M10], [0]], total=37, limit=44, turn=0)
    play(st, M10)
    assert st.total == 27
    assert R.effect(M10, 9, 44) == -1 and R.effect(M10, 10, 44) == 0


def test_rbcspin_spin_out_reverses_the_direction_from_that_player():
    st = position([[0], [SPIN], [0], [0]], total=5, limit=44, turn=1)
    play(st, SPIN)
    assert st.dir == -1 and st.turn == 0 and st.total == 5          # counter-clockwise from seat 1
    play(st, 0)
    assert st.turn == 3
    st = position([[SPIN], [0]], total=5, limit=44, turn=0)         # two players: the other plays
    play(st, SPIN)
    assert st.turn == 1 and st.dir == -1


def test_rbctop_example_top_out_at_30_with_limit_44_gives_44():
    st = position([[TOP], [0]], total=30, limit=44, turn=0)
    play(st, TOP)
    assert st.total == 44


def test_rbcturvy_topsy_turvy_turns_a_new_limit_and_keeps_the_total():
    st = position([[TURVY], [0]], total=30, limit=44, turn=0, next_limits=(55,))
    play(st, TURVY)
    assert st.limit == 55 and st.total == 30 and st.phase == R.P_PLAY


def test_rbcturvy_example_topsy_turvy_to_44_with_total_45_loses():
    st = position([[TURVY, 0], [0, 0]], total=45, limit=55, turn=0, next_limits=(44,))
    play(st, TURVY)
    assert st.limit == 44 and st.phase == R.P_ROUND and st.loser == 0 and st.chips[0] == 1
    assert last(st, "lose") == {"seat": 0, "why": R.W_LIMIT, "chips": 1, "total": 45, "limit": 44}


# -- decisions ------------------------------------------------------------------------------------
def test_o1_the_deck_is_the_data_table_and_the_limits_22_to_66():
    assert list(R.DECK) == [8, 8, 8, 8, 8, 8, 4, 8, 4, 4, 4]
    assert list(R.LIMITS) == [22, 33, 44, 55, 66]
    st = begun(2)
    for kind in range(R.KINDS):
        assert st.cards_accounted(kind) == R.DECK[kind]


def test_o2_the_10_needs_a_total_of_10_and_top_out_is_always_legal():
    for t in range(0, 67):
        assert (R.effect(M10, t, 66) >= 0) == (t >= 10)
        assert R.effect(TOP, t, 66) == 66
    st = position([[TOP], [0]], total=44, limit=44, turn=0)         # even at the limit
    assert legal_cards(st) == [TOP]


def test_o3_topsy_turvy_is_not_optional_equal_is_fine_and_no_card_is_drawn_after_a_loss():
    st = position([[TURVY], [0]], total=44, limit=55, turn=0, next_limits=(44,))
    play(st, TURVY)                                                 # equal to the total: fine
    assert st.limit == 44 and st.phase == R.P_PLAY and st.hand_count(0) == 1
    st = position([[TURVY, 1], [0, 0]], total=40, limit=66, turn=0, next_limits=(33,))
    deck = st.deck_n
    play(st, TURVY)
    assert st.phase == R.P_ROUND and st.deck_n == deck and hand(st, 0) == [1]
    assert last(st, "play")["drawn"] == -1


def test_o3_used_limit_cards_are_shuffled_into_a_new_pile_when_it_is_empty():
    st = position([[TURVY, TURVY], [0, 0]], total=10, limit=44, turn=0, next_limits=())
    assert st.lims_n == 0 and st.used_n == 4
    play(st, TURVY)
    assert st.limit != 44 and st.used_n == 1 and st.used[0] == 44 and st.lims_n == 3
    assert [name for name, _ in events(st)][-2:] == ["play", "limits"]
    assert last(st, "limits") == {"cards": 4}
    SNAP.check(st)


def test_o3_the_new_limit_pile_is_shuffled_every_order_alike_G3():
    """The four used limit cards go into the new pile in a random order (G-3): over 960 fixed
    seeds the Topsy Turvy turns each of them, and the new pile lies in each of the 24 orders,
    about equally often (chi-square, 23 degrees of freedom: below 49.7, p = 0.001)."""
    orders = {}
    for seed in range(960):
        st = position([[TURVY], [0]], total=10, limit=44, turn=0, next_limits=())
        play(st, TURVY, Rng(seed))
        order = tuple(st.lims[:st.lims_n]) + (st.limit,)       # the pile, bottom first, then turned
        assert sorted(order) == [22, 33, 55, 66]
        orders[order] = orders.get(order, 0) + 1
    assert len(orders) == 24
    chi2 = sum((k - 40) ** 2 / 40 for k in orders.values())
    assert chi2 < 49.7, orders


def test_o4_no_legal_card_means_losing_only_a_10_below_10_too():
    st = position([[M10, M10], [0, 0]], total=5, limit=44, turn=0)
    assert st.nlegal == 0
    st.stuck()
    assert st.chips[0] == 1 and st.why == R.W_STUCK
    with pytest.raises(ValueError):
        position([[0, 5], [0, 0]], total=5, limit=44).stuck()   # a player with a legal card


def test_o4_next_round_hands_equal_chips_clockwise_and_the_dealer_rotates_left():
    st = position([[5, 5], [SPIN, 0], [0, 0]], total=0, limit=22, turn=1, dealer=0, chips=[2, 2, 2])
    play(st, SPIN)
    assert st.dir == -1
    st.total = 22
    st.turn = 0
    st.legal()
    st.stuck()
    st.next_round(Rng(3))
    assert st.dir == 1 and st.dealer == 1 and st.turn == 2
    assert [st.hand_count(s) for s in range(3)] == [1, 2, 2]


def test_o4_the_total_is_kept_across_a_reshuffle():
    st = position([[1, 1], [1, 1]], total=12, limit=66, turn=0)
    pile = deck_nearly_out(st, 1)           # this play's draw empties the deck
    play(st, 1)
    assert last(st, "reshuffle") == {"cards": pile, "total": 13}
    assert st.total == 13 and st.deck_n == pile
    SNAP.check(st)


def test_g1_clockwise_is_the_next_seat_and_eliminated_seats_are_skipped():
    st = position([[0], [], [0], [0]], total=0, limit=44, turn=0)
    assert st.next_seat(0) == 2 and st.next_seat(0, -1) == 3 and st.next_seat(3) == 0
    play(st, 0)
    assert st.turn == 2


def test_g1_dealing_and_the_dealers_rotation_skip_eliminated_seats():
    st = begun(4, seed=2)
    st.chips[1] = 0
    st.chips[2] = 0
    st.dealer = 0
    st.phase = R.P_ROUND
    st.loser = 2
    st.why = R.W_STUCK
    st.next_round(Rng(4))
    assert st.dealer == 3 and st.turn == 0
    assert [st.hand_count(s) for s in range(4)] == [4, 0, 0, 4]


def test_g2_the_first_dealer_is_random_and_play_again_names_the_first_player():
    dealers = {begun(5, seed).dealer for seed in range(1, 60)}
    assert dealers == set(range(5))
    assert last(begun(5, 1), "dealer")["rotated"] == 0
    for first in range(5):
        st = begun(5, seed=9, first=first)
        assert st.turn == first and st.dealer == (first - 1) % 5
        assert last(st, "dealer") == {"seat": st.dealer, "rotated": 1, "seats": 5, "chips": R.CHIPS}


def test_g3_the_seed_replays_the_game_and_heads_the_record():
    a = random_game(4, 77)
    b = random_game(4, 77)
    assert a.record.dump() == b.record.dump() and SNAP.save_state(a) == SNAP.save_state(b)
    assert random_game(4, 78).record.dump() != a.record.dump()
    (name, f), (name1, f1) = events(a)[:2]
    assert name == "seed" and seed_of(f) == 77 and name1 == "dealer" and f1["seats"] == 4
    big = random_game(2, 0x3FFFFFFF)
    assert seed_of(events(big)[0][1]) == 0x3FFFFFFF


def seed_of(f):
    """The seed from the seed row's 7-bit digits (the record's fields are 8-bit)."""
    return (((f["s28"] * 128 + f["s21"]) * 128 + f["s14"]) * 128 + f["s7"]) * 128 + f["s0"]


def test_tc2_a_reshuffle_keeps_the_pile_top_card_face_up():
    st = position([[3, 2], [1, 1]], total=12, limit=66, turn=0)
    before = sorted(st.pile[:deck_nearly_out(st, 1)])
    play(st, 3)
    assert st.pile_n == 1 and st.pile[0] == 3                   # the card just played
    assert sorted(st.deck[:st.deck_n]) == before                # the rest, shuffled
    assert bytes(st.deck[:st.deck_n]) != bytes(before)


# -- suspend format ----------------------------------------------------------------------------------
def test_a_loaded_state_has_every_field_of_the_saved_one_counter_clockwise_too():
    """Compared field by field, not through save_state (which cannot see what it leaves out):
    after a Spin Out the direction is part of the game (RB-C Spin Out)."""
    st = position([[SPIN, 1], [2, 2], [3, 3]], total=10, limit=44, turn=0)
    play(st, SPIN)
    assert st.dir == -1 and st.turn == 2
    back = R.State(3)
    SNAP.load_state(back, SNAP.save_state(st))
    for name in ("phase", "turn", "dealer", "round", "plays", "limit", "total", "dir", "deck_n",
                 "pile_n", "lims_n", "used_n", "loser", "why", "nlegal"):
        assert getattr(back, name) == getattr(st, name), name
    for name in ("chips", "hand", "deck", "pile", "lims", "used"):
        assert bytes(getattr(back, name)) == bytes(getattr(st, name)), name
    assert back.moves[:back.nlegal] == st.moves[:st.nlegal]


def test_save_and_load_give_the_same_state_and_damage_is_refused():
    st = random_game(3, 12)                 # over: not a game in progress
    with pytest.raises(ValueError):
        SNAP.load_state(R.State(3), SNAP.save_state(st))
    st = begun(3, seed=12)
    for _ in range(7):
        st.play(st.moves[0], Rng(1)) if st.nlegal else st.stuck()
    data = SNAP.save_state(st)
    back = R.State(3)
    SNAP.load_state(back, data)
    assert SNAP.save_state(back) == data and back.nlegal == st.nlegal
    for i in (0, 7, 9, 16, 20, 60, 200, len(data) - 1):
        bad = bytearray(data)
        bad[i] ^= 0x41
        try:
            SNAP.load_state(back, bytes(bad))
        except ValueError:
            continue
        SNAP.check(back)                    # a change that loads is still a whole game
    with pytest.raises(ValueError):
        SNAP.load_state(R.State(4), data)   # another seat count
    with pytest.raises(ValueError):
        SNAP.load_state(back, data[:-1])


def _midgame():
    st = begun(3, seed=12)
    for _ in range(7):
        st.play(st.moves[0], Rng(1)) if st.nlegal else st.stuck()
    SNAP.check(st)
    assert st.phase == R.P_PLAY and st.deck_n and st.lims_n
    return st


def _damage_limit_twice(st):
    st.lims[0] = st.limit


def _damage_limit_lost(st):
    st.lims_n -= 1


def _damage_card_kind(st):
    st.deck[0] = (st.deck[0] + 1) % R.KINDS


def _damage_hand_card(st):
    s = st.turn
    st.hand[s * R.HAND] = R.KINDS


@pytest.mark.parametrize("damage, message", [
    (lambda st: setattr(st, "phase", 99), "phase"),
    (lambda st: st.chips.__setitem__(st.n, 1), "chips"),
    (lambda st: setattr(st, "turn", st.n), "turn"),
    (_damage_hand_card, "hand"),
    (lambda st: st.deck.__setitem__(0, R.KINDS), "deck"),
    (_damage_card_kind, "cards"),
    (_damage_limit_twice, "limit cards"),
    (_damage_limit_lost, "limit cards"),
    (lambda st: setattr(st, "total", st.limit + 1), "total"),
    (lambda st: setattr(st, "why", R.W_LIMIT + 1), "why"),
])
def test_a_resumed_game_is_refused_for_each_kind_of_damage(damage, message):
    """Every check of snapshot.check, one damage each, named by its message (a check left out
    lets its damage through)."""
    st = _midgame()
    damage(st)
    with pytest.raises(ValueError) as e:
        SNAP.check(st)
    assert str(e.value) == message
