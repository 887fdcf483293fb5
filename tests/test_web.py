"""picotable in the browser (docs/web.md): the page `make web` builds, in a real headless
Chromium (Debian's chromium, driven by Playwright for Python), against the pygame simulator.

The page runs the same firmware/ on MicroPython's 32-bit WebAssembly port; the simulator runs it
on CPython with its stand-ins. Recordings of input (host_sim/replay.py) replayed in both must give
the same pixels, also through the page's own paths: dirty rectangles only, its palette, its
DeviceMotion tilt, its storage across a reload.
"""
import base64
import math
import os
import shutil
import threading
import zlib

import pytest

import mash
import web_build
import web_serve
from core import catalog
from core import settings_file as SF
from core.settings import Settings
from host_sim import cli
from host_sim.sim_accel import SimAccel

CHROMIUM = os.environ.get("PICOTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
G = 9.80665


# -- the page in a browser ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("web") / "web")
    sizes = web_build.build(out)
    srv = web_serve.server(out)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % srv.server_address[1], sizes
    srv.shutdown()
    srv.server_close()
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("no Chromium at %s: `make test` installs Debian's chromium (as root), or set "
                    "PICOTABLE_CHROMIUM" % CHROMIUM)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def open_page(browser, site, init_script=None, **context):
    ctx = browser.new_context(**context)
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site[0])
    page.wait_for_function("window.picotable && window.picotable.loadMs > 0", timeout=30000)
    page.errors = errors
    return page


@pytest.fixture
def page(browser, site):
    p = open_page(browser, site)
    yield p
    assert not p.errors, p.errors
    p.context.close()


def py(page, code):
    """Python run in the page (`page` there is web/webmain.py's Page); str(result) or None."""
    return page.evaluate("code => picotable.python(code)", code)


def steps_run(page):
    return int(py(page, "result = page.console.steps"))


# -- recordings (host_sim/replay.py's format) ------------------------------------------------------
def recording(seed, steps, mash_seed, tilt=None):
    """`steps` steps of seeded button mashing (tests/mp/mash.py: no pause keys), bots instant;
    tilt(k) -> (tx, ty) gives the simulated sensor's reading per step (host_sim/sim_accel.py)."""
    s = Settings()
    s.bot_speed = 3
    keys = mash.Mash(mash_seed)
    acc = SimAccel()
    xyz = [0, 0, 0]
    rows = []
    for k in range(steps):
        acc.set(*(tilt(k) if tilt else (0, 0)))
        acc.read(xyz)
        row = (keys.read(), xyz[0], xyz[1], xyz[2])
        if rows and rows[-1][1] == row:
            rows[-1][0] += 1
        else:
            rows.append([1, row])
    head = ["picotable-input 1", "seed %d" % seed, "settings " + bytes(SF.payload(s)).hex(), "accel sim"]
    return "\n".join(head + ["%d %d %d %d %d" % (n, *r) for n, r in rows]) + "\n"


def option_args(game, options):
    """{key: choice} as the simulator's --option list and the page's digits."""
    pkg = catalog.package(game)
    sim, digits = [], ""
    for key, _, choices in pkg.OPTIONS:
        choice = options.get(key, choices[0])
        sim += ["--option", "%s=%s" % (key, choice)]
        digits += str(choices.index(choice))
    return sim, digits


class SimRun:
    """The simulator replaying a recording headless with --game, as `python -m host_sim --game G
    --seats S --replay FILE` does, one frame at a time."""
    def __init__(self, tmp_path, text, game, seats, options):
        path = tmp_path / "input.txt"
        path.write_text(text)
        args = cli.parser().parse_args(["--headless", "--game", game, "--seats", seats, "--replay", str(path),
                                        "--data", str(tmp_path / "simdata")] + option_args(game, options)[0])
        cli.check(args)
        self.run = cli.Run(args, args.rp.seed, cli._data_dir(args, args.rp), args.rp)
        self.run.launch(cli.make_setup(args, args.rp.seed, self.run.console))

    def frame(self):
        self.run.frame()

    def rgb(self):
        return self.run.hw.display.rgb()


def page_replay(page, text, game, seats, options, live_tilt=False):
    return page.evaluate("a => picotable.play(a[0], {game: a[1], seats: a[2], options: a[3], auto: false, liveTilt: a[4]})",
                         [text, game, seats, option_args(game, options)[1], live_tilt])


def page_rgb(page, steps=0):
    return base64.b64decode(page.evaluate("n => { picotable.steps(n); return picotable.pixels(); }", steps))


def same_frame(sim_rgb, web_rgb, where, tmp_path):
    if sim_rgb == web_rgb:
        return
    diff = sum(1 for i in range(0, len(sim_rgb), 3) if sim_rgb[i:i + 3] != web_rgb[i:i + 3])
    from host_sim import png
    png.write(str(tmp_path / "sim.png"), 240, 240, sim_rgb)
    png.write(str(tmp_path / "web.png"), 240, 240, web_rgb)
    pytest.fail("%s: %d of 57600 pixels differ between the simulator and the page (%s)" % (where, diff, tmp_path))


def compare_game(page, tmp_path, game, seats, options, text, every, after_end=60, live_tilt=None):
    """Replay `text` in the simulator and the page; compare every `every`-th frame of the whole
    game and `after_end` frames past its end. Returns (frames compared, the simulator's run)."""
    sim = SimRun(tmp_path, text, game, seats, options)
    page_replay(page, text, game, seats, options, live_tilt is not None)
    scene = sim.run.console.game
    k = 0
    end = None
    compared = 0
    while end is None or k < end + after_end:
        if live_tilt is not None:
            live_tilt(page, k)
        sim.frame()
        k += 1
        if end is None and scene.game_over:
            end = k
        if k % every == 0:
            same_frame(sim.rgb(), page_rgb(page, every), "%s frame %d" % (game, k), tmp_path)
            compared += 1
        assert k < 20000, "the game did not end"
    return compared, sim, end


# -- the tests --------------------------------------------------------------------------------------
def test_the_page_boots_to_the_launcher_from_its_own_files(page, site, tmp_path):
    sim = cli.Run(cli.parser().parse_args(["--headless", "--data", str(tmp_path / "d")]), None, str(tmp_path / "d"))
    sim.frame()
    same_frame(sim.hw.display.rgb(), page_rgb(page), "the launcher", tmp_path)
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith(site[0]) for u in loaded), loaded    # nothing from anywhere else
    assert {u[len(site[0]):] for u in loaded} >= {"main.js", "micropython.mjs", "micropython.wasm", "firmware.bin"}
    assert page.evaluate("picotable.loadMs") < 2000


@pytest.mark.parametrize("game,seats,options,seed,every", [
    ("norespect", "human,bot:easy,bot:normal", {}, 2, 5),
    ("tower", "human,bot:hard", {"tilt": "on"}, 2, 8),
])
def test_a_replayed_game_gives_the_simulators_pixels(page, tmp_path, game, seats, options, seed, every):
    tilt = (lambda k: ((k * 37) % 1200 - 600, (k * 23) % 800 - 400)) if game == "tower" else None
    text = recording(seed, 3000, seed, tilt)
    compared, sim, end = compare_game(page, tmp_path, game, seats, options, text, every)
    assert end and compared >= end // every
    # no frame of the game allocated in the page (web/webmain.py counts them)
    st = page.evaluate("picotable.stats()")
    assert st["gameCalls"] >= end - 5 and st["allocCalls"] == 0, (st["allocCalls"], st["allocBytes"], st["firstAlloc"], end)
