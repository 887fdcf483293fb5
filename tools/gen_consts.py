"""Each game's shared constants: one definition each, copied into the game's modules that use them.

    python tools/gen_consts.py [GAME ...]           rewrite the copies (no GAME: every game)
    python tools/gen_consts.py [GAME ...] --check   exit 1 (saying which module) when one is stale

MicroPython folds a private `_X = const(...)` into the code that uses it (no memory, no lookup:
the tower's viper kernels need that), but only inside the module that defines it, so a module
using another module's constant needs its own copy. Each constant is written by hand once, in its
home module; every other module of the same game that uses it gets a copy, written by this tool
between the lines BEGIN and END below, with the value and the comment of the home's definition.
To change a constant, change it at home and run this tool (tests/test_consts.py runs --check,
tests/test_tower_physics.py for the tower).

A constant may be written as an expression of others, its own module's or copied ones
(`_NR = const(_MAX_SEATS * _NPIECES)`); its copies get the value.

The public constants of the modules in a game's `public` list (the core's, and a game module's that
other modules import) are copied the same way under a prefix (`_BT_A` is core/buttons.py's `A`,
NOPE!'s `_R_NC` rules.py's `NC`); there a plain `NAME = 1` counts too (the generated art
modules' KEY). A public constant that must stay public (other modules import it) but is another
module's is written as that module's copy (`EASY = const(_ST_EASY)`).

Every module of the game takes part but the generated ones (the tower's physics_viper.py, whole
from physics_kern.py by gen_tower_viper.py). A private name written by hand in two modules is
refused, and so is a prefixed name written by hand. A game's `homes` orders its modules (the
copies' groups follow it); a module not named there comes after them.
"""
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


class Game:
    """homes: the modules in order; generated: modules left alone; public: (prefix, path under
    firmware/) of the modules whose public constants are copied under the prefix."""

    def __init__(self, homes, public, generated=()):
        self.homes = homes
        self.public = public
        self.generated = generated


_CORE = (("_BT_", "core/buttons.py"), ("_TL_", "core/tilt.py"), ("_PAL_", "core/palette.py"),
         ("_ST_", "core/setup.py"), ("_SET_", "core/settings.py"))
GAMES = {
    "tower": Game(("physics_kern.py", "physics.py", "geom.py", "rules.py", "place.py",
                   "towers.py", "bot.py", "human.py", "startup.py", "save.py", "scenes.py",
                   "draw.py"), _CORE[:4], ("physics_viper.py",)),
    "nope": Game(("cards.py", "rules.py", "bot.py", "scenes.py"), _CORE + (
        ("_C_", "games/nope/cards.py"), ("_R_", "games/nope/rules.py"),
        ("_ART_", "games/nope/art.py"), ("_SC_", "games/nope/scenes.py"))),
    "norespect": Game(("rules.py", "bot.py", "scenes.py"), _CORE),
    "tiptop": Game(("rules.py", "bot.py", "scenes.py"), _CORE),
    "nmbr9": Game(("rules.py", "tiles.py", "bot.py", "scenes.py"), _CORE + (
        ("_R_", "games/nmbr9/rules.py"),)),
}
BEGIN = "# -- copies of constants defined elsewhere: written by tools/gen_consts.py --"
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
    ones (a plain whole number too), named with the prefix."""
    out = {}
    for node in ast.parse("\n".join(lines)).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and
                isinstance(node.targets[0], ast.Name) and
                node.targets[0].id.startswith("_") == (prefix is None)):
            continue
        if isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            arg = node.value.args[0]
        elif prefix is not None and isinstance(node.value, ast.Constant) and \
                type(node.value.value) is int:
            arg = node.value
        else:
            continue
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
    """The value of each constant, worked out from its expression when first asked for."""

    def __init__(self, exprs, public):
        super().__init__()
        self.exprs = exprs
        self.public = public

    def __missing__(self, name):
        if name not in self.exprs:
            raise SystemExit("%s: not a constant of the game or of %s"
                             % (name, ", ".join(p[1] for p in self.public)))
        arg, strip = self.exprs[name]
        names = _Scope(self, strip)
        value = self[name] = eval(compile(ast.Expression(arg), name, "eval"), {}, names)
        return value


class _Scope(dict):
    """The names an expression sees: a private name as it is, a public one (its own module's)
    under the module's prefix."""

    def __init__(self, values, prefix):
        super().__init__()
        self.values = values
        self.prefix = prefix

    def __missing__(self, name):
        return self.values[name if name.startswith("_") else self.prefix + name]


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
    known = {c for _, _, defs in homes for c in defs}
    return sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and
                   isinstance(n.ctx, ast.Load) and re.match(r"_[A-Z][A-Z0-9_]*$", n.id) and
                   n.id not in made and n.id not in known})


def _block(path, head, tail, homes, value):
    """The lines of the copies a module needs, under the name of each home."""
    own = _consts(head + tail)
    used = _used(head + tail)
    out = []
    for label, home, defs in homes:
        if home == path:
            continue
        lines = []
        for c, (_, literal, comment) in defs.items():
            if c in used and c not in own:
                text = "%s = const(%s)" % (c, literal or value[c])
                pad = max(28, len(text) + 2)
                lines.append(("%-*s%s" % (pad, text, comment[0])).rstrip())
                lines.extend(" " * pad + more for more in comment[1:])
        if lines:
            out.append("# %s" % label)
            out.extend(lines)
    return out


def _game(game):
    if game not in GAMES:
        raise SystemExit("%s: not a game (%s)" % (game, ", ".join(GAMES)))
    return GAMES[game], os.path.join(FIRMWARE, "games", game)


def _names(game):
    """The game's modules in its `homes` order."""
    g, folder = _game(game)
    mods = sorted(m for m in os.listdir(folder)
                  if m.endswith(".py") and m not in g.homes and m not in g.generated)
    return g.homes + tuple(mods)


def _homes(game):
    """(parts, homes, value): each module's (path, text, head, block, tail), the hand-written
    constants of each home in order [(label, path, defs)], and the value of every constant."""
    g, folder = _game(game)
    parts = {}
    homes = []
    where = {}
    exprs = {}
    for name in _names(game):
        path = os.path.join(folder, name)
        with open(path) as f:
            text = f.read()
        head, block, tail = _split(text, name)
        parts[name] = (path, text, head, block, tail)
        defs = _consts(head + tail)
        for c in defs:
            if c in where:
                raise SystemExit("%s: written by hand in %s and %s: keep it in one (the first) "
                                 "and run tools/gen_consts.py %s" % (c, where[c], name, game))
            where[c] = name
            exprs[c] = (defs[c][0], "")
        homes.append((name, path, defs))
    for prefix, rel in g.public:
        path = os.path.join(FIRMWARE, rel)
        if rel.startswith("games/"):
            head, block, tail = parts[os.path.basename(rel)][2:]
            lines = head + tail
        else:
            with open(path) as f:
                lines = f.read().split("\n")
        defs = _consts(lines, prefix)
        for c in defs:
            if c in where:
                raise SystemExit("%s: written by hand in %s: it is %s's %s"
                                 % (c, where[c], rel, c[len(prefix):]))
            exprs[c] = (defs[c][0], prefix)
        homes.append((rel if rel.startswith("core/") else "%s's public ones, as %sX"
                      % (os.path.basename(rel), prefix), path, defs))
    return parts, homes, _Values(exprs, g.public)


def values(game):
    """{name: int} of every constant of a game's modules (the tools that make tables read them
    here)."""
    _, homes, value = _homes(game)
    mine = set(_names(game))
    return {c: value[c] for label, _, defs in homes if label in mine for c in defs}


def modules(game):
    """{path: text} of a game's modules with their copies as they should be."""
    parts, homes, value = _homes(game)
    out = {}
    for name, (path, text, head, block, tail) in parts.items():
        unknown = _unknown(head + tail, homes)
        if unknown:
            raise SystemExit("%s/%s: uses %s, defined in no module of the game and in no module "
                             "of its public list: define it at its home"
                             % (game, name, ", ".join(unknown)))
        want = _block(path, head, tail, homes, value)
        if block is None:
            if want:
                raise SystemExit("%s/%s: uses %s: put the lines\n%s\n%s\nafter its imports"
                                 % (game, name, ", ".join(w.split()[0] for w in want
                                                          if not w.startswith("#")), BEGIN, END))
            out[path] = text
        else:
            out[path] = "\n".join(head + [BEGIN] + want + [END] + tail)
    return out


def main(argv):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import generated

    def games(p):
        p.add_argument("game", nargs="*", help="the games whose copies to write: %s (default: "
                       "every game)" % ", ".join(GAMES))

    def sources(args):
        out = {}
        for game in args.game or sorted(GAMES):
            out.update(modules(game))
        return out
    return generated.main_files(argv, "python tools/gen_consts.py", __doc__, sources, games)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
