"""python -m host_sim: the picotable desktop simulator (see --help)."""
import argparse
import json
import os
import sys
import tempfile

from host_sim import boot

boot.install()

from core import catalog, storage  # noqa: E402
from core import settings_file as SF  # noqa: E402
from core import setup as SU  # noqa: E402

from host_sim.clock import RealClock, VirtualClock  # noqa: E402
from host_sim.hardware import NoButtons, SimHardware, WindowButtons  # noqa: E402
from host_sim import png, replay as R  # noqa: E402

STEP_MS = (33, 33, 34)          # three steps = 100 ms: 30 Hz on a millisecond clock
SPEEDS = ("slow", "normal", "fast", "instant")


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
    p = argparse.ArgumentParser(
        prog="python -m host_sim",
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
""")
    p.add_argument("--headless", action="store_true", help="no window: run --frames steps on a virtual clock")
    p.add_argument("--frames", type=int, default=None, metavar="N",
                   help="steps to run headless (default: 1, or the whole --replay)")
    p.add_argument("--screenshot", metavar="PNG", help="headless: write the last frame as a PNG")
    p.add_argument("--replay", metavar="FILE", help="feed recorded input, step for step")
    p.add_argument("--record", metavar="FILE", help="record this run's input (buttons and tilt per step)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="fixed seed (games started get S)")
    p.add_argument("--game", choices=catalog.NAMES, help="start this game directly")
    p.add_argument("--seats", metavar="LIST", help="who sits where, e.g. bot:hard,bot:easy,human")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--until-end", action="store_true", help="with --game: play until the game is over")
    p.add_argument("--max-frames", type=int, default=300000, metavar="N",
                   help="give up --until-end after N steps (default 300000)")
    p.add_argument("--export-record", metavar="FILE", help="write the game's record as JSON lines")
    p.add_argument("--games", type=int, default=1, metavar="K", help="play K games, seeds S, S+1, ...")
    p.add_argument("--bot-speed", choices=SPEEDS, help="bot delay (default: instant with --until-end)")
    p.add_argument("--accel", choices=("sim", "none", "blinka"), default="sim",
                   help="tilt: simulated (mouse/keys/stick), no sensor, or a real sensor through adafruit-blinka")
    p.add_argument("--data", metavar="DIR", help="settings and saves folder "
                   "(default ~/.picotable-sim in a window, a fresh temporary folder headless)")
    p.add_argument("--scale", type=int, default=2, help="window scale (default 2)")
    return p


class Run:
    """One console in the simulator, windowed or headless."""

    def __init__(self, args, seed, data_dir, rp=None):
        from core.console import Console
        self.args = args
        self.rp = rp
        self.window = None
        self.steps = 0
        if rp is not None:
            buttons, accel = rp.buttons, rp.accel
        else:
            buttons, accel = NoButtons(), _make_accel(args.accel)
        if not args.headless:
            from host_sim.window import Window
            self.window_accel = accel if accel is not None and hasattr(accel, "set") else None
        self.recorder = None
        if args.record:
            self.recorder = R.Recorder(buttons, accel)
            self.recorder.seed = seed if seed is not None else 0
            buttons, accel = self.recorder.buttons, self.recorder.accel
        clock = VirtualClock() if args.headless else RealClock()
        self.hw = SimHardware(buttons, accel, clock, data_dir, seed=seed)
        if not args.headless:
            from host_sim.sound import open_sound
            self.hw.sound = open_sound()
            self.window = Window(self.hw.display, self.window_accel, args.scale)
            if rp is None:
                inner = WindowButtons(self.window)
                if self.recorder is not None:
                    self.recorder.inner_buttons = inner
                else:
                    self.hw.buttons = inner
        self.console = Console(self.hw)
        if self.recorder is not None:
            self.recorder.settings = bytes(SF.payload(self.console.settings))
        if args.bot_speed or (args.until_end and args.bot_speed is None):
            self.console.settings.bot_speed = SPEEDS.index(args.bot_speed or "instant")

    def frame(self):
        self.console.frame()
        if isinstance(self.hw.clock, VirtualClock):
            self.hw.clock.advance(STEP_MS[self.steps % 3])
        self.steps += 1

    def close(self):
        if self.recorder is not None:
            self.recorder.write(self.args.record)
            print("recorded %d steps to %s" % (len(self.recorder.steps), self.args.record))


def _make_accel(kind):
    if kind == "none":
        return None
    if kind == "blinka":
        from host_sim import blinka_bridge
        return blinka_bridge.open_accel()
    from host_sim.sim_accel import SimAccel
    return SimAccel()


def _data_dir(args, rp):
    if args.data:
        d = args.data
    elif args.headless:
        d = tempfile.mkdtemp(prefix="picotable-sim-")
    else:
        d = os.path.join(os.path.expanduser("~"), ".picotable-sim")
    os.makedirs(d, exist_ok=True)
    if rp is not None and rp.settings is not None:
        # replay with the settings the recording was made with
        from core.files import Files
        storage.save(Files(os, d), SF.FILE, SF.MAGIC, SF.VERSION, rp.settings)
    return d


def make_setup(args, name, seed, console):
    pkg = catalog.package(name)
    if pkg is None:
        raise SystemExit("game %r is not available yet" % name)
    lo, hi = pkg.SEATS
    if args.seats:
        try:
            kinds = SU.parse_seats(args.seats)
        except ValueError as e:
            raise SystemExit("--seats: %s" % e)
    else:
        kinds = bytearray([SU.HUMAN] + [SU.NORMAL] * (max(lo, 2) - 1))
    if not lo <= len(kinds) <= hi:
        raise SystemExit("--seats: %s takes %d to %d seats, not %d" % (name, lo, hi, len(kinds)))
    options = bytearray(len(pkg.OPTIONS))
    for item in args.option:
        key, _, value = item.partition("=")
        i = SU.option_index(pkg, key)
        if i < 0:
            raise SystemExit("--option: %s has no option %r (it has: %s)" % (
                name, key, ", ".join(o[0] for o in pkg.OPTIONS) or "none"))
        choices = pkg.OPTIONS[i][2]
        if value not in choices:
            raise SystemExit("--option %s: choose one of %s" % (key, "|".join(choices)))
        options[i] = choices.index(value)
    names = SU.seat_names(kinds, console.settings)
    return SU.Setup(name, kinds, names, options, seed)


def export_record(path, scene, setup, append):
    from core import catalog as C
    events = __import__("games.%s.events" % setup.game, None, None, ("EVENTS",)).EVENTS
    pkg = C.package(setup.game)
    rec = scene.record
    with open(path, "a" if append else "w") as f:
        head = {"event": "game", "game": setup.game, "seed": setup.seed,
                "seats": [SU.KIND_KEYS[k] for k in setup.kinds], "names": setup.names,
                "options": {pkg.OPTIONS[i][0]: pkg.OPTIONS[i][2][setup.options[i]] for i in range(len(pkg.OPTIONS))}}
        f.write(json.dumps(head) + "\n")
        for i in range(rec.n):
            kind = rec.kind(i)
            name, fields = events[kind]
            row = {"n": i, "event": name}
            for j, fname in enumerate(fields):
                row[fname] = rec.field(i, j)
            f.write(json.dumps(row) + "\n")
        if rec.lost:
            f.write(json.dumps({"event": "record_full", "lost": rec.lost}) + "\n")


def run_games(args):
    base = args.seed if args.seed is not None else 1
    rp = R.Replay(args.replay) if args.replay else None
    unfinished = 0
    for k in range(args.games):
        seed = base + k
        run = Run(args, seed, _data_dir(args, rp), rp if k == 0 else None)
        setup = make_setup(args, args.game, seed, run.console)
        if not run.console.start_game(args.game, setup):
            raise SystemExit("could not start %s" % args.game)
        scene = run.console.game
        if setup.humans() and rp is None and args.headless and args.until_end:
            raise SystemExit("--until-end with human seats needs --replay FILE for their input")
        limit = args.max_frames if args.until_end else (args.frames or 1)
        while run.steps < limit:
            if args.until_end and getattr(scene, "game_over", False):
                break
            if run.console.faults:
                break
            run.frame()
        over = getattr(scene, "game_over", False)
        if run.console.faults:
            top = run.console.top
            line = "ERROR %s %s" % (getattr(top, "where", "?"), " ".join(getattr(top, "lines", ())))
        elif over:
            line = scene.result()
        else:
            line = "unfinished"
            unfinished += 1
        print("game=%s seed=%d frames=%d %s" % (args.game, seed, run.steps, line), flush=True)
        if args.export_record:
            export_record(args.export_record, scene, setup, append=k > 0)
        if args.screenshot and k == args.games - 1:
            png.write(args.screenshot, 240, 240, run.hw.display.rgb())
        run.close()
        if run.console.faults:
            return 1
    return 0


def main(argv=None):
    args = parser().parse_args(argv)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    if (args.until_end or args.export_record or args.games > 1 or args.option or args.seats) and not args.game:
        raise SystemExit("--until-end, --export-record, --games, --option and --seats need --game NAME")
    try:
        if args.game and (args.headless or args.until_end):
            if not args.headless:
                args.headless = True
            return run_games(args)
        return run_console(args)
    except RuntimeError as e:
        raise SystemExit(str(e))
    except ValueError as e:
        raise SystemExit(str(e))


def run_console(args):
    rp = R.Replay(args.replay) if args.replay else None
    seed = args.seed if args.seed is not None else (rp.seed if rp is not None else None)
    if seed is None and args.record:
        import time
        seed = int(time.time()) & 0xFFFFF
    run = Run(args, seed, _data_dir(args, rp), rp)
    c = run.console
    if args.game:
        c.start_game(args.game, make_setup(args, args.game, seed if seed is not None else c.new_seed(), c))
    if args.headless:
        n = args.frames if args.frames is not None else (rp.total if rp is not None else 1)
        for _ in range(n):
            run.frame()
        if args.screenshot:
            png.write(args.screenshot, 240, 240, run.hw.display.rgb())
        run.close()
        print("steps=%d faults=%d" % (run.steps, c.faults))
        return 1 if c.faults else 0
    try:
        if rp is not None:
            while not rp.done:
                run.window.poll()          # keep the window alive; input comes from the file
                c.frame()
                run.hw.clock.sleep_ms(33)
        else:
            c.run()
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        run.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
