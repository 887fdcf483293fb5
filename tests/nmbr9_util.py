"""Helpers for the NMBR 9 tests: the tiles read straight from M-1 (not from the game's tables),
displays built tile by tile, and an independent reading of the placement rules (M-3)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from core.record import Record  # noqa: E402
from core.rng import Rng  # noqa: E402
from games.nmbr9 import events as E  # noqa: E402
from games.nmbr9 import rules as R  # noqa: E402

# M-1 as the decision writes it: rows top to bottom, bit 0 = the left square
M1 = {0: (7, 5, 5, 7), 1: (3, 2, 2, 2), 2: (6, 6, 3, 7), 3: (7, 4, 6, 7), 4: (6, 2, 7, 6),
      5: (7, 7, 4, 7), 6: (3, 1, 7, 7), 7: (7, 2, 3, 1), 8: (6, 6, 3, 3), 9: (7, 7, 3, 3)}


def shape(t, rot=0):
    """The squares of tile t turned `rot` quarter turns clockwise, moved to the top-left
    corner, as a frozenset of (x, y): computed here from M-1, independently of tiles.py."""
    cells = {(x, y) for y, row in enumerate(M1[t]) for x in range(3) if row >> x & 1}
    for _ in range(rot):
        cells = {(-y, x) for x, y in cells}          # clockwise on a screen (y down)
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return frozenset((x - x0, y - y0) for x, y in cells)


def mirror(cells):
    w = max(x for x, _ in cells)
    return frozenset((w - x, y) for x, y in cells)


def picture(cells):
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return ["".join("#" if (x, y) in cells else "." for x in range(w)) for y in range(h)]


def new(n=1, start=0, record=True, seed=1):
    """A game with its deck shuffled by Rng(seed) and seat `start` first."""
    rec = Record(R.rows(n), R.FIELDS, R.TYPECODE) if record else None
    st = R.State(n, rec)
    if rec is not None:
        st.head(seed)
    st.deal(Rng(seed), start)
    return st


def legal(st):
    """Every legal move of the current card for the seat to play, as the finder gives them
    (level, rotation, row, column; each distinct rotation once: the 0 and the 8 have two)."""
    f = st.finder
    f.begin(st.disp[st.turn], st.card)
    out = []
    while True:
        m = f.next(R.CELLS)
        if m == -2:
            return out
        if m >= 0:
            out.append(m)


def display(*tiles):
    """A display with tiles placed in order, each (tile, rot, x, y); every one must be legal."""
    d = R.Display()
    for t, rot, x, y in tiles:
        why = d.check(t, R.move(rot, x, y))
        assert why == R.OK, "tile %d rot %d at %d,%d: %s" % (t, rot, x, y, R.REASONS[why])
        d.put(t, R.move(rot, x, y), d.level)
    return d


def why(d, t, rot, x, y):
    """The reason check() gives (R.REASONS text), '' when legal."""
    return R.REASONS[d.check(t, R.move(rot, x, y))]


def events(st):
    rec = st.record
    out = []
    for i in range(rec.n):
        name, fields = E.EVENTS[rec.kind(i)]
        out.append((name, {f: rec.field(i, j) for j, f in enumerate(fields)}))
    return out


# -- the placement rules read independently (M-3, M-4): a display as a list of placed tiles --------
class Model:
    """A display kept as the list of its tiles (number, set of cells, level); every rule checked
    from scratch, by looking at the tiles, not at heights."""

    def __init__(self):
        self.tiles = []

    def level_at(self, cell):
        """The highest level of a tile covering `cell`, -1 if none."""
        return max((lv for _, cells, lv in self.tiles if cell in cells), default=-1)

    def tile_at(self, cell, level):
        for i, (_, cells, lv) in enumerate(self.tiles):
            if lv == level and cell in cells:
                return i
        return None

    def why(self, t, rot, x, y):
        """'' if the move is legal, else the rule it breaks (R.REASONS' words)."""
        cells = {(x + cx, y + cy) for cx, cy in shape(t, rot)}
        if any(not (0 <= cx < R.SIZE and 0 <= cy < R.SIZE) for cx, cy in cells):
            return "off the display"
        tops = {self.level_at(c) for c in cells}
        if len(tops) > 1:
            return "overhangs"                   # some square would not be above level L - 1
        level = tops.pop() + 1
        if level >= 1 and len({self.tile_at(c, level - 1) for c in cells}) < 2:
            return "needs two tiles below"
        same = [cs for _, cs, lv in self.tiles if lv == level]
        if same:
            halo = {(cx + dx, cy + dy) for cx, cy in cells
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells
            if not any(halo & cs for cs in same):
                return "not touching"
        return ""

    def level_of(self, t, rot, x, y):
        cells = {(x + cx, y + cy) for cx, cy in shape(t, rot)}
        return max(self.level_at(c) for c in cells) + 1

    def put(self, t, rot, x, y):
        lv = self.level_of(t, rot, x, y)
        self.tiles.append((t, frozenset((x + cx, y + cy) for cx, cy in shape(t, rot)), lv))
        return lv

    def score(self):
        return sum(t * lv for t, _, lv in self.tiles)
