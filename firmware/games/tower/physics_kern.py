"""Tower physics: the hot loops, pure-Python twins of physics_viper.py.

physics_viper.py is GENERATED from this file by tools/gen_tower_viper.py (it adds
@micropython.viper, pointer types, and sign extension of array loads), so the two run the
same statements and give bit-identical results as long as every value stays inside 31 bits
(docs/tower-physics.md lists the range of every multiply; the 32-bit MicroPython run under
heap_lock() proves it for the test scenarios). Rules for this file, checked by the generator:
functions named k_*; arrays only as the parameters W32, W16, S32, S16, T16, PT, Z, D32, D16;
integers only; no calls except range() and the helpers below; no augmented assignment to array
items; division only of non-negative numbers (Python floors, C truncates: equal there).

Helpers (_in_*) are the named steps of a long kernel. Here they are ordinary calls (ints and
arrays in, one int out: nothing allocates); the generator substitutes their bodies at the call
sites, so the viper kernel is the one long function it was, with the same machine code (a call
between viper functions would box every argument). Called as a statement or as
`name = _in_x(args)`, the arguments names or integers; a helper returns at most once, as its
last statement, and calls only helpers above it. A further result goes through an out slot,
`S32[_R_X] = v` just before the return, read right after the call as `v = S32[_R_X]`: the
viper kernel keeps v in its variable instead. The generator refuses what it cannot substitute
exactly: an early return, a helper reading a name that is not its parameter, an argument that
is a name the helper has itself, and a helper assigning a variable (its locals keep their
names) that the caller may still read after the call.

Units (see docs/tower-physics.md): world y up, table line y = 0.
  position Q10 px, velocity Q10 px per substep, angle Q8 brads (2**24 per turn),
  angular velocity Q15 rad per substep, geometry Q6 px, unit vectors Q14 (Q12 in the solver).
"""
from micropython import const

# -- capacities (one world) --
_MAXB = const(30)        # bodies: a tower has at most all 27 pieces; 30 for the
                         # issue's 30-body benchmark (about 0.4 KB a world)
_GROUND = const(30)      # index of the static ground body (a zero slot after the bodies)
_MAXP = const(41)        # convex parts (all 27 pieces have 37; the bench's 30 bodies 40)
_MAXV = const(180)       # vertex slots (all 27 pieces have 164; the bench's 30 bodies 176)
_MAXC = const(64)        # contact points (bot games: 31 at most; all 27 pieces in a pile: 42)
_GPART = const(63)       # part number of the table in contact keys

# -- world header, W32[0:_HS] --
_H_NB = const(0)         # bodies in use
_H_NP = const(1)         # parts in use
_H_NV = const(2)         # vertex slots in use
_H_NK = const(3)         # contact points in the warm-start cache
_H_GX = const(4)         # gravity, Q10 px per substep per substep
_H_GY = const(5)
_H_CAR = const(6)        # carried body or -1
_H_TX = const(7)         # carried target, Q10 px
_H_TY = const(8)
_H_TA = const(9)         # carried target angle, Q8 brads
_H_WOKE = const(10)      # set by k_collide: 1 + a sleeping body to wake (with its island)
_H_XMIN = const(11)      # play area, Q10 px: leaving it sets _F_OUT
_H_XMAX = const(12)
_H_YMAX = const(13)
_H_AWAKE = const(14)     # awake dynamic bodies after the last substep
_H_NC = const(15)        # contact points of the last substep
_H_SUB = const(16)       # substeps run
_H_GSX = const(17)       # gravity when the last island fell asleep
_H_GSY = const(18)
_H_NPC = const(19)       # of the _H_NC contact points, those between bodies (the table's follow)
_HS = const(20)

# -- bodies: pose and motion in W32[_OB + b * _BS + field], the rest in W16[_OBH + b * _BSH + f]
_B_PX = const(0)         # centroid, Q10 px
_B_PY = const(1)
_B_ANG = const(2)        # Q8 brads, 0 .. 2**24 - 1
_B_VX = const(3)         # Q10 px per substep
_B_VY = const(4)
_B_W = const(5)          # Q15 rad per substep
_B_COS = const(6)        # Q14
_B_SIN = const(7)
_BS = const(8)
_BH_INVM = const(0)      # 2**22 / area (0: the ground)
_BH_IRHO = const(1)      # 2**16 / radius of gyration (px)
_BH_IRHO2 = const(2)     # 2**19 / radius of gyration squared
_BH_FLAGS = const(3)
_BH_REST = const(4)      # substeps spent slow
_BH_PIECE = const(5)
_BH_P0 = const(6)        # first part
_BH_NP = const(7)        # part count
_BH_ISL = const(8)       # island id while asleep
_BSH = const(9)
_OB = const(20)                  # _HS
_OA = const(268)                 # _OB + (_MAXB + 1) * _BS: part AABBs, 4 each, Q6 px
_OK = const(432)                 # _OA + _MAXP * 4: warm-start cache keys (ln, lt: W16 _OKH)
_W32N = const(496)              # _OK + _MAXC

_F_KIN = const(1)        # carried (driven toward its target, no gravity)
_F_SLEEP = const(2)
_F_FROZEN = const(4)     # left the hard bounds: no longer simulated
_F_TOUCH = const(8)      # touched the table (sticky)
_F_OUT = const(16)       # left the play area (sticky)
_F_FOUND = const(32)     # foundation (for the game; physics ignores it)

# -- parts, W16[p * _PS + field]; vertex cache W16[_OV + v * 4 + (rx, ry, nx, ny)] --
_P_BODY = const(0)
_P_TV0 = const(1)        # first vertex in the piece table
_P_V0 = const(2)         # first vertex slot in this world
_P_NV = const(3)
_PS = const(4)
_OV = const(164)         # _MAXP * _PS
_OBH = const(884)        # _OV + _MAXV * 4: bodies (see above)
_OKH = const(1163)       # _OBH + (_MAXB + 1) * _BSH: warm-start impulses (ln, lt) of the cache
_W16N = const(1291)      # _OKH + _MAXC * 2

# -- shared scratch: contacts (S32: key; S16: the rest), union-find --
_C_A = const(0)
_C_B = const(1)
_C_NX = const(2)         # Q14 from k_collide, Q12 after k_prestep
_C_NY = const(3)
_C_RNA = const(4)        # r_a.x then r_a x n (Q6)
_C_RTA = const(5)        # r_a.y then r_a x t
_C_RNB = const(6)
_C_RTB = const(7)
_C_FAX = const(8)        # velocity change of a per unit normal impulse, Q12
_C_FAY = const(9)
_C_FBX = const(10)
_C_FBY = const(11)
_C_HA = const(12)        # angular change, Q12 of (Q15 rad per Q10 px)
_C_HB = const(13)
_C_TAX = const(14)       # same for the tangent
_C_TAY = const(15)
_C_TBX = const(16)
_C_TBY = const(17)
_C_THA = const(18)
_C_THB = const(19)
_C_BIAS = const(20)      # bias velocity (Q10), from the separation at each substep
_C_FR = const(21)        # friction bound per normal impulse, Q8
_C_LN = const(22)        # accumulated normal impulse (velocity units, 0.._LMAX)
_C_LT = const(23)        # and friction impulse
_C_SEP = const(24)       # separation (Q6), followed through the frame's substeps
_CS = const(25)
_S16N = const(1600)      # _MAXC * _CS
_SUF = const(64)         # _MAXC: union-find parents
_SMR = const(95)         # _SUF + _MAXB + 1: island minimum rest
_SMS = const(64)         # the same words from k_margins to k_collide: each body's margin
_SMG = const(95)         # without its velocity's part, and all of it (Q6)
# out slots: a helper's results besides its return value (see the header); one word after the
# union-find's, within the 16-byte block the array takes anyway (at most two fit there)
_R_K2 = const(126)
_R_BF = const(126)
_S32N = const(127)

# -- table: T16[0:257] quarter sine (Q14), vertices from _TV: lx, ly (Q6), nx, ny (Q14) --
_TV = const(260)
# -- the piece table (physics.PT): per piece _PW fields, _PT_RMAX its largest vertex distance
_PW = const(8)
_PT_RMAX = const(4)

# -- tuning --
_VMAX = const(16383)     # |v| per axis after a substep: 16 px per substep
_WMAX = const(8191)      # |w|: 0.25 rad per substep
_VLOOSE = const(32767)   # clamps inside the solver keep products in range
_WLOOSE = const(32767)
_LMAX = const(32767)     # accumulated impulse bound (velocity units): the int16 maximum
_MU = const(154)         # friction 0.6, Q8
_BETA = const(51)        # Baumgarte 0.2, Q8
_SLOP = const(16)        # allowed penetration 0.25 px, Q6
_SPEC = const(32)        # speculative contacts up to 0.5 px apart (plus the motion margins), Q6
_GMARG = const(24)       # what gravity can add to a body's motion over a frame, Q6 (6 g)
_MMAX = const(1024)      # a body's motion margin at most 16 px, Q6
_TMARG = const(1024)     # parts whose lowest point is more than 16 px up skip the table test
_TRES = const(8)         # contact slots kept for the table's (bodies take at most _MAXC - 8)
_TROUNDS = const(2)      # each solver sweep ends with this many rounds over the table's points
_MAXBIAS = const(1024)   # 1 px per substep
_TOLR = const(49152)     # reference face hysteresis 0.05 px, Q20
_LIMD = const(8191)      # centroid distance bound per axis for a pair, Q6 (128 px)
_RLIM = const(8191)      # lever arm bound, Q6
_VS = const(12)          # sleep: |v| below 0.7 px/s
_WS = const(20)          # sleep: |w| below 2 deg/s
_TSLEEP = const(10)      # sleep after 10 slow frames (1/3 s)
_DAMPW = const(2)        # angular damping per substep, /256
_KGAIN = const(64)       # carried: velocity = error * 64 / 256 per substep
_VCAR = const(2560)      # carried speed bound: 2.5 px per substep (7.5 px a frame: steering
                         # moves the target at most 6 px a frame); a blocked piece hits no harder
_WCAR = const(3277)      # carried spin bound: 0.1 rad per substep
_FREEZE = const(1024000)   # 1000 px: beyond this a body is frozen
_BIG = const(0x3FFFFFFF)


def _in_clamp(v, m):
    """v within -m..m."""
    if v > m:
        v = m
    elif v < -m:
        v = -m
    return v


def _in_clamp_int(v, m):
    """v within -m - 1..m (m = 32767: the int16 range)."""
    if v > m:
        v = m
    elif v < -m - 1:
        v = -m - 1
    return v


def k_forces(W32, W16):
    """Gravity on awake dynamic bodies; the carried body's velocity from its target error."""
    nb = W32[_H_NB]
    gx = W32[_H_GX]
    gy = W32[_H_GY]
    car = W32[_H_CAR]
    for b in range(nb):
        o = _OB + b * _BS
        fl = W16[_OBH + b * _BSH + _BH_FLAGS]
        if fl & (_F_SLEEP | _F_FROZEN):
            continue
        if b == car:
            ex = W32[_H_TX] - W32[o + _B_PX]
            ey = W32[_H_TY] - W32[o + _B_PY]
            ex = _in_clamp(ex, 1048575)
            ey = _in_clamp(ey, 1048575)
            vx = (ex * _KGAIN) >> 8              # < 2**26
            vy = (ey * _KGAIN) >> 8
            vx = _in_clamp(vx, _VCAR)
            vy = _in_clamp(vy, _VCAR)
            ea = (W32[_H_TA] - W32[o + _B_ANG]) & 0xFFFFFF
            if ea >= 0x800000:
                ea -= 0x1000000
            ea = _in_clamp(ea, 1048575)
            w = (((ea * 201) >> 14) * _KGAIN) >> 8   # Q8 brads -> Q15 rad: * 201 / 16384
            w = _in_clamp(w, _WCAR)
            W32[o + _B_VX] = vx
            W32[o + _B_VY] = vy
            W32[o + _B_W] = w
        elif (fl & _F_KIN) == 0:
            W32[o + _B_VX] = W32[o + _B_VX] + gx
            W32[o + _B_VY] = W32[o + _B_VY] + gy


def k_geometry(W32, W16, T16, allb):
    """Rotate part vertices and normals into the vertex cache; part AABBs (Q6 world). allb:
    1 every body, 0 the awake ones, 2 the awake ones' parts near the table (between substeps:
    the table's contacts are found again each substep)."""
    nb = W32[_H_NB]
    for b in range(nb):
        o = _OB + b * _BS
        h = _OBH + b * _BSH
        if allb == 0 and (W16[h + _BH_FLAGS] & _F_SLEEP):
            continue
        c = W32[o + _B_COS]
        s = W32[o + _B_SIN]
        x6 = W32[o + _B_PX] >> 4
        y6 = W32[o + _B_PY] >> 4
        p0 = W16[h + _BH_P0]
        for p in range(p0, p0 + W16[h + _BH_NP]):
            if allb == 2 and W32[_OA + p * 4 + 1] > _TMARG:
                continue
            q = p * _PS
            t = _TV + W16[q + _P_TV0] * 4
            w = _OV + W16[q + _P_V0] * 4
            x0 = _BIG
            y0 = _BIG
            x1 = -_BIG
            y1 = -_BIG
            for k in range(W16[q + _P_NV]):
                lx = T16[t]
                ly = T16[t + 1]
                rx = (lx * c - ly * s) >> 14            # |l| < 2**12.5, c, s <= 2**14
                ry = (lx * s + ly * c) >> 14
                lx = T16[t + 2]
                ly = T16[t + 3]
                W16[w] = rx
                W16[w + 1] = ry
                W16[w + 2] = (lx * c - ly * s) >> 14    # unit vector: < 2**29
                W16[w + 3] = (lx * s + ly * c) >> 14
                if rx < x0:
                    x0 = rx
                if rx > x1:
                    x1 = rx
                if ry < y0:
                    y0 = ry
                if ry > y1:
                    y1 = ry
                t += 4
                w += 4
            a = _OA + p * 4
            W32[a] = x6 + x0
            W32[a + 1] = y6 + y0
            W32[a + 2] = x6 + x1
            W32[a + 3] = y6 + y1


def k_margins(W32, W16, S32, PT):
    """Once a frame, before k_collide: each body's motion margin, how far its points may move
    in the frame (Q6): 3 substeps of its velocity (the carried body: its distance to the
    target), its spin times its reach. Its parts' boxes grow by it (k_geometry makes them exact
    again at the end of the frame), so the broadphase pairs whatever may meet. The part of the
    margin that is not the velocity's (spin, gravity; all of the carried body's) is kept too:
    a pair's own margin counts their relative velocity instead."""
    car = W32[_H_CAR]
    for b in range(W32[_H_NB]):
        o = _OB + b * _BS
        h = _OBH + b * _BSH
        m = 0
        S32[_SMS + b] = 0
        if (W16[h + _BH_FLAGS] & (_F_SLEEP | _F_FROZEN)) == 0:
            if b == car:
                vx = W32[_H_TX] - W32[o + _B_PX]
                vy = W32[_H_TY] - W32[o + _B_PY]
                w = (W32[_H_TA] - W32[o + _B_ANG]) & 0xFFFFFF
                if w >= 0x800000:
                    w = 0x1000000 - w
                if w > 65536:
                    w = 65536
                w = (w * 201) >> 14                 # Q8 brads -> Q15 rad
            else:
                vx = 3 * W32[o + _B_VX]
                vy = 3 * W32[o + _B_VY]
                w = 3 * W32[o + _B_W]
                m = _GMARG
            if vx < 0:
                vx = -vx
            if vy < 0:
                vy = -vy
            if w < 0:
                w = -w
            if w > 32767:
                w = 32767
            # its reach: the piece's largest vertex distance (< 2**12.1)
            m += (w * PT[W16[h + _BH_PIECE] * _PW + _PT_RMAX]) >> 15
            p0 = W16[h + _BH_P0]
            if b == car:
                m += (vx + vy) >> 4
            if m > _MMAX:
                m = _MMAX
            S32[_SMS + b] = m
            m += (vx + vy) >> 4
            if m > _MMAX:
                m = _MMAX
            for p in range(p0, p0 + W16[h + _BH_NP]):
                a = _OA + p * 4
                W32[a] = W32[a] - m
                W32[a + 1] = W32[a + 1] - m
                W32[a + 2] = W32[a + 2] + m
                W32[a + 3] = W32[a + 3] + m
        S32[_SMG + b] = m


def _in_deepest_two(W32, W16, S32, oa, ha, vai, nva, ay6):
    """The table: part (vertex cache vai, nva vertices, its body's y ay6, Q6) against y = 0. Returns
    the deepest vertex that is less than _SPEC above the table or may get there in this substep
    (each at its own vertical speed, vy + w * x: a tipping piece's corner comes down fast), or
    -1; the second deepest in S32[_R_K2]. A vertex at or below y = 0 sets the body's _F_TOUCH."""
    vy = W32[oa + _B_VY]
    w = W32[oa + _B_W]
    m1 = _BIG
    k1 = -1
    m2 = _BIG
    k2 = -1
    lo = _BIG
    for k in range(nva):
        y = ay6 + W16[vai + k * 4 + 1]
        if y < lo:
            lo = y
        yp = y + ((vy + ((w * W16[vai + k * 4]) >> 11)) >> 4)   # w * x < 2**26
        if yp > y:
            yp = y
        if yp <= _SPEC:
            if yp < m1:
                m2 = m1
                k2 = k1
                m1 = yp
                k1 = k
            elif yp < m2:
                m2 = yp
                k2 = k
    if lo <= 0:
        W16[ha + _BH_FLAGS] = W16[ha + _BH_FLAGS] | _F_TOUCH
    S32[_R_K2] = k2
    return k1


def _in_pair_reach(W32, S32, oa, ob, a, b):
    """How far apart (Q6) the points of bodies a and b are kept: what spin, gravity (the carried
    body: its way to the target) and their relative velocity may close in the frame."""
    vx = W32[ob + _B_VX] - W32[oa + _B_VX]
    vy = W32[ob + _B_VY] - W32[oa + _B_VY]
    if vx < 0:
        vx = -vx
    if vy < 0:
        vy = -vy
    lim = _SPEC + S32[_SMS + a] + S32[_SMS + b] + ((3 * (vx + vy)) >> 4)
    return lim


def _in_best_face(W16, S32, side, sep0, vai, nva, vbj, nvb, dx, dy, lim20):
    """One side of the separating-axis test of parts A (vertex cache vai, nva) and B (vbj, nvb;
    its body dx, dy from A's, Q6): side 0 A's faces against B, side 1 B's against A. Returns
    the largest separation of a face (Q20; B's side: only one beating A's, sep0, by _TOLR),
    its face in S32[_R_BF] (-1: none); the search stops at one beyond lim20."""
    pr = vai
    nr = nva
    pi = vbj
    ni = nvb
    ox = dx
    oy = dy
    if side == 1:
        pr = vbj
        nr = nvb
        pi = vai
        ni = nva
        ox = -dx
        oy = -dy
    # c: a point inside the other part (two of its vertices' sum: twice their midpoint, exact).
    # No vertex is further out along a face's normal, so n.(c - 2a) bounds twice the face's
    # separation (|n.(c - 2a)| < 2**29.6): only faces whose bound beats the best found are
    # measured. On B's side only a face beating A's best by _TOLR matters (it would become the
    # reference face)
    q = pi + (ni >> 1) * 4
    cx = W16[pi] + W16[q] + ox + ox
    cy = W16[pi + 1] + W16[q + 1] + oy + oy
    best = sep0 + _TOLR
    bf = -1
    if side == 0:
        best = -_BIG
    for f in range(nr):
        o = pr + f * 4
        fnx = W16[o + 2]
        fny = W16[o + 3]
        if (bf >= 0 or side == 1) and fnx * (cx - W16[o] - W16[o]) + fny * (cy - W16[o + 1] - W16[o + 1]) <= best + best:
            continue
        mn = _BIG
        for q in range(pi, pi + ni * 4, 4):
            s = fnx * W16[q] + fny * W16[q + 1]         # < 2**26.5
            if s < mn:
                mn = s
        mn += fnx * (ox - W16[o]) + fny * (oy - W16[o + 1])   # n.(v + d - a) < 2**28.6
        if mn > best:
            best = mn
            bf = f
        if best > lim20:
            break
    S32[_R_BF] = bf
    return best


def _in_incident_edge(W16, pi, ni, nx, ny):
    """The incident polygon's (vertex cache pi, ni) face most opposed to the reference normal."""
    mn = _BIG
    ie = 0
    for k in range(ni):
        s = nx * W16[pi + k * 4 + 2] + ny * W16[pi + k * 4 + 3]
        if s < mn:
            mn = s
            ie = k
    return ie


def _in_add_contact(W32, W16, S32, S16, n, kp, nk, key, a, b, cnx, cny, rax, ray, rbx, rby, s):
    """Contact point n: its key, bodies, normal, lever arms and separation, and the warm start:
    the impulses of the cached point with the same key. The cache is sorted and keys come in
    increasing order, so its cursor kp only moves on; returns it."""
    pk = key >> 10
    while kp < nk and (W32[_OK + kp] >> 10) < pk:
        kp += 1
    ln = 0
    lt = 0
    q = kp
    while q < nk and (W32[_OK + q] >> 10) == pk:
        if W32[_OK + q] == key:
            ln = W16[_OKH + q * 2]
            lt = W16[_OKH + q * 2 + 1]
            break
        q += 1
    S32[n] = key
    o = n * _CS
    S16[o + _C_LN] = ln
    S16[o + _C_LT] = lt
    S16[o + _C_A] = a
    S16[o + _C_B] = b
    S16[o + _C_NX] = cnx
    S16[o + _C_NY] = cny
    S16[o + _C_RNA] = rax
    S16[o + _C_RTA] = ray
    S16[o + _C_RNB] = rbx
    S16[o + _C_RTB] = rby
    S16[o + _C_SEP] = s
    return kp


def k_collide(W32, W16, S32, S16, table):
    """Broadphase (part AABBs, grown by k_margins) and SAT with edge clipping; fills the contact
    scratch. Runs once a frame: every point that may come into contact during the frame's
    substeps is kept (speculative: up to _SPEC plus both bodies' motion margins apart, and
    when apart only if it approaches fast enough); the solver follows each point's separation
    through the substeps.

    Contacts are produced in increasing key order ((part i, part j > i, feature), then
    (table, part i, vertex)), so warm-start impulses are matched against the sorted cache in
    one pass; _H_NPC counts those between bodies. A point on a sleeping body stops it: it
    names the body in _H_WOKE, and the caller wakes its island and runs this again. Returns
    the number of contact points. With table = 1 (the second and third substeps) only the
    table's contacts are found again, after the first _H_NPC: a tipping piece's corner must
    meet the table where it is now.

    The steps, for part i against each part j > i, then against the table: the table's deepest
    two vertices (_in_deepest_two); a pair's boxes and how far apart its points are kept
    (_in_pair_reach), the separating-axis test (_in_best_face of each side), the reference
    face, the incident edge (_in_incident_edge) clipped to the reference face's sides; then
    each of the (up to) two points: its lever arms, whether it is kept, _in_add_contact.
    """
    np = W32[_H_NP]
    nk = W32[_H_NK]
    car = W32[_H_CAR]
    n = 0
    kp = 0
    W32[_H_WOKE] = 0
    ii0 = 0
    if table:
        n = W32[_H_NPC]
        ii0 = np
    for ii in range(ii0, np + np):
        # first every pair of parts, then every part against the table: the solver takes the
        # table's contacts last, so nothing ends an iteration moving into the table
        i = ii
        j0 = i + 1
        j1 = np
        if ii >= np:
            if ii == np:
                W32[_H_NPC] = n                 # contact points between bodies
            i = ii - np
            if W32[_OA + i * 4 + 1] > _TMARG:
                continue                        # far above the table
            j0 = np
            j1 = np + 1
        qi = i * _PS
        a = W16[qi + _P_BODY]
        oa = _OB + a * _BS
        ha = _OBH + a * _BSH
        fa = W16[ha + _BH_FLAGS]
        if fa & _F_FROZEN:
            continue
        ma = S32[_SMG + a]                      # 0: passive (asleep, or carried and still)
        ai = _OA + i * 4
        ax0 = W32[ai]
        ay0 = W32[ai + 1]
        ax1 = W32[ai + 2]
        ay1 = W32[ai + 3]
        ax6 = W32[oa + _B_PX] >> 4
        ay6 = W32[oa + _B_PY] >> 4
        vai = _OV + W16[qi + _P_V0] * 4
        nva = W16[qi + _P_NV]
        for j in range(j0, j1):
            if j == np:
                # the table: its deepest two vertices
                if (fa & _F_SLEEP) or ay0 > _TMARG:
                    break
                k1 = _in_deepest_two(W32, W16, S32, oa, ha, vai, nva, ay6)
                k2 = S32[_R_K2]
                if k1 < 0 or (fa & _F_KIN):
                    break
                b = _GROUND
            else:
                bj = _OA + j * 4
                if W32[bj] > ax1 or W32[bj + 2] < ax0 or W32[bj + 1] > ay1 or W32[bj + 3] < ay0:
                    continue
                qj = j * _PS
                b = W16[qj + _P_BODY]
                if b == a:
                    continue
                ob = _OB + b * _BS
                hb = _OBH + b * _BSH
                fb = W16[hb + _BH_FLAGS]
                mb = S32[_SMG + b]
                if (fb & _F_FROZEN) or ma + mb == 0:
                    continue
                dx = (W32[ob + _B_PX] >> 4) - ax6
                dy = (W32[ob + _B_PY] >> 4) - ay6
                if dx > _LIMD or dx < -_LIMD or dy > _LIMD or dy < -_LIMD:
                    continue
                vbj = _OV + W16[qj + _P_V0] * 4
                nvb = W16[qj + _P_NV]
                lim = _in_pair_reach(W32, S32, oa, ob, a, b)
                # the boxes are grown by both margins: their real gap must be within lim
                e = lim - ma - mb
                if W32[bj] - ax1 > e or ax0 - W32[bj + 2] > e or W32[bj + 1] - ay1 > e or ay0 - W32[bj + 3] > e:
                    continue
                lim20 = lim << 14
                # SAT: the face of either polygon with the largest separation (Q20)
                sep0 = 0
                face0 = 0
                face1 = 0
                flip = 0
                apart = 0
                for side in range(2):
                    best = _in_best_face(W16, S32, side, sep0, vai, nva, vbj, nvb, dx, dy, lim20)
                    bf = S32[_R_BF]
                    if best > lim20:
                        apart = 1
                        break
                    if side == 0:
                        sep0 = best
                        face0 = bf
                    elif bf >= 0:
                        flip = 1                # B's face is the reference face
                        face1 = bf
                if apart:
                    continue
                pr = vai
                nr = nva
                pi = vbj
                ni = nvb
                ox = dx
                oy = dy
                rf = face0
                if flip:
                    pr = vbj
                    nr = nvb
                    pi = vai
                    ni = nva
                    ox = -dx
                    oy = -dy
                    rf = face1
                o = pr + rf * 4
                nx = W16[o + 2]
                ny = W16[o + 3]
                r1x = W16[o]
                r1y = W16[o + 1]
                o = pr
                if rf + 1 < nr:
                    o = pr + rf * 4 + 4
                r2x = W16[o]
                r2y = W16[o + 1]
                ie = _in_incident_edge(W16, pi, ni, nx, ny)
                ie2 = ie + 1
                if ie2 == ni:
                    ie2 = 0
                p1x = W16[pi + ie * 4] + ox
                p1y = W16[pi + ie * 4 + 1] + oy
                p2x = W16[pi + ie2 * 4] + ox
                p2y = W16[pi + ie2 * 4 + 1] + oy
                id1 = ie
                id2 = ie2
                # clip the incident edge to the reference face's side planes; tangent (-ny, nx)
                for sd in range(2):
                    # d > 0: outside; side 0: t.(r1 - p), side 1: t.(p - r2)
                    if sd == 0:
                        d1 = (nx * (r1y - p1y) - ny * (r1x - p1x)) >> 14
                        d2 = (nx * (r1y - p2y) - ny * (r1x - p2x)) >> 14
                    else:
                        d1 = (ny * (r2x - p1x) - nx * (r2y - p1y)) >> 14
                        d2 = (ny * (r2x - p2x) - nx * (r2y - p2y)) >> 14
                    if d1 > 0 and d2 > 0:
                        apart = 1
                        break
                    if d1 > 0:
                        fr = ((-d2) << 14) // (d1 - d2)          # 0..16384
                        p1x = p2x + (((p1x - p2x) * fr) >> 14)
                        p1y = p2y + (((p1y - p2y) * fr) >> 14)
                        id1 = ie2 + 8 + sd * 8
                    elif d2 > 0:
                        fr = ((-d1) << 14) // (d2 - d1)
                        p2x = p1x + (((p2x - p1x) * fr) >> 14)
                        p2y = p1y + (((p2y - p1y) * fr) >> 14)
                        id2 = ie + 8 + sd * 8
                if apart:
                    continue
            for pt in range(2):
                if j == np:
                    k = k1
                    if pt == 1:
                        k = k2
                    if k < 0:
                        continue
                    rax = W16[vai + k * 4]
                    s = ay6 + W16[vai + k * 4 + 1]     # the gap now (the bias closes it)
                    ray = W16[vai + k * 4 + 1] - (s >> 1)
                    rbx = 0
                    rby = 0
                    cnx = 0
                    cny = -16384
                    key = (_GPART << 16) | (i << 10) | k
                else:
                    px = p1x
                    py = p1y
                    fid = id1
                    if pt == 1:
                        px = p2x
                        py = p2y
                        fid = id2
                    s = (nx * (px - r1x) + ny * (py - r1y)) >> 14     # separation, Q6
                    if s > lim:
                        continue
                    cx = px - ((nx * s) >> 15)          # midpoint between the two surfaces
                    cy = py - ((ny * s) >> 15)
                    if flip == 0:
                        rax = cx
                        ray = cy
                        rbx = cx - dx
                        rby = cy - dy
                        cnx = nx
                        cny = ny
                    else:
                        rbx = cx
                        rby = cy
                        rax = cx + dx
                        ray = cy + dy
                        cnx = -nx
                        cny = -ny
                    if s > _SPEC + _GMARG and a != car and b != car:
                        # apart: kept only if the point approaches fast enough to close the gap
                        # in this frame (relative velocity at the point along the normal)
                        vn = ((W32[ob + _B_VX] - ((W32[ob + _B_W] * rby) >> 11) - W32[oa + _B_VX] + ((W32[oa + _B_W] * ray) >> 11)) * (cnx >> 2) + (W32[ob + _B_VY] + ((W32[ob + _B_W] * rbx) >> 11) - W32[oa + _B_VY] - ((W32[oa + _B_W] * rax) >> 11)) * (cny >> 2)) >> 12
                        if s > _SPEC + _GMARG - ((3 * vn) >> 4):
                            continue
                    if (fa | fb) & _F_SLEEP:
                        # a sleeping body is touched: the caller wakes its island and runs
                        # this again
                        W32[_H_WOKE] = b + 1
                        if fa & _F_SLEEP:
                            W32[_H_WOKE] = a + 1
                        return 0
                    key = (i << 16) | (j << 10) | (flip << 8) | (rf << 5) | fid
                if n < _MAXC - _TRES or (j == np and n < _MAXC):
                    kp = _in_add_contact(W32, W16, S32, S16, n, kp, nk, key, a, b, cnx, cny, rax, ray, rbx, rby, s)
                    n += 1
    return n


def k_prestep(W32, W16, S32, S16, c0, n):
    """Per contact point c0..n-1 (once a frame, the table's each substep): lever arms,
    effective masses, friction bound."""
    for c in range(c0, n):
        o = c * _CS
        ha = _OBH + S16[o + _C_A] * _BSH
        hb = _OBH + S16[o + _C_B] * _BSH
        nx = S16[o + _C_NX]
        ny = S16[o + _C_NY]
        for side in range(2):
            ox = S16[o + _C_RNA]
            oy = S16[o + _C_RTA]
            ot = ha
            if side == 1:
                ox = S16[o + _C_RNB]
                oy = S16[o + _C_RTB]
                ot = hb
            ox = _in_clamp(ox, _RLIM)
            oy = _in_clamp(oy, _RLIM)
            rn = (ox * ny - oy * nx) >> 14          # < 2**13 * 2**14 each
            rt = -((ox * nx + oy * ny) >> 14)       # tangent t = (ny, -nx)
            im = W16[ot + _BH_INVM]
            qn = (rn * W16[ot + _BH_IRHO]) >> 12      # rn / rho, Q10; IRHO < 2**14
            qt = (rt * W16[ot + _BH_IRHO]) >> 12
            qn = _in_clamp(qn, 4095)
            qt = _in_clamp(qt, 4095)
            tn = (im * ((qn * qn) >> 10)) >> 10     # im < 2**15, square < 2**14
            tt = (im * ((qt * qt) >> 10)) >> 10
            if side == 0:
                S16[o + _C_RNA] = rn
                S16[o + _C_RTA] = rt
                kn = im + tn
                kt = im + tt
            else:
                S16[o + _C_RNB] = rn
                S16[o + _C_RTB] = rt
                kn += im + tn
                kt += im + tt
        if kn <= 0:
            kn = 1
        if kt <= 0:
            kt = 1
        nx12 = nx >> 2
        ny12 = ny >> 2
        for side in range(2):
            ot = ha
            rn = S16[o + _C_RNA]
            rt = S16[o + _C_RTA]
            if side == 1:
                ot = hb
                rn = S16[o + _C_RNB]
                rt = S16[o + _C_RTB]
            im = W16[ot + _BH_INVM]
            i2 = W16[ot + _BH_IRHO2]
            fn = (im << 12) // kn                   # <= 4096
            ft = (im << 12) // kt
            hn = (fn * ((rn * i2) >> 12)) >> 8      # rn * i2 < 2**28
            ht = (ft * ((rt * i2) >> 12)) >> 8
            hn = _in_clamp(hn, 16383)
            ht = _in_clamp(ht, 16383)
            d = side * 2
            S16[o + _C_FAX + d] = (fn * nx12) >> 12
            S16[o + _C_FAY + d] = (fn * ny12) >> 12
            S16[o + _C_TAX + d] = (ft * ny12) >> 12
            S16[o + _C_TAY + d] = (ft * -nx12) >> 12
            S16[o + _C_HA + side] = hn
            S16[o + _C_THA + side] = ht
        S16[o + _C_NX] = nx12
        S16[o + _C_NY] = ny12
        fr = (_MU * kt) // kn                        # kt < 2**20
        if fr > 4095:
            fr = 4095
        S16[o + _C_FR] = fr


def _in_bias(S16, o):
    """Contact point o's bias velocity (Q10), from its separation at the substep's start: apart,
    closing the gap within the substep is allowed; overlapping by more than _SLOP, it is pushed
    out by _BETA of the overlap a substep (at most _MAXBIAS)."""
    pen = -S16[o + _C_SEP] - _SLOP
    bias = 0
    if pen + _SLOP < 0:
        bias = (pen + _SLOP) << 4        # apart: allow closing the gap this substep
        if bias < -32767:
            bias = -32767
    elif pen > 0:
        if pen > 8191:
            pen = 8191
        bias = (pen * _BETA) >> 4
        if bias > _MAXBIAS:
            bias = _MAXBIAS
    S16[o + _C_BIAS] = bias


def _in_substep_end(W32, W16, S32, S16, c, o, a, ob, l0, vn):
    """The substep is over for contact point c (scratch o; bodies a, ob): its gap closes by the
    relative normal velocity vn (a point on the table at or below it sets a's _F_TOUCH), and the
    point, with its impulses (normal l0), is copied to the warm-start cache."""
    sep = S16[o + _C_SEP] + ((vn + 8) >> 4)
    sep = _in_clamp(sep, 8191)
    S16[o + _C_SEP] = sep
    if sep <= 0 and ob == _OB + _GROUND * _BS:
        W16[_OBH + a * _BSH + _BH_FLAGS] = W16[_OBH + a * _BSH + _BH_FLAGS] | _F_TOUCH
    W32[_OK + c] = S32[c]
    W16[_OKH + c * 2] = l0
    W16[_OKH + c * 2 + 1] = S16[o + _C_LT]


def k_solve(W32, W16, S32, S16, n, iters):
    """One substep of sequential impulses (Box2D-Lite): accumulated, clamped normal and
    friction impulses, in iters + 2 sweeps over the points: the first sets each point's bias
    from its separation and applies its accumulated impulses again (the warm start: those of
    the last substep, or of the last frame's matching point), the last moves each separation on
    by the substep's relative normal velocity and copies the point to the warm-start cache.

    Impulses are kept in velocity units (impulse times effective mass), so no mass multiply is
    needed per iteration. The table's contacts come last in every sweep: nothing ends an
    iteration moving into the table, however hard it is pressed; each sweep takes them
    _TROUNDS times (the two points under a piece pushed hard converge together).
    """
    npc = W32[_H_NPC]
    nt = n - npc                                # the table's points
    for it in range(iters + 2):
        m = n
        if it > 0 and it <= iters:
            m = npc + _TROUNDS * nt             # the table's points, in rounds
        for cc in range(m):
            c = cc
            if cc < npc:
                if (it & 1) == 0:
                    c = npc - 1 - cc            # alternate sweeps: no bias to point order
            else:
                while c >= n:
                    c -= nt
            o = c * _CS
            a = S16[o + _C_A]
            oa = _OB + a * _BS
            ob = _OB + S16[o + _C_B] * _BS
            vax = W32[oa + _B_VX]
            vay = W32[oa + _B_VY]
            wa = W32[oa + _B_W]
            vbx = W32[ob + _B_VX]
            vby = W32[ob + _B_VY]
            wb = W32[ob + _B_W]
            nx = S16[o + _C_NX]
            ny = S16[o + _C_NY]
            # normal: |dv| < 2**16, n Q12; w < 2**15, rn < 2**13
            vn = (((vbx - vax) * nx + (vby - vay) * ny + 2048) >> 12) + ((wb * S16[o + _C_RNB] - wa * S16[o + _C_RNA] + 1024) >> 11)
            l0 = S16[o + _C_LN]
            if it > iters:
                _in_substep_end(W32, W16, S32, S16, c, o, a, ob, l0, vn)
                continue
            if it == 0:
                _in_bias(S16, o)
                l1 = l0
                du = l0                             # the warm start
            else:
                l1 = l0 + S16[o + _C_BIAS] - vn
                if l1 < 0:
                    l1 = 0
                elif l1 > _LMAX:
                    l1 = _LMAX
                S16[o + _C_LN] = l1
                du = l1 - l0
            if du != 0:
                vax -= (du * S16[o + _C_FAX] + 2048) >> 12
                vay -= (du * S16[o + _C_FAY] + 2048) >> 12
                wa -= (du * S16[o + _C_HA] + 2048) >> 12
                vbx += (du * S16[o + _C_FBX] + 2048) >> 12
                vby += (du * S16[o + _C_FBY] + 2048) >> 12
                wb += (du * S16[o + _C_HB] + 2048) >> 12
            # friction, bounded by the normal impulse
            t0 = S16[o + _C_LT]
            du = t0                                 # the warm start
            if it > 0:
                vt = (((vbx - vax) * ny - (vby - vay) * nx + 2048) >> 12) + ((wb * S16[o + _C_RTB] - wa * S16[o + _C_RTA] + 1024) >> 11)
                m = (l1 * S16[o + _C_FR]) >> 8
                if m > _LMAX:
                    m = _LMAX
                t1 = t0 - vt
                t1 = _in_clamp(t1, m)
                S16[o + _C_LT] = t1
                du = t1 - t0                        # |du| <= 2 * _LMAX
            if du != 0:
                vax -= (du * S16[o + _C_TAX] + 2048) >> 12
                vay -= (du * S16[o + _C_TAY] + 2048) >> 12
                wa -= (du * S16[o + _C_THA] + 2048) >> 12
                vbx += (du * S16[o + _C_TBX] + 2048) >> 12
                vby += (du * S16[o + _C_TBY] + 2048) >> 12
                wb += (du * S16[o + _C_THB] + 2048) >> 12
            # each within -32768..32767 (one test for all six: any outside sets bits above 15)
            if ((vax + 32768) | (vay + 32768) | (wa + 32768) | (vbx + 32768) | (vby + 32768) | (wb + 32768)) >> 16:
                vax = _in_clamp_int(vax, _VLOOSE)
                vay = _in_clamp_int(vay, _VLOOSE)
                wa = _in_clamp_int(wa, _WLOOSE)
                vbx = _in_clamp_int(vbx, _VLOOSE)
                vby = _in_clamp_int(vby, _VLOOSE)
                wb = _in_clamp_int(wb, _WLOOSE)
            W32[oa + _B_VX] = vax
            W32[oa + _B_VY] = vay
            W32[oa + _B_W] = wa
            if ob != _OB + _GROUND * _BS:
                W32[ob + _B_VX] = vbx
                W32[ob + _B_VY] = vby
                W32[ob + _B_W] = wb
    W32[_H_NK] = n
    W32[_H_NC] = n


def k_integrate(W32, W16, T16):
    """Clamp velocities, move awake bodies, refresh cos/sin, flag play-area exits."""
    nb = W32[_H_NB]
    for b in range(nb):
        o = _OB + b * _BS
        hf = _OBH + b * _BSH + _BH_FLAGS
        fl = W16[hf]
        if fl & (_F_SLEEP | _F_FROZEN):
            continue
        vx = W32[o + _B_VX]
        vy = W32[o + _B_VY]
        w = W32[o + _B_W]
        vx = _in_clamp(vx, _VMAX)
        vy = _in_clamp(vy, _VMAX)
        w = _in_clamp(w, _WMAX)
        if (fl & _F_KIN) == 0:
            # damping toward zero, same rounding for both signs: w *= 1 - _DAMPW / 256
            if w > 0:
                w -= (w * _DAMPW + 255) >> 8
            elif w < 0:
                w += (-w * _DAMPW + 255) >> 8
        W32[o + _B_VX] = vx
        W32[o + _B_VY] = vy
        W32[o + _B_W] = w
        x = W32[o + _B_PX] + vx
        y = W32[o + _B_PY] + vy
        W32[o + _B_PX] = x
        W32[o + _B_PY] = y
        if w != 0:
            ang = (W32[o + _B_ANG] + ((w * 20861) >> 8)) & 0xFFFFFF   # Q15 rad -> Q8 brads
            W32[o + _B_ANG] = ang
            for h in range(2):
                # fixed.sin(): quarter-wave table, 6 interpolated bits; h = 1 gives cos
                a = ((ang >> 8) + h * 0x4000) & 0xFFFF
                r = a & 0x3FFF
                if a & 0x4000:
                    r = 0x4000 - r
                i = r >> 6
                v = T16[i]
                f = r & 63
                if f:
                    v += ((T16[i + 1] - v) * f) >> 6
                if a & 0x8000:
                    v = -v
                if h == 0:
                    W32[o + _B_SIN] = v
                else:
                    W32[o + _B_COS] = v
        if x < W32[_H_XMIN] or x > W32[_H_XMAX] or y > W32[_H_YMAX]:
            fl |= _F_OUT
        if x < -_FREEZE or x > _FREEZE or y < -_FREEZE or y > _FREEZE:
            fl |= _F_FROZEN
            W32[o + _B_VX] = 0
            W32[o + _B_VY] = 0
            W32[o + _B_W] = 0
        W16[hf] = fl


def k_sleep(W32, W16, S32, S16, n):
    """Rest timers (once a frame); islands by union-find over contacts; an island whose every
    body has been slow for _TSLEEP frames falls asleep. Returns the number of awake dynamic bodies."""
    nb = W32[_H_NB]
    car = W32[_H_CAR]
    moving = 0                                  # the carried body moves or presses (k_collide)
    if car >= 0 and S32[_SMG + car] > 0:
        moving = 1
    for b in range(nb):
        S32[_SUF + b] = b
        S32[_SMR + b] = _BIG
        o = _OB + b * _BS
        hb = _OBH + b * _BSH
        if (W16[hb + _BH_FLAGS] & (_F_SLEEP | _F_FROZEN | _F_KIN)) == 0:
            vx = W32[o + _B_VX]
            vy = W32[o + _B_VY]
            w = W32[o + _B_W]
            r = W16[hb + _BH_REST]
            if vx > _VS or vx < -_VS or vy > _VS or vy < -_VS or w > _WS or w < -_WS:
                r = 0
            elif r < 10000:
                r += 1
            W16[hb + _BH_REST] = r
    for c in range(n):
        a = S16[c * _CS + _C_A]
        b = S16[c * _CS + _C_B]
        if b == _GROUND:
            continue
        if a == car or b == car:
            if moving:
                if a == car:
                    W16[_OBH + b * _BSH + _BH_REST] = 0
                else:
                    W16[_OBH + a * _BSH + _BH_REST] = 0
            continue
        while S32[_SUF + a] != a:
            S32[_SUF + a] = S32[_SUF + S32[_SUF + a]]
            a = S32[_SUF + a]
        while S32[_SUF + b] != b:
            S32[_SUF + b] = S32[_SUF + S32[_SUF + b]]
            b = S32[_SUF + b]
        if a < b:
            S32[_SUF + b] = a
        elif b < a:
            S32[_SUF + a] = b
    awake = 0
    for h in range(2):
        for b in range(nb):
            o = _OB + b * _BS
            hb = _OBH + b * _BSH
            if W16[hb + _BH_FLAGS] & (_F_SLEEP | _F_FROZEN | _F_KIN):
                continue
            r = b
            while S32[_SUF + r] != r:
                r = S32[_SUF + r]
            if h == 0:
                if W16[hb + _BH_REST] < S32[_SMR + r]:
                    S32[_SMR + r] = W16[hb + _BH_REST]
            elif S32[_SMR + r] >= _TSLEEP:
                W16[hb + _BH_FLAGS] = W16[hb + _BH_FLAGS] | _F_SLEEP
                W32[o + _B_VX] = 0
                W32[o + _B_VY] = 0
                W32[o + _B_W] = 0
                W16[hb + _BH_ISL] = r
                W32[_H_GSX] = W32[_H_GX]
                W32[_H_GSY] = W32[_H_GY]
            else:
                awake += 1
    W32[_H_AWAKE] = awake
    return awake


def _in_place(W32, W16, Z, b, ox, oy, s, zb):
    """k_place's loop (k_scan has it too)."""
    o = _OB + b * _BS
    hb = _OBH + b * _BSH
    p0 = W16[hb + _BH_P0]
    h = 1 << (s - 1)
    x6 = (W32[o + _B_PX] >> 4) + h
    y6 = (W32[o + _B_PY] >> 4) + h
    moved = 0
    x0 = 32767
    y0 = 32767
    x1 = -32767
    y1 = -32767
    for p in range(p0, p0 + W16[hb + _BH_NP]):
        q = p * _PS
        v = _OV + W16[q + _P_V0] * 4
        k = W16[q + _P_TV0] * 2
        for _ in range(W16[q + _P_NV]):
            x = ox + ((x6 + W16[v]) >> s)
            y = oy - ((y6 + W16[v + 1]) >> s)
            if Z[k] != x or Z[k + 1] != y:
                moved = 1
                Z[k] = x
                Z[k + 1] = y
            if x < x0:
                x0 = x
            if x > x1:
                x1 = x
            if y < y0:
                y0 = y
            if y > y1:
                y1 = y
            k += 2
            v += 4
    Z[zb] = x0
    Z[zb + 1] = y0
    Z[zb + 2] = x1
    Z[zb + 3] = y1
    return moved




def k_place(W32, W16, Z, b, ox, oy, s, zb):
    """For drawing (games/tower/draw.py): body b's parts as screen polygons into Z, each at
    twice its first vertex's number in the piece table, x = ox + (x px >> s - 6), y = oy - (y px
    >> s - 6), both rounded; their bounding box (inclusive) into Z[zb:zb + 4]. Returns 1 when
    any vertex moved on screen since the last call for that piece, else 0."""
    moved = _in_place(W32, W16, Z, b, ox, oy, s, zb)
    return moved


# -- a tower view's repaint (scenes.py): which bodies moved on screen, the boxes around them --
# D32: per body 4 words, its pose as last drawn (x, y Q6 px, angle) and whether it was awake;
# D16: per body its bounding box as last drawn (4 halfwords, inclusive screen pixels), then at
# _DBOX the boxes to repaint (_NBOX of 4)
_DBOX = const(_MAXB * 4)     # D16: where the boxes begin
_NBOX = const(8)            # boxes of a tower view repainted apart (scenes._draw_tower)
_VIEW_X1 = const(239)       # the view's last column
_VIEW_CX = const(120)       # its middle
_VIEW_Y1 = const(177)       # its last row (scenes._MAIN_H - 1)


def _in_mark(D16, nb, x0, y0, x1, y1):
    """Add the box x0..y1 (inclusive) to the nb boxes to repaint: into the first one it overlaps,
    else as a new one; with no room left, into the one it grows least. Returns the boxes now."""
    best = -1
    grow = 0x3FFFFFFF
    i = _DBOX
    e = _DBOX + (nb << 2)
    while i < e:
        bx0 = D16[i]
        by0 = D16[i + 1]
        bx1 = D16[i + 2]
        by1 = D16[i + 3]
        if bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1:
            best = i
            grow = -1
            i = e
        else:
            gx0 = bx0 if bx0 < x0 else x0
            gy0 = by0 if by0 < y0 else y0
            gx1 = bx1 if bx1 > x1 else x1
            gy1 = by1 if by1 > y1 else y1
            g = (gx1 - gx0) * (gy1 - gy0) - (bx1 - bx0) * (by1 - by0)
            if g < grow:
                grow = g
                best = i
            i += 4
    if grow >= 0 and nb < _NBOX:
        best = _DBOX + (nb << 2)
        nb += 1
        D16[best] = x0
        D16[best + 1] = y0
        D16[best + 2] = x1
        D16[best + 3] = y1
    else:
        if x0 < D16[best]:
            D16[best] = x0
        if y0 < D16[best + 1]:
            D16[best + 1] = y0
        if x1 > D16[best + 2]:
            D16[best + 2] = x1
        if y1 > D16[best + 3]:
            D16[best + 3] = y1
    return nb


def k_mark(D16, nb, x0, y0, x1, y1):
    """_in_mark for scenes.py (the balance hint's old place)."""
    nb = _in_mark(D16, nb, x0, y0, x1, y1)
    return nb


def k_scan(W32, W16, Z, D32, D16, n, car, was, oy, zb, whole):
    """The tower view's bodies (n, drawn 1:1 with the table line at main-view row oy): each one
    whose polygon changed on screen (or whose edge colour did: `car` is carried now, `was` was
    when last drawn; `whole`: every body) placed again into Z (_in_place) and the box around its
    old and new polygons marked (_in_mark); its pose and box kept in D32/D16. A sleeping body
    does not move (it sleeps after 10 still frames); an awake one whose pose (Q6 px as drawn,
    angle) did not change has the same polygon. Returns the boxes to repaint (at D16[_DBOX:])."""
    nb = 0
    if whole:
        nb = _in_mark(D16, nb, 0, 0, _VIEW_X1, _VIEW_Y1)
    for b in range(n):
        now = 0 if W16[_OBH + b * _BSH + _BH_FLAGS] & _F_SLEEP else 1
        edge = (1 if b == car else 0) ^ (1 if b == was else 0)
        ob = _OB + b * _BS
        pq = b * 4
        px = W32[ob + _B_PX] >> 4
        py = W32[ob + _B_PY] >> 4
        pa = W32[ob + _B_ANG]
        chg = whole | edge
        if chg == 0 and (now | D32[pq + 3]) != 0:
            if px != D32[pq] or py != D32[pq + 1] or pa != D32[pq + 2]:
                chg = 1
        if chg:
            D32[pq] = px
            D32[pq + 1] = py
            D32[pq + 2] = pa
            mv = _in_place(W32, W16, Z, b, _VIEW_CX, oy, 6, zb)
            if mv | whole | edge:
                nx0 = Z[zb]
                ny0 = Z[zb + 1]
                nx1 = Z[zb + 2]
                ny1 = Z[zb + 3]
                if whole == 0:          # the old polygon and the new one
                    ux0 = D16[pq] if D16[pq] < nx0 else nx0
                    uy0 = D16[pq + 1] if D16[pq + 1] < ny0 else ny0
                    ux1 = D16[pq + 2] if D16[pq + 2] > nx1 else nx1
                    uy1 = D16[pq + 3] if D16[pq + 3] > ny1 else ny1
                    nb = _in_mark(D16, nb, ux0, uy0, ux1, uy1)
                D16[pq] = nx0
                D16[pq + 1] = ny0
                D16[pq + 2] = nx1
                D16[pq + 3] = ny1
        D32[pq + 3] = now
    return nb


def k_copy(Z, src, dst, n):
    """Z[dst:dst + n] = Z[src:src + n] (draw.py: a part's polygon into the buffer drawn)."""
    for i in range(n):
        Z[dst + i] = Z[src + i]
