"""Every line of text fits the 240 x 240 screen, at the font's width: 8 px a character (scaled
text: 8 x its scale), measured where it is drawn. A failure names the text.

Found by two methods that cover each other:
- Static: every string constant in firmware/core and firmware/games (the Python syntax tree; not
  docstrings, exception messages or prints) is measured: at most 30 characters, at most
  240 / (8 x scale) when it is drawn scaled, and x + its width <= 240 when it is drawn at a
  constant x. Texts composed from pieces (`+`, `%`, join, format, f-strings) are listed below with how they are measured,
  or as never drawn, so a new composition fails here until someone decides. Every game's rules
  pages: lines of at most 29 characters (drawn at x = 4) and at most 17 lines a page.
- Dynamic: on CPython tests/screen_text.py's TextProbe records every text drawn, with its
  place, over every console screen, every notice the console can post (made by the real code:
  bad settings and save files, a missing, failing and returning tilt sensor, ...), the error
  screen with a long message, and whole games of all five games with 8-character player names
  (bots of every level, humans from a seeded button mash, two seats and the most seats); a text
  that leaves the screen fails. In the whole games every fault of the probe fails (the
  overprint check): a text drawn over another, two texts that run into each other on a row
  ("wins" + "0"), a text that leaves its box, an apostrophe in the built-in font.
- The apostrophe: no text drawn as a str (constants, rules pages) holds one: the built-in font's
  glyph for ' is an acute accent; texts with one are bytes drawn through core.text.glyph
  (docs/decisions.md).
"""
import ast
import os
import sys

import pytest

import fakehw
import glass
import mprun
import runs
import scene_runner
from core import catalog, errors, storage
from core import palette as P
from core import text as TX
from core import setup as SU
from core.console import Console
from core.files import Files
from core.gfx import Gfx
from core.pause import _LINES as PAGE_LINES
from memfs import MemFS
from screen_text import TextProbe

W = 240
CHAR = 8
PAGE_X = 4                  # core/pause.py draws the rules lines from x = 4
FRAME = Gfx()

# string pieces that compose texts: (module, piece) -> how the composed texts are measured
COMPOSED = {
    ("core/bootstrap.py", "Saved game %s: discarded"): "notices: bad save files at boot",
    ("core/session.py", "Saved game %s: discarded"): "notices: resuming a bad save file",
    ("core/settings_file.py", "Settings %s: defaults"): "notices: bad settings files",
    ("games/nmbr9/scores.py", "High scores %s: replaced"):
        "notices: bad high-score files (tests/test_nmbr9_scores.py: every one, at most 30 characters)",
    ("core/launcher.py", "%d-%d players"): "screens: the launcher",
    ("core/launcher.py", "%d player%s"): "screens: the launcher (no one-seat game yet)",
    ("core/errors.py", ": "): "the error screen with a long message (wrapped)",
    ("core/errors.py", ":"): "the error screen (file:line)",
    ("core/settings.py", "P"): "a default player name (P1..P4): 2 characters",
}
# composed strings that are never drawn: (module, piece) -> where they go
NOT_DRAWN = {
    ("core/catalog.py", "games."): "a module name",
    ("core/catalog.py", "."): "a module name",
    ("core/files.py", "/"): "a file path",
    ("core/storage.py", ".tmp"): "a file name",
    ("core/bootstrap.py", ".tmp"): "a file name",
    ("core/errors.py", "step %d: %s:%d: %s\n"): "a line of error.log",
    ("core/console.py", "game "): "the boot log (console.mode())",
    ("core/notice.py", "\n"): "the notices a restart carries, one a line (each drawn alone after it)",
    ("games/norespect/scenes.py", "winner=%s reason=%s turns=%d"): "the simulator's result line",
    ("games/norespect/scenes.py", ","): "the simulator's result line",
    ("games/nmbr9/scenes.py", "winner=%s scores=%s"): "the simulator's result line",
    ("games/nmbr9/scenes.py", ","): "the simulator's result line",
    ("games/nope/scenes.py", "winner=%s turns=%d"): "the simulator's result line",
    ("games/nope/scenes.py", ","): "the simulator's result line",
    ("games/tower/events.py", "winner=%s reason=%s turns=%d placed=%d rows=%d"):
        "the simulator's result line",
    ("games/tiptop/scenes.py", "winner=%d rounds=%d plays=%d"): "the simulator's result line",
}
# constants holding an apostrophe that are never drawn with the font: (module, text) -> why
NOT_IN_FONT = {("core/text.py", "'"): "GLYPHS' apostrophe: core.text.glyph draws its own mark"}
SCALED = ("text_big", "text_big_center")
AT_X = ("text",)            # text(s, x, y, ...): Gfx.text and FrameBuffer.text


# -- static ----------------------------------------------------------------------------------------
def modules():
    for top in ("core", "games"):
        for dirpath, _, names in os.walk(os.path.join(mprun.FIRMWARE, top)):
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    yield os.path.relpath(path, mprun.FIRMWARE), ast.parse(open(path).read(), path)


def _parents(tree):
    up = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            up[child] = node
    return up


def _docstrings(tree):
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(first.value)
    return out


def _never_drawn(node, up):
    """Inside a raise, a print() or an import: never drawn."""
    while node in up:
        node = up[node]
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("print", "__import__"):
            return True
    return False


def _int(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, int) else None


def _width_rule(const, up):
    """(limit in px for the constant, where it starts) from the call that draws it, if any."""
    node = const
    while isinstance(up.get(node), ast.IfExp) and up[node].test is not node:
        node = up[node]                 # "a" if x else "b": both branches drawn the same way
    call = up.get(node)
    if isinstance(call, ast.Call) and call.args and call.args[0] is node and \
            isinstance(call.func, ast.Attribute):
        op = call.func.attr
        if op in SCALED:
            scale = _int(call.args[-1]) or 1
            x = _int(call.args[1]) if op == "text_big" else 0
            return CHAR * scale, x or 0
        if op in AT_X and len(call.args) > 1 and _int(call.args[1]) is not None:
            return CHAR, _int(call.args[1])
    return CHAR, 0


def static_texts():
    """(module, line, text, px per character, x) for every string constant that may be drawn;
    and the composed pieces found, (module, piece) -> line."""
    texts = []
    pieces = {}
    for mod, tree in modules():
        up = _parents(tree)
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            sides = ()
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
                sides = (node.left, node.right)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("join", "format"):
                sides = (node.func.value,)
            elif isinstance(node, ast.JoinedStr):
                pieces[(mod, "f-string")] = node.lineno
            for side in sides:
                if isinstance(side, ast.Constant) and isinstance(side.value, str) and \
                        not _never_drawn(node, up):
                    pieces[(mod, side.value)] = node.lineno
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node not in docs and not _never_drawn(node, up):
                per, x = _width_rule(node, up)
                texts.append((mod, node.lineno, node.value, per, x))
    return texts, pieces


def test_every_constant_text_fits_240_px():
    texts, _ = static_texts()
    assert len(texts) > 200                         # the scan sees the console's texts
    bad = ["%s:%d %r is %d px from x=%d" % (mod, line, s, len(s) * per, x)
           for mod, line, s, per, x in texts
           if (mod, s) not in NOT_DRAWN and x + len(s) * per > W]
    assert bad == []


def test_every_composed_text_is_measured_or_never_drawn():
    _, pieces = static_texts()
    unknown = ["%s:%d %r" % (mod, line, p) for (mod, p), line in sorted(pieces.items())
               if (mod, p) not in COMPOSED and (mod, p) not in NOT_DRAWN]
    assert unknown == [], "composed texts nobody measures: add them to COMPOSED or NOT_DRAWN"
    stale = sorted(k for k in list(COMPOSED) + list(NOT_DRAWN) if k not in pieces)
    assert stale == []


def test_no_constant_drawn_as_a_str_has_an_apostrophe():
    """The built-in font draws ' as an acute accent ("ANA´s hand"); a text with one is bytes
    drawn through core.text.glyph, which draws its own (docs/decisions.md)."""
    texts, _ = static_texts()
    bad = ["%s:%d %r" % (mod, line, s) for mod, line, s, _, _ in texts
           if "'" in s and (mod, s) not in NOT_DRAWN and (mod, s) not in NOT_IN_FONT]
    assert bad == []


def game_pages():
    for name in catalog.NAMES:
        pkg = catalog.package(name)
        if pkg is not None:
            for k, page in enumerate(pkg.help_pages()):
                lines = page.split(b"\n") if isinstance(page, bytes) else list(page)
                yield name, k, [ln.decode() if isinstance(ln, bytes) else ln for ln in lines]


def test_every_rules_page_line_fits_and_every_page_fits_the_screen():
    pages = list(game_pages())
    assert {p[0] for p in pages} >= {"tower", "norespect", "nmbr9"}
    wide = ["%s page %d: %r is %d px from x=%d" % (g, k + 1, ln, len(ln) * CHAR, PAGE_X)
            for g, k, lines in pages for ln in lines if PAGE_X + len(ln) * CHAR > W]
    long = ["%s page %d has %d lines (%d fit)" % (g, k + 1, len(lines), PAGE_LINES)
            for g, k, lines in pages if len(lines) > PAGE_LINES]
    assert wide + long == []
    # pages of str lines are drawn with the built-in font (Gfx.text); bytes pages glyph by glyph
    accent = ["%s page %d: %r" % (g, k + 1, ln) for g, k, lines in pages for ln in lines
              if "'" in ln and not isinstance(catalog.package(g).help_pages()[k], bytes)]
    assert accent == []


# -- dynamic ---------------------------------------------------------------------------------------
def probe_faults(*calls):
    """The faults TextProbe finds in a cleared frame after calls(g), each a function of the Gfx."""
    g = Gfx()
    probe = TextProbe(g)
    g.clear(P.NAVY)
    for call in calls:
        call(g)
    probe.close()
    return probe.faults


def test_the_probe_finds_each_kind_of_fault_and_only_those():
    """The overprint check can fail: its rules on texts drawn by hand (tests/screen_text.py)."""
    def header(g):
        g.fill_rect(0, 0, 240, 28, P.BLACK)

    def seats(right):
        return lambda g: (g.fill_rect(0, 22, 120, 12, P.NAVY), g.fill_rect(120, 22, 120, 12, right))

    def one(kind, *calls):
        found = probe_faults(*calls)
        return len(found) == 1 and kind in found[0]
    assert one("runs into", header, lambda g: g.text("wins", 112, 15, P.YELLOW),
               lambda g: g.number(0, 150, 15, P.SILVER))                    # "wins 0"
    assert one("runs into", lambda g: g.number(18, 100, 230, P.WHITE),
               lambda g: g.text("B: turn", 116, 230, P.GREY))               # "18B: turn"
    assert one("runs into", seats(P.NAVY), lambda g: g.text("wins", 86, 23, P.YELLOW),
               lambda g: g.number(2, 122, 23, P.GREY))                      # "wins 2"
    assert one("leaves its box", seats(P.NAVY), lambda g: g.text("wins", 90, 23, P.YELLOW))
    assert one("is drawn over", lambda g: g.text("No card fits: lose a chip (A)", 4, 12, P.RED),
               lambda g: g.number(3, 184, 12, P.SILVER))
    assert one("leaves the screen", lambda g: g.text("A: back to the launcher", 80, 4, P.WHITE))
    assert one("apostrophe", lambda g: g.fb.text("'s hand:", 40, 146, P.SILVER))
    assert probe_faults(
        seats(P.SLATE), lambda g: g.text("wins", 86, 23, P.YELLOW),        # a lit seat's row
        lambda g: g.number(2, 122, 23, P.GREY),
        lambda g: g.text(">", 2, 82, P.YELLOW), lambda g: g.text("ANA", 12, 82, P.CYAN),
        lambda g: TX.draw(g, b"ANA", 4, 2, P.YELLOW),                      # one phrase in pieces
        lambda g: g.text(" to play", 28, 2, P.WHITE),
        lambda g: TX.draw(g, b"'s hand:", 28, 146, P.SILVER),              # core.text's '
        lambda g: g.text("7", 53, 73, P.WHITE), lambda g: g.text("x3", 63, 73, P.RED),
        lambda g: g.text_big("1", 4, 180, P.WHITE, 5),                    # large digits
        lambda g: g.text_big("5", 48, 180, P.WHITE, 5)) == []
    # a text painted over in pieces is gone; one drawn glyph by glyph is one text
    g = Gfx()
    probe = TextProbe(g)
    g.clear(P.NAVY)
    g.text("-", 68, 60, P.WHITE)
    g.fill_rect(60, 60, 10, 10, P.BLUE)
    g.text("1", 62, 61, P.WHITE)
    g.fill_rect(70, 60, 10, 10, P.BLUE)
    for i, b in enumerate(b"ANA's"):
        TX.glyph(g.fb, b, 100 + 8 * i, 100, P.WHITE)
    probe.close()
    assert probe.faults == [] and probe.rows(60, 110) == ["1", "ANA's"]


class Measure:
    """tests/screen_text.py's TextProbe on the shared frame for each run: every text drawn is
    recorded where it is drawn; its faults are kept, named by the run."""
    def __init__(self):
        self.faults = []
        self.drawn = 0

    def start(self, where):
        self.where = where
        self.probe = TextProbe(FRAME)

    def stop(self):
        self.probe.close()
        self.drawn += self.probe.drawn
        self.faults += ["%s: %s" % (self.where, f) for f in self.probe.faults]

    def run(self, where, sc):
        self.start(where)
        try:
            c = sc.begin()
            if c.game is not None and c.game_name == "tower":
                watch_tower(self.probe, c.game)
            while sc.step(c):
                pass
            sc.end(c)
        finally:
            self.stop()
        return sc


def watch_tower(probe, sc):
    """The tower draws its play area through frame buffers of its own over the screen's pixels
    (the main view, and the screen and the main view cut short below a wipe's band:
    games/tower/startup.py): the probe sees through them too."""
    from games.tower import startup
    y = startup._MAIN_Y
    fbm = sc.fbm
    sc.fbm = probe.watch(fbm, y)
    sc.wfb = tuple(f if f is probe else probe.watch(f, 0) for f in sc.wfb)
    sc.wfbm = tuple(sc.fbm if f is fbm else probe.watch(f, y) for f in sc.wfbm)


@pytest.fixture
def measure():
    return Measure()


def test_texts_of_every_console_screen_fit(measure):
    for name in scene_runner.SCENARIOS:
        measure.run("screen " + name, runs.ScreenRun(FRAME, name))
    assert measure.drawn > 50
    assert measure.faults == []


def _notices_after_boot(measure, where, files=None, accel="level", script=b"", steps=120):
    fs = MemFS()
    hw = fakehw.Hardware(script, accel=accel if isinstance(accel, str) else None, fresh=False)
    if accel is not None and not isinstance(accel, str):
        hw.accel = fakehw.Accel("level", accel)       # a schedule of good and failed reads
    hw.display = glass.Glass()
    hw.files = Files(fs.os, "/data", fs.open)
    if files:
        files(hw.files)
    measure.start(where)
    try:
        c = Console(hw, FRAME)
        return c, runs.notices(c, steps)
    finally:
        measure.stop()


def test_every_notice_the_console_posts_fits(measure, monkeypatch):
    """The notices made by the real code, each drawn in its banner."""
    seen = []
    bad_files = {
        "damaged": lambda f: f.write("settings.bin", b"PT"),
        "not ours": lambda f: f.write("settings.bin", b"garbage that is not a settings file"),
        "too new": lambda f: storage.save(f, "settings.bin", b"PTst", 9, bytes(46)),
        "invalid": lambda f: storage.save(f, "settings.bin", b"PTst", 1, b"\x63" + bytes(45)),
        "save damaged": lambda f: f.write("suspend.bin", b"PTsv\x01\x00junk"),
        "save not ours": lambda f: f.write("suspend.bin", b"garbage, not a saved game at all"),
        "save too new": lambda f: storage.save(f, "suspend.bin", b"PTsv", 9, b"\x05tower"),
    }
    for what, make in bad_files.items():
        seen += _notices_after_boot(measure, "boot with " + what, make)[1]
    # a saved game that does not load: resumed from the launcher's first row
    c, got = _notices_after_boot(measure, "resume a bad save",
                                 lambda f: storage.save(f, "suspend.bin", b"PTsv", 1, b"\x05towerjunk"),
                                 script=fakehw.steps(0, 3, 32, 1, 0, 60))
    seen += got
    # no sensor; a sensor that fails after a while, then comes back
    seen += _notices_after_boot(measure, "no sensor", accel=None)[1]
    schedule = bytearray([1] * 5 + [0] * 150 + [1] * 200)
    seen += _notices_after_boot(measure, "sensor lost", accel=schedule, steps=400)[1]
    # the launcher's row of a game that is not installed (Tip Top, the fourth row, left off as a
    # smaller build would leave it: every game is installed today)
    monkeypatch.setitem(sys.modules, "games.tiptop", None)
    seen += _notices_after_boot(measure, "launcher", script=fakehw.steps(2, 1, 0, 2, 2, 1, 0, 2,
                                                                          2, 1, 0, 2,
                                                                          32, 1, 0, 90))[1]
    want = {"Settings damaged: defaults", "Settings not ours: defaults",
            "Settings too new: defaults", "Settings invalid: defaults",
            "Saved game damaged: discarded", "Saved game not ours: discarded",
            "Saved game too new: discarded", "No tilt sensor: joystick tilts",
            "Sensor lost: joystick tilts", "Tilt sensor back", "That game is not available yet"}
    assert want <= set(seen), sorted(set(seen))
    assert measure.faults == []


def test_the_error_screen_wraps_a_long_message_inside_the_screen(measure):
    fs = MemFS()
    files = Files(fs.os, "/data", fs.open)
    try:
        raise ValueError("a message far longer than one line of the screen can hold " * 3)
    except ValueError as e:
        screen = errors.ErrorScreen(e, 12345, files)
    measure.start("error screen")
    screen.draw(FRAME, True)
    FRAME.n = 0
    measure.stop()
    assert measure.drawn >= 8 and measure.faults == []


def named(kinds):
    """Seat names as the setup screen makes them, with 8-character player names."""
    return [("W%d" % s).ljust(8, "W") if k == 0 else SU.bot_name(k, s) for s, k in enumerate(kinds)]


@pytest.mark.parametrize("game,kinds,seed,options", [
    # every game at two seats and at its most, bots of every level (1 easy .. 3 hard), humans
    # (0) from the seeded mash
    ("norespect", (1, 0), 5, (0,)),
    ("norespect", (0, 3, 0), 3, (0,)),
    ("norespect", (2, 0, 1, 3), 4, (1,)),
    ("tower", (0, 2), 3, (2, 0, 0)),
    ("tower", (3, 0, 1, 2), 5, (2, 0, 0)),
    ("nmbr9", (0,), 3, ()),
    ("nmbr9", (0, 3), 6, ()),
    ("nmbr9", (1, 2, 3, 0), 2, ()),
    ("nope", (0, 3), 5, (0, 0, 0)),
    ("nope", (0, 1, 0), 3, (0, 0, 0)),
    ("nope", (0, 3, 1, 2, 3, 0), 2, (0, 0, 0)),
    ("tiptop", (1, 0), 2, ()),
    ("tiptop", (0, 3, 0), 3, ()),
    ("tiptop", (0, 1, 2, 3, 0, 1, 2, 3), 4, ()),
])
def test_texts_of_whole_games_with_long_names_fit_and_never_run_together(measure, game, kinds,
                                                                        seed, options):
    """The overprint check: redraw equality cannot see a text drawn over or beside another (it is
    drawn the same way both times); the probe's faults can (tests/screen_text.py)."""
    run = measure.run("%s %s seed %d" % (game, kinds, seed),
                      runs.GameRun(FRAME, game, kinds, seed, options, names=named(kinds)))
    assert run.n > 100 and measure.drawn > (10 if game == "nmbr9" else 20)   # NMBR 9: few texts
    assert measure.faults == []
