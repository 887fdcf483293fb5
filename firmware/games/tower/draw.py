"""Drawing for the tower game: pieces as filled polygons, a tower world through a camera, text
through core/text.py. Nothing allocates after Painter() is made: polygon coordinates go into
views of one array made with it.

A polygon is drawn as framebuf's FrameBuffer.poly() draws it (filled, then outlined): where
viper runs, by games/tower/poly_viper.py, the same pixels at a fraction of the cost (a piece
took 0.8 ms on the emulated Pico); elsewhere, and for a polygon the kernel leaves to it, by
framebuf itself.

Colours are palette indices (core/palette.py). A piece's colour depends on its number only, so
a piece looks the same on the shelf, in the auction and in a tower.
"""

from micropython import const

from core import palette as PAL
from core.gfx import Gfx
from games.tower import physics as P

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_BH_P0 = const(6)           # first part
_BH_NP = const(7)           # part count
_BSH = const(9)
_OA = const(268)            # _OB + (_MAXB + 1) * _BS: part AABBs, 4 each, Q6 px
_OBH = const(884)           # _OV + _MAXV * 4: bodies (see above)
_TV = const(260)
_PW = const(8)
# physics.py
_PT_NP = const(5)           # parts
_PT_PP = const(7)           # index in PT of the first part's (first table vertex, count)
# -- end of the copies --

# one colour per piece (pieces.PIECES order)
PCOL = bytes((PAL.ORANGE, PAL.YELLOW, PAL.BROWN, PAL.RED, PAL.CYAN, PAL.GREEN, PAL.SILVER,
        PAL.PURPLE, PAL.PINK, PAL.BLUE, PAL.ORANGE, PAL.FOREST, PAL.YELLOW, PAL.RED,
        PAL.WHITE, PAL.SILVER, PAL.CYAN, PAL.GREEN, PAL.PINK, PAL.WHITE, PAL.BLUE,
        PAL.PURPLE, PAL.BROWN, PAL.FOREST, PAL.ORANGE, PAL.GREEN, PAL.YELLOW))

class Pen(Gfx):
    """core.gfx.Gfx's drawing calls on another FrameBuffer (`fb`: the screen cut short below a
    band of a view being wiped in, scenes.py), marking nothing dirty: the wipe marks its band.
    It has no buffer of its own (Gfx.__init__ is not called)."""

    def __init__(self):
        self.fb = None

    def dirty(self, x, y, w, h):
        pass


class Painter:
    """Polygon drawing into a FrameBuffer (the console's, or a clipped view of it). Its fields
    are made by startup.painter(): `views`, every FrameBuffer drawn into with its height (the
    kernel clips to it), `kern` (poly_viper.poly or None) with its scratch `ks` and `kp`."""

    def view(self, fb):
        """The FrameBuffer the next fill() draws into (one of `views`; any other, e.g. a test's
        stand-in, is drawn into by framebuf alone), all of it (no clip)."""
        views = self.views
        h = -1
        for i in range(0, len(views), 2):
            if views[i] is fb:
                h = views[i + 1]
        self.fb = fb
        kp = self.kp
        kp[2] = h
        kp[0] = 239 << 16
        kp[1] = 239 << 16                   # the kernel cuts it to the view's height

    def clip(self, x0, y0, x1, y1):
        """What the kernel draws from now on is cut to x0..x1, y0..y1 (inclusive, inside the
        view): a box of a tower view repainted, drawn again without spilling over bodies that
        were not (scenes.py). framebuf, which draws what the kernel leaves, does not clip."""
        kp = self.kp
        kp[0] = x0 | x1 << 16
        kp[1] = y0 | y1 << 16

    def _draw(self, colour, edge):
        """The parts in kp[6:] (each its first coordinate in z and its vertex count), each
        filled with `colour` and outlined with `edge` (-1: none), into the view. True when the
        kernel drew them all (inside the clip); False when framebuf drew any (not clipped)."""
        p = self.kp
        p[3] = colour
        p[4] = edge if edge >= 0 else 16
        k = self.kern
        i = k(self.fb, self.z, self.ks, p) if k is not None and p[2] >= 0 else 0
        z = self.z
        zc = self.zc
        whole = i >= p[6]
        while i < p[6]:                     # framebuf for what the kernel left
            first = p[7 + 2 * i]
            n = p[8 + 2 * i]
            if first != zc:
                for j in range(n << 1):
                    z[zc + j] = z[first + j]
            self.fb.poly(0, 0, self.cz[n], colour, True)
            if edge >= 0:
                self.fb.poly(0, 0, self.cz[n], edge, False)
            i += 1
        return whole

    def piece(self, fb, piece, cx, cy, shift, colour, edge):
        """Piece at angle 0 with its centroid at (cx, cy), scaled by 2**-shift. Returns the
        bounding box in x0..y1."""
        t16 = P.T16
        pt = P.PT
        s = 6 + shift
        h = 1 << (s - 1)
        bx0 = 9999
        by0 = 9999
        bx1 = -9999
        by1 = -9999
        pp = pt[piece * _PW + _PT_PP]
        self.view(fb)
        kp = self.kp
        kp[6] = 1
        kp[7] = self.zc
        for i in range(pt[piece * _PW + _PT_NP]):
            first = pt[pp + 2 * i]
            n = pt[pp + 2 * i + 1]
            cz = self.cz[n]
            for k in range(n):
                o = _TV + 4 * (first + k)
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
            kp[8] = n
            self._draw(colour, edge)
        self.x0 = bx0
        self.y0 = by0
        self.x1 = bx1
        self.y1 = by1

    def place(self, w, b, ox, oy, shift):
        """Compute the screen polygons of body b (x = ox + x px >> shift, y = oy - y px >> shift)
        into its piece's arrays, straight from the world's vertex cache, and their bounding box
        (x0..y1, inclusive). True when any vertex moved on screen since the last place(). The
        loop is the physics kernels' (k_place: viper on the board)."""
        z = self.z
        zb = self.zb
        moved = w.k.k_place(w.w32, w.w16, z, b, ox, oy, 6 + shift, zb)
        self.x0 = z[zb]
        self.y0 = z[zb + 1]
        self.x1 = z[zb + 2]
        self.y1 = z[zb + 3]
        return moved != 0

    def fill(self, piece, colour, edge):
        """Draw a piece's polygons as last placed into the view (see view()), clipped (see
        clip()); False when some of it may be drawn outside the clip."""
        pt = P.PT
        pp = pt[piece * _PW + _PT_PP]
        m = pt[piece * _PW + _PT_NP]
        p = self.kp
        p[6] = m
        for i in range(0, m << 1, 2):
            p[7 + i] = pt[pp + i] << 1
            p[8 + i] = pt[pp + i + 1]
        return self._draw(colour, edge)

    def box(self, w, b, ox, oy, shift):
        """Bounding box of body b on screen, from the world's part bounding boxes (x0..y1)."""
        w32 = w.w32
        hb = _OBH + b * _BSH
        p0 = w.w16[hb + _BH_P0]
        s = 6 + shift
        h = 1 << (s - 1)
        a = _OA + (p0 << 2)
        x0 = w32[a]
        y0 = w32[a + 1]
        x1 = w32[a + 2]
        y1 = w32[a + 3]
        for _ in range(1, w.w16[hb + _BH_NP]):
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
