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

from games.nmbr9 import tiles as T

SIZE = const(20)            # the display: SIZE x SIZE cells (M-4)
CELLS = const(400)
FULL = const(0xFFFFF)       # a row of SIZE cells as a bit mask
LEVELS = const(12)          # heights 0..11; 20 tiles reach level 9 at most (docs/nmbr9.md)
DECK = const(20)            # two cards of each number (M-2)
MAX_SEATS = const(4)

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

# the record: a kind and FIELDS fields a row, 8-bit (TYPECODE: every field fits -128..127; the
# seed, a score and the best score in 7-bit digits); its event kinds are named in events.py (same
# order), which the host's export reads and the device never loads
FIELDS = const(5)
TYPECODE = "b"
E_SEED = const(0)
E_START = const(1)
E_FLIP = const(2)
E_PLACE = const(3)
E_LEVEL = const(4)
E_RESULT = const(5)
E_SKIP = const(6)


def rows(n):
    """The record's rows for n seats: exactly what a game makes (seed, start, 20 flips, per seat
    and card a place and a level or one skip, result)."""
    return 23 + 40 * n


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
        # ge[(L - 1) * SIZE + y]: row y's cells of height >= L as bits (bit x), L = 1..LEVELS - 1
        # (every cell has height >= 0: no rows kept for it)
        self.ge = array("i", bytes(4 * (LEVELS - 1) * SIZE))
        self.reset()

    def reset(self):
        for i in range(CELLS):
            self.h[i] = 0
            self.top[i] = 0
        for i in range(LEVELS):
            self.count[i] = 0
        ge = self.ge
        for i in range((LEVELS - 1) * SIZE):
            ge[i] = 0
        self.n = 0
        self.score = 0
        self.height = 0                     # the highest stack
        self.level = 0                      # check(): the level of the last move checked

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
            q = T.SQ[base + i]
            v = h[(y + (q >> 2)) * SIZE + x + (q & 3)]
            if v < lo:
                lo = v
            if v > hi:
                hi = v
        self.level = hi
        if lo != hi:
            return OVERHANG
        top = self.top
        if hi:
            q = T.SQ[base]
            first = top[(y + (q >> 2)) * SIZE + x + (q & 3)]
            two = False
            for i in range(1, n):
                q = T.SQ[base + i]
                if top[(y + (q >> 2)) * SIZE + x + (q & 3)] != first:
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
            q = T.SQ[base + i]
            cx = x + (q & 3)
            c = (y + (q >> 2)) * SIZE + cx
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
            q = T.SQ[base + j]
            c = (y + (q >> 2)) * SIZE + x + (q & 3)
            h[c] = level + 1
            top[c] = i + 1
        ge = self.ge
        at = level * SIZE + y                   # the rows of height >= level + 1
        for j in range(T.H[k]):
            ge[at + j] |= T.ROW[k * 4 + j] << x
        self.count[level] += 1
        if level + 1 > self.height:
            self.height = level + 1
        self.score += t * level
        return t * level

    def tops_under(self, t, m, into):
        """The top tiles of the cells tile t by move m would cover, into `into` (square by
        square): what lift() needs to take it back."""
        k = t * 4 + (m >> 10)
        base = k * T.MAX_SQUARES
        x = m & 31
        y = (m >> 5) & 31
        for j in range(T.COUNT[t]):
            q = T.SQ[base + j]
            into[j] = self.top[(y + (q >> 2)) * SIZE + x + (q & 3)]

    def lift(self, under, height):
        """Take back the last tile put (a bot's trial, so it needs no display of its own):
        its cells get back their heights and the top tiles `under` (tops_under() before the
        put), the display its `height`."""
        i = self.n - 1
        tl = self.tiles
        t = tl[4 * i]
        x = tl[4 * i + 2]
        y = tl[4 * i + 3]
        k = t * 4 + tl[4 * i + 1]
        base = k * T.MAX_SQUARES
        level = self.lev[i]
        h = self.h
        top = self.top
        for j in range(T.COUNT[t]):
            q = T.SQ[base + j]
            c = (y + (q >> 2)) * SIZE + x + (q & 3)
            h[c] = level
            top[c] = under[j]
        ge = self.ge
        at = level * SIZE + y                   # the rows of height >= level + 1
        for j in range(T.H[k]):
            ge[at + j] &= ~(T.ROW[k * 4 + j] << x)
        for j in range(4):
            tl[4 * i + j] = 0
        self.lev[i] = 0
        self.count[level] -= 1
        self.height = height
        self.score -= t * level
        self.n = i



class Finder:
    """The legal placements of one tile on one display, in the order: level, rotation, row,
    column; each distinct rotation once. The same rules as Display.check(), computed a row of
    positions at a time from the display's row masks: the positions of a row where every square
    of the tile is over a cell of the level's height, and (once the level has tiles) where one
    of the tile's edges meets a cell that has a tile on that level; on level 1 and up each such
    position is then checked for two tiles below. Only places a tile can lie are looked at: on
    level L >= 1 the box of the cells of height L; on level 0 the cells next to level-0 tiles, or
    on an empty display every position (with `middle` only the middle one: where the first tile
    goes changes nothing but the room around it, and the bots take the middle). With `lowest`
    1 level 0 is left out."""

    def __init__(self):
        self.ne = array("i", [0] * SIZE)    # per row: cells that are NOT of the level's height
        self.done = True
        self.first = -1
        # set by begin() and the steps; made here so that they allocate nothing
        self.d = None
        self.t = 0
        self.middle = False
        self.lv = 0
        self.r = 4
        self.y = self.y1 = self.ty = 0
        self.todo = 0
        self.level = 0
        self.used = 0
        self.empty = True
        self.bx0 = self.bx1 = self.by0 = self.by1 = 0
        self.xs = 0

    def begin(self, d, t, middle=False, lowest=0):
        self.d = d
        self.t = t
        self.middle = middle
        self.lv = lowest - 1
        self.r = 4                          # past the last rotation: the first call opens a level
        self.y = self.y1 = 0
        self.todo = 0                       # positions of the current row still to give
        self.done = False
        self.level = 0
        self.used = 0

    def _open_level(self):
        """Move to the next level that has room; False when there is none."""
        d = self.d
        ge = d.ge
        ne = self.ne
        while True:
            lv = self.lv + 1
            self.lv = lv
            if lv > d.height or lv + 1 >= LEVELS:
                return False
            b = lv * SIZE                       # ge's rows of height >= lv + 1
            a = b - SIZE                        # (lv >= 1) and >= lv
            x0 = SIZE
            x1 = -1
            y0 = SIZE
            y1 = -1
            for y in range(SIZE):
                if lv == 0:
                    e = ge[b + y]               # occupied cells: the box of the display
                    ne[y] = e
                else:
                    e = ge[a + y] & ~ge[b + y]  # cells of height lv
                    ne[y] = e ^ FULL
                if e:
                    if y < y0:
                        y0 = y
                    y1 = y
                    lo = 0
                    while not e >> lo & 1:
                        lo += 1
                    hi = SIZE - 1
                    while not e >> hi & 1:
                        hi -= 1
                    if lo < x0:
                        x0 = lo
                    if hi > x1:
                        x1 = hi
            self.empty = lv == 0 and y1 < 0
            if self.empty:
                x0 = y0 = 0                     # anywhere
                x1 = y1 = SIZE - 1
            elif lv == 0:                       # a tile must touch: one cell beyond the box
                x0 -= 1
                y0 -= 1
                x1 += 1
                y1 += 1
            elif y1 < 0:
                continue
            self.bx0 = x0
            self.bx1 = x1
            self.by0 = y0
            self.by1 = y1
            self.r = -1
            return True

    def _open_rotation(self):
        """Move to the next rotation on this level (or the next level); False when done."""
        while True:
            self.r += 1
            if self.r >= T.DISTINCT[self.t]:
                if not self._open_level():
                    return False
                continue
            k = self.t * 4 + self.r
            w = T.W[k]
            h = T.H[k]
            if self.empty and self.middle:      # the first tile: the middle
                x0 = x1 = (SIZE - w) >> 1
                y0 = y1 = (SIZE - h) >> 1
            elif self.lv == 0 and not self.empty:
                x0 = self.bx0 - w + 1
                x1 = self.bx1
                y0 = self.by0 - h + 1
                y1 = self.by1
            else:
                x0 = self.bx0
                x1 = self.bx1 - w + 1
                y0 = self.by0
                y1 = self.by1 - h + 1
            if x0 < 0:
                x0 = 0
            if y0 < 0:
                y0 = 0
            if x1 > SIZE - w:
                x1 = SIZE - w
            if y1 > SIZE - h:
                y1 = SIZE - h
            if x0 <= x1 and y0 <= y1:
                self.xs = ((1 << (x1 + 1)) - 1) ^ ((1 << x0) - 1)   # columns x0..x1
                self.y = y0
                self.y1 = y1
                return True

    def _row(self):
        """The positions of row self.y (a bit per column) where the tile is flat on the level
        and, when the level has tiles, touches one of them."""
        t = self.t
        k = t * 4 + self.r
        y = self.y
        ne = self.ne
        ok = self.xs
        base = k * T.MAX_SQUARES
        for i in range(T.COUNT[t]):
            q = T.SQ[base + i]
            ok &= ~(ne[y + (q >> 2)] >> (q & 3))
            if not ok:
                return 0
        lv = self.lv
        if self.d.count[lv]:                    # an edge shared with a tile of the level (M-3)
            ge = self.d.ge
            above = lv * SIZE                   # ge's rows of height >= lv + 1
            base = k * T.MAX_EDGES
            touch = 0
            for i in range(T.EDGES[k]):
                e = T.EDGE[base + i]
                row = y + (e >> 3) - 1
                if 0 <= row < SIZE:
                    g = ge[above + row]
                    dx = e & 7
                    touch |= g >> (dx - 1) if dx else g << 1
            ok &= touch
        return ok

    def next(self, budget):
        """Look at up to `budget` units (a row of positions, or one position on level 1 and up,
        each cost one). Returns the next legal move (self.level: its level), -1 when the budget
        ran out first, -2 when every position was seen. self.used: the units spent."""
        self.used = 0
        if self.done:
            return -2
        used = 0
        while used < budget:
            todo = self.todo
            if not todo:
                if self.y > self.y1 or self.r < 0 or self.r >= T.DISTINCT[self.t]:
                    if not self._open_rotation():
                        self.done = True
                        self.used = used
                        return -2
                used += 1
                self.todo = self._row()
                self.ty = self.y
                self.y += 1
                continue
            x = 0
            while not todo >> x & 1:
                x += 1
            self.todo = todo & (todo - 1)   # the lowest bit given
            k = self.t * 4 + self.r
            y = self.ty
            lv = self.lv
            if lv:                              # on two tiles or more (M-3)
                used += 1
                top = self.d.top
                base = k * T.MAX_SQUARES
                q = T.SQ[base]
                first = top[(y + (q >> 2)) * SIZE + x + (q & 3)]
                two = False
                for i in range(1, T.COUNT[self.t]):
                    q = T.SQ[base + i]
                    if top[(y + (q >> 2)) * SIZE + x + (q & 3)] != first:
                        two = True
                        break
                if not two:
                    continue
            self.used = used
            self.level = lv
            return (self.r << 10) | (y << 5) | x
        self.used = used
        return -1


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
        self.finder = Finder()
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

    def head(self, seed):
        """The record's first row: the seed (30 bits) in five 7-bit digits, the highest first."""
        self._rec(E_SEED, (seed >> 28) & 3, (seed >> 21) & 127, (seed >> 14) & 127,
                  (seed >> 7) & 127, seed & 127)

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
        self._rec(E_START, start, 1 if chosen else 0, self.n)
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
        self._rec(E_LEVEL, seat, level, pts, d.score >> 7, d.score & 127)
        self._next()
        return True

    def can_place(self):
        """Whether the seat to play has a legal place for the card's tile; the first one found
        (the middle of an empty display) is left in self.finder.first."""
        f = self.finder
        f.begin(self.disp[self.turn], self.card, True)
        m = -1
        while m == -1:
            m = f.next(CELLS)
        f.first = m
        return m >= 0

    def skip(self):
        """No legal place anywhere (M-4's bound makes it possible in theory): the tile is set
        aside and scores nothing. Refused (False) while a legal place exists."""
        if self.phase != P_PLACE or self.can_place():
            return False
        self._rec(E_SKIP, self.turn, self.card)
        self._next()
        return True

    def _next(self):
        self.placed += 1
        if self.placed < self.n:
            self.turn = (self.turn + 1) % self.n
        elif self.flipped < DECK:
            self.phase = P_FLIP
        else:
            self._end()

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
        self._rec(E_RESULT, w, best >> 7, best & 127, self.flipped)
