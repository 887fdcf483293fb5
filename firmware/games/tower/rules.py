"""The tower game's rules as a deterministic, allocation-free state machine.

Rulebook: shared/seeds/001 (Bausack / Bandu); decisions G-1..G-3 and T-1..T-9 (shared/RULES.md).
No physics here: the scene runs the placement in the tower's world and feeds the outcome in with
placed() or collapsed(), so every rule is testable without a world.

State: `tokens`, `alive` (per seat), `owner` (per piece: SUPPLY, UNUSED or the seat whose tower
holds it) and the scalars in `v` (array 'h', indices V_*). A choice is one call:
    P_TURN     the active seat: build(piece, opening bid) or push(piece)
    P_AUCTION  seat `ask`: bid(amount) or pass_()
    P_PUSH     seat `ask`: accept() or pay()
    P_PLACE    seat `placer` places `piece`: placed(x, y, angle) or collapsed(culprit, frame)
    P_OVER     `winner` (-1: draw), `reason`
Choices that are forced are made here at once and recorded as such: a seat that cannot raise
passes (T-5), a seat that cannot pay accepts (T-4). can_*() tell what is legal; the apply calls
raise ValueError on an illegal choice (the scenes never offer one).
"""
from array import array

from micropython import const


TOKENS = const(10)              # every pool starts with 10 and never grows
COMPOUND_FIRST = const(20)      # pieces.COMPOUND_FIRST (not imported: see physics.NAMES)
NPIECES = const(27)
MAX_SEATS = const(4)
SUPPLY = const(255)             # owner: in the supply
UNUSED = const(254)             # owner: not part of this game (short supply options)

# supply options (index of the "supply" option): which pieces are in play
SUPPLY_FULL = const(0)
SUPPLY_CONVEX = const(1)
SUPPLY_SHORT = const(2)
# beam, brick, the planks, the cubes, roof, frustum, ball, spire
SHORT = (2, 3, 0, 4, 1, 5, 8, 11, 13, 9)

# phases
P_TURN = const(0)
P_AUCTION = const(1)
P_PUSH = const(2)
P_PLACE = const(3)
P_OVER = const(4)

# where the piece being placed came from
CTX_OWN = const(0)              # the active seat won its own auction
CTX_OTHER = const(1)            # another seat won the auction: the active seat goes on after
CTX_PUSH = const(2)             # accepted from a push

# result reasons
R_NONE = const(0)
R_LAST = const(1)               # the last tower standing (T-7)
R_DRAW = const(2)               # supply exhausted with more than one tower (T-7)
REASONS = ("none", "last", "draw")

# record event kinds (events.EVENTS, same order)
E_SEED = const(0)
E_START = const(1)
E_TURN = const(2)
E_AGAIN = const(3)
E_BUILD = const(4)
E_BID = const(5)
E_PASS = const(6)
E_WIN = const(7)
E_PUSH = const(8)
E_PAY = const(9)
E_ACCEPT = const(10)
E_RELEASE = const(11)
E_PLACE = const(12)
E_COLLAPSE = const(13)
E_ELIMINATE = const(14)
E_RESULT = const(15)

# scalar fields, v[...]
V_PHASE = const(0)
V_ACTIVE = const(1)             # whose turn it is
V_PIECE = const(2)              # the piece in the auction / push / placement (-1: none)
V_HIGH = const(3)               # auction: the high bid
V_HIGHSEAT = const(4)           # auction: its bidder
V_ASK = const(5)                # auction / push: the seat to answer
V_IN = const(6)                 # auction: bit mask of seats still in
V_COST = const(7)               # push: the cost to pass it on
V_PLACER = const(8)
V_CTX = const(9)
V_TURNS = const(10)
V_WINNER = const(11)
V_REASON = const(12)
V_START = const(13)
V_AGAIN = const(14)             # 1 while the active seat goes on after being outbid
V_SUPPLY = const(15)            # pieces in the supply
V_PUSHES = const(16)            # passes of the current push
NV = const(20)

STATE_BYTES = const(36 + 2 * NV)    # save(): n, 4 tokens, 4 alive, 27 owners, v

# the record (core.record.Record): rows of kind + FIELDS ints; the longest bot game measured had
# 225 rows (docs/tower.md); beyond CAPACITY rows are counted as lost, never an error
CAPACITY = const(400)
FIELDS = const(5)


class State:
    def __init__(self, n, record, supply=SUPPLY_FULL):
        if not 2 <= n <= MAX_SEATS:
            raise ValueError("seats")
        self.n = n
        self.rec = record
        self.tokens = bytearray(MAX_SEATS)
        self.alive = bytearray(MAX_SEATS)
        self.owner = bytearray(NPIECES)
        self.v = array("h", [0] * NV)
        self.reset(supply)

    def reset(self, supply=SUPPLY_FULL):
        for s in range(MAX_SEATS):
            self.tokens[s] = TOKENS if s < self.n else 0
            self.alive[s] = 1 if s < self.n else 0
        for p in range(NPIECES):
            if supply == SUPPLY_CONVEX:
                inplay = p < COMPOUND_FIRST
            elif supply == SUPPLY_SHORT:
                inplay = p in SHORT
            else:
                inplay = True
            self.owner[p] = SUPPLY if inplay else UNUSED
        v = self.v
        for i in range(NV):
            v[i] = 0
        v[V_PIECE] = -1
        v[V_WINNER] = -1
        v[V_PLACER] = -1
        v[V_SUPPLY] = self.supply_count()

    # -- queries -----------------------------------------------------------------------------
    @property
    def phase(self):
        return self.v[V_PHASE]

    @property
    def active(self):
        return self.v[V_ACTIVE]

    @property
    def piece(self):
        return self.v[V_PIECE]

    @property
    def ask(self):
        return self.v[V_ASK]

    @property
    def placer(self):
        return self.v[V_PLACER]

    def supply_count(self):
        k = 0
        for p in range(NPIECES):
            if self.owner[p] == SUPPLY:
                k += 1
        return k

    def in_supply(self, p):
        return 0 <= p < NPIECES and self.owner[p] == SUPPLY

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
        for p in range(NPIECES):
            if self.owner[p] == s:
                k += 1
        return k

    def can_build(self, piece, bid):
        """T-3: any supply piece, an opening bid from 0 up to the active seat's tokens (T-5)."""
        return self.v[V_PHASE] == P_TURN and self.in_supply(piece) and \
            0 <= bid <= self.tokens[self.v[V_ACTIVE]]

    def can_push(self, piece):
        return self.v[V_PHASE] == P_TURN and self.in_supply(piece)

    def min_raise(self):
        return self.v[V_HIGH] + 1

    def max_raise(self, s):
        return self.tokens[s]

    def can_raise(self, s, amount):
        """T-3: strictly higher than the high bid, within the bidder's own tokens."""
        return self.v[V_PHASE] == P_AUCTION and s == self.v[V_ASK] and \
            self.v[V_HIGH] < amount <= self.tokens[s]

    def can_pay(self, s):
        """T-4: the receiver pays the current cost to send the piece on."""
        return self.v[V_PHASE] == P_PUSH and s == self.v[V_ASK] and self.tokens[s] >= self.v[V_COST]

    # -- the game ----------------------------------------------------------------------------
    def start(self, rng):
        """G-2: no physical ritual to perform, so a random first player from the seeded
        generator; then the first turn."""
        s = rng.below(self.n)
        self.v[V_START] = s
        self.rec.add(E_START, s)
        self._begin_turn(s)

    def _begin_turn(self, s):
        v = self.v
        v[V_PHASE] = P_TURN
        v[V_ACTIVE] = s
        v[V_AGAIN] = 0
        v[V_PIECE] = -1
        v[V_PLACER] = -1
        v[V_TURNS] += 1
        self.rec.add(E_TURN, s, v[V_TURNS], v[V_SUPPLY])

    def _again(self):
        """T-3: outbid, the active player's turn continues (Build again or Push)."""
        v = self.v
        v[V_PHASE] = P_TURN
        v[V_AGAIN] = 1
        v[V_PIECE] = -1
        v[V_PLACER] = -1
        self.rec.add(E_AGAIN, v[V_ACTIVE], v[V_SUPPLY])

    def build(self, piece, bid):
        if not self.can_build(piece, bid):
            raise ValueError("build")
        v = self.v
        a = v[V_ACTIVE]
        v[V_PIECE] = piece
        v[V_HIGH] = bid
        v[V_HIGHSEAT] = a
        m = 0
        for s in range(self.n):
            if self.alive[s]:
                m |= 1 << s
        v[V_IN] = m
        v[V_ASK] = a
        v[V_PHASE] = P_AUCTION
        self.rec.add(E_BUILD, a, piece, bid)
        self._next_bidder()

    def _next_bidder(self):
        """Bidding goes clockwise from the asker, round and round, over the seats still in.
        Seats that cannot raise pass at once (T-5); the last one in wins (T-3)."""
        v = self.v
        n = self.n
        while True:
            m = v[V_IN]
            if m & (m - 1) == 0:            # one bidder left
                self._won()
                return
            s = v[V_ASK]
            for _ in range(n):
                s = s + 1 if s + 1 < n else 0
                if m & (1 << s):
                    break
            v[V_ASK] = s
            if self.tokens[s] > v[V_HIGH]:
                return
            v[V_IN] = m & ~(1 << s)
            self.rec.add(E_PASS, s, v[V_PIECE], 1)

    def bid(self, amount):
        v = self.v
        s = v[V_ASK]
        if not self.can_raise(s, amount):
            raise ValueError("bid")
        v[V_HIGH] = amount
        v[V_HIGHSEAT] = s
        self.rec.add(E_BID, s, v[V_PIECE], amount)
        self._next_bidder()

    def pass_(self):
        """A pass is final for this piece (T-3)."""
        v = self.v
        if v[V_PHASE] != P_AUCTION:
            raise ValueError("pass")
        s = v[V_ASK]
        v[V_IN] &= ~(1 << s)
        self.rec.add(E_PASS, s, v[V_PIECE], 0)
        self._next_bidder()

    def _won(self):
        v = self.v
        w = v[V_HIGHSEAT]
        self.tokens[w] -= v[V_HIGH]
        self.rec.add(E_WIN, w, v[V_PIECE], v[V_HIGH])
        v[V_PLACER] = w
        v[V_CTX] = CTX_OWN if w == v[V_ACTIVE] else CTX_OTHER
        v[V_PHASE] = P_PLACE

    def push(self, piece):
        if not self.can_push(piece):
            raise ValueError("push")
        v = self.v
        v[V_PIECE] = piece
        v[V_COST] = 1
        v[V_PUSHES] = 0
        v[V_ASK] = self.next_alive(v[V_ACTIVE])
        v[V_PHASE] = P_PUSH
        self.rec.add(E_PUSH, v[V_ACTIVE], piece)
        self._offer()

    def _offer(self):
        """T-4: a receiver who cannot pay must accept."""
        v = self.v
        if self.tokens[v[V_ASK]] < v[V_COST]:
            self._accept(1)

    def accept(self):
        if self.v[V_PHASE] != P_PUSH:
            raise ValueError("accept")
        self._accept(0)

    def _accept(self, forced):
        v = self.v
        s = v[V_ASK]
        self.rec.add(E_ACCEPT, s, v[V_PIECE], v[V_COST], forced)
        v[V_PLACER] = s
        v[V_CTX] = CTX_PUSH
        v[V_PHASE] = P_PLACE

    def pay(self):
        """Pay the cost to the bank; the piece goes on clockwise (the pusher included) and the
        cost rises by one (T-4)."""
        v = self.v
        s = v[V_ASK]
        if not self.can_pay(s):
            raise ValueError("pay")
        self.tokens[s] -= v[V_COST]
        self.rec.add(E_PAY, s, v[V_PIECE], v[V_COST])
        v[V_COST] += 1
        v[V_PUSHES] += 1
        v[V_ASK] = self.next_alive(s)
        self._offer()

    def released(self, x, y, angle):
        """For the record: the placer let go of the piece at this pose (no state change)."""
        v = self.v
        self.rec.add(E_RELEASE, v[V_PLACER], v[V_PIECE], x, y, angle)

    def placed(self, x, y, angle):
        """The placement ended with the tower standing (T-6); (x, y, angle) is the piece's pose
        at rest. The first piece of a tower is its foundation."""
        v = self.v
        if v[V_PHASE] != P_PLACE:
            raise ValueError("placed")
        s = v[V_PLACER]
        p = v[V_PIECE]
        self.owner[p] = s
        v[V_SUPPLY] -= 1
        self.rec.add(E_PLACE, s, p, x, y, angle)
        if v[V_SUPPLY] <= 0 and self.alive_count() > 1:
            self._end(-1, R_DRAW)           # every piece placed, several towers: a draw (T-7)
        elif v[V_CTX] == CTX_OTHER:
            self._again()
        else:
            self._begin_turn(self.next_alive(v[V_ACTIVE]))

    def collapsed(self, culprit, frame):
        """The placer's tower collapsed (T-2): a piece other than the foundation touched the
        table or left the play area. The placer is out: their pieces go back to the supply,
        their tokens to the bank (T-7). The last tower standing wins at once."""
        v = self.v
        if v[V_PHASE] != P_PLACE:
            raise ValueError("collapsed")
        s = v[V_PLACER]
        self.rec.add(E_COLLAPSE, s, v[V_PIECE], culprit, frame)
        self.eliminate(s)
        if v[V_PHASE] == P_OVER:
            return
        if s != v[V_ACTIVE] and v[V_CTX] == CTX_OTHER:
            self._again()                   # the returned pieces are there to choose (rulebook)
        else:
            self._begin_turn(self.next_alive(v[V_ACTIVE]))

    def eliminate(self, s):
        v = self.v
        k = 0
        for p in range(NPIECES):
            if self.owner[p] == s:
                self.owner[p] = SUPPLY
                k += 1
        v[V_SUPPLY] += k
        t = self.tokens[s]
        self.tokens[s] = 0
        self.alive[s] = 0
        self.rec.add(E_ELIMINATE, s, k, t)
        if self.alive_count() == 1:
            for w in range(self.n):
                if self.alive[w]:
                    self._end(w, R_LAST)    # last tower standing, even briefly (rulebook)

    def _end(self, winner, reason):
        v = self.v
        v[V_PHASE] = P_OVER
        v[V_WINNER] = winner
        v[V_REASON] = reason
        v[V_PIECE] = -1
        self.rec.add(E_RESULT, winner, reason, v[V_TURNS])

    # -- save / load ---------------------------------------------------------------------------
    def save(self, out, at):
        """Write STATE_BYTES bytes into bytearray out at `at`."""
        out[at] = self.n
        for s in range(MAX_SEATS):
            out[at + 1 + s] = self.tokens[s]
            out[at + 5 + s] = self.alive[s]
        for p in range(NPIECES):
            out[at + 9 + p] = self.owner[p]
        k = at + 36
        for i in range(NV):
            x = self.v[i] & 0xFFFF
            out[k] = x & 255
            out[k + 1] = x >> 8
            k += 2
        return at + STATE_BYTES

    def load(self, data, at):
        """Read what save() wrote; ValueError when it does not describe a sane state."""
        if data[at] != self.n:
            raise ValueError("seats")
        for s in range(MAX_SEATS):
            t = data[at + 1 + s]
            a = data[at + 5 + s]
            if t > TOKENS or a > 1 or (s >= self.n and (a or t)):
                raise ValueError("seat state")
            self.tokens[s] = t
            self.alive[s] = a
        for p in range(NPIECES):
            o = data[at + 9 + p]
            if o != SUPPLY and o != UNUSED and o >= self.n:
                raise ValueError("owner")
            self.owner[p] = o
        k = at + 36
        for i in range(NV):
            x = data[k] | (data[k + 1] << 8)
            self.v[i] = x - 65536 if x & 0x8000 else x
            k += 2
        v = self.v
        if not 0 <= v[V_PHASE] <= P_OVER or not 0 <= v[V_ACTIVE] < self.n \
                or v[V_SUPPLY] != self.supply_count() or not -1 <= v[V_PIECE] < NPIECES:
            raise ValueError("scalars")
        if v[V_PHASE] != P_OVER and not self.alive[v[V_ACTIVE]]:
            raise ValueError("active")
        if P_AUCTION <= v[V_PHASE] <= P_PLACE and not self.in_supply(v[V_PIECE]):
            raise ValueError("piece")
        return at + STATE_BYTES
