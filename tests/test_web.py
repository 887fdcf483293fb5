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
import mprun
import web_build
import web_serve
from web_figures import CHROMIUM, FLAGS, READY
from core import catalog
from core import settings_file as SF
from core.settings import Settings
from host_sim import cli
from host_sim.sim_accel import SimAccel

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
    page.wait_for_function(READY, timeout=30000)
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
    (tmp_path / "sim.png").write_bytes(png.encode(240, 240, sim_rgb))
    (tmp_path / "web.png").write_bytes(png.encode(240, 240, web_rgb))
    pytest.fail("%s: %d of 57600 pixels differ between the simulator and the page (%s)" % (where, diff, tmp_path))


def compare_game(page, tmp_path, game, seats, options, text, every, after_end=60, motion=None):
    """Replay `text` in the simulator and the page; compare every `every`-th frame of the whole
    game and `after_end` frames past its end. `motion`: per step, the DeviceMotion reading
    (m/s^2) the page gets instead of the recording's tilt. Returns (frames compared, the
    simulator's game scene, the frame it ended)."""
    sim = SimRun(tmp_path, text, game, seats, options)
    page_replay(page, text, game, seats, options, motion is not None)
    scene = sim.run.console.game
    k = 0
    end = None
    compared = 0
    while end is None or k < end + after_end:
        sim.frame()
        k += 1
        if end is None and scene.game_over:
            end = k
        if k % every == 0 or k == end and not after_end:
            n = every if k % every == 0 else k % every
            if motion is None:
                web = page_rgb(page, n)
            else:
                web = base64.b64decode(page.evaluate(MOTION_STEPS, motion[k - n:k]))
            same_frame(sim.rgb(), web, "%s frame %d" % (game, k), tmp_path)
            compared += 1
        assert k < 20000, "the game did not end"
    return compared, scene, end


# one step per reading: a devicemotion event as a phone's browser sends it, then the step
MOTION_STEPS = """readings => {
    for (const [x, y, z] of readings) {
        window.dispatchEvent(new DeviceMotionEvent("devicemotion", {accelerationIncludingGravity: {x, y, z}}));
        picotable.steps(1);
    }
    return picotable.pixels();
}"""


# -- the tests --------------------------------------------------------------------------------------
def test_the_page_boots_to_the_launcher_from_its_own_files(page, site, tmp_path):
    page.evaluate("picotable.frozen = true")
    sim = cli.Run(cli.parser().parse_args(["--headless", "--data", str(tmp_path / "d")]), None, str(tmp_path / "d"))
    for _ in range(steps_run(page)):            # (the launcher's cursor blinks)
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
    tilt = tower_tilt if game == "tower" else None
    text = recording(seed, 3000, seed, tilt)
    page.evaluate("window.tones = []; picotable.sound.tone = (hz, ms) => tones.push([hz, ms])")
    compared, scene, end = compare_game(page, tmp_path, game, seats, options, text, every)
    assert end and compared >= end // every
    # no frame of the game allocated in the page (web/webmain.py counts them)
    st = page.evaluate("picotable.stats()")
    assert st["gameCalls"] >= end - 5 and st["allocCalls"] == 0, (st["allocCalls"], st["allocBytes"], st["firstAlloc"], end)
    if game == "tower":
        assert [880, 150] in page.evaluate("tones")      # the game over beep reached the page's buzzer


def test_sound_starts_with_the_first_key_and_plays_the_buzzers_tones(page):
    assert page.evaluate("picotable.sound.ctx") is None      # no audio before a tap or a key
    keys(page, "q")
    page.wait_for_function("picotable.sound.ctx && picotable.sound.ctx.state === 'running'")
    page.evaluate("picotable.sound.tone(880, 150)")
    assert page.evaluate("picotable.sound.osc !== null && picotable.sound.osc.frequency.value") == 880


def tower_tilt(k):
    """A tilt that sweeps both ways (milli-g of tilt: x right edge down, y top edge down)."""
    return (k * 37) % 1200 - 600, (k * 23) % 800 - 400


def test_device_motion_steers_the_tower_as_the_simulators_tilt(page, tmp_path):
    text = recording(2, 3000, 2, tower_tilt)
    # what the phone's browser reports for the same tilt: the sensor's g-force, in m/s^2
    acc, xyz, motion = SimAccel(), [0, 0, 0], []
    for k in range(3000):
        acc.set(*tower_tilt(k))
        acc.read(xyz)
        motion.append([v * G / 1000 for v in xyz])
    compared, scene, end = compare_game(page, tmp_path, "tower", "human,bot:hard", {"tilt": "on"}, text, 4,
                                        after_end=0, motion=motion)
    rec = scene.record
    sim_rows = [[rec.kind(i)] + [rec.field(i, j) for j in range(5)] for i in range(rec.n)]
    web_rows = py(page, "g = page.console.game\nr = g.record\n"
                        "result = [[r.kind(i)] + [r.field(i, j) for j in range(5)] for i in range(r.n)]")
    assert web_rows == str(sim_rows)          # the same game, move for move
    # the human carried and let go of pieces, steered by the tilt: level, they land elsewhere
    release = [i for i, (name, _) in enumerate(__import__("games.tower.events", None, None, ("EVENTS",)).EVENTS)
               if name == "release"][0]
    tilted = [r[3] for r in sim_rows if r[0] == release and r[1] == 0]
    (tmp_path / "level").mkdir()
    level = SimRun(tmp_path / "level", recording(2, 3000, 2), "tower", "human,bot:hard", {"tilt": "on"})
    for _ in range(end):
        level.frame()
    lrec = level.run.console.game.record
    level_x = [lrec.field(i, 2) for i in range(lrec.n) if lrec.kind(i) == release and lrec.field(i, 0) == 0]
    # (since the tower's first view is wiped in by bands, this game's tilt topples the tower after
    # the human's second piece: two releases, at 28573 and -1207, where level play gives 0 and 0)
    assert len(tilted) >= 2 and tilted[:len(level_x)] != level_x[:len(tilted)], (tilted, level_x)


# -- live play: keys, reload, storage ---------------------------------------------------------------
def wait_py(page, code, timeout=15.0):
    """Poll Python `code` (it sets result) in the page until it gives something true."""
    import time
    end = time.time() + timeout
    while time.time() < end:
        r = py(page, code)
        if r not in (None, "False", "0", ""):
            return r
        page.wait_for_timeout(50)
    pytest.fail("the page never got to: %s" % code)


def keys(page, *names, live=True):
    """Real key presses, one at a time: each is followed by three of the console's steps (the
    press, its release, the debouncing's lockout), however slowly the machine runs the page;
    with live=False (the loop frozen by the test) the presses wait for the test's own calls."""
    for k in names:
        before = steps_run(page) if live else 0
        page.keyboard.press(k)
        if live:        # (or fewer: a restart began a new console)
            wait_py(page, "s = page.console.steps\nresult = s >= %d or s < %d" % (before + 3, before))


TOP = "result = type(page.console.top).__name__"
SNAPSHOT = "result = bytes(page.console.game.snapshot()).hex()"


def play_and_quit(page):
    """Start No Respect for two humans (nothing moves without them), play a little, pause (Y),
    take the game's snapshot, quit to the launcher with A on "Quit to launcher"; the snapshot."""
    page.evaluate("picotable.launch('norespect', 'human,human')")
    wait_py(page, "result = page.console.game is not None")
    keys(page, "ArrowRight", "z", "ArrowRight", "z")
    keys(page, "v")
    wait_py(page, TOP + " == 'Pause'")
    snap = py(page, SNAPSHOT)
    keys(page, "ArrowDown", "ArrowDown", "z")
    wait_py(page, "result = page.console.launcher is not None")
    return snap


def test_quit_reload_resume_gives_the_same_game(page):
    snap = play_and_quit(page)
    assert page.evaluate("localStorage.getItem('picotable/suspend.bin') !== null")
    page.reload()
    page.wait_for_function(READY)
    assert py(page, "result = page.console.suspended") == "norespect"    # the launcher offers it
    page.evaluate("picotable.frozen = true")        # the game must not move on before it is read
    keys(page, "Enter", live=False)                 # A on Resume (the top row)
    page.evaluate("picotable.live(34)")             # one step: a restart into the saved game
    assert py(page, "result = page.console.game_name") == "norespect"
    assert py(page, SNAPSHOT) == snap
    assert py(page, "result = page.console.faults") == "0"


def test_a_hidden_tab_pauses_the_console(page):
    def hide(hidden):
        page.evaluate("h => { Object.defineProperty(document, 'hidden', {value: h, configurable: true});"
                      " document.dispatchEvent(new Event('visibilitychange')); }", hidden)
    before = steps_run(page)
    page.wait_for_timeout(300)
    assert steps_run(page) > before + 3          # running: 30 steps a second
    hide(True)
    stopped = steps_run(page)
    page.wait_for_timeout(500)
    assert steps_run(page) == stopped
    hide(False)
    page.wait_for_timeout(300)
    assert stopped < steps_run(page) <= stopped + 14     # on again, without catching up


def test_pass_around_shows_the_hand_off_between_hands(page, tmp_path):
    text = recording(3, 1500, 3)
    sim = SimRun(tmp_path, text, "nope", "human,human", {})
    names = sim.run.console.game_setup.names
    page_replay(page, text, "nope", "human,human", {})
    watch = ("c = page.console\ng = c.game\nh = c._scenes.get('handoff')\n"
             "t = 'Handoff' if h is not None and c.top is h else 'Game' if g is not None and c.top is g else 'other'\n"
             "result = '%s|%d|%s' % (t, g.viewer if g else -9, h.name if h else '')")
    # per step: the top scene, whose hand the game shows, the hand-off screen's name; and the
    # pixels of each first frame of a hand-off screen
    rows = page.evaluate("""a => {
        const out = [], shots = {};
        for (let i = 0; i < a[0]; i++) {
            picotable.steps(1);
            out.push(picotable.python(a[1]));
            if (out[i].startsWith("Handoff") && !(i && out[i - 1].startsWith("Handoff"))) shots[i] = picotable.pixels();
        }
        return [out, shots];
    }""", [1500, watch])
    confirmed, shown, handoffs, was = None, 0, set(), None
    for k, row in enumerate(rows[0]):
        top, viewer, name = row.split("|")
        viewer = int(viewer)
        sim.frame()
        if str(k) in rows[1]:
            same_frame(sim.rgb(), base64.b64decode(rows[1][str(k)]), "hand-off at step %d" % k, tmp_path)
            handoffs.add(name)
        if was == "Handoff" and top == "Game":
            confirmed = name
        if top == "Game" and viewer >= 0:
            assert names[viewer] == confirmed, (k, viewer, confirmed)   # only its owner sees a hand
            shown += 1
        was = top
    assert handoffs == set(names) and shown > 100, (handoffs, shown)


# -- bad input never stops the loop --------------------------------------------------------------
def running(page):
    before = steps_run(page)
    page.wait_for_timeout(500)
    return steps_run(page) > before + 3 and py(page, "result = page.console.faults") == "0"


def test_unknown_keys_are_ignored(page):
    sel = "result = page.console.launcher.menu.sel"
    keys(page, "ArrowDown")
    assert py(page, sel) == "1"
    for k in ("q", "Tab", "F2", "Digit8", "Shift", "CapsLock", "NumLock", "AudioVolumeUp", "Control+z", "Alt+v"):
        page.keyboard.press(k)
    page.evaluate("for (const k of ['', 'Unidentified', 'Dead', 'Process']) "
                  "window.dispatchEvent(new KeyboardEvent('keydown', {key: k, code: k}))")
    page.wait_for_timeout(200)
    assert running(page) and py(page, sel) == "1"       # nothing pressed the console's buttons
    assert py(page, TOP) == "Launcher"


def test_tilt_out_of_range_or_not_a_number_never_stops_the_loop(page):
    def motion(x, y, z):
        # (an Event carrying the reading: Chromium's own DeviceMotionEvent refuses non-finite
        # numbers, other browsers and sensors have delivered them)
        page.evaluate("""g => { const e = new Event('devicemotion');
            e.accelerationIncludingGravity = {x: g[0], y: g[1], z: g[2]}; window.dispatchEvent(e); }""",
                      [x, y, z])
        page.wait_for_timeout(150)
        return page.evaluate("(() => { const {io} = picotable.mem(), f = picotable.f;"
                             " return [io[f.accel_ok], io[f.ax], io[f.ay], io[f.az]]; })()")
    assert motion(1e9, -1e12, 9.8) == [1, 2000, -2000, 999]         # clipped at +-2 g
    assert motion(float("nan"), 1, 9.8)[0] == 0                     # the read fails
    page.wait_for_timeout(200)
    st = page.evaluate("picotable.stats()")
    assert any("not a number" in m for m in st["messages"]), st["messages"]
    assert py(page, "from core import tilt\nresult = page.console.tilt.source == tilt.BUTTONS") == "True"
    assert running(page)
    assert motion("9.8", None, {}) [0] == 0                         # not numbers at all
    assert motion(0, 0, 9.80665) == [1, 0, 0, 1000]                 # a good reading: back
    assert py(page, "from core import tilt\nresult = page.console.tilt.source == tilt.SENSOR") == "True"
    assert running(page)


NO_STORAGE = """Object.defineProperty(window, 'localStorage',
    {get() { throw new DOMException('denied', 'SecurityError'); }});"""
FULL_STORAGE = """Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"""


@pytest.mark.parametrize("script,says", [(NO_STORAGE, "Saves are off in this browser"),
                                         (FULL_STORAGE, "storage is full")])
def test_storage_off_or_full_keeps_the_game_for_the_session(browser, site, script, says):
    page = open_page(browser, site, script)
    try:
        assert any(says in m for m in page.evaluate("picotable.stats().messages"))
        snap = play_and_quit(page)               # the save goes to the page's memory
        assert running(page)
        assert py(page, "result = page.console.suspended") == "norespect"
        page.evaluate("picotable.frozen = true")
        keys(page, "Enter", live=False)
        page.evaluate("picotable.live(34)")
        assert py(page, SNAPSHOT) == snap
        assert not page.errors, page.errors
    finally:
        page.context.close()


# -- the page on a phone ------------------------------------------------------------------------
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True)


def test_on_a_phone_the_screen_fills_the_width_crisp_and_two_fingers_press_two_keys(browser, site):
    page = open_page(browser, site, **PHONE)
    try:
        css = page.evaluate("parseFloat(getComputedStyle(document.getElementById('screen')).width)")
        assert css * 3 % 240 == 0 and css >= 0.8 * 390, css              # a whole scale, most of the width
        assert page.evaluate("getComputedStyle(document.getElementById('screen')).imageRendering") == "pixelated"
        # a finger on the joystick's down and one on A, together: a pointer each
        page.evaluate("""() => {
            picotable.frozen = true;
            const at = (sel, id, type) => { const r = document.querySelector(sel).getBoundingClientRect();
                document.querySelector(sel).dispatchEvent(new PointerEvent(type, {pointerId: id, bubbles: true,
                    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, pointerType: 'touch'})); };
            at('#stick .down', 2, 'pointerdown'); at('#face .a', 3, 'pointerdown');
        }""")
        assert page.evaluate("picotable.input.held()") == 2 | 32
        page.evaluate("picotable.input.read(0, {})")      # what the console would read: both lit
        assert page.evaluate("[...document.querySelectorAll('.key.lit')].map(e => e.dataset.bit).sort()") == ["2", "32"]
        page.evaluate("""() => { for (const id of [2, 3]) document.getElementById('pad').dispatchEvent(
            new PointerEvent('pointerup', {pointerId: id, bubbles: true})); }""")
        assert page.evaluate("picotable.input.held()") == 0
        assert py(page, "result = page.console.launcher.menu.sel") == "0"
        # a tap (down and up before the console reads) still counts: the launcher moves down
        page.evaluate("""() => { const r = document.querySelector('#stick .down').getBoundingClientRect();
            const o = {pointerId: 5, bubbles: true, clientX: r.left + 20, clientY: r.top + 20, pointerType: 'touch'};
            document.querySelector('#stick .down').dispatchEvent(new PointerEvent('pointerdown', o));
            document.querySelector('#stick .down').dispatchEvent(new PointerEvent('pointerup', o));
            picotable.live(34); }""")
        assert py(page, "result = page.console.launcher.menu.sel") == "1"
        if os.environ.get("PICOTABLE_WEB_SHOT"):
            page.screenshot(path=os.environ["PICOTABLE_WEB_SHOT"])
        assert not page.errors, page.errors
    finally:
        page.context.close()


GAMEPAD = """navigator.getGamepads = () => [{buttons: Array.from({length: 16}, (_, i) =>
    ({pressed: (window.padButtons || []).includes(i)})), axes: window.padAxes || [0, 0]}];"""


def test_a_gamepad_presses_and_tilts(browser, site):
    page = open_page(browser, site, GAMEPAD)
    try:
        page.evaluate("picotable.frozen = true; window.padButtons = [0, 13]; window.padAxes = [0.5, -0.25]")
        out = page.evaluate("(() => { const o = {}; picotable.input.read(0, o); return o; })()")
        assert out["buttons"] == 32 | 2 and out["downs"] == 32 | 2
        assert [out["x"], out["y"]] == [-500, -250]                     # the simulator's stick tilt
    finally:
        page.context.close()



# -- the hardware object and the page's pure functions -----------------------------------------------
@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_the_pages_hardware_object_allocates_nothing_heap_locked(port):
    r = mprun.run(port, os.path.join(mprun.MP_TESTS, "web_locked.py"), ["2"],
                  paths=mprun.DEFAULT_PATHS + (web_build.WEB,))
    assert r.returncode == 0, r.stderr
    f = dict(kv.split("=") for kv in r.stdout.split()[1:])
    assert f["bad"] == "0" and f["badframes"] == "0", r.stdout + r.stderr
    assert f["over"] == "1" and f["wrapped"] == "1" and int(f["tones"]) >= 2 and int(f["stops"]) >= 2, r.stdout


def test_the_pages_clock_keeps_micropythons_ticks_semantics():
    import random
    import sys
    from array import array
    from host_sim.clock import ticks_add, ticks_diff
    sys.path.insert(0, web_build.WEB)
    try:
        import webhw
    finally:
        sys.path.remove(web_build.WEB)
    clock = webhw.Clock(array("i", [0] * webhw.SIZE))
    rnd = random.Random(1)
    edge = [0, 1, 2 ** 29 - 1, 2 ** 29, 2 ** 29 + 1, 2 ** 30 - 2, 2 ** 30 - 1]
    for a in edge + [rnd.randrange(2 ** 30) for _ in range(300)]:
        for b in edge + [rnd.randrange(2 ** 30) for _ in range(5)]:
            assert clock.ticks_diff(a, b) == ticks_diff(a, b), (a, b)
        for d in (0, 1, -1, 34, -34, 150, -150, 2 ** 29 - 1, -(2 ** 29)):
            assert clock.ticks_add(a, d) == ticks_add(a, d), (a, d)
    assert webhw.layout().split(",")[webhw.NOW] == "now:%d" % webhw.NOW
    assert len(webhw.NAMES) == webhw.SIZE


def test_motion_readings_turn_with_the_screen_and_the_browsers_sign(page):
    r = page.evaluate("""async () => {
        const m = await import('./input.js'), g = m.G;
        return {
            flat: m.motionToMg(0, 0, g, 0, 1),
            right_down: m.motionToMg(-0.5 * g, 0, 0.866 * g, 0, 1),      // 30 degrees to the right
            inverted: m.motionToMg(0.5 * g, 0, -0.866 * g, 0, -1),        // a browser with the sign flipped
            landscape: m.motionToMg(0, 0.5 * g, 0.866 * g, 90, 1),        // the page turned 90 degrees
            nan: m.motionToMg(NaN, 0, g, 0, 1),
            orient_flat: m.orientationToMg(0, 0, 0),
            orient_right: m.orientationToMg(0, 30, 0),
            orient_up: m.orientationToMg(90, 0, 0),
            level: m.tiltToMg(0, 0), tilted: m.tiltToMg(600, -300),
        };
    }""")
    assert r["flat"] == [0, 0, 1000] and r["nan"] is None
    assert r["right_down"] == [-500, 0, 866] == r["inverted"] == r["orient_right"]
    assert r["landscape"] == [-500, 0, 866]          # the screen's right edge is the device's top
    assert r["orient_flat"] == [0, 0, 1000] and r["orient_up"] == [0, 1000, 0]
    acc, xyz = SimAccel(), [0, 0, 0]                 # the simulator's sensor, the same tilt
    for tilt, key in (((0, 0), "level"), ((600, -300), "tilted")):
        acc.set(*tilt)
        acc.read(xyz)
        assert r[key] == xyz


def test_a_recording_the_page_cannot_read_is_refused_with_a_reason(page):
    bad = {"": "not a picotable input recording",
           "picotable-input 1\nseed x\nsettings -\naccel sim\n": "header",
           "picotable-input 1\nseed 1\nsettings -\naccel sim\n3 9999 0 0 1000\n": "line 5",
           "picotable-input 1\nseed 1\nsettings -\naccel wobbly\n": "header"}
    for text, says in bad.items():
        err = page.evaluate("t => { try { picotable.play(t); return ''; } catch (e) { return e.message; } }", text)
        assert says in err, (text, err)
    assert running(page) and page.evaluate("picotable.mode") == "live"
