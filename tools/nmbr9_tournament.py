"""Headless NMBR 9 bot games over rules + bot directly (CPython): solo deals and line-ups.

    python tools/nmbr9_tournament.py --solo easy,normal,hard --deals 200 [--seed 1]
    python tools/nmbr9_tournament.py --lineup hard,easy --games 500 [--seed 1]

--solo: each level plays the same deals alone (deal g: seed S * 100003 + g); prints each
level's average score, its standard deviation, the lowest and highest, and the average of the
differences per deal against the first level with their 95 % interval.
--lineup: games of 2-4 seats on one deck; seats rotate every game (game g puts lineup[i] on seat
(i + g) % n); a shared win counts 1/k for each of k winners. Prints wins and average scores.
"""
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if p not in sys.path:
        sys.path.insert(0, p)

from core.rng import Rng                      # noqa: E402
from games.nmbr9 import bot as B              # noqa: E402
from games.nmbr9 import rules as R            # noqa: E402
from host_sim.args import Parser, whole       # noqa: E402

LEVELS = {"easy": B.EASY, "normal": B.NORMAL, "hard": B.HARD}
BOT_MIX = 0x5A3C9                             # the bots' generator: Rng(seed ^ BOT_MIX)


def play_game(levels, seed, record=None, start=-1):
    """One game; levels[seat] = bot level. Returns the final State (as the console plays it:
    the deck and the start seat from Rng(seed), the bots' ties from Rng(seed ^ BOT_MIX))."""
    n = len(levels)
    rng = Rng(seed)
    st = R.State(n, record)
    st.head(seed)
    st.deal(rng, start)
    bot = B.Bot(Rng(seed ^ BOT_MIX))
    while st.phase != R.P_OVER:
        st.flip()
        for _ in range(n):
            m = bot.choose(st, levels[st.turn])
            if m < 0:
                st.skip()
            else:
                assert st.place(m), R.REASONS[st.reason]
    return st


def solo(levels, deals, seed=1):
    """{level: [score per deal]} with every level on the same deals."""
    out = {lv: [] for lv in levels}
    for g in range(deals):
        for lv in levels:
            out[lv].append(play_game([LEVELS[lv]], seed * 100003 + g).disp[0].score)
    return out


def stats(xs):
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, sd


def tournament(lineup, games, seed=1):
    n = len(lineup)
    wins = [0.0] * n
    scores = [0] * n
    for g in range(games):
        shift = g % n
        levels = [0] * n
        who = [0] * n
        for i in range(n):
            levels[(i + shift) % n] = LEVELS[lineup[i]]
            who[(i + shift) % n] = i
        st = play_game(levels, seed * 100003 + g)
        k = bin(st.winners).count("1")
        for s in range(n):
            scores[who[s]] += st.disp[s].score
            if st.winners & (1 << s):
                wins[who[s]] += 1.0 / k
    return wins, scores


def levels_of(text, lo, hi):
    items = text.split(",")
    if not lo <= len(items) <= hi or any(x not in LEVELS for x in items):
        raise ValueError("%r is not %d-%d of easy, normal, hard separated by commas" % (text, lo, hi))
    return items


def main(argv=None):
    ap = Parser(prog="python tools/nmbr9_tournament.py", description=__doc__.split("\n")[0])
    ap.add_argument("--solo", help="levels, each playing the same deals alone (e.g. easy,hard)")
    ap.add_argument("--lineup", help="2-4 levels sharing each deck (e.g. hard,easy)")
    ap.add_argument("--deals", type=whole(1), default=200, help="solo deals (default 200)")
    ap.add_argument("--games", type=whole(1), default=500, help="line-up games (default 500)")
    ap.add_argument("--seed", type=whole(0), default=1, help="base seed (default 1)")
    args = ap.parse_args(argv)
    if (args.solo is None) == (args.lineup is None):
        ap.error("give --solo or --lineup")
    t0 = time.time()
    try:
        if args.solo is not None:
            levels = levels_of(args.solo, 1, 3)
        else:
            lineup = levels_of(args.lineup, 2, 4)
    except ValueError as e:
        ap.error(str(e))
    if args.solo is not None:
        res = solo(levels, args.deals, args.seed)
        print("%d solo deals, seed %d" % (args.deals, args.seed))
        for lv in levels:
            mean, sd = stats(res[lv])
            print("  %-6s average %.1f  sd %.1f  min %d  max %d" % (lv, mean, sd, min(res[lv]), max(res[lv])))
        for lv in levels[1:]:
            diff = [a - b for a, b in zip(res[lv], res[levels[0]])]
            mean, sd = stats(diff)
            half = 1.96 * sd / math.sqrt(len(diff))
            better = sum(1 for d in diff if d > 0)
            print("  %s - %s: %+.1f per deal (95 %% interval %+.1f .. %+.1f), better on %d of %d deals"
                  % (lv, levels[0], mean, mean - half, mean + half, better, len(diff)))
    else:
        wins, scores = tournament(lineup, args.games, args.seed)
        print("%d games, seed %d, line-up %s" % (args.games, args.seed, ",".join(lineup)))
        for i, lv in enumerate(lineup):
            print("  %d %-6s wins %.1f (%.1f %%)  average score %.1f" % (
                i + 1, lv, wins[i], 100.0 * wins[i] / args.games, scores[i] / args.games))
    print("  %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
