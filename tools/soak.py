"""make soak: a million heap-locked frames across the five games on the unix port
(tests/mp/soak_locked.py: random seats of every kind, options, seeds, keys and tilt, and stretches
without input that dim the screen and put the console to sleep), in chunks of CHUNK frames with
seeds SEED, SEED+1, ... run two at a time; prints each chunk's line and the sum.

    python tools/soak.py [--frames N] [--seed S] [--port unix|wasm|wasm-min]

Exit status: 0 when no frame allocated or raised and no scene faulted, else 1.
"""
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mprun  # noqa: E402

sys.path.insert(0, mprun.ROOT)
from host_sim.args import Parser, whole  # noqa: E402

CHUNK = 100000
LINE = re.compile(r"soak frames=(\d+) games=(\d+) over=(\d+) bad=(\d+) faults=(\d+) dims=(\d+) "
                  r"sleeps=(\d+) wakes=(\d+) kinds=(\d+),(\d+),(\d+),(\d+)")
FIELDS = ("frames", "games", "over", "bad", "faults", "dims", "sleeps", "wakes",
          "human", "easy", "normal", "hard")


def chunk(port, frames, seed):
    r = mprun.run(port, "tests/mp/soak_locked.py", [str(frames), str(seed)], cwd=mprun.ROOT, timeout=7200)
    m = LINE.search(r.stdout)
    if r.returncode != 0 or not m:
        return None, (r.stderr.strip().splitlines() or ["no output"])[-1]
    return dict(zip(FIELDS, map(int, m.groups()))), m.group(0)


def main(argv=None):
    p = Parser(prog="python tools/soak.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=whole(1), default=1000000, help="frames (default 1,000,000)")
    p.add_argument("--seed", type=whole(1), default=1, help="the first chunk's seed (default 1)")
    p.add_argument("--port", choices=("unix", "wasm", "wasm-min"), default="unix")
    a = p.parse_args(argv)
    sizes = [CHUNK] * (a.frames // CHUNK) + ([a.frames % CHUNK] if a.frames % CHUNK else [])
    total = dict.fromkeys(FIELDS, 0)
    failed = 0
    with ThreadPoolExecutor(2) as ex:
        jobs = [ex.submit(chunk, a.port, n, a.seed + i) for i, n in enumerate(sizes)]
        for i, j in enumerate(jobs):
            res, line = j.result()
            print("seed %d: %s" % (a.seed + i, line), flush=True)
            if res is None:
                failed += 1
                continue
            for k in FIELDS:
                total[k] += res[k]
    print("soak (%s, seeds %d-%d): %s frames heap-locked, %d games (%d played to the end), "
          "%d allocating or raising frames, %d faults; %d dims, %d sleeps, %d wakes; seats: "
          "%d human, %d easy, %d normal, %d hard" % (
              a.port, a.seed, a.seed + len(sizes) - 1, format(total["frames"], ","),
              total["games"], total["over"], total["bad"], total["faults"], total["dims"],
              total["sleeps"], total["wakes"], total["human"], total["easy"], total["normal"],
              total["hard"]))
    ok = not failed and not total["bad"] and not total["faults"] and total["frames"] == a.frames
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
