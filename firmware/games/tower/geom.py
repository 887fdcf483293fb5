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
# compiled without line numbers: the tower game keeps 2.5 KB less on the heap (a traceback from
# the board names the file and the function, with line 1; the simulator's and source runs' have
# the lines; tools/build.py and tools/mprun.py read this line)

from micropython import const

from games.tower import physics as P

# copies of physics.py constants (tests/test_tower_physics.py checks that they agree)
_TV = const(260)
_PW = const(8)
_PT_A2 = const(3)
_PT_NP = const(5)
_PT_PP = const(7)
_F_FOUND = const(32)

_NCOL = const(120)
_PJ = const(32)              # relative columns -32..31 (a vertex is at most 64 px from the centroid)
_NJ = const(64)
_GBIG = const(0x3FFFFFF)
_TOL = const(64)             # Q6: columns within 1 px of the lowest gap touch
_INVALID = const(2000)       # evaluate(): the piece would touch the table or leave the table area
_MSAFE = const(10)           # px of margin beyond which the local support is called safe
_COM_SAFE = const(16)        # Q2 px: 4 px of margin of the tower's centre of mass over its base

# CORDIC arctangent table: atan(2**-i) in brads
_ATAN = (8192, 4836, 2555, 1297, 651, 326, 163, 81, 41, 20, 10, 5, 3, 1)


def _atan2(y, x):
    """Angle of (x, y) in brads, 0..65535 (integer CORDIC, |x|, |y| < 2**20)."""
    a = 0
    if x < 0:
        x = -x
        y = -y
        a = 32768
    x <<= 8
    y <<= 8
    for i in range(14):
        if y > 0:
            x, y = x + (y >> i), y - (x >> i)
            a += _ATAN[i]
        else:
            x, y = x - (y >> i), y + (x >> i)
            a -= _ATAN[i]
    return a & 0xFFFF


def _verts(piece):
    """(x, y) Q6 of every vertex of every part of a piece, relative to its centroid."""
    out = []
    for first, n in _parts(piece):
        for k in range(first, first + n):
            o = _TV + 4 * k
            out.append((P.T16[o], P.T16[o + 1]))
    return out


def _parts(piece):
    """((first table vertex, count), ...) of the piece's parts."""
    pt = P.PT
    pp = pt[piece * _PW + _PT_PP]
    return [(pt[pp + 2 * i], pt[pp + 2 * i + 1]) for i in range(pt[piece * _PW + _PT_NP])]


def _rot(v, a):
    c = P.cos(a)
    s = P.sin(a)
    return [((x * c - y * s) >> 14, (x * s + y * c) >> 14) for x, y in v]


def _same_set(a, b, tol):
    for x, y in a:
        ok = False
        for u, w in b:
            if abs(u - x) <= tol and abs(w - y) <= tol:
                ok = True
                break
        if not ok:
            return False
    return True


def _rest_angles(piece, most=4):
    """The angles (brads) at which the piece rests on one of its edges, as a tuple, without
    the turns that give the same shape (a brick lying flat twice, the ball eight times); the
    `most` longest resting edges first."""
    verts = _verts(piece)
    cands = []
    for first, n in _parts(piece):
        for k in range(n):
            o0 = _TV + 4 * (first + k)
            o1 = _TV + 4 * (first + (k + 1) % n)
            ex = P.T16[o1] - P.T16[o0]
            ey = P.T16[o1 + 1] - P.T16[o0 + 1]
            a = (49152 - _atan2(-ex, ey)) & 0xFFFF     # outward normal (ey, -ex) turned down
            a = (a + 256) & 0xFE00                     # the fine-turn grid (2.8 degrees)
            r = _rot(verts, a)
            # the edge must be the piece's bottom (its two ends the lowest vertices)
            lo = min(y for _, y in r)
            e0 = _rot([(P.T16[o0], P.T16[o0 + 1])], a)[0][1]
            e1 = _rot([(P.T16[o1], P.T16[o1 + 1])], a)[0][1]
            if e0 - lo > 40 or e1 - lo > 40:
                continue
            dup = False
            for _, b in cands:
                if _same_set(r, _rot(verts, b), 40):
                    dup = True
                    break
            if not dup:
                cands.append((-(ex * ex + ey * ey), a))
    cands.sort()
    return tuple(a for _, a in cands[:most])


# ANGLES[5 * piece]: how many resting angles (1..4), then the angles >> 9 (they are on the
# fine-turn grid of 512 brads), the longest resting edges first. Computed when the game starts;
# the code that computes them is dropped afterwards.
ANGLES = bytearray(5 * P.NPIECES)
for _p in range(P.NPIECES):
    _a = _rest_angles(_p)
    ANGLES[5 * _p] = len(_a)
    for _k in range(len(_a)):
        ANGLES[5 * _p + 1 + _k] = _a[_k] >> 9
del _p, _a, _k, _rest_angles, _same_set, _rot, _parts, _verts, _atan2, _ATAN


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
