"""Tip Top bots: easy, normal, hard. Only what their seat could see (G-4).

A bot reads its own hand and public information: the total, the limit, the direction, every
seat's chips (a hand holds as many cards as chips), the face-up pile, the used limit cards (so
the Tip Top pile's cards are known, not their order) and the deck's size. It never reads another
seat's hand, the deck or the order of the Tip Top pile. Unseen cards (per kind) are the deck
table minus its own hand minus the pile: they are in the deck or in the other hands.

Levels
- easy: plays its smallest legal card, in the order 0, 1..5, x2, 10, Spin Out, Top Out, Topsy
  Turvy (so it spends its 0s first and keeps nothing back).
- normal: keeps its escape cards (0, 10, Spin Out, Top Out: playable at any total) and plays its
  largest number (or x2) that fits, the one most likely to be dead later; it attacks when the
  next player is likely stuck after its play, judging by the deck's make-up (not by counting):
  then it plays the card that leaves that player the least room, Top Out included. With only
  escape cards left it spends the cheapest: Spin Out, 0, 10, then Top Out, Topsy Turvy.
- hard: scores every legal card: the next player's chance to be stuck from the unseen cards
  (hypergeometric: every card of that hand illegal), Topsy Turvy's chance to turn a limit below
  the total and the next limit's effect, its own chance to be stuck when its turn comes back
  (its remaining hand plus one unseen card, against the totals the others are likely to leave),
  and the escape cards it keeps.

Chances are per mille, all arithmetic on small ints; nothing allocates after __init__. A choice
is quick (at most four cards to score), so step() finishes within one frame's budget.
"""
from micropython import const

from games.tiptop import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_EASY = const(1)
_ST_NORMAL = const(2)
_ST_HARD = const(3)
# -- end of the copies --

EASY = const(_ST_EASY)      # the levels are the core's (tools/tiptop_tournament.py imports them)
NORMAL = const(_ST_NORMAL)
HARD = const(_ST_HARD)

# escape cards can be played at any total (Topsy Turvy too, but it may lose the round)
_ESCAPE = b"\x01\x00\x00\x00\x00\x00\x00\x01\x01\x01\x00"     # 0, 10, Spin Out, Top Out
_SPEND = b"\x01\x00\x00\x00\x00\x00\x00\x02\x00\x03\x04"      # normal: cheapest escape first (Spin 0)
LIKELY = const(400)         # normal attacks when the next player's stuck chance is above this
# hard's weights: the next player stuck (per mille), my own risk, a lost round by Topsy Turvy,
# and what each card kept in hand is worth (the escape cards)
_W_STUCK = const(2)
_W_RISK = const(1000)
_W_TURVY_LOSS = const(3000)
_W_KEEP = const(600)        # each escape card kept (_ESCAPE)


def chance(bad, unseen, h):
    """Per mille chance that h cards drawn from `unseen` cards of which `bad` are unplayable are
    all unplayable (hypergeometric)."""
    p = 1000
    for i in range(h):
        if bad <= i:
            return 0
        if unseen <= i:
            break
        p = p * (bad - i) // (unseen - i)
    return p


class Bot:
    def __init__(self):
        self.unseen = bytearray(R.KINDS)
        self.mine = bytearray(R.KINDS)
        self.nunseen = 0
        self.move = -1
        self.seat = 0
        self.level = NORMAL

    def begin(self, st, level):
        """Choose a card for the current seat of `st` (its legal() list is filled)."""
        self.level = level
        self.seat = st.turn
        if st.nlegal == 1:
            self.move = st.moves[0]
        elif level == EASY:
            self.move = self._easy(st)
        else:
            self._count(st)
            self.move = self._normal(st) if level == NORMAL else self._hard(st)

    def step(self, st, budget):
        """The choice is made in begin(): one frame (the contract's spread-over-frames API)."""
        return True

    def choose(self, st, level):
        """All at once (headless tournaments, tests)."""
        self.begin(st, level)
        return self.move

    # -- what this seat can see ---------------------------------------------------------------
    def _count(self, st):
        """Own cards and unseen cards per kind (deck table - own hand - the face-up pile)."""
        un = self.unseen
        mine = self.mine
        for k in range(R.KINDS):
            un[k] = R.DECK[k]
            mine[k] = 0
        base = self.seat * R.HAND
        for slot in range(R.HAND):
            c = st.hand[base + slot]
            if c != R.EMPTY:
                un[c] -= 1
                mine[c] += 1
        for i in range(st.pile_n):
            un[st.pile[i]] -= 1
        n = 0
        for k in range(R.KINDS):
            n += un[k]
        self.nunseen = n

    def _bad(self, counts, t, lim):
        """How many cards of `counts` (per kind) may not be played at total t, limit lim."""
        b = 0
        for k in range(R.KINDS):
            if counts[k] and R.effect(k, t, lim) < 0:
                b += counts[k]
        return b

    # -- easy ---------------------------------------------------------------------------------
    def _easy(self, st):
        best = -1
        bc = 99
        base = st.turn * R.HAND
        for i in range(st.nlegal):
            slot = st.moves[i]
            c = st.hand[base + slot]
            if c < bc:
                bc = c
                best = slot
        return best

    # -- normal -------------------------------------------------------------------------------
    def _normal(self, st):
        base = st.turn * R.HAND
        nxt = st.next_seat(st.turn, st.dir)
        h = st.chips[nxt]
        attack = -1
        room = 999
        keep = -1
        gain = -1
        spend = -1
        sv = 99
        for i in range(st.nlegal):
            slot = st.moves[i]
            c = st.hand[base + slot]
            t = R.effect(c, st.total, st.limit)
            d = -st.dir if c == R.SPIN else st.dir
            if d == st.dir and c != R.TURVY:
                # the next player's chance to be stuck, by the deck's make-up (no counting)
                p = chance(self._bad(R.DECK, t, st.limit), R.NCARDS, h)
                if p >= LIKELY and st.limit - t < room:
                    room = st.limit - t
                    attack = slot
            if not _ESCAPE[c] and c != R.TURVY:
                g = t - st.total                # numbers and x2: the largest that fits
                if g > gain:
                    gain = g
                    keep = slot
            elif _SPEND[c] < sv:
                sv = _SPEND[c]
                spend = slot
        if attack >= 0:
            return attack
        if keep >= 0:
            return keep
        return spend

    # -- hard ---------------------------------------------------------------------------------
    def _hard(self, st):
        base = st.turn * R.HAND
        best = -1
        bs = -(1 << 28)
        for i in range(st.nlegal):
            slot = st.moves[i]
            sc = self._score(st, base, slot)
            if sc > bs:
                bs = sc
                best = slot
        return best

    def _score(self, st, base, slot):
        c = st.hand[base + slot]
        lim = st.limit
        t = R.effect(c, st.total, lim)
        d = -st.dir if c == R.SPIN else st.dir
        nxt = st.next_seat(st.turn, d)
        h = st.chips[nxt]
        un = self.unseen
        nun = self.nunseen
        mine = self.mine
        mine[c] -= 1                            # the hand after this card
        if c == R.TURVY:
            # over the limits the Tip Top pile can turn: lose now when below the total
            s = 0
            k = 0
            lose = 0
            for j in range(R.NLIMITS):
                v = R.LIMITS[j]
                if not _in_pile(st, v):
                    continue
                k += 1
                if v < t:
                    lose += 1
                else:
                    s += self._after(st, t, v, h, un, nun, mine)
            sc = (s - lose * _W_TURVY_LOSS) // k if k else -_W_TURVY_LOSS
        else:
            sc = self._after(st, t, lim, h, un, nun, mine)
        mine[c] += 1
        return sc

    def _after(self, st, t, lim, h, un, nun, mine):
        """The position after a play to total t with limit lim, the next player holding h cards:
        the chance that player is stuck, and else my own chance to be stuck at the total it is
        likely to leave me (it plays its largest number that fits, else passes)."""
        p = chance(self._bad(un, t, lim), nun, h)
        room = lim - t
        # the next player's likely reply: the largest gain that fits (numbers, x2)
        risk = 0
        avoid = 0                   # unseen cards of the larger gains (none of them is held)
        q0 = 1000                   # chance to hold none of them
        g = room if room < 5 else 5
        while g >= 1:
            u = un[g]
            if t and t == g and t <= room:
                u += un[R.DOUBLE]
            if u:
                avoid += u
                q1 = chance(nun - avoid, nun, h)
                risk += (q0 - q1) * self._risk(t + g, lim, un, nun, mine) // 1000
                q0 = q1
            g -= 1
        # no number fits: it passes (0, Spin Out) unless stuck
        if q0 > p:
            risk += (q0 - p) * self._risk(t, lim, un, nun, mine) // 1000
        keep = 0
        for k in range(R.KINDS):
            if _ESCAPE[k]:
                keep += mine[k] * _W_KEEP
        return p * _W_STUCK - risk * _W_RISK // 1000 + keep

    def _risk(self, t, lim, un, nun, mine):
        """Per mille chance that I am stuck at total t: every card I keep is dead there and the
        card I draw is too."""
        for k in range(R.KINDS):
            if mine[k] and R.effect(k, t, lim) >= 0:
                return 0
        return self._bad(un, t, lim) * 1000 // (nun if nun else 1)


def _in_pile(st, v):
    """Limit card v can be turned by the next Topsy Turvy: it is in the Tip Top pile (public:
    every card not shown or used), or the pile is empty and it is a used one."""
    if v == st.limit:
        return False
    used = False
    for i in range(st.used_n):
        if st.used[i] == v:
            used = True
    return used if not st.lims_n else not used
