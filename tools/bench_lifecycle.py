"""Lifecycle runs on the emulated Pico: games started, played and left the way the console does
it, through restarts (soft resets), in one vpico --boot run (the board side is
tools/pico/bench_lifecycle.py). Part of make bench-pico's figures: the launcher's live heap
before and after K games in a row, each game's live heap as it starts, its first player (G-2),
the longest time without a watchdog feed across a restart, and whether a ballast block of B KB
taken first leaves room for all of it.

    python tools/bench_lifecycle.py GAME KINDS [--seed S] [--games K] [--ballast KB]
                                    [--frames N] [--vpico PATH]

KINDS: a digit per seat, 1-8 seats (0 human: the seeded mash of tests/mp/mash.py, 1 easy, 2
normal, 3 hard). --frames caps each game (a start probe: a few frames). It uses tools/bench_pico.py's board
(VPICO and its assets; the tree compiled and copied onto the board afresh, so do not run it
beside make bench-pico) and its lifecycle runs, which make bench-pico's game parts use too; the
run's raw output goes to build/bench-pico/life-*.log. Exit status: 0 every boot reported, 1 not,
2 set-up.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from host_sim.args import Parser, whole  # noqa: E402

import bench_pico as BP  # noqa: E402


def kinds(text):
    """An argparse type: 1-8 seat digits (one: NMBR 9's solitaire; NOPE! seats 6, Tip Top 8), 0
    human, 1 easy, 2 normal, 3 hard."""
    if not 1 <= len(text) <= 8 or any(ch not in "0123" for ch in text):
        raise argparse.ArgumentTypeError("%r is not 1-8 seat digits of 0 (human) 1 2 3 (bot levels)"
                                         % text)
    return text


def row(r):
    if r.get("what") == "launcher":
        return "| %s | launcher | | | %s | | | |" % (r["boot"], r["live"])
    if r.get("result") == "nostart":
        return "| %s | %s | | | **no start: %s** | | | |" % (r["boot"], r["game"], r.get("error", "?"))
    return "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        r["boot"], r["game"], r.get("start", "?"), r.get("winners", "-"), r.get("live_start", "?"),
        r.get("gap_ms", "?"), r.get("result", "?"), r.get("frames", "?"))


def main(argv):
    ap = Parser(prog="python tools/bench_lifecycle.py", description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=BP.GAMES)
    ap.add_argument("kinds", type=kinds)
    ap.add_argument("--seed", type=whole(0, (1 << 30) - 1), default=1)
    ap.add_argument("--games", type=whole(1, 100), default=1)
    ap.add_argument("--ballast", type=whole(0, 228), default=0, help="KB taken first (default 0)")
    ap.add_argument("--frames", type=whole(1), default=30000, help="frame cap per game (default 30000)")
    ap.add_argument("--vpico", default=None)
    opt = ap.parse_args(argv)
    try:
        vpico = BP.vpico_path(opt.vpico)
        BP.check_assets(vpico)
    except BP.SetupError as e:
        print("bench_lifecycle: %s" % e, file=sys.stderr)
        return 2
    os.makedirs(BP.OUT, exist_ok=True)
    name = "life-%s-%s-%d-%d" % (opt.game, opt.kinds, opt.seed, opt.ballast)
    try:
        tree = BP.build_tree()
    except BP.build.BuildError as e:
        print("bench_lifecycle: build failed: %s" % e, file=sys.stderr)
        return 2
    with open(os.path.join(BP.OUT, name + ".log"), "w") as log:
        board = BP.Board(vpico, log)
        try:
            board.flash(tree)
        except BP.SetupError as e:
            print("bench_lifecycle: %s" % e, file=sys.stderr)
            return 2
        run = BP.lifecycle(board, opt.game, opt.kinds, opt.seed, opt.games, opt.ballast * 1024,
                           opt.frames)
    print("%s %s, seed %d, %d game(s), ballast %d KB (emulated Pico)" % (
        opt.game, opt.kinds, opt.seed, opt.games, opt.ballast))
    print()
    print("| boot | what | first player | winners | live heap (bytes) | unfed watchdog ms | result | frames |")
    print("|---|---|---|---|---|---|---|---|")
    boots = [r for r in run.records if r["kind"] == "life" and "boot" in r]
    for r in boots:
        print(row(r))
    done = any(r["kind"] == "life" and "boots" in r for r in run.records)
    print()
    if done:
        end = "back at the launcher"
    elif boots and boots[-1].get("result") == "unfinished":
        end = "stopped at --frames %d" % opt.frames
    else:
        end = "ended early: " + run.failure()
    print("(%.0f s wall, %.1f s emulated; %s)" % (run.wall_s, run.summary.get("run_ms", 0) / 1000, end))
    return 0 if boots else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
