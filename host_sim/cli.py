"""python -m host_sim: the picotable desktop simulator (see --help).

Every argument, file and folder is checked before anything runs (check()); a bad one ends the
command with one line on stderr naming it and a non-zero exit, never a traceback."""
import argparse
import json
import os
import shutil
import sys
import tempfile

from host_sim import boot

boot.install()

from core import catalog, storage  # noqa: E402
from core import settings_file as SF  # noqa: E402
from core import setup as SU  # noqa: E402

from host_sim.clock import RealClock, VirtualClock  # noqa: E402
from host_sim.hardware import NoButtons, Restart, SimBattery, SimHardware, WindowButtons  # noqa: E402
from host_sim import outputs, png, replay as R  # noqa: E402
from host_sim.args import Parser, whole  # noqa: E402

STEP_MS = (33, 33, 34)          # three steps = 100 ms: 30 Hz on a millisecond clock
SPEEDS = ("slow", "normal", "fast", "instant")
MAX_SEED = R.MAX_SEED           # seeds are 30-bit (core.setup.Setup keeps 30 bits)
MAX_STEPS = R.MAX_STEPS         # --frames, --max-frames and a --replay's steps: 10,000,000
MAX_GAMES = 10_000              # --games
SETTLE_STEPS = 90               # after a game's end, steps for its screen to settle (3 s at most)
PROG = "python -m host_sim"


def _game_options_help():
    lines = ["games and their --option keys (the first choice is the default):"]
    for i, name in enumerate(catalog.NAMES):
        pkg = catalog.package(name)
        if pkg is None:
            lines.append("  %-10s %s: not available yet" % (name, catalog.TITLES[i]))
            continue
        lo, hi = pkg.SEATS
        lines.append("  %-10s %s, %d-%d seats" % (name, pkg.TITLE, lo, hi))
        for key, label, choices in pkg.OPTIONS:
            lines.append("      --option %s=%s   (%s)" % (key, "|".join(choices), label))
    return "\n".join(lines)


def parser():
    p = Parser(
        prog=PROG,
        description="The picotable simulator: the console's core in a desktop window, or headless "
                    "for scripts and CI.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_game_options_help() + """

seats: a comma list, clockwise from seat 1: human, bot:easy, bot:normal, bot:hard (bot = normal)

examples:
  python -m host_sim                                    the launcher in a window
  python -m host_sim --game norespect --seats human,bot:hard
  python -m host_sim --headless --frames 60 --screenshot launcher.png
  python -m host_sim --record run.txt  (then)  python -m host_sim --headless --replay run.txt --screenshot end.png
  python -m host_sim --headless --game tower --seats bot:hard,bot:easy --seed 1 --until-end --games 20
  python -m host_sim --game norespect --seats human,bot:hard --record r.txt  (then)
  python -m host_sim --game norespect --seats human,bot:hard --replay r.txt --until-end

--replay FILE feeds the recorded input (buttons and tilt) step for step, with the recording's seed
(unless --seed) and settings; start the same way as when recording (--game, --seats, --option).
  in the window: the whole recording plays, then the window closes
  --headless: the whole recording runs (or the first --frames N steps), then the result
  --game ... --until-end: the game is played to its end, at most --max-frames steps; the
      recording feeds the human seats and once it has run out no button is pressed
A game that does not end within --max-frames steps prints "unfinished" and exits with status 1.

limits: --frames and --max-frames up to %d steps (92 hours of game time), --games up to %d, seeds
0..%d; a --replay file is a regular file (not a device or a FIFO) of at most %d MB and %d steps.
An output never overwrites an input (nor another output); it is written under a temporary name and
renamed once complete.
""" % (MAX_STEPS, MAX_GAMES, MAX_SEED, R.MAX_BYTES >> 20, MAX_STEPS))
    p.add_argument("--headless", action="store_true", help="no window: run --frames steps on a virtual clock")
    p.add_argument("--frames", type=whole(1, MAX_STEPS), default=None, metavar="N",
                   help="steps to run headless (default: 1, or the whole --replay; at most %d)" % MAX_STEPS)
    p.add_argument("--screenshot", metavar="PNG", help="headless: write the last frame as a PNG (a name "
                   "ending in .png; with --until-end once the end of the game is drawn whole)")
    p.add_argument("--replay", metavar="FILE", help="feed recorded input, step for step (see below)")
    p.add_argument("--record", metavar="FILE", help="record this run's input (buttons and tilt per step)")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=None, metavar="S",
                   help="fixed seed (games started get S)")
    p.add_argument("--game", choices=catalog.NAMES, help="start this game directly")
    p.add_argument("--seats", metavar="LIST", help="who sits where, e.g. bot:hard,bot:easy,human")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--until-end", action="store_true",
                   help="with --game: play until the game is over (headless; exit status 1 if it is not "
                        "over within --max-frames steps)")
    p.add_argument("--max-frames", type=whole(1, MAX_STEPS), default=None, metavar="N",
                   help="with --until-end: give up after N steps (default 300000, at most %d)" % MAX_STEPS)
    p.add_argument("--export-record", metavar="FILE", help="write the game's record as JSON lines")
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=1, metavar="K",
                   help="play K games in a row through the results screen's play again (seeds S, S+1, "
                        "...; the next seat starts each game, or No Respect's start draw decides, G-2; "
                        "at most %d)" % MAX_GAMES)
    p.add_argument("--bot-speed", choices=SPEEDS, help="bot delay, set in the data folder's settings "
                   "(default: instant with --until-end)")
    p.add_argument("--accel", choices=("sim", "none", "blinka"), default=None,
                   help="tilt: simulated (mouse/keys/stick; the default), no sensor, or a real sensor "
                        "through adafruit-blinka (a --replay uses the recording's)")
    p.add_argument("--data", metavar="DIR", help="settings and saves folder (default ~/.picotable-sim "
                   "in a window, a fresh temporary folder headless or with --replay); a file there "
                   "that cannot be read is reported on stderr")
    p.add_argument("--scale", type=whole(1, 4), default=None, help="window scale, 1-4 (default 2)")
    p.add_argument("--vsys", type=vsys, default=None, metavar="VOLTS|usb",
                   help="a battery: VSYS at VOLTS (2.5-5.5, e.g. 3.6: the launcher's gauge, the low "
                        "and critical levels), or usb (USB power: a plug); default none (no gauge)")
    p.add_argument("--timeouts", type=timeouts, default=None, metavar="DIM,SLEEP",
                   help="seconds without input before the screen dims and the console sleeps, "
                        "instead of the settings' (0 = never), e.g. 5,10")
    return p


def vsys(text):
    """--vsys: (millivolts, USB power)."""
    if text == "usb":
        return (5000, True)
    try:
        v = float(text)
    except ValueError:
        v = 0
    if not 2.5 <= v <= 5.5:
        raise argparse.ArgumentTypeError("%r is not a voltage in 2.5..5.5 or usb" % text)
    return (int(round(v * 1000)), False)


def timeouts(text):
    """--timeouts DIM,SLEEP: two whole numbers of seconds (0 = never)."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) <= 86400 for p in parts):
        raise argparse.ArgumentTypeError("%r is not DIM,SLEEP in whole seconds (0-86400)" % text)
    return (int(parts[0]), int(parts[1]))


class Run:
    """One console in the simulator, windowed or headless. hw.restart() (a game started as the
    launcher starts it, play again, back to the launcher) builds a new console on the same
    hardware, as main.py does after the board's soft reset."""

    def __init__(self, args, seed, data_dir, rp=None):
        self.args = args
        self.rp = rp
        self.window = None
        self.steps = 0
        if rp is not None:
            buttons, accel = rp.buttons, rp.accel
        else:
            buttons, accel = NoButtons(), _make_accel(args.accel or "sim")
        if not args.headless:
            from host_sim.window import Window
            self.window_accel = accel if accel is not None and hasattr(accel, "set") else None
        self.recorder = None
        if args.record:
            self.recorder = R.Recorder(buttons, accel)
            self.recorder.seed = seed if seed is not None else 0
            buttons, accel = self.recorder.buttons, self.recorder.accel
        clock = VirtualClock() if args.headless else RealClock()
        battery = SimBattery(*args.vsys) if args.vsys is not None else None
        self.hw = SimHardware(buttons, accel, clock, data_dir, seed=seed, battery=battery,
                              timeouts=args.timeouts)
        if not args.headless:
            from host_sim.sound import open_sound
            self.hw.sound, why = open_sound()
            if why:
                note("no sound (%s): the simulator runs silent" % why)
            self.window = Window(self.hw.display, self.window_accel, args.scale or 2)
            if rp is None:
                inner = WindowButtons(self.window)
                if self.recorder is not None:
                    self.recorder.inner_buttons = inner
                else:
                    self.hw.buttons = inner
        self.console = None
        self.restart()
        said = self.console.notice.lines()     # what the boot found wrong in the data folder
        for line in said.split("\n") if said else ():
            note("data folder %s: %s" % (data_dir, line))
        if self.recorder is not None:
            self.recorder.settings = bytes(SF.payload(self.console.settings))

    def restart(self):
        from core.console import Console
        self.console = Console(self.hw)

    def launch(self, setup):
        """Start a game as the launcher's setup screen does: through a restart."""
        from core import session
        try:
            session.launch(self.console, session.GO_NEW, setup)
        except Restart:
            self.restart()

    def play_again(self):
        """What the players do after a game: A on its result screen (the evening's table comes
        up), then A on the table (a restart into the next game)."""
        from core import session
        c = self.console
        c.end_game()
        self.frame()
        try:
            session.play_again(c)
        except Restart:
            self.restart()

    def frame(self):
        """One step and render, as Console.run() does them (saving and falling asleep first
        when the power state asks: core/power.py)."""
        try:
            if self.console.power.due:
                self.console.power_work()
            self.console.frame()
        except Restart:
            self.restart()
        if isinstance(self.hw.clock, VirtualClock):
            self.hw.clock.advance(STEP_MS[self.steps % 3])
        self.steps += 1

    def settle(self):
        """After a game's end: steps until a frame pushes nothing to the display, so the end is
        drawn whole (Tip Top names the winner a frame before its seats and log follow), at most
        SETTLE_STEPS."""
        for _ in range(SETTLE_STEPS):
            self.frame()
            if not self.hw.display.last_bytes:
                return

    def screenshot(self, path):
        outputs.write_file("--screenshot", path, png.encode(240, 240, self.hw.display.rgb()))

    def close(self):
        if self.recorder is not None:
            outputs.write_file("--record", self.args.record, self.recorder.text())
            say("recorded %d steps to %s" % (len(self.recorder.steps), self.args.record))


def _make_accel(kind):
    if kind == "none":
        return None
    if kind == "blinka":
        from host_sim import blinka_bridge
        return blinka_bridge.open_accel()
    from host_sim.sim_accel import SimAccel
    return SimAccel()


def _data_dir(args, rp):
    """The checked data folder (check()), with the settings this run needs written into it."""
    d = args.data_dir
    from core.files import Files
    files = Files(os, d)
    if rp is not None and rp.settings is not None:
        # replay with the settings the recording was made with
        if not storage.save(files, SF.FILE, SF.MAGIC, SF.VERSION, rp.settings):
            fail("data folder %s: cannot write the recording's settings into %s" % (d, SF.FILE))
    elif args.bot_speed or args.until_end:
        # the bot speed as the settings screen sets it: every console of the run reads it
        from core.settings import Settings
        s = Settings()
        said = SF.load(s, files)
        if said:
            note("data folder %s: %s" % (d, said))
        s.bot_speed = SPEEDS.index(args.bot_speed or "instant")
        if not SF.save(s, files):
            fail("data folder %s: cannot write the bot speed into %s" % (d, SF.FILE))
    return d


# -- checks: everything before anything runs ------------------------------------------------------
def fail(message):
    """End the command: one line on stderr naming the problem, exit status 1."""
    raise SystemExit("%s: %s" % (PROG, message))


def note(message):
    """One line on stderr that does not end the command."""
    sys.stderr.write("%s: %s\n" % (PROG, message))


def say(line):
    """A line on stdout (a result); a stdout that cannot take it ends the command in one line."""
    try:
        print(line, flush=True)
    except BrokenPipeError:
        raise
    except OSError as e:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second complaint at exit
        fail("standard output: %s" % outputs.why(e, "cannot write to it"))


def _output_file(flag, path):
    """A file the run will write: not a folder, in a folder where a file can really be made (a
    device or a pipe, written directly: writable)."""
    if os.path.isdir(path):
        fail("%s %s: is a folder, not a file" % (flag, path))
    if os.path.exists(path) and not os.path.isfile(path):
        if not os.access(path, os.W_OK):
            fail("%s %s: not writable" % (flag, path))
        return
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        fail("%s %s: no such folder %s" % (flag, path, folder))
    e = outputs.probe(folder)
    if e is not None:
        fail("%s %s: %s" % (flag, path, outputs.why(e, "cannot make a file in " + folder)))
    if os.path.exists(path) and not os.access(path, os.W_OK):
        fail("%s %s: not writable" % (flag, path))


def _outputs_apart(args):
    """No output is the --replay file, no two outputs are one file (symlinks and hard links count)."""
    outs = [(flag, path) for flag, path in (("--screenshot", args.screenshot), ("--record", args.record),
                                            ("--export-record", args.export_record)) if path is not None]
    for i, (flag, path) in enumerate(outs):
        if args.replay is not None and outputs.same_file(path, args.replay):
            fail("%s %s: is the --replay file: an output never overwrites an input" % (flag, path))
        for other, path2 in outs[:i]:
            if outputs.same_file(path, path2):
                fail("%s %s: is the %s file too: give each output a file of its own" % (flag, path, other))


def load_replay(path):
    if not os.path.lexists(path):
        fail("--replay %s: no such file" % path)
    try:
        return R.Replay(path)
    except UnicodeDecodeError:
        fail("--replay %s: not a picotable input recording (not text)" % path)
    except OSError as e:
        fail("--replay %s: cannot read it (%s)" % (path, e.strerror or e))
    except R.RecordingError as e:
        fail("--replay %s%s: %s" % (path, " line %d" % e.line if e.line else "", e))


def data_folder(args):
    """The settings and saves folder, made if need be and checked by writing a file there: --data,
    else a fresh temporary one (headless, or a replay: it starts from the recording's settings and
    leaves the player's own alone; removed at the end), else ~/.picotable-sim."""
    if args.data is None and (args.headless or args.until_end or args.replay is not None):
        try:
            args.temp_data = tempfile.mkdtemp(prefix="picotable-sim-")
        except OSError as e:
            fail("no temporary folder for settings and saves (%s): give --data DIR" % (e.strerror or e))
        return args.temp_data
    d = args.data if args.data is not None else os.path.join(os.path.expanduser("~"), ".picotable-sim")
    name = "--data " + d if args.data is not None else "the data folder %s (--data)" % d
    if os.path.exists(d) and not os.path.isdir(d):
        fail("%s: is a file, not a folder" % name)
    try:
        os.makedirs(d, exist_ok=True)
    except OSError as e:
        fail("%s: cannot make the folder (%s)" % (name, e.strerror or e))
    e = outputs.probe(d)
    if e is not None:
        fail("%s: settings and saves cannot be kept there (%s)" % (name, e.strerror or e))
    return d


def _window_can_open():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")    # no pygame banner on stdout
    from host_sim import window
    why = window.display_problem()
    if why:
        fail("the window cannot open (%s): set DISPLAY (or WAYLAND_DISPLAY) to a desktop's display, "
             "or run without a window: --headless (see --help)" % why)


def seats_and_options(args):
    """--game, --seats and --option as (seat kinds, option indices), or fail()."""
    name = args.game
    pkg = catalog.package(name)
    if pkg is None:
        fail("--game %s: not available yet" % name)
    lo, hi = pkg.SEATS
    if args.seats is not None:
        try:
            kinds = SU.parse_seats(args.seats)
        except ValueError as e:
            fail("--seats %r: %s" % (args.seats, e))
    else:
        kinds = bytearray([SU.HUMAN] + [SU.NORMAL] * (max(lo, 2) - 1))
    if not lo <= len(kinds) <= hi:
        fail("--seats: %s takes %d to %d seats, not %d" % (name, lo, hi, len(kinds)))
    options = bytearray(len(pkg.OPTIONS))
    keys = [item.partition("=")[0] for item in args.option]
    for key in keys:
        if keys.count(key) > 1:
            fail("--option %s: given %d times: choose once" % (key, keys.count(key)))
    for item in args.option:
        key, eq, value = item.partition("=")
        i = SU.option_index(pkg, key)
        if not eq:
            fail("--option %r: use KEY=VALUE" % item)
        if i < 0:
            fail("--option: %s has no option %r (it has: %s)" % (
                name, key, ", ".join(o[0] for o in pkg.OPTIONS) or "none"))
        choices = pkg.OPTIONS[i][2]
        if value not in choices:
            fail("--option %s: choose one of %s" % (key, "|".join(choices)))
        options[i] = choices.index(value)
    return kinds, options


def check(args):
    """Every argument, file and folder, before anything runs; fail()s at the first bad one.
    Sets args.rp (the --replay recording or None), args.data_dir (the settings and saves folder,
    args.temp_data too when it is a temporary one) and with --game args.kinds, args.options."""
    if args.game is None:
        for flag, given in (("--until-end", args.until_end), ("--export-record", args.export_record),
                            ("--games", args.games > 1), ("--option", args.option),
                            ("--seats", args.seats is not None)):
            if given:
                fail("%s needs --game NAME" % flag)
    for flag, path in (("--screenshot", args.screenshot), ("--record", args.record),
                       ("--export-record", args.export_record), ("--replay", args.replay), ("--data", args.data)):
        if path == "":
            fail("%s: an empty name" % flag)
    headless = args.headless or args.until_end
    for flag, given in (("--frames", args.frames is not None), ("--screenshot", args.screenshot),
                        ("--export-record", args.export_record), ("--games", args.games > 1)):
        if given and not headless:
            fail("%s runs headless only: add --headless (in the window F12 saves a screenshot)" % flag)
    if args.scale is not None and headless:
        fail("--scale sizes the window: leave it out headless")
    if args.screenshot is not None and not args.screenshot.lower().endswith(".png"):
        fail("--screenshot %s: the screenshot is a PNG: give a name ending in .png" % args.screenshot)
    if args.until_end and args.frames is not None:
        fail("--frames and --until-end do not go together (--until-end stops at --max-frames)")
    if args.max_frames is not None and not args.until_end:
        fail("--max-frames needs --until-end")
    if args.games > 1 and (args.replay or args.record):
        fail("--replay and --record take one game: leave out --games")
    if args.seed is not None and args.seed + args.games - 1 > MAX_SEED:
        fail("--seed %d with --games %d: seeds go up to %d" % (args.seed, args.games, MAX_SEED))
    for flag, path in (("--screenshot", args.screenshot), ("--export-record", args.export_record),
                       ("--record", args.record)):
        if path is not None:
            _output_file(flag, path)
    _outputs_apart(args)
    args.rp = load_replay(args.replay) if args.replay is not None else None
    if args.rp is not None:
        if args.accel is not None:
            fail("--accel: a replay reads the recording's sensor (accel %s): leave it out" % args.rp.accel_kind)
        if args.bot_speed and args.rp.settings is not None:
            fail("--bot-speed: a replay runs with the recording's settings, its bot speed included: "
                 "leave it out")
    if args.game:
        args.kinds, args.options = seats_and_options(args)
        if args.until_end and SU.HUMAN in args.kinds and args.rp is None:
            fail("--until-end with human seats needs --replay FILE for their input")
    if not headless:
        _window_can_open()
    args.data_dir = data_folder(args)


def make_setup(args, seed, console):
    return SU.Setup(args.game, args.kinds, SU.seat_names(args.kinds, console.settings), args.options, seed)


def record_lines(scene, setup):
    """The game's record as JSON lines (--export-record)."""
    events = __import__("games.%s.events" % setup.game, None, None, ("EVENTS",)).EVENTS
    pkg = catalog.package(setup.game)
    rec = scene.record
    head = {"event": "game", "game": setup.game, "seed": setup.seed,
            "seats": [SU.KIND_KEYS[k] for k in setup.kinds], "names": setup.names,
            "options": {pkg.OPTIONS[i][0]: pkg.OPTIONS[i][2][setup.options[i]] for i in range(len(pkg.OPTIONS))}}
    rows = [head]
    for i in range(rec.n):
        name, fields = events[rec.kind(i)]
        row = {"n": i, "event": name}
        for j, fname in enumerate(fields):
            row[fname] = rec.field(i, j)
        rows.append(row)
    if rec.lost:
        rows.append({"event": "record_full", "lost": rec.lost})
    return "".join(json.dumps(r) + "\n" for r in rows)


def base_seed(args):
    """The first game's seed: --seed, the recording's, or 1."""
    if args.seed is not None:
        return args.seed
    return args.rp.seed if args.rp is not None else 1


def run_games(args, run):
    """Headless games (--game) on `run` (a Run made with base_seed(args)): the first started as
    the launcher starts it, each next one by the results screen's play again (same seats and
    options; the next seat starts, or No Respect's start draw decides: G-2); one result line each."""
    rp = args.rp
    if args.until_end:
        limit = args.max_frames or 300000
    else:
        limit = args.frames or (rp.total if rp is not None else 1)
    unfinished = 0
    export = outputs.Output("--export-record", args.export_record) if args.export_record else None
    try:
        run.launch(make_setup(args, base_seed(args), run.console))
        for k in range(args.games):
            c = run.console
            scene = c.game
            if scene is None:
                fail("could not start %s: %s" % (args.game, c.last_error or c.notice.waiting()))
            setup = c.game_setup
            first = run.steps
            while run.steps - first < limit:
                if args.until_end and scene.game_over:
                    break
                if c.faults:
                    break
                run.frame()
            if c.faults:
                top = c.top
                line = "ERROR %s %s" % (getattr(top, "where", "?"), " ".join(getattr(top, "lines", ())))
            elif scene.game_over:
                line = scene.result()
            else:
                line = "unfinished"
                unfinished += 1
            say("game=%s seed=%d start=%d frames=%d %s" % (
                args.game, setup.seed, setup.start, run.steps - first, line))
            if export is not None:
                export.write(record_lines(scene, setup))
            if args.screenshot is not None and (k == args.games - 1 or c.faults):
                if scene.game_over and not c.faults:
                    run.settle()
                run.screenshot(args.screenshot)
            if c.faults:
                break
            if k < args.games - 1:
                if not scene.game_over:
                    unfinished += args.games - 1 - k        # no play again before the end
                    break
                run.play_again()
        if export is not None:
            export.close()
        run.close()
    finally:
        if export is not None:
            export.discard()            # nothing half-written is left (a no-op once closed)
    if run.console.faults:
        return 1
    if args.until_end and unfinished:
        note("--until-end: %d of %d games not over after %d steps (--max-frames)" % (
            unfinished, args.games, limit))
        return 1
    return 0


def main(argv=None):
    args = None
    try:
        args = parser().parse_args(argv)
        check(args)
        if args.game and (args.headless or args.until_end):
            args.headless = True
            return run_games(args, Run(args, base_seed(args), _data_dir(args, args.rp), args.rp))
        return run_console(args)
    except outputs.Failed as e:
        note(str(e))
        return 1
    except KeyboardInterrupt:
        note("interrupted")
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second complaint at exit
        return 1
    except Exception as e:  # noqa: BLE001 - the last line of defence: one line, never a traceback
        if os.environ.get("PICOTABLE_TRACEBACK"):
            raise
        note("%s%s" % ("" if isinstance(e, (RuntimeError, ValueError, OSError)) else type(e).__name__ + ": ", e))
        return 1
    finally:
        if getattr(args, "temp_data", None):
            shutil.rmtree(args.temp_data, ignore_errors=True)


def run_console(args):
    rp = args.rp
    seed = args.seed if args.seed is not None else (rp.seed if rp is not None else None)
    if seed is None and args.record:
        import time
        seed = int(time.time()) & 0xFFFFF
    run = Run(args, seed, _data_dir(args, rp), rp)
    if args.game:
        c = run.console
        run.launch(make_setup(args, seed if seed is not None else c.new_seed(), c))
    if args.headless:
        n = args.frames if args.frames is not None else (rp.total if rp is not None else 1)
        for _ in range(n):
            run.frame()
        if args.screenshot is not None:
            run.screenshot(args.screenshot)
        run.close()
        say("steps=%d faults=%d" % (run.steps, run.console.faults))
        return 1 if run.console.faults else 0
    try:
        while True:
            try:
                if rp is not None:
                    while not rp.done:
                        run.window.poll()      # keep the window alive; input comes from the file
                        run.frame()
                        run.hw.clock.sleep_ms(33)
                else:
                    run.console.run()
                break
            except Restart:
                run.restart()
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        run.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
