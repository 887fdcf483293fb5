"""The record's event kinds for Tip Top (core.record.Record rows of 8-bit fields, -128..127: a
kind and 5 fields; every field of the game fits, the seed (up to 2**30) in 7-bit digits:
seed = s28 * 2**28 + s21 * 2**21 + s14 * 2**14 + s7 * 2**7 + s0).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based; cards are
the kinds of rules.py: 0..5 the numbers, 6 x2, 7 the minus 10, 8 Spin Out, 9 Top Out, 10 Topsy
Turvy; -1 is "no card". docs/tiptop.md lists them with their meaning and the JSON-lines form
the simulator exports.
"""
EVENTS = (
    ("seed", ("s28", "s21", "s14", "s7", "s0")),            # first row: the seed's 7-bit digits
    ("dealer", ("seat", "rotated", "seats", "chips")),      # first dealer: 0 random, 1 play again
                                                            # (G-2); seats, chips each starts with
    ("round", ("round", "dealer", "first", "limit")),       # a round is dealt; first = who begins
    ("hand", ("seat", "c1", "c2", "c3", "c4")),             # the cards dealt to a seat (-1: none)
    ("play", ("seat", "card", "total", "limit", "drawn")),  # a card played: new total and limit,
                                                            # the card then drawn (-1: none, O-3)
    ("reshuffle", ("cards", "total")),                      # the deck ran out: the pile but its top
                                                            # (cards) is the new deck
    ("limits", ("cards",)),                                 # the used limit cards shuffled into a
                                                            # new Tip Top pile (before that play's limit)
    ("lose", ("seat", "why", "chips", "total", "limit")),   # lost the round: why 1 stuck, 2 limit;
                                                            # chips left
    ("out", ("seat", "round")),                             # no chips left: out of the game
    ("result", ("winner", "rounds")),                       # the last seat with chips
)

WHY = ("none", "stuck", "limit")            # lose.why: index -> name
FIELDS = 5
