"""NOPE!: the rules as a deterministic, allocation-free state machine.

The rules (RB-...) and the decisions G-1..G-4, P-1..P-7 and PD-1.. are stated in docs/nope.md.

State: every seat's hand as a count per card code (games/nope/cards.py), the draw pile and the
discard pile as bytearrays of codes (the last entry is the top), and the demand the top of the
discard pile makes: `dcount` cards (1..3) that all show one of the colours in `dcols`.

A turn (phase P_TURN): discard a set (exactly dcount cards sharing one colour of dcols, in an
order of the player's choosing: the last one laid is the new top), play a colour-matching action
card alone (P-2), or, only when no set is held, draw (two cards with two players, P-6). After a
draw (phase P_DRAWN) a set or a matching action card alone must be played if the draw completed
a set; otherwise the player says "Nope!" and the turn ends (done by the draw itself). A Nominate
(played alone, on top of a set, or turned up first) asks its player for a target, a count and a
colour (phase P_NOMINATE, P-5).

Moves are small ints, kind in the low three bits:

    DRAW       0
    SET        1 | card1 << 3 | card2 << 9 | card3 << 15   laying order: the last card is the top
    ACTION     2 | card << 3                               an action card played alone
    _NOMINATE   3 | target << 3 | count << 6 | colour << 8  colour: index 0..3
    HEAD       4 | colour << 3 | top << 5                  in legal() only: "a set of this colour
                                                            with this card on top" (any other
                                                            dcount - 1 cards showing the colour
                                                            complete it)

legal() fills self.moves with HEADs, ACTIONs, DRAW, or the _NOMINATE choices and returns the
count; play(move, rng) applies a DRAW, SET, ACTION or _NOMINATE in place (ValueError if illegal).
rng (a core.rng.Rng, G-3) is used by draws (and the reshuffle) only.
"""

from micropython import const

from games.nope import cards as C

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# cards.py's public ones, as _C_X
_C_NCODES = const(42)       # codes 0..41; 0 = no card
# -- end of the copies --

MAX_SEATS = const(6)
NC = const(_C_NCODES)         # a seat's row in `hand`
DRAW = const(0)
SET = const(1)
ACTION = const(2)
_NOMINATE = const(3)
HEAD = const(4)

# phases
_P_DEAL = const(0)            # nothing dealt yet
P_TURN = const(1)             # the player to move chooses: set, action alone, or draw
P_DRAWN = const(2)            # the draw completed a set: set or action alone (P-6)
P_NOMINATE = const(3)         # nom_seat chooses target, count, colour (P-5)
P_OVER = const(4)

# how the top card came to lie there (it decides what a See-through played on it passes on)
_T_START = const(0)            # turned up from the deck at the start
_T_SET = const(1)              # the last card of a set
T_ACTION = const(2)           # an action card played alone

# record event kinds: see events.py (same order)
E_SEED = const(0)
E_DEALER = const(1)
# 2: the deal rows, written by begin.py
E_FLIP = const(3)
_E_DRAW = const(4)
E_RESHUFFLE = const(5)
E_DISCARD = const(6)
E_ACTION = const(7)
E_NOMINATE = const(8)
E_NOPE = const(9)
E_OUT = const(10)
E_RESULT = const(11)
E_OPTIONS = const(12)

# why a set cannot be played (set_problem())
OK = const(0)
WHY_COUNT = const(1)          # not dcount cards
_WHY_HAND = const(2)          # a card that is not in the hand
WHY_COLOUR = const(3)         # the cards share no colour the top card asks for
_WHY_PHASE = const(4)          # no set can be played now



def set_move(a, b=0, c=0):
    """The SET move laying a, then b, then c (0 = none); the last one given is the top."""
    return SET | (a << 3) | (b << 9) | (c << 15)


def action_move(code):
    return ACTION | (code << 3)


def nominate_move(target, count, colour):
    return _NOMINATE | (target << 3) | (count << 6) | (colour << 8)


def set_cards(m, i):
    """Card i (0..2) of a SET move in laying order (0: none)."""
    return (m >> (3 + 6 * i)) & 63


def set_size(m):
    return 3 if (m >> 15) & 63 else 2 if (m >> 9) & 63 else 1 if (m >> 3) & 63 else 0


def set_top(m):
    return set_cards(m, set_size(m) - 1)


def head_colour(m):
    return (m >> 3) & 3


def head_top(m):
    return (m >> 5) & 63


def action_card(m):
    return (m >> 3) & 63


def nom_target(m):
    return (m >> 3) & 7


def nom_count(m):
    return (m >> 6) & 3


def nom_colour(m):
    return (m >> 8) & 3


def demand_of(code):
    """The demand (count << 4 | colours) a card makes when it is the first card beneath a
    See-through (P-4) or lies on top without having acted: a number card its number and
    colours; a Joker and a Reset one card of any colour; a See-through or a Nominate that never
    nominated one card of its colour(s) (PD-2)."""
    n = C.NUMBER[code]
    return ((n if n else 1) << 4) | C.COLS[code]


class State:
    def __init__(self, nseats, deal=0, actions=1, alone=0, record=None):
        """deal: 0 standard (7 cards, 8 with two players: P-6), 1 younger players (8 each,
        P-7); actions: 1 with the 14 action cards, 0 without (P-7); alone: 0 an action card may
        be played alone with or without a set, 1 only with a set (P-2). The fields:
        games/nope/begin.py's state() (code run once a game)."""
        from games.nope import begin
        begin.state(self, nseats, deal, actions, alone, record)

    def reset(self):
        """No cards dealt yet (a state made, or a resumed game refused: snapshot.py)."""
        for i in range(MAX_SEATS * NC):
            self.hand[i] = 0
        for i in range(MAX_SEATS * 4):
            self.cc[i] = 0
        for s in range(MAX_SEATS):
            self.hn[s] = 0
            self.alive[s] = 1 if s < self.n else 0
        self.npile = 0
        self.ndisc = 0
        self.dcount = 0
        self.dcols = 0
        self.pd = 0             # what a See-through played on the top passes on (P-4)
        self.how = _T_START     # how the top card came there
        self.phase = _P_DEAL
        self.turn = 0
        self.dealer = 0
        self.start_seat = 0
        self.turns = 0
        self.nom_seat = 0
        self.nom_card = 0
        self.ndrew = 0
        self.winners = 0
        self.nlegal = 0

    def _rec(self, kind, a=0, b=0, c=0, d=0, e=0):
        r = self.record
        if r is not None:
            r.add(kind, a, b, c, d, e)

    def record_head(self, seed):
        """The record's first two rows: the seed, then the seats and the options (begin.py)."""
        from games.nope import begin
        begin.record_head(self, seed)

    # -- hands ----------------------------------------------------------------------------------
    def give(self, seat, code):
        """Put a card into a seat's hand."""
        self.hand[seat * NC + code] += 1
        self.hn[seat] += 1
        cols = C.COLS[code]
        b = seat << 2
        for c in range(4):
            if cols & (1 << c):
                self.cc[b + c] += 1

    def take(self, seat, code):
        """Take a card out of a seat's hand (it must be there)."""
        k = seat * NC + code
        if not self.hand[k]:
            raise ValueError("card not in hand")
        self.hand[k] -= 1
        self.hn[seat] -= 1
        cols = C.COLS[code]
        b = seat << 2
        for c in range(4):
            if cols & (1 << c):
                self.cc[b + c] -= 1

    def count(self, seat, code):
        return self.hand[seat * NC + code]

    def showing(self, seat, c):
        """Cards in the seat's hand that show colour index c."""
        return self.cc[(seat << 2) + c]

    def cards_showing(self, seat, c, out):
        """Write the codes of the seat's cards that show colour index c into `out` (one entry
        per card, in code order); returns how many."""
        row = seat * NC
        b = c * C.PER_COLOUR
        k = 0
        for i in range(C.PER_COLOUR):
            code = C.SHOWS[b + i]
            for _ in range(self.hand[row + code]):
                out[k] = code
                k += 1
        return k

    # -- the demand -----------------------------------------------------------------------------
    def top(self):
        return self.disc[self.ndisc - 1] if self.ndisc else 0

    def has_set(self, seat=-1):
        """Whether the seat (default: the player to move) holds a set for the demand: dcount
        cards showing one colour of dcols."""
        if seat < 0:
            seat = self.turn
        k = self.dcount
        cols = self.dcols
        b = seat << 2
        for c in range(4):
            if cols & (1 << c) and self.cc[b + c] >= k:
                return True
        return False

    def _set_demand(self, d):
        self.dcount = d >> 4
        self.dcols = d & 15

    # -- the start ----------------------------------------------------------------------------
    def deal(self, rng, start=-1):
        """Shuffle, choose the dealer, deal and turn up the first card (G-2, G-3; begin.py: code
        run once a game, which the scene forgets after the start)."""
        from games.nope import begin
        begin.deal(self, rng, start)

    # -- legal moves ----------------------------------------------------------------------------
    def legal(self):
        """Fill self.moves with the choices of the player to move and return their count."""
        mv = self.moves
        k = 0
        ph = self.phase
        if ph == P_TURN or ph == P_DRAWN:
            me = self.turn
            row = me * NC
            hs = self.has_set(me)
            if hs:
                cnt = self.dcount
                for c in range(4):
                    if self.dcols & (1 << c) and self.cc[(me << 2) + c] >= cnt:
                        b = c * C.PER_COLOUR
                        for i in range(C.PER_COLOUR):
                            code = C.SHOWS[b + i]
                            if self.hand[row + code]:
                                mv[k] = HEAD | (c << 3) | (code << 5)
                                k += 1
            if hs or (ph == P_TURN and not self.alone):
                for code in range(C.FIRST_ACTION, NC):
                    if self.hand[row + code] and C.COLS[code] & self.dcols:
                        mv[k] = ACTION | (code << 3)
                        k += 1
            if ph == P_TURN and not hs:
                mv[k] = DRAW
                k += 1
        elif ph == P_NOMINATE:
            me = self.nom_seat
            cols = C.COLS[self.nom_card]
            for s in range(self.n):
                if s == me or not self.alive[s]:
                    continue
                for cnt in range(1, 4):
                    for c in range(4):
                        if cols & (1 << c):
                            mv[k] = _NOMINATE | (s << 3) | (cnt << 6) | (c << 8)
                            k += 1
        self.nlegal = k
        return k

    def set_problem(self, m):
        """Why the SET move m cannot be played now (OK when it can): it must be exactly dcount
        cards of the hand that all show one colour the demand asks for (RB-D3, RB-D4)."""
        if self.phase != P_TURN and self.phase != P_DRAWN:
            return _WHY_PHASE
        n = set_size(m)
        if m >> 21 or n != self.dcount:
            return WHY_COUNT
        row = self.turn * NC
        common = self.dcols
        for i in range(n):
            code = set_cards(m, i)
            if not code:
                return WHY_COUNT          # a gap in the laying order
            if code >= NC:
                return _WHY_HAND
            need = 1
            for j in range(i):
                if set_cards(m, j) == code:
                    need += 1
            if self.hand[row + code] < need:
                return _WHY_HAND
            common &= C.COLS[code]
        if not common:
            return WHY_COLOUR
        return OK

    def is_legal(self, m):
        kind = m & 7
        if kind == SET:
            return self.set_problem(m) == OK
        if kind == HEAD:
            return False
        for i in range(self.nlegal):
            if self.moves[i] == m:
                return True
        return False

    # -- a turn ---------------------------------------------------------------------------------
    def play(self, m, rng=None):
        """Apply a legal DRAW, SET, ACTION or _NOMINATE move (ValueError otherwise)."""
        if not self.is_legal(m):
            raise ValueError("illegal move")
        kind = m & 7
        if kind == DRAW:
            self._draw_turn(rng)
        elif kind == SET:
            self._play_set(m)
        elif kind == ACTION:
            self._play_action((m >> 3) & 63)
        else:
            self._nominate(nom_target(m), nom_count(m), nom_colour(m))
        if self.phase != P_OVER:
            self.legal()

    def _draw_turn(self, rng):
        """No set: draw one card (two with two players, P-6). If the draw completes a set the
        player must now play it (or a matching action card alone, P-6); else "Nope!" and the
        turn ends. With nothing left to draw, "Nope!" without drawing (P-6)."""
        me = self.turn
        self.ndrew = 0
        for i in range(2 if self.two else 1):
            code = self._draw_one(rng)
            if not code:
                break
            self.drew[i] = code
            self.ndrew = i + 1
            self.give(me, code)
            self._rec(_E_DRAW, me, code, self.npile)
        if self.ndrew and self.has_set(me):
            self.phase = P_DRAWN
            return
        self._rec(E_NOPE, me, self.ndrew)
        self._next_turn(me)

    def _draw_one(self, rng):
        """The top card of the draw pile; an empty pile is first refilled from the discard pile
        but its top card (RB-E1). 0 when there is nothing to draw."""
        if not self.npile:
            if self.ndisc < 2:
                return 0
            self._reshuffle(rng)
        self.npile -= 1
        return self.pile[self.npile]

    def _reshuffle(self, rng):
        n = self.ndisc - 1
        top = self.disc[n]
        for i in range(n):
            self.pile[i] = self.disc[i]
        rng.shuffle(self.pile, n)
        self.npile = n
        self.disc[0] = top
        self.ndisc = 1
        self._rec(E_RESHUFFLE, n, top)

    def _lay(self, code):
        """A card goes face up on the discard pile. What a See-through played on it later
        passes on (P-4): its own demand, except under a See-through, which passes on what lies
        beneath it."""
        if C.KIND[code] != C.K_SEE:
            self.pd = demand_of(code)
        self.disc[self.ndisc] = code
        self.ndisc += 1

    def _play_set(self, m):
        me = self.turn
        n = set_size(m)
        for i in range(n):
            code = set_cards(m, i)
            self.take(me, code)
            self._lay(code)
        self._rec(E_DISCARD, me, n, set_cards(m, 0), set_cards(m, 1), set_cards(m, 2))
        top = set_cards(m, n - 1)
        self.how = _T_SET
        nominating = C.KIND[top] == C.K_NOM
        if not nominating:
            # P-3: an action card on top of a set acts as when it is turned up first
            self._set_demand(demand_of(top))
        self._after(me, top if nominating else 0)

    def _play_action(self, code):
        """An action card alone (RB-A1..A3): Reset asks the next player for one card of any
        colour; See-through passes on what lies beneath (P-4); Nominate lets its player
        nominate (P-5)."""
        me = self.turn
        self.take(me, code)
        kind = C.KIND[code]
        below = self.pd
        self.disc[self.ndisc] = code
        self.ndisc += 1
        self.how = T_ACTION
        if kind == C.K_RESET:
            self.pd = (1 << 4) | C.ALL
            self._set_demand(self.pd)
        elif kind == C.K_SEE:
            self.pd = below
            self._set_demand(below)
        if kind == C.K_NOM:
            self._rec(E_ACTION, me, code, 0, 0)
            self._after(me, code)
        else:
            self._rec(E_ACTION, me, code, self.dcount, self.dcols)
            self._after(me, 0)

    def _after(self, me, nominate):
        """After a set or an action card: a player without cards is out (RB-W1); one player
        left with cards wins at once (P-5); a Nominate is carried out; else the next player."""
        if not self.hn[me]:
            self.alive[me] = 0
            self._rec(E_OUT, me, (self.turns >> 7) & 127, self.turns & 127)
            left = 0
            for s in range(self.n):
                if self.alive[s]:
                    left += 1
                    w = s
            if left == 1:
                self.turns += 1
                self.winners = 1 << w
                self.phase = P_OVER
                self.nlegal = 0
                self._rec(E_RESULT, self.winners, (self.turns >> 7) & 127, self.turns & 127)
                return
        if nominate:
            self.dcount = 0
            self.dcols = 0
            self.nom_seat = me
            self.nom_card = nominate
            self.phase = P_NOMINATE
            return
        self._next_turn(me)

    def _nominate(self, target, count, colour):
        """P-5: the target must discard `count` cards of `colour` (or play on as usual); play
        goes on clockwise from the target."""
        me = self.nom_seat
        self.pd = (count << 4) | (1 << colour)
        self._set_demand(self.pd)
        self._rec(E_NOMINATE, me, target, count, 1 << colour)
        self.turns += 1
        self.turn = target
        self.phase = P_TURN
        self.ndrew = 0

    def _next_turn(self, me):
        """G-1: the next seat clockwise that still holds cards."""
        self.turns += 1
        self.turn = self.next_seat(me)
        self.phase = P_TURN
        self.ndrew = 0

    def next_seat(self, s):
        for _ in range(self.n):
            s = s + 1 if s + 1 < self.n else 0
            if self.alive[s]:
                return s
        return s

    def to_move(self):
        """The seat whose decision the game waits for."""
        return self.nom_seat if self.phase == P_NOMINATE else self.turn
