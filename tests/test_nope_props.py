"""NOPE! properties over many random games (every seat count and rule option): cards are conserved,
a player is never asked to discard without a set, a seat that is out is never nominated or given
a turn, the legal list is what an independent reading of the rules gives, saving is exact, and
the record tells the whole game."""
import itertools

import pytest

import nope_util as U
from nope_util import C, R, SNAP, Rng, events, play_random, random_move, table

OPTIONS = list(itertools.product((0, 1), (0, 1), (0, 1)))      # deal, actions, alone


def brute_sets(st):
    """Every legal set as (sorted cards), from the hand by brute force (RB-D2, RB-D3)."""
    me = st.turn
    cards = [c for c in range(1, C.NCODES) for _ in range(st.count(me, c))]
    out = set()
    for combo in itertools.combinations(cards, st.dcount):
        common = st.dcols
        for c in combo:
            common &= C.COLS[c]
        if common:
            out.add(tuple(sorted(combo)))
    return out


def expected_legal(st):
    """The choices of the player to move, read from the rules directly."""
    me = st.turn
    if st.phase == R.P_NOMINATE:
        return {R.nominate_move(s, k, c) for s in range(st.n) if s != st.nom_seat and st.hn[s]
                for k in (1, 2, 3) for c in range(4) if C.COLS[st.nom_card] & (1 << c)}
    sets = brute_sets(st)
    out = set()
    for combo in sets:                                  # a head for every colour and top
        for c in range(4):
            if all(C.COLS[x] & (1 << c) for x in combo) and st.dcols & (1 << c):
                for t in combo:
                    out.add(U.head_move(c, t))
    if sets or (st.phase == R.P_TURN and not st.alone):
        out |= {R.action_move(a) for a in range(C.FIRST_ACTION, C.NCODES)
                if st.count(me, a) and C.COLS[a] & st.dcols}
    if st.phase == R.P_TURN and not sets:
        out.add(R.DRAW)
    return out


class Checker:
    def __init__(self):
        self.states = 0
        self.seen_kinds = set()

    def __call__(self, st):
        self.states += 1
        for code in range(1, C.NCODES):                 # cards are conserved
            assert SNAP.in_play(st, code) == C.deck_count(code, st.actions)
        for s in range(st.n):
            assert st.alive[s] == (1 if st.hn[s] else 0) or st.phase == R.P_OVER
        if st.phase == R.P_OVER:
            return
        SNAP.check_state(st)
        mover = st.to_move()
        if st.phase != R.P_NOMINATE:
            assert st.alive[st.turn]                    # an out seat never gets a turn
        got = [st.moves[i] for i in range(st.nlegal)]
        assert len(got) == len(set(got)) and set(got) == expected_legal(st)
        kinds = {U.kind_of(m) for m in got}
        self.seen_kinds |= kinds
        if st.phase in (R.P_TURN, R.P_DRAWN):
            has = bool(brute_sets(st))
            assert st.has_set() == has
            assert (R.HEAD in kinds) == has             # never asked to discard without a set
            if st.phase == R.P_TURN:
                assert (R.DRAW in kinds) == (not has)
        else:
            for m in got:                               # never nominate oneself or an out seat
                t = R.nom_target(m)
                assert t != mover and st.alive[t]
        other = R.State(st.n, st.opt_deal, st.actions, st.alone)
        SNAP.load_state(other, SNAP.save_state(st))
        assert SNAP.save_state(other) == SNAP.save_state(st)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_every_property(n):
    chk = Checker()
    for k, (deal, actions, alone) in enumerate(OPTIONS):
        for seed in range(3):
            st = play_random(100 * n + 10 * k + seed, n, deal, actions, alone, check=chk)
            assert bin(st.winners).count("1") == 1
    assert chk.states > 200
    assert chk.seen_kinds >= {R.HEAD, R.DRAW, R.ACTION, R._NOMINATE}


def test_set_problem_agrees_with_brute_force():
    pick = Rng(5)
    for seed in range(40):
        rng = Rng(seed)
        st = R.State(3)
        st.deal(rng)
        for _ in range(seed % 9):
            if st.phase == R.P_OVER:
                break
            st.play(random_move(st, pick), rng)
        if st.phase not in (R.P_TURN, R.P_DRAWN):
            continue
        legal_sets = brute_sets(st)
        hand = [c for c in range(1, C.NCODES) for _ in range(st.count(st.turn, c))]
        for k in (1, 2, 3):
            for combo in itertools.combinations(hand, k):
                m = R.set_move(*(list(combo) + [0] * (3 - k)))
                assert (st.set_problem(m) == R.OK) == (tuple(sorted(combo)) in legal_sets)


def test_the_record_tells_the_whole_game():
    """Hands and piles rebuilt from the record alone equal the final state."""
    for seed in range(12):
        st = play_random(seed, 2 + seed % 5, seed & 1, (seed >> 1) & 1)
        hands = [[] for _ in range(st.n)]
        disc = []
        for name, r in events(st):
            if name in ("deal", "draw"):
                hands[r["seat"]].append(r["card"])
            elif name == "flip":
                disc.append(r["card"])
            elif name == "discard":
                for i in range(r["count"]):
                    c = r["card%d" % (i + 1)]
                    hands[r["seat"]].remove(c)
                    disc.append(c)
            elif name == "action":
                hands[r["seat"]].remove(r["card"])
                disc.append(r["card"])
            elif name == "reshuffle":
                assert r["top"] == disc[-1] and r["cards"] == len(disc) - 1
                disc = [disc[-1]]
        for s in range(st.n):
            assert sorted(hands[s]) == sorted(c for c in range(1, C.NCODES) for _ in range(st.count(s, c)))
        assert disc == list(st.disc[:st.ndisc])


def test_damaged_states_are_refused():
    st = play_random(3, 4, limit=10)
    good = SNAP.save_state(st)
    fresh = R.State(4)
    SNAP.load_state(fresh, good)
    for i in range(len(good)):
        for flip in (1, 0x80):
            bad = bytearray(good)
            bad[i] ^= flip
            other = R.State(4)
            try:
                SNAP.load_state(other, bytes(bad))
            except ValueError:
                assert other.phase == R._P_DEAL            # refused whole, left reset
                continue
            SNAP.check_state(other)                       # accepted: still a consistent game
    with pytest.raises(ValueError):
        SNAP.load_state(R.State(4), good[:-1])
    with pytest.raises(ValueError):
        SNAP.load_state(R.State(3), good)


def test_a_game_that_is_over_does_not_load():
    st = table(2, ["R1 R2", "G3"], top="R2")
    st.play(R.set_move(U.NAMES.index("R1"), U.NAMES.index("R2")))
    with pytest.raises(ValueError):
        SNAP.load_state(R.State(2), SNAP.save_state(st))
