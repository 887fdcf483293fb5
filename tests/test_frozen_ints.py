"""The firmware's modules freeze into picotable.uf2 without big-integer constants.

MicroPython's freezer (tools/mpy-tool.py, used by `make uf2`) turns a tuple of constants into a
tuple in flash, and writes each int in it as a small int only if it fits the smallest target
(-8192..8191, `mp_small_int_fits`); a larger one becomes a big-integer object. Arithmetic with
that item then builds a temporary big integer (32 bytes on the Pico) at every use, inside the
frames: the hard bot's SURV[0] = 20000 did so in 90 of the 754 `_seat_score` calls of a 4-hard-bot
game on the image (docs/firmware-image.md), while the ports that compile the source (the
heap-locked proofs, and stock MicroPython loading .mpy files) see a small int. So the check reads
the source: every tuple the compiler folds into a constant (literals and const() names only)
keeps its ints within -8192..8191. Tables of larger values go in an array (read as small ints)."""
import ast
import glob
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FREEZER_SMALL = range(-0x2000, 0x2000)      # mpy-tool.py's mp_small_int_fits


def const_names(tree):
    """NAME = const(N) in a module: the compiler puts N wherever NAME is used."""
    out = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "const" and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            expr = ast.Expression(node.value.args[0])
            try:                    # a literal, or arithmetic over earlier const() names
                out[node.targets[0].id] = eval(compile(expr, "<const>", "eval"),
                                               {"__builtins__": {}}, dict(out))
            except (NameError, TypeError):
                pass                # not a number the compiler folds: never in a tuple

    return out


def constant_tuples(source):
    """(line, values) of every tuple made only of literals and const() names."""
    tree = ast.parse(source)
    names = const_names(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Tuple):
            continue
        values = []
        for item in node.elts:
            if isinstance(item, ast.Name) and item.id in names:
                values.append(names[item.id])
                continue
            try:
                values.append(ast.literal_eval(item))
            except ValueError:
                values = None
                break
        if values:
            found.append((node.lineno, values))
    return found


def big_ints(source):
    return [(line, v) for line, values in constant_tuples(source) for v in values
            if isinstance(v, int) and v not in FREEZER_SMALL]


def test_the_check_sees_a_frozen_big_int():
    assert big_ints("X = const(9000)\nT = (1, 2)\nU = (X, 3)\nV = (-8193, 4)\n") == [(3, 9000), (4, -8193)]
    assert big_ints("T = (8191, -8192)\nA = [20000]\nB = (n, 20000 * n)\n") == []
    assert big_ints("X = const(4000)\nY = const(X * 3)\nT = (Y, 1)\n") == [(3, 12000)]


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"),
                                                recursive=True)),
                         ids=lambda p: os.path.relpath(p, FIRMWARE))
def test_no_big_int_in_a_constant_tuple(path):
    with open(path) as f:
        assert big_ints(f.read()) == [], "an int beyond +-8191 in a tuple of constants: use an array"
