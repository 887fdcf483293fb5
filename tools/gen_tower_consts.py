"""The tower's shared constants: one definition each, copied into the modules that use them.

    python tools/gen_tower_consts.py           rewrite the copies
    python tools/gen_tower_consts.py --check   exit 1 (saying which module) when one is stale

MicroPython folds a private `_X = const(...)` into the code that uses it (no memory, no lookup:
the viper kernels need that), but only inside the module that defines it, so a module using
another module's constant needs its own copy. Each constant is written by hand once, in its home
module; every other tower module that uses it gets a copy, written by this tool between the lines
BEGIN and END below, with the value and the comment of the home's definition. To change a
constant, change it at home and run this tool (tests/test_tower_physics.py runs --check).

The core's public constants are copied the same way under a prefix (CORE: `_BT_A` is
core/buttons.py's `A`).

Home modules are searched in HOMES order: a hand-written definition in two of them is refused.
Modules not in HOMES keep hand-written copies for now (tests/test_tower_physics.py checks that
they agree). physics_viper.py is generated whole from physics_kern.py (gen_tower_viper.py).
"""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOWER = os.path.join(ROOT, "firmware", "games", "tower")
HOMES = ("physics_kern.py", "physics.py", "geom.py", "rules.py", "place.py", "towers.py", "bot.py",
         "human.py", "startup.py", "save.py")
CORE = (("_BT_", "buttons.py"), ("_TL_", "tilt.py"), ("_PAL_", "palette.py"))
BEGIN = "# -- copies of constants defined elsewhere: written by tools/gen_tower_consts.py --"
END = "# -- end of the copies --"


def _split(text, name):
    """(head, block, tail) lines of a module: the generated block between BEGIN and END."""
    lines = text.split("\n")
    if BEGIN not in lines:
        return lines, None, []
    b = lines.index(BEGIN)
    if END not in lines[b:]:
        raise SystemExit("%s: %r without %r" % (name, BEGIN, END))
    e = lines.index(END, b)
    return lines[:b], lines[b + 1:e], lines[e + 1:]


def _consts(lines, prefix=None):
    """{name: (value, comment)} of the private constants written in these lines, in order;
    with a prefix, of the public ones, named with the prefix."""
    out = {}
    values = {}                 # by the names the module itself uses: a value may name them
    for node in ast.parse("\n".join(lines)).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id.startswith("_") == (prefix is None) and \
                isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            arg = node.value.args[0]
            value = eval(compile(ast.Expression(arg), "const", "eval"), {}, dict(values))
            values[node.targets[0].id] = value
            line = lines[node.lineno - 1]
            literal = line[arg.col_offset:arg.end_col_offset] if isinstance(arg, ast.Constant) \
                else str(value)
            comment = [line[node.end_col_offset:].strip()]
            col = line.find("#", node.end_col_offset)
            for more in lines[node.end_lineno:]:      # a comment continued on the next lines
                if col < 0 or more.find("#") != col or more[:col].strip():
                    break
                comment.append(more.strip())
            out[(prefix or "") + node.targets[0].id] = (literal, comment)
    return out


def _used(lines):
    return {n.id for n in ast.walk(ast.parse("\n".join(lines))) if isinstance(n, ast.Name)}


def _block(name, head, tail, homes):
    """The lines of the copies a module needs, under the name of each home."""
    own = _consts(head + tail)
    used = _used(head + tail)
    out = []
    for home, defs in homes:
        if home == name:
            continue
        lines = []
        for c, (literal, comment) in defs.items():
            if c in used and c not in own:
                text = "%s = const(%s)" % (c, literal)
                pad = max(28, len(text) + 2)
                lines.append(("%-*s%s" % (pad, text, comment[0])).rstrip())
                lines.extend(" " * pad + more for more in comment[1:])
        if lines:
            out.append("# %s" % home)
            out.extend(lines)
    return out


def values():
    """{name: int} of every constant at home (the tools that make tables read them here)."""
    out = {}
    for name in HOMES:
        with open(os.path.join(TOWER, name)) as f:
            head, _, tail = _split(f.read(), name)
        for c, (literal, _) in _consts(head + tail).items():
            out[c] = int(literal, 0)
    return out


def modules():
    """{path: text} of the modules with their copies as they should be."""
    parts = {}
    homes = []
    where = {}
    for name in HOMES:
        path = os.path.join(TOWER, name)
        with open(path) as f:
            text = f.read()
        head, block, tail = _split(text, name)
        parts[name] = (path, text, head, block, tail)
        defs = _consts(head + tail)
        for c in defs:
            if c in where:
                raise SystemExit("%s: written by hand in %s and %s: keep it in one (the first) "
                                 "and run tools/gen_tower_consts.py" % (c, where[c], name))
            where[c] = name
        homes.append((name, defs))
    for prefix, name in CORE:
        with open(os.path.join(ROOT, "firmware", "core", name)) as f:
            defs = _consts(f.read().split("\n"), prefix)
        for c in defs:
            if c in where:
                raise SystemExit("%s: written by hand in %s: it is core/%s's %s"
                                 % (c, where[c], name, c[len(prefix):]))
        homes.append(("core/" + name, defs))
    out = {}
    for name, (path, text, head, block, tail) in parts.items():
        want = _block(name, head, tail, homes)
        if block is None:
            if want:
                raise SystemExit("%s: uses %s: put the lines\n%s\n%s\nafter its imports"
                                 % (name, ", ".join(w.split()[0] for w in want
                                                    if not w.startswith("#")), BEGIN, END))
            out[path] = text
        else:
            out[path] = "\n".join(head + [BEGIN] + want + [END] + tail)
    return out


def main(argv):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import generated
    return generated.main_files(argv, "python tools/gen_tower_consts.py", __doc__, modules)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
