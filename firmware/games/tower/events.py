"""The record's event kinds for the tower game (rules.Record rows: a kind and up to 5 fields).

EVENTS[kind] = (name, field names); unused fields are 0. Seats are 0-based, pieces are indices
into games/tower/pieces.PIECES, poses are the piece's centroid in Q10 px (1024 per pixel, x = 0
mid-table, y up from the table line) and its angle in brads (65536 per turn, counter-clockwise).
docs/tower.md lists every event with its meaning and the JSON-lines form the simulator exports.
"""
from micropython import const

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# rules.py
_E_PLACE = const(12)
_V_TURNS = const(10)
_V_WINNER = const(11)
_V_REASON = const(12)
# -- end of the copies --

# (name, field names), by kind; the comments say what the fields mean
EVENTS = (
    ("seed", ("seed", "seats", "supply", "options", "tokens")),
    # the first row; supply = how many pieces are in play, tokens = each seat's at the start
    ("start", ("seat",)),                               # random first player (G-2)
    ("turn", ("seat", "turn", "supply")),               # a turn begins; supply = pieces left
    ("again", ("seat", "supply")),                      # outbid: the active player goes on (T-3)
    ("build", ("seat", "piece", "bid")),                # Build: piece and opening bid
    ("bid", ("seat", "piece", "amount")),               # a raise in the auction
    ("pass", ("seat", "piece", "forced")),              # forced = could not raise (T-5)
    ("win", ("seat", "piece", "price", "tokens")),      # price paid to the bank, tokens left
    ("push", ("seat", "piece")),                        # Push: the piece goes round (T-4)
    ("pay", ("seat", "piece", "cost", "tokens")),       # cost paid to send it on, tokens left
    ("accept", ("seat", "piece", "cost", "forced")),    # forced = could not pay the cost
    ("release", ("seat", "piece", "x", "y", "angle")),  # let go of the carried piece
    ("place", ("seat", "piece", "x", "y", "angle")),    # at rest: placed, final pose
    ("collapse", ("seat", "piece", "culprit", "frame", "why")),
    # culprit = the piece that touched the table (why 1) or left the play area (why 2) (T-2)
    ("eliminate", ("seat", "pieces", "tokens")),        # pieces back to supply, tokens to bank
    ("result", ("winner", "reason", "turns")),          # winner -1 = draw; reason below
    ("piece", ("piece",)),                              # a piece in play: one row each, after seed
)

REASONS = ("none", "last", "draw")      # result.reason: index -> name
# the record's row layout: rules._WIDTHS (this module is loaded only by the simulator's export,
# result() and the tests, not while a game runs)


def result(scene):
    """The simulator's one line for a game that ended (GameScene.result())."""
    v = scene.st.v
    rec = scene.record
    k = 0
    for i in range(rec.n):
        if rec.kind(i) == _E_PLACE:
            k += 1
    w = v[_V_WINNER]
    return "winner=%s reason=%s turns=%d placed=%d rows=%d" % (
        "draw" if w < 0 else str(w), REASONS[v[_V_REASON]], v[_V_TURNS], k, rec.n)
