"""tools/gen_tower_viper.py's inliner: physics_kern.py's _in_* helpers are substituted into the
viper kernels that call them, exactly (the kernel a reader splits into helpers compiles to the
code of the kernel written in one piece), and a helper whose substitution could change what the
kernel computes is refused with a message naming it."""
import ast
import textwrap

import pytest

import gen_tower_viper as gen

HEAD = """
from micropython import const
_N = const(4)
_R_HI = const(8)
"""

# one kernel split into two helpers (one with an out slot) ...
SPLIT = HEAD + """
def _in_low_high(W16, S32, p, n):
    lo = 32767
    hi = -32768
    for k in range(n):
        v = W16[p + k]
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    S32[_R_HI] = hi
    return lo


def _in_store(W16, q, lo, hi):
    W16[q] = lo
    W16[q + 1] = hi - lo


def k_span(W16, S32, p, n, q):
    lo = _in_low_high(W16, S32, p, n)
    hi = S32[_R_HI]
    _in_store(W16, q, lo, hi)
    k = 0
    while k < _N:
        k += 1
    return k
"""

# ... and the same kernel written in one piece
WHOLE = HEAD + """
def k_span(W16, S32, p, n, q):
    lo = 32767
    hi = -32768
    for k in range(n):
        v = W16[p + k]
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    W16[q] = lo
    W16[q + 1] = hi - lo
    k = 0
    while k < _N:
        k += 1
    return k
"""


def gen_text(src):
    return gen.transform(ast.parse(textwrap.dedent(src)))


def test_a_split_kernel_generates_the_kernel_written_in_one_piece():
    split = gen_text(SPLIT)
    assert split == gen_text(WHOLE)
    assert "_in_" not in split and "_R_HI" not in split and "@micropython.viper" in split


def test_the_helpers_run_as_calls_in_the_pure_twin_with_the_same_results():
    from array import array
    for src in (SPLIT, WHOLE):
        ns = {}
        exec(compile(src.replace("from micropython import const", "const = int"), "k", "exec"), ns)
        W16 = array("h", [5, -3, 9, 2, 0, 0])
        S32 = array("i", [0] * 9)
        assert ns["k_span"](W16, S32, 0, 4, 4) == 4
        assert list(W16[4:]) == [-3, 12]


def refused(src, match):
    with pytest.raises(SystemExit, match=match):
        gen_text(HEAD + textwrap.dedent(src))


def test_an_early_return_is_refused():
    refused("""
        def _in_first(W16, n):
            for k in range(n):
                if W16[k] < 0:
                    return k
            return n

        def k_x(W16, n):
            m = _in_first(W16, n)
            return m
        """, "_in_first: return only as the last statement")


def test_a_helper_local_the_caller_reads_after_the_call_is_refused():
    # inlined, the helper's t would overwrite the caller's t, read in the loop's next round
    refused("""
        def _in_twice(a):
            t = a + a
            return t

        def k_x(W16, n):
            t = 0
            for i in range(n):
                W16[i] = t
                a = W16[i + 1]
                u = _in_twice(a)
                W16[i + 1] = u
            return 0
        """, "k_x: _in_twice assigns t, which k_x may read after the call")


def test_a_helper_local_the_caller_assigns_before_reading_again_is_accepted():
    text = gen_text(HEAD + textwrap.dedent("""
        def _in_twice(a):
            t = a + a
            return t

        def k_x(W16, n):
            for i in range(n):
                t = 0
                W16[i] = t
                a = W16[i + 1]
                u = _in_twice(a)
                W16[i + 1] = u
            return 0
        """))
    assert "u = t" in text and "t = a + a" in text


def test_a_rebound_parameter_the_caller_reads_after_the_call_is_refused():
    refused("""
        def _in_bump(W16, a):
            a += 1
            W16[0] = a

        def k_x(W16, a):
            _in_bump(W16, a)
            return a
        """, "_in_bump assigns a, which k_x may read")


CLAMP = """
        def _in_clamp(v, m):
            if v > m:
                v = m
            elif v < -m:
                v = -m
            return v
"""


def test_arguments_are_substituted_for_the_parameters_also_in_a_helper():
    text = gen_text(HEAD + textwrap.dedent(CLAMP + """
        def _in_sum(a, b):
            b = _in_clamp(b, 100)
            a = a + b
            return a

        def k_x(W16, a, b):
            a = _in_clamp(a, _N)
            a = _in_sum(a, b)
            W16[0] = a
        """))
    assert text == gen_text(HEAD + textwrap.dedent("""
        def k_x(W16, a, b):
            if a > _N:
                a = _N
            elif a < -_N:
                a = -_N
            if b > 100:
                b = 100
            elif b < -100:
                b = -100
            a = a + b
            W16[0] = a
        """))


def test_an_argument_that_would_capture_or_alias_a_variable_is_refused():
    clamp = CLAMP
    # inlined with v -> m, `if m > m` would compare the argument with itself
    refused(clamp + """
        def k_x(m, v):
            u = _in_clamp(m, v)
            return u
        """, "k_x: _in_clamp's v: the argument m is a name _in_clamp has itself")
    # the helper assigns its v: a constant cannot take its place
    refused(clamp + """
        def k_x(a):
            u = _in_clamp(_N, a)
            return u
        """, "k_x: _in_clamp's v: pass a variable")
    # v and m both a: inlined, `a = m` would change m too
    refused(clamp + """
        def k_x(a):
            a = _in_clamp(a, a)
            return a
        """, "k_x: _in_clamp assigns its v: pass a once")


def test_a_helper_reads_nothing_but_its_parameters():
    # in the pure twin n would be a global (a NameError); inlined, the caller's n
    refused("""
        def _in_get(W16):
            t = W16[n]
            return t

        def k_x(W16, n):
            u = _in_get(W16)
            return u
        """, "_in_get: reads n before assigning it")


def test_an_out_slot_must_be_read_right_after_the_call():
    refused("""
        def _in_two(S32, a):
            b = a + 1
            S32[_R_HI] = b
            return a

        def k_x(S32, a):
            c = _in_two(S32, a)
            return c
        """, r"k_x: _in_two must be followed by `b = S32\[_R_HI\]`")


def test_a_result_must_be_assigned_and_a_helper_calls_only_helpers_above_it():
    refused("""
        def _in_one(a):
            return a

        def k_x(a):
            _in_one(a)
            return 0
        """, "_in_one returns a value: assign it")
    refused("""
        def _in_one(a):
            b = _in_two(a)
            return b

        def _in_two(a):
            return a

        def k_x(a):
            b = _in_one(a)
            return b
        """, "_in_one: no helper _in_two above it")


def test_the_tower_kernels_use_helpers():
    """physics_kern.py's k_collide is split into helpers (generated back into one viper kernel:
    test_viper_module_is_generated_from_the_pure_twins checks the file is up to date)."""
    with open(gen.SRC) as f:
        tree = ast.parse(f.read())
    fns = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    calls = {c.func.id for c in ast.walk(fns["k_collide"]) if isinstance(c, ast.Call)}
    assert {"_in_deepest_two", "_in_best_face", "_in_add_contact"} <= calls
