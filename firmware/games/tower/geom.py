"""Tower geometry without physics: the skyline of a tower, a piece's bottom and top profile at
an angle, and a drop test of a piece over the skyline (where it would come to rest and how well
it would be supported). The bots rank candidate placements with it before trying the best ones
in a scratch physics world; the scene uses it for the stability hint.

Columns are 2 px wide: column c samples x = -119 + 2c px (c = 0..119 across the 240 px table).
A piece's profile samples the same grid relative to its centroid placed at x = -120 + 2 c0 px:
relative column j samples 2j + 1 px. Heights are Q6 px (1/64 px), like physics outlines.
Everything is integer and allocation-free after __init__ (except rest_angles(), which runs once
per piece when a game starts).
"""

from micropython import const

from games.tower import physics as P

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_F_FOUND = const(32)        # foundation (for the game; physics ignores it)
_TV = const(260)
_PW = const(8)
# physics.py
_PT_A2 = const(3)           # twice the area, px**2
_PT_NP = const(5)           # parts
_PT_PP = const(7)           # index in PT of the first part's (first table vertex, count)
# -- end of the copies --

_NCOL = const(120)
_PJ = const(32)              # relative columns -32..31 (a vertex is at most 64 px from the centroid)
_NJ = const(64)
_GBIG = const(0x3FFFFFF)
_TOL = const(64)             # Q6: columns within 1 px of the lowest gap touch
_INVALID = const(2000)       # evaluate(): the piece would touch the table or leave the table area
_MSAFE = const(10)           # px of margin beyond which the local support is called safe
_COM_SAFE = const(16)        # Q2 px: 4 px of margin of the tower's centre of mass over its base

# ANGLES[5 * piece]: how many resting angles (1..4), then the angles >> 9 (they are on the
# fine-turn grid of 512 brads), the longest resting edges first. Made by
# tools/gen_tower_angles.py from the piece table (a test checks that it is up to date): computed
# here as the game started, it made about 150 KB of garbage on the board, which fragmented the
# heap the game's arrays are allocated from right after.
ANGLES = (b'\x02\x00`\x00\x00\x02\x00`\x00\x00\x02\x00`\x00\x00\x02\x00`\x00\x00'
    b'\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x02`\x00\x00\x00\x02\x00`\x00\x00'
    b'\x03\x000P\x00\x01\x00\x00\x00\x00\x04@\x1cd\x00\x04\x00)W@'
    b'\x04\x00%;E\x01X\x00\x00\x00\x04%3M[\x03@*V\x00'
    b'\x02Tl\x00\x00\x02\x00m\x00\x00\x04\x001O \x02\x00p\x00\x00'
    b'\x04\x00 @`\x04@\x00 `\x04@ `\x00\x04\x00@ `'
    b'\x04\x00 @`\x01\x00\x00\x00\x00\x04@\x00 `')


class Geom:
    """Its fields are made by startup.geom()."""
    # -- the tower ---------------------------------------------------------------------------
    def sky_clear(self):
        sky = self.sky
        for c in range(_NCOL):
            sky[c] = 0
        self.c_lo = _NCOL
        self.c_hi = -1
        self.height = 0
        self.mass = 0
        self.momx = 0
        self.base0 = 0
        self.base1 = 0
        self.empty = True

    def sky_body(self, w, b):
        """Add body b of world w to the skyline and the tower's mass figures."""
        out = self.out
        sky = self.sky
        a2 = P.PT[w.piece(b) * _PW + _PT_A2]
        self.mass += a2
        self.momx += a2 * (w.x(b) >> 8)
        self.empty = False
        found = w.flags(b) & _F_FOUND
        for part in range(w.parts(b)):
            n = w.outline(b, part, out)
            if found:
                lo = _GBIG
                hi = -_GBIG
                for k in range(n):
                    if out[2 * k + 1] <= 64:
                        x = out[2 * k]
                        if x < lo:
                            lo = x
                        if x > hi:
                            hi = x
                if hi >= lo:
                    if self.base1 <= self.base0:
                        self.base0 = lo >> 4
                        self.base1 = hi >> 4
                    else:
                        if lo >> 4 < self.base0:
                            self.base0 = lo >> 4
                        if hi >> 4 > self.base1:
                            self.base1 = hi >> 4
            for k in range(n):
                x0 = out[2 * k]
                y0 = out[2 * k + 1]
                k1 = k + 1 if k + 1 < n else 0
                x1 = out[2 * k1]
                y1 = out[2 * k1 + 1]
                if y0 > self.height:
                    self.height = y0
                if x1 >= x0:
                    continue                    # counter-clockwise: only the upper chain runs left
                xa = x1
                xb = x0
                c = -((-(xa + 7616)) >> 7)          # first column with sample x >= xa
                if c < 0:
                    c = 0
                xs = (c << 7) - 7616
                dx = x1 - x0
                dy = y1 - y0
                while xs < xb and c < _NCOL:
                    y = y0 + (dy * (xs - x0)) // dx
                    if y > sky[c]:
                        sky[c] = y
                    if c < self.c_lo:
                        self.c_lo = c
                    if c > self.c_hi:
                        self.c_hi = c
                    c += 1
                    xs += 128

    def sky_world(self, w, skip=-1):
        """The whole skyline of world w (body `skip`, e.g. the carried piece, left out)."""
        self.sky_clear()
        for b in range(w.count()):
            if b != skip:
                self.sky_body(w, b)

    # -- a piece -----------------------------------------------------------------------------
    def profile(self, piece, angle):
        """Load the profile of `piece` turned by `angle` brads."""
        bot = self.bot
        top = self.top
        for j in range(_NJ):
            bot[j] = _GBIG
            top[j] = -_GBIG
        c = P.cos(angle)
        s = P.sin(angle)
        rv = self.out
        t16 = P.T16
        j0 = _PJ
        j1 = -_PJ - 1
        pt = P.PT
        pp = pt[piece * _PW + _PT_PP]
        for i in range(pt[piece * _PW + _PT_NP]):
            first = pt[pp + 2 * i]
            n = pt[pp + 2 * i + 1]
            for k in range(n):
                o = _TV + 4 * (first + k)
                x = t16[o]
                y = t16[o + 1]
                rv[2 * k] = (x * c - y * s) >> 14
                rv[2 * k + 1] = (x * s + y * c) >> 14
            for k in range(n):
                x0 = rv[2 * k]
                y0 = rv[2 * k + 1]
                k1 = k + 1 if k + 1 < n else 0
                x1 = rv[2 * k1]
                y1 = rv[2 * k1 + 1]
                if x0 == x1:
                    continue
                low = x0 < x1                   # counter-clockwise: the lower chain runs right
                if low:
                    xa = x0
                    xb = x1
                else:
                    xa = x1
                    xb = x0
                j = -((64 - xa) >> 7)               # first j with 128 j + 64 >= xa
                xs = (j << 7) + 64
                dx = x1 - x0
                dy = y1 - y0
                while xs < xb:
                    if -_PJ <= j < _PJ:
                        y = y0 + (dy * (xs - x0)) // dx
                        q = j + _PJ
                        if low:
                            if y < bot[q]:
                                bot[q] = y
                        elif y > top[q]:
                            top[q] = y
                        if j < j0:
                            j0 = j
                        if j > j1:
                            j1 = j
                    j += 1
                    xs += 128
        self.j0 = j0
        self.j1 = j1
        hi = -_GBIG
        for j in range(j0 + _PJ, j1 + _PJ + 1):
            if top[j] > hi:
                hi = top[j]
        self.ptop = hi
        f = 0
        for j in range(j0 + _PJ, j1 + _PJ + 1):
            if top[j] >= hi - 64:
                f += 2
        self.pflat = f
        self.pa2 = pt[piece * _PW + _PT_A2]

    # -- a drop test -------------------------------------------------------------------------
    def evaluate(self, c0, first):
        """Drop the loaded profile with its centroid over x = -120 + 2 c0 px onto the skyline.
        Sets ry (resting centroid height, Q6), margin, risk (0..1000, _INVALID when it would touch
        the table as a non-foundation piece or stick out of the table area) and score."""
        sky = self.sky
        bot = self.bot
        j0 = self.j0
        j1 = self.j1
        if c0 + j0 < 0 or c0 + j1 >= _NCOL or j1 < j0:
            self.risk = _INVALID
            self.score = _INVALID
            return _INVALID
        best = -_GBIG
        for j in range(j0, j1 + 1):
            h = sky[c0 + j] - bot[j + _PJ]
            if h > best:
                best = h
        lim = best - _TOL
        lo = _PJ
        hi = -_PJ
        table = False
        for j in range(j0, j1 + 1):
            s = sky[c0 + j]
            if s - bot[j + _PJ] >= lim:
                if s <= 0:
                    table = True
                if j < lo:
                    lo = j
                hi = j
        self.ry = best
        if table and not first:
            self.risk = _INVALID
            self.score = _INVALID
            return _INVALID
        m = -2 * lo
        r = 2 * hi + 2
        if r < m:
            m = r
        self.margin = m
        if m <= 0:
            risk = 1000
        elif m >= _MSAFE:
            risk = 0
        else:
            risk = (_MSAFE - m) * 1000 // _MSAFE
        if not first and not self.empty:
            # the centre of mass of the tower with this piece, over the foundation's footing
            x2 = (c0 << 3) - 480                                  # Q2 px
            mass = self.mass + self.pa2
            comx = (self.momx + self.pa2 * x2) // mass
            cm = comx - self.base0
            if self.base1 - comx < cm:
                cm = self.base1 - comx
            if cm <= 0:
                risk = 1000
            elif cm < _COM_SAFE:
                risk += (_COM_SAFE - cm) * 400 // _COM_SAFE
        if risk > 1000:
            risk = 1000
        self.risk = risk
        # shaping: a low tower and a flat top for the next pieces
        h = (best + self.ptop) >> 6                               # px
        score = risk + (h >> 1) - (self.pflat if self.pflat < 40 else 40)
        if first:
            score -= 2 * m                                        # a wide footing
        self.score = score
        return risk
