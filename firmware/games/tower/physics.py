"""Tower physics: a deterministic, integer-only, allocation-free 2D rigid-body world.

One World per tower (T-8). Units (docs/tower-physics.md has the full list):
- positions in Q10 px (PX = 1024 per pixel), y up, the table is the line y = 0;
- angles in brads (65536 per turn, counter-clockwise), like core.fixed;
- gravity in px/s**2; a frame is 1/30 s, run as SUB substeps.
All state lives in two arrays built once (w32, w16); contacts use a scratch shared by all
worlds (one world steps at a time). step() allocates nothing. The hot loops are in
physics_kern.py (pure Python) and physics_viper.py (generated from it); this module is the API.

Layout constants are private (`_X = const(...)`: compile-time only, no memory on the board),
written once in physics_kern.py (and the piece table's here), and copied into each module that
uses them by tools/gen_consts.py (tests/test_tower_physics.py checks the copies are current).
"""
from array import array
from micropython import const

from core import fastpath, modules

PX = const(1024)            # one pixel in position units (Q10)
G_DEFAULT = const(400)      # px/s**2: a fall across the 240 px screen takes 1.1 s
F_TOUCH = const(8)          # flags(): touched the table (sticky)
F_OUT = const(16)           # left the play area (sticky)
F_FOUND = const(32)         # the foundation (set_foundation)
_FPS = const(30)
_SUB = const(3)             # substeps per frame (90 Hz)
_ITERS = const(5)           # solver iterations per substep
_MAGIC = const(0x57)        # "W", then the format version, at the head of a saved world
_VERSION = const(3)

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_MAXB = const(30)           # bodies: a tower has at most all 27 pieces; 30 for the
                            # issue's 30-body benchmark (about 0.4 KB a world)
_MAXP = const(41)           # convex parts (all 27 pieces have 37; the bench's 30 bodies 40)
_MAXV = const(180)          # vertex slots (all 27 pieces have 164; the bench's 30 bodies 176)
_H_NB = const(0)            # bodies in use
_H_NP = const(1)            # parts in use
_H_NV = const(2)            # vertex slots in use
_H_NK = const(3)            # contact points in the warm-start cache
_H_GX = const(4)            # gravity, Q10 px per substep per substep
_H_GY = const(5)
_H_CAR = const(6)           # carried body or -1
_H_TX = const(7)            # carried target, Q10 px
_H_TY = const(8)
_H_TA = const(9)            # carried target angle, Q8 brads
_H_WOKE = const(10)         # set by k_collide: 1 + a sleeping body to wake (with its island)
_H_XMIN = const(11)         # play area, Q10 px: leaving it sets _F_OUT
_H_XMAX = const(12)
_H_YMAX = const(13)
_H_AWAKE = const(14)        # awake dynamic bodies after the last substep
_H_SUB = const(16)          # substeps run
_H_GSX = const(17)          # gravity when the last island fell asleep
_H_GSY = const(18)
_H_NPC = const(19)          # of the _H_NC contact points, those between bodies (the table's follow)
_B_PX = const(0)            # centroid, Q10 px
_B_PY = const(1)
_B_ANG = const(2)           # Q8 brads, 0 .. 2**24 - 1
_B_VX = const(3)            # Q10 px per substep
_B_W = const(5)             # Q15 rad per substep
_B_COS = const(6)           # Q14
_B_SIN = const(7)
_BS = const(8)
_BH_INVM = const(0)         # 2**22 / area (0: the ground)
_BH_IRHO = const(1)         # 2**16 / radius of gyration (px)
_BH_IRHO2 = const(2)        # 2**19 / radius of gyration squared
_BH_FLAGS = const(3)
_BH_REST = const(4)         # substeps spent slow
_BH_PIECE = const(5)
_BH_P0 = const(6)           # first part
_BH_NP = const(7)           # part count
_BH_ISL = const(8)          # island id while asleep
_BSH = const(9)
_OB = const(20)             # _HS
_OK = const(432)            # _OA + _MAXP * 4: warm-start cache keys (ln, lt: W16 _OKH)
_W32N = const(496)          # _OK + _MAXC
_F_KIN = const(1)           # carried (driven toward its target, no gravity)
_F_SLEEP = const(2)
_P_BODY = const(0)
_P_TV0 = const(1)           # first vertex in the piece table
_P_V0 = const(2)            # first vertex slot in this world
_P_NV = const(3)
_PS = const(4)
_OV = const(164)            # _MAXP * _PS
_OBH = const(884)           # _OV + _MAXV * 4: bodies (see above)
_OKH = const(1163)          # _OBH + (_MAXB + 1) * _BSH: warm-start impulses (ln, lt) of the cache
_W16N = const(1291)         # _OKH + _MAXC * 2
_S16N = const(1600)         # _MAXC * _CS
_S32N = const(127)
_PW = const(8)
# -- end of the copies --
_HSAVE = const(19)          # header words saved

# -- the piece table: PT[piece * _PW + field], then per part (first table vertex, count) --
_PT_INVM = const(0)         # 2**22 / area
_PT_IRHO = const(1)         # 2**16 / radius of gyration
_PT_IRHO2 = const(2)        # 2**19 / radius of gyration squared
_PT_A2 = const(3)           # twice the area, px**2
_PT_NP = const(5)           # parts
_PT_NV = const(6)           # vertices
_PT_PP = const(7)           # index in PT of the first part's (first table vertex, count)

# the tables made from the piece set (games/tower/pieces.py) by tools/gen_tower_tables.py,
# which computes mass, centroid and inertia of every piece in exact integers; computing them
# here as the game started made garbage (big integers) and left the polygons' memory as holes
# in the heap the game's arrays are allocated from next
from games.tower import tables as _t  # noqa: E402

NPIECES = len(_t.NAT) - 1
# the pieces' names, one after the other: piece p's is NAMES[NAT[p]:NAT[p + 1]]
NAMES = _t.NAMES
NAT = _t.NAT
# T16: quarter sine (Q14) then vertices: lx, ly (Q6, from the centroid), nx, ny (Q14)
T16 = array("h", _t.T16)    # the tables are little-endian int16: every port here is
PT = array("h", _t.PT)
del _t
modules.forget("games.tower.tables")
S32 = array("i", bytes(4 * _S32N))     # contact scratch shared by all worlds (zeros from
S16 = array("h", bytes(2 * _S16N))     # bytes: no temporary list, no large block twice)

# the viper twins where they run; the pure ones (physics_kern) are loaded by the first World
# that needs them (World(pure=True), or a port without viper), never just to be dropped again:
# their 9 KB of bytecode, loaded and freed while the game starts, left holes in the heap where
# the game's arrays are allocated next
_vip = fastpath.load("games.tower.physics_viper")
kern = None


def sin(a):
    """sin(a) in Q14 for an angle a in brads, from T16: equal to core.fixed.sin()."""
    a &= 0xFFFF
    r = a & 0x3FFF
    if a & 0x4000:
        r = 0x4000 - r
    i = r >> 6
    v = T16[i]
    if r & 63:
        v += ((T16[i + 1] - v) * (r & 63)) >> 6
    return -v if a & 0x8000 else v


def cos(a):
    return sin(a + 0x4000)


class World:
    """One tower's world. Bodies are numbered 0..count()-1 in the order they were added."""

    def __init__(self, pure=False):
        k = _vip
        if pure or k is None:
            global kern
            if kern is None:
                from games.tower import physics_kern
                kern = physics_kern
            k = kern
        self.k = k
        self.viper = k is _vip
        self.w32 = array("i", bytes(4 * _W32N))    # zeros without a temporary list
        self.w16 = array("h", bytes(2 * _W16N))
        self.reset()

    # -- set-up (may be called between frames; none allocates) --

    def reset(self):
        """Empty world, default gravity and play area (240 px wide, 1000 px high)."""
        w = self.w32
        for i in range(_W32N):
            w[i] = 0
        w[_H_CAR] = -1
        w[_H_XMIN] = -120 * PX
        w[_H_XMAX] = 120 * PX
        w[_H_YMAX] = 1000 * PX
        self.set_gravity(0, -G_DEFAULT)
        w[_H_GSX] = w[_H_GX]
        w[_H_GSY] = w[_H_GY]

    def set_play_area(self, xmin, xmax, ymax):
        """A body whose centroid leaves xmin..xmax or rises above ymax (Q10 px) gets F_OUT."""
        w = self.w32
        w[_H_XMIN] = xmin
        w[_H_XMAX] = xmax
        w[_H_YMAX] = ymax

    def set_gravity(self, gx, gy):
        """Gravity in px/s**2 (integers; tilt the table by turning this vector). A change of
        more than ~1% of the default wakes every sleeping body."""
        w = self.w32
        d = _FPS * _FPS * _SUB * _SUB
        w[_H_GX] = (gx * 2048 + d) // (2 * d)
        w[_H_GY] = (gy * 2048 + d) // (2 * d)
        dx = w[_H_GX] - w[_H_GSX]
        dy = w[_H_GY] - w[_H_GSY]
        if dx * dx + dy * dy > 9:
            self.wake_all()

    def add_body(self, piece, x, y, angle=0):
        """Add piece number `piece` (pieces.PIECES) with its centroid at (x, y) in Q10 px,
        turned by `angle` brads. Returns the body number; raises ValueError when full."""
        w = self.w32
        h = self.w16
        b = w[_H_NB]
        pt = piece * _PW
        np = PT[pt + _PT_NP]
        if b >= _MAXB or w[_H_NP] + np > _MAXP or w[_H_NV] + PT[pt + _PT_NV] > _MAXV:
            raise ValueError("tower world full")
        o = _OB + b * _BS
        for i in range(_BS):
            w[o + i] = 0
        w[o + _B_PX] = x
        w[o + _B_PY] = y
        w[o + _B_ANG] = (angle << 8) & 0xFFFFFF
        w[o + _B_COS] = sin(angle + 0x4000)
        w[o + _B_SIN] = sin(angle)
        o = _OBH + b * _BSH
        for i in range(_BSH):
            h[o + i] = 0
        self._mass(o, piece)
        h[o + _BH_PIECE] = piece
        h[o + _BH_P0] = w[_H_NP]
        h[o + _BH_NP] = np
        pp = PT[pt + _PT_PP]
        for i in range(np):
            q = w[_H_NP] * _PS
            h[q + _P_BODY] = b
            h[q + _P_TV0] = PT[pp]
            h[q + _P_V0] = w[_H_NV]
            h[q + _P_NV] = PT[pp + 1]
            w[_H_NV] += PT[pp + 1]
            w[_H_NP] += 1
            pp += 2
        w[_H_NB] = b + 1
        w[_H_AWAKE] += 1
        self.k.k_geometry(w, h, T16, 1)
        return b

    def _mass(self, o, piece):
        """The mass fields of the body whose w16 record is at o."""
        h = self.w16
        pt = piece * _PW
        h[o + _BH_INVM] = PT[pt + _PT_INVM]
        h[o + _BH_IRHO] = PT[pt + _PT_IRHO]
        h[o + _BH_IRHO2] = PT[pt + _PT_IRHO2]

    def wake_all(self):
        w = self.w32
        h = self.w16
        for b in range(w[_H_NB]):
            o = _OBH + b * _BSH
            if h[o + _BH_FLAGS] & _F_SLEEP:
                h[o + _BH_FLAGS] &= ~_F_SLEEP
                h[o + _BH_REST] = 0
                w[_H_AWAKE] += 1

    def _wake(self, b):
        """Wake sleeping body b and the rest of its island (something may touch it)."""
        h = self.w16
        isl = h[_OBH + b * _BSH + _BH_ISL]
        for c in range(self.w32[_H_NB]):
            o = _OBH + c * _BSH
            if h[o + _BH_FLAGS] & _F_SLEEP and h[o + _BH_ISL] == isl:
                h[o + _BH_FLAGS] &= ~_F_SLEEP
                h[o + _BH_REST] = 0

    def set_foundation(self, b):
        """Mark b as the foundation: collapsed() ignores its touching the table."""
        self.w16[_OBH + b * _BSH + _BH_FLAGS] |= F_FOUND

    # -- the carried piece (T-9) --

    def carry(self, b):
        """Make b the carried body, driven toward the target (which starts at its current
        pose): each substep its velocity is set from the error, without gravity. In contacts it
        keeps its mass, so it pushes placed pieces, and a piece it presses onto the table stops
        it instead of sinking (the table's contacts are solved last)."""
        w = self.w32
        if w[_H_CAR] >= 0:
            self.release()
        o = _OBH + b * _BSH
        h = self.w16
        if h[o + _BH_FLAGS] & _F_SLEEP:
            self.wake_all()
        h[o + _BH_FLAGS] = (h[o + _BH_FLAGS] | _F_KIN) & ~_F_SLEEP
        o = _OB + b * _BS
        for i in range(_B_VX, _B_W + 1):
            w[o + i] = 0
        w[_H_CAR] = b
        w[_H_TX] = w[o + _B_PX]
        w[_H_TY] = w[o + _B_PY]
        w[_H_TA] = w[o + _B_ANG]

    def set_target(self, x, y, angle):
        """Where the carried body should go: centroid (x, y) in Q10 px, angle in brads.
        It moves at most 6 px and 0.1 rad per substep (velocity from the error, clamped)."""
        w = self.w32
        w[_H_TX] = x
        w[_H_TY] = y
        w[_H_TA] = (angle << 8) & 0xFFFFFF

    def release(self):
        """Let go of the carried body: it becomes dynamic with its current velocity.
        Returns its number, or -1 if nothing was carried."""
        w = self.w32
        b = w[_H_CAR]
        if b >= 0:
            h = self.w16
            o = _OBH + b * _BSH
            h[o + _BH_FLAGS] &= ~_F_KIN
            h[o + _BH_REST] = 0
            w[_H_CAR] = -1
            w[_H_AWAKE] += 1    # dynamic now: step() must run even if the rest sleeps
        return b

    # -- stepping --

    def step(self, iters=_ITERS):
        """Advance one frame (1/30 s) with `iters` solver iterations per substep (fewer: cheaper,
        softer stacks; the game's collapse animation takes fewer). Costs nearly nothing when
        everything sleeps."""
        w = self.w32
        if w[_H_AWAKE] == 0 and w[_H_CAR] < 0:
            return
        k = self.k
        h = self.w16
        # contacts between bodies once a frame, for everything that may touch during it (the
        # substeps follow each point's separation); the table's each substep
        k.k_margins(w, h, S32, PT)
        n = k.k_collide(w, h, S32, S16, 0)
        while w[_H_WOKE]:
            self._wake(w[_H_WOKE] - 1)
            k.k_geometry(w, h, T16, 0)          # the boxes exact again, grown anew
            k.k_margins(w, h, S32, PT)
            n = k.k_collide(w, h, S32, S16, 0)
        k.k_prestep(w, h, S32, S16, 0, n)
        for sub in range(_SUB):
            if sub:
                k.k_geometry(w, h, T16, 2)
                n = k.k_collide(w, h, S32, S16, 1)
                k.k_prestep(w, h, S32, S16, w[_H_NPC], n)
            k.k_forces(w, h)
            k.k_solve(w, h, S32, S16, n, iters)
            k.k_integrate(w, h, T16)
        k.k_geometry(w, h, T16, 0)
        k.k_sleep(w, h, S32, S16, n)
        w[_H_SUB] += _SUB

    # -- queries --

    def count(self):
        return self.w32[_H_NB]

    def x(self, b):
        """Centroid x, Q10 px."""
        return self.w32[_OB + b * _BS + _B_PX]

    def y(self, b):
        return self.w32[_OB + b * _BS + _B_PY]

    def angle(self, b):
        """Angle in brads (0..65535)."""
        return self.w32[_OB + b * _BS + _B_ANG] >> 8

    def piece(self, b):
        return self.w16[_OBH + b * _BSH + _BH_PIECE]

    def flags(self, b):
        """Flag bits of body b: F_TOUCH (touched the table) and F_OUT (left the play area) are
        sticky; F_FOUND marks the foundation; 1 carried, 2 asleep, 4 frozen (physics_kern)."""
        return self.w16[_OBH + b * _BSH + _BH_FLAGS]

    def collapsed(self):
        """First body other than the foundation that touched the table or left the play
        area (T-2), or -1. The carried body counts."""
        w = self.w32
        for b in range(w[_H_NB]):
            fl = self.w16[_OBH + b * _BSH + _BH_FLAGS]
            if fl & F_OUT or (fl & F_TOUCH and not fl & F_FOUND):
                return b
        return -1

    def awake(self):
        """Dynamic bodies not asleep (the carried body is not counted)."""
        return self.w32[_H_AWAKE]

    def carried(self):
        return self.w32[_H_CAR]

    def parts(self, b):
        return self.w16[_OBH + b * _BSH + _BH_NP]

    def outline(self, b, part, out):
        """Fill `out` (array 'i' or 'h', 16 entries) with the world vertices of part `part`
        of body b as x0, y0, x1, y1, ... in Q6 px (1/64 px), counter-clockwise; returns the
        vertex count."""
        w, h = self.w32, self.w16
        o = _OB + b * _BS
        q = (h[_OBH + b * _BSH + _BH_P0] + part) * _PS
        x6 = w[o + _B_PX] >> 4
        y6 = w[o + _B_PY] >> 4
        v = _OV + h[q + _P_V0] * 4
        n = h[q + _P_NV]
        for k in range(n):
            out[2 * k] = x6 + h[v]
            out[2 * k + 1] = y6 + h[v + 1]
            v += 4
        return n

    # -- save / restore --
    # magic, version; header words 0.._HSAVE-1 (4 bytes each); per body its pose (px, py, ang:
    # 4 bytes) and the other fields (2 bytes: velocities stay below 2**15 between steps, the
    # rest are small); per part 4 halfwords; per warm-start contact its key (4 bytes) and the
    # two impulses (2 bytes, below 2**14). Little-endian, signed.

    def state_size(self):
        w = self.w32
        return 2 + 4 * _HSAVE + 40 * w[_H_NB] + 8 * w[_H_NP] + 8 * w[_H_NK]

    def serialize(self, buf, at=0):
        """Write the world into bytearray buf from offset `at`; returns the byte count.
        Derived data (vertex cache, AABBs) is not saved: restore() recomputes it identically.
        Allocation-free."""
        buf[at] = _MAGIC
        buf[at + 1] = _VERSION
        return self._regions(buf, at + 2, _put) - at

    def restore(self, buf, at=0):
        """Load a world written by serialize() (from offset `at` of buf); stepping then
        continues bit-identically. Allocation-free unless the data is not a world. Only the
        saved regions are written (the kernels read nothing beyond the counts in the header;
        the vertex cache and the AABBs are recomputed)."""
        if buf[at] != _MAGIC or buf[at + 1] != _VERSION:
            raise ValueError("not a tower world")
        self._regions(buf, at + 2, _get)
        self.k.k_geometry(self.w32, self.w16, T16, 1)

    def _regions(self, buf, j, move):
        """The saved regions in order, each moved by `move` (_put: world to buf, _get: buf to
        world) from byte j; returns the next j. The header goes first, so on restore the counts
        that bound the loops are the loaded ones."""
        w = self.w32
        h = self.w16
        j = move(buf, j, w, 0, _HSAVE, 4)
        for b in range(w[_H_NB]):
            o = _OB + b * _BS
            j = move(buf, j, w, o, 3, 4)
            j = move(buf, j, w, o + 3, _BS - 3, 2)
            j = move(buf, j, h, _OBH + b * _BSH, _BSH, 2)
        j = move(buf, j, h, 0, w[_H_NP] * _PS, 2)
        for c in range(w[_H_NK]):
            j = move(buf, j, w, _OK + c, 1, 4)
            j = move(buf, j, h, _OKH + 2 * c, 2, 2)
        return j


def _put(buf, j, arr, i, n, size):
    """arr[i:i + n] into buf at j, `size` (2 or 4) bytes each, little-endian; returns the next
    j. The values fit (docs/tower-physics.md)."""
    for i in range(i, i + n):
        v = arr[i]
        for _ in range(size):
            buf[j] = v & 0xFF
            v >>= 8
            j += 1
    return j


def _get(buf, j, arr, i, n, size):
    """n signed values of `size` bytes from buf at j into arr[i:]; returns the next j."""
    for i in range(i, i + n):
        j += size
        v = buf[j - 1]
        if v & 0x80:
            v -= 256
        for k in range(2, size + 1):
            v = (v << 8) | buf[j - k]
        arr[i] = v
    return j
