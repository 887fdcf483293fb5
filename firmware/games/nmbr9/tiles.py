"""The ten NMBR 9 tiles (M-1) and their rotations, as flat tables made once when the game starts.

M-1: each tile fits a 3-wide, 4-high box; a tile is four rows of 3 bits, top row first, bit 0 the
left square. A rotation turns the tile a quarter turn clockwise (M-2: four rotations, no mirroring)
and is trimmed to the squares it covers. Everything is indexed by k = tile * 4 + rotation:

    W[k], H[k]            width and height of the rotated tile
    CX, CY[k * 10 + i]    column and row of its i-th square (i < COUNT[tile]), row by row
    ROW[k * 4 + j]        bit mask of its row j (bit 0 = its left column)
    HALO[k * 6 + j]       bit mask of the squares outside the tile that share an edge with it, row
                          j - 1 (from the row above the tile to the row below), bit 0 = the column
                          left of the tile
    EX, EY[k * 24 + i]    for each edge of the tile with an outside cell (i < EDGES[k]), that
                          cell's column and row relative to the tile's corner, plus 1 (0 = the
                          column left of the tile); a cell on two of its edges is listed twice
    DISTINCT[tile]        rotations that differ: 2 for the 0 and the 8, 4 for the others
"""
from micropython import const

TILES = const(10)
BOX_W = const(3)
BOX_H = const(4)
MAX_SQUARES = const(10)
MAX_EDGES = const(24)

# M-1: rows top to bottom, bit 0 = left
SHAPES = (
    (7, 5, 5, 7),   # 0
    (3, 2, 2, 2),   # 1 (2 x 4)
    (6, 6, 3, 7),   # 2
    (7, 4, 6, 7),   # 3
    (6, 2, 7, 6),   # 4
    (7, 7, 4, 7),   # 5
    (3, 1, 7, 7),   # 6
    (7, 2, 3, 1),   # 7
    (6, 6, 3, 3),   # 8
    (7, 7, 3, 3),   # 9
)

COUNT = bytearray(TILES)
W = bytearray(4 * TILES)
H = bytearray(4 * TILES)
CX = bytearray(4 * TILES * MAX_SQUARES)
CY = bytearray(4 * TILES * MAX_SQUARES)
ROW = bytearray(4 * TILES * 4)
HALO = bytearray(4 * TILES * 6)
EDGES = bytearray(4 * TILES)
EX = bytearray(4 * TILES * MAX_EDGES)
EY = bytearray(4 * TILES * MAX_EDGES)
DISTINCT = bytearray(TILES)


def _filled(t, r, u, v):
    """Whether square (u, v) of tile t turned r quarter turns clockwise (untrimmed: a 3 x 4 box,
    or 4 x 3 when r is odd) is covered: the square of the unturned tile it comes from."""
    if r & 1:
        if u < 0 or v < 0 or u >= BOX_H or v >= BOX_W:
            return False
    elif u < 0 or v < 0 or u >= BOX_W or v >= BOX_H:
        return False
    if r == 0:
        x, y = u, v
    elif r == 1:
        x, y = v, BOX_H - 1 - u
    elif r == 2:
        x, y = BOX_W - 1 - u, BOX_H - 1 - v
    else:
        x, y = BOX_W - 1 - v, u
    return SHAPES[t][y] >> x & 1 == 1


def _build():
    """Fill the tables (integers only: no temporary lists at the game's start)."""
    for t in range(TILES):
        for r in range(4):
            k = t * 4 + r
            u0 = v0 = 9
            u1 = v1 = -1
            for v in range(4):
                for u in range(4):
                    if _filled(t, r, u, v):
                        u0 = min(u0, u)
                        v0 = min(v0, v)
                        u1 = max(u1, u)
                        v1 = max(v1, v)
            W[k] = u1 - u0 + 1
            H[k] = v1 - v0 + 1
            n = 0
            for v in range(v0, v1 + 1):
                for u in range(u0, u1 + 1):
                    if _filled(t, r, u, v):
                        CX[k * MAX_SQUARES + n] = u - u0
                        CY[k * MAX_SQUARES + n] = v - v0
                        ROW[k * 4 + v - v0] |= 1 << (u - u0)
                        n += 1
            COUNT[t] = n
            e = 0
            for v in range(v0, v1 + 1):
                for u in range(u0, u1 + 1):
                    if _filled(t, r, u, v):
                        for du, dv in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                            if not _filled(t, r, u + du, v + dv):
                                EX[k * MAX_EDGES + e] = u + du - u0 + 1
                                EY[k * MAX_EDGES + e] = v + dv - v0 + 1
                                e += 1
            EDGES[k] = e
            for v in range(v0 - 1, v1 + 2):
                for u in range(u0 - 1, u1 + 2):
                    if not _filled(t, r, u, v) and (
                            _filled(t, r, u - 1, v) or _filled(t, r, u + 1, v) or
                            _filled(t, r, u, v - 1) or _filled(t, r, u, v + 1)):
                        HALO[k * 6 + v - v0 + 1] |= 1 << (u - u0 + 1)
        d = 0
        for r in range(4):
            new = True
            for q in range(r):
                if _same(t * 4 + r, t * 4 + q):
                    new = False
            if new:
                d += 1
        DISTINCT[t] = d


def _same(a, b):
    if W[a] != W[b] or H[a] != H[b]:
        return False
    for j in range(4):
        if ROW[a * 4 + j] != ROW[b * 4 + j]:
            return False
    return True


_build()
