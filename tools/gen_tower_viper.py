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
The generator refuses constructs whose viper meaning differs from Python's (see REFUSE).
"""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "firmware", "games", "tower", "physics_kern.py")
DST = os.path.join(ROOT, "firmware", "games", "tower", "physics_viper.py")

PTR32 = {"W32", "S32"}
PTR16 = {"W16", "S16", "T16", "PT", "Z"}
# fields that are never negative: a load whose index names one needs no sign extension
NONNEG = {"_H_NB", "_H_NP", "_H_NV", "_H_NK", "_H_WOKE", "_H_AWAKE", "_H_NC", "_H_NPC", "_H_SUB",
          "_B_ANG", "_BH_INVM", "_BH_IRHO", "_BH_IRHO2", "_BH_FLAGS", "_BH_REST", "_BH_PIECE",
          "_BH_P0", "_BH_NP", "_BH_ISL", "_P_BODY", "_P_TV0", "_P_V0", "_P_NV", "_C_A", "_C_B",
          "_C_LN", "_SUF", "_SMR", "_SMS", "_SMG"}
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
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id == "range"):
            raise SystemExit("%s: only range() may be called" % fn.name)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript):
            raise SystemExit("%s: augmented assignment to an array item" % fn.name)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Mod, ast.Pow)):
            raise SystemExit("%s: / %% ** not allowed" % fn.name)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and abs(node.value) >= 1 << 30:
            raise SystemExit("%s: constant %d is not a small int on the Pico" % (fn.name, node.value))


def generate():
    with open(SRC) as f:
        tree = ast.parse(f.read())
    body = [ast.Import([ast.alias("micropython")])]
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue                                    # the source's docstring
        if isinstance(node, ast.FunctionDef) and node.name.startswith("k_"):
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
