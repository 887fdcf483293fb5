"""Helpers for the NOPE! tests: cards by name, tables laid out card by card, moves by name."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from core.record import Record  # noqa: E402
from core.rng import Rng  # noqa: E402
from games.nope import cards as C  # noqa: E402
from games.nope import events as E  # noqa: E402
from games.nope.begin import CAPACITY, FIELDS, TYPECODE  # noqa: E402
from games.nope import rules as R  # noqa: E402
from games.nope import snapshot as SNAP  # noqa: E402


def _name(code):
    buf = bytearray(8)
    return bytes(buf[:C.put_name(buf, 0, code)]).decode()


def kind_of(m):
    """A move's kind (rules.DRAW, SET, ACTION, _NOMINATE or HEAD): its low three bits."""
    return m & 7


def head_move(colour, top):
    """The HEAD move legal() lists for "a set of this colour with this card on top"."""
    return R.HEAD | (colour << 3) | (top << 5)


def copy_state(dst, src):
    """Make rules.State `dst` equal to `src` (same seat count and options), its record left
    alone: a table laid out by table() put into a console's game."""
    for name in ("hand", "hn", "cc", "alive", "pile", "disc", "drew"):
        getattr(dst, name)[:] = getattr(src, name)
    for name in ("npile", "ndisc", "dcount", "dcols", "pd", "how", "phase", "turn", "dealer",
                 "start_seat", "turns", "nom_seat", "nom_card", "ndrew", "winners"):
        setattr(dst, name, getattr(src, name))
    dst.nlegal = 0


NAMES = tuple(_name(code) for code in range(C.NCODES))     # the log's names (cards.put_name)


def card(name):
    """'R2', 'RG3', 'Joker', 'Reset', 'SeeB', 'NomY', 'Nom*' -> code."""
    return NAMES.index(name)


def cards(text):
    return [card(x) for x in text.split()]


def new(n=3, deal=0, actions=1, alone=0, record=True):
    rec = Record(CAPACITY, FIELDS, TYPECODE) if record else None
    st = R.State(n, deal, actions, alone, rec)
    st.record_head(0)
    return st


def table(n=3, hands=(), top="R1", under=(), pile=(), turn=0, deal=0, actions=1, alone=0,
          demand=None, record=True):
    """A game in progress: hands[seat] as names, the discard pile `under` then `top` (as the
    first face-up card, making its demand unless `demand` = (count, colour bits) is given), the
    draw pile's next cards `pile` (drawn first to last) above the rest of the deck in code order.
    Seats without a hand get none (they are out), unless the hands are all empty."""
    st = new(n, deal, actions, alone, record)
    left = [0] * C.NCODES
    for code in range(1, C.NCODES):
        left[code] = C.deck_count(code, actions)

    def use(code):
        assert left[code] > 0, "no more %s in the deck" % NAMES[code]
        left[code] -= 1
        return code

    for s, h in enumerate(hands):
        for name in (h.split() if isinstance(h, str) else h):
            st.give(s, use(card(name) if isinstance(name, str) else name))
    for s in range(n):
        st.alive[s] = 1 if st.hn[s] else 0
    for name in list(under) + [top]:
        st.disc[st.ndisc] = use(card(name))
        st.ndisc += 1
    top_first = [use(card(x)) for x in pile]
    rest = [code for code in range(1, C.NCODES) for _ in range(left[code])]
    order = rest + list(reversed(top_first))
    for i, code in enumerate(order):
        st.pile[i] = code
    st.npile = len(order)
    st.turn = turn
    st.start_seat = turn
    t = card(top)
    st.pd = None
    for code in list(st.disc[:st.ndisc]):       # what a See-through would pass on (P-4)
        if C.KIND[code] != C.K_SEE or st.pd is None:
            st.pd = R.demand_of(code)
    if demand is not None:
        st.dcount, st.dcols = demand
        st.pd = (demand[0] << 4) | demand[1]
        st.phase = R.P_TURN
    elif C.KIND[t] == C.K_NOM:
        st.nom_seat = turn
        st.nom_card = t
        st.phase = R.P_NOMINATE
    else:
        st.dcount = st.pd >> 4
        st.dcols = st.pd & 15
        st.phase = R.P_TURN
    st.legal()
    SNAP.check_state(st)
    return st


def hand(st, seat):
    """A seat's hand as sorted names."""
    return sorted(NAMES[code] for code in range(1, C.NCODES) for _ in range(st.count(seat, code)))


def legal(st):
    return [st.moves[i] for i in range(st.nlegal)]


def heads(st):
    """The legal heads as (colour letter, top name)."""
    return sorted((C.COLOUR_LETTERS[R.head_colour(m)], NAMES[R.head_top(m)])
                  for m in legal(st) if kind_of(m) == R.HEAD)


def actions(st):
    return sorted(NAMES[R.action_card(m)] for m in legal(st) if kind_of(m) == R.ACTION)


def can_draw(st):
    return R.DRAW in legal(st)


def lay(text):
    """The SET move laying these cards in this order (the last is the top)."""
    cs = cards(text)
    return R.set_move(*(cs + [0] * (3 - len(cs))))


def act(name):
    return R.action_move(card(name))


def nominate(target, count, colour):
    return R.nominate_move(target, count, "RGBY".index(colour))


def events(st):
    """The record as (name, {field: value}) rows."""
    rec = st.record
    out = []
    for i in range(rec.n):
        name, fields = E.EVENTS[rec.kind(i)]
        out.append((name, {f: rec.field(i, j) for j, f in enumerate(fields)}))
    return out


def last(st, k=1):
    return events(st)[-k:]


def demand(st):
    """The demand as (count, 'RB'...)."""
    return st.dcount, "".join(C.COLOUR_LETTERS[c] for c in range(4) if st.dcols & (1 << c))


def conserved(st):
    return all(SNAP.in_play(st, code) == C.deck_count(code, st.actions) for code in range(1, C.NCODES))


def random_move(st, pick):
    """A uniformly chosen legal choice; a HEAD completed by random other cards of its colour."""
    m = st.moves[pick.below(st.nlegal)]
    if kind_of(m) != R.HEAD:
        return m
    c = R.head_colour(m)
    top = R.head_top(m)
    buf = bytearray(C.NCARDS)
    k = st.cards_showing(st.turn, c, buf)
    rest = list(buf[:k])
    rest.remove(top)
    pick.shuffle(rest)
    laid = rest[:st.dcount - 1] + [top]
    return R.set_move(*(laid + [0] * (3 - len(laid))))


def play_random(seed, n, deal=0, actions=1, alone=0, chooser=None, check=None, limit=0):
    """A whole game from the deal with random legal choices (or chooser(st)); check(st) after
    every move. With `limit`, only that many moves."""
    rng = Rng(seed)
    pick = Rng(seed ^ 0x1234)
    rec = Record(CAPACITY * 4, FIELDS, TYPECODE)
    st = R.State(n, deal, actions, alone, rec)
    st.record_head(seed)
    st.deal(rng)
    if check:
        check(st)
    k = 0
    while st.phase != R.P_OVER and (not limit or k < limit):
        st.play(chooser(st) if chooser else random_move(st, pick), rng)
        if check:
            check(st)
        k += 1
    assert limit or st.phase == R.P_OVER
    return st
