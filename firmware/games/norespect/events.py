"""The record's event kinds for No Respect (core.record.Record rows: kind + 4 fields).

EVENTS[kind] = (name, field names); the row's unused fields are 0. Seats are 0-based, columns
and discard circles 0..2 (left to right), circles 1..4 (1 = bottom). docs/norespect.md lists
them with their meaning and the JSON-lines form the simulator exports.
"""
EVENTS = (
    ("seed", ("seed", "seats", "variant")),             # first row; variant 0 base, 1 variation
    ("start_draw", ("seat", "tile", "round")),          # who goes first: one draw per seat/round
    ("start", ("seat", "rounds", "tiles")),             # start player; start tiles went back
    ("draw", ("seat", "tile", "pool")),                 # a turn's draw; pool = tiles left after it
    ("build", ("seat", "tile", "column", "circle")),    # on an own column
    ("stack", ("seat", "tile", "owner", "column")),     # second tile of a pile (any live column)
    ("cap", ("seat", "tile", "owner", "column")),       # third tile: the column is capped
    ("discard", ("seat", "tile", "circle")),            # own discard circle 0..2
    ("clear", ("owner", "column", "tiles", "discard")),  # variation: capped column back to pool
    ("eliminate", ("seat", "tile", "returned")),        # unplayable tile; returned = tiles to pool
    ("result", ("winners", "reason", "turns")),         # winners: bit mask of seats; reason below
)

REASONS = ("none", "columns", "last", "pool")   # result.reason: index -> name

# capacity of the record (rows). A base game can never fill 256: every turn puts a tile out of the
# pool for good, so at most 80 turns of two rows, plus the start draws (at most 80) and 3 more.
# The variation gives tiles back and has no such bound: 1200 rows hold every game seen in
# thousands of bot games (the longest had 881); a longer one keeps its first 1200 rows and counts
# the rest in Record.lost (docs/norespect.md).
CAPACITY = (256, 1200)      # by variant
FIELDS = 4
