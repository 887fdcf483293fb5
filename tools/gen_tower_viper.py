"""Generate firmware/games/tower/physics_viper.py from physics_kern.py (the pure twins).

    python tools/gen_tower_viper.py          write the file
    python tools/gen_tower_viper.py --check  exit 1 if the file is not up to date

The transformation is mechanical, so both versions run the same statements:
- each k_* function gets @micropython.viper; array parameters W32/S32 become ptr32, W16/S16/T16
  ptr16, the others int; a function that returns a value gets `-> int`;
- viper pointer loads are zero-extended on a 64-bit port, so loads are sign-extended:
  32-bit `((X[i] ^ SXM) - SXM)` with SXM = int(1) << 31 computed at run time (a literal
  2**31 is not a small int on the Pico and would be compiled as an object),
  16-bit `((X[i] ^ 0x8000) - 0x8000)`; except loads of fields that are never negative (an index
  naming one of NONNEG), which keeps the machine code smaller.
- the helpers (_in_*) are inlined: their bodies substituted at the call sites (arguments for
  parameters, `target = value` for the last statement's return), their out slots S32[_R_X]
  dropped (the value stays in its variable), so a kernel split into helpers gives the code of
  the kernel written in one piece. Liveness checks make the substitution exact: a helper
  reads no name before assigning it but its parameters, and assigns nothing the caller may
  read after the call (physics_kern.py's header has the rules; tests/test_tower_inliner.py).
The generator refuses constructs whose viper meaning differs from Python's (see REFUSE).
"""
import ast
import copy
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "firmware", "games", "tower", "physics_kern.py")
DST = os.path.join(ROOT, "firmware", "games", "tower", "physics_viper.py")

PTR32 = {"W32", "S32", "D32"}
PTR16 = {"W16", "S16", "T16", "PT", "Z", "D16"}
# fields that are never negative: a load whose index names one needs no sign extension
NONNEG = {"_H_NB", "_H_NP", "_H_NV", "_H_NK", "_H_WOKE", "_H_AWAKE", "_H_NC", "_H_NPC", "_H_SUB",
          "_B_ANG", "_BH_INVM", "_BH_IRHO", "_BH_IRHO2", "_BH_FLAGS", "_BH_REST", "_BH_PIECE",
          "_BH_P0", "_BH_NP", "_BH_ISL", "_P_BODY", "_P_TV0", "_P_V0", "_P_NV", "_C_A", "_C_B",
          "_C_LN", "_SUF", "_SMR", "_SMS", "_SMG"}
HELPER = "_in_"           # helper functions: inlined into the k_* that call them
OUT = "_R_"               # out slots S32[_R_X]: a helper's results besides its return value
REFUSE = (ast.Tuple, ast.List, ast.Dict, ast.Set, ast.ListComp, ast.GeneratorExp, ast.Lambda,
          ast.Yield, ast.Starred, ast.Slice, ast.JoinedStr, ast.Constant)


def _names(expr):
    """The names in an index expression, not looking into nested loads."""
    if isinstance(expr, ast.Name):
        return {expr.id}
    if isinstance(expr, ast.Subscript):
        return set()
    out = set()
    for child in ast.iter_child_nodes(expr):
        out |= _names(child)
    return out


class Viperize(ast.NodeTransformer):
    def __init__(self):
        self.uses32 = False

    def visit_Subscript(self, node):
        self.generic_visit(node)
        if not isinstance(node.value, ast.Name) or not isinstance(node.ctx, ast.Load):
            return node
        name = node.value.id
        if _names(node.slice) & NONNEG:
            if name not in PTR32 | PTR16:
                raise SystemExit("unknown array %s" % name)
            return node
        if name in PTR32:
            self.uses32 = True
            mask = ast.Name("SXM", ast.Load())
        elif name in PTR16:
            mask = ast.Constant(0x8000)
        else:
            raise SystemExit("unknown array %s" % name)
        return ast.BinOp(ast.BinOp(node, ast.BitXor(), mask), ast.Sub(), mask)


def check(fn):
    for node in ast.walk(fn):
        if isinstance(node, ast.Constant) and not isinstance(node.value, int) and node is not fn.body[0].value:
            raise SystemExit("%s: non-integer constant %r" % (fn.name, node.value))
        if isinstance(node, REFUSE) and not isinstance(node, ast.Constant):
            raise SystemExit("%s: %s not allowed" % (fn.name, type(node).__name__))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.startswith(HELPER):
            raise SystemExit("%s: call %s as a statement or `name = %s(...)`" % (fn.name, node.func.id, node.func.id))
        if isinstance(node, ast.Name) and node.id.startswith(OUT) and fn.name.startswith("k_"):
            raise SystemExit("%s: %s read other than right after its helper's call" % (fn.name, node.id))
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id == "range"):
            raise SystemExit("%s: only range() may be called" % fn.name)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript):
            raise SystemExit("%s: augmented assignment to an array item" % fn.name)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Mod, ast.Pow)):
            raise SystemExit("%s: / %% ** not allowed" % fn.name)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and abs(node.value) >= 1 << 30:
            raise SystemExit("%s: constant %d is not a small int on the Pico" % (fn.name, node.value))


def _loads(node):
    """The names an expression (or a statement's expressions) reads."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


class Liveness:
    """Backward liveness over the structured statements the kernels use. marks: ids of
    statements whose live-out set is recorded (in self.out)."""

    def __init__(self, where, marks=()):
        self.where = where
        self.out = {m: set() for m in marks}

    def block(self, stmts, out, brk, cont):
        live = set(out)
        for s in reversed(stmts):
            if id(s) in self.out:
                self.out[id(s)] |= live
            live = self.stmt(s, live, brk, cont)
        return live

    def stmt(self, s, out, brk, cont):
        if isinstance(s, ast.Assign):
            live = set(out)
            for t in s.targets:
                if isinstance(t, ast.Name):
                    live.discard(t.id)
            for t in s.targets:
                if not isinstance(t, ast.Name):
                    live |= _loads(t)
            return live | _loads(s.value)
        if isinstance(s, ast.AugAssign):
            return out | _loads(s.target) | {s.target.id} | _loads(s.value)
        if isinstance(s, (ast.Expr, ast.Return)):
            return (set() if isinstance(s, ast.Return) else out) | (_loads(s.value) if s.value else set())
        if isinstance(s, ast.If):
            return _loads(s.test) | self.block(s.body, out, brk, cont) | self.block(s.orelse, out, brk, cont)
        if isinstance(s, (ast.For, ast.While)) and not s.orelse:
            head = set(out)
            while True:                                 # to the fixed point (sets only grow)
                body = self.block(s.body, head, out, head)
                if isinstance(s, ast.For):
                    new = out | (body - {s.target.id})
                else:
                    new = out | body | _loads(s.test)
                if new == head:
                    break
                head = new
            return head | (_loads(s.iter) if isinstance(s, ast.For) else set())
        if isinstance(s, ast.Break):
            return set(brk)
        if isinstance(s, ast.Continue):
            return set(cont)
        if isinstance(s, ast.Pass):
            return set(out)
        raise SystemExit("%s: statement %s not allowed" % (self.where, type(s).__name__))


def _assigned(nodes):
    """The names some statements assign (a helper's locals, and parameters it rebinds)."""
    return {n.id for s in nodes for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _is_call(s):
    """(call, target) when s is `_in_x(...)` or `name = _in_x(...)`, else (None, None)."""
    if isinstance(s, ast.Expr):
        call, target = s.value, None
    elif isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
        call, target = s.value, s.targets[0].id
    else:
        return None, None
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id.startswith(HELPER):
        return call, target
    return None, None


def _out_slot(s):
    """The (slot, name) of a helper's `S32[_R_X] = name` (or a caller's `name = S32[_R_X]`)."""
    if isinstance(s, ast.Assign) and len(s.targets) == 1:
        t, v = s.targets[0], s.value
        if isinstance(v, ast.Subscript):
            t, v = v, t
        if (isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == "S32"
                and isinstance(t.slice, ast.Name) and t.slice.id.startswith(OUT) and isinstance(v, ast.Name)):
            return t.slice.id, v.id
    return None


class Helper:
    """A helper function of physics_kern.py, checked to be inlined exactly (see the module doc)."""

    def __init__(self, fn, consts):
        self.name = fn.name
        self.params = [a.arg for a in fn.args.args]
        body = list(fn.body)
        if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]                             # the docstring
        self.ret = None
        if body and isinstance(body[-1], ast.Return):
            self.ret = body.pop().value
            if self.ret is None:
                raise SystemExit("%s: a bare return" % self.name)
        self.outs = []
        while body and _out_slot(body[-1]) and body[-1].targets[0].__class__ is ast.Subscript:
            self.outs.insert(0, _out_slot(body.pop()))
        for n in (n for s in body for n in ast.walk(s)):
            if isinstance(n, ast.Return):
                raise SystemExit("%s: return only as the last statement (an early return cannot be "
                                 "inlined)" % self.name)
            if isinstance(n, ast.Name) and n.id.startswith(OUT):
                raise SystemExit("%s: out slots only written in its last statements" % self.name)
        check(fn)
        # inlined, it reads the caller's variables: only its parameters may come from outside
        live = Liveness(self.name).block(fn.body, set(), set(), set())
        stray = sorted(live - set(self.params) - consts - {"range"})
        if stray:
            raise SystemExit("%s: reads %s before assigning it (only parameters come from the "
                             "caller)" % (self.name, ", ".join(stray)))
        self.body = body
        self.assigned = _assigned(fn.body)
        self.names = set(self.params) | self.assigned

    def bind(self, caller, args, consts):
        """The substitution of the arguments (names, or integers for parameters it does not
        assign) for the parameters, checked not to capture or alias a variable."""
        sub = {}
        written = self.assigned | {name for _, name in self.outs}
        for p, a in zip(self.params, args):
            if isinstance(a, ast.Constant) and isinstance(a.value, int) and p not in written:
                sub[p] = a
                continue
            if not isinstance(a, ast.Name) or (p in written and a.id in consts):
                raise SystemExit("%s: %s's %s: pass a variable%s" % (
                    caller, self.name, p, "" if p in written else ", a constant or an integer"))
            if a.id != p and a.id in self.names:
                raise SystemExit("%s: %s's %s: the argument %s is a name %s has itself"
                                 % (caller, self.name, p, a.id, self.name))
            sub[p] = a
        names = [a.id for a in sub.values() if isinstance(a, ast.Name)]
        for p in written & set(sub):
            if names.count(sub[p].id) > 1:
                raise SystemExit("%s: %s assigns its %s: pass %s once" % (caller, self.name, p, sub[p].id))
        return Rename(sub)


class Rename(ast.NodeTransformer):
    """Parameters to arguments."""

    def __init__(self, sub):
        self.sub = sub

    def visit_Name(self, node):
        a = self.sub.get(node.id)
        if a is None:
            return node
        if isinstance(a, ast.Name):
            return ast.Name(a.id, node.ctx)
        return copy.deepcopy(a)


def inline(fn, helpers, consts):
    """Substitute the helpers' bodies at their call sites in fn; check that none assigns a
    variable the caller still needs."""
    marks = []                                          # (last inlined statement, helper, clobbered)

    def block(stmts):
        out = []
        i = 0
        while i < len(stmts):
            s = stmts[i]
            i += 1
            call, target = _is_call(s)
            if call is None:
                for field in ("body", "orelse"):
                    if isinstance(s, (ast.If, ast.For, ast.While)):
                        setattr(s, field, block(getattr(s, field)))
                out.append(s)
                continue
            h = helpers.get(call.func.id)
            if h is None:
                raise SystemExit("%s: no helper %s above it" % (fn.name, call.func.id))
            if call.keywords or len(call.args) != len(h.params):
                raise SystemExit("%s: call %s with its %d parameters" % (fn.name, h.name, len(h.params)))
            sub = h.bind(fn.name, call.args, consts)
            if (target is None) != (h.ret is None):
                raise SystemExit("%s: %s %s" % (fn.name, h.name, "returns nothing" if h.ret is None
                                                 else "returns a value: assign it"))
            body = [sub.visit(copy.deepcopy(x)) for x in h.body]
            got = set()
            if target is not None:
                got.add(target)
                ret = sub.visit(copy.deepcopy(h.ret))
                if not (isinstance(ret, ast.Name) and ret.id == target):
                    body.append(ast.Assign([ast.Name(target, ast.Store())], ret, lineno=0))
            for slot, name in h.outs:
                name = sub.visit(ast.Name(name, ast.Load())).id
                if i >= len(stmts) or _out_slot(stmts[i]) != (slot, name) or not isinstance(stmts[i].value, ast.Subscript):
                    raise SystemExit("%s: %s must be followed by `%s = S32[%s]`" % (fn.name, h.name, name, slot))
                got.add(name)
                i += 1
            if not body:
                raise SystemExit("%s: %s leaves nothing to inline" % (fn.name, h.name))
            marks.append((body[-1], h.name, _assigned(body) - got))
            out.extend(body)
        return out

    fn.body = block(fn.body)
    live = Liveness(fn.name, [id(m[0]) for m in marks])
    live.block(fn.body, set(), set(), set())
    for last, name, clobbered in marks:
        bad = sorted(clobbered & live.out[id(last)])
        if bad:
            raise SystemExit("%s: %s assigns %s, which %s may read after the call: rename it in "
                             "the helper" % (fn.name, name, ", ".join(bad), fn.name))
    return fn


def generate():
    with open(SRC) as f:
        return transform(ast.parse(f.read()))


def transform(tree):
    """physics_kern.py's tree -> physics_viper.py's text."""
    consts = {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    helpers = {}                                        # each inlines those above it
    for n in tree.body:
        if isinstance(n, ast.FunctionDef) and n.name.startswith(HELPER):
            helpers[n.name] = Helper(inline(copy.deepcopy(n), helpers, consts), consts)
    body = [ast.Import([ast.alias("micropython")])]
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue                                    # the source's docstring
        if node.__class__.__name__ == "FunctionDef" and node.name in helpers:
            continue                                    # inlined where called
        if isinstance(node, ast.Assign) and node.targets[0].id.startswith(OUT):
            continue                                    # out slots: only the pure twins use them
        if isinstance(node, ast.FunctionDef) and node.name.startswith("k_"):
            node = inline(node, helpers, consts)
            check(node)
            if isinstance(node.body[0], ast.Expr):      # drop docstrings
                node.body = node.body[1:]
            v = Viperize()
            node = v.visit(node)
            for a in node.args.args:
                ann = "ptr32" if a.arg in PTR32 else "ptr16" if a.arg in PTR16 else "int"
                a.annotation = ast.Name(ann, ast.Load())
            if any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(node)):
                node.returns = ast.Name("int", ast.Load())
            if v.uses32:
                shift = ast.BinOp(ast.Call(ast.Name("int", ast.Load()), [ast.Constant(1)], []),
                                  ast.LShift(), ast.Constant(31))
                node.body.insert(0, ast.Assign([ast.Name("SXM", ast.Store())], shift, lineno=0))
            node.decorator_list = [ast.Attribute(ast.Name("micropython", ast.Load()), "viper", ast.Load())]
        body.append(node)
    mod = ast.Module(body=body, type_ignores=[])
    ast.fix_missing_locations(mod)
    head = ('"""GENERATED by tools/gen_tower_viper.py from physics_kern.py: do not edit.\n\n'
            'Viper versions of the tower physics hot loops, bit-identical to the pure twins in\n'
            'physics_kern.py. Load through core.fastpath.load("games.tower.physics_viper").\n"""\n')
    return head + ast.unparse(mod) + "\n"


def main(argv):
    sys.path.insert(0, ROOT)
    from host_sim.args import Parser
    p = Parser(prog="python tools/gen_tower_viper.py", description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if the file is not up to date")
    check = p.parse_args(argv).check
    text = generate()
    if check:
        with open(DST) as f:
            same = f.read() == text
        print("physics_viper.py is %s" % ("up to date" if same else "STALE: run tools/gen_tower_viper.py"))
        return 0 if same else 1
    with open(DST, "w") as f:
        f.write(text)
    print("wrote", DST)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
