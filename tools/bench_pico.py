"""make bench-pico: frame time, SPI traffic and heap of every screen and game, measured on the
virtual Pico (vpico: MicroPython 1.24.1's official RPI_PICO image in rp2040js at 125 MHz).

    python tools/bench_pico.py [PART ...] [--only PART,...] [--seeds 1,2,3] [--ballast-step KB]
                               [--frames N] [--vpico PATH] [--list]

PART selects parts: a name (`tower`: its whole games), a glob (`tower*`, `*tower*`) or one word
of names (`ballast`: both ballast searches); none = all (--list names them). VPICO (option or environment) is the path of vpico.mjs;
its assets are looked up as vpico does (VPICO_ASSETS, default ~/.cache/vpico).

Steps: compile firmware/ for armv6m (as make mpy does) plus the harness (tools/pico/*.py and
the tests/mp helpers it uses) into build/bench-pico/tree (without main.py, with /nowdt: no
watchdog), copy it once onto the virtual board and keep the flash image, then run each
measurement as its own vpico run on a fresh heap (`benchpico.main(...)` on the board), reading
the `bp ...` lines it prints. Every run's raw output goes to build/bench-pico/last.log;
`--replay LOG` prints the tables of such a log again without the emulator.
docs/bench.md explains the columns. Exit status: 0 every run reported (failures of the games
included: those are figures), 1 a run gave no report, 2 missing set-up or bad arguments.
"""
import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402

ROOT = build.ROOT
OUT = os.path.join(ROOT, "build", "bench-pico")
TREE = os.path.join(OUT, "tree")
FLASH = os.path.join(OUT, "flash.bin")
LOG = os.path.join(OUT, "last.log")
HARNESS = os.path.join(ROOT, "tools", "pico")
MP_TESTS = os.path.join(ROOT, "tests", "mp")
# the tests/mp helpers the harness imports on the board
MP_HELPERS = ("fakehw.py", "scene_runner.py", "locked.py", "testgame.py", "bench_clock.py",
              "bench_tower.py", "bench_tower_physics.py", "tower_stack.py", "mash.py",
              "bench_nmbr9.py")
ASSET_FILES = (("VPICO_UF2", "RPI_PICO-20241129-v1.24.1.uf2"), ("VPICO_BOOTROM", "bootrom.mjs"),
               ("VPICO_RP2040JS", os.path.join("node_modules", "rp2040js", "package.json")))

SCREENS = ("launcher", "settings", "names", "calibrate", "pause", "rules", "handoff", "error")
GAMES = ("tower", "norespect", "nope", "tiptop", "nmbr9")     # core/catalog.py's NAMES
TITLE = {"tower": "Tower", "norespect": "No Respect", "nope": "NOPE!", "tiptop": "Tip Top",
         "nmbr9": "NMBR 9"}
PARTS = ("push", "screens", "norespect", "norespect-bots", "tower", "tower-human", "tower-physics",
         "tower-frames", "tower-climb", "tower-stack", "tower-collapse", "nope", "nope-turns",
         "tiptop", "tiptop-8", "nmbr9", "nmbr9-frames") + \
    tuple("ballast-" + g for g in GAMES)
BOTS_4 = "3333"             # four hard bots
TIPTOP_8 = "32132132"       # Tip Top's largest table: hard, normal and easy bots
LEVELS = (("easy", "1111"), ("normal", "2222"), ("hard", "3333"))
NOISE_G = "0.003"           # about a real MPU-6050's noise (vpico's sensor is noise-free)


class SetupError(Exception):
    """Something to set up first: one line, exit status 2."""


# -- parsing (tests feed recorded samples) ---------------------------------------------------
def parse_fields(text):
    """'k=v k=v error=free text' -> dict; `error` takes the rest of the line."""
    out = {}
    cut = text.find("error=")
    if cut >= 0 and (cut == 0 or text[cut - 1] == " "):
        out["error"] = text[cut + 6:].strip()
        text = text[:cut]
    for kv in text.split():
        if "=" in kv:
            k, v = kv.split("=", 1)
            out[k] = v
    return out


_BODIES = re.compile(r"bodies (\d+) awake (\d+) contacts (\d+) ms_per_frame (\S+) "
                     r"alloc_per_frame (-?\d+)")


def parse_line(line):
    """One line of the board's output -> a record dict with a "kind", or None."""
    line = line.strip()
    if line.startswith("bp "):
        kind, _, rest = line[3:].partition(" ")
        rec = parse_fields(rest)
        rec["kind"] = kind
        return rec
    if line.startswith("bench tower "):
        name, _, rest = line[12:].partition(" ")
        rec = parse_fields(rest)
        rec.update(kind="tower_frame", name=name)
        return rec
    m = _BODIES.match(line)
    if m:
        return {"kind": "physics", "bodies": m.group(1), "awake": m.group(2),
                "contacts": m.group(3), "ms": m.group(4), "alloc": m.group(5)}
    return None


def parse_summary(text):
    """The figures used from vpico's summary (the text after `==== vpico summary ====`)."""
    out = {}
    m = re.search(r"^end: (\S+)", text, re.M)
    if m:
        out["end"] = m.group(1)
    m = re.search(r"^emulated: run ([\d.]+) ms", text, re.M)
    if m:
        out["run_ms"] = float(m.group(1))
    m = re.search(r"^wall: run ([\d.]+) s \(([\d.]+)x real time\)", text, re.M)
    if m:
        out["wall_s"] = float(m.group(1))
        out["speed"] = float(m.group(2))
    m = re.search(r"^display \(SPI\d -> ST7789\): ([\d,]+) bytes \(pixel ([\d,]+)\), (\d+) frames",
                  text, re.M)
    if m:
        out["spi_bytes"] = int(m.group(1).replace(",", ""))
        out["pixel_bytes"] = int(m.group(2).replace(",", ""))
        out["display_frames"] = int(m.group(3))
    m = re.search(r"SCK ([\d.]+) MHz", text)
    if m:
        out["sck_mhz"] = float(m.group(1))
    return out


def last_error_line(stderr):
    """The exception line of a traceback on stderr ('MemoryError: ...'), or its last line."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip() and not ln.startswith("[vpico]")]
    for ln in reversed(lines):
        if re.match(r"^[A-Za-z_.]*(Error|Exception|Interrupt)\b", ln):
            return ln
    return lines[-1] if lines else ""


def traceback_error(text):
    """The exception line after the last "Traceback" in text (the board's stdout), or ""."""
    at = text.rfind("Traceback (most recent call last):")
    return last_error_line(text[at:]) if at >= 0 else ""


# -- set-up checks ---------------------------------------------------------------------------
def vpico_path(given):
    path = given if given is not None else os.environ.get("VPICO", "")
    if not path:
        raise SetupError("no virtual Pico: set VPICO=/path/to/vpico.mjs (make bench-pico VPICO=... "
                         "or the environment variable); docs/bench.md says how to set it up")
    if not os.path.isfile(path):
        raise SetupError("VPICO=%s: no such file (give the path of vpico.mjs)" % path)
    return os.path.abspath(path)


def check_assets(vpico):
    """vpico's three assets, looked up as vpico does (VPICO_ASSETS, VPICO_UF2 ...)."""
    folder = os.environ.get("VPICO_ASSETS") or os.path.join(os.path.expanduser("~"), ".cache", "vpico")
    missing = [os.environ.get(var) or os.path.join(folder, name) for var, name in ASSET_FILES]
    missing = [p for p in missing if not os.path.exists(p)]
    if missing:
        setup = os.path.join(os.path.dirname(vpico), "setup-assets.sh")
        raise SetupError("vpico assets missing (%s): fetch the git repositories wokwi/rp2040js and "
                         "kubernetes-sigs/dra-example-driver, run %s RP2040JS_GIT_DIR DRA_GIT_DIR "
                         "(or set VPICO_ASSETS to the folder that holds them)"
                         % (", ".join(missing), setup))
    if not shutil.which("node"):
        raise SetupError("node (Node.js 18+) is needed to run vpico")


# -- the board tree ----------------------------------------------------------------------------
def build_tree(tree=TREE):
    """firmware/ as make mpy builds it, minus main.py (nothing runs at boot), plus the harness
    and /nowdt; returns the tree's path."""
    fw = build.build(build.SRC, tree, "armv6m", quiet=True)
    os.remove(os.path.join(tree, "main.py"))
    cross = build.mpy_cross()
    errors = []
    for src, names in ((HARNESS, sorted(f for f in os.listdir(HARNESS) if f.endswith(".py"))),
                       (MP_TESTS, MP_HELPERS)):
        for name in names:
            err = build.compile_module(cross, src, name, os.path.join(tree, name[:-3] + ".mpy"))
            if err:
                errors.append(err)
    if errors:
        raise build.BuildError("mpy-cross failed:\n  " + "\n  ".join(errors))
    open(os.path.join(tree, "nowdt"), "w").close()
    progress("firmware: %d modules compiled for armv6m (%s bytes), harness added: %s"
             % (fw["compiled"], format(fw["mpy_bytes"], ","), os.path.relpath(tree, ROOT)))
    return tree


# -- running the board ---------------------------------------------------------------------------
class Run:
    """One vpico run: the records the board printed, vpico's summary, exit status."""
    def __init__(self, records, summary, code, error, wall_s):
        self.records = records
        self.summary = summary
        self.code = code
        self.error = error          # the board's exception line when it raised, else ""
        self.wall_s = wall_s

    def find(self, kind):
        for r in self.records:
            if r["kind"] == kind:
                return r
        return None

    def reported(self):
        """The harness reported what happened (a figure, or a failure it caught)."""
        return any(r["kind"] in ("push", "screen", "life", "physics", "tower_frame", "tower_climb",
                                  "tower_stack",
                                  "nmbr9_frame", "error")
                   for r in self.records)

    def failure(self):
        """Why the run gave no figures: the error the harness caught ("failed: ..."), else the
        exception or vpico's end ("no report: ...")."""
        err = self.find("error")
        if err:
            return "failed: %s (in %s)" % (err.get("error", "?"), err.get("where", "?"))
        if self.error:
            return "no report: " + self.error
        return "no report: vpico ended: %s (exit %d)" % (self.summary.get("end", "?"), self.code)


def statement(what, args, ballast):
    call = "benchpico.main(%s)" % ", ".join(repr(a) for a in (what,) + tuple(args))
    pre = "_bp_ballast = bytearray(%d)\n" % ballast if ballast else ""
    return pre + "import benchpico\n" + call


def read_run(out, err, code, wall_s):
    """A Run from vpico's stdout and stderr (text) and exit status."""
    records = []
    head, _, summary = out.partition("==== vpico summary ====")
    for line in head.splitlines():
        rec = parse_line(line)
        if rec:
            records.append(rec)
    error = ""
    if code != 0:               # MicroPython prints an uncaught exception's traceback on stdout
        error = last_error_line(err) or traceback_error(head)
    return Run(records, parse_summary(summary), code, error, wall_s)


def run_label(what, args, ballast):
    label = " ".join(str(a) for a in (what,) + tuple(args))
    return label + (", ballast %d KB" % (ballast // 1024) if ballast else "")


class Board:
    """The virtual Pico: one vpico run per measurement, each logged as
    `### run LABEL` / stdout / `### stderr` / stderr / `### exit CODE wall SECONDS`."""
    def __init__(self, vpico, log):
        self.vpico = vpico
        self.log = log
        self.cache = {}
        self.executed = []          # the runs made so far (a cached one counts once)
        self.heap_total = 0         # the heap's size (flash() reads it off the board)

    def execute(self, label, extra, seconds):
        cmd = ["node", self.vpico, "--quiet", "--seconds", str(seconds), "--wall-timeout", "7200",
               "--accel-noise", NOISE_G, "--seed", "1"] + extra
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=ROOT)
        self.log.write("### run %s\n" % label)
        out = []
        for line in p.stdout:       # streamed to the log: a long run can be followed there
            self.log.write(line)
            self.log.flush()
            out.append(line)
        err = p.stderr.read()
        code = p.wait()
        wall = time.monotonic() - t0
        self.log.write("### stderr\n%s### exit %d wall %.1f\n" % (err, code, wall))
        self.log.flush()
        return read_run("".join(out), err, code, wall)

    def flash(self, tree):
        """Copy the tree onto a fresh board once; later runs start from this flash image."""
        r = self.execute("flash", ["--root", tree, "--flash-out", FLASH, "--run",
                                   "import gc, os\ngc.collect()\nprint('bp flash heap_total=%d "
                                   "files=%d' % (gc.mem_free() + gc.mem_alloc(), "
                                   "len(os.listdir('/'))))"], 120)
        if r.code != 0 or not r.find("flash"):
            raise SetupError("copying the firmware to vpico failed (%s)" % r.failure())
        self.heap_total = int(r.find("flash")["heap_total"])
        return r

    def boot(self, label, main_py, seconds):
        """A vpico --boot run of the flash image with `main_py` as /main.py (in an overlay
        folder named after the label): the console's restarts run it again at every boot."""
        if label not in self.cache:
            overlay = self.overlay(label, main_py)
            run = self.execute(label, ["--flash-in", FLASH, "--root", overlay, "--boot"], seconds)
            progress("%s: %.0f s wall, %.1f s emulated" % (
                label, run.wall_s, run.summary.get("run_ms", 0) / 1000))
            self.cache[label] = run
            self.executed.append(run)
        return self.cache[label]

    @staticmethod
    def overlay(label, main_py):
        """A folder holding main.py, laid over the flash image's files by vpico --root."""
        path = os.path.join(OUT, "boot-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", label))
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "main.py"), "w") as f:
            f.write(main_py)
        return path

    def run(self, what, args=(), ballast=0, seconds=1200, png=None):
        key = (what, tuple(args), ballast)
        if key not in self.cache:
            label = run_label(what, args, ballast)
            run = self.execute(label, ["--flash-in", FLASH, "--run",
                                       statement(what, args, ballast)] +
                               (["--png", png] if png else []), seconds)
            progress("%s: %.0f s wall, %.1f s emulated" % (
                label, run.wall_s, run.summary.get("run_ms", 0) / 1000))
            self.cache[key] = run
            self.executed.append(run)
        return self.cache[key]


class Replay(Board):
    """The runs of a log written by Board, played back: the tables again without the emulator
    (--replay), and the tests' recorded samples."""
    def __init__(self, path):
        Board.__init__(self, None, None)
        self.runs = {}
        with open(path) as f:
            text = f.read()
        for m in re.finditer(r"^### run ([^\n]*)\n(.*?)^### stderr\n(.*?)^### exit (-?\d+) wall ([\d.]+)\n",
                             text, re.M | re.S):
            self.runs[m.group(1)] = (m.group(2), m.group(3), int(m.group(4)), float(m.group(5)))

    @staticmethod
    def overlay(label, main_py):
        return None                 # nothing runs: nothing to write

    def execute(self, label, extra, seconds):
        if label not in self.runs:
            return Run([], {"end": "not-in-log"}, 3, "no run %r in the replayed log" % label, 0)
        return read_run(*self.runs[label])


def progress(msg):
    sys.stderr.write("[bench-pico] %s\n" % msg)
    sys.stderr.flush()


# -- tables ------------------------------------------------------------------------------------
def ms(us):
    us = int(us)
    return ">128" if us < 0 else "%.1f" % (us / 1000)


def kb(b):
    b = int(b)
    return "-" if b < 0 else "%.1f" % (b / 1024)


class Table:
    def __init__(self, *heads):
        print("| " + " | ".join(heads) + " |")
        print("|" + "---|" * len(heads))

    @staticmethod
    def row(*cells):
        print("| " + " | ".join(str(c) for c in cells) + " |")
        sys.stdout.flush()


def late_cell(r):
    """Frames over 40 ms: how many, and (at most 8 of) which."""
    n = r["over40"]
    if n == "0" or r.get("late_at", "-") == "-":
        return n
    more = ", ..." if int(n) > len(r["late_at"].split(",")) else ""
    return "%s (at %s%s)" % (n, r["late_at"].replace(",", ", "), more)


def frame_cells(r):
    """mean / p95 / max (at frame) / over 40 ms / SPI bytes per frame."""
    p95 = int(r["p95_us"])          # a bin's upper edge: the max bounds it better when lower
    if p95 > int(r["max_us"]):
        p95 = r["max_us"]
    return (ms(r["mean_us"]), ms(p95), "%s (%s)" % (ms(r["max_us"]), r["max_at"]),
            late_cell(r), "%s / %s" % (r["spi_mean"], r["spi_max"]))


def alloc_cell(r):
    n = int(r["alloc_frames"])
    if not n:
        return "0"
    return "%d (first at %s; GC inside %s)" % (n, r["alloc_at"], r["gc_frames"])


def failed(table, what, run, ncells):
    """A run that gave no figures: its row says why."""
    table.row(*([what, "**%s**" % run.failure()] + [""] * (ncells - 2)))


# -- the parts ---------------------------------------------------------------------------------
def read_png(path):
    """(width, height, RGB bytes) of vpico's PNG (8-bit RGB, rows unfiltered)."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    i = 8
    idat = b""
    w = h = 0
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        kind = data[i + 4:i + 8]
        if kind == b"IHDR":
            w, h = struct.unpack(">II", data[i + 8:i + 16])
        elif kind == b"IDAT":
            idat += data[i + 8:i + 8 + n]
        i += 12 + n
    raw = zlib.decompress(idat)
    rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
    if any(r[0] != 0 for r in rows):
        raise ValueError("%s: filtered rows (vpico writes none)" % path)
    return w, h, b"".join(r[1:] for r in rows)


def expected_glass(palette):
    """The RGB bytes the glass must show after benchpico.push(): its pattern 2 inside
    PUSH_RECTS, pattern 1 elsewhere, each pixel its palette colour as vpico shows RGB565."""
    sys.path.insert(0, HARNESS)
    import benchpico
    a = bytearray(120 * 240)
    b = bytearray(120 * 240)
    benchpico.pattern(a, 1)
    benchpico.pattern(b, 2)
    inside = bytearray(240 * 240)
    r = benchpico.PUSH_RECTS
    for k in range(0, len(r), 4):
        for y in range(r[k + 1], r[k + 3]):
            for x in range(r[k], r[k + 2]):
                inside[y * 240 + x] = 1
    out = bytearray(240 * 240 * 3)
    for y in range(240):
        for x in range(240):
            src = b if inside[y * 240 + x] else a
            v = src[y * 120 + (x >> 1)]
            c = palette[(v >> 4) if x % 2 == 0 else (v & 15)]
            r5, g6, b5 = c >> 11, (c >> 5) & 63, c & 31
            o = (y * 240 + x) * 3
            out[o:o + 3] = bytes(((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2)))
    return bytes(out)


def glass_check(r, png):
    """Whether vpico's glass after the push part shows what was pushed."""
    if not os.path.isfile(png):
        return "not checked (no %s)" % os.path.relpath(png, ROOT)
    try:
        w, h, rgb = read_png(png)
    except (OSError, ValueError) as e:
        return "not checked (%s)" % e
    want = expected_glass([int(c) for c in r["pal"].split(",")])
    if (w, h) != (240, 240) or rgb != want:
        bad = sum(1 for i in range(0, min(len(rgb), len(want)), 3) if rgb[i:i + 3] != want[i:i + 3])
        return "**WRONG: %d pixels differ**" % bad
    return "every pixel as pushed"


def part_push(board, opt):
    t = Table("display push", "ms", "SPI bytes", "how")
    png = os.path.join(OUT, "push.png")
    run = board.run("push", png=png)
    r = run.find("push")
    if r is None:
        failed(t, "push", run, 4)
        return
    how = "DMA channel into SPI1, conversion overlapped" if r["dma"] == "1" else "SPI.write()"
    t.row("full screen 240 x 240 (mean of 5; max %s)" % ms(r["full_max_us"]), ms(r["full_us"]),
          115200, how)
    t.row("full screen, each chunk written and waited for (before)", ms(r["nodma_us"]), 115200,
          "SPI.write() a 1 KB chunk at a time")
    t.row("the tower's main view 240 x 178", ms(r["view_us"]), 85440, how)
    print()
    print("Glass after the push part: %s (62.5 MHz SPI: the wire alone takes 14.75 ms for a "
          "full screen)." % glass_check(r, png))


def part_screens(board, opt):
    t = Table("screen", "frames", "full repaint ms", "mean ms", "p95 ms", "max ms (frame)",
              "frames > 40 ms", "SPI bytes/frame mean / max", "live heap KB", "peak heap KB",
              "allocating frames")
    for name in SCREENS:
        run = board.run("screen", (name,))
        r = run.find("screen")
        if r is None:
            failed(t, name, run, 11)
            continue
        t.row(name, r["frames"], ms(r["first_us"]), *frame_cells(r), kb(r["live"]), kb(r["peak"]),
              alloc_cell(r))


def game_table(what="game (4 hard bots)"):
    return Table(what, "seed", "result", "frames", "first repaint ms", "mean ms",
                 "p95 ms", "max ms (frame)", "frames > 40 ms", "SPI bytes/frame mean / max",
                 "live heap start / end KB", "peak heap KB", "launcher before / after KB",
                 "allocating frames")


def game_record(run):
    """The game's `bp life` line of a one-game lifecycle run, with the launcher's live heap
    before it (`launcher`) and after it (`launcher_after`, -1 when it never came back); None
    when the game never reported."""
    life = [r for r in run.records if r["kind"] == "life" and "boot" in r]
    games = [r for r in life if r.get("what") == "game"]
    if not games:
        return None
    r = dict(games[0])
    launchers = [x for x in life if x.get("what") == "launcher"]
    r["launcher"] = launchers[0]["live"] if launchers else "-1"
    r["launcher_after"] = launchers[-1]["live"] if len(launchers) > 1 else "-1"
    return r


def game_row(t, label, seed, run):
    r = game_record(run)
    if r is None:
        failed(t, label, run, 14)
        return
    result = r["result"]
    if result == "nostart":
        t.row(label, seed, "**did not start: %s** (%s KB free)" % (r.get("error", "?"),
                                                                 kb(r["free"])),
              *([""] * 11))
        return
    if "error" in r:
        result = "**%s at frame %s: %s**" % (result, r["at"], r["error"])
    t.row(label, seed, result, r["frames"], ms(r["first_us"]), *frame_cells(r),
          "%s / %s" % (kb(r["live_start"]), kb(r["live_end"])), kb(r["peak"]),
          "%s / %s" % (kb(r["launcher"]), kb(r["launcher_after"])), alloc_cell(r))


def lifecycle_main(game, kinds, seed, games, ballast, frames):
    """The board's main.py of a lifecycle run (tools/pico/bench_lifecycle.py, run at every
    boot): the ballast first, then the harness."""
    pre = "_bp_ballast = bytearray(%d)\n" % ballast if ballast else ""
    return pre + "import bench_lifecycle\nbench_lifecycle.run(%r, %r, %d, %d, %d)\n" % (
        game, kinds, seed, games, frames)


def lifecycle(board, game, kinds, seed, games=1, ballast=0, frames=30000):
    """Games started, played and left as the console does it, through restarts: the launcher,
    `games` games in a row and the launcher again, in one vpico --boot run."""
    label = "life %s %s seed %d games %d frames %d" % (game, kinds, seed, games, frames)
    if ballast:
        label += ", ballast %d KB" % (ballast // 1024)
    return board.boot(label, lifecycle_main(game, kinds, seed, games, ballast, frames),
                      600 + 1200 * games)


def game_run(board, opt, game, kinds, seed, ballast=0):
    return lifecycle(board, game, kinds, seed, 1, ballast, opt.frames)


def part_game(game, kinds=BOTS_4, what="game (4 hard bots)"):
    """Whole games of one lineup (seat digits as tools/bench_lifecycle.py's), one per seed."""
    def part(board, opt):
        t = game_table(what)
        for seed in opt.seeds:
            game_row(t, game, seed, game_run(board, opt, game, kinds, seed))
    return part


def part_turns(game, lineups, head):
    """Whole games of each lineup (label, seat digits as tools/bench_lifecycle.py's: 0 a human
    mashing keys, 1-3 bot levels), the first seed: the frames of each kind of turn."""
    def part(board, opt):
        t = Table(head, "seed", "frames", "turns", "frames/turn", "mean ms",
                  "p95 ms", "max ms (frame)", "frames > 40 ms", "SPI bytes/frame mean / max",
                  "allocating frames")
        seed = opt.seeds[0]
        for label, kinds in lineups:
            run = game_run(board, opt, game, kinds, seed)
            r = game_record(run)
            if r is None:
                failed(t, label, run, 11)
            elif r["result"] == "nostart":
                t.row(label, seed, "**did not start: %s**" % r.get("error", "?"), *([""] * 8))
            else:
                turns = int(r["turns"])
                t.row(label, seed, r["frames"], turns,
                      "%.1f" % (int(r["frames"]) / max(turns, 1)), *frame_cells(r),
                      alloc_cell(r))
    return part


part_norespect_bots = part_turns("norespect", LEVELS, "No Respect, 4 bots of level")
# NOPE!: the hand screen (a human's cursor, picks and plays) beside three hard bots, each bot
# level, six hard bots, and two seats (a human against a hard bot, two hard bots)
NOPE_TURNS = (("human + 3 hard", "0333"),) + LEVELS + (("6 hard", "333333"),
                                                       ("human + hard", "03"), ("2 hard", "33"))


def part_physics(board, opt):
    t = Table("tower physics alone", "awake bodies", "contacts", "ms per step", "allocating")
    run = board.run("physics")
    rows = [r for r in run.records if r["kind"] == "physics"]
    for r in rows:
        t.row("%s bodies" % r["bodies"], r["awake"], r["contacts"], "%.1f" % float(r["ms"]),
              r["alloc"] + " bytes/step")
    if len(rows) < 3:
        failed(t, "physics", run, 5)


def part_tower_frames(board, opt):
    t = Table("tower whole frame", "mean ms", "max ms", "SPI bytes/frame", "awake bodies",
              "allocating frames (heap locked)", "camera wipe frames")
    run = board.boot("tower-frames", "import bench_tower_parts\nbench_tower_parts.frames_boot()\n",
                     600)
    names = {"frame_20moving": "20 bodies tumbling", "frame_20awake": "20 bodies at rest, awake"}
    rows = [r for r in run.records if r["kind"] == "tower_frame"]
    for r in rows:
        t.row(names.get(r["name"], r["name"]), "%.1f" % float(r["ms"]),
              "%.1f" % float(r["max_ms"]), r["spi_bytes"], r["awake"], r["alloc"],
              r.get("wipes", "-"))
    if len(rows) < 2:
        failed(t, "tower frames", run, 7)


def part_tower_climb(board, opt):
    t = Table("tower climb (a human's piece up beside a stack and back down)", "frames",
              "mean ms", "p95 ms", "max ms (frame)", "frames > 40 ms", "SPI bytes mean / max",
              "allocating frames", "camera")
    run = board.boot("tower-climb", "import bench_tower_parts\n"
                     "bench_tower_parts.frames_boot(\"tower-climb\")\n", 600)
    rows = [r for r in run.records if r["kind"] == "tower_climb"]
    for r in rows:
        t.row("%s pieces beside" % r["pieces"], r["frames"], ms(r["mean_us"]), ms(r["p95_us"]),
              "%s (%s%s, %s bytes)" % (ms(r["max_us"]), r["max_at"],
                                       ", a wipe" if r["worst_wipe"] == "1" else "", r["worst_spi"]),
              "%s (%s)" % (r["over40"], r["late_at"]) if r["over40"] != "0" else "0",
              "%s / %s" % (r["spi_mean"], r["spi_max"]), r["alloc_frames"],
              "%s steps, up to %s px, back to %s px" % (r["cam_steps"], r["cam_max"],
                                                         r["cam_end"]))
    if not rows:
        failed(t, "tower climb", run, 9)


def part_tower_stack(board, opt):
    t = Table("tower stack (20 pieces in view, woken as by a landing)", "frames",
              "awake bodies", "mean ms", "p95 ms", "max ms (frame)", "frames > 40 ms",
              "SPI bytes/frame mean / max", "allocating frames", "camera px")
    run = board.boot("tower-stack", "import bench_tower_parts\n"
                     "bench_tower_parts.frames_boot(\"tower-stack\")\n", 900)
    rows = [r for r in run.records if r["kind"] == "tower_stack"]
    for r in rows:
        t.row(r["phase"].replace("_", " "), r["frames"], r["awake"], *frame_cells(r),
              alloc_cell(r), r["cam"])
    if len(rows) < 3:
        failed(t, "tower stack", run, 10)


def part_tower_collapse(board, opt):
    t = Table("tower collapse (the game's fall, the console's real-time loop)", "seconds", "drawn frames", "drawn per second", "steps per second",
              "ms per drawn frame")
    run = board.boot("tower-collapse", "import bench_tower_parts\n"
                     "bench_tower_parts.frames_boot(\"tower-collapse\")\n", 600)
    rows = [r for r in run.records if r["kind"] == "tower_frame" and r["name"].startswith("collapse")]
    for r in rows:
        pieces = "%s pieces" % r["name"][len("collapse_"):]
        if r["fell"] != "1":
            t.row(pieces, "**did not fall**", "", "", "", "")
            continue
        t.row(pieces, r["seconds"], r["drawn"], r["drawn_per_s"], r["steps_per_s"],
              r["ms_per_drawn"])
    if not rows:
        failed(t, "tower collapse", run, 6)


def part_nmbr9_frames(board, opt):
    t = Table("NMBR 9 frames (a human and a hard bot)", "frames", "mean ms", "max ms",
              "SPI bytes/frame", "allocated bytes (collector off)", "notes")
    run = board.boot("nmbr9-frames", "import nmbr9_frames\nnmbr9_frames.boot()\n", 1800)
    names = {"think": "the hard bot thinking", "ghost": "a ghost move over 19 tiles",
             "idle": "between ghost moves"}
    rows = [r for r in run.records if r["kind"] == "nmbr9_frame"]
    for r in rows:
        if r["name"] == "full":
            t.row("full repaint of 19 tiles", 1, r["ms"], r["ms"], "", "", "")
            continue
        extra = ""
        if r["name"] == "think":
            extra = "%s decisions, %s frames and %s ms each (worst %s ms)" % (
                r["decisions"], r["frames_per"], r["decision_ms"], r["decision_max_ms"])
        t.row(names.get(r["name"], r["name"]), r["frames"], r["ms"], r["max_ms"],
              r.get("spi_bytes", ""), r["alloc"], extra)
    if len(rows) < 4:
        failed(t, "nmbr9 frames", run, 7)


def ballast_top(heap_total, live, step):
    """The largest step of the ladder 0, step, 2 step ... that leaves room for the live heap
    measured without ballast: no larger ballast can fit, whatever the fragmentation."""
    return max(0, (heap_total - live) // step * step)


def search_down(probe, top, step):
    """The largest size of the ladder up to `top` for which probe(size) is true, trying from the
    top down (a failure to start is quick, a whole game is not); -1 when there is none."""
    size = top
    while size >= 0:
        if probe(size):
            return size
        size -= step
    return -1


def part_ballast(game):
    def part(board, opt):
        step = opt.ballast_step * 1024
        seed = opt.seeds[0]
        cap = opt.ballast_frames or opt.frames
        goal = "starts and finishes" if not opt.ballast_frames else \
            "starts and plays %d frames (or finishes)" % cap
        t = Table("%s, 4 hard bots, seed %d" % (game, seed), "ballast KB", "result",
                  "live heap at start KB", "peak heap KB", "free when it failed KB")

        def probe(size):
            run = lifecycle(board, game, BOTS_4, seed, 1, size, cap)
            r = game_record(run)
            if r is None:
                t.row("", size // 1024, "**%s**" % run.failure(), "", "", "")
                return False
            if r["result"] == "finished" or (r["result"] == "unfinished" and opt.ballast_frames):
                t.row("", size // 1024, "%s, %s frames" % (r["result"], r["frames"]),
                      kb(r["live_start"]), kb(r["peak"]), "")
                return True
            where = "start" if r["result"] == "nostart" else "frame %s" % r.get("at", "?")
            t.row("", size // 1024, "**%s at %s: %s**" % (r["result"], where,
                                                          r.get("error", "game not over")),
                  kb(r.get("live_start", -1)), kb(r.get("peak", -1)), kb(r.get("free", -1)))
            return False

        if not probe(0):
            print()
            print("%s does not start and finish even without ballast." % game)
            return
        live = int(game_record(lifecycle(board, game, BOTS_4, seed, 1, 0, cap))["live_start"])
        top = ballast_top(board.heap_total, live, step)
        best = search_down(probe, top, step)
        print()
        print("%s: largest ballast with which the game %s: **%d KB** (ladder of %d KB steps, "
              "tried from %d KB down: a larger one cannot hold the %s KB live at the start "
              "without ballast)." % (game, goal, best // 1024, opt.ballast_step, top // 1024,
                                     kb(live)))
    return part


RUNNERS = {
    "push": part_push,
    "screens": part_screens,
    "norespect-bots": part_norespect_bots,
    "nope-turns": part_turns("nope", NOPE_TURNS, "NOPE!, seats"),
    "tiptop-8": part_game("tiptop", TIPTOP_8, "game (8 bots: %s)" % TIPTOP_8),
    "tower-human": part_game("tower", "0333", "game (a human: the seeded mash; 3 hard bots)"),
    "tower-physics": part_physics,
    "tower-frames": part_tower_frames,
    "tower-climb": part_tower_climb,
    "tower-stack": part_tower_stack,
    "tower-collapse": part_tower_collapse,
    "nmbr9-frames": part_nmbr9_frames,
}
TITLES = {
    "push": "The display's full push (hal/st7789.py through hal/spi_dma.py)",
    "screens": "Console screens (scripted input of tests/mp/scene_runner.py)",
    "norespect-bots": "No Respect's bot turns (whole 4-seat games per bot level)",
    "nope-turns": "NOPE!'s turns (a human's hand screen; 4-seat games per bot level; 6 seats; "
                  "2 seats)",
    "tiptop-8": "Tip Top, whole eight-seat games",
    "tower-human": "Tower, whole games of a human and three hard bots",
    "tower-physics": "Tower physics alone (tests/mp/bench_tower_physics.py)",
    "tower-frames": "Tower whole frames over 20 bodies (tests/mp/bench_tower.py)",
    "tower-climb": "Tower: a human's fast climb with a piece, every frame "
                   "(tools/pico/bench_tower_parts.py climb)",
    "tower-stack": "Tower: a 20-piece wall in view, woken as by a landing, every frame "
                   "(tools/pico/bench_tower_parts.py stack)",
    "tower-collapse": "Tower: the game's collapse of a 20-piece wall in view, drawn frames a "
                      "second (tests/mp/bench_tower.py collapse)",
    "nmbr9-frames": "NMBR 9: the ghost over a crowded display, the hard bot thinking "
                    "(tests/mp/bench_nmbr9.py)",
}
RUNNERS.update({g: part_game(g) for g in GAMES})
RUNNERS.update({"ballast-" + g: part_ballast(g) for g in GAMES})
TITLES.update({g: "%s, whole games" % TITLE[g] for g in GAMES})
TITLES.update({"ballast-" + g: "%s: the largest ballast" % TITLE[g] for g in GAMES})


# -- command line --------------------------------------------------------------------------------
def select(selectors):
    """The parts chosen, in the order of PARTS: a selector is a part's name or a glob of names
    (`tower*`), else one word of names (`ballast`, `physics`)."""
    if not selectors:
        return list(PARTS)
    chosen = set()
    for s in selectors:
        hit = fnmatch.filter(PARTS, s) or [p for p in PARTS if s in p.split("-")]
        if not hit:
            raise SetupError("unknown part %r; parts: %s (a name, a glob such as 'tower*', or "
                             "one word of a name)" % (s, ", ".join(PARTS)))
        chosen.update(hit)
    return [p for p in PARTS if p in chosen]


def int_list(text):
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("not a comma-separated list of integers: %r" % text)
    if not out or min(out) < 0:
        raise argparse.ArgumentTypeError("give one or more non-negative integers: %r" % text)
    return out


def positive(text):
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v <= 0:
        raise argparse.ArgumentTypeError("not a positive integer: %r" % text)
    return v


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise SetupError(message)


def parse_args(argv):
    ap = Parser(prog="bench_pico.py", description="figures from the emulated Pico (vpico)")
    ap.add_argument("parts", nargs="*", help="parts to run (default: all); see --list")
    ap.add_argument("--only", default="", help="comma-separated parts (same as PARTS)")
    ap.add_argument("--seeds", type=int_list, default=[1, 2, 3], help="game seeds (default 1,2,3)")
    ap.add_argument("--ballast-step", type=positive, default=8, help="KB per ballast step (8)")
    ap.add_argument("--frames", type=positive, default=30000, help="frame cap per game (30000)")
    ap.add_argument("--ballast-frames", type=positive, default=0,
                    help="frames a ballast probe plays (default: the whole game)")
    ap.add_argument("--vpico", default=None, help="path of vpico.mjs (default: $VPICO)")
    ap.add_argument("--list", action="store_true", help="list the parts and exit")
    ap.add_argument("--replay", metavar="LOG", help="the tables from a log of an earlier run "
                    "(build/bench-pico/last.log), without the emulator")
    opt = ap.parse_args(argv)
    opt.selected = select(opt.parts + [s for s in opt.only.split(",") if s])
    return opt


def expected_failure(part, run):
    """A ballast probe that runs out of memory is the search's answer, not a broken run (the
    largest step may leave too little even for the launcher, which then stops the board)."""
    return part.startswith("ballast-") and "MemoryError" in run.failure()


def report(board, opt, tree=None):
    """Every selected part as tables on stdout; returns the number of runs without a report."""
    flash = board.flash(tree)
    print("Emulated Pico figures (vpico: MicroPython 1.24.1 RPI_PICO, RP2040 at 125 MHz).")
    print()
    print("Heap %s bytes. Parts: %s; seeds %s; ballast steps of %d KB."
          % (format(board.heap_total, ","), ", ".join(opt.selected),
             ",".join(str(s) for s in opt.seeds), opt.ballast_step))
    bad = 0
    wall = flash.wall_s
    for part in opt.selected:
        print()
        print("**%s**" % TITLES[part])
        print()
        k = len(board.executed)
        RUNNERS[part](board, opt)
        runs = board.executed[k:]
        bad += sum(1 for r in runs if not r.reported() and not expected_failure(part, r))
        part_wall = sum(r.wall_s for r in runs)
        wall += part_wall
        print()
        print("(%s: %d vpico runs, %.0f s emulated, %.0f s wall)" % (
            part, len(runs), sum(r.summary.get("run_ms", 0) for r in runs) / 1000, part_wall))
    print()
    print("Total: %.0f s wall (%.1f min), the firmware's copy onto the board included."
          % (wall, wall / 60))
    return bad


def main(argv):
    try:
        opt = parse_args(argv)
        if opt.list:
            for p in PARTS:
                print("%-18s %s" % (p, TITLES[p]))
            return 0
        if opt.replay:
            if not os.path.isfile(opt.replay):
                raise SetupError("--replay %s: no such file" % opt.replay)
            return 1 if report(Replay(opt.replay), opt) else 0
        vpico = vpico_path(opt.vpico)
        check_assets(vpico)
        os.makedirs(OUT, exist_ok=True)
        tree = build_tree()
        with open(LOG, "w") as log:
            bad = report(Board(vpico, log), opt, tree)
        print("(every run's raw output: %s; the tables again: --replay %s)"
              % (os.path.relpath(LOG, ROOT), os.path.relpath(LOG, ROOT)))
        return 1 if bad else 0
    except SetupError as e:
        print("bench-pico: %s" % e, file=sys.stderr)
        return 2
    except build.BuildError as e:
        print("bench-pico: build failed: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
