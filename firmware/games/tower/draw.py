"""Drawing for the tower game: pieces as filled polygons, a tower world through a camera, text
made of existing strings. Nothing allocates after Painter() is made: polygon coordinates go
into arrays prebuilt for each vertex count, names are bytearrays drawn glyph by glyph.

Colours are palette indices (core/palette.py). A piece's colour depends on its number only, so
a piece looks the same on the shelf, in the auction and in a tower.
"""
from array import array

from micropython import const

from core import palette as PAL
from games.tower import physics as P

# one colour per piece (pieces.PIECES order)
PCOL = (PAL.ORANGE, PAL.YELLOW, PAL.BROWN, PAL.RED, PAL.CYAN, PAL.GREEN, PAL.SILVER,
        PAL.PURPLE, PAL.PINK, PAL.BLUE, PAL.ORANGE, PAL.FOREST, PAL.YELLOW, PAL.RED,
        PAL.WHITE, PAL.SILVER, PAL.CYAN, PAL.GREEN, PAL.PINK, PAL.WHITE, PAL.BLUE,
        PAL.PURPLE, PAL.BROWN, PAL.FOREST, PAL.ORANGE, PAL.GREEN, PAL.YELLOW)

SKY = PAL.NAVY
TABLE = PAL.BROWN

# one-character string literals for codes 32..126 (indexing a str at run time may allocate)
GLYPHS = (' ', '!', '"', '#', '$', '%', '&', "'", '(', ')', '*', '+', ',', '-', '.', '/', '0',
    '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?', '@', 'A', 'B',
    'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T',
    'U', 'V', 'W', 'X', 'Y', 'Z', '[', '\\', ']', '^', '_', '`', 'a', 'b', 'c', 'd', 'e', 'f',
    'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x',
    'y', 'z', '{', '|', '}', '~')

MAXV = const(8)


def chars(g, data, x, y, c, most=30):
    """Draw the bytes of `data` (codes 32..126, up to the first 0, at most `most`). Returns the
    width in pixels."""
    fb = g.fb
    cx = x
    n = len(data)
    if n > most:
        n = most
    for i in range(n):
        b = data[i]
        if not b:
            break
        if 32 <= b < 127:
            fb.text(GLYPHS[b - 32], cx, y, c)
        cx += 8
    if cx > x:
        g.dirty(x, y, cx - x, 8)
    return cx - x


def name_bytes(s, n):
    """A name as a bytearray of n printable bytes, 0-padded (made once, at start)."""
    out = bytearray(n)
    src = s.encode()
    for i in range(min(len(src), n)):
        b = src[i]
        out[i] = b if 32 <= b < 127 else 63
    return out


class Painter:
    """Polygon drawing into a FrameBuffer (the console's, or a clipped view of it)."""

    def __init__(self):
        self.cz = tuple(array("h", [0] * (2 * n)) for n in range(MAXV + 1))
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

    def body(self, fb, w, b, ox, oy, shift, colour, edge):
        """Body b of world w: screen x = ox + x px >> shift, y = oy - y px >> shift. Returns
        nothing; the bounding box is left in x0..y1."""
        out = self.out
        s = 6 + shift
        h = 1 << (s - 1)
        bx0 = 9999
        by0 = 9999
        bx1 = -9999
        by1 = -9999
        for part in range(w.parts(b)):
            n = w.outline(b, part, out)
            cz = self.cz[n]
            for k in range(n):
                x = ox + ((out[2 * k] + h) >> s)
                y = oy - ((out[2 * k + 1] + h) >> s)
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

    def bbox(self, w, b, ox, oy, shift):
        """Only the bounding box of body b (as body() would draw it), in x0..y1."""
        out = self.out
        s = 6 + shift
        h = 1 << (s - 1)
        bx0 = 9999
        by0 = 9999
        bx1 = -9999
        by1 = -9999
        for part in range(w.parts(b)):
            n = w.outline(b, part, out)
            for k in range(n):
                x = ox + ((out[2 * k] + h) >> s)
                y = oy - ((out[2 * k + 1] + h) >> s)
                if x < bx0:
                    bx0 = x
                if x > bx1:
                    bx1 = x
                if y < by0:
                    by0 = y
                if y > by1:
                    by1 = y
        self.x0 = bx0
        self.y0 = by0
        self.x1 = bx1
        self.y1 = by1
