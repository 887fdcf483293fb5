"""The record's event kinds for NOPE! (core.record.Record rows of 8-bit fields, -128..127: a
kind and 5 fields). Cards, seats, counts and piles fit; the seed (up to 2**30) is in 7-bit digits,
seed = s28 * 2**28 + s21 * 2**21 + s14 * 2**14 + s7 * 2**7 + s0, and a turn number in two:
turn = t7 * 2**7 + t0 (each turn adds a row before its number grows, so a turn number in a kept
row is below the record's 640 rows).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based; cards are
the codes of games/nope/cards.py (1..41, 0 = none); colours are bit masks (red 1, green 2,
blue 4, yellow 8). docs/nope.md lists them with their meaning and the JSON-lines form. The
record's size is the scene's (begin.CAPACITY); this table is read on the host only (the export),
so the device does not hold it.
"""
EVENTS = (
    ("seed", ("s28", "s21", "s14", "s7", "s0")),                 # first row; row 2: "options"
    ("dealer", ("dealer", "first")),                             # G-2: the dealer's left starts
    ("deal", ("seat", "card")),                                  # one row per card dealt
    ("flip", ("card", "count", "colours")),                      # the first face-up card and its
                                                                 # demand (0, 0: a Nominate to carry out)
    ("draw", ("seat", "card", "pile")),                          # pile: cards left after the draw
    ("reshuffle", ("cards", "top")),                             # discards back as the draw pile,
                                                                 # the top card stays
    ("discard", ("seat", "count", "card1", "card2", "card3")),   # a set in laying order (last = top)
    ("action", ("seat", "card", "count", "colours")),            # an action card alone and the
                                                                 # demand it leaves (0, 0: Nominate)
    ("nominate", ("seat", "target", "count", "colours")),        # P-5
    ("nope", ("seat", "drew")),                                  # the draw completed no set
    ("out", ("seat", "t7", "t0")),                               # discarded the last card at turn
    ("result", ("winners", "t7", "t0")),                         # winners: bit mask of the seat;
                                                                 # turns played
    ("options", ("seats", "deal", "actions", "alone")),          # the second row: seats, deal 0/1
                                                                 # (P-7), actions 1 in / 0 out,
                                                                 # alone 0/1 (P-2)
)
