"""NOPE! bots: easy, normal, hard. They decide from what their seat could see (G-4): their own
hand, the discard pile (face up), every seat's card count, the draw pile's count, the demand.
The hidden cards (other hands, the draw pile) are never read: `unseen` counts them by code as
the deck minus the own hand minus the discard pile.

Levels
- easy: a random legal choice (a random set of a random legal head, an action card alone, or
  the draw), a random nomination.
- normal: keeps single-colour cards and its action cards, sheds two-colour cards and jokers
  (KEEP: a set's other cards are the ones it wants least); chooses the top card that asks the
  next player most (PRESS: the count, then the colours of its demand); avoids keeping a hand
  that many possible tops would force to discard (vuln); plays an action card alone when that
  costs less than a set (by the same values); without a set it draws; nominates the weakest
  opponent (fewest cards) for as many cards as that player holds, up to three, in the colour
  most unseen cards show.
- hard: the same candidates (every legal head with normal's choice of other cards, every
  action card alone), the same values for the cards given up and the hand kept, but the
  pressure of each demand is measured by sampling: SAMPLES hands of its victim (the next
  player, or the nominee) drawn from the unseen cards, counting the cards the victim would
  lose (a set, or one card when a matching action card of theirs can answer a bigger demand);
  a demand the victim misses and the hard bot could meet itself costs it that set (the
  demand comes back).

Thinking is spread over frames: step(st, budget) does at most `budget` units (hard: one unit =
one candidate's fixed values, or one sample for all candidates) and returns True once self.move
is chosen (normal: one legal choice valued a unit; easy and nominations at once). Integer
arithmetic only; nothing allocates after __init__.
"""

from micropython import const

from games.nope import cards as C
from games.nope import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_EASY = const(1)
_ST_NORMAL = const(2)
_ST_HARD = const(3)
# -- end of the copies --

EASY = const(_ST_EASY)      # the levels are the core's (tools/nope_tournament.py imports them)
NORMAL = const(_ST_NORMAL)
HARD = const(_ST_HARD)

_CARD = const(100)           # the value of a card in hand
_SAMPLES = const(32)        # hard: sampled hands of the victims
_VULN = const(8)             # hard: weight (quarters) of the exposure of the hand kept
_PRESS_COUNT = const(60)     # normal: a demand's worth per card it asks for
_PRESS_COLOUR = const(10)    # normal: and per colour it offers
_BIG = const(100000)

# how much a card is worth keeping beyond being a card (normal and hard), by kind and colours
# shown: single-colour numbers and action cards stay, two-colour cards and jokers go first
KEEP_NUMBER = (0, 30, 12, 0, 0)     # by the number of colours shown
_KEEP_JOKER = const(0)
KEEP_ACTION = (0, 0, 60, 45, 50)    # by kind: -, -, Reset, See-through, Nominate


def keep(code):
    k = C.KIND[code]
    if k == C.K_NUMBER:
        c = C.COLS[code]
        return KEEP_NUMBER[(c & 1) + ((c >> 1) & 1) + ((c >> 2) & 1) + (c >> 3)]
    if k == C.K_JOKER:
        return _KEEP_JOKER
    return KEEP_ACTION[k]


class Bot:
    def __init__(self, nseats, deal, actions, alone, rng):
        """Its fields: games/nope/begin.py's bot() (code run once a game)."""
        from games.nope import begin
        begin.bot(self, nseats, rng)

    # -- what the seat can see (G-4) ------------------------------------------------------------
    def look(self, st, me):
        """Count the cards `me` cannot see: the deck minus its hand minus the discard pile."""
        u = self.unseen
        row = me * R.NC
        total = 0
        for code in range(1, C.NCODES):
            k = C.deck_count(code, st.actions) - st.hand[row + code]
            u[code] = k
        for i in range(st.ndisc):
            u[st.disc[i]] -= 1
        for c in range(4):
            self.ucol[c] = 0
        for code in range(1, C.NCODES):
            k = u[code]
            if k:
                total += k
                cols = C.COLS[code]
                for c in range(4):
                    if cols & (1 << c):
                        self.ucol[c] += k
        self.nunseen = total

    # -- the choice -------------------------------------------------------------------------------
    def begin(self, st, level):
        """Start choosing for the seat to move in `st` (its legal() list is filled)."""
        self.level = level
        me = st.to_move()
        self.seat = me
        self.move = -1
        self.thinking = False
        if level == EASY:
            self.move = self._easy(st)
            return
        self.look(st, me)
        if st.phase == R.P_NOMINATE or st.nlegal == 1:
            self.move = self._normal(st)
            return
        if level == NORMAL:                 # one legal choice valued per unit (_normal_unit)
            self.i = 0
            self.best = -_BIG * 10
            self.move = st.moves[0]
            self.thinking = True
            return
        self._hard_begin(st)

    def step(self, st, budget):
        """Up to `budget` units of thinking; True when self.move is chosen."""
        if not self.thinking:
            return True
        while budget > 0 and self.thinking:
            budget -= 1
            if self.level == NORMAL:
                self._normal_unit(st)
            else:
                self._hard_unit(st)
        return not self.thinking

    def choose(self, st, level):
        """All at once (headless tournaments, tests)."""
        self.begin(st, level)
        while not self.step(st, 64):
            pass
        return self.move

    # -- easy -------------------------------------------------------------------------------------
    def _easy(self, st):
        m = st.moves[self.rng.below(st.nlegal)]
        if m & 7 != R.HEAD:
            return m
        me = st.turn
        c = R.head_colour(m)
        top = R.head_top(m)
        buf = self.buf
        n = st.cards_showing(me, c, buf)
        _remove_one(buf, n, top)
        n -= 1
        k = st.dcount - 1
        for i in range(k):                  # k random others: a partial shuffle
            j = i + self.rng.below(n - i)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
        return _set(buf, k, top)

    # -- normal -----------------------------------------------------------------------------------
    def _normal(self, st):
        if st.phase == R.P_NOMINATE:
            return self._nominate(st)
        best = -_BIG * 10
        pick = st.moves[0]
        for i in range(st.nlegal):
            m = st.moves[i]
            kind = m & 7
            if kind == R.DRAW:
                return R.DRAW               # no set: keep the cards, draw
            if kind == R.HEAD:
                m = self._fill(st, m)
            v = self.value(st, m)
            if v > best:
                best = v
                pick = m
        return pick

    def _normal_unit(self, st):
        """_normal's loop, one legal choice a unit (the same choice, spread over frames)."""
        m = st.moves[self.i]
        self.i += 1
        kind = m & 7
        if kind == R.DRAW:
            self.move = R.DRAW
            self.thinking = False
            return
        if kind == R.HEAD:
            m = self._fill(st, m)
        v = self.value(st, m)
        if v > self.best:
            self.best = v
            self.move = m
        if self.i >= st.nlegal:
            self.thinking = False

    def _fill(self, st, head):
        """The set of a head: its top and the other cards showing its colour it wants least."""
        me = st.turn
        c = R.head_colour(head)
        top = R.head_top(head)
        buf = self.buf
        n = st.cards_showing(me, c, buf)
        _remove_one(buf, n, top)
        n -= 1
        k = st.dcount - 1
        for i in range(k):                  # selection of the k least kept
            b = i
            for j in range(i + 1, n):
                if keep(buf[j]) < keep(buf[b]):
                    b = j
            t = buf[i]
            buf[i] = buf[b]
            buf[b] = t
        return _set(buf, k, top)

    def value(self, st, m):
        """Normal: how good move m (a SET or an ACTION) looks, in _CARD units: the cards it
        gives up (_CARD and KEEP each) against how hard the demand it leaves presses the next
        player (PRESS: its count, then its colours)."""
        d = self.demand_after(st, m)
        k = d >> 4
        cols = d & 15
        return _PRESS_COUNT * k + _PRESS_COLOUR * ((cols & 1) + ((cols >> 1) & 1) + ((cols >> 2) & 1)
                                                + (cols >> 3)) + self._base(st, m)

    def demand_after(self, st, m):
        """The demand (count << 4 | colours) move m leaves, and the seat it hits in self.hit:
        the top card's (P-3), what a See-through alone passes on (P-4), a Reset's one card of
        any colour, or a Nominate's choice (_nominee) for the nominee."""
        me = st.turn
        self.hit = st.next_seat(me)
        if m & 7 == R.SET:
            top = R.set_top(m)
            alone = False
        else:
            top = R.action_card(m)
            alone = True
        kind = C.KIND[top]
        if kind == C.K_NOM:
            t = self._nominee(st, me, top)
            if t < 0:
                return 0
            self.hit = t
            return (self.nk << 4) | (1 << self.nc)
        if alone and kind == C.K_SEE:
            return st.pd
        return R.demand_of(top)

    def _after_has(self, st, me, k, cols, m):
        """Whether `me` holds a set for (k, cols) once move m's cards have left its hand."""
        for c in range(4):
            if not cols & (1 << c):
                continue
            n = st.cc[(me << 2) + c]
            for i in range(3):
                code = _card(m, i)
                if code and C.COLS[code] & (1 << c):
                    n -= 1
            if n >= k:
                return True
        return False

    def p_set(self, h, k, cols):
        """Chance (of 1024) that a hand of h unseen cards holds k cards showing one of `cols`:
        per colour a binomial tail on the share of unseen cards showing it, the colours taken
        as independent."""
        u = self.nunseen
        if u <= 0 or h <= 0:
            return 0
        miss = 1024
        for c in range(4):
            if cols & (1 << c):
                f = (self.ucol[c] << 10) // u
                miss = miss * _below(h, f, k) >> 10
        return 1024 - miss

    def _nominee(self, st, me, code):
        """The weakest opponent (fewest cards; the first clockwise on ties), returned, a count of
        their hand up to three (self.nk), and the colour most of the unseen cards show, of the
        card's colours (self.nc). No tuple: returning one allocates under MicroPython."""
        t = -1
        s = me
        for _ in range(st.n - 1):
            s = s + 1 if s + 1 < st.n else 0
            if st.alive[s] and (t < 0 or st.hn[s] < st.hn[t]):
                t = s
        if t < 0:
            return -1
        k = st.hn[t]
        if k > 3:
            k = 3
        cols = C.COLS[code]
        best = -1
        c = 0
        for i in range(4):
            if cols & (1 << i) and self.ucol[i] > best:
                best = self.ucol[i]
                c = i
        self.nk = k
        self.nc = c
        return t

    def _nominate(self, st):
        t = self._nominee(st, st.nom_seat, st.nom_card)
        return R.nominate_move(t, self.nk, self.nc)

    # -- hard -------------------------------------------------------------------------------------
    def _hard_begin(self, st):
        """Candidates: every legal choice (a head with its _fill); drawing, when legal, is taken
        at once (no set: keep every card). Each gets a victim (the next player, or the nominee)
        and the demand that victim will face."""
        me = st.turn
        n = 0
        for i in range(st.nlegal):
            m = st.moves[i]
            kind = m & 7
            if kind == R.DRAW:
                self.move = R.DRAW
                return
            if kind == R.HEAD:
                m = self._fill(st, m)
            if n < len(self.cand) and not _listed(self.cand, n, m):
                self.cand[n] = m
                self.dem[n] = self.demand_after(st, m)
                self.victim[n] = self.hit
                self.hits[n] = 0
                self.loss[n] = 0
                n += 1
        self.ncand = n
        k = 0
        u = self.unseen
        for code in range(1, C.NCODES):     # the unseen cards one by one, for drawing hands
            for _ in range(u[code]):
                self.flat[k] = code
                k += 1
        self.i = 0
        self.j = 0
        self.thinking = True

    def _hard_unit(self, st):
        """One unit: the fixed part of candidate i's value (its cards, the risk to its own
        hand), or, once all are done, one sample: a hand for each victim drawn from the unseen
        cards, each candidate told whether its victim must discard and how many cards that
        costs (one, with a matching action card, when more are asked)."""
        if self.i < self.ncand:
            self.score[self.i] = self._base(st, self.cand[self.i])
            self.i += 1
            return
        me = self.seat
        nxt = st.next_seat(me)
        self._sample(st, nxt, 0)
        for c in range(self.ncand):
            if self.victim[c] != nxt:
                self._sample(st, self.victim[c], st.hn[nxt])
                break
        for c in range(self.ncand):
            v = self.victim[c]
            if v == me:
                continue
            d = self.dem[c]
            k = d >> 4
            cols = d & 15
            if _holds(self.cols4, v, k, cols):
                self.hits[c] += 1
                self.loss[c] += 1 if k > 1 and self.act4[v] & cols else k
        self.j += 1
        if self.j >= _SAMPLES:
            self._hard_finish(st)

    def _sample(self, st, v, at):
        """Draw seat v's hand (st.hn[v] cards) from the unseen cards, after the first `at`
        (already drawn for another seat): its colour counts and the colours of its action
        cards."""
        flat = self.flat
        n = self.nunseen
        rng = self.rng
        b = v << 2
        for c in range(4):
            self.cols4[b + c] = 0
        self.act4[v] = 0
        h = st.hn[v]
        for k in range(at, at + h):
            if k >= n:
                break
            j = k + rng.below(n - k)
            t = flat[k]
            flat[k] = flat[j]
            flat[j] = t
            cols = C.COLS[t]
            for c in range(4):
                if cols & (1 << c):
                    self.cols4[b + c] += 1
            if t >= C.FIRST_ACTION:
                self.act4[v] |= cols

    def _hard_finish(self, st):
        me = self.seat
        best = 0
        for c in range(self.ncand):
            v = self.victim[c]
            d = self.dem[c]
            k = d >> 4
            cols = d & 15
            s = self.score[c]
            if v != me:
                hurt = self.loss[c] * _CARD // _SAMPLES
                if k >= st.hn[v]:
                    hurt += hurt                # it may put the victim out
                s += hurt
                if self._after_has(st, me, k, cols, self.cand[c]):
                    miss = (_SAMPLES - self.hits[c]) * 1024 // _SAMPLES
                    for o in range(st.n):
                        if o != me and o != v and st.alive[o]:
                            miss = miss * (1024 - self.p_set(st.hn[o], k, cols)) >> 10
                    s -= k * _CARD * miss >> 10  # unmet, it may come back to this seat
            self.score[c] = s
            if s > self.score[best]:
                best = c
        self.move = self.cand[best]
        self.thinking = False

    def _base(self, st, m):
        """A candidate's value without its victim: the cards it gives up (_CARD and KEEP each),
        and how exposed the hand it leaves is (vuln)."""
        return -_cost(m) - _VULN * self.vuln(st, m) // 4

    def vuln(self, st, m):
        """How much the hand left after move m is expected to lose to the next demand it
        faces: over the number cards and jokers still unseen (each a possible next top), the
        cards a set would cost (one, with a matching action card, when more are asked)."""
        me = st.turn
        cc = self.cc4
        b = me << 2
        for c in range(4):
            cc[c] = st.cc[b + c]
        for i in range(3):
            code = _card(m, i)
            if code:
                cols = C.COLS[code]
                for c in range(4):
                    if cols & (1 << c):
                        cc[c] -= 1
        acts = 0
        row = me * R.NC
        for code in range(C.FIRST_ACTION, C.NCODES):
            if st.hand[row + code] > _uses(m, code):
                acts |= C.COLS[code]
        u = self.unseen
        tot = 0
        w = 0
        for code in range(1, C.FIRST_ACTION):
            n = u[code]
            if not n:
                continue
            w += n
            k = C.NUMBER[code]
            cols = C.COLS[code]
            for c in range(4):
                if cols & (1 << c) and cc[c] >= k:
                    tot += n * (1 if k > 1 and acts & cols else k)
                    break
        return tot * _CARD // w if w else 0


def _remove_one(buf, n, code):
    for i in range(n):
        if buf[i] == code:
            buf[i] = buf[n - 1]
            return


def _set(buf, k, top):
    """The SET move laying buf[0..k-1] and then `top`."""
    if k == 0:
        return R.set_move(top)
    if k == 1:
        return R.set_move(buf[0], top)
    return R.set_move(buf[0], buf[1], top)


def _card(m, i):
    """Card i (0..2) a SET or ACTION move gives up (0: none)."""
    if m & 7 == R.SET:
        return R.set_cards(m, i)
    return R.action_card(m) if i == 0 else 0


def _uses(m, code):
    """How many cards of `code` move m gives up."""
    k = 0
    for i in range(3):
        if _card(m, i) == code:
            k += 1
    return k


def _cost(m):
    """What the cards of a SET or ACTION move cost: a _CARD each and their KEEP values."""
    if m & 7 == R.ACTION:
        return _CARD + keep(R.action_card(m))
    v = 0
    for i in range(R.set_size(m)):
        v += _CARD + keep(R.set_cards(m, i))
    return v


def _holds(cols4, v, k, cols):
    """Whether sampled seat v's colour counts give a set for (k, cols)."""
    b = v << 2
    for c in range(4):
        if cols & (1 << c) and cols4[b + c] >= k:
            return True
    return False


def _listed(arr, n, m):
    for i in range(n):
        if arr[i] == m:
            return True
    return False


def _below(h, f, k):
    """P(X < k) of 1024 for X binomial(h, f / 1024), k <= 3."""
    q = 1024 - f
    # q^(h - 2), then the terms i = 0, 1, 2 built from it
    base = 1024
    for _ in range(h - 2 if h > 2 else 0):
        base = base * q >> 10
    if h == 1:
        p0 = q
        p1 = f
        p2 = 0
    elif h == 0:
        return 1024
    else:
        p0 = base * q >> 10
        p0 = p0 * q >> 10
        p1 = h * (base * q >> 10) * f >> 10
        p2 = ((base * f >> 10) * f >> 10) * (h * (h - 1) >> 1)
    t = p0
    if k > 1:
        t += p1
    if k > 2:
        t += p2
    return t if t < 1024 else 1024
