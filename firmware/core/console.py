"""The console: one fixed-timestep loop, a scene stack, and the game lifecycle.

Each step polls the buttons once (edges computed once), reads the accelerometer once, feeds
the tilt pipeline and updates the top scene. Each render draws what changed and pushes the
dirty rectangles. run() keeps real time: at most MAX_CATCHUP steps are run to catch up before a
render, so a slow frame never snowballs. Tests and the simulator call step()/render() (or
frame(), both) directly.

Allocation points (never inside a game's frames): boot, starting or resuming a game, writing a
save, leaving a game (its modules are dropped and the heap collected), opening the settings or a
game's setup screen from the launcher, opening and leaving a game's pause menu and its rules pages
(the game is paused: its frames do not run), the error path.

A console runs in one of two modes, chosen at boot: the launcher's, or a game's. The launcher
starts a game by restarting the console (hw.restart(): a soft reset on the board) with a start
request on flash, so a game always starts on a fresh heap with no launcher beside it; leaving it
restarts into the launcher (core/session.py, docs/decisions.md).

Memory: only the launcher and the services every scene needs stay loaded. Other console scenes
are imported when first wanted (scene()) and dropped when the launcher is back on top; a game's
hand-off screen is loaded as it starts, so nothing is imported while it plays; its pause menu is
loaded when opened and dropped when the game is back on top (so are the rules pages the pause
menu shows); the error screen is imported when an error happens, after the failed game is
dropped.
"""
import gc
from array import array

from micropython import const

from core import buttons as B
from core import tilt as T
from core.buttons import Buttons
from core.gfx import Gfx
from core.notice import Notice
from core import power as PW
from core.settings import Settings
from core.tilt import Tilt

FPS = const(30)
MAX_CATCHUP = const(3)
SLEEP_POLL_MS = const(100)              # asleep: the keys are polled this often
_DEPTH = const(6)
SUSPEND_FILE = "suspend.bin"           # written by core/session.py
SUSPEND_MAGIC = b"PTsv"
START_FILE = "start.bin"                # written by core/session.py before a restart
_OP_NONE = const(0)
_OP_PUSH = const(1)
_OP_POP = const(2)
_OP_HOME = const(3)

# console scenes loaded on demand: name -> (module, class)
_LAZY = {
    "settings": ("core.settings_menu", "SettingsScene"),
    "name_editor": ("core.name_editor", "NameEditor"),
    "calibrate": ("core.calibrate", "Calibrate"),
    "setup": ("core.game_setup", "GameSetup"),
    "pause": ("core.pause", "Pause"),
    "handoff": ("core.handoff", "Handoff"),
}


class Console:
    def __init__(self, hw, gfx=None):
        self.hw = hw
        # the frame buffer is kept for life; main.py makes it before anything else is imported,
        # so its 28,800 bytes are one block at the start of the heap
        self.gfx = gfx if gfx is not None else Gfx()
        hw.display.set_palette(self.gfx.palette)
        self.buttons = Buttons()
        self.tilt = Tilt()
        self.xyz = array("i", [0, 0, 1000])
        self.accel_ok = False
        self.notice = Notice(self.gfx)
        self.files = hw.files
        self.settings = Settings()
        self.suspended = None           # the suspended game's name, or None
        self.steps = 0
        self.faults = 0
        self.last_error = None      # the last exception a scene raised (tests read it)
        self.game = None            # the running game's scene
        self.game_name = None
        self.game_setup = None
        self.help_pages = None      # the running game's help_pages() (the pause menu calls it)
        self.evening = None         # the score table of the games played in a row (core/evening.py)
        self._seed_counter = 0
        self._seed_base = getattr(hw, "seed", None)   # a fixed base makes runs repeatable
        self._stack = [None] * _DEPTH
        self._depth = 1                 # the bottom: the launcher, or a blank under a game
        self._op = _OP_NONE
        self._op_scene = None
        self._full = True
        self._sound_until = -1
        self._acc = 0                   # advance(): real time not yet stepped, ms * FPS
        self._scenes = {}               # loaded on-demand scenes, by _LAZY name
        self.launcher = None
        # everything above lives as long as the console; what follows only passes through
        # (file reading, probing for games), so its garbage is freed as one block at the end,
        # except the launcher, made once the files are read (its code is not in memory with
        # theirs: that is the boot's peak), or the game a start request names
        from core import bootstrap
        game = bootstrap.run(self)
        from core.modules import forget
        forget("core.bootstrap")
        self.power = PW.Power(self, FPS)
        self._lightsleep = getattr(hw, "lightsleep", None) or hw.clock.sleep_ms
        if not game:
            from core.launcher import Launcher
            self.launcher = Launcher(self)
            self.launcher.probe()
            self._stack[0] = self.launcher
            self.launcher.enter(self)

    # -- on-demand scenes --------------------------------------------------------------------
    def scene(self, name):
        """The console scene `name`, imported and made the first time it is asked for."""
        s = self._scenes.get(name)
        if s is None:
            mod, cls = _LAZY[name]
            s = getattr(__import__(mod, None, None, (cls,)), cls)(self)
            self._scenes[name] = s
        return s

    def drop_scene(self, name):
        """Forget on-demand scene `name` and its module, if loaded."""
        if name in self._scenes:
            del self._scenes[name]
            from core.modules import forget
            forget(_LAZY[name][0])
            gc.collect()

    def release_scenes(self):
        """Drop the on-demand scenes (the launcher calls this when it is back on top)."""
        if self.game is not None:
            return
        from core import catalog
        from core.modules import forget
        self._scenes.clear()
        for name in _LAZY:
            forget(_LAZY[name][0])
        forget("core.setup")
        forget("core.setup_bytes")
        forget("core.session")
        forget("core.storage")
        forget("core.settings_file")
        forget("core.errors")
        for name in catalog.NAMES:      # packages the setup screen loaded
            catalog.unload(name, True)
        gc.collect()

    # -- scene stack (changes apply after the current update) ------------------------------
    @property
    def top(self):
        return self._stack[self._depth - 1]

    def push(self, scene):
        self._op = _OP_PUSH
        self._op_scene = scene

    def pop(self):
        self._op = _OP_POP

    def home(self):
        """Back to the launcher, leaving any game (it is not saved) and the evening's table;
        from a game's mode of the console, through a restart."""
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
        elif op == _OP_HOME:
            if self.launcher is None:
                from core import session    # a game's console: restart into the launcher
                session.launch(self, session.GO_LAUNCHER)
                return
            if self.game is not None:
                self.drop_game()
            self.game_setup = None
            self.evening = None
            self._reset_stack()
        else:
            return
        self.buttons.clear()        # one press acts once, in the scene that saw it
        self._full = True
        self.top.enter(self)

    # -- the loop -------------------------------------------------------------------------
    def step(self):
        """One fixed step: input, tilt, update of the top scene. Asleep: only the keys are
        polled, and any key wakes the console (core/power.py)."""
        hw = self.hw
        raw = hw.buttons.read()
        p = self.power
        if p.asleep:
            if raw:
                p.wake(self, raw)
            self.steps += 1
            if hw.watchdog is not None:
                hw.watchdog.feed()
            return
        self.buttons.update(p.input(self, raw))
        acc = hw.accel
        self.accel_ok = acc.read(self.xyz) if acc is not None else False
        t = self.tilt
        t.update(self.accel_ok, self.xyz, acc is not None and acc.stuck_check, self.buttons.held)
        if t.changed:
            if t.source == T.BUTTONS:
                self.notice.post("No tilt sensor: joystick tilts" if acc is None or self.steps == 0
                                 else "Sensor lost: joystick tilts")
            elif self.steps:
                self.notice.post("Tilt sensor back")
        self.notice.step()
        scene = self.top
        try:
            if scene.pausable and self.buttons.pressed & (B.Y | B.PRESS):
                self.push(self.scene("pause"))  # loaded now, dropped on resume (core/pause.py)
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
        """Draw what changed and push it to the display (nothing while asleep)."""
        if self.power.asleep:
            return
        g = self.gfx
        full = self._full
        self._full = False
        self.notice.under(g)
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

    def repaint(self):
        """Repaint the whole screen at the next render (what returning from the pause menu does;
        the redraw-equality tests compare it with what incremental renders left on the glass)."""
        self._full = True

    def run(self, max_frames=0):
        """Real-time loop: fixed steps of 1/FPS s, catch-up clamped, render once per pass; the
        CPU idles between frames. Saving and falling asleep happen between frames; asleep, a
        step every SLEEP_POLL_MS in the shell's lightest sleep that keeps time (hw.lightsleep)."""
        clock = self.hw.clock
        p = self.power
        self.render()
        print("picotable: %s up" % self.mode())
        last = clock.ticks_ms()
        frames = 0
        while not max_frames or frames < max_frames:
            if p.due or p.asleep:
                if p.due:
                    self.power_work()
                else:
                    self._lightsleep(SLEEP_POLL_MS)
                    self.step()
                    frames += 1
                last = clock.ticks_ms()
                self._acc = 0           # no catch-up for the time asleep or saving
                continue
            now = clock.ticks_ms()
            wait = self.advance(clock.ticks_diff(now, last))
            last = now
            if wait:
                clock.sleep_ms(wait)
                continue
            frames += 1

    def power_work(self):
        """Between frames, what the power state asks for: save, then maybe fall asleep (an
        allocation point: core/session.py)."""
        import sys
        had = set(sys.modules)
        from core import session
        session.power_work(self, had)

    def advance(self, elapsed_ms):
        """The fixed steps that `elapsed_ms` more of real time is worth (at most MAX_CATCHUP, so
        a slow frame never snowballs), then one render. Returns 0 when it rendered, else the ms
        until the next step is due. run() calls it in its loop; a shell whose host owns the loop
        (a browser's requestAnimationFrame) calls it once per callback, and power_work() between
        two calls when power.due is set (without that the console dims but never sleeps)."""
        acc = self._acc + elapsed_ms * FPS     # elapsed time in ms * FPS; one step costs 1000
        if acc < 1000:
            self._acc = acc
            return (1000 - acc) // FPS + 1
        if acc > MAX_CATCHUP * 1000:
            acc = MAX_CATCHUP * 1000
        while acc >= 1000:
            self.step()
            acc -= 1000
        self._acc = acc
        self.render()
        return 0

    def mode(self):
        """What this console runs, for the boot log: "launcher", "game NAME" (its package), or
        "error screen" (a game that failed to start)."""
        if self.launcher is not None:
            return "launcher"
        if self.game is None:
            return "error screen"
        return "game " + self.game_name

    # -- services for scenes ----------------------------------------------------------------
    def beep(self, hz, ms):
        snd = self.hw.sound
        if snd is not None and self.settings.sound:
            snd.tone(hz, ms)
            clock = self.hw.clock
            self._sound_until = clock.ticks_add(clock.ticks_ms(), ms)

    def hand_off(self, name):
        """Show "Pass to NAME - press A" over the game; it is uncovered after A."""
        h = self._scenes["handoff"]
        h.name = name
        self.push(h)

    def new_seed(self):
        """A seed for the next game: when the shell fixes hw.seed, hw.seed plus the games played
        this evening (so runs repeat, and games in a row differ); else from the clock."""
        k = self.evening.games if self.evening is not None else 0
        if self._seed_base is not None:
            return (self._seed_base + k) & 0x3FFFFFFF
        self._seed_counter += 1
        k += self._seed_counter
        return ((self.hw.clock.ticks_ms() & 0xFFFFF) * 977 + k * 7919) & 0x3FFFFFFF

    # -- games (the lifecycle lives in core/session.py, loaded when needed) -----------------
    def start_game(self, name, setup, snapshot=None):
        """Import the game and put its scene on the stack, here and now (an allocation point):
        what the boot does with a start request; tests and tools call it directly."""
        from core import session
        return session.start(self, name, setup, snapshot)

    def quit_game(self, suspend):
        """Leave the running game; with `suspend`, save it so the launcher can resume it."""
        from core import session
        session.quit(self, suspend)

    def end_game(self):
        """The game is over and its result screen was left: no save is kept; the evening's
        table comes up (play again or back to the launcher)."""
        from core import session
        session.end(self)

    def resume_game(self):
        from core import session
        return session.resume(self)

    def attach_game(self, scene, help_pages):
        """Make `scene` the running game, above the launcher, with its hand-off screen loaded
        now: nothing is imported while the game plays. Its pause menu is loaded when opened
        (step()), and the pause menu loads the rules pages with `help_pages()` when they are
        asked for (core/pause.py). The lifecycle module is not kept while it runs (quitting or
        ending the game imports it again)."""
        if self.launcher is not None:
            self.launcher.release_art()     # a game started in place over the launcher
        if scene.secrets:
            self.scene("handoff")
        self.game = scene
        self.help_pages = help_pages
        self._reset_stack()
        self._stack[1] = scene
        self._depth = 2
        self._op = _OP_NONE
        self.buttons.clear()
        self._full = True
        scene.enter(self)
        from core.modules import forget
        forget("core.session")
        forget("core.storage")
        forget("core.evening")
        forget("core.setup_bytes")
        if self.launcher is None:       # (the launcher uses the catalog: it stays with it)
            forget("core.catalog")

    def _reset_stack(self):
        while self._depth > 1:
            self._depth -= 1
            self._stack[self._depth] = None

    def drop_game(self):
        """Forget the running game and its modules (an allocation point: the heap is collected)."""
        name = self.game_name
        self.game = None
        self.game_name = None
        self.game_setup = None
        self.help_pages = None
        if name:
            from core import catalog
            catalog.unload(name, True)
        gc.collect()

    # -- errors -----------------------------------------------------------------------------
    def fail(self, exc):
        """A scene raised: drop the game, log it, show the error screen over the launcher.
        The error screen is imported only now (after the game's memory is freed); if even that
        is impossible, the launcher comes back with a notice."""
        self.faults += 1
        self.last_error = exc
        if self.game is not None:
            try:
                self.drop_game()
            except Exception:       # noqa: BLE001
                self.game = None
        self._reset_stack()
        self._op = _OP_NONE
        try:
            self.release_scenes()   # room for the error screen
            from core import errors
            screen = errors.ErrorScreen(exc, self.steps, self.hw.files)
        except Exception:           # noqa: BLE001 - e.g. MemoryError with the heap locked
            self.notice.post("Error: see error.log")
            self._full = True
            if self.launcher is None:
                self._op = _OP_HOME     # a game's console: the launcher after a restart
            return
        self._op = _OP_PUSH
        self._op_scene = screen
