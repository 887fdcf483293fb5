"""NOPE! rules: one test per sentence of the rulebook (RB-..., restated in docs/nope.md), per
decision (G-1..G-4, P-1..P-7, PD-1..PD-8), and the rulebook's two hand examples."""
import pytest

import nope_util as U
from nope_util import (C, R, SNAP, Rng, act, actions, can_draw, card, cards, demand, events, hand,
                       heads, last, lay, legal, new, nominate, play_random, table)

COLOURS = {"R": 1, "G": 2, "B": 4, "Y": 8}


def shows(code, letter):
    return bool(C.COLS[code] & COLOURS[letter])


# -- contents (RB-C1..RB-C5, P-1) --------------------------------------------------------------------
def deck():
    return [code for code in range(1, C.NCODES) for _ in range(C.DECK[code])]


def singles():
    return [c for c in deck() if C.KIND[c] == C.K_NUMBER and bin(C.COLS[c]).count("1") == 1]


def pairs():
    return [c for c in deck() if C.KIND[c] == C.K_NUMBER and bin(C.COLS[c]).count("1") == 2]


def test_RB_C1_the_deck_has_104_cards():
    assert len(deck()) == 104
    st = new(4)
    st.deal(Rng(1))
    assert st.npile + st.ndisc + sum(st.hn) == 104


def test_deck_20_single_66_two_colour_14_action_4_jokers():
    kinds = [C.KIND[c] for c in deck()]
    assert (len(singles()), len(pairs())) == (20, 66)
    assert sum(k in (C.K_RESET, C.K_SEE, C.K_NOM) for k in kinds) == 14
    assert kinds.count(C.K_JOKER) == 4


def test_RB_C2_P1_single_colour_cards_2_2_1_per_colour():
    s = singles()
    assert [sum(C.NUMBER[c] == n for c in s) for n in (1, 2, 3)] == [8, 8, 4]
    for bit in (1, 2, 4, 8):
        mine = [C.NUMBER[c] for c in s if C.COLS[c] == bit]
        assert sorted(mine) == [1, 1, 2, 2, 3]


def test_RB_C3_P1_two_colour_cards_4_4_3_per_pair():
    p = pairs()
    assert [sum(C.NUMBER[c] == n for c in p) for n in (1, 2, 3)] == [24, 24, 18]
    pair_masks = {a | b for a in (1, 2, 4, 8) for b in (1, 2, 4, 8) if a != b}
    assert len(pair_masks) == 6
    for mask in pair_masks:
        assert sorted(C.NUMBER[c] for c in p if C.COLS[c] == mask) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]


def test_RB_C4_P1_action_cards():
    d = deck()
    resets = [c for c in d if C.KIND[c] == C.K_RESET]
    sees = [c for c in d if C.KIND[c] == C.K_SEE]
    noms = [c for c in d if C.KIND[c] == C.K_NOM]
    assert len(resets) == 4 and all(C.COLS[c] == 15 for c in resets)
    assert sorted(C.COLS[c] for c in sees) == [1, 2, 4, 8]
    assert sorted(C.COLS[c] for c in noms) == [1, 2, 4, 8, 15, 15]
    assert all(C.NUMBER[c] == 0 for c in resets + sees + noms)       # the number plays no role


def test_RB_C5_P1_four_jokers_1_in_all_four_colours():
    jokers = [c for c in deck() if C.KIND[c] == C.K_JOKER]
    assert len(jokers) == 4 and all(C.NUMBER[c] == 1 and C.COLS[c] == 15 for c in jokers)


def test_the_colour_tables_agree():
    for c in range(4):
        codes = C.SHOWS[c * C.PER_COLOUR:(c + 1) * C.PER_COLOUR]
        assert sorted(codes) == [code for code in range(1, C.NCODES) if C.COLS[code] & (1 << c)]
    assert len(set(U.NAMES)) == C.NCODES


def test_card_names_of_the_log():
    want = {1: "R1", 3: "R3", 4: "G1", 12: "Y3", 13: "RG1", 17: "RB2", 21: "RY3", 22: "GB1",
            27: "GY3", 30: "BY3", 31: "Joker", 32: "Reset", 33: "SeeR", 36: "SeeY", 37: "NomR",
            39: "NomB", 41: "Nom*"}
    for code, name in want.items():
        assert U.NAMES[code] == name
    buf = bytearray(b"....")
    assert C.put_name(buf, 2, 13) == 4 and buf == bytearray(b"..RG")     # clipped to the buffer


# -- goal, preparation (RB-G1, RB-S1..RB-S3, RB-T1) -----------------------------------------------------
def test_RB_G1_the_last_player_holding_cards_wins():
    for seed in range(6):
        st = play_random(seed, 3 + seed % 3)
        (w,) = [s for s in range(st.n) if st.hn[s]]
        assert st.winners == 1 << w
        assert last(st)[0] == ("result", {"winners": 1 << w, "t7": st.turns >> 7,
                                          "t0": st.turns & 127})


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_RB_S1_seven_cards_each_from_a_shuffled_deck(n):
    st = new(n)
    st.deal(Rng(5))
    assert [st.hn[s] for s in range(n)] == [7] * n
    other = new(n)
    other.deal(Rng(6))
    assert any(hand(st, s) != hand(other, s) for s in range(n))      # shuffled (G-3: by the seed)


def test_RB_S1_G3_the_seed_decides_the_deal():
    a = new(4)
    a.deal(Rng(9))
    b = new(4)
    b.deal(Rng(9))
    assert SNAP.save_state(a) == SNAP.save_state(b) and a.record.dump() == b.record.dump()


def test_RB_S2_each_hand_is_kept_apart():
    """Hands are private (the scene shows one only to its owner, docs/nope.md); in the state each
    seat's cards are its own."""
    st = new(3)
    st.deal(Rng(2))
    dealt = [[r["card"] for name, r in events(st) if name == "deal" and r["seat"] == s] for s in range(3)]
    for s in range(3):
        assert sorted(U.NAMES[c] for c in dealt[s]) == hand(st, s)


def test_RB_S3_the_rest_is_the_draw_pile_and_its_top_card_is_turned_up():
    st = new(4)
    st.deal(Rng(3))
    assert st.ndisc == 1 and st.npile == 104 - 4 * 7 - 1
    (flip,) = [r for name, r in events(st) if name == "flip"]
    assert flip["card"] == st.top()
    dealt = [r["card"] for name, r in events(st) if name == "deal"]
    assert len(dealt) == 28


def test_RB_T1_two_players_get_eight_cards():
    st = new(2)
    st.deal(Rng(4))
    assert st.hn[0] == st.hn[1] == 8 and st.npile == 104 - 16 - 1


def test_RB_T2_P6_two_players_draw_two_cards_instead_of_one():
    st = table(2, ["R1 R2", "G1"], top="B3", pile=["Y1", "Y2"])
    st.play(R.DRAW)
    assert hand(st, 0) == ["R1", "R2", "Y1", "Y2"]
    assert [r["card"] for name, r in events(st) if name == "draw"] == cards("Y1 Y2")
    assert last(st)[0] == ("nope", {"seat": 0, "drew": 2})


def test_RB_T3_P6_two_players_check_once_after_both_cards():
    """With two draws the set is looked for once, after both: Y1 then Y2 make two yellow."""
    st = table(2, ["R1 R2", "G1"], top="Y2", pile=["Y1", "Y2"])
    st.play(R.DRAW)
    assert st.phase == R.P_DRAWN and st.turn == 0 and heads(st) == [("Y", "Y1"), ("Y", "Y2")]
    st.play(lay("Y1 Y2"))
    assert st.turn == 1 and demand(st) == (2, "Y")


def test_P6_two_players_as_dealt_not_as_left():
    st = table(3, ["R1", "G1 G2", ""], top="B2", pile=["Y1", "Y2"])   # seat 2 is out already
    st.play(R.DRAW)
    assert hand(st, 0) == ["R1", "Y1"]
    assert last(st)[0] == ("nope", {"seat": 0, "drew": 1})


# -- play (RB-P1..RB-P5, G-1, G-2) --------------------------------------------------------------------
def test_RB_P1_G2_the_dealers_left_neighbour_starts():
    seen = set()
    for seed in range(40):
        st = new(4)
        st.deal(Rng(seed))
        (row,) = [r for name, r in events(st) if name == "dealer"]
        assert row["first"] == (row["dealer"] + 1) % 4 == st.turn == st.start_seat
        seen.add(row["dealer"])
    assert seen == {0, 1, 2, 3}                      # a random dealer for a first game (G-2)


def test_G2_play_again_names_the_first_player():
    for start in range(3):
        st = new(3)
        st.deal(Rng(8), start)
        assert st.turn == start and st.dealer == (start + 2) % 3


def test_RB_P1_G1_then_clockwise():
    st = table(4, ["R1", "G1", "B1", "Y1"], top="R3", turn=1)
    for want in (2, 3, 0, 1, 2):
        st.play(R.DRAW)
        assert st.turn == want


def test_RB_P2_the_top_card_says_how_many_and_which_colour():
    st = table(3, ["R1 R2 G1", "B1", "Y1"], top="RG2")
    assert demand(st) == (2, "RG")
    assert st.set_problem(lay("R1 R2")) == R.OK
    assert st.set_problem(lay("R1")) == R.WHY_COUNT


def test_RB_P3_after_discarding_the_turn_ends():
    st = table(3, ["R1 R2 G1", "B1", "Y1"], top="R2")
    st.play(lay("R1 R2"))
    assert st.turn == 1 and st.phase == R.P_TURN and hand(st, 0) == ["G1"]


def test_RB_P4_without_a_set_one_card_is_drawn():
    st = table(3, ["R1 G1", "B1", "Y1"], top="B2", pile=["Y3"])
    assert legal(st) == [R.DRAW]
    st.play(R.DRAW)
    assert hand(st, 0) == ["G1", "R1", "Y3"] and st.turn == 1


def test_RB_P5_a_set_completed_by_the_draw_must_be_discarded():
    st = table(3, ["R1 G1", "B1", "Y1"], top="G2", pile=["G3"])
    st.play(R.DRAW)
    assert st.phase == R.P_DRAWN and st.turn == 0
    assert R.DRAW not in legal(st) and heads(st) == [("G", "G1"), ("G", "G3")]
    with pytest.raises(ValueError):
        st.play(R.DRAW)
    st.play(lay("G3 G1"))
    assert hand(st, 0) == ["R1"] and st.turn == 1


# -- must you discard (RB-D1..RB-D5) -------------------------------------------------------------------
def test_RB_D1_an_action_card_on_top_follows_the_action_rules():
    st = table(3, ["R1 G1", "B1", "Y1"], top="Reset")
    assert demand(st) == (1, "RGBY")            # RB-R3: one card of choice


def test_RB_D2_the_number_is_how_many_cards():
    for n in (1, 2, 3):
        st = table(3, ["Y1 Y2 RY3 RY1", "B1", "G1"], top="Y%d" % n)
        assert st.dcount == n
        for k in (1, 2, 3):
            want = R.OK if k == n else R.WHY_COUNT
            assert st.set_problem(lay(" ".join(["Y1", "Y2", "RY3"][:k]))) == want


def test_RB_D3_two_colours_mean_one_of_them_never_mixed():
    st = table(3, ["R1 R2 B1 B2 RB1 R3", "G1", "Y1"], top="RB3")
    assert st.set_problem(lay("R1 R2 B1")) == R.WHY_COLOUR
    assert st.set_problem(lay("R1 R2 R3")) == R.OK
    assert st.set_problem(lay("RB1 R1 R2")) == R.OK
    assert st.set_problem(lay("B1 B2 RB1")) == R.OK
    st2 = table(3, ["G1 G2 G3", "B1", "Y1"], top="RB3")
    assert st2.set_problem(lay("G1 G2 G3")) == R.WHY_COLOUR      # a colour the top does not ask


def test_RB_D4_hand_example_1_three_of_one_colour_four_of_the_other():
    """3 cards showing red and 4 showing blue against a red/blue 3: 3 red or 3 blue."""
    st = table(3, ["R1 R2 R3 B1 B2 B3 BY1", "G1", "Y1"], top="RB3")
    assert not can_draw(st)
    assert {c for c, _ in heads(st)} == {"R", "B"}
    assert st.set_problem(lay("R1 R2 R3")) == R.OK
    assert st.set_problem(lay("B1 B2 BY1")) == R.OK
    assert st.set_problem(lay("R1 B1 B2")) == R.WHY_COLOUR


def test_RB_D5_hand_example_2_two_and_two_need_not_discard():
    st = table(3, ["R1 R2 B1 B2", "G1", "Y1"], top="RB3")
    assert not st.has_set() and heads(st) == [] and legal(st) == [R.DRAW]


# -- how to discard (RB-H1..RB-H3) -----------------------------------------------------------------------
def test_RB_H1_the_player_chooses_which_set():
    st = table(3, ["R1 R2 RG1 G1 G2", "B1", "Y1"], top="RG2")
    for m in ("R1 R2", "R2 RG1", "G1 RG1", "G2 G1"):
        assert st.set_problem(lay(m)) == R.OK
    assert len(heads(st)) == 6              # red: R1 R2 RG1 on top; green: G1 G2 RG1


def test_RB_H2_in_any_order_the_top_card_makes_the_next_demand():
    a = table(3, ["R1 R2 RB3", "G1", "Y1"], top="R3")
    a.play(lay("R1 R2 RB3"))
    b = table(3, ["R1 R2 RB3", "G1", "Y1"], top="R3")
    b.play(lay("RB3 R2 R1"))
    assert demand(a) == (3, "RB") and demand(b) == (1, "R")
    assert a.top() == card("RB3") and list(a.disc[a.ndisc - 3:a.ndisc]) == cards("R1 R2 RB3")
    assert last(b, 2)[0] == ("discard", {"seat": 0, "count": 3, "card1": card("RB3"),
                                         "card2": card("R2"), "card3": card("R1")})


def test_RB_H3_no_cheating_an_illegal_set_is_refused():
    st = table(3, ["R1 R2 G1", "B1", "Y1"], top="R2")
    for bad in ("R1 G1", "R1 R1", "R1 R3", "R1"):
        with pytest.raises(ValueError):
            st.play(lay(bad))
    assert st.set_problem(lay("R1 R1")) == R._WHY_HAND
    assert st.set_problem(lay("R1 R3")) == R._WHY_HAND
    assert st.set_problem(R.set_move(0, card("R1"))) == R.WHY_COUNT     # a gap
    assert hand(st, 0) == ["G1", "R1", "R2"]


# -- new cards (RB-N1..RB-N4) -----------------------------------------------------------------------------
def test_RB_N1_a_player_with_a_set_may_not_draw():
    st = table(3, ["R1 G1", "B1", "Y1"], top="R1")
    assert st.has_set() and not can_draw(st)
    with pytest.raises(ValueError):
        st.play(R.DRAW)


def test_RB_N2_the_completed_set_is_discarded_and_the_turn_ends():
    st = table(3, ["B1 B2 G1", "R1", "Y1"], top="B3", pile=["BY2"])
    st.play(R.DRAW)
    st.play(lay("B1 B2 BY2"))
    assert hand(st, 0) == ["G1"] and st.turn == 1 and demand(st) == (2, "BY")


def test_RB_N3_nope_ends_the_turn_and_play_goes_on_clockwise():
    st = table(3, ["B1 G1", "R1", "Y1"], top="B3", pile=["R2"])
    st.play(R.DRAW)
    assert last(st)[0] == ("nope", {"seat": 0, "drew": 1})
    assert st.turn == 1 and demand(st) == (3, "B")


def test_RB_N4_several_players_may_say_nope_to_the_same_card():
    st = table(3, ["B1 G1", "R1", "Y1 B2"], top="B2", pile=["G2", "R2", "Y2", "B3"])
    for seat in (0, 1, 2):
        assert st.turn == seat
        st.play(R.DRAW)
        assert demand(st) == (2, "B")
    assert st.turn == 0
    st.play(R.DRAW)                           # B3: the card comes back to seat 0, who must discard
    assert st.phase == R.P_DRAWN


# -- the draw pile runs out (RB-E1, PD-3, P-6) ----------------------------------------------------------
def test_RB_E1_the_discard_pile_but_its_top_card_becomes_the_draw_pile():
    st = table(3, ["R1", "G1", "B1"], top="Y3", under=["Y1", "R2", "G2"])
    _empty_pile_into(st, 2)
    st.play(R.DRAW, Rng(1))
    assert st.ndisc == 1 and st.top() == card("Y3") and demand(st) == (3, "Y")
    drawn = [r["card"] for name, r in events(st) if name == "draw"][-1]
    assert drawn in cards("Y1 R2 G2") and st.npile == 2
    assert [n for n, _ in last(st, 3)][0] == "reshuffle"
    assert last(st, 3)[0][1] == {"cards": 3, "top": card("Y3")}


def _empty_pile_into(st, seat):
    """Move the whole draw pile into a hand (keeps every card somewhere)."""
    while st.npile:
        st.npile -= 1
        st.give(seat, st.pile[st.npile])
    st.npile = 0


def test_PD3_the_reshuffle_waits_for_a_draw():
    st = table(3, ["R1 R2", "G1", "B1"], top="R2", under=["Y1"])
    _empty_pile_into(st, 2)
    st.play(lay("R1 R2"))
    assert st.npile == 0 and st.ndisc == 4     # nothing reshuffled yet


def test_P6_empty_draw_pile_and_one_card_discard_pile_nope_without_drawing():
    st = table(3, ["R1", "G1", "B1"], top="Y3")
    _empty_pile_into(st, 2)
    st.play(R.DRAW, Rng(1))
    assert last(st)[0] == ("nope", {"seat": 0, "drew": 0}) and st.turn == 1 and hand(st, 0) == ["R1"]


def test_P6_two_players_draw_across_a_reshuffle():
    st = table(2, ["R1", "G1"], top="Y3", under=["B1", "B2"])
    _empty_pile_into(st, 1)
    st.take(1, card("G2"))
    st.pile[0] = card("G2")
    st.npile = 1
    st.play(R.DRAW, Rng(3))
    names = [n for n, _ in events(st)]
    assert names[-4:] == ["draw", "reshuffle", "draw", "nope"]
    assert st.hn[0] == 3 and st.npile == 1


# -- jokers (RB-J1, RB-J2) --------------------------------------------------------------------------------
def test_RB_J1_a_joker_shows_all_colours_and_completes_any_set():
    for colour in "RGBY":
        st = table(3, ["Joker %s1" % colour, "G3", "B3"], top="%s2" % colour if colour != "G" else "G2")
        assert st.set_problem(lay("Joker %s1" % colour)) == R.OK
    st = table(3, ["Joker G1 G2", "R3", "B3"], top="Y1")
    assert st.has_set() and heads(st) == [("Y", "Joker")]      # a joker alone must be discarded
    assert C.NUMBER[card("Joker")] == 1


def test_RB_J2_a_joker_on_top_asks_for_one_card_of_choice():
    st = table(3, ["R1 GB2 Y3", "R3", "B3"], top="Joker")
    assert demand(st) == (1, "RGBY")
    assert {t for _, t in heads(st)} == {"R1", "GB2", "Y3"}
    st = table(3, ["R1 Joker", "G3 B2", "B1"], top="R2")
    st.play(lay("R1 Joker"))                   # a joker laid on top
    assert demand(st) == (1, "RGBY") and st.turn == 1
    assert heads(st) == [("B", "B2"), ("G", "G3")]


# -- action cards (RB-A1..RB-A4, P-2, P-6) -----------------------------------------------------------------
def test_RB_A1_action_cards_count_with_their_colours_in_a_set():
    st = table(3, ["SeeR R1 NomG", "G3", "B3"], top="R2")
    assert st.set_problem(lay("R1 SeeR")) == R.OK
    assert st.set_problem(lay("R1 NomG")) == R.WHY_COLOUR
    st = table(3, ["Nom* Reset Y1", "G3", "B3"], top="Y3")
    assert st.set_problem(lay("Y1 Nom* Reset")) == R.OK


def test_RB_A2_a_matching_action_card_may_be_played_alone_instead_of_the_set():
    st = table(3, ["R1 R2 RB3 SeeR SeeB Reset NomB", "G3", "B3"], top="R3")
    assert st.has_set()
    assert actions(st) == ["Reset", "SeeR"]        # SeeB and NomB show no red
    st.play(act("SeeR"))
    assert st.turn == 1 and st.hn[0] == 6 and last(st)[0][0] == "action"


def test_RB_A3_the_only_card_of_the_colour_is_an_action_card_it_must_go():
    st = table(3, ["NomB G1 G2", "R3", "Y3"], top="B1")
    assert st.has_set() and not can_draw(st)
    assert heads(st) == [("B", "NomB")] and actions(st) == ["NomB"]


def test_RB_A4_P2_without_a_set_the_action_card_need_not_be_played():
    st = table(3, ["NomB G1", "R3", "Y3"], top="B2", pile=["Y1"])
    assert not st.has_set()
    assert can_draw(st) and actions(st) == ["NomB"]      # P-2: alone, or draw
    st.play(R.DRAW)
    assert last(st)[0][0] == "nope" and st.turn == 1    # P-6: no action after a Nope draw


def test_RB_A4_P6_after_a_completing_draw_the_set_or_the_action_card_alone():
    st = table(3, ["NomB B1", "R3", "Y3"], top="B3", pile=["BY1"])
    st.play(R.DRAW)
    assert st.phase == R.P_DRAWN
    assert actions(st) == ["NomB"] and {t for _, t in heads(st)} == {"NomB", "B1", "BY1"}
    st.play(act("NomB"))
    assert st.phase == R.P_NOMINATE


def test_PD8_the_action_card_after_a_completing_draw_may_be_the_drawn_one():
    st = table(3, ["B1 B2", "R3", "Y3"], top="B3", pile=["Reset"])
    st.play(R.DRAW)
    assert actions(st) == ["Reset"]


def test_P6_after_a_nope_draw_no_action_card_may_be_played():
    st = table(3, ["Reset G1", "R3", "Y3"], top="B3", pile=["Y1"])
    st.play(R.DRAW)
    assert st.turn == 1 and st.count(0, card("Reset")) == 1


def test_P2_option_an_action_card_alone_only_with_a_set():
    st = table(3, ["NomB G1", "R3", "Y3"], top="B2", alone=1)
    assert legal(st) == [R.DRAW]
    st2 = table(3, ["NomB B1 G1", "R3", "Y3"], top="B2", alone=1)
    assert actions(st2) == ["NomB"] and not can_draw(st2)


# -- Reset (RB-R1..RB-R3) ---------------------------------------------------------------------------------
@pytest.mark.parametrize("top", ["R3", "GB2", "Y1", "Joker", "SeeB", "NomY"])
def test_RB_R1_reset_goes_on_any_card(top):
    st = table(3, ["Reset G1", "R2", "Y2"], top=top, demand=(3, C.COLS[card(top)]))
    assert "Reset" in actions(st)


def test_RB_R2_after_a_reset_the_next_player_discards_one_card_of_choice():
    st = table(3, ["Reset G1", "R3 B2", "Y3"], top="B3")
    st.play(act("Reset"))
    assert st.turn == 1 and demand(st) == (1, "RGBY")
    assert {t for _, t in heads(st)} == {"R3", "B2"} and not can_draw(st)
    assert last(st)[0] == ("action", {"seat": 0, "card": card("Reset"), "count": 1, "colours": 15})


def test_RB_R3_PD4_reset_turned_up_first_the_first_player_discards_one_card_of_choice():
    st = new(3)
    for seed in range(400):
        st = new(3)
        st.deal(Rng(seed))
        if st.top() == card("Reset"):
            break
    assert st.top() == card("Reset")
    assert demand(st) == (1, "RGBY") and st.has_set() and not can_draw(st)


# -- See-through (RB-V1..RB-V3, P-4, PD-1) --------------------------------------------------------------
def test_RB_V1_see_through_goes_on_cards_showing_its_colour():
    st = table(3, ["SeeG SeeR G1", "R3", "Y3"], top="GY3")
    assert actions(st) == ["SeeG"]


def test_RB_V2_P4_the_card_beneath_applies_to_the_next_player():
    st = table(3, ["SeeG R1", "G1 G2", "Y3"], top="GY2")
    st.play(act("SeeG"))
    assert st.turn == 1 and demand(st) == (2, "GY")
    assert last(st)[0] == ("action", {"seat": 0, "card": card("SeeG"), "count": 2, "colours": 10})


def test_RB_V2_P4_also_for_a_further_action_card_and_through_see_throughs():
    st = table(3, ["SeeG R1", "SeeB G2", "Y3 B1"], top="GB3")
    st.play(act("SeeG"))
    assert actions(st) == ["SeeB"]              # the GB3 beneath applies: blue matches
    st.play(act("SeeB"))
    assert demand(st) == (3, "GB")              # through two See-throughs to the GB3


def test_P4_a_see_through_on_a_nominate_passes_on_the_nominated_demand():
    st = table(3, ["NomR G1", "SeeY B1", "Y1 Y2"], top="R2")
    st.play(act("NomR"))
    st.play(nominate(1, 2, "R"))
    assert st.turn == 1 and demand(st) == (2, "R")
    assert actions(st) == []                    # SeeY shows no red
    st2 = table(3, ["Nom* G1", "SeeY B1", "Y1 Y2"], top="R2")
    st2.play(act("Nom*"))
    st2.play(nominate(1, 3, "Y"))
    st2.play(act("SeeY"))
    assert st2.turn == 2 and demand(st2) == (3, "Y")


def test_P3_P4_a_see_through_on_top_of_a_set_passes_on_the_card_beneath_it():
    st2 = table(3, ["RB3 SeeR", "R3 G1", "Y3"], top="R2")
    st2.play(lay("RB3 SeeR"))
    assert demand(st2) == (1, "R")              # P-3: one card of its colour
    assert st2.pd == (3 << 4) | 5               # what a See-through on it passes on: the RB3


def test_RB_V3_see_through_turned_up_first_one_card_of_its_colour_or_draw():
    st = table(3, ["B1 G1", "R3", "Y3"], top="SeeB")
    assert demand(st) == (1, "B") and heads(st) == [("B", "B1")] and not can_draw(st)
    st = table(3, ["R1 G1", "R3", "Y3"], top="SeeB", pile=["Y1"])
    assert legal(st) == [R.DRAW]
    st.play(R.DRAW)
    assert last(st)[0][0] == "nope"


def test_PD1_what_a_see_through_passes_on_survives_a_reshuffle():
    st = table(4, ["SeeG R1", "R3 B3", "SeeY Y1", "Y2"], top="GY2", under=["B1", "B2"])
    _empty_pile_into(st, 3)
    st.play(act("SeeG"))
    assert demand(st) == (2, "GY")
    st.play(R.DRAW, Rng(2))                      # seat 1 draws from the reshuffled B1 B2
    assert [n for n, _ in events(st)][-3:] == ["reshuffle", "draw", "nope"]
    assert st.ndisc == 1 and st.top() == card("SeeG")
    st.play(act("SeeY"))                         # passes on what the SeeG passed on
    assert demand(st) == (2, "GY")


# -- Nominate (RB-M1..RB-M6, P-5) -----------------------------------------------------------------------
def test_RB_M1_nominate_goes_on_cards_showing_its_colour():
    st = table(3, ["NomY NomR G1", "R3", "B3"], top="BY1")
    assert actions(st) == ["NomY"]


def test_RB_M2_P5_any_other_player_still_in_and_a_count_of_1_to_3():
    st = table(4, ["NomY G1", "R3", "", "B3"], top="Y2")
    st.play(act("NomY"))
    assert st.phase == R.P_NOMINATE
    targets = {(R.nom_target(m), R.nom_count(m), R.nom_colour(m)) for m in legal(st)}
    assert targets == {(s, k, 3) for s in (1, 3) for k in (1, 2, 3)}      # never self, never out
    with pytest.raises(ValueError):
        st.play(nominate(0, 1, "Y"))
    with pytest.raises(ValueError):
        st.play(nominate(2, 1, "Y"))


def test_RB_M3_the_target_must_discard_that_many_of_the_nominates_colour():
    st = table(3, ["NomY G1", "R3", "Y1 Y2 B3"], top="Y2")
    st.play(act("NomY"))
    st.play(nominate(2, 2, "Y"))
    assert st.turn == 2 and demand(st) == (2, "Y") and not can_draw(st)
    assert last(st)[0] == ("nominate", {"seat": 0, "target": 2, "count": 2, "colours": 8})


def test_RB_M4_the_four_colour_nominate_lets_its_player_choose_the_colour():
    st = table(3, ["Nom* G1", "R3", "B3"], top="Y2")
    st.play(act("Nom*"))
    assert {R.nom_colour(m) for m in legal(st)} == {0, 1, 2, 3}
    st.play(nominate(1, 1, "G"))
    assert demand(st) == (1, "G")


def test_RB_M5_play_goes_on_clockwise_from_the_nominated_player():
    st = table(4, ["NomY G1", "R3", "B3", "Y3"], top="Y2", pile=["R1", "R2"])
    st.play(act("NomY"))
    st.play(nominate(2, 3, "Y"))
    st.play(R.DRAW)
    assert st.turn == 3                     # seat 1 was skipped over: play went on from seat 2


def test_RB_M6_nominate_turned_up_first_the_first_player_nominates():
    st = table(3, ["G1 G2", "R3", "B3"], top="NomB", turn=1)
    assert st.phase == R.P_NOMINATE and st.to_move() == 1
    st.play(nominate(0, 2, "B"))
    assert st.turn == 0 and demand(st) == (2, "B")
    for seed in range(400):
        st = new(3)
        st.deal(Rng(seed))
        if C.KIND[st.top()] == C.K_NOM:
            break
    assert st.phase == R.P_NOMINATE and st.nom_seat == st.start_seat
    assert events(st)[-1] == ("flip", {"card": st.top(), "count": 0, "colours": 0})


def test_P5_the_count_may_exceed_the_targets_hand():
    st = table(3, ["NomY G1", "R3", "Y1"], top="Y2")
    st.play(act("NomY"))
    assert R.nominate_move(2, 3, 3) in legal(st)


def test_P5_the_nominated_demand_stays_for_later_players_until_covered():
    st = table(3, ["NomB G1", "R3", "Y3"], top="B2", pile=["Y1", "R1"])
    st.play(act("NomB"))
    st.play(nominate(1, 3, "B"))
    st.play(R.DRAW)
    assert st.turn == 2 and demand(st) == (3, "B")
    st.play(R.DRAW)
    assert st.turn == 0 and demand(st) == (3, "B")


# -- P-3: an action card on top of a set acts as when turned up first --------------------------------------
def test_P3_a_reset_on_top_of_a_set():
    st = table(3, ["R1 Reset", "G3 B1", "Y3"], top="R2")
    st.play(lay("R1 Reset"))
    assert demand(st) == (1, "RGBY") and st.turn == 1


def test_P3_a_see_through_on_top_of_a_set_asks_for_one_card_of_its_colour():
    st = table(3, ["R1 SeeR", "G3 R2", "Y3"], top="R2")
    st.play(lay("R1 SeeR"))
    assert demand(st) == (1, "R") and heads(st) == [("R", "R2")]


def test_P3_a_nominate_on_top_of_a_set_lets_its_player_nominate_now():
    st = table(3, ["R1 NomR G1", "G3", "Y3"], top="R2")
    st.play(lay("R1 NomR"))
    assert st.phase == R.P_NOMINATE and st.nom_seat == 0
    st.play(nominate(2, 1, "R"))
    assert st.turn == 2 and demand(st) == (1, "R")


def test_PD2_a_nominate_inside_a_set_counts_as_one_card_of_its_colour_beneath_a_see_through():
    st = table(3, ["NomR SeeR G1", "R3 R1", "Y3"], top="R2")
    st.play(lay("NomR SeeR"))
    assert demand(st) == (1, "R") and st.pd == (1 << 4) | 1


# -- out and winning (RB-W1, RB-W2, P-5) -------------------------------------------------------------------
def test_RB_W1_a_player_who_discards_the_last_cards_is_out():
    st = table(3, ["R1 R2", "G3", "B3"], top="R2")
    st.play(lay("R1 R2"))
    assert not st.alive[0] and st.turn == 1 and st.phase == R.P_TURN
    assert last(st, 2)[1] == ("out", {"seat": 0, "t7": 0, "t0": 0})


def test_RB_W2_P5_play_goes_on_until_one_player_holds_cards():
    st = table(3, ["R1 R2", "G3", "B3"], top="R2", pile=["Y1", "Y2"])
    st.play(lay("R1 R2"))
    st.play(R.DRAW)                              # seat 1 draws: two players hold cards
    assert st.turn == 2 and st.phase == R.P_TURN
    st = table(2, ["R1 R2", "G3"], top="R2")
    st.play(lay("R1 R2"))
    assert st.phase == R.P_OVER and st.winners == 2 and st.nlegal == 0
    assert last(st)[0] == ("result", {"winners": 2, "t7": 0, "t0": 1})
    st = table(2, ["R1 R2", "G3"], top="R2")
    st.turns = 300                               # turn numbers in 7-bit digits (8-bit fields)
    st.play(lay("R1 R2"))
    assert last(st, 2) == [("out", {"seat": 0, "t7": 2, "t0": 44}),      # 300 = 2 * 128 + 44
                           ("result", {"winners": 2, "t7": 2, "t0": 45})]


def test_P5_PD7_a_last_card_nominate_still_nominates_unless_the_game_is_over():
    st = table(3, ["NomR", "G3", "B3"], top="R2")
    st.play(act("NomR"))
    assert not st.alive[0] and st.phase == R.P_NOMINATE
    assert {R.nom_target(m) for m in legal(st)} == {1, 2}
    st = table(2, ["NomR", "G3"], top="R2")
    st.play(act("NomR"))
    assert st.phase == R.P_OVER and st.winners == 2


def test_G1_out_seats_are_skipped():
    st = table(4, ["R1", "", "B1", "Y1"], top="G3", turn=0)
    st.play(R.DRAW)
    assert st.turn == 2


# -- the younger players' variant (RB-Y1, RB-Y2, P-7) -------------------------------------------------------
def test_RB_Y1_P7_younger_players_eight_cards_each():
    st = new(4, deal=1)
    st.deal(Rng(1))
    assert [st.hn[s] for s in range(4)] == [8] * 4


def test_RB_Y2_P7_without_the_action_cards():
    st = new(3, actions=0)
    st.deal(Rng(1))
    assert st.npile + st.ndisc + sum(st.hn) == 90
    every = [st.pile[i] for i in range(st.npile)] + [st.disc[0]] + \
        [c for s in range(3) for c in range(1, C.NCODES) for _ in range(st.count(s, c))]
    assert not any(C.is_action(c) for c in every)
