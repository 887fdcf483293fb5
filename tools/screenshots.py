"""Make the README's and the docs' pictures with the simulator: seeded headless runs of the very
same core, so a picture is what the code draws now (tests/test_screenshots.py fails when a
committed picture differs from it; `make screenshots` draws them again).

    python tools/screenshots.py [--only NAME[,NAME...]] [--list] [OUT_DIR]   (default docs/img)

Each game's picture is taken at a moment named by its record, not by a frame number: "after the
k-th event of this kind, f frames on", so a change in timing moves the moment with the game.
The simulator window's picture is drawn under SDL's dummy drivers (no screen needed).
"""
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_STEPS = 20000        # a shot whose moment does not come within this many steps fails


class Shot:
    """One 240 x 240 picture: a game (None: the launcher) with its seats and seed, taken when
    the record holds `count` events named `event`, `after` steps later (event None: after
    `after` steps). A human seat gets no input: the game waits on that human's turn."""

    def __init__(self, name, what, game=None, seats=None, seed=1, event=None, count=1, after=2,
                 options=()):
        self.name = name
        self.what = what
        self.game = game
        self.seats = seats
        self.seed = seed
        self.event = event
        self.count = count
        self.after = after
        self.options = options


SHOTS = (
    Shot("launcher", "the launcher", after=2),
    Shot("tower", "the tower: a hard bot's piece lands on a stack", "tower",
         "bot:hard,bot:hard", seed=1, event="release", count=12, after=12),
    Shot("tower-shelf", "the tower: a human chooses a piece from the shelf", "tower",
         "human,bot:hard", seed=2, after=40),
    Shot("norespect", "No Respect: four bots in the middle of a game", "norespect",
         "bot:hard,bot:normal,bot:hard,bot:easy", seed=2, event="draw", count=14, after=20),
    Shot("nope", "NOPE!: a human's hand on their turn", "nope",
         "human,bot:hard,bot:normal", seed=4, after=400),
    Shot("tiptop", "Tip Top: a human's hand on their turn", "tiptop",
         "human,bot:hard,bot:normal", seed=2, after=400),
    Shot("nmbr9", "NMBR 9: a hard bot's board late in the game", "nmbr9",
         "bot:hard,bot:normal", seed=2, event="place", count=28, after=30),
)


def shoot(shot, path, data_dir):
    """Run the shot's game headless on the virtual clock and write its PNG."""
    from host_sim import cli
    argv = ["--headless", "--data", data_dir, "--seed", str(shot.seed), "--bot-speed", "fast"]
    if shot.game:
        argv += ["--game", shot.game, "--seats", shot.seats]
        for opt in shot.options:
            argv += ["--option", opt]
    args = cli.parser().parse_args(argv)
    cli.check(args)
    run = cli.Run(args, shot.seed, cli._data_dir(args, None))
    if shot.game:
        run.launch(cli.make_setup(args, shot.seed, run.console))
        kind = _kind(shot.game, shot.event) if shot.event else None
        steps = 0
        while kind is not None and _count(run.console.game, kind) < shot.count:
            run.frame()
            steps += 1
            if steps > MAX_STEPS or run.console.faults or run.console.game.game_over:
                raise SystemExit("screenshots: %s: the moment (%d %s events) never came"
                                 % (shot.name, shot.count, shot.event))
    for _ in range(shot.after):
        run.frame()
    if run.console.faults:
        raise SystemExit("screenshots: %s: the console faulted" % shot.name)
    run.screenshot(path)


def _kind(game, event):
    events = __import__("games.%s.events" % game, None, None, ("EVENTS",)).EVENTS
    for k, (name, _fields) in enumerate(events):
        if name == event:
            return k
    raise SystemExit("screenshots: %s has no event %r" % (game, event))


def _count(scene, kind):
    rec = scene.record
    n = 0
    for i in range(rec.n):
        if rec.kind(i) == kind:
            n += 1
    return n


def window_picture(path, data_dir):
    """The simulator's window over the launcher, with a little tilt and A lit."""
    import pygame
    from host_sim import cli
    args = cli.parser().parse_args(["--data", data_dir])
    run = cli.Run(args, 1, args.data)
    run.window.accel.set(250, 120)          # a little tilt, to show the indicator
    for _ in range(3):
        run.console.frame()
    run.window._paint_body(32)              # A lit, as while pressing it
    pygame.image.save(run.window.surface, path)


def make(out, names=None):
    """Write the pictures named (all if None) into the folder out; returns their paths."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, ROOT)
    from host_sim import boot
    boot.install()
    os.makedirs(out, exist_ok=True)
    written = []
    for shot in SHOTS:
        if names is None or shot.name in names:
            path = os.path.join(out, shot.name + ".png")
            data = tempfile.mkdtemp(prefix="picotable-shot-")
            try:
                shoot(shot, path, data)
            finally:
                shutil.rmtree(data, ignore_errors=True)
            written.append(path)
    if names is None or "simulator" in names:
        path = os.path.join(out, "simulator.png")
        data = tempfile.mkdtemp(prefix="picotable-shot-")
        try:
            window_picture(path, data)
        finally:
            shutil.rmtree(data, ignore_errors=True)
        written.append(path)
    return written


def main(argv):
    sys.path.insert(0, ROOT)
    from host_sim.args import Parser
    p = Parser(prog="python tools/screenshots.py", description=__doc__.split("\n")[0])
    p.add_argument("out", nargs="?", default=os.path.join(ROOT, "docs", "img"), help="output folder")
    p.add_argument("--only", metavar="NAMES", help="comma list of pictures (see --list)")
    p.add_argument("--list", action="store_true", help="name the pictures and stop")
    a = p.parse_args(argv)
    known = [s.name for s in SHOTS] + ["simulator"]
    if a.list:
        for s in SHOTS:
            print("%-12s %s" % (s.name, s.what))
        print("%-12s %s" % ("simulator", "the simulator's window"))
        return 0
    names = None
    if a.only:
        names = a.only.split(",")
        bad = [n for n in names if n not in known]
        if bad:
            p.error("--only: no picture %s (see --list)" % ", ".join(bad))
    out = a.out
    if not os.path.isdir(os.path.dirname(os.path.abspath(out))):
        p.error("%s: its parent folder does not exist" % out)
    if os.path.exists(out) and not os.path.isdir(out):
        p.error("%s: is a file, not a folder" % out)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        p.error("%s: cannot make the folder (%s)" % (out, e.strerror or e))
    for path in make(out, names):
        print("wrote", os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
