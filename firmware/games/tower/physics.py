"""Tower physics: a deterministic, integer-only, allocation-free 2D rigid-body world.

One World per tower (T-8). Units (docs/tower-physics.md has the full list):
- positions in Q10 px (PX = 1024 per pixel), y up, the table is the line y = 0;
- angles in brads (65536 per turn, counter-clockwise), like core.fixed;
- gravity in px/s**2; a frame is 1/30 s, run as SUB substeps.
All state lives in two arrays built once (W32, W16); contacts use a scratch shared by all
worlds (one world steps at a time). step() allocates nothing. The hot loops are in
physics_kern.py (pure Python) and physics_viper.py (generated from it); this module is the API.
"""
from array import array
from micropython import const

from core import fastpath, fixed, modules
from games.tower import physics_kern as kern
from games.tower.physics_kern import (
    MAXB, MAXP, MAXV, MAXC, GROUND, HS, OB, OA, BS, OK, PS, OV, W32N, W16N, S32N, S16N, TV,
    H_NB, H_NP, H_NV, H_NK, H_GX, H_GY, H_CAR, H_TX, H_TY, H_TA, H_WOKE, H_XMIN, H_XMAX,
    H_YMAX, H_AWAKE, H_NC, H_SUB, H_GSX, H_GSY,
    B_PX, B_PY, B_ANG, B_VX, B_VY, B_W, B_COS, B_SIN, B_INVM, B_IRHO, B_IRHO2, B_FLAGS,
    B_REST, B_PIECE, B_P0, B_NP, B_ISL,
    P_BODY, P_TV0, P_V0, P_NV,
    F_KIN, F_SLEEP, F_FROZEN, F_TOUCH, F_OUT, F_FOUND)
from games.tower.pieces import PIECES

PX = const(1024)            # one pixel in position units (Q10)
FPS = const(30)
SUB = const(3)              # substeps per frame (90 Hz)
ITERS = const(8)            # solver iterations per substep
G_DEFAULT = const(400)      # px/s**2: a fall across the 240 px screen takes 1.1 s
MAGIC = const(0x5457)       # "TW" at the head of a saved world
VERSION = const(1)

# -- the piece table, built once at import with exact (possibly big) integers --
T16 = array("h", [0] * TV)          # quarter sine (Q14) then vertices: lx, ly (Q6), nx, ny (Q14)
PIECE_MASS = []                     # per piece: (invm, irho, irho2)
PIECE_PARTS = []                    # per piece: ((first table vertex, vertex count), ...)
PIECE_INFO = []                     # per piece: (area2, rho2 Q12, max radius Q6): for tests, docs
S32 = array("i", bytes(4 * S32N))   # contact scratch shared by all worlds (zeros from bytes:
S16 = array("h", bytes(2 * S16N))   # no temporary list, so no large block is needed twice)


def _isqrt(n):
    """Floor square root of any non-negative int (Newton; used at import only)."""
    if n < 2:
        return n
    x = 1 << ((n.bit_length() + 1) >> 1) if hasattr(n, "bit_length") else n
    while True:
        y = (x + n // x) >> 1
        if y >= x:
            return x
        x = y


def _div_round(num, den):
    """num / den rounded half up, den > 0 (Python floor division, so exact for any sign)."""
    return (2 * num + den) // (2 * den)


def _build_table():
    for i in range(257):
        T16[i] = fixed.sin(i << 6)
    nverts = 0
    for name, parts in PIECES:
        a2 = sx = sy = i12 = 0
        for poly in parts:
            n = len(poly) >> 1
            for k in range(n):
                x0, y0 = poly[2 * k], poly[2 * k + 1]
                k1 = (k + 1) % n
                x1, y1 = poly[2 * k1], poly[2 * k1 + 1]
                cr = x0 * y1 - x1 * y0
                a2 += cr
                sx += (x0 + x1) * cr
                sy += (y0 + y1) * cr
                i12 += cr * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)
        # centroid = (sx, sy) / (3 a2); rho**2 = rn / rd (about the centroid, px**2)
        rn = 3 * a2 * i12 - 2 * (sx * sx + sy * sy)
        rd = 18 * a2 * a2
        invm = _div_round(1 << 23, a2)                  # 2**22 / area
        irho = _isqrt((rd << 32) // rn)                 # 2**16 / rho
        irho2 = _div_round((1 << 19) * rd, rn)          # 2**19 / rho**2
        PIECE_MASS.append((invm, irho, irho2))
        ranges = []
        rmax = 0
        for poly in parts:
            n = len(poly) >> 1
            ranges.append((nverts, n))
            for k in range(n):
                x0, y0 = poly[2 * k], poly[2 * k + 1]
                k1 = (k + 1) % n
                ex, ey = poly[2 * k1] - x0, poly[2 * k1 + 1] - y0
                lx = _div_round(64 * (3 * a2 * x0) - 64 * sx, 3 * a2)
                ly = _div_round(64 * (3 * a2 * y0) - 64 * sy, 3 * a2)
                ls = _isqrt((ex * ex + ey * ey) << 32)   # edge length * 2**16
                for v in (lx, ly, _div_round(ey << 30, ls), _div_round(-ex << 30, ls)):
                    T16.append(v)
                rmax = max(rmax, lx * lx + ly * ly)
                nverts += 1
        PIECE_PARTS.append(tuple(ranges))
        PIECE_INFO.append((a2, _div_round(rn << 12, rd), _isqrt(rmax)))


_build_table()
NPIECES = len(PIECES)
NAMES = tuple(p[0] for p in PIECES)     # the pieces' names (for games); the polygons are in T16
del PIECES                              # so the piece table's tuples can be collected...
modules.forget("games.tower.pieces")    # ...once nobody else imports pieces.py

_vip = fastpath.load("games.tower.physics_viper")
if _vip is not None:
    # the viper twins run here: the pure ones are needed only by World(pure=True), which loads
    # them again; forgetting them now frees their bytecode (about 9 KB on the board)
    kern = None
    modules.forget("games.tower.physics_kern")


def _pure():
    global kern
    if kern is None:
        from games.tower import physics_kern
        kern = physics_kern
    return kern


class World:
    """One tower's world. Bodies are numbered 0..count()-1 in the order they were added;
    remove_body() renumbers the bodies after the removed one (each moves down by one)."""

    def __init__(self, pure=False):
        self.k = _pure() if (pure or _vip is None) else _vip
        self.viper = _vip is not None and self.k is _vip
        self.w32 = array("i", bytes(4 * W32N))     # zeros without a temporary list
        self.w16 = array("h", bytes(2 * W16N))
        self.reset()

    # -- set-up (may be called between frames; none allocates) --

    def reset(self):
        """Empty world, default gravity and play area (240 px wide, 1000 px high)."""
        w = self.w32
        for i in range(W32N):
            w[i] = 0
        for i in range(W16N):
            self.w16[i] = 0
        w[H_CAR] = -1
        self.set_play_area(-120 * PX, 120 * PX, 1000 * PX)
        self.set_gravity(0, -G_DEFAULT)
        w[H_GSX] = w[H_GX]
        w[H_GSY] = w[H_GY]

    def set_play_area(self, xmin, xmax, ymax):
        """A body whose centroid leaves xmin..xmax or rises above ymax (Q10 px) gets F_OUT."""
        w = self.w32
        w[H_XMIN] = xmin
        w[H_XMAX] = xmax
        w[H_YMAX] = ymax

    def set_gravity(self, gx, gy):
        """Gravity in px/s**2 (integers; tilt the table by turning this vector). A change of
        more than ~1% of the default wakes every sleeping body."""
        w = self.w32
        d = FPS * FPS * SUB * SUB
        w[H_GX] = (gx * 2048 + d) // (2 * d)
        w[H_GY] = (gy * 2048 + d) // (2 * d)
        dx = w[H_GX] - w[H_GSX]
        dy = w[H_GY] - w[H_GSY]
        if dx * dx + dy * dy > 9:
            self.wake_all()

    def add_body(self, piece, x, y, angle=0):
        """Add piece number `piece` (pieces.PIECES) with its centroid at (x, y) in Q10 px,
        turned by `angle` brads. Returns the body number; raises ValueError when full."""
        w = self.w32
        b = w[H_NB]
        parts = PIECE_PARTS[piece]
        nv = 0
        for i in range(len(parts)):
            nv += parts[i][1]
        if b >= MAXB or w[H_NP] + len(parts) > MAXP or w[H_NV] + nv > MAXV:
            raise ValueError("tower world full")
        o = OB + b * BS
        for i in range(BS):
            w[o + i] = 0
        w[o + B_PX] = x
        w[o + B_PY] = y
        w[o + B_ANG] = (angle << 8) & 0xFFFFFF
        w[o + B_COS] = fixed.cos(angle)
        w[o + B_SIN] = fixed.sin(angle)
        m = PIECE_MASS[piece]
        w[o + B_INVM] = m[0]
        w[o + B_IRHO] = m[1]
        w[o + B_IRHO2] = m[2]
        w[o + B_PIECE] = piece
        w[o + B_P0] = w[H_NP]
        w[o + B_NP] = len(parts)
        for i in range(len(parts)):
            p = w[H_NP]
            q = p * PS
            self.w16[q + P_BODY] = b
            self.w16[q + P_TV0] = parts[i][0]
            self.w16[q + P_V0] = w[H_NV]
            self.w16[q + P_NV] = parts[i][1]
            w[H_NV] += parts[i][1]
            w[H_NP] = p + 1
        w[H_NB] = b + 1
        w[H_AWAKE] += 1
        self.k.k_geometry(w, self.w16, T16, 1)
        return b

    def remove_body(self, b):
        """Remove body b; later bodies move down by one. Wakes everything and clears the
        warm-start cache (contact keys name parts, which move)."""
        w, h = self.w32, self.w16
        nb = w[H_NB]
        o = OB + b * BS
        p0, np = w[o + B_P0], w[o + B_NP]
        v0 = h[p0 * PS + P_V0]
        nv = 0
        for p in range(p0, p0 + np):
            nv += h[p * PS + P_NV]
        for i in range(o, OB + (nb - 1) * BS):
            w[i] = w[i + BS]
        for i in range(OB + (nb - 1) * BS, OB + nb * BS):
            w[i] = 0
        for i in range(p0 * PS, (w[H_NP] - np) * PS):
            h[i] = h[i + np * PS]
        for i in range(OV + v0 * 4, OV + (w[H_NV] - nv) * 4):
            h[i] = h[i + nv * 4]
        w[H_NB] = nb - 1
        w[H_NP] -= np
        w[H_NV] -= nv
        for c in range(nb - 1):
            oc = OB + c * BS
            if w[oc + B_P0] > p0:
                w[oc + B_P0] -= np
        for p in range(w[H_NP]):
            q = p * PS
            if h[q + P_BODY] > b:
                h[q + P_BODY] -= 1
            if h[q + P_V0] > v0:
                h[q + P_V0] -= nv
        car = w[H_CAR]
        if car == b:
            w[H_CAR] = -1
        elif car > b:
            w[H_CAR] = car - 1
        w[H_NK] = 0
        self.wake_all()
        self.k.k_geometry(w, h, T16, 1)

    def wake_all(self):
        w = self.w32
        for b in range(w[H_NB]):
            o = OB + b * BS
            if w[o + B_FLAGS] & F_SLEEP:
                w[o + B_FLAGS] &= ~F_SLEEP
                w[o + B_REST] = 0
                w[H_AWAKE] += 1

    def set_foundation(self, b):
        """Mark b as the foundation: collapsed() ignores its touching the table."""
        self.w32[OB + b * BS + B_FLAGS] |= F_FOUND

    # -- the carried piece (T-9) --

    def carry(self, b):
        """Make b the carried body: kinematic (infinite mass, pushes others, is not pushed),
        driven toward the target, which starts at its current pose."""
        w = self.w32
        if w[H_CAR] >= 0:
            self.release()
        o = OB + b * BS
        if w[o + B_FLAGS] & F_SLEEP:
            self.wake_all()
        w[o + B_FLAGS] = (w[o + B_FLAGS] | F_KIN) & ~F_SLEEP
        w[o + B_INVM] = 0
        w[o + B_IRHO] = 0
        w[o + B_IRHO2] = 0
        w[o + B_VX] = 0
        w[o + B_VY] = 0
        w[o + B_W] = 0
        w[H_CAR] = b
        w[H_TX] = w[o + B_PX]
        w[H_TY] = w[o + B_PY]
        w[H_TA] = w[o + B_ANG]

    def set_target(self, x, y, angle):
        """Where the carried body should go: centroid (x, y) in Q10 px, angle in brads.
        It moves at most 6 px and 0.1 rad per substep (velocity from the error, clamped)."""
        w = self.w32
        w[H_TX] = x
        w[H_TY] = y
        w[H_TA] = (angle << 8) & 0xFFFFFF

    def release(self):
        """Let go of the carried body: it becomes dynamic with its current velocity.
        Returns its number, or -1 if nothing was carried."""
        w = self.w32
        b = w[H_CAR]
        if b < 0:
            return -1
        o = OB + b * BS
        m = PIECE_MASS[w[o + B_PIECE]]
        w[o + B_INVM] = m[0]
        w[o + B_IRHO] = m[1]
        w[o + B_IRHO2] = m[2]
        w[o + B_FLAGS] &= ~F_KIN
        w[o + B_REST] = 0
        w[H_CAR] = -1
        w[H_AWAKE] += 1         # dynamic now: step() must run even if the rest sleeps
        return b

    # -- stepping --

    def step(self):
        """Advance one frame (1/30 s). Costs nearly nothing when everything sleeps."""
        w = self.w32
        if w[H_AWAKE] == 0 and w[H_CAR] < 0:
            return
        k = self.k
        h = self.w16
        for _ in range(SUB):
            k.k_forces(w)
            n = k.k_collide(w, h, S32, S16)
            while w[H_WOKE]:
                n = k.k_collide(w, h, S32, S16)
            k.k_prestep(w, S32, S16, n)
            k.k_solve(w, S32, S16, n, ITERS)
            k.k_integrate(w, T16)
            k.k_geometry(w, h, T16, 0)
            k.k_sleep(w, S32, S16, n)
            w[H_SUB] += 1

    # -- queries --

    def count(self):
        return self.w32[H_NB]

    def x(self, b):
        """Centroid x, Q10 px."""
        return self.w32[OB + b * BS + B_PX]

    def y(self, b):
        return self.w32[OB + b * BS + B_PY]

    def angle(self, b):
        """Angle in brads (0..65535)."""
        return self.w32[OB + b * BS + B_ANG] >> 8

    def piece(self, b):
        return self.w32[OB + b * BS + B_PIECE]

    def flags(self, b):
        """F_* bits of body b: F_TOUCH (touched the table) and F_OUT (left the play area)
        stay set until clear_flags(); F_SLEEP, F_KIN, F_FROZEN, F_FOUND describe its state."""
        return self.w32[OB + b * BS + B_FLAGS]

    def clear_flags(self, b, mask):
        self.w32[OB + b * BS + B_FLAGS] &= ~(mask & (F_TOUCH | F_OUT))

    def collapsed(self):
        """First body other than the foundation that touched the table or left the play
        area (T-2), or -1. The carried body counts."""
        w = self.w32
        for b in range(w[H_NB]):
            fl = w[OB + b * BS + B_FLAGS]
            if fl & F_OUT or (fl & F_TOUCH and not fl & F_FOUND):
                return b
        return -1

    def awake(self):
        """Dynamic bodies not asleep (the carried body is not counted)."""
        return self.w32[H_AWAKE]

    def carried(self):
        return self.w32[H_CAR]

    def contacts(self):
        """Contact points in the last substep."""
        return self.w32[H_NC]

    def substeps(self):
        return self.w32[H_SUB]

    def parts(self, b):
        return self.w32[OB + b * BS + B_NP]

    def outline(self, b, part, out):
        """Fill `out` (array 'i' or 'h', 16 entries) with the world vertices of part `part`
        of body b as x0, y0, x1, y1, ... in Q6 px (1/64 px), counter-clockwise; returns the
        vertex count."""
        w, h = self.w32, self.w16
        o = OB + b * BS
        q = (w[o + B_P0] + part) * PS
        x6 = w[o + B_PX] >> 4
        y6 = w[o + B_PY] >> 4
        v = OV + h[q + P_V0] * 4
        n = h[q + P_NV]
        for k in range(n):
            out[2 * k] = x6 + h[v]
            out[2 * k + 1] = y6 + h[v + 1]
            v += 4
        return n

    # -- save / restore: little-endian 32-bit words --

    def state_size(self):
        w = self.w32
        return 4 * (2 + HS + w[H_NB] * BS + w[H_NP] * PS + w[H_NK] * 3)

    def _words(self, i):
        """The i-th 32-bit word of the saved form (serialize() writes them in this order)."""
        w = self.w32
        if i < 2:
            return MAGIC if i == 0 else VERSION
        i -= 2
        if i < HS:
            return w[i]
        i -= HS
        n = w[H_NB] * BS
        if i < n:
            return w[OB + i]
        i -= n
        n = w[H_NP] * PS
        if i < n:
            return self.w16[i]
        return w[OK + i - n]

    def serialize(self, buf, at=0):
        """Write the whole world into bytearray buf from offset `at`; returns the byte count.
        Derived data (vertex cache, AABBs) is not saved: restore() recomputes it identically.
        Allocation-free; one loop per region (the words are those of _words())."""
        w, h = self.w32, self.w16
        _enc1(buf, at, MAGIC)
        _enc1(buf, at + 4, VERSION)
        j = _enc(buf, at + 8, w, 0, HS)
        j = _enc(buf, j, w, OB, w[H_NB] * BS)
        j = _enc(buf, j, h, 0, w[H_NP] * PS)
        j = _enc(buf, j, w, OK, w[H_NK] * 3)
        return j - at

    def restore(self, buf, at=0):
        """Load a world written by serialize() (from offset `at` of buf); stepping then
        continues bit-identically. Allocation-free unless the data is not a world. Only the
        saved regions are written (the kernels read nothing beyond the counts in the header;
        the vertex cache and the AABBs are recomputed)."""
        if _word(buf, at, 0) != MAGIC or _word(buf, at, 1) != VERSION:
            raise ValueError("not a tower world")
        w, h = self.w32, self.w16
        j = _dec(buf, at + 8, w, 0, HS)
        j = _dec(buf, j, w, OB, w[H_NB] * BS)
        j = _dec(buf, j, h, 0, w[H_NP] * PS)
        _dec(buf, j, w, OK, w[H_NK] * 3)
        self.k.k_geometry(w, h, T16, 1)

    def state_hash(self):
        """A hash of the saved form (same bytes serialize() writes), below 2**30. Two 20-bit
        polynomial lanes; allocation-free."""
        h1 = 0
        h2 = 0
        for i in range(self.state_size() >> 2):
            v = self._words(i)
            for s in range(4):
                c = (v >> (8 * s)) & 0xFF
                h1 = (h1 * 257 + c) % 1000003
                h2 = (h2 * 263 + c) % 999983
        return (h1 << 9) ^ h2


def _enc1(buf, j, v):
    buf[j] = v & 0xFF
    buf[j + 1] = (v >> 8) & 0xFF
    buf[j + 2] = (v >> 16) & 0xFF
    buf[j + 3] = (v >> 24) & 0xFF


def _enc(buf, j, arr, start, n):
    """Words arr[start:start + n] into buf at j, little-endian; returns the next j."""
    for i in range(start, start + n):
        v = arr[i]
        buf[j] = v & 0xFF
        buf[j + 1] = (v >> 8) & 0xFF
        buf[j + 2] = (v >> 16) & 0xFF
        buf[j + 3] = (v >> 24) & 0xFF
        j += 4
    return j


def _dec(buf, j, arr, start, n):
    """n signed words from buf at j into arr[start:]; returns the next j."""
    for i in range(start, start + n):
        hi = buf[j + 3]
        if hi & 0x80:
            hi -= 256
        arr[i] = buf[j] | (buf[j + 1] << 8) | (buf[j + 2] << 16) | (hi << 24)
        j += 4
    return j


def _word(buf, at, i):
    """The i-th little-endian signed 32-bit word of buf after offset at."""
    j = at + 4 * i
    hi = buf[j + 3]
    if hi & 0x80:
        hi -= 256
    return buf[j] | (buf[j + 1] << 8) | (buf[j + 2] << 16) | (hi << 24)


def memory_bytes():
    """(bytes of one World's arrays, bytes shared by all worlds) on a 32-bit port."""
    return 4 * W32N + 2 * W16N, 4 * S32N + 2 * S16N + 2 * len(T16)
