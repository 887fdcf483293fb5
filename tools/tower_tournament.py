"""Tower bots against each other: the win rate of one level over another, headless.

    python tools/tower_tournament.py [--games 200] [--a 3] [--b 1] [--supply 0] [--seed 1]
                                     [--jobs 2] [--port unix]

Plays two-seat games of level A against level B on the unix MicroPython port (viper physics,
compiled .mpy, as on the board) through tests/mp/tower_locked.py in `free` mode: the real
console, the real scene, the bots steering through the tilt pipeline. Seats alternate (odd
games swap who sits where), the start player is drawn from each game's seed. Prints one line
per game and a summary (A_95: the Wilson 95 % interval of A_rate; a draw is not a win; plays:
how many of the games differ in the players' choices, whatever the poses):
    A=hard B=easy games=200 A_wins=... B_wins=... draws=... A_rate=...% A_95=...-...% plays=...
docs/tower.md quotes the summary.
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mprun  # noqa: E402

sys.path.insert(0, mprun.ROOT)
from host_sim.args import Parser, whole  # noqa: E402
from tools.winrate import interval  # noqa: E402

LEVELS = ("", "easy", "normal", "hard")


def run_chunk(port, seed, games, kinds, supply):
    args = ["free", str(seed), str(games), kinds, str(supply)]
    return mprun.run(port, os.path.join("tests", "mp", "tower_locked.py"), args, mpy=port == "unix",
                     cwd=mprun.ROOT, timeout=7200)


def main(argv=None):
    p = Parser(prog="python tools/tower_tournament.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=whole(1), default=200)
    p.add_argument("--a", type=whole(1, 3), default=3, help="level of player A (1 easy, 2 normal, 3 hard)")
    p.add_argument("--b", type=whole(1, 3), default=1)
    p.add_argument("--supply", type=whole(0, 2), default=0, help="0 all pieces, 1 convex, 2 short")
    p.add_argument("--seed", type=whole(0), default=1)
    p.add_argument("--jobs", type=whole(1, 64), default=2)
    p.add_argument("--port", choices=mprun.LOCKED_PORTS, default="unix")
    args = p.parse_args(argv)
    try:
        # the compiled tree once, before the threads (each would otherwise check it again)
        if args.port == "unix":
            mprun.unix_binary()
            mprun.compiled_firmware("x64")
            mprun.compiled_firmware("x64", mprun.MP_TESTS, "tests-mp")
        else:
            mprun.wasm_runner(args.port == "wasm-min")
    except (mprun.MissingPort, OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("python tools/tower_tournament.py: %s" % e)
    kinds = "%d%d" % (args.a, args.b)
    per = (args.games + args.jobs - 1) // args.jobs
    if per & 1:
        per += 1                        # chunks of even length keep the seat swap aligned
    t0 = time.time()
    procs = []
    import concurrent.futures as cf
    with cf.ThreadPoolExecutor(args.jobs) as ex:
        seed = args.seed
        left = args.games
        while left > 0:
            n = per if per < left else left
            procs.append(ex.submit(run_chunk, args.port, seed, n, kinds, args.supply))
            seed += n
            left -= n
        outs = [f.result() for f in procs]
    a_wins = b_wins = draws = bad = 0
    frames = []
    plays = set()
    pat = re.compile(r"game seed=(\d+) kinds=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) .* "
                     r"plays=(\w+) result=winner=(\S+)")
    for r in outs:
        if r.returncode:
            sys.stderr.write(r.stderr)
        for line in r.stdout.splitlines():
            m = pat.match(line)
            if not m:
                continue
            print(line)
            w = m.group(7)
            plays.add(m.group(6))
            frames.append(int(m.group(3)))
            bad += int(m.group(5))
            a_seat = (int(m.group(1)) - args.seed) & 1     # odd games: A sits in seat 1
            if w == "draw":
                draws += 1
            elif int(w) == a_seat:
                a_wins += 1
            else:
                b_wins += 1
    n = a_wins + b_wins + draws
    lo, hi = interval(a_wins, max(n, 1))
    print("A=%s B=%s supply=%d games=%d A_wins=%d B_wins=%d draws=%d A_rate=%.1f%% A_95=%.1f-%.1f%% "
          "plays=%d frames_mean=%d faults=%d seconds=%.0f"
          % (LEVELS[args.a], LEVELS[args.b], args.supply, n, a_wins, b_wins, draws,
             100.0 * a_wins / max(n, 1), 100.0 * lo, 100.0 * hi, len(plays),
             sum(frames) // max(len(frames), 1), bad, time.time() - t0))
    return 0 if n == args.games and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
