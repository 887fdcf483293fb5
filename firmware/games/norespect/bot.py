"""No Respect bots: easy, normal, hard. Public information only (G-4).

Everything in No Respect is public: the boards, the discards, the drawn tile; the pool's count
per value is 10 minus the tiles in sight, so reading State.pool is counting what is on the table.

Levels
- easy: a beginner's habits, no look at risk: build where the drop below the top is smallest,
  else stack/cap an opponent at random, else discard, else stack/cap an own column; one move in
  four is a random legal one.
- normal: tries every legal play on a scratch copy of the state and scores the position
  (evaluate()): completion progress, discard lives, the values it could not place at all
  (elimination risk against its free discard circles), cap risk of its own stacked tops
  (unseen tiles of the top value against the opponents' draws before its turn), minus the
  opponents' average score; noise of +-NOISE on each play, and one play in SLIP is a random
  legal one (a slip: the middle level sits between easy and hard, docs/norespect.md).
- hard: the same look without noise or slips, and sharper: a value with only one to three
  places to go counts as partly unplayable (a place can vanish before the tile comes), the cap
  risk of every top (also the singles that a stack would expose), the opponents weighted
  towards the leader (attack the leader).
Equal best plays are told apart by the bot's generator (seeded with the game): different seeds
give different games, the same seed replays exactly.

Thinking is spread over frames: step(budget) does at most `budget` units (one unit = one play
tried on a scratch state and scored) and returns True when the move is chosen.
All arithmetic is on small ints; nothing allocates after __init__. No tuple of constants holds an
int beyond +-8191 (see SURV).
"""
from array import array

from micropython import const

from core.buffers import copy
from games.norespect import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_EASY = const(1)
_ST_NORMAL = const(2)
_ST_HARD = const(3)
# -- end of the copies --

EASY = const(_ST_EASY)      # the levels are the core's (tools/norespect_tournament.py imports them)
NORMAL = const(_ST_NORMAL)
HARD = const(_ST_HARD)

WIN = const(1000000)
LOSS = const(20000)         # an eliminated seat's score
COMPLETE = const(500)       # a completed column (credit kept when capped, N-3)
LIFE = const(1680)          # a free discard circle
EMPTY = const(252)          # an empty column that can still be started
CAP_LOSS = const(250)       # losing a column to a cap costs more than its progress
# progress of a live column by circles filled, and per extra buildable value for the next one
PROG = (0, 98, 224, 392)
SLACK = const(40)
# a value with 0, 1, 2, 3 places to go (own builds, tops to stack anywhere) counts this much
# (per mille) as unplayable: one place can vanish before the tile comes
PLACES_W = (1000, 500, 250, 50)
# elimination risk: weight of the (weighted) unplayable share of the pool, by free discards.
# An array, not a tuple: a tuple of constants is frozen into the image (MicroPython's mpy-tool)
# with every int beyond +-8191 as a big-integer object, and 20000 * a small int would then build
# a temporary big integer (32 bytes) at every call; an array's items are read as small ints.
SURV = array("H", [20000, 6000, 2000, 1959])
LEAD = const(2)             # hard: the leader counts this many times the opponents' average
NOISE = const(150)          # normal: +-noise on each play's score
SLIP = const(6)             # normal: one play in SLIP is a random legal one

_places = bytearray(9)      # per value: places to stack it (tops of live columns, below 3 high)
_mine = bytearray(9)        # per value: those plus the seat's own build places


def _seat_score(st, s, draws, level):
    """Score of seat s (public information only); draws = opponents' draws before its turn."""
    if not st.alive[s]:
        return -LOSS
    pool = st.pool
    n = st.pool_n
    if n < 1:
        n = 1
    val = st.val
    pile = st.pile
    hh = st.h
    var = st.variant
    pl = _mine
    copy(pl, _places)
    score = 0
    free = 0
    for c in range(s * 3, s * 3 + 3):
        if not st.disc[c]:
            free += 1
        h = hh[c]
        if h == 4:
            score += COMPLETE
            continue
        if h == 0:
            for v in range(1 if var else 4, 9):
                pl[v] += 1
            score += EMPTY
            continue
        k = (c << 2) + h - 1
        t = val[k]
        p = pile[k]
        if p >= 3:
            continue                        # capped: dead (base game only)
        for v in range(1 if var else 4 - h, t):
            pl[v] += 1
        slack = t - 5 + h                   # buildable values for the next circle, minus one
        if slack < 0:
            cv = 20                         # variation: this column cannot be completed
        else:
            cv = PROG[h] + SLACK * (slack if slack < 3 else 3)
        # cap risk: tiles of the top value still unseen, opponents' draws before our turn
        if level == HARD or p == 2:
            q = draws * pool[t] * 1000 // n
            if q > 1000:
                q = 1000
            if p == 2:
                loss = cv + CAP_LOSS if not var else cv
                cv -= q * loss // 1000
            else:
                cv -= q * cv // 5000
        score += cv
    u = 0
    for v in range(1, 9):
        c = pl[v]
        if c == 0:
            u += pool[v] * 1000
        elif c < 4 and level == HARD:
            u += pool[v] * PLACES_W[c]      # hard: a value with few places is half lost
    score += free * LIFE
    # u <= 1000 * (tiles in the pool) <= 1000 * n, so (u // n) * SURV[free] <= 1000 * 20000:
    # every intermediate stays a small int (31 bits on a 32-bit port)
    score -= (u // n) * SURV[free] // 1000
    return score


def _stack_places(st):
    """Fill _places: per value, the tops of live columns that can take one more tile."""
    pl = _places
    for v in range(9):
        pl[v] = 0
    val = st.val
    pile = st.pile
    hh = st.h
    for col in range(st.n * 3):
        h = hh[col]
        if h and st.alive[col // 3]:
            k = (col << 2) + h - 1
            if pile[k] < 3:
                pl[val[k]] += 1


def evaluate(st, me, level):
    """The position after a play, from `me`'s side (bigger is better)."""
    if st.phase == R.P_OVER:
        w = st.winners
        if w & (1 << me):
            k = 0
            for s in range(st.n):
                if w & (1 << s):
                    k += 1
            return WIN // k
        return -WIN
    _stack_places(st)
    draws = st.nalive() - 1
    mine = _seat_score(st, me, draws, level)
    top = -WIN
    total = 0
    k = 0
    for s in range(st.n):
        if s != me and st.alive[s]:
            o = _seat_score(st, s, draws, level)
            total += o
            k += 1
            if o > top:
                top = o
    if not k:
        return mine
    if level == HARD:
        return mine - (LEAD * top + total // k) // (LEAD + 1)     # attack the leader
    return mine - total // k


def _play(sim, m):
    """Apply m on a scratch state; a turn that would begin with an empty pool ends it (N-4)."""
    sim.play(m)
    if sim.phase == R.P_DRAW and not sim.pool_n:
        sim.draw(None)


class Bot:
    def __init__(self, nseats, variant, rng):
        self.rng = rng
        self.sim = R.State(nseats, variant)
        self.cand = bytearray(R.MAX_MOVES)
        self.score = array("i", [0] * R.MAX_MOVES)
        self.ncand = 0
        self.i = 0
        self.level = NORMAL
        self.seat = 0
        self.move = -1
        self.thinking = False

    def begin(self, st, level):
        """Start choosing a play for the current seat of `st` (its legal() list is filled)."""
        self.level = level
        self.seat = st.turn
        n = st.nlegal
        for k in range(n):
            self.cand[k] = st.moves[k]
        self.ncand = n
        self.i = 0
        self.move = -1
        self.thinking = True
        if n == 1:
            self.move = self.cand[0]
            self.thinking = False
        elif level == EASY:
            self.move = self._easy(st)
            self.thinking = False
        elif level == NORMAL and self.rng.below(SLIP) == 0:
            self.move = self.cand[self.rng.below(n)]        # a slip: no look at all
            self.thinking = False

    def step(self, st, budget):
        """Do up to `budget` units of thinking (one unit: one play tried and scored). True when
        self.move is chosen."""
        if not self.thinking:
            return True
        me = self.seat
        level = self.level
        sim = self.sim
        while budget > 0:
            budget -= 1
            sim.copy_from(st)
            _play(sim, self.cand[self.i])
            e = evaluate(sim, me, level)
            if level == NORMAL:
                e += self.rng.below(2 * NOISE + 1) - NOISE
            self.score[self.i] = e
            self.i += 1
            if self.i >= self.ncand:
                self._finish()
                return True
        return False

    def choose(self, st, level):
        """All at once (headless tournaments, tests)."""
        self.begin(st, level)
        while not self.step(st, 64):
            pass
        return self.move

    def _finish(self):
        """The best score; equal best plays are told apart by the bot's own generator (seeded
        with the game), so different seeds give different games and a seed replays exactly."""
        sc = self.score
        best = 0
        ties = 1
        for k in range(1, self.ncand):
            if sc[k] > sc[best]:
                best = k
                ties = 1
            elif sc[k] == sc[best]:
                ties += 1
                if self.rng.below(ties) == 0:
                    best = k
        self.move = self.cand[best]
        self.thinking = False

    # -- easy --------------------------------------------------------------------------------
    def _easy(self, st):
        n = self.ncand
        cand = self.cand
        if self.rng.below(4) == 0:
            return cand[self.rng.below(n)]
        me = st.turn
        v = st.drawn
        best = -1
        bd = 99
        for k in range(n):
            m = cand[k]
            if m >> 4 == R.BUILD:
                t = st.top(me * 3 + (m & 3))
                d = (t - v) if t else (9 - v) + 2
                if d < bd:
                    bd = d
                    best = m
        if best >= 0:
            return best
        cnt = 0
        for k in range(n):
            m = cand[k]
            if m >> 4 == R.STACK and (m >> 2) & 3 != me:
                cnt += 1
        if cnt:
            pick = self.rng.below(cnt)
            for k in range(n):
                m = cand[k]
                if m >> 4 == R.STACK and (m >> 2) & 3 != me:
                    if not pick:
                        return m
                    pick -= 1
        for k in range(n):
            if cand[k] >> 4 == R.DISCARD:
                return cand[k]
        return cand[0]
