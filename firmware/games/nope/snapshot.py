"""Suspend/resume of a NOPE! game: the bytes GameScene.snapshot() returns, and the rules
state's own bytes (save_state/load_state) with their consistency check.

Imported only when a game is suspended or resumed (its code is not on the heap while playing).

Layout (version 3; versions 1 and 2 held the record in 32- and 16-bit fields, and are refused):
    0   b"NP"                magic
    2   version              3
    3   rules state          STATE_BYTES bytes (save_state)
    +   draw generator       4 bytes (core.rng.Rng.save_into)
    +   bot generator        4 bytes, as it was when the bot to move began its choice, so a
                             bot that was thinking thinks again from the same start
    +   record rows          2 bytes count n, then n rows of the record (8-bit fields)
    +   checksum             2 x 2 bytes: Fletcher sums of everything before
load() checks everything (also against the Setup the console stored with it) before any of it
is used, and raises ValueError otherwise: a damaged save is refused whole, never half-loaded.
"""
from micropython import const

from core import storage
from games.nope import cards as C
from games.nope import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# cards.py's public ones, as _C_X
_C_NCARDS = const(104)
# rules.py's public ones, as _R_X
_R_MAX_SEATS = const(6)
_R_NC = const(42)           # a seat's row in `hand`
# -- end of the copies --

MAGIC = b"NP"
VERSION = 3
STATE_BYTES = const(24 + _R_MAX_SEATS * _R_NC + 2 * _C_NCARDS)


def dump(st, rng, bot_rng4, record):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(save_state(st))
    r = bytearray(4)
    rng.save_into(r, 0)
    out.extend(r)
    out.extend(bot_rng4)
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(record.dump())
    return storage.seal(out)


def _refuse(st, record, why):
    record.clear()
    st.reset()
    raise ValueError(why)


def load(data, st, rng, brng, record, setup):
    """Restore into st, rng, brng and record, or raise ValueError (leaving st reset)."""
    data, end = storage.unseal(data, MAGIC, VERSION, 3 + STATE_BYTES + 8 + 2)
    at = 3
    load_state(st, data[at:at + STATE_BYTES])
    at += STATE_BYTES
    r8 = data[at:at + 8]
    if not (r8[0] | r8[1] | r8[2] | r8[3]) or not (r8[4] | r8[5] | r8[6] | r8[7]):
        _refuse(st, record, "generator state")
    n = data[at + 8] | (data[at + 9] << 8)
    at += 10
    if end - at != n * record.width * record.size or n > record.capacity or n < 3:
        _refuse(st, record, "record length")
    seed = setup.seed & 0x3FFFFFFF
    if not record.restore(data[at:end]) or record.kind(0) != R.E_SEED \
            or record.kind(1) != R.E_OPTIONS or record.field(1, 0) != st.n \
            or record.field(1, 1) != st.opt_deal or record.field(1, 2) != st.actions \
            or record.field(1, 3) != st.alone:
        _refuse(st, record, "record head")
    for j in range(5):                  # the seed's 7-bit digits (events.py)
        if record.field(0, j) != (seed >> (28 - 7 * j)) & 127:
            _refuse(st, record, "record head")
    for i in range(2, n):
        k = record.kind(i)
        if not 0 <= k < R.E_OPTIONS or k == R.E_SEED or k == R.E_RESULT:
            _refuse(st, record, "record row")
    rng.load_from(r8, 0)
    brng.load_from(r8, 4)


# -- the rules state ---------------------------------------------------------------------------
def in_play(st, code):
    """Copies of `code` in hands, the draw pile and the discard pile (always the deck's)."""
    k = 0
    for s in range(st.n):
        k += st.hand[s * _R_NC + code]
    for i in range(st.npile):
        if st.pile[i] == code:
            k += 1
    for i in range(st.ndisc):
        if st.disc[i] == code:
            k += 1
    return k


def save_state(st):
    """The state as bytes (a suspend: an allocation point); load_state() reverses it."""
    out = bytearray(STATE_BYTES)
    out[0] = st.n
    out[1] = st.opt_deal | (st.actions << 1) | (st.alone << 2)
    out[2] = st.phase
    out[3] = st.turn
    out[4] = st.dealer
    out[5] = st.start_seat
    out[6] = st.turns & 255
    out[7] = st.turns >> 8
    out[8] = st.dcount
    out[9] = st.dcols
    out[10] = st.pd
    out[11] = st.how
    out[12] = st.nom_seat
    out[13] = st.nom_card
    out[14] = st.ndrew
    out[15] = st.drew[0]
    out[16] = st.drew[1]
    out[17] = st.npile
    out[18] = st.ndisc
    for s in range(_R_MAX_SEATS):
        out[19] |= st.alive[s] << s
    at = 24
    out[at:at + _R_MAX_SEATS * _R_NC] = st.hand
    at += _R_MAX_SEATS * _R_NC
    out[at:at + _C_NCARDS] = st.pile
    at += _C_NCARDS
    out[at:at + _C_NCARDS] = st.disc
    return bytes(out)


def load_state(st, data):
    """Take a state written by save_state(); ValueError (and st reset) when it is not a
    consistent game in progress."""
    if len(data) != STATE_BYTES or data[0] != st.n \
            or data[1] != st.opt_deal | (st.actions << 1) | (st.alone << 2):
        raise ValueError("state header")
    st.reset()
    try:
        st.phase = data[2]
        st.turn = data[3]
        st.dealer = data[4]
        st.start_seat = data[5]
        st.turns = data[6] | (data[7] << 8)
        st.dcount = data[8]
        st.dcols = data[9]
        st.pd = data[10]
        st.how = data[11]
        st.nom_seat = data[12]
        st.nom_card = data[13]
        st.ndrew = data[14]
        st.drew[0] = data[15]
        st.drew[1] = data[16]
        st.npile = data[17]
        st.ndisc = data[18]
        for s in range(_R_MAX_SEATS):
            st.alive[s] = (data[19] >> s) & 1
        at = 24
        for s in range(_R_MAX_SEATS):
            for code in range(_R_NC):
                v = data[at + s * _R_NC + code]
                if v and (s >= st.n or code == 0):
                    raise ValueError("hand")
                for _ in range(v):
                    st.give(s, code)
        at += _R_MAX_SEATS * _R_NC
        st.pile[:] = data[at:at + _C_NCARDS]
        at += _C_NCARDS
        st.disc[:] = data[at:at + _C_NCARDS]
        check_state(st)
    except ValueError:
        st.reset()
        raise
    st.legal()


def check_state(st):
    """Raise ValueError unless st is a consistent game in progress: every card of the deck in
    exactly one place, the piles' codes valid, seats with cards exactly the seats in the game
    (at least two), the demand one the rules can make, the phase's fields in range."""
    n = st.n
    if st.phase not in (R.P_TURN, R.P_DRAWN, R.P_NOMINATE):
        raise ValueError("phase")
    if st.turn >= n or st.dealer >= n or st.start_seat >= n or st.nom_seat >= n:
        raise ValueError("seat")
    if not 1 <= st.ndisc <= _C_NCARDS or st.npile + st.ndisc > _C_NCARDS:
        raise ValueError("piles")
    for i in range(st.npile):
        if not 1 <= st.pile[i] < _R_NC:
            raise ValueError("draw pile")
    for i in range(st.ndisc):
        if not 1 <= st.disc[i] < _R_NC:
            raise ValueError("discard pile")
    for code in range(1, _R_NC):
        if in_play(st, code) != C.deck_count(code, st.actions):
            raise ValueError("cards")
    left = 0
    for s in range(_R_MAX_SEATS):
        a = st.alive[s]
        if (s >= n and a) or (s < n and a != (1 if st.hn[s] else 0)):
            raise ValueError("alive")
        left += a
    if left < 2:
        raise ValueError("players left")
    if st.ndrew > 2 or (st.ndrew and not (1 <= st.drew[st.ndrew - 1] < _R_NC)):
        raise ValueError("drawn")
    if st.how > R.T_ACTION or not 1 <= st.pd >> 4 <= 3 or not st.pd & 15 or st.pd > 63:
        raise ValueError("top")
    if st.phase == R.P_NOMINATE:
        if C.KIND[st.nom_card] != C.K_NOM or st.dcount or st.dcols:
            raise ValueError("nominate")
    else:
        if not 1 <= st.dcount <= 3 or not st.dcols or st.dcols > 15 or not st.alive[st.turn]:
            raise ValueError("demand")
        if st.phase == R.P_DRAWN and not st.has_set():
            raise ValueError("drawn without a set")
