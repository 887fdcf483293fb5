"""NOPE!: the start of a game, code that runs once a game (the record's head, the shuffle, the
deal, the first face-up card). rules.State.deal and State.record_head import it; the scene
forgets it once the game has started, so its bytecode is not on the heap while playing.
"""
from micropython import const

from games.nope import cards as C
from games.nope import rules as R

_P_DEAL = const(0)          # rules._P_DEAL: nothing dealt yet
_T_START = const(0)         # rules._T_START: the top card was turned up from the deck
_E_DEAL = const(2)          # the record's "deal" row (events.py)


def record_head(st, seed):
    """The record's first two rows: the seed (in 7-bit digits: 8-bit fields), then the seats
    and the options."""
    seed &= 0x3FFFFFFF
    st._rec(R.E_SEED, seed >> 28, (seed >> 21) & 127, (seed >> 14) & 127, (seed >> 7) & 127,
            seed & 127)
    st._rec(R.E_OPTIONS, st.n, st.opt_deal, st.actions, st.alone)


def hand_size(st):
    """Cards dealt to each player: 7, or 8 with two players (P-6) or younger players (P-7)."""
    return 8 if st.two or st.opt_deal else 7


def deal(st, rng, start=-1):
    """Shuffle (G-3), choose the dealer (G-2: at random for the first game; with `start`,
    the seat before it, so that `start` plays first), deal one card at a time clockwise
    from the dealer's left, and turn up the first card of the discard pile."""
    if st.phase != _P_DEAL:
        raise ValueError("dealt")
    n = 0
    for code in range(1, C.NCODES):
        for _ in range(C.deck_count(code, st.actions)):
            st.pile[n] = code
            n += 1
    st.npile = n
    rng.shuffle(st.pile, n)
    if start < 0:
        st.dealer = rng.below(st.n)
    else:
        st.dealer = (start + st.n - 1) % st.n
    first = (st.dealer + 1) % st.n
    st.start_seat = first
    st._rec(R.E_DEALER, st.dealer, first)
    for _ in range(hand_size(st)):
        s = first
        for _ in range(st.n):
            st.npile -= 1
            code = st.pile[st.npile]
            st.give(s, code)
            st._rec(_E_DEAL, s, code)
            s = s + 1 if s + 1 < st.n else 0
    st.npile -= 1
    top = st.pile[st.npile]
    st.disc[0] = top
    st.ndisc = 1
    st.how = _T_START
    st.turn = first
    _first_card(st, top)


def _first_card(st, top):
    """The first face-up card (RB-R3, RB-V3, RB-M6): a Nominate is carried out by the first
    player as if they had laid it; every other card makes its demand (a Joker and a Reset one
    card of choice, a See-through one card of its colour)."""
    d = R.demand_of(top)
    st.pd = d
    if C.KIND[top] == C.K_NOM:
        st._rec(R.E_FLIP, top, 0, 0)
        st.dcount = 0
        st.dcols = 0
        st.nom_seat = st.turn
        st.nom_card = top
        st.phase = R.P_NOMINATE
    else:
        st._set_demand(d)
        st._rec(R.E_FLIP, top, st.dcount, st.dcols)
        st.phase = R.P_TURN
    st.legal()
