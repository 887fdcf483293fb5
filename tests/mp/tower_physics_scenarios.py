"""Tower physics scenarios: run unchanged on CPython, unix MicroPython and WebAssembly MicroPython.

    tower_physics_scenarios.py [hash|lock|pure|save|facts] [SCENARIO...]

hash   print "<scenario> <state hash> <awake> <collapsed> <drawing hash>" after 600 steps (viper
       kernels where the port has them; the drawing hash: place_hash())
pure   the same with the pure-Python kernels forced
       (hash and pure print first "kernels viper" or "kernels pure": which ran)
lock   run the 600 steps with micropython.heap_lock() engaged for every step; prints
       "<scenario> lock ok <hash>" or "<scenario> lock FAIL <exception>"
save   serialize at step 300 into a fresh world, continue both; prints both hashes
facts  print measurements used by the behaviour tests (see tests/test_tower_physics.py)
On CPython put firmware/ and host_sim/shims/ on sys.path first (the pytest does).
"""
import sys

import micropython
from games.tower import physics as P

STEPS = 600
PXU = P.PX
TV = 260                # the first vertex in P.T16

# piece numbers (pieces.PIECES)
LONG, SHORT, BEAM, BRICK, BIGCUBE, SMALLCUBE, POLE, RAMP, ROOF, SPIRE = range(10)
BUCKET, FRUSTUM, HALFDISC, BALL, EGG, NUT, DIAMOND, PARA, HOUSE, DIE = range(10, 20)
L_, T_, ARCH, STEP, CROSS, TREE, EGGCUP = range(20, 27)


def parts(piece):
    """((first vertex in P.T16, count), ...) of the piece's parts (physics.PT)."""
    pp = P.PT[piece * 8 + 7]
    return [(P.PT[pp + 2 * i], P.PT[pp + 2 * i + 1]) for i in range(P.PT[piece * 8 + 5])]


def state_hash(w):
    """A hash of the saved form (World.serialize()), below 2**30."""
    buf = bytearray(w.state_size())
    w.serialize(buf)
    h1 = 0
    h2 = 0
    for c in buf:
        h1 = (h1 * 257 + c) % 1000003
        h2 = (h2 * 263 + c) % 999983
    return (h1 << 9) ^ h2


def place_hash(w):
    """A hash of what the drawing kernels (k_place, k_copy) make of every body: screen polygons,
    bounding boxes and the moved flags, at two scales and origins (so hash and pure compare the
    viper drawing kernels with their twins too)."""
    from array import array
    nv = (len(P.T16) - TV) >> 2
    z = array("h", bytes(4 * nv + 8))
    h = 0
    for ox, oy, s in ((120, 200, 6), (-50, 90, 7)):
        for b in range(w.count()):
            for _ in range(2):                  # the second time nothing moved
                h = (h * 31 + w.k.k_place(w.w32, w.w16, z, b, ox, oy, s, 2 * nv)) % 1000003
            w.k.k_copy(z, 2 * (b % nv), 2 * nv - 10, 10)     # and the copy fill() makes
            for v in z:
                h = (h * 257 + (v & 0xFFFF)) % 1000003
    return h


def substeps(w):
    return w.w32[16]


def half_height(piece):
    """Distance from centroid down to the lowest vertex at angle 0, Q10 px."""
    lo = 0
    for first, n in parts(piece):
        for k in range(first, first + n):
            y = P.T16[TV + 4 * k + 1]
            if y < lo:
                lo = y
    return -lo << 4


def top(piece):
    hi = 0
    for first, n in parts(piece):
        for k in range(first, first + n):
            y = P.T16[TV + 4 * k + 1]
            if y > hi:
                hi = y
    return hi << 4


def right(piece):
    hi = 0
    for first, n in parts(piece):
        for k in range(first, first + n):
            x = P.T16[TV + 4 * k]
            if x > hi:
                hi = x
    return hi << 4


def stack(w, pieces, gap):
    """Stack pieces centred at x = 0, each `gap` (Q10 px) above the previous top."""
    y = 0
    for i in range(len(pieces)):
        p = pieces[i]
        y += gap + half_height(p)
        b = w.add_body(p, (i % 3 - 1) * PXU // 2, y)
        y += top(p)
        if i == 0:
            w.set_foundation(b)


STACK10 = (BEAM, BRICK, LONG, BIGCUBE, SHORT, PARA, DIE, FRUSTUM, SMALLCUBE, HOUSE)


def sc_stack10(w):
    stack(w, STACK10, PXU // 4)


def sc_stack20(w):
    stack(w, (BEAM, BRICK, LONG, BIGCUBE, SHORT, STEP, PARA, BRICK, DIE, SMALLCUBE,
              BEAM, ARCH, LONG, BUCKET, SHORT, NUT, BIGCUBE, T_, FRUSTUM, HOUSE), PXU // 4)


def ledge(w, offset):
    """A long plank on a big cube, its centroid `offset` (Q10 px) past the cube's right edge."""
    f = w.add_body(BIGCUBE, 0, half_height(BIGCUBE))
    w.set_foundation(f)
    y = half_height(BIGCUBE) + top(BIGCUBE) + half_height(LONG)
    return w.add_body(LONG, right(BIGCUBE) + offset, y)


def sc_tip_out(w):
    ledge(w, PXU)


def sc_tip_in(w):
    ledge(w, -PXU)


def sc_nudge(w):
    """A cube on a beam; the carried brick is steered into it from the left."""
    f = w.add_body(BEAM, 0, half_height(BEAM))
    w.set_foundation(f)
    y = half_height(BEAM) + top(BEAM) + half_height(SMALLCUBE)
    w.add_body(SMALLCUBE, 8 * PXU, y)
    c = w.add_body(BRICK, -60 * PXU, y + 2 * PXU)
    w.carry(c)
    w.set_target(-12 * PXU, y + 2 * PXU, 0)     # its right edge ends 4 px into the cube


def sc_drop_off(w):
    """A cube released beside the foundation falls to the table."""
    f = w.add_body(BRICK, 0, half_height(BRICK))
    w.set_foundation(f)
    c = w.add_body(SMALLCUBE, 30 * PXU, 50 * PXU)
    w.carry(c)
    w.set_target(30 * PXU, 50 * PXU, 0)
    w.step()
    w.release()


def sc_rain(w):
    """Compounds and round pieces dropped at pseudo-random spots, with the table tilted."""
    f = w.add_body(ARCH, 0, half_height(ARCH))
    w.set_foundation(f)
    seed = 12345
    y = 60 * PXU
    for p in (L_, T_, STEP, CROSS, TREE, EGGCUP, BALL, EGG, HALFDISC, ROOF, SPIRE, RAMP):
        seed = (seed * 1103 + 4513) % 65521
        w.add_body(p, ((seed % 41) - 20) * PXU, y, seed)
        y += 45 * PXU
    w.set_gravity(70, -998)


def sc_carry_spin(w):
    """The carried piece sweeps through a small stack while turning, then is released."""
    stack(w, (BRICK, SHORT, BIGCUBE, DIE), PXU // 4)
    c = w.add_body(POLE, -70 * PXU, 40 * PXU)
    w.carry(c)
    w.set_target(70 * PXU, 30 * PXU, 12000)


SCENARIOS = (("stack10", sc_stack10), ("stack20", sc_stack20), ("tip_out", sc_tip_out),
             ("tip_in", sc_tip_in), ("nudge", sc_nudge), ("drop_off", sc_drop_off),
             ("rain", sc_rain), ("carry_spin", sc_carry_spin))


def make(name, pure):
    for n, fn in SCENARIOS:
        if n == name:
            w = P.World(pure)
            fn(w)
            return w
    raise ValueError(name)


def run(w, steps):
    for i in range(steps):
        w.step()
        if w.carried() >= 0 and substeps(w) >= 240:
            w.release()


def locked_run(w, steps):
    """steps frames, each inside heap_lock(); returns None or the exception's text."""
    err = None
    for i in range(steps):
        micropython.heap_lock()
        try:
            w.step()
            if w.carried() >= 0 and substeps(w) >= 240:
                w.release()
        except BaseException as e:      # noqa: B036 - WebAssembly hangs on an escape here
            err = e
        micropython.heap_unlock()
        if err is not None:
            return "step %d: %r" % (i, err)
    return None


def facts(name):
    """Measurements for the behaviour tests, one "key value" per line."""
    w = make(name, False)
    n = w.count()
    print("bodies", n)
    if name.startswith("stack"):
        rest = -1
        for f in range(1, 91):
            w.step()
            if rest < 0 and w.awake() == 0:
                rest = f
        print("rest_frame", rest)
        x0 = [w.x(b) for b in range(n)]
        y0 = [w.y(b) for b in range(n)]
        a0 = [w.angle(b) for b in range(n)]
        for f in range(900):
            w.step()
        d = 0
        for b in range(n):
            dd = max(abs(w.x(b) - x0[b]), abs(w.y(b) - y0[b]))
            d = max(d, dd)
        print("drift_q10", d)
        print("turned", sum(1 for b in range(n) if w.angle(b) != a0[b]))
        print("collapsed", w.collapsed())
        print("max_contacts", w.w32[15])
    elif name.startswith("tip"):
        hit = -1
        for f in range(1, 901):
            w.step()
            if hit < 0 and w.collapsed() >= 0:
                hit = f
        print("collapse_frame", hit)
        print("awake", w.awake())
    elif name == "nudge":
        x0 = w.x(1)
        for f in range(60):
            w.step()
        print("cube_moved_q10", w.x(1) - x0)
        print("carried_x_q10", w.x(2))
        print("collapsed", w.collapsed())
    elif name == "drop_off":
        hit = -1
        for f in range(1, 91):
            w.step()
            if hit < 0 and w.collapsed() >= 0:
                hit = f
        print("collapse_frame", hit)
        print("collapsed", w.collapsed())


def main(argv):
    mode = argv[0] if argv else "hash"
    names = argv[1:] or [n for n, fn in SCENARIOS]
    if mode in ("hash", "pure"):
        print("kernels", "viper" if make(names[0], mode == "pure").viper else "pure")
    for name in names:
        if mode == "facts":
            print("scenario", name)
            facts(name)
            continue
        w = make(name, mode == "pure")
        if mode == "lock":
            err = locked_run(w, STEPS)
            if err is None:
                print(name, "lock ok", state_hash(w))
            else:
                print(name, "lock FAIL", err)
        elif mode == "save":
            run(w, STEPS // 2)
            buf = bytearray(w.state_size())
            w.serialize(buf)
            w2 = P.World(False)
            w2.restore(buf)
            same = state_hash(w2) == state_hash(w)
            run(w, STEPS // 2)
            run(w2, STEPS // 2)
            print(name, "save", state_hash(w), state_hash(w2), "restored_equal" if same else "restored_differs")
        else:
            run(w, STEPS)
            print(name, state_hash(w), w.awake(), w.collapsed(), place_hash(w))


main(sys.argv[1:])
