"""No Respect: the rules as a deterministic, allocation-free state machine.

The rules (RB-...) and the decisions G-1..G-4 and N-1..N-5 are stated in docs/norespect.md.

Board: every seat has three columns of four circles (circle 1 at the bottom) and three discard
circles (one below each column). A circle holds a pile of 1..3 tiles of one value: 1 = built,
2 = stacked, 3 = capped (the column is out of play). 80 tiles, ten each of 1..8, start in the
pool; a turn draws one at random (through the seeded core.rng.Rng passed in, G-3) and plays it.

State lives in bytearrays; a move is one small int:

    move = kind << 4 | seat << 2 | index
    kind BUILD   (0): own column `index`, on the next free circle
         STACK   (1): the top pile of column `index` of `seat` (stack at height 2, cap at 3)
         DISCARD (2): own discard circle `index`

legal() fills self.moves and returns the count; play(move) applies a move in place;
forfeit() eliminates the current player when the count is 0. Nothing here draws or times.
"""
from micropython import const

from core.buffers import copy

NSEATS_MAX = const(4)
VALUES = const(8)
PER_VALUE = const(10)
NTILES = const(80)
COLS = const(3)
CIRCLES = const(4)
CELLS = const(48)          # 4 seats x 3 columns x 4 circles
NCOLS = const(12)          # 4 seats x 3 columns

BUILD = const(0)
STACK = const(1)
DISCARD = const(2)

# phases
P_START = const(0)         # the start draw has not been performed yet
P_DRAW = const(1)          # a turn begins: draw a tile (or end the game when the pool is empty)
P_PLAY = const(2)          # the drawn tile waits for a play (nlegal == 0: the player is out)
P_OVER = const(3)

# why the game ended (record field, result())
R_NONE = const(0)
R_COLUMNS = const(1)       # someone completed a third column (N-4)
R_LAST = const(2)          # only one player left (N-4)
R_POOL = const(3)          # the pool was empty when a turn began (N-4)
REASONS = ("none", "columns", "last", "pool")

# record event kinds: see events.py (same order)
E_SEED = const(0)
E_START_DRAW = const(1)
E_START = const(2)
E_DRAW = const(3)
E_BUILD = const(4)
E_STACK = const(5)
E_CAP = const(6)
E_DISCARD = const(7)
E_CLEAR = const(8)
E_ELIMINATE = const(9)
E_RESULT = const(10)

MAX_MOVES = const(24)      # 3 builds + 12 stacks + 3 discards = 18 at most
STATE_BYTES = const(148)   # save(): 8 header + 16 pool/aside + 96 circles + 24 columns + 4 seats


def move(kind, seat, index):
    return (kind << 4) | (seat << 2) | index


def kind_of(m):
    return m >> 4


def seat_of(m):
    return (m >> 2) & 3


def index_of(m):
    return m & 3


class State:
    def __init__(self, nseats, variant=0, record=None):
        if not 2 <= nseats <= NSEATS_MAX:
            raise ValueError("seats")
        self.n = nseats
        self.variant = 1 if variant else 0
        self.record = record
        self.pool = bytearray(VALUES + 1)     # unseen tiles per value (index 0 unused)
        self.aside = bytearray(VALUES + 1)    # base game: unplayable tiles of eliminated players
        self.val = bytearray(CELLS)           # value of the pile on a circle (0 = empty)
        self.pile = bytearray(CELLS)          # pile height 0..3
        self.h = bytearray(NCOLS)             # circles filled per column 0..4
        self.disc = bytearray(NCOLS)          # discard circle values (0 = empty)
        self.alive = bytearray(NSEATS_MAX)
        self.moves = bytearray(MAX_MOVES)
        self.forced = bytearray(16)           # tests and replays: queued tile values to draw
        self.nforced = 0
        self._sd = bytearray(NSEATS_MAX)      # start draw: this round's tiles per seat
        self._held = bytearray(VALUES + 1)    # start draw: tiles out of the pool per value
        self.reset()

    def reset(self):
        for v in range(1, VALUES + 1):
            self.pool[v] = PER_VALUE
            self.aside[v] = 0
        self.pool[0] = 0
        self.aside[0] = 0
        self.pool_n = NTILES
        for i in range(CELLS):
            self.val[i] = 0
            self.pile[i] = 0
        for i in range(NCOLS):
            self.h[i] = 0
            self.disc[i] = 0
        for s in range(NSEATS_MAX):
            self.alive[s] = 1 if s < self.n else 0
        self.turn = 0
        self.start_seat = 0
        self.drawn = 0
        self.phase = P_START
        self.turns = 0
        self.winners = 0
        self.reason = R_NONE
        self.nlegal = 0
        self.nforced = 0

    def copy_from(self, o):
        """Make this state equal to `o` (same seat count); no record. Allocation-free."""
        self.variant = o.variant
        copy(self.pool, o.pool)
        copy(self.aside, o.aside)
        self.pool_n = o.pool_n
        copy(self.val, o.val)
        copy(self.pile, o.pile)
        copy(self.h, o.h)
        copy(self.disc, o.disc)
        copy(self.alive, o.alive)
        self.turn = o.turn
        self.start_seat = o.start_seat
        self.drawn = o.drawn
        self.phase = o.phase
        self.turns = o.turns
        self.winners = o.winners
        self.reason = o.reason
        self.nlegal = 0
        self.nforced = 0

    def _rec(self, kind, a=0, b=0, c=0, d=0):
        r = self.record
        if r is not None:
            r.add(kind, a, b, c, d)

    # -- tiles ------------------------------------------------------------------------------
    def force(self, values):
        """Queue tile values that the next draws take instead of random ones (tests, replays)."""
        for i in range(len(values)):
            self.forced[self.nforced] = values[i]
            self.nforced += 1

    def _take(self, rng):
        """Take one tile out of the pool at random (G-3) or from the forced queue."""
        if self.nforced:
            v = self.forced[0]
            for i in range(1, self.nforced):
                self.forced[i - 1] = self.forced[i]
            self.nforced -= 1
            if not 1 <= v <= VALUES or not self.pool[v]:
                raise ValueError("forced tile not in the pool")
        else:
            r = rng.below(self.pool_n)
            v = 1
            while r >= self.pool[v]:
                r -= self.pool[v]
                v += 1
        self.pool[v] -= 1
        self.pool_n -= 1
        return v

    def _put_back(self, v, k=1):
        self.pool[v] += k
        self.pool_n += k

    # -- start ------------------------------------------------------------------------------
    def start_draw(self, rng):
        """Who goes first: every seat draws, the highest starts, tied seats draw again until one
        is highest; then all drawn tiles go back into the pool (rulebook "Who goes first?").
        Every game begins with it, games played again included (G-2). Returns the first seat."""
        sd = self._sd
        held = self._held
        for v in range(VALUES + 1):
            held[v] = 0
        contenders = (1 << self.n) - 1
        rnd = 0
        taken = 0
        while True:
            rnd += 1
            best = 0
            for s in range(self.n):
                sd[s] = 0
                if contenders & (1 << s):
                    v = self._take(rng)
                    held[v] += 1
                    taken += 1
                    sd[s] = v
                    self._rec(E_START_DRAW, s, v, rnd)
                    if v > best:
                        best = v
            c = 0
            k = 0
            for s in range(self.n):
                if sd[s] == best:
                    c |= 1 << s
                    k += 1
            contenders = c
            if k == 1:
                break
        for v in range(1, VALUES + 1):
            self._put_back(v, held[v])
            held[v] = 0
        s = 0
        while not contenders & (1 << s):
            s += 1
        self.start_seat = s
        self.turn = s
        self.phase = P_DRAW
        self._rec(E_START, s, rnd, taken)
        return s

    # -- queries ----------------------------------------------------------------------------
    def capped(self, col):
        h = self.h[col]
        return h > 0 and self.pile[(col << 2) + h - 1] >= 3

    def completed(self, col):
        return self.h[col] == CIRCLES

    def top(self, col):
        """Value of the top pile of a column (0 when empty)."""
        h = self.h[col]
        return self.val[(col << 2) + h - 1] if h else 0

    def top_pile(self, col):
        h = self.h[col]
        return self.pile[(col << 2) + h - 1] if h else 0

    def can_build(self, col, v):
        """N-1: strictly descending from the bottom; in the base game the tile on circle p must
        be at least 5 - p so that the column stays completable."""
        h = self.h[col]
        if h >= CIRCLES:
            return False
        if h:
            k = (col << 2) + h - 1
            if self.pile[k] >= 3 or v >= self.val[k]:
                return False
        if not self.variant and v < 4 - h:
            return False
        return True

    def can_stack(self, col, v):
        """Stack or cap: same value on the top pile of a live column (own or anyone's, completed
        ones too: N-3), at most three high; dead columns of eliminated players take nothing."""
        h = self.h[col]
        if not h or not self.alive[col // 3]:
            return False
        k = (col << 2) + h - 1
        return self.val[k] == v and self.pile[k] < 3

    def ncompleted(self, s):
        n = 0
        for c in range(s * 3, s * 3 + 3):
            if self.h[c] == CIRCLES:
                n += 1
        return n

    def ndiscards(self, s):
        n = 0
        for c in range(s * 3, s * 3 + 3):
            if self.disc[c]:
                n += 1
        return n

    def live_tiles(self, s):
        """Tiles (piles counted in full) on the seat's columns that are not capped."""
        n = 0
        for c in range(s * 3, s * 3 + 3):
            if not self.capped(c):
                b = c << 2
                for p in range(self.h[c]):
                    n += self.pile[b + p]
        return n

    def nalive(self):
        n = 0
        for s in range(self.n):
            if self.alive[s]:
                n += 1
        return n

    def next_seat(self, s):
        """G-1: the next seat clockwise that is still in the game."""
        for _ in range(self.n):
            s += 1
            if s >= self.n:
                s = 0
            if self.alive[s]:
                return s
        return s

    def tiles_accounted(self, v):
        """Tiles of value v in pool, on boards, in discards, set aside and in hand (always 10)."""
        n = self.pool[v] + self.aside[v] + (1 if self.drawn == v else 0)
        for i in range(CELLS):
            if self.val[i] == v:
                n += self.pile[i]
        for i in range(NCOLS):
            if self.disc[i] == v:
                n += 1
        return n

    # -- legal moves ------------------------------------------------------------------------
    def legal(self):
        """Fill self.moves with the plays of the drawn tile for the current seat; return the
        count (0: the player is out). Discarding is always a choice when a circle is free (N-2)."""
        v = self.drawn
        me = self.turn
        mv = self.moves
        k = 0
        if self.phase != P_PLAY or not v:
            self.nlegal = 0
            return 0
        b = me * 3
        for c in range(3):
            if self.can_build(b + c, v):
                mv[k] = (BUILD << 4) | (me << 2) | c
                k += 1
        for s in range(self.n):
            if self.alive[s]:
                for c in range(3):
                    if self.can_stack(s * 3 + c, v):
                        mv[k] = (STACK << 4) | (s << 2) | c
                        k += 1
        for c in range(3):
            if not self.disc[b + c]:
                mv[k] = (DISCARD << 4) | (me << 2) | c
                k += 1
        self.nlegal = k
        return k

    def is_legal(self, m):
        for i in range(self.nlegal):
            if self.moves[i] == m:
                return True
        return False

    # -- a turn -----------------------------------------------------------------------------
    def draw(self, rng):
        """Begin the current player's turn. N-4: with the pool empty the game ends instead.
        Returns the number of legal plays of the drawn tile (0 also when the game ended)."""
        if self.phase != P_DRAW:
            raise ValueError("not a draw")
        if not self.pool_n:
            self._end_pool()
            return 0
        v = self._take(rng)
        self.drawn = v
        self.phase = P_PLAY
        self._rec(E_DRAW, self.turn, v, self.pool_n)
        return self.legal()

    def play(self, m):
        """Apply a legal move of the drawn tile (the caller checked it with legal())."""
        v = self.drawn
        me = self.turn
        kind = m >> 4
        idx = m & 3
        if kind == BUILD:
            col = me * 3 + idx
            h = self.h[col]
            k = (col << 2) + h
            self.val[k] = v
            self.pile[k] = 1
            self.h[col] = h + 1
            self._rec(E_BUILD, me, v, idx, h + 1)
            self.drawn = 0
            if h + 1 == CIRCLES and self.ncompleted(me) == 3:
                self._win(1 << me, R_COLUMNS)       # N-4: the third column wins at once
                return
        elif kind == STACK:
            s = (m >> 2) & 3
            col = s * 3 + idx
            h = self.h[col]
            k = (col << 2) + h - 1
            p = self.pile[k] + 1
            self.pile[k] = p
            self.drawn = 0
            if p < 3:
                self._rec(E_STACK, me, v, s, idx)
            else:
                self._rec(E_CAP, me, v, s, idx)
                if self.variant and h < CIRCLES:
                    self._clear(col)                # N-5; a capped completed one stays (N-3)
        else:
            self.disc[me * 3 + idx] = v
            self.drawn = 0
            self._rec(E_DISCARD, me, v, idx)
        self._next()

    def forfeit(self):
        """No play for the drawn tile and all discard circles full: the player is out (N-2).
        Base game: the tile is set aside and the columns stay, dead. Variation (N-5): that tile
        and all the player's tiles return to the pool."""
        me = self.turn
        v = self.drawn
        self.drawn = 0
        self.alive[me] = 0
        returned = 0
        if self.variant:
            self._put_back(v)
            returned = 1
            for c in range(me * 3, me * 3 + 3):
                returned += self._empty_column(c)
                d = self.disc[c]
                if d:
                    self._put_back(d)
                    self.disc[c] = 0
                    returned += 1
        else:
            self.aside[v] += 1
        self._rec(E_ELIMINATE, me, v, returned)
        if self.nalive() == 1:
            s = 0
            while not self.alive[s]:
                s += 1
            self._win(1 << s, R_LAST)               # N-4: the only player left wins
            return
        self._next()

    def _empty_column(self, col):
        n = 0
        b = col << 2
        for p in range(self.h[col]):
            k = b + p
            self._put_back(self.val[k], self.pile[k])
            n += self.pile[k]
            self.val[k] = 0
            self.pile[k] = 0
        self.h[col] = 0
        return n

    def _clear(self, col):
        """Variation: a capped column and the discard below it go back into the pool (N-5)."""
        n = self._empty_column(col)
        d = self.disc[col]
        if d:
            self._put_back(d)
            self.disc[col] = 0
        self._rec(E_CLEAR, col // 3, col % 3, n, d)

    def _next(self):
        self.turns += 1
        self.turn = self.next_seat(self.turn)
        self.phase = P_DRAW
        self.nlegal = 0

    def _win(self, mask, reason):
        self.turns += 1
        self.winners = mask
        self.reason = reason
        self.phase = P_OVER
        self.nlegal = 0
        self._rec(E_RESULT, mask, reason, self.turns)

    def _end_pool(self):
        """N-4: most completed columns, then most tiles on live columns, then fewest discards;
        remaining ties share the win. Only players still in the game are ranked."""
        best = -1
        mask = 0
        for s in range(self.n):
            if self.alive[s]:
                key = (self.ncompleted(s) << 10) | (self.live_tiles(s) << 2) | (3 - self.ndiscards(s))
                if key > best:
                    best = key
                    mask = 1 << s
                elif key == best:
                    mask |= 1 << s
        self.winners = mask
        self.reason = R_POOL
        self.phase = P_OVER
        self.nlegal = 0
        self._rec(E_RESULT, mask, R_POOL, self.turns)

    # -- saving -----------------------------------------------------------------------------
    def save(self):
        """The state as bytes (a suspend: an allocation point). load() reverses it."""
        out = bytearray(STATE_BYTES)
        out[0] = self.n
        out[1] = self.variant
        out[2] = self.phase
        out[3] = self.turn
        out[4] = self.start_seat
        out[5] = self.drawn
        out[6] = self.turns & 255
        out[7] = (self.turns >> 8) & 255
        at = 8
        for v in range(1, VALUES + 1):
            out[at] = self.pool[v]
            out[at + VALUES] = self.aside[v]
            at += 1
        at += VALUES
        out[at:at + CELLS] = self.val
        at += CELLS
        out[at:at + CELLS] = self.pile
        at += CELLS
        out[at:at + NCOLS] = self.h
        at += NCOLS
        out[at:at + NCOLS] = self.disc
        at += NCOLS
        out[at:at + NSEATS_MAX] = self.alive
        return bytes(out)

    def load(self, data):
        """Take a state written by save(); ValueError (and this state reset) when it is not a
        consistent game in progress. A game that is over is not saved, so it does not load."""
        if len(data) != STATE_BYTES or data[0] != self.n or data[1] != self.variant:
            raise ValueError("state header")
        self.reset()
        try:
            self.phase = data[2]
            self.turn = data[3]
            self.start_seat = data[4]
            self.drawn = data[5]
            self.turns = data[6] | (data[7] << 8)
            at = 8
            n = 0
            for v in range(1, VALUES + 1):
                self.pool[v] = data[at]
                self.aside[v] = data[at + VALUES]
                n += data[at]
                at += 1
            self.pool_n = n
            at += VALUES
            self.val[:] = data[at:at + CELLS]
            at += CELLS
            self.pile[:] = data[at:at + CELLS]
            at += CELLS
            self.h[:] = data[at:at + NCOLS]
            at += NCOLS
            self.disc[:] = data[at:at + NCOLS]
            at += NCOLS
            self.alive[:] = data[at:at + NSEATS_MAX]
            self.check()
        except ValueError:
            self.reset()
            raise
        if self.phase == P_PLAY:
            self.legal()

    def check(self):
        """Raise ValueError unless this is a consistent game in progress: every tile accounted
        for, columns strictly descending (N-1 in the base game), piles 1..3 with a cap only on
        top (and, in the variation, only on a completed column), nothing beyond the seats."""
        n = self.n
        if self.phase not in (P_DRAW, P_PLAY):
            raise ValueError("phase")
        if self.turn >= n or self.start_seat >= n or not self.alive[self.turn]:
            raise ValueError("turn")
        if (self.phase == P_PLAY) != (1 <= self.drawn <= VALUES) or self.drawn > VALUES:
            raise ValueError("drawn tile")
        alive = 0
        for s in range(NSEATS_MAX):
            a = self.alive[s]
            if a > 1 or (s >= n and a):
                raise ValueError("alive")
            alive += a
        if alive < 2:
            raise ValueError("players left")
        for col in range(NCOLS):
            s = col // 3
            h = self.h[col]
            d = self.disc[col]
            if h > CIRCLES or d > VALUES or (s >= n and (h or d)):
                raise ValueError("column")
            if self.variant and not self.alive[s] and s < n and (h or d):
                raise ValueError("dead board")       # N-5: an eliminated player's tiles went back
            below = 9
            for p in range(CIRCLES):
                k = (col << 2) + p
                v = self.val[k]
                c = self.pile[k]
                if p >= h:
                    if v or c:
                        raise ValueError("circle")
                    continue
                if not 1 <= v < below or not 1 <= c <= 3:
                    raise ValueError("circle")
                if not self.variant and v < 4 - p:
                    raise ValueError("circle")
                if c == 3 and (p != h - 1 or (self.variant and h < CIRCLES)):
                    raise ValueError("cap")
                below = v
        for s in range(n):
            if self.ncompleted(s) >= 3:
                raise ValueError("finished")
        for v in range(1, VALUES + 1):
            if self.pool[v] > PER_VALUE or self.aside[v] > PER_VALUE or (self.variant and self.aside[v]):
                raise ValueError("pool")
            if self.tiles_accounted(v) != PER_VALUE:
                raise ValueError("tiles")
        if self.turns > 65535:
            raise ValueError("turns")
