"""The tower game's rules (games/tower/rules.py): one test per rule sentence of the rulebook
(Bausack / Bandu) and per decision T-1..T-9 / G-1..G-3 (docs/tower.md, "Rules as played") that the
state machine carries. The physics outcome of a placement is fed in (placed / collapsed); the physical side of
T-2, T-6, T-8 and T-9 is tested through the scene in test_tower_game.py."""
import pytest

from core.rng import Rng
from games.tower import events
from games.tower import pieces
from games.tower import rules as R
from games.tower import save


def state(n=2, supply=R._SUPPLY_FULL, first=0):
    rec = R.Record()
    st = R.State(n, rec, supply)
    st._begin_turn(first)
    return st


def rows(st, kind=None):
    rec = st.rec
    out = []
    for i in range(rec.n):
        k = rec.kind(i)
        if kind is None or k == kind:
            out.append((events.EVENTS[k][0],) + tuple(rec.field(i, j) for j in range(len(events.EVENTS[k][1]))))
    return out


def place(st, x=0, y=5 * 1024, a=0):
    st.placed(x, y, a)


# -- Set up ---------------------------------------------------------------------------------

def test_every_player_starts_with_10_tokens_and_all_pieces_are_in_the_supply():
    """"Each player is given a pool of 10 tokens" / "All pieces are placed on the table"."""
    for n in (2, 3, 4):
        st = state(n)
        assert list(st.tokens[:n]) == [10] * n
        assert st.supply_count() == len(pieces.PIECES) == R._NPIECES
        assert all(st.alive[s] for s in range(n))


def test_t1_piece_table_has_20_convex_then_compounds_and_supply_options():
    """T-1: about 20 convex pieces, then compound pieces; the set is a data table."""
    assert pieces.COMPOUND_FIRST == R._COMPOUND_FIRST == 20
    names = [p[0] for p in pieces.PIECES]
    assert len(set(names)) == len(names)
    assert all(len(p[1]) == 1 for p in pieces.PIECES[:20])
    assert all(len(p[1]) >= 2 for p in pieces.PIECES[20:])
    assert state(2, R._SUPPLY_CONVEX).supply_count() == 20
    assert state(2, R._SUPPLY_SHORT).supply_count() == len(R.SHORT)


def test_g2_first_player_is_random_from_the_seed_and_recorded():
    """"Starting with the youngest player" -> G-2: a random first player from the seed."""
    firsts = set()
    for seed in range(40):
        rec = R.Record()
        st = R.State(4, rec)
        st.start(Rng(seed))
        firsts.add(st.v[R._V_ACTIVE])
        assert rows(st, R._E_START) == [("start", st.v[R._V_ACTIVE])]
        # the same seed gives the same first player (G-3)
        rec2 = R.Record()
        st2 = R.State(4, rec2)
        st2.start(Rng(seed))
        assert st2.v[R._V_ACTIVE] == st.v[R._V_ACTIVE]
    assert firsts == {0, 1, 2, 3}


# -- Sequence of play -------------------------------------------------------------------------

def test_turn_passes_clockwise_after_build_or_push():
    """"order of play proceeds clockwise ... Once this is resolved, the turn passes to the next
    player" (G-1)."""
    st = state(3, first=1)
    st.build(0, 0)
    st.pass_()
    st.pass_()
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 1
    place(st)
    assert st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 2
    st.push(1)
    assert st.v[R._V_ASK] == 0
    st.accept()
    place(st)
    assert st.v[R._V_ACTIVE] == 0


def test_build_any_supply_piece_opening_bid_zero_to_own_tokens():
    """"Select a piece from the pile" / "Choose an opening bid, which can be zero" (T-3)."""
    st = state(2)
    assert st.can_build(26, 0) and st.can_build(0, 10)
    assert not st.can_build(0, 11)
    assert not st.can_build(27, 0)
    assert not st.can_build(0, -1)
    with pytest.raises(ValueError):
        st.build(0, 11)
    st.build(5, 3)
    assert rows(st, R._E_BUILD) == [("build", 0, 5, 3)]
    assert st.v[R._V_HIGH] == 3 and st.v[R._V_HIGHSEAT] == 0


def test_placed_piece_leaves_the_supply_and_cannot_be_chosen():
    st = state(2)
    st.build(4, 0)
    st.pass_()
    place(st)
    assert st.owner[4] == 0 and not st.in_supply(4)
    assert not st.can_build(4, 0) and not st.can_push(4)
    assert st.supply_count() == 26


def test_auction_starts_with_the_next_player_clockwise():
    """"starting with the next player clockwise, players may either pass or set a higher bid"."""
    st = state(4, first=2)
    st.build(0, 1)
    assert st.v[R._V_PHASE] == R._P_AUCTION and st.v[R._V_ASK] == 3
    st.pass_()
    assert st.v[R._V_ASK] == 0
    st.pass_()
    assert st.v[R._V_ASK] == 1


def test_a_raise_must_be_higher_and_within_own_tokens():
    """"set a higher bid (up to the number of tokens they have remaining)" (T-3)."""
    st = state(2)
    st.tokens[1] = 4
    st.build(0, 2)
    assert not st.can_raise(1, 2)       # equal is not higher
    assert st.can_raise(1, 3) and st.can_raise(1, 4)
    assert not st.can_raise(1, 5)       # more than own tokens
    assert not st.can_raise(0, 3)       # not the asked seat
    for bad in (2, 5, 1):
        with pytest.raises(ValueError):
            st.bid(bad)
    st.bid(4)
    assert st.v[R._V_HIGH] == 4


def test_a_pass_is_final_for_that_piece():
    """"If a player passes, they may no longer bid on that piece" (T-3)."""
    st = state(3, first=0)
    st.build(0, 0)          # asks 1
    st.pass_()              # 1 out
    assert st.v[R._V_ASK] == 2
    st.bid(1)               # 2 high
    assert st.v[R._V_ASK] == 0      # skips nobody: 0 is still in
    st.bid(2)
    assert st.v[R._V_ASK] == 2      # 1 passed: never asked again
    st.bid(3)
    assert st.v[R._V_ASK] == 0
    st.pass_()
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 2
    asked = [r[1] for r in rows(st) if r[0] in ("bid", "pass")]
    assert asked == [1, 2, 0, 2, 0]


def test_bidding_goes_round_and_round_including_the_active_player():
    """T-3: round and round; every player still in, the active one included, may raise."""
    st = state(2, first=0)
    st.build(3, 0)
    for amount in range(1, 8):
        assert st.v[R._V_ASK] == amount % 2
        st.bid(amount)
    assert st.v[R._V_ASK] == 0
    st.pass_()
    assert st.v[R._V_PLACER] == 1 and st.tokens[1] == 3


def test_highest_bidder_pays_the_bank_and_places_at_once():
    """"The highest bidder pays that amount to the bank and immediately places the piece"."""
    st = state(3, first=0)
    st.build(7, 1)
    st.bid(3)           # seat 1
    st.pass_()          # seat 2
    st.pass_()          # seat 0
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 1 and st.v[R._V_PIECE] == 7
    assert list(st.tokens[:3]) == [10, 7, 10]       # to the bank: nobody else gains
    assert rows(st, R._E_WIN) == [("win", 1, 7, 3, 7)]          # the price, tokens left


def test_active_player_winning_own_auction_pays_opening_bid_and_turn_ends():
    st = state(2, first=0)
    st.build(0, 2)
    st.pass_()
    assert st.v[R._V_PLACER] == 0 and st.tokens[0] == 8
    place(st)
    assert st.v[R._V_ACTIVE] == 1 and st.v[R._V_AGAIN] == 0


def test_outbid_active_player_builds_again_or_pushes():
    """"If it is your turn and you are outbid for a piece, you must either choose another piece
    to Build, or you may choose to Push" (T-3)."""
    st = state(2, first=0)
    st.build(0, 0)
    st.bid(1)
    st.pass_()
    assert st.v[R._V_PLACER] == 1
    place(st)
    assert st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 0 and st.v[R._V_AGAIN] == 1
    assert rows(st, R._E_AGAIN) == [("again", 0, 26)]
    assert not st.can_build(0, 0)                   # "another piece"
    assert st.can_build(1, 0) and st.can_push(1)
    st.push(1)
    st.accept()
    place(st)
    assert st.v[R._V_ACTIVE] == 1                           # now the turn passes
    turns = rows(st, R._E_TURN)
    assert [t[1] for t in turns] == [0, 1]


def test_outbid_again_and_again_then_build_own():
    st = state(2, first=0)
    for p in range(3):
        st.build(p, 0)
        st.bid(1)
        st.pass_()
        place(st)
        assert st.v[R._V_ACTIVE] == 0 and st.v[R._V_AGAIN] == 1
    st.build(5, 0)
    st.pass_()
    place(st)
    assert st.v[R._V_ACTIVE] == 1 and st.v[R._V_AGAIN] == 0
    assert st.owner[0] == st.owner[1] == st.owner[2] == 1 and st.owner[5] == 0


def test_t5_zero_token_player_may_open_at_zero_but_cannot_raise():
    """T-5: a player with 0 tokens may open a Build at 0 but cannot raise."""
    st = state(3, first=0)
    st.tokens[0] = 0
    st.tokens[1] = 0
    assert st.can_build(2, 0) and not st.can_build(2, 1)
    st.build(2, 0)
    # seat 1 cannot raise: it passes at once (forced); seat 2 is asked
    assert st.v[R._V_ASK] == 2
    assert rows(st, R._E_PASS) == [("pass", 1, 2, 1)]
    st.bid(1)
    # seat 0 cannot raise either: forced pass, seat 2 alone wins
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 2
    assert rows(st, R._E_PASS)[-1] == ("pass", 0, 2, 1)


def test_seat_with_tokens_equal_to_high_bid_cannot_raise():
    st = state(2, first=0)
    st.tokens[1] = 3
    st.build(0, 3)
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 0
    assert rows(st, R._E_PASS) == [("pass", 1, 0, 1)]


def test_push_next_player_accepts_or_pays_one():
    """"The piece goes to the next player, who must either accept the piece and immediately
    place it or immediately pay 1 token to the bank to pass it to the next player"."""
    st = state(3, first=0)
    st.push(12)
    assert st.v[R._V_PHASE] == R._P_PUSH and st.v[R._V_ASK] == 1 and st.v[R._V_COST] == 1
    assert st.can_pay(1)
    st.accept()
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 1 and st.v[R._V_PIECE] == 12
    assert list(st.tokens[:3]) == [10, 10, 10]
    place(st)
    assert st.owner[12] == 1 and st.v[R._V_ACTIVE] == 1


def test_push_cost_rises_by_one_each_pass_including_the_trip_past_the_pusher():
    """"Each time it is passed, the cost of passing it increases by 1 token: the second player to
    receive the piece must pay 2 to pass it, the third must pay 3 tokens" and T-4: the chain
    goes through every seat, the pusher included."""
    st = state(3, first=0)
    st.push(13)
    st.pay()            # seat 1 pays 1
    assert st.v[R._V_ASK] == 2 and st.v[R._V_COST] == 2
    st.pay()            # seat 2 pays 2
    assert st.v[R._V_ASK] == 0 and st.v[R._V_COST] == 3      # the pusher receives it
    st.pay()            # pusher pays 3
    assert st.v[R._V_ASK] == 1 and st.v[R._V_COST] == 4      # round again
    st.pay()
    assert list(st.tokens[:3]) == [7, 5, 8]
    assert [r[3] for r in rows(st, R._E_PAY)] == [1, 2, 3, 4]
    assert [r[4] for r in rows(st, R._E_PAY)] == [9, 8, 7, 5]       # the payer's tokens after
    st.accept()
    assert st.v[R._V_PLACER] == 2
    place(st)
    assert st.v[R._V_ACTIVE] == 1       # the turn passes from the pusher


def test_push_receiver_who_cannot_pay_must_accept():
    """T-4: a player who cannot pay must accept."""
    st = state(2, first=0)
    st.tokens[1] = 0
    st.push(3)
    assert st.v[R._V_PHASE] == R._P_PLACE and st.v[R._V_PLACER] == 1
    assert rows(st, R._E_ACCEPT) == [("accept", 1, 3, 1, 1)]
    st2 = state(2, first=0)
    st2.tokens[0] = 1
    st2.push(3)
    st2.pay()               # seat 1 pays 1; the pusher would pay 2 but has 1
    assert st2.v[R._V_PHASE] == R._P_PLACE and st2.v[R._V_PLACER] == 0
    assert not st2.can_pay(0)
    with pytest.raises(ValueError):
        st2.pay()


def test_first_piece_is_the_foundation_and_towers_grow():
    """"If the piece is the player's first piece, it becomes their foundation" (the scene marks
    it in the world; the rules count pieces per tower)."""
    st = state(2, first=0)
    assert st.tower_size(0) == 0
    st.build(0, 0)
    st.pass_()
    place(st)
    assert st.tower_size(0) == 1


def test_collapse_eliminates_returns_pieces_and_tokens():
    """"When a tower collapses, that player is out of the game: all of their pieces are
    immediately put back into the supply and all their tokens returned to the bank" (T-7)."""
    st = state(3, first=0)
    for p in (0, 1):
        st.build(p, 1)
        st.pass_()
        st.pass_()
        place(st)
        st.push(20 + p)
        st.accept()
        place(st)
        st.push(10 + p)
        st.accept()
        place(st)
    assert st.tower_size(0) == 4 and st.tower_size(2) == 2 and st.tokens[0] == 8
    st.build(2, 0)
    st.pass_()
    st.pass_()
    st.collapsed(2, 17, 1)
    assert not st.alive[0] and st.tokens[0] == 0
    assert st.tower_size(0) == 0 and st.in_supply(0) and st.in_supply(1) and st.in_supply(2)
    assert st.in_supply(10) and st.in_supply(11)
    assert st.supply_count() == 27 - 2
    assert rows(st, R._E_COLLAPSE) == [("collapse", 0, 2, 2, 17, 1)]
    assert rows(st, R._E_ELIMINATE) == [("eliminate", 0, 4, 8)]
    # G-1: an eliminated seat is skipped everywhere
    assert st.v[R._V_ACTIVE] == 1
    st.push(3)
    assert st.v[R._V_ASK] == 2
    st.pay()
    assert st.v[R._V_ASK] == 1      # skips seat 0
    st.pay()
    assert st.v[R._V_ASK] == 2
    st.accept()
    place(st)
    assert st.v[R._V_ACTIVE] == 2
    st.build(4, 0)
    assert st.v[R._V_ASK] == 1      # auction skips seat 0 too


def test_collapse_returns_pieces_that_the_active_player_may_use_at_once():
    """"If a tower collapses on a player's turn but before they have chosen a piece for a Build
    or Push, they may immediately make use of the new pieces"."""
    st = state(3, first=1)
    st.build(0, 0)          # seat 1 builds the long plank
    st.pass_()
    st.pass_()
    place(st)
    st.push(6)              # seat 2 pushes; seat 0 accepts
    st.accept()
    place(st)
    st.build(8, 0)          # seat 0 builds
    st.pass_()
    st.pass_()
    place(st)
    # seat 1's turn: seat 2 outbids it on piece 9 and collapses while placing
    st.build(9, 0)
    st.bid(1)               # seat 2
    st.pass_()              # seat 0
    st.pass_()              # seat 1
    assert st.v[R._V_PLACER] == 2
    st.collapsed(9, 3, 1)
    # seat 1's turn goes on (outbid), and the piece that collapsed is there again
    assert st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 1 and st.v[R._V_AGAIN] == 1
    assert st.can_build(9, 0)
    # seat 1 loses its own tower: its long plank is available at once to the next player
    st.build(9, 0)
    st.pass_()
    st.collapsed(9, 5, 1)
    assert st.v[R._V_PHASE] == R._P_OVER and st.v[R._V_WINNER] == 0


def test_last_tower_standing_wins_even_briefly():
    """"The winner is the player whose tower is the last to be standing, even if only briefly
    before it collapses" (T-7: the collapse that leaves one tower ends the game)."""
    st = state(2, first=0)
    st.build(0, 0)
    st.pass_()
    place(st)
    st.push(1)          # seat 1 pushes, seat 0 accepts and its tower collapses
    st.accept()
    st.collapsed(1, 40, 1)
    assert st.v[R._V_PHASE] == R._P_OVER
    assert st.v[R._V_WINNER] == 1 and st.v[R._V_REASON] == R._R_LAST
    assert rows(st)[-1] == ("result", 1, R._R_LAST, 2)
    # the winner had no tower at all: still the last one "standing" (nothing collapsed)
    assert st.tower_size(1) == 0


def test_collapse_of_the_active_players_own_placement_passes_the_turn():
    st = state(3, first=0)
    st.build(0, 0)
    st.pass_()
    st.pass_()
    st.collapsed(0, 1, 1)
    assert st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 1 and st.alive_count() == 2


def test_collapse_of_a_push_receiver_passes_the_turn_from_the_pusher():
    st = state(3, first=0)
    st.push(5)
    st.pay()
    st.accept()             # seat 2
    st.collapsed(5, 9, 1)
    assert st.v[R._V_PHASE] == R._P_TURN and st.v[R._V_ACTIVE] == 1


def test_draw_when_every_piece_is_placed_with_more_than_one_tower():
    """"If all of the pieces have been successfully placed and more than one player remains,
    the game ends in a draw" (T-7)."""
    st = state(2, R._SUPPLY_SHORT, first=0)
    k = 0
    while st.v[R._V_PHASE] != R._P_OVER:
        p = 0
        while not st.in_supply(p):
            p += 1
        st.build(p, 0)
        st.pass_()
        place(st)
        k += 1
    assert k == len(R.SHORT)
    assert st.v[R._V_WINNER] == -1 and st.v[R._V_REASON] == R._R_DRAW
    assert st.supply_count() == 0


def test_draw_only_when_more_than_one_tower_remains():
    st = state(3, R._SUPPLY_SHORT, first=0)
    st.build(0, 0)
    st.pass_()
    st.pass_()
    st.collapsed(0, 1, 1)      # seat 0 out; 2 towers remain
    while st.v[R._V_PHASE] != R._P_OVER:
        p = 0
        while not st.in_supply(p):
            p += 1
        st.build(p, 0)
        st.pass_()
        place(st)
    assert st.v[R._V_REASON] == R._R_DRAW


def test_t7_a_player_without_a_tower_is_in_the_game_and_counts_for_the_draw():
    """T-7: a player who has placed no foundation yet has not collapsed: still in the game; an
    empty supply with more than one player in the game is a draw, towers or not."""
    st = state(2, R._SUPPLY_SHORT, first=0)
    while st.v[R._V_PHASE] != R._P_OVER:
        p = 0
        while not st.in_supply(p):
            p += 1
        if st.v[R._V_ACTIVE] == 0:
            st.build(p, 0)
            st.pass_()          # seat 1 passes: seat 0 places
        else:
            st.push(p)          # seat 1 pushes: seat 0 accepts and places
            st.accept()
        assert st.alive[1]      # seat 1 never has a tower and is never out
        place(st)
    assert st.tower_size(1) == 0 and st.supply_count() == 0
    assert st.v[R._V_WINNER] == -1 and st.v[R._V_REASON] == R._R_DRAW


def test_t7_a_collapse_leaving_one_player_ends_the_game_the_player_without_a_tower_wins():
    st = state(3, first=0)
    st.build(0, 0)
    st.pass_()
    st.pass_()
    place(st)                   # seat 0 has a tower; seats 1 and 2 have none
    st.build(1, 0)              # seat 1's turn
    st.pass_()
    st.pass_()
    st.collapsed(1, 5, 1)       # seat 1's first piece touched the table: out
    assert st.v[R._V_PHASE] == R._P_TURN and st.alive[2]      # seat 2, no tower, plays on
    st.push(2)                  # seat 2 pushes the beam to seat 0, who accepts
    st.accept()
    st.collapsed(2, 9, 2)       # and its tower falls (a piece left the play area)
    assert st.v[R._V_PHASE] == R._P_OVER and st.v[R._V_WINNER] == 2 and st.tower_size(2) == 0
    assert rows(st, R._E_COLLAPSE)[-1] == ("collapse", 0, 2, 2, 9, 2)


def test_the_record_names_the_pieces_in_play_and_the_starting_tokens():
    """The record alone tells the supply (one row per piece in play, T-1) and every seat's
    tokens at the start (the seed row) and after every payment (win and pay rows)."""
    for supply, inplay in ((R._SUPPLY_FULL, range(27)), (R._SUPPLY_CONVEX, range(20)),
                           (R._SUPPLY_SHORT, sorted(R.SHORT))):
        rec = R.Record()
        st = R.State(3, rec, supply)
        st.start(Rng(5))
        rs = rows(st)
        assert [r[1] for r in rs if r[0] == "piece"] == list(inplay)
        assert [r[0] for r in rs[len(inplay):]] == ["start", "turn"]


def test_tokens_never_grow():
    """"All players start with 10 tokens and do not gain any more during the game"."""
    st = state(3, first=0)
    st.build(0, 2)
    st.bid(5)
    st.bid(6)
    st.pass_()
    st.pass_()
    place(st)
    st.push(1)
    st.pay()
    st.pay()
    st.accept()
    place(st)
    assert all(t <= 10 for t in st.tokens)
    assert sum(st.tokens[:3]) == 30 - 6 - 1 - 2


def test_placement_must_be_resolved_before_play_proceeds():
    """"you must place it on your tower before play can proceed": no choice is legal while a
    piece is being placed."""
    st = state(2, first=0)
    st.build(0, 0)
    st.pass_()
    assert st.v[R._V_PHASE] == R._P_PLACE
    assert not st.can_build(1, 0) and not st.can_push(1)
    for f in (lambda: st.build(1, 0), lambda: st.push(1), st.pass_, st.accept, st.pay):
        with pytest.raises(ValueError):
            f()


def test_save_and_load_round_trip_and_refuse_garbage():
    st = state(3, first=1)
    st.build(4, 1)
    st.bid(2)
    buf = bytearray([3]) + st.tokens + st.alive + st.owner
    for x in st.v:
        buf += bytes([x & 255, (x >> 8) & 255])
    assert len(buf) == save._STATE_BYTES
    st2 = R.State(3, R.Record(64))
    assert save._state(st2, buf, 0) == save._STATE_BYTES
    assert bytes(st2.tokens) == bytes(st.tokens) and bytes(st2.owner) == bytes(st.owner)
    assert list(st2.v) == list(st.v)
    bad = bytearray(buf)
    bad[1] = 99
    with pytest.raises(ValueError):
        save._state(st2, bad, 0)
    with pytest.raises(ValueError):
        save._state(R.State(2, R.Record(64)), buf, 0)


def test_record_event_names_match_rules_constants():
    names = [e[0] for e in events.EVENTS]
    found = 0
    for const_name in dir(R):
        if const_name.startswith("_E_"):
            assert names[getattr(R, const_name)] == const_name[3:].lower()
            found += 1
    assert found == len(names)
    # the record packs each kind's fields in the widths of rules._WIDTHS: one per field
    for k, (name, fields) in enumerate(events.EVENTS):
        widths = R._WIDTHS[5 * k:5 * k + 5]
        assert all(widths[:len(fields)]) and not any(widths[len(fields):]), name


def test_record_packs_every_field_and_counts_what_does_not_fit():
    rec = R.Record(23)
    rec.add(R._E_SEED, (1 << 30) - 1, 4, 27, 15, 10)        # 9 bytes
    rec.add(R._E_RELEASE, 3, 26, -122880, 1024000, 65535)   # 12
    rec.add(R._E_RESULT, -1, 2, 300)                        # 5: more than 23 bytes, lost
    rec.add(R._E_START, 2)                                  # 2
    rec.add(R._E_START, 1)                                  # 2: more than 23, lost
    assert rec.n == 3 and rec.lost == 2 and rec.used == 23
    assert rec.kind(2) == R._E_START and rec.field(2, 0) == 2
    assert [rec.field(0, j) for j in range(5)] == [(1 << 30) - 1, 4, 27, 15, 10]
    assert [rec.field(1, j) for j in range(5)] == [3, 26, -122880, 1024000, 65535]
    assert rec.kind(0) == R._E_SEED and rec.kind(1) == R._E_RELEASE
    assert rec.start(2) == 21 and rec.get(9, 2) == -122880
    kinds = len(events.EVENTS)
    assert len(R._WIDTHS) == 5 * kinds and len(R._ROWLEN) == kinds
    assert [R._ROWLEN[k] for k in range(kinds)] == [1 + sum(R._WIDTHS[5 * k:5 * k + 5]) for k in range(kinds)]
    # every field an event names has bytes, and none beyond
    assert all((R._WIDTHS[5 * k + j] > 0) == (j < len(events.EVENTS[k][1]))
               for k in range(kinds) for j in range(5))