"""NMBR 9: the rules as a deterministic, allocation-free state machine.

The rules (RB-...) and the decisions G-1..G-4 and M-1..M-4 are stated in docs/nmbr9.md.

Every seat builds its own display: a SIZE x SIZE grid of cells (M-4). A cell holds a stack of
tiles; `h` is its height (0 = empty) and a tile lies on level h - 1 of the cells it covers. Since
a tile on level L >= 1 has every square above a square of level L - 1 (M-3), every stack is
solid: a cell of height h has a tile on each level 0 .. h - 1, so heights say everything about
levels. A tile placed over cells of equal height H lies on level H; over unequal heights it would
overhang, which is illegal. So a position has exactly one level a tile can lie on.

A move is one small int: rotation << 10 | y << 5 | x, the tile's top-left corner at column x,
row y, turned `rotation` quarter turns clockwise (tiles.py). A game: deal() shuffles the deck
of 20 cards (M-2) with the seeded generator (G-3); flip() turns the next card; place(move) puts
the card's tile on the display of the seat whose turn it is, and the turn passes clockwise
(G-1) until every seat placed it (M-4); after the 20th card the game is over. check() says
whether a move is legal and, if not, why (the reasons below); nothing illegal is ever applied.
"""
from array import array

from micropython import const

from core.buffers import copy
from games.nmbr9 import tiles as T

SIZE = const(20)            # the display: SIZE x SIZE cells (M-4)
CELLS = const(400)
FULL = const(0xFFFFF)       # a row of SIZE cells as a bit mask
LEVELS = const(12)          # heights 0..11; 20 tiles reach level 9 at most (docs/nmbr9.md)
DECK = const(20)            # two cards of each number (M-2)
MAX_SEATS = const(4)
MAX_MOVES = const(1600)     # 4 rotations x 20 x 20: more than any tile can have

# check(): why a move is not legal
OK = const(0)
OFF = const(1)              # a square outside the display
OVERHANG = const(2)         # squares over cells of different heights (M-3: every square above)
TWO_BELOW = const(3)        # level 1 and up: rests on fewer than two tiles (M-3)
NOT_TOUCHING = const(4)     # shares no edge with a tile of its level, which has tiles (M-3)
REASONS = ("", "off the display", "overhangs", "needs two tiles below", "not touching")

# phases
P_DEAL = const(0)           # the deck is not shuffled yet
P_FLIP = const(1)           # the next card is to be turned
P_PLACE = const(2)          # seat `turn` places the card's tile
P_OVER = const(3)

# record event kinds: see events.py (same order)
E_SEED = const(0)
E_START = const(1)
E_FLIP = const(2)
E_PLACE = const(3)
E_LEVEL = const(4)
E_RESULT = const(5)


def move(rot, x, y):
    return (rot << 10) | (y << 5) | x


def rot_of(m):
    return m >> 10


def x_of(m):
    return m & 31


def y_of(m):
    return (m >> 5) & 31


class Display:
    """One seat's display: heights, top tiles, the tiles placed, the score."""

    def __init__(self):
        self.h = bytearray(CELLS)           # stack height per cell (row-major)
        self.top = bytearray(CELLS)         # 1 + index (in `tiles`) of the top tile; 0 empty
        self.tiles = bytearray(DECK * 4)    # per placed tile: number, rotation, x, y
        self.lev = bytearray(DECK)          # per placed tile: its level
        self.count = bytearray(LEVELS)      # tiles per level
        # ge[L * SIZE + y]: row y's cells of height >= L as bits (bit x); ge[0] rows are FULL
        self.ge = array("i", bytes(4 * LEVELS * SIZE))
        self.reset()

    def reset(self):
        for i in range(CELLS):
            self.h[i] = 0
            self.top[i] = 0
        for i in range(LEVELS):
            self.count[i] = 0
        ge = self.ge
        for i in range(LEVELS * SIZE):
            ge[i] = FULL if i < SIZE else 0
        self.n = 0
        self.score = 0
        self.height = 0                     # the highest stack
        self.level = 0                      # check(): the level of the last move checked

    def copy_from(self, o):
        copy(self.h, o.h)
        copy(self.top, o.top)
        copy(self.tiles, o.tiles)
        copy(self.lev, o.lev)
        copy(self.count, o.count)
        copy(self.ge, o.ge)
        self.n = o.n
        self.score = o.score
        self.height = o.height
        self.level = o.level

    def check(self, t, m):
        """OK if tile t may be placed by move m (M-3), else the reason; sets self.level to the
        level the tile would lie on (the highest cell under it)."""
        r = m >> 10
        x = m & 31
        y = (m >> 5) & 31
        k = t * 4 + r
        self.level = 0
        if x + T.W[k] > SIZE or y + T.H[k] > SIZE:
            return OFF
        base = k * T.MAX_SQUARES
        n = T.COUNT[t]
        h = self.h
        lo = LEVELS
        hi = 0
        for i in range(n):
            v = h[(y + T.CY[base + i]) * SIZE + x + T.CX[base + i]]
            if v < lo:
                lo = v
            if v > hi:
                hi = v
        self.level = hi
        if lo != hi:
            return OVERHANG
        top = self.top
        if hi:
            first = top[(y + T.CY[base]) * SIZE + x + T.CX[base]]
            two = False
            for i in range(1, n):
                if top[(y + T.CY[base + i]) * SIZE + x + T.CX[base + i]] != first:
                    two = True
                    break
            if not two:
                return TWO_BELOW
        if self.count[hi] and not self.touches(k, x, y, hi + 1):
            return NOT_TOUCHING
        return OK

    def touches(self, k, x, y, need):
        """Whether a cell sharing an edge with tile-rotation k at x, y has height >= need."""
        base = k * T.MAX_SQUARES
        h = self.h
        for i in range(T.COUNT[k >> 2]):
            cx = x + T.CX[base + i]
            c = (y + T.CY[base + i]) * SIZE + cx
            if cx > 0 and h[c - 1] >= need:
                return True
            if cx < SIZE - 1 and h[c + 1] >= need:
                return True
            if c >= SIZE and h[c - SIZE] >= need:
                return True
            if c < CELLS - SIZE and h[c + SIZE] >= need:
                return True
        return False

    def put(self, t, m, level):
        """Place tile t by move m on `level` (check() said OK). Returns its points (M-3)."""
        r = m >> 10
        x = m & 31
        y = (m >> 5) & 31
        k = t * 4 + r
        base = k * T.MAX_SQUARES
        i = self.n
        self.tiles[4 * i] = t
        self.tiles[4 * i + 1] = r
        self.tiles[4 * i + 2] = x
        self.tiles[4 * i + 3] = y
        self.lev[i] = level
        self.n = i + 1
        h = self.h
        top = self.top
        for j in range(T.COUNT[t]):
            c = (y + T.CY[base + j]) * SIZE + x + T.CX[base + j]
            h[c] = level + 1
            top[c] = i + 1
        ge = self.ge
        at = (level + 1) * SIZE + y
        for j in range(T.H[k]):
            ge[at + j] |= T.ROW[k * 4 + j] << x
        self.count[level] += 1
        if level + 1 > self.height:
            self.height = level + 1
        self.score += t * level
        return t * level

    def legal(self, t, out):
        """Every legal move of tile t into `out` (array of MAX_MOVES); returns the count. Each
        distinct rotation once (DISTINCT: the 0 and the 8 have two)."""
        n = 0
        for r in range(T.DISTINCT[t]):
            k = t * 4 + r
            for y in range(SIZE - T.H[k] + 1):
                for x in range(SIZE - T.W[k] + 1):
                    m = (r << 10) | (y << 5) | x
                    if self.check(t, m) == OK:
                        out[n] = m
                        n += 1
        return n


class State:
    """A game: the deck, whose turn it is, every seat's display."""

    def __init__(self, nseats, record=None):
        if not 1 <= nseats <= MAX_SEATS:
            raise ValueError("seats")
        self.n = nseats
        self.record = record
        self.disp = [Display() for _ in range(nseats)]
        self.deck = bytearray(DECK)
        self.seen = bytearray(T.TILES)      # cards turned so far, per number (public)
        self.moves = array("H", bytes(2 * MAX_MOVES))
        self.reset()

    def reset(self):
        for d in self.disp:
            d.reset()
        for i in range(DECK):
            self.deck[i] = i >> 1           # 0, 0, 1, 1, ... 9, 9 (M-2)
        for i in range(T.TILES):
            self.seen[i] = 0
        self.flipped = 0                    # cards turned
        self.card = 0                       # the number on the card turned last
        self.start = 0                      # the seat that places first each card
        self.turn = 0
        self.placed = 0                     # seats that placed the current card
        self.phase = P_DEAL
        self.winners = 0
        self.reason = OK                    # place(): why the last move was refused

    def _rec(self, kind, a=0, b=0, c=0, d=0, e=0):
        if self.record is not None:
            self.record.add(kind, a, b, c, d, e)

    def deal(self, rng, start):
        """Shuffle the deck (G-3); `start` places first each card, or -1: a seat drawn from the
        generator (G-2). Returns the start seat."""
        rng.shuffle(self.deck)
        chosen = start < 0
        if chosen:
            start = rng.below(self.n)
        self.start = start
        self.turn = start
        self.phase = P_FLIP
        self._rec(E_START, start, 1 if chosen else 0)
        return start

    def flip(self):
        """Turn the next card: every seat places its tile, from the start seat on (M-4)."""
        c = self.deck[self.flipped]
        self.flipped += 1
        self.seen[c] += 1
        self.card = c
        self.turn = self.start
        self.placed = 0
        self.phase = P_PLACE
        self._rec(E_FLIP, c, self.flipped, DECK - self.flipped)

    def left(self, t):
        """Cards of number t not turned yet (public: two of each minus those seen)."""
        return 2 - self.seen[t]

    def check(self, m):
        """check() of the current card's tile by move m on the display of the seat to play."""
        return self.disp[self.turn].check(self.card, m)

    def place(self, m):
        """Place the current card's tile for the seat to play. Returns True, or False with
        self.reason set and nothing changed when the move is not legal."""
        if self.phase != P_PLACE:
            self.reason = OFF
            return False
        seat = self.turn
        d = self.disp[seat]
        t = self.card
        why = d.check(t, m)
        self.reason = why
        if why != OK:
            return False
        level = d.level
        pts = d.put(t, m, level)
        self._rec(E_PLACE, seat, t, m >> 10, m & 31, (m >> 5) & 31)
        self._rec(E_LEVEL, seat, level, pts, d.score)
        self.placed += 1
        if self.placed < self.n:
            self.turn = (seat + 1) % self.n
        elif self.flipped < DECK:
            self.phase = P_FLIP
        else:
            self._end()
        return True

    def _end(self):
        best = -1
        w = 0
        for s in range(self.n):
            sc = self.disp[s].score
            if sc > best:
                best = sc
                w = 1 << s
            elif sc == best:
                w |= 1 << s
        self.winners = w
        self.phase = P_OVER
        self._rec(E_RESULT, w, best, self.flipped)

    def legal(self):
        """Every legal move of the current card for the seat to play, into self.moves."""
        return self.disp[self.turn].legal(self.card, self.moves)
