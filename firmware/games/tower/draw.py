"""Drawing for the tower game: pieces as filled polygons, a tower world through a camera, text
through core/text.py. Nothing allocates after Painter() is made: polygon coordinates go into
arrays prebuilt for each vertex count.

Colours are palette indices (core/palette.py). A piece's colour depends on its number only, so
a piece looks the same on the shelf, in the auction and in a tower.
"""
from array import array

from micropython import const

from core import palette as PAL
from games.tower import physics as P
from games.tower.physics import (OB, BS, OA, PS, OV, B_PX, B_PY, B_P0, B_NP, B_PIECE,
                                 P_V0, P_NV)

# one colour per piece (pieces.PIECES order)
PCOL = (PAL.ORANGE, PAL.YELLOW, PAL.BROWN, PAL.RED, PAL.CYAN, PAL.GREEN, PAL.SILVER,
        PAL.PURPLE, PAL.PINK, PAL.BLUE, PAL.ORANGE, PAL.FOREST, PAL.YELLOW, PAL.RED,
        PAL.WHITE, PAL.SILVER, PAL.CYAN, PAL.GREEN, PAL.PINK, PAL.WHITE, PAL.BLUE,
        PAL.PURPLE, PAL.BROWN, PAL.FOREST, PAL.ORANGE, PAL.GREEN, PAL.YELLOW)

SKY = PAL.NAVY
TABLE = PAL.BROWN


MAXV = const(8)


class Painter:
    """Polygon drawing into a FrameBuffer (the console's, or a clipped view of it)."""

    def __init__(self):
        self.cz = tuple(array("h", [0] * (2 * n)) for n in range(MAXV + 1))
        # screen polygons of each piece's parts as last placed (a piece is in one world only)
        self.pz = tuple(tuple(array("h", [0] * (2 * n)) for _, n in parts)
                        for parts in P.PIECE_PARTS)
        self.out = array("i", [0] * (2 * MAXV))
        # bounding box of the last polygon drawn (screen pixels of the FrameBuffer used)
        self.x0 = 0
        self.y0 = 0
        self.x1 = 0
        self.y1 = 0

    def piece(self, fb, piece, cx, cy, shift, colour, edge):
        """Piece at angle 0 with its centroid at (cx, cy), scaled by 2**-shift. Returns the
        bounding box in x0..y1."""
        t16 = P.T16
        parts = P.PIECE_PARTS[piece]
        s = 6 + shift
        h = 1 << (s - 1)
        bx0 = 9999
        by0 = 9999
        bx1 = -9999
        by1 = -9999
        for i in range(len(parts)):
            first = parts[i][0]
            n = parts[i][1]
            cz = self.cz[n]
            for k in range(n):
                o = P.TV + 4 * (first + k)
                x = cx + ((t16[o] + h) >> s)
                y = cy - ((t16[o + 1] + h) >> s)
                cz[2 * k] = x
                cz[2 * k + 1] = y
                if x < bx0:
                    bx0 = x
                if x > bx1:
                    bx1 = x
                if y < by0:
                    by0 = y
                if y > by1:
                    by1 = y
            fb.poly(0, 0, cz, colour, True)
            if edge >= 0:
                fb.poly(0, 0, cz, edge, False)
        self.x0 = bx0
        self.y0 = by0
        self.x1 = bx1
        self.y1 = by1

    def place(self, w, b, ox, oy, shift):
        """Compute the screen polygons of body b (x = ox + x px >> shift, y = oy - y px >> shift)
        into its piece's arrays, straight from the world's vertex cache."""
        w32 = w.w32
        w16 = w.w16
        o = OB + b * BS
        x6 = w32[o + B_PX] >> 4
        y6 = w32[o + B_PY] >> 4
        p0 = w32[o + B_P0]
        arrs = self.pz[w32[o + B_PIECE]]
        s = 6 + shift
        h = 1 << (s - 1)
        x6 += h
        y6 += h
        for i in range(w32[o + B_NP]):
            q = (p0 + i) * PS
            v = OV + (w16[q + P_V0] << 2)
            cz = arrs[i]
            k = 0
            for _ in range(w16[q + P_NV]):
                cz[k] = ox + ((x6 + w16[v]) >> s)
                cz[k + 1] = oy - ((y6 + w16[v + 1]) >> s)
                k += 2
                v += 4

    def fill(self, fb, piece, colour, edge):
        """Draw a piece's polygons as last placed."""
        arrs = self.pz[piece]
        for i in range(len(arrs)):
            fb.poly(0, 0, arrs[i], colour, True)
            if edge >= 0:
                fb.poly(0, 0, arrs[i], edge, False)

    def box(self, w, b, ox, oy, shift):
        """Bounding box of body b on screen, from the world's part bounding boxes (x0..y1)."""
        w32 = w.w32
        o = OB + b * BS
        p0 = w32[o + B_P0]
        s = 6 + shift
        h = 1 << (s - 1)
        a = OA + (p0 << 2)
        x0 = w32[a]
        y0 = w32[a + 1]
        x1 = w32[a + 2]
        y1 = w32[a + 3]
        for _ in range(1, w32[o + B_NP]):
            a += 4
            if w32[a] < x0:
                x0 = w32[a]
            if w32[a + 1] < y0:
                y0 = w32[a + 1]
            if w32[a + 2] > x1:
                x1 = w32[a + 2]
            if w32[a + 3] > y1:
                y1 = w32[a + 3]
        self.x0 = ox + ((x0 + h) >> s)
        self.x1 = ox + ((x1 + h) >> s)
        self.y0 = oy - ((y1 + h) >> s)
        self.y1 = oy - ((y0 + h) >> s)

    def body(self, fb, w, b, ox, oy, shift, colour, edge):
        """Place, draw and box body b in one go."""
        self.place(w, b, ox, oy, shift)
        self.fill(fb, w.piece(b), colour, edge)
        self.box(w, b, ox, oy, shift)
