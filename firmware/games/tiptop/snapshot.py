"""Suspend/resume of a Tip Top game: the bytes GameScene.snapshot() returns.

Layout (version 2; version 1 held the record in 16-bit fields, and is refused):
    0   b"TT"                magic
    2   version              2
    3   rules state          rules.STATE_BYTES bytes (save_state below)
    +   generator            4 bytes (core.rng.Rng.save_into): the next shuffle continues
    +   record rows          2 bytes count n, then n rows of the record (8-bit fields)
    +   checksum             2 x 2 bytes (core.storage.seal): Fletcher sums of everything before
                             (any bit flip is caught; the console's file CRC guards the file too)
The bots keep nothing between turns (they choose from the position alone), and whose hand is
shown is not saved: a resumed pass-around game shows the hand-off screen again. load() checks
everything (also against the Setup the console stored with it) before any of it is used, and
raises ValueError otherwise: a damaged save is refused whole, never half-loaded.

Imported only to suspend or resume a game (allocation points), not while it is played.
"""
from core import storage
from games.tiptop import rules as R
from games.tiptop.events import EVENTS

MAGIC = b"TT"
VERSION = 2


def dump(st, rng, record):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(save_state(st))
    r = bytearray(4)
    rng.save_into(r, 0)
    out.extend(r)
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(record.dump())
    return storage.seal(out)


def load(data, st, rng, record, setup):
    """Restore into st, rng and record, or raise ValueError (leaving st reset)."""
    data, end = storage.unseal(data, MAGIC, VERSION, 3 + R.STATE_BYTES + 4 + 2)
    at = 3
    load_state(st, data[at:at + R.STATE_BYTES])
    at += R.STATE_BYTES
    r4 = data[at:at + 4]
    if not (r4[0] | r4[1] | r4[2] | r4[3]):
        st.reset()
        raise ValueError("generator state")
    n = data[at + 4] | (data[at + 5] << 8)
    at += 6
    try:
        if end - at != n * record.width * record.size or n > record.capacity or n < 3:
            raise ValueError("record length")
        if not record.restore(data[at:end]):
            raise ValueError("record rows")
        seed = setup.seed & 0x3FFFFFFF
        if record.kind(0) != R.E_SEED or record.kind(1) != R.E_DEALER or record.field(1, 2) != st.n:
            raise ValueError("record head")
        for j in range(5):                  # the seed's 7-bit digits (events.py)
            if record.field(0, j) != (seed >> (28 - 7 * j)) & 127:
                raise ValueError("record head")
        for i in range(n):
            if not 0 <= record.kind(i) < len(EVENTS) or (i and record.kind(i) == R.E_SEED):
                raise ValueError("record row")
        if record.kind(n - 1) == R.E_RESULT:
            raise ValueError("game over")
    except ValueError:
        record.clear()
        st.reset()
        raise
    rng.load_from(r4, 0)


# -- the rules state -------------------------------------------------------------------------------
def save_state(st):
    """The state as R.STATE_BYTES bytes (allocates: a save is an allocation point)."""
    out = bytearray(R.STATE_BYTES)
    v = (st.phase, st.turn, st.dealer, st.round, st.plays & 255, st.plays >> 8,
         st.limit, st.total, 1 if st.dir < 0 else 0, st.deck_n, st.pile_n,
         st.lims_n, st.used_n, st.loser & 255, st.why, st.n)
    for i in range(16):
        out[i] = v[i]
    at = 16
    for arr in (st.chips, st.hand, st.deck, st.pile, st.lims, st.used):
        out[at:at + len(arr)] = arr
        at += len(arr)
    return bytes(out)


def load_state(st, data):
    """Take a state written by save_state(); ValueError (and this state reset) when it is not a
    consistent game in progress (check())."""
    if len(data) != R.STATE_BYTES or data[15] != st.n:
        raise ValueError("state header")
    st.reset()
    try:
        st.phase = data[0]
        st.turn = data[1]
        st.dealer = data[2]
        st.round = data[3]
        st.plays = data[4] | (data[5] << 8)
        st.limit = data[6]
        st.total = data[7]
        st.dir = -1 if data[8] else 1
        st.deck_n = data[9]
        st.pile_n = data[10]
        st.lims_n = data[11]
        st.used_n = data[12]
        st.loser = -1 if data[13] == 255 else data[13]
        st.why = data[14]
        if data[8] > 1:
            raise ValueError("direction")
        at = 16
        for arr in (st.chips, st.hand, st.deck, st.pile, st.lims, st.used):
            arr[:] = data[at:at + len(arr)]
            at += len(arr)
        check(st)
    except ValueError:
        st.reset()
        raise
    if st.phase == R.P_PLAY:
        st.legal()


def check(st):
    """Raise ValueError unless this is a consistent game in progress: every card and limit
    card accounted for, hands as large as the chips (the loser of a lost round may lack the
    card it played), the total within 0..limit during play, the seats in the game."""
    _check_seats(st)
    if st.deck_n > R.NCARDS or st.pile_n > R.NCARDS or st.deck_n + st.pile_n > R.NCARDS:
        raise ValueError("cards")
    _check_hands(st)
    _check_cards(st)
    _check_limits(st)
    if st.phase == R.P_PLAY and (st.total > st.limit or st.loser >= 0):
        raise ValueError("total")
    if st.phase == R.P_ROUND and not 0 <= st.loser < st.n:
        raise ValueError("loser")
    if st.why > R.W_LIMIT:
        raise ValueError("why")


def _check_seats(st):
    """The phase, the players left, their chips, and the seats to play and to deal."""
    n = st.n
    if st.phase not in (R.P_PLAY, R.P_ROUND):
        raise ValueError("phase")
    if st.nalive() < 2:
        raise ValueError("players left")
    for s in range(R.MAX_SEATS):
        if st.chips[s] > R.CHIPS or (s >= n and st.chips[s]):
            raise ValueError("chips")
    if st.turn >= n or st.dealer >= n or not 1 <= st.round <= 250:
        raise ValueError("turn")
    if st.phase == R.P_PLAY and not (st.chips[st.turn] and st.chips[st.dealer]):
        raise ValueError("turn")


def _check_hands(st):
    """A hand holds as many cards as chips; after a lost round the loser still holds the cards
    it had (one more than its chips now), less the Topsy Turvy it played."""
    for s in range(R.MAX_SEATS):
        lost = st.phase == R.P_ROUND and s == st.loser
        room = st.chips[s] + (1 if lost else 0)
        want = st.chips[s] + (1 if lost and st.why == R.W_STUCK else 0)
        for slot in range(R.HAND):
            c = st.hand[s * R.HAND + slot]
            if c != R.EMPTY and (c >= R.KINDS or slot >= room):
                raise ValueError("hand")
        if st.hand_count(s) != want:
            raise ValueError("hand size")


def _check_cards(st):
    """The deck and the pile hold cards, and every kind of card is accounted for."""
    for i in range(st.deck_n):
        if st.deck[i] >= R.KINDS:
            raise ValueError("deck")
    for i in range(st.pile_n):
        if st.pile[i] >= R.KINDS:
            raise ValueError("pile")
    for kind in range(R.KINDS):
        if st.cards_accounted(kind) != R.DECK[kind]:
            raise ValueError("cards")


def _check_limits(st):
    """The limit cards: each exactly once, in the face-down pile, put aside (O-3) or showing."""
    if st.lims_n + st.used_n != R.NLIMITS - 1:
        raise ValueError("limit cards")
    seen = 0
    for i in range(R.NLIMITS):
        v = st.limit if i == R.NLIMITS - 1 else (st.lims[i] if i < st.lims_n else
                                                 st.used[i - st.lims_n])
        k = _limit_index(v)
        if k < 0 or seen & (1 << k):
            raise ValueError("limit cards")
        seen |= 1 << k


def _limit_index(v):
    for i in range(R.NLIMITS):
        if R.LIMITS[i] == v:
            return i
    return -1
