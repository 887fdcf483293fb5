"""The console: one fixed-timestep loop, a scene stack, and the game lifecycle.

Each step polls the buttons once (edges computed once), reads the accelerometer once, feeds
the tilt pipeline and updates the top scene. Each render draws what changed and pushes the
dirty rectangles. run() keeps real time: at most MAX_CATCHUP steps are run to catch up before a
render, so a slow frame never snowballs. Tests and the simulator call step()/render() (or
frame(), both) directly.

Allocation points (never inside a game's frames): boot, starting or resuming a game, writing a
save, leaving a game (its modules are dropped and the heap collected), the error path.
"""
import gc
from array import array

from micropython import const

from core import buttons as B
from core import catalog, errors, storage
from core import tilt as T
from core.buttons import Buttons
from core.calibrate import Calibrate
from core.errors import ErrorScreen
from core.game_setup import GameSetup
from core.gfx import Gfx
from core.handoff import Handoff
from core.launcher import Launcher
from core.name_editor import NameEditor
from core.notice import Notice
from core.pause import Pause
from core.settings import Settings
from core.settings_menu import SettingsScene
from core.setup import Setup
from core.tilt import Tilt

FPS = const(30)
MAX_CATCHUP = const(3)
_DEPTH = const(6)
SUSPEND_FILE = "suspend.bin"
SUSPEND_MAGIC = b"PTsv"
SUSPEND_VERSION = const(1)
_OP_NONE = const(0)
_OP_PUSH = const(1)
_OP_POP = const(2)
_OP_REPLACE = const(3)
_OP_HOME = const(4)


class Console:
    def __init__(self, hw):
        self.hw = hw
        self.gfx = Gfx()                    # the frame buffer first, kept for life
        hw.display.set_palette(self.gfx.palette)
        self.buttons = Buttons()
        self.tilt = Tilt()
        self.xyz = array("i", [0, 0, 1000])
        self.accel_ok = False
        self.notice = Notice()
        self.storage = storage.Storage(hw.files)
        self.settings = Settings()
        self.notice.post(self.settings.load(self.storage))
        for i in range(3):
            self.tilt.cal[i] = self.settings.cal[i]
        hw.display.set_brightness((self.settings.brightness + 1) * 10)
        self.suspended = self._peek_suspended()
        self.steps = 0
        self.faults = 0
        self.game = None            # the running game's scene
        self.game_name = None
        self.game_setup = None
        self.rules = ()             # the running game's help pages
        self._seed_counter = 0
        self._seed_base = getattr(hw, "seed", None)   # a fixed base makes runs repeatable
        self._stack = [None] * _DEPTH
        self._depth = 0
        self._op = _OP_NONE
        self._op_scene = None
        self._full = True
        self._sound_until = -1
        # every console scene is made once, here
        self.launcher = Launcher(self)
        self.settings_scene = SettingsScene(self)
        self.name_editor = NameEditor(self)
        self.calibrate = Calibrate(self)
        self.setup_scene = GameSetup(self)
        self.pause = Pause(self)
        self.handoff_scene = Handoff(self)
        self.error_screen = ErrorScreen(self)
        self._stack[0] = self.launcher
        self._depth = 1
        self.launcher.enter(self)

    # -- scene stack (changes apply after the current update) ------------------------------
    @property
    def top(self):
        return self._stack[self._depth - 1]

    def push(self, scene):
        self._op = _OP_PUSH
        self._op_scene = scene

    def pop(self):
        self._op = _OP_POP

    def replace(self, scene):
        self._op = _OP_REPLACE
        self._op_scene = scene

    def home(self):
        """Back to the launcher, leaving any game (it is not saved)."""
        self._op = _OP_HOME

    def _apply(self):
        op = self._op
        self._op = _OP_NONE
        s = self._op_scene
        self._op_scene = None
        if op == _OP_PUSH and self._depth < _DEPTH:
            self._stack[self._depth] = s
            self._depth += 1
        elif op == _OP_POP and self._depth > 1:
            self._depth -= 1
            self._stack[self._depth] = None
        elif op == _OP_REPLACE:
            self._stack[self._depth - 1] = s
        elif op == _OP_HOME:
            if self.game is not None:
                self._drop_game()
            while self._depth > 1:
                self._depth -= 1
                self._stack[self._depth] = None
        else:
            return
        self.buttons.clear()        # one press acts once, in the scene that saw it
        self._full = True
        self.top.enter(self)

    # -- the loop -------------------------------------------------------------------------
    def step(self):
        """One fixed step: input, tilt, update of the top scene."""
        hw = self.hw
        self.buttons.update(hw.buttons.read())
        acc = hw.accel
        self.accel_ok = acc.read(self.xyz) if acc is not None else False
        t = self.tilt
        t.update(self.accel_ok, self.xyz, acc is not None and acc.stuck_check, self.buttons.held)
        if t.changed:
            if t.source == T.BUTTONS:
                self.notice.post("No tilt sensor: joystick tilts" if acc is None or self.steps == 0
                                 else "Tilt sensor lost: joystick tilts")
            elif self.steps:
                self.notice.post("Tilt sensor back")
        if self.notice.step():
            self._full = True
        scene = self.top
        try:
            if scene.pausable and self.buttons.pressed & (B.Y | B.PRESS):
                self.push(self.pause)
            else:
                scene.update(self)
        except Exception as e:      # noqa: BLE001 - any scene error goes to the error screen
            self.fail(e)
        if self._op:
            self._apply()
        if self._sound_until >= 0 and hw.clock.ticks_diff(self._sound_until, hw.clock.ticks_ms()) <= 0:
            self._sound_until = -1
            hw.sound.stop()
        self.steps += 1
        if hw.watchdog is not None:
            hw.watchdog.feed()

    def render(self):
        """Draw what changed and push it to the display."""
        g = self.gfx
        full = self._full
        self._full = False
        try:
            self.top.draw(g, full)
        except Exception as e:      # noqa: BLE001
            self.fail(e)
            self._apply()
            g.n = 0
            self.top.draw(g, True)
            self._full = False
        self.notice.draw(g, g.n > 0)
        self.hw.display.show(g.buf, g.rects, g.n)
        g.n = 0

    def frame(self):
        self.step()
        self.render()

    def run(self, max_frames=0):
        """Real-time loop: fixed steps of 1/FPS s, catch-up clamped, render once per pass."""
        clock = self.hw.clock
        self.render()
        print("picotable: launcher up")
        last = clock.ticks_ms()
        acc = 0                     # elapsed time in ms * FPS; one step costs 1000
        frames = 0
        while not max_frames or frames < max_frames:
            now = clock.ticks_ms()
            acc += clock.ticks_diff(now, last) * FPS
            last = now
            if acc < 1000:
                clock.sleep_ms((1000 - acc) // FPS + 1)
                continue
            if acc > MAX_CATCHUP * 1000:
                acc = MAX_CATCHUP * 1000
            while acc >= 1000:
                self.step()
                acc -= 1000
            self.render()
            frames += 1

    # -- services for scenes ----------------------------------------------------------------
    def beep(self, hz, ms):
        snd = self.hw.sound
        if snd is not None and self.settings.sound:
            snd.tone(hz, ms)
            clock = self.hw.clock
            self._sound_until = clock.ticks_add(clock.ticks_ms(), ms)

    def hand_off(self, name):
        """Show "Pass to NAME - press A" over the game; it is uncovered after A."""
        self.handoff_scene.name = name
        self.push(self.handoff_scene)

    def new_seed(self):
        """A seed for the next game: from hw.seed when the shell fixes one, else the clock."""
        self._seed_counter += 1
        base = self._seed_base if self._seed_base is not None else self.hw.clock.ticks_ms()
        return ((base & 0xFFFFF) * 977 + self._seed_counter * 7919) & 0x3FFFFFFF

    # -- games -------------------------------------------------------------------------
    def start_game(self, name, setup, snapshot=None):
        """Import the game and put its scene on top of the launcher (an allocation point)."""
        pkg = catalog.package(name)
        if pkg is None:
            self.notice.post("That game is not available")
            return False
        self.game_name = name
        self.game_setup = setup
        self.rules = pkg.help_pages()
        gc.collect()
        scene = pkg.start(self, setup, snapshot)
        self.game = scene
        while self._depth > 1:
            self._depth -= 1
            self._stack[self._depth] = None
        self._stack[1] = scene
        self._depth = 2
        self._op = _OP_NONE
        self.buttons.clear()
        self._full = True
        scene.enter(self)
        return True

    def end_game(self):
        """The game is over and its player leaves: no save is kept."""
        if self.suspended is not None and self.suspended == self.game_name:
            self.storage.discard(SUSPEND_FILE)
            self.suspended = None
        self.home()

    def quit_game(self, suspend):
        """Leave the running game; with `suspend`, save it so the launcher can resume it."""
        g = self.game
        if g is not None and suspend and not getattr(g, "game_over", False):
            snap = g.snapshot() if hasattr(g, "snapshot") else None
            if snap is not None:
                payload = bytearray(self.game_setup.to_bytes())
                payload.extend(snap)
                if self.storage.save(SUSPEND_FILE, SUSPEND_MAGIC, SUSPEND_VERSION, payload):
                    self.suspended = self.game_name
                else:
                    self.notice.post("Could not save the game")
        elif g is not None and getattr(g, "game_over", False):
            self.end_game()
            return
        self.home()

    def resume_game(self):
        payload = self.storage.load(SUSPEND_FILE, SUSPEND_MAGIC, SUSPEND_VERSION)
        if payload is None:
            self.suspended = None
            self.notice.post("Saved game " + (storage.message(self.storage.status) or "missing"))
            self.storage.discard(SUSPEND_FILE)
            self.launcher.enter(self)
            return False
        try:
            setup, at = Setup.from_bytes(payload)
            ok = self.start_game(setup.game, setup, payload[at:])
        except (ValueError, IndexError, KeyError) as e:
            self._drop_game()
            self.notice.post("Saved game damaged: discarded")
            self.storage.discard(SUSPEND_FILE)
            self.suspended = None
            self.launcher.enter(self)
            return False
        return ok

    def _peek_suspended(self):
        p = self.storage.load(SUSPEND_FILE, SUSPEND_MAGIC, SUSPEND_VERSION)
        if p is None:
            msg = storage.message(self.storage.status)
            if msg:
                self.notice.post("Saved game " + msg)
                self.storage.discard(SUSPEND_FILE)
            return None
        try:
            return Setup.from_bytes(p)[0].game
        except ValueError:
            self.notice.post("Saved game damaged: discarded")
            self.storage.discard(SUSPEND_FILE)
            return None

    def _drop_game(self):
        name = self.game_name
        self.game = None
        self.game_name = None
        self.game_setup = None
        self.rules = ()
        if name:
            catalog.unload(name)
        gc.collect()

    # -- errors -----------------------------------------------------------------------------
    def fail(self, exc):
        """A scene raised: log it, show the error screen over the launcher."""
        self.faults += 1
        try:
            fname, line, msg = errors.describe(exc)
            self.error_screen.set(fname, line, msg)
            errors.append_log(self.hw.files, "step %d: %s:%d: %s\n" % (self.steps, fname, line, msg))
        except Exception:           # noqa: BLE001 - e.g. MemoryError with the heap locked
            self.error_screen.set_plain()
        if self.game is not None:
            try:
                self._drop_game()
            except Exception:       # noqa: BLE001
                self.game = None
        while self._depth > 1:
            self._depth -= 1
            self._stack[self._depth] = None
        self._op = _OP_PUSH
        self._op_scene = self.error_screen
