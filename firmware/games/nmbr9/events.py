"""The record's event kinds for NMBR 9 (core.record.Record rows: kind + 5 fields).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based; a tile is
its number 0-9; rot is quarter turns clockwise (0-3); x, y the column and row (0-19) of the
top-left corner of the turned tile's box on the seat's display (docs/nmbr9.md has a picture).
The record's size is rules.rows(n) rows of rules.FIELDS 16-bit fields (-32768..32767); this
table is read on the host only (the export), so the device does not hold it.
"""
EVENTS = (
    ("seed", ("s15", "s0", "seats")),                   # first row (G-3): seed = s15 * 2**15 + s0
    ("start", ("seat", "drawn")),                       # who places first each card (G-2);
                                                        # drawn = 1: chosen at random, 0: given
    ("flip", ("card", "turned", "left")),               # the turned-th card (1-20); cards left after
    ("place", ("seat", "tile", "rot", "x", "y")),       # a tile placed (M-3)
    ("level", ("seat", "level", "points", "score")),    # where it lies: points = tile x level
    ("result", ("winners", "best", "cards")),           # winners: bit mask of seats; best score
    ("skip", ("seat", "tile")),                         # no legal place: the tile set aside
)

