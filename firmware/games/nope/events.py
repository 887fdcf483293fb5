"""The record's event kinds for NOPE! (core.record.Record rows of 16-bit fields: a kind and 5
fields; the seed, up to 2**30, is split: seed = seed_high * 32768 + seed_low, and the options
follow it in a row of their own).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based; cards are
the codes of games/nope/cards.py (1..41, 0 = none); colours are bit masks (red 1, green 2,
blue 4, yellow 8). docs/nope.md lists them with their meaning and the JSON-lines form. The
record's size is the scene's (scenes.CAPACITY); this table is read on the host only (the export),
so the device does not hold it.
"""
EVENTS = (
    ("seed", ("seed_high", "seed_low", "seats")),                # first row; row 2: "options"
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
    ("out", ("seat", "turn")),                                   # discarded the last card
    ("result", ("winners", "turns")),                            # winners: bit mask of the seat
    ("options", ("deal", "actions", "alone")),                   # the second row: deal 0/1 (P-7),
                                                                 # actions 1 in / 0 out, alone 0/1 (P-2)
)
