"""Pixel parity of the CPython framebuf stand-in (host_sim/shims/framebuf.py) with the real one.

tests/mp/framebuf_ops.py draws a seeded set of operations (every method, clipping at every edge,
out-of-range colours, concave and self-intersecting polygons, ellipse quadrant masks, every
printable character and bytes > 127, blits across formats with keys and palettes, scrolls) and
prints a CRC of the whole buffer after each one. It runs under the real unix MicroPython and the
32-bit WebAssembly port (newest), under the WebAssembly port at the supported minimum (1.24.1,
what the Pico runs) and under CPython with the stand-in; the outputs must be identical. A
mismatch names the first differing op and the first differing byte after it.

1.24.1's framebuf differs from 1.26+ in one feature only (docs/platform.md): blit() takes its
source and palette as FrameBuffers only; the (buffer, w, h, format[, stride]) tuple form came in
1.26 (a tuple source raises TypeError, a tuple or int palette is ignored). So 1.24.1 is asked for
the same pixels with FrameBuffers (framebuf_ops.py frames-only), its argument checks differ
exactly there, and the console blits only FrameBuffers, without a palette.
"""
import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIMS = os.path.join(ROOT, "host_sim", "shims")
SCRIPT = os.path.join(ROOT, "tests", "mp", "framebuf_ops.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mprun  # noqa: E402

# Runs the script on CPython with the stand-in, after checking it is the stand-in that imports.
CPYTHON_PRELUDE = """\
import os, runpy, sys
sys.path.insert(0, %r)
import framebuf
assert getattr(framebuf, "STAND_IN", False), framebuf
assert os.path.dirname(os.path.abspath(framebuf.__file__)) == %r, framebuf.__file__
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
""" % (SHIMS, SHIMS)

# bytes in a row of a config, to turn a differing byte into a pixel position (the main frame)
ROW_BYTES = {"gs4_240": 120}


def run_cpython(args):
    res = subprocess.run([sys.executable, "-c", CPYTHON_PRELUDE, SCRIPT] + list(args),
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert res.returncode == 0, "the stand-in failed:\n" + res.stdout[-2000:] + res.stderr[-4000:]
    return res.stdout


def run_port(port, args):
    if port == "wasm-min":
        args = list(args) + ["frames-only"]     # blit sources and palettes as FrameBuffers
    try:
        res = mprun.run(port, SCRIPT, list(args), paths=(), timeout=600)
    except mprun.MissingPort as e:
        pytest.skip(str(e))
    assert res.returncode == 0, "%s MicroPython failed:\n%s%s" % (port, res.stdout[-2000:],
                                                                res.stderr[-4000:])
    return res.stdout


_cache = {}


def output(who, group):
    key = (who, group)
    if key not in _cache:
        _cache[key] = run_cpython([group]) if who == "cpython" else run_port(who, [group])
    return _cache[key]


def dump(who, config, index):
    out = run_cpython([config, "dump=%d" % index]) if who == "cpython" else \
        run_port(who, [config, "dump=%d" % index])
    for line in out.splitlines():
        if line.startswith("DUMP "):
            return bytes.fromhex(line.split()[2])
    raise AssertionError("no dump in output of %s" % who)


def explain(ref_who, got_who, ref_line, got_line, prev_line):
    """Describe the first differing op, with the first differing byte of the buffer after it."""
    msg = ["%s and %s differ at the op:" % (ref_who, got_who),
           "  %s: %s" % (ref_who, ref_line), "  %s: %s" % (got_who, got_line),
           "  (last op that matched: %s)" % prev_line]
    parts = ref_line.split()
    if len(parts) >= 2 and parts[1].isdigit():
        config, index = parts[0], int(parts[1])
        a = dump(ref_who, config, index)
        b = dump(got_who, config, index)
        diff = [i for i in range(min(len(a), len(b))) if a[i] != b[i]]
        if len(a) != len(b):
            msg.append("  buffer lengths differ: %d vs %d" % (len(a), len(b)))
        if diff:
            i = diff[0]
            where = "byte %d" % i
            if config in ROW_BYTES:
                rb = ROW_BYTES[config]
                where += " (row %d, pixels x=%d,%d)" % (i // rb, (i % rb) * 2, (i % rb) * 2 + 1)
            msg.append("  %d bytes differ after it; first at %s: %s %02x, %s %02x"
                       % (len(diff), where, ref_who, a[i], got_who, b[i]))
    return "\n".join(msg)


def compare(ref_who, got_who, group):
    ref = output(ref_who, group).splitlines()
    got = output(got_who, group).splitlines()
    prev = "(none)"
    for i in range(max(len(ref), len(got))):
        r = ref[i] if i < len(ref) else "(no more output)"
        g = got[i] if i < len(got) else "(no more output)"
        if r != g:
            pytest.fail(explain(ref_who, got_who, r, g, prev), pytrace=False)
        prev = r
    return ref


def test_gs4_240x240_matches_unix_micropython():
    lines = compare("unix", "cpython", "gs4")
    assert len(lines) > 800


def test_every_other_format_matches_unix_micropython():
    lines = compare("unix", "cpython", "others")
    configs = {line.split()[0] for line in lines}
    assert {"mvlsb_37x21", "mhlsb_35x19", "mhmsb_29x17", "rgb565_23x13s25", "gs2_31x15",
            "gs8_27x11s30", "gs4_33x9s38"} <= configs


def test_argument_checks_match_unix_micropython():
    compare("unix", "cpython", "errors")


def test_colours_and_keys_beyond_32_bits_match_unix_micropython():
    compare("unix", "cpython", "wide")


def test_webassembly_port_gives_the_same_pixels():
    # The newest WebAssembly port (32-bit) against the unix port (64-bit): their framebuf agrees
    # on every op of both groups (if a later release changes one, this test names the op).
    compare("unix", "wasm", "gs4")
    compare("unix", "wasm", "others")


def test_the_minimum_version_gives_the_same_pixels():
    """MicroPython 1.24.1 (the Pico's) draws every op of both groups like the stand-in, with
    blit sources and palettes given as FrameBuffers."""
    compare("cpython", "wasm-min", "gs4")
    compare("cpython", "wasm-min", "others")


# 1.24.1's argument checks that differ from 1.26+: blit from a tuple or list (no such form yet:
# TypeError) and blit with a palette that is no FrameBuffer (ignored); the last two lines print
# the frame those tuple blits drew into on 1.26+.
DIFFER_ON_MIN = ("blit tuple 3 ", "blit tuple 6 ", "blit list ", "blit tuple small ",
                 "blit tuple bad format ", "blit tuple str ", "blit palette int ", "bytes(fb) ",
                 "subclass ")


def test_the_minimum_version_differs_only_in_the_blit_tuple_form():
    ref = output("cpython", "errors").splitlines()
    got = output("wasm-min", "errors").splitlines()
    assert len(ref) == len(got) > 50
    differ = sorted({r.split(" ", 1)[1] for r, g in zip(ref, got) if r != g})
    assert [d for d in differ if not d.startswith(DIFFER_ON_MIN)] == [], differ
    assert len(differ) == len(DIFFER_ON_MIN), differ


def test_the_console_uses_no_framebuf_op_that_draws_differently_on_the_minimum():
    """No blit with a palette or a tuple source (1.24.1 lacks the tuple form and ignores a
    non-FrameBuffer palette; a FrameBuffer source with a key draws alike, checked above, and
    NOPE!'s card art, the one blit, runs on wasm-min in its heap-locked games), no scroll
    (1.24.1 crashes on steps beyond the machine int), and every ellipse has constant radii > 0
    (1.24.1 hangs on two zero radii): what the stand-in draws is what the Pico draws."""
    calls = []
    for top in ("core", "games", "hal"):
        for dirpath, _, names in os.walk(os.path.join(mprun.FIRMWARE, top)):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    tree = ast.parse(open(path).read(), path)
                    consts = {n.targets[0].id: n.value for n in tree.body if isinstance(n, ast.Assign)
                              and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)}
                    for node in ast.walk(tree):
                        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                            calls.append((os.path.relpath(path, mprun.FIRMWARE), node, consts))
    bad = []
    ellipses = 0
    for where, node, consts in calls:
        op = node.func.attr
        if op == "scroll" or op == "blit" and (len(node.args) > 4 or node.keywords or
                                              isinstance(node.args[0], (ast.Tuple, ast.List))):
            bad.append("%s:%d %s" % (where, node.lineno, op))
        if op == "ellipse" and where != os.path.join("core", "gfx.py"):    # Gfx.ellipse passes them on
            ellipses += 1
            for r in node.args[2:4]:
                v = _constant(r, consts)
                if not (isinstance(v, int) and v > 0):
                    bad.append("%s:%d ellipse radius %s" % (where, node.lineno, ast.unparse(r)))
    assert ellipses >= 5 and bad == [], bad


def _constant(node, consts):
    """The int a radius argument names: a literal, or a module name bound to one (const() too)."""
    if isinstance(node, ast.Name) and node.id in consts:
        node = consts[node.id]
        if isinstance(node, ast.Call) and node.args:
            node = node.args[0]
    return node.value if isinstance(node, ast.Constant) else None


@pytest.mark.parametrize("group", ["gs4", "others"])
def test_the_op_script_is_broad_and_draws(group):
    """Guards the test itself: every method is exercised, nothing raises, the pixels change."""
    lines = output("cpython", group).splitlines()
    ops = [line.split() for line in lines if line.split()[1].isdigit()]
    counts = {}
    for parts in ops:
        word = parts[2].split("#")[0]
        counts[word] = counts.get(word, 0) + 1
    for word in ("fill", "pixel", "getpixel", "hline", "vline", "fill_rect", "rect", "line",
                 "ellipse", "poly", "text", "blit", "scroll"):
        assert counts.get(word, 0) >= 5, (word, counts)
    for phrase in ("blit self", "pal kind4", "pal kind5", "stride None", "key 0 "):
        assert any(phrase in line for line in lines), phrase
    assert not [line for line in lines if " raised " in line]
    crcs = [parts[-1] for parts in ops]
    assert len(set(crcs)) > len(crcs) // 4     # (getpixel and off-frame ops change nothing)


def test_font_data_is_the_reference_font():
    sys.path.insert(0, SHIMS)
    try:
        import font_petme128_8x8
    finally:
        sys.path.remove(SHIMS)
    import extract_font
    try:
        ref = extract_font.render_font("unix")
    except mprun.MissingPort as e:
        pytest.skip(str(e))
    assert font_petme128_8x8.FONT == ref
