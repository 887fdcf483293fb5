"""The tower game's rules as a deterministic, allocation-free state machine.

The rulebook is Bausack / Bandu; the decisions G-1..G-4 and T-1..T-9 that settle what it leaves
open are restated in docs/tower.md ("Rules as played").
No physics here: the scene runs the placement in the tower's world and feeds the outcome in with
placed() or collapsed(), so every rule is testable without a world.

State: `tokens`, `alive` (per seat), `owner` (per piece: _SUPPLY, _UNUSED or the seat whose tower
holds it) and the scalars in `v` (array 'h', indices _V_*; the phase is v[_V_PHASE]). A choice
is one call:
    _P_TURN     the active seat: build(piece, opening bid) or push(piece)
    _P_AUCTION  seat v[_V_ASK]: bid(amount) or pass_()
    _P_PUSH     seat v[_V_ASK]: accept() or pay()
    _P_PLACE    seat v[_V_PLACER] places v[_V_PIECE]: placed(x, y, angle) or collapsed(culprit,
                frame)
    _P_OVER     v[_V_WINNER] (-1: draw), v[_V_REASON]
Choices that are forced are made here at once and recorded as such: a seat that cannot raise
passes (T-5), a seat that cannot pay accepts (T-4). can_*() tell what is legal; the apply calls
raise ValueError on an illegal choice (the scenes never offer one). Saving and loading the state
is in save.py. The record (Record) packs each event in a few bytes.
"""
from array import array

from micropython import const


_TOKENS = const(10)              # every pool starts with 10 and never grows
_COMPOUND_FIRST = const(20)      # pieces.COMPOUND_FIRST (pieces.py is not kept loaded)
_NPIECES = const(27)
_MAX_SEATS = const(4)
_SUPPLY = const(255)             # owner: in the supply
_UNUSED = const(254)             # owner: not part of this game (short supply options)

# supply options (index of the "supply" option): which pieces are in play
_SUPPLY_FULL = const(0)
_SUPPLY_CONVEX = const(1)
_SUPPLY_SHORT = const(2)
# beam, brick, the planks, the cubes, roof, frustum, ball, spire
SHORT = b"\x02\x03\x00\x04\x01\x05\x08\x0b\x0d\x09"

# phases
_P_TURN = const(0)
_P_AUCTION = const(1)
_P_PUSH = const(2)
_P_PLACE = const(3)
_P_OVER = const(4)

# where the piece being placed came from
_CTX_OWN = const(0)              # the active seat won its own auction
_CTX_OTHER = const(1)            # another seat won the auction: the active seat goes on after
_CTX_PUSH = const(2)             # accepted from a push

# result reasons
_R_NONE = const(0)
_R_LAST = const(1)               # the last tower standing (T-7)
_R_DRAW = const(2)               # supply exhausted with more than one tower (T-7)

# record event kinds (events.EVENTS, same order)
_E_SEED = const(0)
_E_START = const(1)
_E_TURN = const(2)
_E_AGAIN = const(3)
_E_BUILD = const(4)
_E_BID = const(5)
_E_PASS = const(6)
_E_WIN = const(7)
_E_PUSH = const(8)
_E_PAY = const(9)
_E_ACCEPT = const(10)
_E_RELEASE = const(11)
_E_PLACE = const(12)
_E_COLLAPSE = const(13)
_E_ELIMINATE = const(14)
_E_RESULT = const(15)
_E_PIECE = const(16)

# scalar fields, v[...]
_V_PHASE = const(0)
_V_ACTIVE = const(1)             # whose turn it is
_V_PIECE = const(2)              # the piece in the auction / push / placement (-1: none)
_V_HIGH = const(3)               # auction: the high bid
_V_HIGHSEAT = const(4)           # auction: its bidder
_V_ASK = const(5)                # auction / push: the seat to answer
_V_IN = const(6)                 # auction: bit mask of seats still in
_V_COST = const(7)               # push: the cost to pass it on
_V_PLACER = const(8)
_V_CTX = const(9)
_V_TURNS = const(10)
_V_WINNER = const(11)
_V_REASON = const(12)
_V_START = const(13)
_V_AGAIN = const(14)             # 1 while the active seat goes on after being outbid
_V_SUPPLY = const(15)            # pieces in the supply
_V_PUSHES = const(16)            # passes of the current push
_NV = const(20)


# the record: the longest of 40 four-seat hard-bot games took 1,520 bytes (254 rows, docs/tower.md);
# events beyond _REC_BYTES are counted as lost, never an error
_REC_BYTES = const(2048)
# bytes of each of the 5 fields of a row, by kind (0: no such field); values are signed
_WIDTHS = (b"\x04\x01\x01\x01\x01"    # seed: seed, seats, supply, options, tokens
           b"\x01\x00\x00\x00\x00"    # start: seat
           b"\x01\x02\x01\x00\x00"    # turn: seat, turn, supply
           b"\x01\x01\x00\x00\x00"    # again: seat, supply
           b"\x01\x01\x01\x00\x00"    # build: seat, piece, bid
           b"\x01\x01\x01\x00\x00"    # bid: seat, piece, amount
           b"\x01\x01\x01\x00\x00"    # pass: seat, piece, forced
           b"\x01\x01\x01\x01\x00"    # win: seat, piece, price, tokens
           b"\x01\x01\x00\x00\x00"    # push: seat, piece
           b"\x01\x01\x01\x01\x00"    # pay: seat, piece, cost, tokens
           b"\x01\x01\x01\x01\x00"    # accept: seat, piece, cost, forced
           b"\x01\x01\x03\x03\x03"    # release: seat, piece, x, y, angle
           b"\x01\x01\x03\x03\x03"    # place: seat, piece, x, y, angle
           b"\x01\x01\x01\x03\x01"    # collapse: seat, piece, culprit, frame, why
           b"\x01\x01\x01\x00\x00"    # eliminate: seat, pieces, tokens
           b"\x01\x01\x02\x00\x00"    # result: winner, reason, turns
           b"\x01\x00\x00\x00\x00")   # piece: piece (one row per piece in play)
_ROWLEN = bytes(1 + sum(_WIDTHS[5 * k:5 * k + 5]) for k in range(17))     # bytes of a row, by kind


class Record:
    """The game's record (the console's interface: add(), kind(), field(), n, lost): rows packed
    in one bytearray, each a kind byte and its fields (events.py) little-endian in the widths of
    _WIDTHS; `used` bytes hold `n` rows. A row is found by walking the rows before it (kind(),
    field(); get() reads a field of the row at a known offset). Adding allocates nothing."""

    def __init__(self, size=_REC_BYTES):
        self.buf = bytearray(size)
        self.used = 0
        self.n = 0
        self.lost = 0

    def add(self, kind, a=0, b=0, c=0, d=0, e=0):
        buf = self.buf
        j = self.used
        w = kind * 5
        if j + _ROWLEN[kind] > len(buf):
            self.lost += 1
            return
        buf[j] = kind
        j = _put(buf, j + 1, a, _WIDTHS[w])
        j = _put(buf, j, b, _WIDTHS[w + 1])
        j = _put(buf, j, c, _WIDTHS[w + 2])
        j = _put(buf, j, d, _WIDTHS[w + 3])
        self.used = _put(buf, j, e, _WIDTHS[w + 4])
        self.n += 1

    def start(self, i):
        """Where row i starts in buf."""
        j = 0
        for _ in range(i):
            j += _ROWLEN[self.buf[j]]
        return j

    def kind(self, i):
        return self.buf[self.start(i)]

    def field(self, i, f):
        return self.get(self.start(i), f)

    def get(self, j, f):
        """Field f of the row starting at buf[j] (0 when the row's kind has no such field)."""
        buf = self.buf
        w = buf[j] * 5
        j += 1
        for k in range(w, w + f):
            j += _WIDTHS[k]
        t = j + _WIDTHS[w + f] - 1     # the last (highest) byte
        if t < j:
            return 0
        v = buf[t]
        if v & 0x80:
            v -= 256
        while t > j:
            t -= 1
            v = (v << 8) | buf[t]
        return v


def _put(buf, j, v, size):
    for _ in range(size):
        buf[j] = v & 0xFF
        v >>= 8
        j += 1
    return j


class State:
    def __init__(self, n, record, supply=_SUPPLY_FULL):
        if not 2 <= n <= _MAX_SEATS:
            raise ValueError("seats")
        self.n = n
        self.rec = record
        self.tokens = bytearray(_MAX_SEATS)
        self.alive = bytearray(_MAX_SEATS)
        self.owner = bytearray(_NPIECES)
        self.v = array("h", [0] * _NV)
        self.reset(supply)

    def reset(self, supply=_SUPPLY_FULL):
        for s in range(_MAX_SEATS):
            self.tokens[s] = _TOKENS if s < self.n else 0
            self.alive[s] = 1 if s < self.n else 0
        for p in range(_NPIECES):
            if supply == _SUPPLY_CONVEX:
                inplay = p < _COMPOUND_FIRST
            elif supply == _SUPPLY_SHORT:
                inplay = p in SHORT
            else:
                inplay = True
            self.owner[p] = _SUPPLY if inplay else _UNUSED
        v = self.v
        for i in range(_NV):
            v[i] = 0
        v[_V_PIECE] = -1
        v[_V_WINNER] = -1
        v[_V_PLACER] = -1
        v[_V_SUPPLY] = self.supply_count()

    # -- queries -----------------------------------------------------------------------------
    def supply_count(self):
        k = 0
        for p in range(_NPIECES):
            if self.owner[p] == _SUPPLY:
                k += 1
        return k

    def in_supply(self, p):
        return 0 <= p < _NPIECES and self.owner[p] == _SUPPLY

    def alive_count(self):
        k = 0
        for s in range(self.n):
            if self.alive[s]:
                k += 1
        return k

    def next_alive(self, s):
        """The next seat clockwise after s that is still in the game (G-1)."""
        n = self.n
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            if self.alive[s]:
                return s
        return s

    def tower_size(self, s):
        k = 0
        for p in range(_NPIECES):
            if self.owner[p] == s:
                k += 1
        return k

    def can_build(self, piece, bid):
        """T-3: any supply piece, an opening bid from 0 up to the active seat's tokens (T-5)."""
        return self.v[_V_PHASE] == _P_TURN and self.in_supply(piece) and \
            0 <= bid <= self.tokens[self.v[_V_ACTIVE]]

    def can_push(self, piece):
        return self.v[_V_PHASE] == _P_TURN and self.in_supply(piece)

    def can_raise(self, s, amount):
        """T-3: strictly higher than the high bid, within the bidder's own tokens."""
        return self.v[_V_PHASE] == _P_AUCTION and s == self.v[_V_ASK] and \
            self.v[_V_HIGH] < amount <= self.tokens[s]

    def can_pay(self, s):
        """T-4: the receiver pays the current cost to send the piece on."""
        return self.v[_V_PHASE] == _P_PUSH and s == self.v[_V_ASK] and self.tokens[s] >= self.v[_V_COST]

    # -- the game ----------------------------------------------------------------------------
    def start(self, rng, seat=-1):
        """The pieces in play into the record (T-1); G-2: no physical ritual to perform, so a
        random first player from the seeded generator, or `seat` (play again: the start
        rotates); then the first turn."""
        for p in range(_NPIECES):
            if self.owner[p] == _SUPPLY:
                self.rec.add(_E_PIECE, p)
        s = seat if seat >= 0 else rng.below(self.n)
        self.v[_V_START] = s
        self.rec.add(_E_START, s)
        self._begin_turn(s)

    def _begin_turn(self, s):
        v = self.v
        v[_V_PHASE] = _P_TURN
        v[_V_ACTIVE] = s
        v[_V_AGAIN] = 0
        v[_V_PIECE] = -1
        v[_V_PLACER] = -1
        v[_V_TURNS] += 1
        self.rec.add(_E_TURN, s, v[_V_TURNS], v[_V_SUPPLY])

    def _again(self):
        """T-3: outbid, the active player's turn continues (Build again or Push)."""
        v = self.v
        v[_V_PHASE] = _P_TURN
        v[_V_AGAIN] = 1
        v[_V_PIECE] = -1
        v[_V_PLACER] = -1
        self.rec.add(_E_AGAIN, v[_V_ACTIVE], v[_V_SUPPLY])

    def build(self, piece, bid):
        if not self.can_build(piece, bid):
            raise ValueError("build")
        v = self.v
        a = v[_V_ACTIVE]
        v[_V_PIECE] = piece
        v[_V_HIGH] = bid
        v[_V_HIGHSEAT] = a
        m = 0
        for s in range(self.n):
            if self.alive[s]:
                m |= 1 << s
        v[_V_IN] = m
        v[_V_ASK] = a
        v[_V_PHASE] = _P_AUCTION
        self.rec.add(_E_BUILD, a, piece, bid)
        self._next_bidder()

    def _next_bidder(self):
        """Bidding goes clockwise from the asker, round and round, over the seats still in.
        Seats that cannot raise pass at once (T-5); the last one in wins (T-3)."""
        v = self.v
        n = self.n
        while True:
            m = v[_V_IN]
            if m & (m - 1) == 0:            # one bidder left: the winner pays the bank
                w = v[_V_HIGHSEAT]
                self.tokens[w] -= v[_V_HIGH]
                self.rec.add(_E_WIN, w, v[_V_PIECE], v[_V_HIGH], self.tokens[w])
                v[_V_PLACER] = w
                v[_V_CTX] = _CTX_OWN if w == v[_V_ACTIVE] else _CTX_OTHER
                v[_V_PHASE] = _P_PLACE
                return
            s = v[_V_ASK]
            for _ in range(n):
                s = s + 1 if s + 1 < n else 0
                if m & (1 << s):
                    break
            v[_V_ASK] = s
            if self.tokens[s] > v[_V_HIGH]:
                return
            v[_V_IN] = m & ~(1 << s)
            self.rec.add(_E_PASS, s, v[_V_PIECE], 1)

    def bid(self, amount):
        v = self.v
        s = v[_V_ASK]
        if not self.can_raise(s, amount):
            raise ValueError("bid")
        v[_V_HIGH] = amount
        v[_V_HIGHSEAT] = s
        self.rec.add(_E_BID, s, v[_V_PIECE], amount)
        self._next_bidder()

    def pass_(self):
        """A pass is final for this piece (T-3)."""
        v = self.v
        if v[_V_PHASE] != _P_AUCTION:
            raise ValueError("pass")
        s = v[_V_ASK]
        v[_V_IN] &= ~(1 << s)
        self.rec.add(_E_PASS, s, v[_V_PIECE], 0)
        self._next_bidder()

    def push(self, piece):
        if not self.can_push(piece):
            raise ValueError("push")
        v = self.v
        v[_V_PIECE] = piece
        v[_V_COST] = 1
        v[_V_PUSHES] = 0
        v[_V_ASK] = self.next_alive(v[_V_ACTIVE])
        v[_V_PHASE] = _P_PUSH
        self.rec.add(_E_PUSH, v[_V_ACTIVE], piece)
        self._offer()

    def _offer(self):
        """T-4: a receiver who cannot pay must accept."""
        v = self.v
        if self.tokens[v[_V_ASK]] < v[_V_COST]:
            self._accept(1)

    def accept(self):
        if self.v[_V_PHASE] != _P_PUSH:
            raise ValueError("accept")
        self._accept(0)

    def _accept(self, forced):
        v = self.v
        s = v[_V_ASK]
        self.rec.add(_E_ACCEPT, s, v[_V_PIECE], v[_V_COST], forced)
        v[_V_PLACER] = s
        v[_V_CTX] = _CTX_PUSH
        v[_V_PHASE] = _P_PLACE

    def pay(self):
        """Pay the cost to the bank; the piece goes on clockwise (the pusher included) and the
        cost rises by one (T-4)."""
        v = self.v
        s = v[_V_ASK]
        if not self.can_pay(s):
            raise ValueError("pay")
        self.tokens[s] -= v[_V_COST]
        self.rec.add(_E_PAY, s, v[_V_PIECE], v[_V_COST], self.tokens[s])
        v[_V_COST] += 1
        v[_V_PUSHES] += 1
        v[_V_ASK] = self.next_alive(s)
        self._offer()

    def released(self, x, y, angle):
        """For the record: the placer let go of the piece at this pose (no state change)."""
        v = self.v
        self.rec.add(_E_RELEASE, v[_V_PLACER], v[_V_PIECE], x, y, angle)

    def placed(self, x, y, angle):
        """The placement ended with the tower standing (T-6); (x, y, angle) is the piece's pose
        at rest. The first piece of a tower is its foundation."""
        v = self.v
        if v[_V_PHASE] != _P_PLACE:
            raise ValueError("placed")
        s = v[_V_PLACER]
        p = v[_V_PIECE]
        self.owner[p] = s
        v[_V_SUPPLY] -= 1
        self.rec.add(_E_PLACE, s, p, x, y, angle)
        if v[_V_SUPPLY] <= 0 and self.alive_count() > 1:
            self._end(-1, _R_DRAW)           # every piece placed, several towers: a draw (T-7)
        elif v[_V_CTX] == _CTX_OTHER:
            self._again()
        else:
            self._begin_turn(self.next_alive(v[_V_ACTIVE]))

    def collapsed(self, culprit, frame, why):
        """The placer's tower collapsed (T-2): piece `culprit`, not the foundation, touched the
        table (why = 1) or left the play area (why = 2). The placer is out: their pieces go back
        to the supply, their tokens to the bank (T-7). A collapse that leaves one player in the
        game ends it with that player as the winner (T-7), a tower or not."""
        v = self.v
        if v[_V_PHASE] != _P_PLACE:
            raise ValueError("collapsed")
        s = v[_V_PLACER]
        self.rec.add(_E_COLLAPSE, s, v[_V_PIECE], culprit, frame, why)
        self.eliminate(s)
        if v[_V_PHASE] == _P_OVER:
            return
        if s != v[_V_ACTIVE] and v[_V_CTX] == _CTX_OTHER:
            self._again()                   # the returned pieces are there to choose (rulebook)
        else:
            self._begin_turn(self.next_alive(v[_V_ACTIVE]))

    def eliminate(self, s):
        v = self.v
        k = 0
        for p in range(_NPIECES):
            if self.owner[p] == s:
                self.owner[p] = _SUPPLY
                k += 1
        v[_V_SUPPLY] += k
        t = self.tokens[s]
        self.tokens[s] = 0
        self.alive[s] = 0
        self.rec.add(_E_ELIMINATE, s, k, t)
        if self.alive_count() == 1:
            for w in range(self.n):
                if self.alive[w]:
                    self._end(w, _R_LAST)    # last tower standing, even briefly (rulebook)

    def _end(self, winner, reason):
        v = self.v
        v[_V_PHASE] = _P_OVER
        v[_V_WINNER] = winner
        v[_V_REASON] = reason
        v[_V_PIECE] = -1
        self.rec.add(_E_RESULT, winner, reason, v[_V_TURNS])
