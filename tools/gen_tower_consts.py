"""The tower's shared constants: one definition each, copied into the modules that use them.

    python tools/gen_tower_consts.py           rewrite the copies
    python tools/gen_tower_consts.py --check   exit 1 (saying which module) when one is stale

MicroPython folds a private `_X = const(...)` into the code that uses it (no memory, no lookup:
the viper kernels need that), but only inside the module that defines it, so a module using
another module's constant needs its own copy. Each constant is written by hand once, in its home
module; every other tower module that uses it gets a copy, written by this tool between the lines
BEGIN and END below, with the value and the comment of the home's definition. To change a
constant, change it at home and run this tool (tests/test_tower_physics.py runs --check).

A constant may be written as an expression of others, its own module's or copied ones
(`_NR = const(_MAX_SEATS * _NPIECES)`); its copies get the value.

The core's public constants are copied the same way under a prefix (CORE: `_BT_A` is
core/buttons.py's `A`).

Every tower module takes part but physics_viper.py (generated whole from physics_kern.py by
gen_tower_viper.py). A name written by hand in two modules is refused, and so is a core
constant's prefixed name written by hand. HOMES orders the modules (the copies' groups follow
it); a module not named there comes after them.
"""
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOWER = os.path.join(ROOT, "firmware", "games", "tower")
HOMES = ("physics_kern.py", "physics.py", "geom.py", "rules.py", "place.py", "towers.py", "bot.py",
         "human.py", "startup.py", "save.py", "scenes.py", "draw.py")
GENERATED = ("physics_viper.py",)
CORE = (("_BT_", "buttons.py"), ("_TL_", "tilt.py"), ("_PAL_", "palette.py"), ("_ST_", "setup.py"))
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
    """{name: (expression, literal, comment)} of the private constants written in these lines, in
    order (literal: the source text of a plain number, else None); with a prefix, of the public
    ones, named with the prefix."""
    out = {}
    for node in ast.parse("\n".join(lines)).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id.startswith("_") == (prefix is None) and \
                isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            arg = node.value.args[0]
            line = lines[node.lineno - 1]
            literal = line[arg.col_offset:arg.end_col_offset] if isinstance(arg, ast.Constant) \
                else None
            comment = [line[node.end_col_offset:].strip()]
            col = line.find("#", node.end_col_offset)
            for more in lines[node.end_lineno:]:      # a comment continued on the next lines
                if col < 0 or more.find("#") != col or more[:col].strip():
                    break
                comment.append(more.strip())
            out[(prefix or "") + node.targets[0].id] = (arg, literal, comment)
    return out


class _Values(dict):
    """The value of each constant, worked out from its expression when first asked for; a name
    in an expression is looked up in `scope` (a module's own constants and its copies)."""

    def __init__(self, exprs, scope=None):
        super().__init__()
        self.exprs = exprs
        self.scope = scope or {}

    def __missing__(self, name):
        if name not in self.exprs:
            raise SystemExit("%s: not a constant of the tower or of core/%s"
                             % (name, ", core/".join(c[1] for c in CORE)))
        arg, strip = self.exprs[name]
        names = _Scope(self, strip)
        value = self[name] = eval(compile(ast.Expression(arg), name, "eval"), {}, names)
        return value


class _Scope(dict):
    """The names an expression of a core module sees: its own, unprefixed."""

    def __init__(self, values, prefix):
        super().__init__()
        self.values = values
        self.prefix = prefix

    def __missing__(self, name):
        return self.values[self.prefix + name]


def _used(lines):
    return {n.id for n in ast.walk(ast.parse("\n".join(lines))) if isinstance(n, ast.Name)}


def _unknown(lines, homes):
    """The constant-like names (_UPPER) a module reads but neither makes nor finds at a home."""
    tree = ast.parse("\n".join(lines))
    made = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            made.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            made.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            made.update((a.asname or a.name).split(".")[0] for a in n.names)
    known = {c for _, defs in homes for c in defs}
    return sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and
                   isinstance(n.ctx, ast.Load) and re.match(r"_[A-Z][A-Z0-9_]*$", n.id) and
                   n.id not in made and n.id not in known})


def _block(name, head, tail, homes, value):
    """The lines of the copies a module needs, under the name of each home."""
    own = _consts(head + tail)
    used = _used(head + tail)
    out = []
    for home, defs in homes:
        if home == name:
            continue
        lines = []
        for c, (_, literal, comment) in defs.items():
            if c in used and c not in own:
                text = "%s = const(%s)" % (c, literal or value[c])
                pad = max(28, len(text) + 2)
                lines.append(("%-*s%s" % (pad, text, comment[0])).rstrip())
                lines.extend(" " * pad + more for more in comment[1:])
        if lines:
            out.append("# %s" % home)
            out.extend(lines)
    return out


def _names():
    """The tower modules in HOMES order."""
    mods = sorted(m for m in os.listdir(TOWER)
                  if m.endswith(".py") and m not in HOMES and m not in GENERATED)
    return HOMES + tuple(mods)


def _homes():
    """(parts, homes, value): each module's (path, text, head, block, tail), the hand-written
    constants of each home in order [(home, defs)], and the value of every constant."""
    parts = {}
    homes = []
    where = {}
    exprs = {}
    for name in _names():
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
            exprs[c] = (defs[c][0], "")
        homes.append((name, defs))
    for prefix, name in CORE:
        with open(os.path.join(ROOT, "firmware", "core", name)) as f:
            defs = _consts(f.read().split("\n"), prefix)
        for c in defs:
            if c in where:
                raise SystemExit("%s: written by hand in %s: it is core/%s's %s"
                                 % (c, where[c], name, c[len(prefix):]))
            exprs[c] = (defs[c][0], prefix)
        homes.append(("core/" + name, defs))
    return parts, homes, _Values(exprs)


def values():
    """{name: int} of every tower constant (the tools that make tables read them here)."""
    _, homes, value = _homes()
    return {c: value[c] for home, defs in homes if not home.startswith("core/") for c in defs}


def modules():
    """{path: text} of the modules with their copies as they should be."""
    parts, homes, value = _homes()
    out = {}
    for name, (path, text, head, block, tail) in parts.items():
        unknown = _unknown(head + tail, homes)
        if unknown:
            raise SystemExit("%s: uses %s, defined in no tower module and in no core module of "
                             "CORE: define it at its home" % (name, ", ".join(unknown)))
        want = _block(name, head, tail, homes, value)
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
