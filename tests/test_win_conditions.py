"""Every game's end conditions at their thresholds: a game ends exactly when its rule says, not
one column, tower, player or piece earlier or later. Each test fails when the threshold in the
rules changes (docs/testing.md lists the mutations that show it; tools/mutants.py applies them).

No Respect (N-2, N-4, N-5): the third completed column wins at once (the first and the second
do not end the game), in both rule sets and at every seat count; the last player able to play
wins (eliminations before that do not end it); an empty pool ends the game when a turn begins.
Tower (T-7): the game goes on while two or more players are in it and ends the moment one is
left (that player wins, with a tower or without one); every piece placed with two or more players
in the game is a draw, and the game goes on while a single piece is left in the supply.
"""
import pytest

from norespect_util import build, column, discards, give, new
from games.norespect import rules as NR
from games.tower import rules as TR


# -- No Respect ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_norespect_the_third_completed_column_wins_the_first_two_do_not_N4_N5(seats, variant):
    me = seats - 1
    st = new(seats, variant)
    for col in range(3):
        column(st, me, col, 8, 7, 6)
        give(st, me, 5)
        st.play(build(me, col))                 # the column's fourth circle: completed
        assert st.ncompleted(me) == col + 1
        if col < 2:
            assert st.phase == NR.P_DRAW and st.winners == 0, (col + 1, st.phase)
        else:
            assert st.phase == NR.P_OVER and st.reason == NR.R_COLUMNS and st.winners == 1 << me


@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_norespect_the_last_player_able_to_play_wins_earlier_eliminations_do_not_end_it_N2_N4(
        seats, variant):
    st = new(seats, variant)
    for s in range(seats - 1):
        for col in range(3):
            column(st, s, col, 7)
        discards(st, s, 1, 2, 3)
        give(st, s, 8)                          # no place for an 8 (no top is 8 or above): out (N-2)
        assert st.nlegal == 0
        st.forfeit()
        if s < seats - 2:
            assert st.phase == NR.P_DRAW and st.nalive() == seats - 1 - s, s
    assert st.phase == NR.P_OVER and st.reason == NR.R_LAST and st.winners == 1 << (seats - 1)


def test_norespect_the_game_goes_on_with_one_tile_in_the_pool_and_ends_on_an_empty_one_N4():
    st = new(2)
    for v in range(1, 9):                       # every tile but one 8 set aside
        keep = 1 if v == 8 else 0
        st.aside[v] += st.pool[v] - keep
        st.pool[v] = keep
    st.pool_n = 1
    give(st, 0, 8)
    assert st.phase == NR.P_PLAY and st.pool_n == 0
    st.play(build(0, 0))
    assert st.phase == NR.P_DRAW
    st.draw(None)
    assert st.phase == NR.P_OVER and st.reason == NR.R_POOL


# -- Tower ----------------------------------------------------------------------------------------
def tower(seats, supply=TR._SUPPLY_FULL):
    st = TR.State(seats, TR.Record(), supply)
    st._begin_turn(0)
    return st


def take_a_piece(st):
    """The active seat builds the first piece in the supply with no bid and everyone passes: it
    places it itself. Returns the piece."""
    p = 0
    while not st.in_supply(p):
        p += 1
    st.build(p, 0)
    while st.v[TR._V_PHASE] == TR._P_AUCTION:
        st.pass_()
    assert st.v[TR._V_PHASE] == TR._P_PLACE
    return p


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_tower_the_last_player_in_wins_not_before_T7(seats):
    st = tower(seats)
    for k in range(seats - 1):
        p = take_a_piece(st)
        placer = st.v[TR._V_PLACER]
        st.collapsed(p, 1, 1)              # touched the table
        assert not st.alive[placer]
        if k < seats - 2:
            assert st.v[TR._V_PHASE] == TR._P_TURN and st.alive_count() == seats - 1 - k, k
    assert st.alive_count() == 1
    assert st.v[TR._V_PHASE] == TR._P_OVER and st.v[TR._V_REASON] == TR._R_LAST
    assert st.alive[st.v[TR._V_WINNER]]


@pytest.mark.parametrize("seats,out", [(2, 0), (3, 0), (3, 1), (4, 2)])
def test_tower_every_piece_placed_is_a_draw_not_one_piece_earlier_T7(seats, out):
    """`out` seats collapse first (their pieces go back); then every piece is placed: the game
    goes on while one piece is left and is a draw when the last is placed."""
    st = tower(seats, TR._SUPPLY_SHORT)
    for _ in range(out):
        st.collapsed(take_a_piece(st), 1, 1)
    assert st.alive_count() == seats - out >= 2
    while st.supply_count() > 1:
        take_a_piece(st)
        st.placed(0, 5 * 1024, 0)
        assert st.v[TR._V_PHASE] == TR._P_TURN, st.supply_count()
    take_a_piece(st)
    st.placed(0, 5 * 1024, 0)
    assert st.supply_count() == 0
    assert st.v[TR._V_PHASE] == TR._P_OVER and st.v[TR._V_REASON] == TR._R_DRAW
    assert st.v[TR._V_WINNER] == -1
