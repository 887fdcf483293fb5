"""Tip Top: the rules as a deterministic, allocation-free state machine.

The rulebook's rules (RB-...), the decisions G-1..G-4 and O-1..O-4 and the console's own choices
(TC-...) are stated in docs/tiptop.md; the code cites them.

Cards are small ints (KINDS below); the deck is the data table DECK (O-1). The five Tip Top
(limit) cards are their values 22..66. Each seat holds up to four cards in four slots (EMPTY
where there is none); a hand holds as many cards as the seat has chips. A move is the slot of
the card to play: legal() fills self.moves with the playable slots and returns the count;
play(slot, rng) applies it in place; when the count is 0 the seat is stuck and stuck() makes it
lose the round (O-4). next_round(rng) deals a round. Shuffles and the limit cards come from the
seeded core.rng.Rng passed in (G-3). Nothing here draws or times.
"""
from micropython import const

MAX_SEATS = const(8)
CHIPS = const(4)            # chips each seat starts with (RB-6)
HAND = const(4)             # slots per seat: a hand never holds more cards than chips
NCARDS = const(72)
EMPTY = const(255)          # an empty hand slot

# card kinds (O-1): 0..5 add their value, then the special cards
DOUBLE = const(6)           # x2: doubles the total
MINUS = const(7)            # the "10": subtracts 10, only at a total of 10 or more (O-2)
SPIN = const(8)             # Spin Out: reverses the direction of play
TOP = const(9)              # Top Out: the total becomes the limit
TURVY = const(10)           # Topsy Turvy: a new limit card (O-3)
KINDS = const(11)
# copies of each kind in the deck of 72 (O-1: the console's table; the rulebook gives none)
DECK = b"\x08\x08\x08\x08\x08\x08\x04\x08\x04\x04\x04"
LIMITS = b"\x16\x21\x2c\x37\x42"    # the five Tip Top cards: 22, 33, 44, 55, 66 (O-1)
NLIMITS = const(5)

# phases
P_DEAL = const(0)           # a round is to be dealt: next_round()
P_PLAY = const(1)           # seat `turn` plays (nlegal == 0: it is stuck, stuck() follows)
P_ROUND = const(2)          # a round was lost: next_round() deals the next one
P_OVER = const(3)

# why a round was lost (record field)
W_STUCK = const(1)          # no legal card (O-4)
W_LIMIT = const(2)          # Topsy Turvy drew a limit below the total (O-3)

# record event kinds: see events.py (same order); a row has up to FIELDS fields (events.FIELDS:
# the scene makes the record without importing the event names, which only a save or export needs)
FIELDS = const(5)
E_SEED = const(0)
E_DEALER = const(1)
E_ROUND = const(2)
E_HAND = const(3)
E_PLAY = const(4)
E_RESHUFFLE = const(5)
E_LIMITS = const(6)
E_LOSE = const(7)
E_OUT = const(8)
E_RESULT = const(9)

# snapshot.save_state(): 16 scalars, chips, hands, deck, pile, limit pile, used limit cards (counts + cards)
STATE_BYTES = const(16 + MAX_SEATS + MAX_SEATS * HAND + 2 * NCARDS + 2 * NLIMITS)


def effect(card, total, limit):
    """The total after `card` is played at `total` (limit `limit`), or -1 when it may not be
    played there (RB-C..., O-2): it would pass the limit, or it is a 10 below 10. Spin Out and
    Topsy Turvy leave the total as it is; Top Out brings it to the limit."""
    if card <= 5:
        t = total + card
    elif card == DOUBLE:
        t = total * 2
    elif card == MINUS:
        return total - 10 if total >= 10 else -1
    elif card == TOP:
        return limit
    else:                               # SPIN, TURVY
        return total
    return t if t <= limit else -1


class State:
    def __init__(self, nseats, record=None):
        if not 2 <= nseats <= MAX_SEATS:
            raise ValueError("seats")
        self.n = nseats
        self.record = record
        self.chips = bytearray(MAX_SEATS)
        self.hand = bytearray(MAX_SEATS * HAND)     # seat * HAND + slot -> card or EMPTY
        self.deck = bytearray(NCARDS)               # the draw deck, face down; top = deck_n - 1
        self.pile = bytearray(NCARDS)               # the card pile, face up; top = pile_n - 1
        self.lims = bytearray(NLIMITS)              # the Tip Top pile, face down; top last
        self.used = bytearray(NLIMITS)              # limit cards put aside by Topsy Turvy (O-3)
        self.moves = bytearray(HAND)
        self.reset()

    def reset(self):
        for s in range(MAX_SEATS):
            self.chips[s] = CHIPS if s < self.n else 0
        for i in range(MAX_SEATS * HAND):
            self.hand[i] = EMPTY
        self.deck_n = 0
        self.pile_n = 0
        self.lims_n = 0
        self.used_n = 0
        self.limit = 0
        self.total = 0
        self.dir = 1                # 1 clockwise (to the left, G-1), -1 counter-clockwise
        self.turn = 0
        self.dealer = 0
        self.round = 0
        self.plays = 0              # cards played in the whole game
        self.phase = P_DEAL
        self.loser = -1             # who lost the last round
        self.why = 0                # and why (W_STUCK, W_LIMIT)
        self.winner = -1
        self.nlegal = 0

    def _rec(self, kind, a=0, b=0, c=0, d=0, e=0):
        r = self.record
        if r is not None:
            r.add(kind, a, b, c, d, e)

    # -- queries ----------------------------------------------------------------------------
    def alive(self, s):
        """Seat s is still in the game: it has chips (RB-3)."""
        return self.chips[s] > 0

    def nalive(self):
        k = 0
        for s in range(self.n):
            if self.chips[s]:
                k += 1
        return k

    def next_seat(self, s, d=1):
        """The next seat in the game from s in direction d (G-1: eliminated seats skipped)."""
        n = self.n
        for _ in range(n):
            s = (s + d) % n
            if self.chips[s]:
                return s
        return s

    def card(self, s, slot):
        return self.hand[s * HAND + slot]

    def hand_count(self, s):
        k = 0
        for i in range(s * HAND, s * HAND + HAND):
            if self.hand[i] != EMPTY:
                k += 1
        return k

    def legal(self):
        """Fill self.moves with the slots of the current seat's cards that may be played now;
        returns (and keeps in nlegal) how many."""
        k = 0
        base = self.turn * HAND
        for slot in range(HAND):
            c = self.hand[base + slot]
            if c != EMPTY and effect(c, self.total, self.limit) >= 0:
                self.moves[k] = slot
                k += 1
        self.nlegal = k
        return k

    def cards_accounted(self, kind):
        """Copies of `kind` in hands, deck and pile (always DECK[kind] during a round)."""
        k = 0
        for i in range(MAX_SEATS * HAND):
            if self.hand[i] == kind:
                k += 1
        for i in range(self.deck_n):
            if self.deck[i] == kind:
                k += 1
        for i in range(self.pile_n):
            if self.pile[i] == kind:
                k += 1
        return k

    # -- a game and its rounds ----------------------------------------------------------------
    def begin(self, rng, seed, first=-1):
        """A new game: the seed row, the first dealer and the first round's deal. `first` is the
        seat that plays first (play again rotates it, G-2) or -1: a random dealer (G-2: choosing
        the dealer is no game action); the first player is the dealer's left (RB-8). Returns
        the first player."""
        self.reset()
        seed &= 0x3FFFFFFF                          # 8-bit fields: the seed in 7-bit digits
        self._rec(E_SEED, seed >> 28, (seed >> 21) & 127, (seed >> 14) & 127, (seed >> 7) & 127,
                  seed & 127)
        if 0 <= first < self.n:
            self.dealer = (first + self.n - 1) % self.n
            how = 1
        else:
            self.dealer = rng.below(self.n)
            how = 0
        self._rec(E_DEALER, self.dealer, how, self.n, CHIPS)
        self._deal(rng)
        return self.turn

    def next_round(self, rng):
        """After a lost round: the dealer rotates left (O-4) and deals the next round."""
        if self.phase != P_ROUND:
            raise ValueError("no round to deal")
        self.dealer = self.next_seat(self.dealer)
        self._deal(rng)

    def _deal(self, rng):
        """Shuffle all 72 cards and the five limit cards, deal each seat as many cards as it has
        chips, one at a time from the dealer's left, the dealer last (RB-5, RB-16, TC-1), turn
        the first limit card (RB-7); total 0, clockwise (O-4); the dealer's left begins."""
        self.round += 1
        k = 0
        for kind in range(KINDS):
            for _ in range(DECK[kind]):
                self.deck[k] = kind
                k += 1
        self.deck_n = NCARDS
        self.pile_n = 0
        rng.shuffle(self.deck, NCARDS)
        for i in range(NLIMITS):
            self.lims[i] = LIMITS[i]
        self.lims_n = NLIMITS
        self.used_n = 0
        rng.shuffle(self.lims, NLIMITS)
        for i in range(MAX_SEATS * HAND):
            self.hand[i] = EMPTY
        first = self.next_seat(self.dealer)
        self.lims_n -= 1
        self.limit = self.lims[self.lims_n]
        self._rec(E_ROUND, self.round, self.dealer, first, self.limit)
        for slot in range(HAND):
            s = self.dealer
            while True:
                s = self.next_seat(s)
                if self.chips[s] > slot:
                    self.deck_n -= 1
                    self.hand[s * HAND + slot] = self.deck[self.deck_n]
                if s == self.dealer:
                    break
        h = self.hand
        for s in range(self.n):
            if self.chips[s]:
                b = s * HAND
                self._rec(E_HAND, s, _field(h[b]), _field(h[b + 1]), _field(h[b + 2]), _field(h[b + 3]))
        self.total = 0
        self.dir = 1
        self.turn = first
        self.loser = -1
        self.why = 0
        self.phase = P_PLAY
        self.legal()

    # -- a turn ------------------------------------------------------------------------------
    def play(self, slot, rng):
        """The current seat plays the card in `slot` (one of self.moves): the pile total changes
        by the card (RB-C...), then the seat draws a card (RB-10) and play passes on in the
        current direction; a Topsy Turvy that turns a limit below the total loses the round
        and draws no card (O-3). Raises ValueError for a card that may not be played.
        Record: the play row, then what it caused (limit cards or deck reshuffled, a loss)."""
        if self.phase != P_PLAY:
            raise ValueError("not playing")
        s = self.turn
        i = s * HAND + slot
        c = self.hand[i] if 0 <= slot < HAND else EMPTY
        if c == EMPTY:
            raise ValueError("no card there")
        t = effect(c, self.total, self.limit)
        if t < 0:
            raise ValueError("that card may not be played now")
        self.hand[i] = EMPTY
        self.pile[self.pile_n] = c
        self.pile_n += 1
        self.total = t
        self.plays += 1
        if c == SPIN:
            self.dir = -self.dir
        fresh = 0                           # limit cards shuffled into a new Tip Top pile
        if c == TURVY:
            fresh = self._turvy(rng)
        lost = self.limit < t
        drawn = -1
        if not lost:                        # draw a card into the slot played from (RB-10)
            self.deck_n -= 1
            drawn = self.hand[i] = self.deck[self.deck_n]
        self._rec(E_PLAY, s, c, t, self.limit, drawn)
        if fresh:
            self._rec(E_LIMITS, fresh)
        if not self.deck_n:
            self._reshuffle(rng)
        if lost:
            self._lose(s, W_LIMIT)
            return
        self.turn = self.next_seat(s, self.dir)
        self.legal()

    def _turvy(self, rng):
        """Topsy Turvy (O-3): the limit card goes to the used pile and the next Tip Top card is
        turned; when the Tip Top pile is empty the used cards are shuffled into a new one first
        (returns how many, else 0)."""
        fresh = 0
        if not self.lims_n:
            for i in range(self.used_n):
                self.lims[i] = self.used[i]
            fresh = self.lims_n = self.used_n
            self.used_n = 0
            rng.shuffle(self.lims, fresh)
        self.used[self.used_n] = self.limit
        self.used_n += 1
        self.lims_n -= 1
        self.limit = self.lims[self.lims_n]
        return fresh

    def _reshuffle(self, rng):
        """The deck ran out (RB-13): the pile but its top card is shuffled into a new deck
        (TC-2); the total stays (O-4)."""
        k = self.pile_n - 1
        for i in range(k):
            self.deck[i] = self.pile[i]
        self.pile[0] = self.pile[k]
        self.pile_n = 1
        self.deck_n = k
        rng.shuffle(self.deck, k)
        self._rec(E_RESHUFFLE, k, self.total)

    def stuck(self):
        """The current seat has no card it may play (nlegal == 0): it loses the round (O-4)."""
        if self.phase != P_PLAY or self.nlegal:
            raise ValueError("not stuck")
        self._lose(self.turn, W_STUCK)

    def _lose(self, s, why):
        """Seat s loses the round and a chip (RB-14); without chips it is out (RB-15); the last
        seat with chips wins (RB-17)."""
        self.chips[s] -= 1
        self.loser = s
        self.why = why
        self.nlegal = 0
        self._rec(E_LOSE, s, why, self.chips[s], self.total, self.limit)
        if not self.chips[s]:
            self._rec(E_OUT, s, self.round)
        if self.nalive() == 1:
            self.winner = self.next_seat(s)
            self.phase = P_OVER
            self._rec(E_RESULT, self.winner, self.round)
        else:
            self.phase = P_ROUND


def _field(c):
    """A hand slot as a record field: the card, or -1 for no card."""
    return -1 if c == EMPTY else c
