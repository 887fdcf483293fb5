"""NMBR 9 rules: the tile data (M-1), one test per rule sentence of the rulebook (RB-... in
docs/nmbr9.md) and per decision (G-1..G-4, M-1..M-4, stated there too), with small hand-made
displays, and the rulebook's scoring example."""
import pytest

from nmbr9_util import (M1, R, Rng, display, events, legal, mirror, new, picture, shape, why)
from games.nmbr9 import tiles as T


def game_shape(t, rot):
    """The squares of tile t, rotation rot, as the game's tables hold them."""
    k = t * 4 + rot
    return frozenset((T.SQ[k * T.MAX_SQUARES + i] & 3, T.SQ[k * T.MAX_SQUARES + i] >> 2)
                     for i in range(T.COUNT[t]))


# -- the tiles (M-1) ------------------------------------------------------------------------------
def test_the_ten_shapes_are_those_of_M1():
    pictures = {t: picture(game_shape(t, 0)) for t in range(10)}
    assert pictures[0] == ["###", "#.#", "#.#", "###"]
    assert pictures[1] == ["##", ".#", ".#", ".#"]                   # the 1 is 2 x 4
    assert pictures[8] == [".##", ".##", "##.", "##."]
    for t in range(10):
        assert game_shape(t, 0) == shape(t), t
        rows = [sum(1 << x for x in range(3) if (x, y) in game_shape(t, 0)) for y in range(4)]
        assert tuple(rows) == M1[t] or t == 1 and tuple(rows) == M1[1], t


def test_the_tile_tables_are_generated_from_the_shapes_and_up_to_date():
    """tiles.py is tools/gen_nmbr9_tiles.py's output (the game holds bytes, not their builder)."""
    import os
    import subprocess
    import sys
    import gen_nmbr9_tiles as GEN
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    res = subprocess.run([sys.executable, os.path.join(root, "tools", "gen_nmbr9_tiles.py"), "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
    assert {name: bytes(getattr(T, name)) for name in GEN.tables()} == {
        name: bytes(data) for name, data in GEN.tables().items()}
    for t in range(10):                     # the generator's shapes are M-1's (the independent copy)
        assert GEN.SHAPES[t] == M1[t], t


def test_a_set_has_85_squares_M1():
    assert sum(len(shape(t)) for t in range(10)) == 85
    assert sum(T.COUNT[t] for t in range(10)) == 85


def test_distinct_rotations_two_for_the_0_and_the_8_four_for_the_others_M1():
    for t in range(10):
        distinct = {shape(t, r) for r in range(4)}
        assert len(distinct) == (2 if t in (0, 8) else 4), t
        assert T.DISTINCT[t] == len(distinct), t
        assert {game_shape(t, r) for r in range(T.DISTINCT[t])} == distinct, t


def test_each_rotation_is_a_quarter_turn_clockwise_of_the_last_M2():
    for t in range(10):
        for r in range(4):
            assert game_shape(t, r) == shape(t, r), (t, r)
            k = t * 4 + r
            cells = game_shape(t, r)
            assert T.W[k] == max(x for x, _ in cells) + 1 and T.H[k] == max(y for _, y in cells) + 1


def test_number_side_up_no_mirror_images_RB_M2():
    """"The tile's number side must be faceup": a tile is never placed mirrored. The mirror image
    of a tile is one of its rotations only for the symmetric 0."""
    for t in range(10):
        turned = {game_shape(t, r) for r in range(4)}
        assert (mirror(shape(t)) in turned) == (t == 0), t


def test_tile_tables_rows_and_edges_match_the_squares():
    for t in range(10):
        for r in range(4):
            k = t * 4 + r
            cells = game_shape(t, r)
            for y in range(4):
                assert T.ROW[k * 4 + y] == sum(1 << x for x in range(4) if (x, y) in cells)
            edges = sorted((x + dx, y + dy) for x, y in cells
                           for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if (x + dx, y + dy) not in cells)
            n = T.EDGES[k]
            got = [T.EDGE[k * T.MAX_EDGES + i] for i in range(n)]
            assert sorted(((e & 7) - 1, (e >> 3) - 1) for e in got) == edges


# -- contents and the deck (M-2) ------------------------------------------------------------------------
def test_deck_of_20_cards_two_of_each_number_all_used_M2():
    st = new(2, seed=9)
    assert sorted(st.deck) == sorted(list(range(10)) * 2)
    flips = 0
    while st.phase != R.P_OVER:
        st.flip()
        flips += 1
        for _ in range(2):
            assert st.place(legal(st)[0])
    assert flips == 20 and st.flipped == 20


def test_shuffle_uses_the_seeded_generator_G3():
    a = new(1, seed=5)
    b = new(1, seed=5)
    c = new(1, seed=6)
    assert bytes(a.deck) == bytes(b.deck) != bytes(c.deck)


def test_flip_the_top_card_and_every_player_places_that_number_RB():
    """"One player flips the top card ... each player takes one tile matching the number"."""
    st = new(3, start=0, seed=4)
    st.flip()
    assert st.card == st.deck[0] and st.phase == R.P_PLACE
    card = st.card
    for seat in range(3):
        assert st.turn == seat
        assert st.place(legal(st)[0])
        d = st.disp[seat]
        assert d.n == 1 and d.tiles[0] == card
    assert st.phase == R.P_FLIP


def test_continue_until_the_deck_runs_out_then_the_game_ends_RB():
    st = new(1, seed=3)
    for k in range(20):
        assert st.phase == R.P_FLIP
        st.flip()
        assert st.place(legal(st)[-1])
        if k < 19:
            assert st.phase == R.P_FLIP
    assert st.phase == R.P_OVER and st.disp[0].n == 20


# -- who places first, turn order (G-1, G-2, M-4) ------------------------------------------------------
def test_every_seat_places_the_same_card_in_turn_clockwise_from_the_start_seat_G1_M4():
    st = new(4, start=2, seed=7)
    st.flip()
    order = []
    for _ in range(4):
        order.append(st.turn)
        st.place(legal(st)[0])
    assert order == [2, 3, 0, 1]
    st.flip()
    assert st.turn == 2                          # the same start seat for every card


def test_start_seat_drawn_from_the_generator_when_not_given_G2():
    seen = set()
    for seed in range(40):
        st = R.State(3)
        s = st.deal(Rng(seed), -1)
        assert 0 <= s < 3 and st.start == s
        seen.add(s)
    assert seen == {0, 1, 2}
    st = new(3, start=1, seed=3)
    assert st.start == 1 and events(st)[-1] == ("start", {"seat": 1, "drawn": 0, "seats": 3})


# -- levels and grids (RB) ------------------------------------------------------------------------
def test_tiles_on_the_table_are_level_0_on_top_of_level_0_level_1_and_so_on_RB():
    d = display((9, 0, 0, 0), (9, 2, 2, 0), (9, 0, 5, 0), (9, 2, 7, 0),     # 10 x 4, level 0
                (9, 0, 1, 0), (9, 2, 3, 0),                                   # 5 x 4, level 1
                (8, 0, 2, 0))                                                 # level 2
    assert list(d.lev[:7]) == [0, 0, 0, 0, 1, 1, 2]


def test_tiles_align_with_the_grid_positions_are_whole_cells_RB():
    """"it must align with the grids of your other tiles": a move names whole cells only."""
    d = display((0, 0, 4, 4))
    m = R.move(1, 7, 4)
    assert (R.rot_of(m), R.x_of(m), R.y_of(m)) == (1, 7, 4)
    assert d.check(0, m) == R.OK


# -- placing a tile (RB, M-3) ---------------------------------------------------------------------
def test_the_first_tile_may_go_anywhere_in_any_rotation_RB():
    """"You can orient the first tile in your display as you like"."""
    d = R.Display()
    for t in range(10):
        for r in range(4):
            k = t * 4 + r
            for x, y in ((0, 0), (R.SIZE - T.W[k], R.SIZE - T.H[k]), (7, 9)):
                assert why(d, t, r, x, y) == "", (t, r, x, y)


def test_the_display_is_bounded_20_x_20_M4():
    d = R.Display()
    assert R.SIZE >= 20
    assert why(d, 0, 0, R.SIZE - 3, 0) == "" and why(d, 0, 0, R.SIZE - 2, 0) == "off the display"
    assert why(d, 0, 0, 0, R.SIZE - 3) == "off the display"       # 4 high
    assert why(d, 0, 1, 0, R.SIZE - 3) == ""                      # turned: 3 high


def test_a_tile_must_share_an_edge_with_a_tile_on_its_level_not_only_a_corner_RB_M3():
    """"Tiles are adjacent if they share an edge (not only a corner)"."""
    d = display((0, 1, 5, 5))                   # a ring, x 5..8, y 5..7
    assert why(d, 0, 1, 9, 8) == "not touching"    # (9, 8) meets (8, 7) at a corner only
    assert why(d, 0, 1, 9, 7) == ""                # (9, 7) shares an edge with (8, 7)
    assert why(d, 0, 1, 9, 5) == ""
    assert why(d, 0, 1, 10, 5) == "not touching"   # one column apart
    assert why(d, 0, 1, 5, 8) == ""                # below it
    assert why(d, 0, 1, 1, 2) == "not touching"


def test_the_first_tile_on_a_new_level_needs_no_neighbour_the_second_does_RB_M3():
    """"The first tile you place on a level does not need to follow this rule"."""
    base = ((9, 0, 0, 0), (9, 2, 2, 0), (9, 0, 5, 0), (9, 2, 7, 0),
            (9, 0, 0, 4), (9, 2, 2, 4), (9, 0, 5, 4), (9, 2, 7, 4))     # 10 x 8 on level 0
    d = display(*base)
    assert why(d, 1, 0, 2, 0) == ""             # level 1, nothing on level 1 yet
    d = display(*base, (1, 0, 2, 0))            # (2,0),(3,0),(3,1),(3,2),(3,3)
    assert d.lev[8] == 1
    assert why(d, 1, 0, 6, 4) == "not touching"  # level 1 again, away from the first
    assert why(d, 1, 0, 4, 0) == ""              # beside it on level 1: (4, 0) next to (3, 0)


def test_a_tile_on_level_1_or_higher_must_not_overhang_RB_M3():
    """"No part of the tile can overhang without a tile directly beneath it"."""
    d = display((9, 0, 0, 0), (9, 2, 2, 0))    # a 5 x 4 block, x 0..4, y 0..3
    assert why(d, 1, 0, 1, 0) == ""             # on both 9s
    assert why(d, 1, 0, 4, 0) == "overhangs"    # its right column off the block
    assert why(d, 1, 1, 1, 3) == "overhangs"    # its lower row below the block
    d.put(1, R.move(0, 1, 0), 1)
    assert why(d, 1, 0, 2, 0) == "overhangs"    # partly on the level-1 tile, partly on level 0


def test_a_tile_on_level_1_or_higher_must_lie_on_two_or_more_tiles_RB_M3():
    """"A tile on level 1 or higher must overlap two or more tiles on the level directly beneath
    it"."""
    d = display((9, 0, 0, 0), (9, 2, 2, 0))
    assert why(d, 1, 0, 0, 0) == "needs two tiles below"   # all on the first 9
    assert why(d, 1, 0, 1, 0) == ""                         # on both


def test_the_hole_of_the_0_cannot_be_bridged_M3():
    """M-3: every square of a tile on level 1 or higher lies above a square of the level below,
    so a tile over the hole of a 0 overhangs, even with the 0's ring all around it."""
    d = display((0, 1, 0, 5), (0, 1, 4, 5))     # two rings: holes (1,6), (2,6) and (5,6), (6,6)
    assert why(d, 1, 1, 1, 5) == "overhangs"    # (1..4, 6) covers the first hole
    assert why(d, 1, 1, 0, 6) == "needs two tiles below"
    assert why(d, 1, 1, 1, 6) == ""             # bridges the rings along their lower edges


def test_a_placed_tile_cannot_be_moved_M4():
    """"once a tile is placed, it cannot be moved": a display only grows; the game has no move
    that takes a tile back, and its tiles stay as they were placed."""
    st = new(1, seed=11)
    before = []
    while st.phase != R.P_OVER:
        st.flip()
        ms = legal(st)
        st.place(ms[len(ms) // 2])
        d = st.disp[0]
        now = [bytes(d.tiles[4 * i:4 * i + 4]) + bytes([d.lev[i]]) for i in range(d.n)]
        assert now[:len(before)] == before
        before = now


def test_an_illegal_move_changes_nothing_and_says_why():
    st = new(1, seed=2)
    st.flip()
    st.place(R.move(0, 5, 5))
    st.flip()
    d = st.disp[0]
    h = bytes(d.h)
    assert not st.place(R.move(0, 15, 15)) and st.reason == R.NOT_TOUCHING
    assert bytes(d.h) == h and d.n == 1 and st.turn == 0 and st.phase == R.P_PLACE


# -- scoring (RB, M-3) ---------------------------------------------------------------------------
def test_an_8_on_level_2_scores_16_RB_example():
    """The rulebook's example: an "8" on level 2 is worth (8 x 2 =) 16 points."""
    d = display((9, 0, 0, 0), (9, 2, 2, 0), (9, 0, 5, 0), (9, 2, 7, 0),
                (9, 0, 1, 0), (9, 2, 3, 0))
    assert d.score == 18                        # two 9s on level 1
    assert d.check(8, R.move(0, 2, 0)) == R.OK and d.level == 2
    assert d.put(8, R.move(0, 2, 0), 2) == 16
    assert d.score == 34


def test_tiles_on_the_table_score_nothing_RB():
    d = display((9, 0, 0, 0), (8, 0, 2, 0), (7, 0, 5, 0))
    assert d.score == 0


def test_the_most_points_wins_ties_share_the_victory_RB():
    st = new(3, seed=1)
    for s, sc in enumerate((20, 34, 34)):
        st.disp[s].score = sc
    st._end()
    assert st.winners == 0b110 and st.phase == R.P_OVER
    assert events(st)[-1] == ("result", {"winners": 6, "b7": 0, "b0": 34, "cards": 0})
    st.disp[2].score = 200                          # a best score over 127: two 7-bit digits
    st._end()
    assert events(st)[-1] == ("result", {"winners": 4, "b7": 1, "b0": 72, "cards": 0})


def test_solitaire_one_player_same_rules_RB():
    st = new(1, seed=8)
    while st.phase != R.P_OVER:
        st.flip()
        st.place(legal(st)[0])
    assert st.winners == 1 and st.disp[0].n == 20


# -- the record --------------------------------------------------------------------------------------
def test_the_record_holds_every_flip_and_placement_with_level_and_score():
    st = new(2, start=1, seed=5)
    st.flip()
    m = legal(st)[3]
    st.place(m)
    ev = events(st)
    assert ev[0] == ("seed", {"s28": 0, "s21": 0, "s14": 0, "s7": 0, "s0": 5})
    assert ev[1] == ("start", {"seat": 1, "drawn": 0, "seats": 2})
    assert ev[2] == ("flip", {"card": st.card, "turned": 1, "left": 19})
    assert ev[3] == ("place", {"seat": 1, "tile": st.card, "rot": R.rot_of(m), "x": R.x_of(m),
                               "y": R.y_of(m)})
    assert ev[4] == ("level", {"seat": 1, "level": 0, "points": 0, "s7": 0, "s0": 0})


def test_the_record_is_8_bit_the_seed_and_scores_in_7_bit_digits():
    for seed in ((1 << 30) - 1, 0x2AAAAAAA, 12345):
        st = new(3, seed=seed)
        assert st.record.rows.typecode == "b"
        s = events(st)[0][1]
        assert s["s28"] * 2 ** 28 + s["s21"] * 2 ** 21 + s["s14"] * 2 ** 14 + s["s7"] * 2 ** 7 \
            + s["s0"] == seed and all(0 <= v < 128 for v in s.values())
    st = new(1, seed=2)                             # a score over 127 in a level row
    st.disp[0].score = 300
    st.flip()
    m = legal(st)[0]
    st.place(m)
    assert events(st)[-1][1] == {"seat": 0, "level": 0, "points": 0, "s7": 2, "s0": 44}


def test_the_record_capacity_is_exactly_a_whole_game():
    for n in (1, 2, 3, 4):
        st = new(n, seed=n)
        while st.phase != R.P_OVER:
            st.flip()
            for _ in range(n):
                st.place(legal(st)[0])
        assert st.record.n == st.record.capacity and st.record.lost == 0


@pytest.mark.parametrize("n", [0, 5])
def test_seat_counts_outside_1_to_4_are_refused(n):
    with pytest.raises(ValueError):
        R.State(n)
