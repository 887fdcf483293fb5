"""NMBR 9 bots: easy, normal, hard. Public information only (G-4): the bot's own display, the
card to place, and which cards are still to come as a multiset (two of each number minus the
cards turned); never the order of the deck.

Levels
- easy: the highest immediate points (tile x level); ties (all of level 0 alike) at random.
- normal: a heuristic over every legal placement (evaluate()): the points, a cost for numbers
  left on level 0 (keep low numbers down there), the tile's squares as surface for later levels
  (more while many cards are to come), its edges against cells of the same height (flat,
  compact surfaces that later tiles fit on) or lower ones (steps), and holes it would close in
  (cells no tile can ever cover).
- hard: the same heuristic, then for its TOP best placements a look at the next card: for each
  number still to come (weighted by its cards left), the best placement of that tile above the
  table on the display as it would be (or, where it has none, what level 0 is worth to it); the
  placement with the best sum wins. The candidate is put on the seat's own display for the
  look and lifted off again before step() returns (no second display in memory; nothing drawn
  ever sees it).

Thinking is spread over frames: step(budget) does at most `budget` units (a row of positions
looked at costs 1, a placement found 1 more for easy, EVAL for the others) and returns True
when self.move is chosen. The positions come from the state's rules.Finder (free while a bot
thinks): legal placements only, found with the display's row masks.
All arithmetic is on small ints; nothing allocates after __init__.
"""
from array import array

from micropython import const

from games.nmbr9 import rules as R
from games.nmbr9 import tiles as T

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_EASY = const(1)
_ST_NORMAL = const(2)
_ST_HARD = const(3)
# rules.py's public ones, as _R_X
_R_SIZE = const(20)         # the display: SIZE x SIZE cells (M-4)
# -- end of the copies --

EASY = const(_ST_EASY)      # the levels are the core's (tools/nmbr9_tournament.py imports them)
NORMAL = const(_ST_NORMAL)
HARD = const(_ST_HARD)

# the heuristic's weights (docs/nmbr9.md: how they were chosen)
PTS = const(21)             # per point
LOW = const(10)             # per number on level 0
AREA = const(2)             # per square, times the cards still to come / 4
FLUSH = const(4)            # an edge against a cell of the tile's new height
STEP = const(2)             # an edge against a lower cell, per level of difference
WALL = const(0)             # an edge against a higher cell
BORDER = const(1)           # an edge at the display's border
PIT = const(40)             # a cell closed in on every side (never covered again)
TOP = const(4)              # hard: placements that get the look at the next card
LOOK = const(8)             # hard: weight of the next card's expectation, in 16ths

EVAL = const(6)             # units an evaluated placement costs (a position costs 1)
_WORST = const(-0x3FFFFFF)


def evaluate(d, t, m, lv, left):
    """The heuristic value of tile t placed by move m on level lv of display d (before it is
    placed); `left`: cards still to come after this one."""
    r = m >> 10
    x = m & 31
    y = (m >> 5) & 31
    k = t * 4 + r
    v = t * lv * PTS + AREA * T.COUNT[t] * left // 4
    if lv == 0:
        v -= t * LOW
    hf = lv + 1
    h = d.h
    kr = k * 4
    th = T.H[k]
    base = k * T.MAX_EDGES
    for i in range(T.EDGES[k]):
        e = T.EDGE[base + i]
        nx = x + (e & 7) - 1
        ny = y + (e >> 3) - 1
        if nx < 0 or ny < 0 or nx >= _R_SIZE or ny >= _R_SIZE:
            v -= BORDER
            continue
        c = ny * _R_SIZE + nx
        hn = h[c]
        if hn == hf:
            v += FLUSH
        elif hn > hf:
            v -= WALL
        else:
            v -= STEP * (hf - hn)
            # closed in: every other neighbour of that cell higher than it once the tile lies
            shut = True
            for q in range(4):
                if q == 0:
                    px = nx - 1
                    py = ny
                elif q == 1:
                    px = nx + 1
                    py = ny
                elif q == 2:
                    px = nx
                    py = ny - 1
                else:
                    px = nx
                    py = ny + 1
                if px < 0 or py < 0 or px >= _R_SIZE or py >= _R_SIZE:
                    continue
                j = py - y
                if 0 <= j < th and px >= x and (T.ROW[kr + j] >> (px - x)) & 1:
                    continue                    # the tile itself: higher once it lies
                if h[py * _R_SIZE + px] <= hn:
                    shut = False
                    break
            if shut:
                v -= PIT
    return v


class Bot:
    def __init__(self, rng):
        self.rng = rng
        self.find = None                    # the state's finder (begin)
        self.under = bytearray(T.MAX_SQUARES)   # hard: the top tiles under the candidate
        self.height = 0                     # hard: the display's height without it
        self.cand = array("H", [0] * TOP)   # hard: the best placements so far
        self.cval = array("i", [0] * TOP)
        self.clev = bytearray(TOP)
        self.ncand = 0
        self.left = bytearray(T.TILES)      # cards to come per number (public, G-4)
        self.move = -1
        self.level = 0
        self.thinking = False
        # set by begin(); made here so that begin() allocates nothing
        self.kind = EASY
        self.d = None
        self.t = 0
        self.total = 0
        self.ties = 0
        self.stage = 0
        self.i = 0
        self.v = -1
        self.acc = 0
        self.best = _WORST
        self.vbest = _WORST

    def begin(self, st, level):
        """Start choosing where the seat to play puts the current card's tile."""
        self.kind = level
        self.d = st.disp[st.turn]
        self.find = st.finder
        self.t = st.card
        total = 0
        for v in range(T.TILES):
            self.left[v] = st.left(v)
            total += self.left[v]
        self.total = total
        self.ncand = 0
        self.ties = 0
        self.stage = 0
        self.i = 0
        self.v = -1
        self.acc = 0
        self.best = _WORST
        self.move = -1
        self.thinking = True
        self.find.begin(self.d, self.t, True)

    def step(self, budget):
        """Up to `budget` units of thinking; True when self.move is chosen."""
        if not self.thinking:
            return True
        while budget > 0:
            if self.stage == 0:
                f = self.find
                m = f.next(budget)
                budget -= f.used
                if m >= 0:
                    budget -= EVAL if self.kind != EASY else 1
                    self._take(m, f.level)
                elif m == -2:
                    if self.kind == HARD and self.total and self.ncand > 1:
                        self.stage = 1
                        self.i = 0
                        self.v = -1
                    else:
                        self._finish()
                        return True
            else:
                # hard's look: candidate i lies on the display for these units only
                self._lay()
                while budget > 0:
                    budget -= self._look(budget)
                    if self.v < 0:              # candidate i done: the next one
                        self._lift()
                        if self.i >= self.ncand:
                            self._finish()
                            return True
                        self._lay()
                self._lift()
        return False

    def choose(self, st, level):
        """All at once (headless tournaments, tests)."""
        self.begin(st, level)
        while not self.step(4096):
            pass
        return self.move

    # -- the first look: every legal placement -----------------------------------------------
    def _take(self, m, lv):
        t = self.t
        if self.kind == EASY:
            v = t * lv
            if v > self.best:
                self.best = v
                self.ties = 1
                self._set(0, m, v, lv)
            elif v == self.best:
                self.ties += 1                  # one of the ties, each as likely
                if self.rng.below(self.ties) == 0:
                    self._set(0, m, v, lv)
            self.ncand = 1
            return
        v = evaluate(self.d, t, m, lv, self.total)
        n = self.ncand
        keep = TOP if self.kind == HARD else 1
        if n < keep:
            self._set(n, m, v, lv)
            self.ncand = n + 1
            n += 1
        else:
            worst = 0
            for i in range(1, n):
                if self.cval[i] < self.cval[worst]:
                    worst = i
            if v > self.cval[worst]:
                self._set(worst, m, v, lv)

    def _set(self, i, m, v, lv):
        self.cand[i] = m
        self.cval[i] = v
        self.clev[i] = lv

    def _finish(self):
        self.thinking = False
        if not self.ncand:                      # no legal place: the tile is set aside
            self.move = -1
            return
        best = 0
        for i in range(1, self.ncand):
            if self.cval[i] > self.cval[best]:
                best = i
        self.move = self.cand[best]
        self.level = self.clev[best]

    # -- hard: the next card ---------------------------------------------------------------------
    def _lay(self):
        """Candidate i put on the display (lifted off by _lift before step() returns)."""
        d = self.d
        m = self.cand[self.i]
        d.tops_under(self.t, m, self.under)
        self.height = d.height
        d.put(self.t, m, self.clev[self.i])

    def _lift(self):
        self.d.lift(self.under, self.height)

    def _look(self, budget):
        """Units of the look at candidate i (on the display): the next number v (weighted by
        its cards left) answered by its best placement; self.v < 0 once candidate i is done."""
        if self.v < 0:                          # the first units of candidate i
            self.acc = 0
            self.v = 0
            self.vbest = _WORST
            self._open_value()
            return EVAL
        f = self.find
        m = f.next(budget)
        used = f.used
        if m >= 0:
            e = evaluate(self.d, self.v, m, f.level, self.total - 1)
            if e > self.vbest:
                self.vbest = e
            return used + EVAL
        if m == -2:
            if self.vbest == _WORST:            # no place above the table: level 0 it is
                self.vbest = AREA * T.COUNT[self.v] * (self.total - 1) // 4 - self.v * LOW
            self.acc += self.left[self.v] * self.vbest
            self.v += 1
            if not self._open_value():
                self.cval[self.i] += self.acc * LOOK // (16 * self.total)
                self.i += 1
                self.v = -1
        return used if used else 1

    def _open_value(self):
        """The next number with cards to come; False after the last."""
        while self.v < T.TILES:
            if self.left[self.v]:
                self.vbest = _WORST
                self.find.begin(self.d, self.v, True, 1)
                return True
            self.v += 1
        return False
