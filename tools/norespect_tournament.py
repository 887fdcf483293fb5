"""Headless No Respect bot tournaments over rules + bot directly (CPython, fast).

    python tools/norespect_tournament.py --lineup hard,easy,easy,easy --games 500 [--variant 1]
        [--seed 1] [--no-rotate]

Seats are rotated every game (game g puts lineup[i] on seat (i + g) % n) unless --no-rotate, so
no level profits from a seat. A shared win (pool end, N-4) counts 1/k for each of k winners.
Prints wins per lineup entry, share in % with its 95 % interval, average turns and the end reasons.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if p not in sys.path:
        sys.path.insert(0, p)

from core.rng import Rng                      # noqa: E402
from games.norespect import bot as B          # noqa: E402
from games.norespect import rules as R        # noqa: E402
from host_sim.args import Parser, whole       # noqa: E402
from tools import gen_consts                  # noqa: E402
from tools.winrate import interval            # noqa: E402

LEVELS = {"easy": B.EASY, "normal": B.NORMAL, "hard": B.HARD}
# the scene's bot generator: Rng(seed ^ this), read from scenes.py (one source of the value)
BOT_RNG_MIX = gen_consts.values("norespect")["_BOT_RNG_MIX"]


def play_game(levels, variant, seed, record=None, bot_seed=None):
    """One game; levels[seat] = bot level. The bots' generator is seeded as the console seeds it
    (from the game's seed) unless bot_seed is given. Returns the final State."""
    n = len(levels)
    rng = Rng(seed)
    st = R.State(n, variant, record)
    if record is not None:
        record.add(R.E_SEED, seed, n, variant)
    bot = B.Bot(n, variant, Rng(seed ^ BOT_RNG_MIX if bot_seed is None else bot_seed))
    st.start_draw(rng)
    while st.phase != R.P_OVER:
        k = st.draw(rng)
        if st.phase == R.P_OVER:
            break
        if k == 0:
            st.forfeit()
        else:
            st.play(bot.choose(st, levels[st.turn]))
    return st


def tournament(lineup, games, variant=0, seed=1, rotate=True):
    """Returns (wins per lineup index as floats, total turns, reasons count)."""
    n = len(lineup)
    wins = [0.0] * n
    turns = 0
    reasons = [0] * 4
    for g in range(games):
        shift = g % n if rotate else 0
        levels = [0] * n
        who = [0] * n               # seat -> lineup index
        for i in range(n):
            levels[(i + shift) % n] = LEVELS[lineup[i]]
            who[(i + shift) % n] = i
        st = play_game(levels, variant, seed * 100003 + g)
        k = bin(st.winners).count("1")
        for s in range(n):
            if st.winners & (1 << s):
                wins[who[s]] += 1.0 / k
        turns += st.turns
        reasons[st.reason] += 1
    return wins, turns, reasons


def lineup_of(text):
    """--lineup: 2-4 comma-separated levels."""
    lineup = text.split(",")
    if not 2 <= len(lineup) <= 4 or any(x not in LEVELS for x in lineup):
        raise argparse.ArgumentTypeError("%r is not 2-4 of easy, normal, hard separated by commas" % text)
    return lineup


def main(argv=None):
    ap = Parser(prog="python tools/norespect_tournament.py", description=__doc__.split("\n")[0])
    ap.add_argument("--lineup", type=lineup_of, default="hard,easy,easy,easy")
    ap.add_argument("--games", type=whole(1), default=500)
    ap.add_argument("--variant", type=whole(0, 1), default=0, help="0 base game, 1 variation")
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--no-rotate", action="store_true")
    a = ap.parse_args(argv)
    lineup = a.lineup
    t0 = time.time()
    wins, turns, reasons = tournament(lineup, a.games, a.variant, a.seed, not a.no_rotate)
    dt = time.time() - t0
    print("lineup %s variant=%s games=%d  (%.1f s)" % (",".join(lineup), ("base", "variation")[a.variant],
                                                       a.games, dt))
    for i in range(len(lineup)):
        lo, hi = interval(wins[i], a.games)
        print("  %d %-6s wins %7.1f  %5.1f %%  (95 %%: %.1f-%.1f %%)"
              % (i, lineup[i], wins[i], 100.0 * wins[i] / a.games, 100.0 * lo, 100.0 * hi))
    print("  turns/game %.1f  ends: columns %d, last %d, pool %d"
          % (turns / a.games, reasons[1], reasons[2], reasons[3]))


if __name__ == "__main__":
    main()
