"""No Respect rules: one test per rule sentence of the rulebook (RB-... in docs/norespect.md) and
per decision G-1..G-4 / N-1..N-5 (stated there too), the sample game's first six rounds, and the end."""
import pytest

from norespect_util import (R, Rng, accounted, build, column, discard, discards, events, give,
                            last_event, legal, new, stack)


# -- contents and board ------------------------------------------------------------------------
def test_contents_80_tiles_ten_each_of_1_to_8():
    """"80 number tiles (10 each, numbered from 1 to 8)"."""
    st = R.State(2)
    assert st.pool_n == 80
    assert [st.pool[v] for v in range(1, 9)] == [10] * 8


def test_each_player_has_three_columns_of_four_circles_and_three_discard_circles():
    """"three columns of circles ... each of your number columns has four circles" and "the white
    circle below each of your three number columns is a discard circle"."""
    st = new(2)
    column(st, 0, 0, 8, 7, 6)
    assert give(st, 0, 5)
    st.play(build(0, 0))
    assert st.h[0] == 4 and st.completed(0)
    assert give(st, 0, 4) and build(0, 0) not in legal(st)      # no fifth circle
    assert {m for m in legal(st) if m >> 4 == R.DISCARD} == {discard(0, 0), discard(0, 1), discard(0, 2)}


# -- who goes first (G-2) -------------------------------------------------------------------------
def test_start_draw_highest_tile_starts_G2():
    """"each player draws a number tile at random ... the highest number ... goes first"."""
    st = new(3)
    st.phase = R.P_START
    st.force([3, 6, 2])
    assert st.start_draw(None) == 1
    assert st.turn == 1 and st.phase == R.P_DRAW
    assert events(st)[-1] == ("start", {"seat": 1, "rounds": 1, "tiles": 3})


def test_start_draw_ties_redraw_only_the_tying_players_G2():
    """"In case of a tie, the tying players draw again until there's a clear winner"."""
    st = new(4)
    st.phase = R.P_START
    st.force([7, 2, 7, 5,   4, 4,   8, 3])      # seats 0 and 2 tie twice, then 0 wins
    assert st.start_draw(None) == 0
    draws = [(f["seat"], f["tile"], f["round"]) for n, f in events(st) if n == "start_draw"]
    assert draws == [(0, 7, 1), (1, 2, 1), (2, 7, 1), (3, 5, 1), (0, 4, 2), (2, 4, 2),
                     (0, 8, 3), (2, 3, 3)]


def test_start_draw_tiles_go_back_into_the_pool():
    """"throw the tiles you just drew facedown into the center again, and mix them up"."""
    st = new(4)
    st.phase = R.P_START
    st.start_draw(Rng(5))
    assert st.pool_n == 80 and accounted(st)


def test_start_draw_is_random_through_the_seeded_generator_G3():
    a = new(4)
    a.phase = R.P_START
    b = new(4)
    b.phase = R.P_START
    assert a.start_draw(Rng(77)) == b.start_draw(Rng(77))
    assert events(a) == events(b)
    starters = set()
    for seed in range(40):
        s = new(4)
        s.phase = R.P_START
        starters.add(s.start_draw(Rng(seed)))
    assert starters == {0, 1, 2, 3}


def test_play_continues_to_the_left_clockwise_G1():
    """"After the first player's turn, game play continues to the left in a clockwise direction"
    (G-1: the next seat number; eliminated seats are skipped)."""
    st = new(4, start=2)
    order = []
    for v in (8, 8, 8, 8, 8):
        order.append(st.turn)
        give(st, st.turn, v)
        st.play(discard(st.turn, 0) if st.turn == 0 and st.h[0] else legal(st)[0])
    assert order == [2, 3, 0, 1, 2]
    st.alive[3] = 0
    assert st.next_seat(2) == 0 and st.next_seat(1) == 2


# -- a turn ----------------------------------------------------------------------------------------
def test_a_turn_draws_one_tile_at_random_from_the_pool_G3():
    """"you draw a number tile at random from the center"."""
    st = new(2)
    st.draw(Rng(9))
    assert st.pool_n == 79 and 1 <= st.drawn <= 8 and st.phase == R.P_PLAY
    assert last_event(st) == ("draw", {"seat": 0, "tile": st.drawn, "pool": 79})


def test_no_passing_every_play_places_the_tile():
    """"and play it somewhere (no passing allowed!)": the only plays are placements."""
    st = new(3)
    column(st, 1, 0, 5)
    give(st, 0, 5)
    kinds = {m >> 4 for m in legal(st)}
    assert kinds <= {R.BUILD, R.STACK, R.DISCARD}
    before = st.pool_n
    st.play(stack(1, 0))
    assert st.pool_n == before and st.drawn == 0 and accounted(st)


def test_three_ways_to_play_build_stack_or_cap_discard():
    """"A. on one of your number columns; B. stack or cap an opponent's tile, or one of your own;
    C. on one of your discard circles"."""
    st = new(2)
    column(st, 0, 0, 7)
    column(st, 1, 0, 6)
    give(st, 0, 6)
    got = set(legal(st))
    assert build(0, 0) in got and build(0, 1) in got          # above the 7, or a new column
    assert stack(1, 0) in got                                  # the opponent's 6
    assert discard(0, 0) in got


# -- building (N-1) --------------------------------------------------------------------------------
def test_columns_are_built_bottom_up_in_descending_order_N1():
    """"Build your number columns from the bottom up, in descending order"."""
    st = new(2)
    column(st, 0, 0, 6)
    for v, ok in ((7, False), (6, False), (5, True)):
        give(st, 0, v)
        assert (build(0, 0) in legal(st)) is ok
    st.play(build(0, 0))
    assert st.val[0] == 6 and st.val[1] == 5 and st.h[0] == 2


@pytest.mark.parametrize("v,ok", [(8, True), (7, True), (6, True), (5, True), (4, True), (3, False),
                                  (2, False), (1, False)])
def test_base_game_column_starts_with_4_or_more_N1(v, ok):
    """"start with a high number tile — an 8, a 7, or a 6 — ... a 5, or even a 4"; the sample
    game: "a 4 is the lowest tile a complete number column can begin with"."""
    st = new(2)
    give(st, 0, v)
    assert (build(0, 0) in legal(st)) is ok


def test_base_game_each_circle_keeps_the_column_completable_N1():
    """N-1: the tile on circle p must be at least 5 - p."""
    st = new(2)
    column(st, 0, 0, 8)          # circle 2 needs 3+
    column(st, 0, 1, 8, 7)       # circle 3 needs 2+
    column(st, 0, 2, 8, 7, 6)    # circle 4 needs 1+
    give(st, 0, 2)
    assert build(0, 0) not in legal(st) and build(0, 1) in legal(st) and build(0, 2) in legal(st)
    give(st, 0, 1)
    assert build(0, 0) not in legal(st) and build(0, 1) not in legal(st) and build(0, 2) in legal(st)
    give(st, 0, 3)
    assert build(0, 0) in legal(st)


def test_numbers_need_not_be_in_sequence_7_4_3_1():
    """"You can play a 7, then a 4, then a 3, then a 1"."""
    st = new(2)
    for v in (7, 4, 3, 1):
        give(st, 0, v)
        st.play(build(0, 0))
        st.turn = 0
    assert [st.val[i] for i in range(4)] == [7, 4, 3, 1] and st.completed(0)


def test_you_build_only_on_your_own_columns():
    st = new(2)
    column(st, 1, 0, 8)
    give(st, 0, 5)
    assert all(not (m >> 4 == R.BUILD and (m >> 2) & 3 != 0) for m in legal(st))


# -- stacking and capping --------------------------------------------------------------------------
def test_stacking_needs_the_same_number():
    """"placing a number tile on top of a tile of the same number (a 3 on a 3, an 8 on an 8)"."""
    st = new(2)
    column(st, 1, 0, 6)
    give(st, 0, 6)
    assert stack(1, 0) in legal(st)
    give(st, 0, 5)
    assert stack(1, 0) not in legal(st)


def test_one_tile_on_a_tile_is_a_stack_a_tile_on_two_is_a_cap():
    """"on top of another tile, that's stacking; ... on top of two tiles, that's capping"."""
    st = new(3)
    column(st, 1, 0, 6)
    give(st, 0, 6)
    st.play(stack(1, 0))
    assert st.pile[12] == 2 and not st.capped(3)
    assert last_event(st) == ("stack", {"seat": 0, "tile": 6, "owner": 1, "column": 0})
    give(st, 2, 6)
    st.play(stack(1, 0))
    assert st.pile[12] == 3 and st.capped(3)
    assert last_event(st) == ("cap", {"seat": 2, "tile": 6, "owner": 1, "column": 0})


def test_only_the_top_tile_of_a_column_can_be_stacked():
    """"You can only stack a number tile on top of an opponent's top tile in a column"."""
    st = new(2)
    column(st, 1, 0, 8, 6)
    give(st, 0, 8)
    assert stack(1, 0) not in legal(st)
    give(st, 0, 6)
    assert stack(1, 0) in legal(st)


def test_stacking_works_even_on_the_first_tile_of_a_column():
    """"it can be stacked on any top tile in the column (even if it's the first tile played)"."""
    st = new(2)
    column(st, 1, 2, 4)
    give(st, 0, 4)
    assert stack(1, 2) in legal(st)


def test_a_stacked_column_can_still_be_built_on():
    """"A stacked column can still be built on ... you can play a number above it"."""
    st = new(2)
    column(st, 0, 0, (5, 2))
    give(st, 0, 4)
    assert build(0, 0) in legal(st)
    st.play(build(0, 0))
    assert st.h[0] == 2 and st.pile[0] == 2 and st.val[1] == 4


def test_a_third_tile_on_a_stack_caps_the_column_out_of_play():
    """"if another tile of the same number is played on a stack before you get a chance to play a
    tile above it, the column is capped and out of play"; "Once a column is capped, no further
    plays can be made on it"."""
    st = new(3)
    column(st, 1, 0, 8, (3, 2))
    give(st, 0, 3)
    st.play(stack(1, 0))
    assert st.capped(3)
    for v in range(1, 9):
        if st.pool[v]:
            give(st, 1, v)
            assert build(1, 0) not in legal(st) and stack(1, 0) not in legal(st)
            give(st, 2, v)
            assert stack(1, 0) not in legal(st)


def test_capping_does_not_depend_on_who_stacked_first():
    """"No matter who stacked the first number tile ... if you stack a second tile of a matching
    number ... you've capped the column"."""
    st = new(3)
    column(st, 2, 1, 7)
    give(st, 2, 7)
    st.play(stack(2, 1))            # the owner stacks its own 7
    give(st, 0, 7)
    st.play(stack(2, 1))            # another player caps it
    assert st.capped(7) and last_event(st)[0] == "cap"


def test_building_above_a_two_tile_stack_protects_it():
    """"A player can continue to build a number column above a two-tile stack; and if he or she
    has done that, the stack is no longer at the top of the column—so it can't be capped"."""
    st = new(2)
    column(st, 0, 0, (6, 2), 4)
    give(st, 1, 6)
    assert stack(0, 0) not in legal(st)


def test_capping_a_completed_column_keeps_its_credit_N3():
    """"when you cap a column that your opponent has built to the top, he or she still gets credit
    for having completed the column" (N-3: stacking a completed column is allowed)."""
    st = new(2)
    column(st, 1, 0, 8, 7, 6, (5, 2))
    give(st, 0, 5)
    assert stack(1, 0) in legal(st)
    st.play(stack(1, 0))
    assert st.capped(3) and st.completed(3) and st.ncompleted(1) == 1


def test_three_high_is_the_highest_stack():
    """"A three-high tile stack is the highest allowed in this game"."""
    st = new(2)
    column(st, 1, 0, 8, 7, 6, (5, 3))
    give(st, 0, 5)
    assert stack(1, 0) not in legal(st)


def test_you_may_stack_or_cap_your_own_column_and_a_capped_one_cannot_be_finished():
    """"You can stack or cap the top tile on one of your own columns ... if you cap a column (to
    avoid being eliminated from the game), you can't build it to the top"."""
    st = new(2)
    column(st, 0, 0, 7, (5, 2))
    column(st, 0, 1, 8, 4)
    column(st, 0, 2, 6, 3)
    discards(st, 0, 1, 1, 1)
    give(st, 0, 5)
    assert legal(st) == [stack(0, 0)]
    st.play(stack(0, 0))
    assert st.capped(0) and st.alive[0]
    give(st, 0, 4)
    assert build(0, 0) not in legal(st)


# -- discarding (N-2) ------------------------------------------------------------------------------
def test_discard_onto_an_empty_own_discard_circle_one_tile_each_N2():
    """"play the tile on one of your three white discard circles"; each holds one tile."""
    st = new(2)
    give(st, 0, 8)
    st.play(discard(0, 1))
    assert st.disc[1] == 8 and last_event(st) == ("discard", {"seat": 0, "tile": 8, "circle": 1})
    give(st, 0, 7)
    assert discard(0, 1) not in legal(st) and discard(0, 0) in legal(st)


def test_discarding_is_always_a_choice_when_a_circle_is_free_N2():
    """N-2: discarding onto an empty discard circle is always a legal choice."""
    st = new(2)
    give(st, 0, 8)
    assert build(0, 0) in legal(st) and discard(0, 0) in legal(st)


def test_a_tile_with_no_other_place_must_be_discarded_N2():
    """"If you draw a number tile and can't play it on one of your columns, or on any of your
    opponents' columns, you *must* play it on one of your discard circles"."""
    st = new(3)
    give(st, 1, 1)
    assert legal(st) == [discard(1, 0), discard(1, 1), discard(1, 2)]


def test_you_may_not_discard_on_an_opponents_circle():
    """"you're not allowed to play a number tile on any of your opponents' discard circles"."""
    st = new(3)
    give(st, 0, 1)
    assert all((m >> 2) & 3 == 0 for m in legal(st))


def test_three_discards_used_you_are_still_in_the_game():
    """"If you use your three discard circles, you're still in the game"."""
    st = new(2)
    discards(st, 0, 1, 2)
    give(st, 0, 3)
    st.play(discard(0, 2))
    assert st.alive[0] and st.phase == R.P_DRAW


# -- elimination -----------------------------------------------------------------------------------
def test_a_fourth_unplayable_tile_puts_you_out_N2():
    """"a fourth unplayable number tile puts you out!"; "If you draw a number tile and have no
    options available, and you've already played a number tile on each of your three discard
    circles, then you're out of the game!"."""
    st = new(3)
    discards(st, 0, 1, 2, 3)
    assert give(st, 0, 1) == 0
    st.forfeit()
    assert not st.alive[0] and st.turn == 1
    assert last_event(st) == ("eliminate", {"seat": 0, "tile": 1, "returned": 0})


def test_base_game_an_eliminated_players_columns_stay_and_the_tile_is_set_aside_N2():
    """"Leave your columns just as they are until the game is over"; N-2: the unplayable tile is
    set aside in the base game."""
    st = new(3)
    column(st, 0, 0, 8, 6)
    discards(st, 0, 1, 2, 3)
    give(st, 0, 7)
    st.forfeit()
    assert st.h[0] == 2 and st.val[1] == 6 and st.aside[7] == 1 and accounted(st)
    assert st.pool[7] == 9          # not back in the pool


def test_an_eliminated_players_columns_are_dead():
    """"After you've eliminated yourself, your columns are dead—no one can make any plays on
    them"."""
    st = new(3)
    column(st, 0, 0, 8, 6)
    discards(st, 0, 1, 2, 3)
    give(st, 0, 7)
    st.forfeit()
    give(st, 1, 6)
    assert stack(0, 0) not in legal(st)


def test_eliminated_seats_are_skipped_G1():
    st = new(3)
    discards(st, 1, 1, 2, 3)
    give(st, 1, 1)
    st.forfeit()
    assert st.turn == 2
    give(st, 2, 8)
    st.play(discard(2, 0))
    assert st.turn == 0
    give(st, 0, 8)
    st.play(discard(0, 0))
    assert st.turn == 2


# -- winning (N-4) ---------------------------------------------------------------------------------
def test_completing_the_third_column_wins_at_once_N4():
    """"One way to win is to build all three of your number columns to the top"."""
    st = new(3)
    column(st, 1, 0, 8, 7, 6, 5)
    column(st, 1, 1, 8, 7, 6, 5)
    column(st, 1, 2, 8, 7, 6)
    give(st, 1, 2)
    st.play(build(1, 2))
    assert st.phase == R.P_OVER and st.winners == 1 << 1 and st.reason == R.R_COLUMNS
    assert last_event(st)[0] == "result" and last_event(st)[1]["winners"] == 2


def test_a_capped_completed_column_still_counts_towards_three_N3_N4():
    st = new(2)
    column(st, 0, 0, 8, 7, 6, (5, 3))
    column(st, 0, 1, 8, 7, 6, 5)
    column(st, 0, 2, 8, 7, 6)
    give(st, 0, 4)
    st.play(build(0, 2))
    assert st.phase == R.P_OVER and st.winners == 1 and st.reason == R.R_COLUMNS


def test_the_last_player_able_to_play_wins_N4():
    """"You win the game this way by being the last player able to play a number tile—even if
    it's on one of your discard circles"."""
    st = new(2)
    discards(st, 0, 1, 2, 3)
    give(st, 0, 1)
    st.forfeit()
    assert st.phase == R.P_OVER and st.winners == 1 << 1 and st.reason == R.R_LAST


def test_pool_empty_when_a_turn_begins_ends_the_game_N4():
    st = new(2)
    for v in range(1, 9):
        st.aside[v] += st.pool[v]
        st.pool[v] = 0
    st.pool_n = 0
    st.draw(None)
    assert st.phase == R.P_OVER and st.reason == R.R_POOL and st.winners == 3   # a full tie


def _pool_end(setup):
    st = new(3)
    setup(st)
    for v in range(1, 9):
        st.aside[v] += st.pool[v]
        st.pool[v] = 0
    st.pool_n = 0
    assert accounted(st)
    st.draw(None)
    return st


def test_pool_end_most_completed_columns_first_N4():
    def s(st):
        column(st, 0, 0, 8, 7, 6, 5)
        column(st, 1, 0, 8, 7, 6)
        column(st, 1, 1, 8, 7, 6)
    assert _pool_end(s).winners == 1


def test_pool_end_then_most_tiles_on_live_columns_N4():
    def s(st):
        column(st, 0, 0, 8, 7, (6, 3))          # capped: not live
        column(st, 1, 0, 8, 7)
        column(st, 2, 0, 8, (7, 2))             # a stack counts its tiles
    assert _pool_end(s).winners == 1 << 2


def test_pool_end_then_fewest_discards_N4():
    def s(st):
        column(st, 0, 0, 8, 7)
        column(st, 1, 0, 8, 7)
        column(st, 2, 0, 8)
        discards(st, 0, 1)
    assert _pool_end(s).winners == 1 << 1


def test_pool_end_remaining_ties_share_the_win_and_the_out_are_not_ranked_N4():
    def s(st):
        column(st, 0, 0, 8, 7)
        column(st, 1, 0, 8, 7)
        column(st, 2, 0, 8, 7, 6, 5)
        st.alive[2] = 0
    st = _pool_end(s)
    assert st.winners == 0b011 and st.reason == R.R_POOL


# -- the variation (N-5) ---------------------------------------------------------------------------
def test_variation_any_descending_tile_may_start_or_continue_a_column_N1_N5():
    """"If you draw a low number tile, you can still begin a column with it"."""
    st = new(2, variant=1)
    give(st, 0, 1)
    assert build(0, 0) in legal(st)
    column(st, 0, 1, 8)
    give(st, 0, 1)
    assert build(0, 1) in legal(st)          # base game: circle 2 needs 3+


def test_variation_a_capped_column_and_its_discard_go_back_to_the_pool_N5():
    """"When one of your columns is capped—either by an opponent, or by yourself—remove all the
    number tiles from that column and place them facedown in the center"; "remove the tile in the
    discard circle just below it, if you've played one there"."""
    st = new(3, variant=1)
    column(st, 1, 2, 8, (3, 2))
    discards(st, 1, 4, 0, 6)
    give(st, 0, 3)
    st.play(stack(1, 2))
    assert st.h[5] == 0 and st.disc[5] == 0 and st.disc[3] == 4
    assert st.pool[3] == 10 and st.pool[8] == 10 and st.pool[6] == 10 and accounted(st)
    assert [e[0] for e in events(st)[-2:]] == ["cap", "clear"]
    assert last_event(st)[1] == {"owner": 1, "column": 2, "tiles": 4, "discard": 6}
    give(st, 1, 2)
    assert build(1, 2) in legal(st)                 # "begin building the column again"


def test_variation_capping_your_own_column_clears_it_too_N5():
    st = new(2, variant=1)
    column(st, 0, 0, (1, 2))
    give(st, 0, 1)
    st.play(stack(0, 0))
    assert st.h[0] == 0 and st.pool[1] == 10


def test_variation_a_capped_completed_column_is_not_cleared_N3():
    st = new(2, variant=1)
    column(st, 1, 0, 8, 7, 6, (5, 2))
    give(st, 0, 5)
    st.play(stack(1, 0))
    assert st.h[3] == 4 and st.capped(3) and st.ncompleted(1) == 1
    assert last_event(st)[0] == "cap"


def test_variation_a_fourth_unplayable_tile_eliminates_and_returns_all_tiles_N2_N5():
    """"If your three discard circles are filled and you have to discard a fourth tile, you're
    still out ... you remove all the tiles from your columns and discard circles, place them
    facedown in the center"."""
    st = new(3, variant=1)
    column(st, 0, 0, 1)
    column(st, 0, 1, 2, (1, 2))
    column(st, 0, 2, 3)
    column(st, 1, 0, 5)
    discards(st, 0, 3, 4, 5)
    assert give(st, 0, 8) == 0                       # no top below... no place for the 8
    st.forfeit()
    assert not st.alive[0] and st.turn == 1
    assert st.h[0] == st.h[1] == st.h[2] == 0 and not any(st.disc[0:3])
    assert st.pool_n == 80 - 1 and accounted(st)     # only seat 1's 5 is still out
    assert last_event(st) == ("eliminate", {"seat": 0, "tile": 8, "returned": 9})


def test_variation_first_to_three_columns_wins_N5():
    """"The winner is the first to build three number columns all the way to the top"."""
    st = new(2, variant=1)
    column(st, 0, 0, 4, 3, 2, 1)
    column(st, 0, 1, 8, 3, 2, 1)
    column(st, 0, 2, 8, 7, 6)
    give(st, 0, 5)
    st.play(build(0, 2))
    assert st.phase == R.P_OVER and st.reason == R.R_COLUMNS and st.winners == 1


def test_variation_is_an_option_before_the_game_N5():
    import games.norespect as pkg
    assert pkg.OPTIONS[0][0] == "variant" and pkg.OPTIONS[0][2] == ("base", "variation")


# -- the sample game -------------------------------------------------------------------------------
def test_sample_game_first_six_rounds():
    """The rulebook's quick sample game, 3 players, from a fixed tile sequence."""
    st = new(3)
    st.phase = R.P_START
    st.force([6, 3, 2])                              # "the highest tile drawn ... was a 6"
    assert st.start_draw(None) == 0 and st.pool_n == 80
    P1, P2, P3 = 0, 1, 2

    def turn(seat, tile, move, only=None):
        assert st.turn == seat
        st.force([tile])
        assert st.draw(None) > 0
        if only is not None:
            assert {m >> 4 for m in legal(st)} == only
        assert move in legal(st), (seat, tile, move, legal(st))
        st.play(move)

    # round one
    turn(P1, 5, build(P1, 0))                        # "She drew a 5, and started a number column"
    turn(P2, 1, discard(P2, 0), {R.DISCARD})         # "forced to play the tile on a discard circle"
    turn(P3, 5, stack(P1, 0))                        # "stack the 5 on Player 1's 5"
    assert st.pile[0] == 2
    # round two
    turn(P1, 4, build(P1, 0))                        # "play it above her stacked 5's"
    assert st.h[0] == 2 and st.pile[0] == 2 and stack(P1, 0) not in (0,)
    turn(P2, 8, build(P2, 0))
    turn(P3, 2, discard(P3, 0), {R.DISCARD})         # "forced to play it on a discard circle"
    # round three
    turn(P1, 6, build(P1, 1))
    turn(P2, 7, build(P2, 1))
    turn(P3, 6, build(P3, 0))
    # round four
    turn(P1, 2, build(P1, 0))                        # "played it above the 4"
    turn(P2, 3, build(P2, 0))                        # "played it above the 8"
    turn(P3, 3, stack(P2, 0))                        # "stacked Player 2's 3"
    # round five
    turn(P1, 3, stack(P2, 0))                        # "capped Player 2's 3 eliminating the column"
    assert st.capped(P2 * 3 + 0) and last_event(st)[0] == "cap"
    turn(P2, 4, build(P2, 1))                        # "played it above the 7"
    turn(P3, 8, build(P3, 1))
    # round six
    turn(P1, 5, build(P1, 1))                        # "played it above the 6"
    turn(P2, 8, build(P2, 2))
    turn(P3, 2, stack(P1, 0))                        # "stacked Player's 1's 2"
    assert st.turns == 18 and st.turn == P1 and accounted(st)
    cols = [[(st.val[(c << 2) + p], st.pile[(c << 2) + p]) for p in range(st.h[c])] for c in range(9)]
    assert cols[0] == [(5, 2), (4, 1), (2, 2)]
    assert cols[1] == [(6, 1), (5, 1)]
    assert cols[3] == [(8, 1), (3, 3)]
    assert cols[4] == [(7, 1), (4, 1)]
    assert cols[5] == [(8, 1)]
    assert cols[6] == [(6, 1)] and cols[7] == [(8, 1)]
    assert [st.disc[i] for i in range(9)] == [0, 0, 0, 1, 0, 0, 2, 0, 0]
    # the capped column is out of play for everyone
    for seat in (P1, P2, P3):
        give(st, seat, 3)
        assert stack(P2, 0) not in legal(st) and build(P2, 0) not in legal(st)


def test_sample_game_ending_two_eliminations_leave_the_winner():
    """Rounds 14 and 17: Player 3, then Player 1 draw a tile with no place and all discards full;
    "Because Player 2 was the only one able to play after Round 17, he won the game"."""
    st = new(3)
    column(st, 0, 0, 8, 6, 5)
    column(st, 0, 1, 7, 4)
    column(st, 0, 2, 8, 7, 2)
    discards(st, 0, 1, 2, 3)
    column(st, 1, 0, 8, 5)
    discards(st, 1, 1)
    column(st, 2, 0, 6, 4, 3)
    column(st, 2, 1, 5, 4)
    column(st, 2, 2, 6, (3, 3))
    discards(st, 2, 1, 2, 1)
    assert give(st, 2, 7) == 0                       # "couldn't play the tile ... eliminated"
    st.forfeit()
    assert not st.alive[2] and st.phase == R.P_DRAW and st.turn == 0
    assert give(st, 0, 6) == 0
    st.forfeit()
    assert st.phase == R.P_OVER and st.winners == 1 << 1 and st.reason == R.R_LAST


# -- G-4 -------------------------------------------------------------------------------------------
def test_nothing_is_hidden_the_pool_counts_are_ten_minus_the_tiles_in_sight_G4():
    """The bots read State.pool: it always equals what anyone can count on the table."""
    def check(st):
        for v in range(1, 9):
            seen = st.aside[v] + (1 if st.drawn == v else 0)
            for i in range(R.CELLS):
                if st.val[i] == v:
                    seen += st.pile[i]
            for i in range(R.NCOLS):
                if st.disc[i] == v:
                    seen += 1
            assert st.pool[v] == 10 - seen
    from norespect_util import play_random
    for seed in range(10):
        play_random(seed, 4, seed & 1, check=check)
