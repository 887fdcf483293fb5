"""The record's event kinds for NMBR 9 (core.record.Record rows: kind + 5 fields).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based; a tile is
its number 0-9; rot is quarter turns clockwise (0-3); x, y the column and row (0-19) of the
top-left corner of the turned tile's box on the seat's display (docs/nmbr9.md has a picture).
The record's size is rules.rows(n) rows of rules.FIELDS 8-bit fields (-128..127: the seed and
the scores in 7-bit digits); this table is read on the host only (the export), so the device does
not hold it.
"""
EVENTS = (
    ("seed", ("s28", "s21", "s14", "s7", "s0")),        # first row (G-3): the seed in 7-bit
                                                        # digits, s28 * 2**28 + ... + s7 * 2**7 + s0
    ("start", ("seat", "drawn", "seats")),              # who places first each card (G-2);
                                                        # drawn = 1: chosen at random, 0: given
    ("flip", ("card", "turned", "left")),               # the turned-th card (1-20); cards left after
    ("place", ("seat", "tile", "rot", "x", "y")),       # a tile placed (M-3)
    ("level", ("seat", "level", "points", "s7", "s0")), # where it lies: points = tile x level;
                                                        # the seat's score = s7 * 128 + s0
    ("result", ("winners", "b7", "b0", "cards")),       # winners: bit mask of seats; the best
                                                        # score = b7 * 128 + b0
    ("skip", ("seat", "tile")),                         # no legal place: the tile set aside
)

