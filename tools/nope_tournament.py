"""Headless NOPE! bot tournaments over rules + bot directly (CPython, fast).

    python tools/nope_tournament.py --lineup hard,easy --games 500 [--seed 1] [--deal 0|1]
        [--actions 1|0] [--alone 0|1] [--no-rotate]

Seats are rotated every game (game g puts lineup[i] on seat (i + g) % n) unless --no-rotate, so
no level profits from a seat; the first player is chosen by the game (G-2: a random dealer).
Prints wins per lineup entry with their share and its Wilson 95 % interval, and the average
number of turns and record rows.
"""
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "host_sim", "shims"), os.path.join(ROOT, "firmware")):
    if p not in sys.path:
        sys.path.insert(0, p)

from core.record import Record                # noqa: E402
from core.rng import Rng                      # noqa: E402
from games.nope import bot as B               # noqa: E402
from games.nope import rules as R             # noqa: E402
from host_sim.args import Parser, whole       # noqa: E402
from tools import gen_consts                  # noqa: E402

LEVELS = {"easy": B.EASY, "normal": B.NORMAL, "hard": B.HARD}
# the scene's bot generator: Rng(seed ^ this), read from begin.py (one source of the value)
BOT_RNG_MIX = gen_consts.values("nope")["_BOT_RNG_MIX"]


def play_game(levels, seed, deal=0, actions=1, alone=0, record=None):
    """One game; levels[seat] = bot level. Returns the final State (its record filled when
    given: seed first, as the console's)."""
    n = len(levels)
    rng = Rng(seed)
    st = R.State(n, deal, actions, alone, record)
    st.record_head(seed)
    bot = B.Bot(n, deal, actions, alone, Rng(seed ^ BOT_RNG_MIX))
    st.deal(rng)
    while st.phase != R.P_OVER:
        st.play(bot.choose(st, levels[st.to_move()]), rng)
    return st


def tournament(lineup, games, seed=1, deal=0, actions=1, alone=0, rotate=True, rows=None):
    """Wins per lineup index and the total turns; `rows` (a list) gets each game's record
    length."""
    n = len(lineup)
    wins = [0] * n
    turns = 0
    for g in range(games):
        shift = g % n if rotate else 0
        levels = [0] * n
        who = [0] * n
        for i in range(n):
            levels[(i + shift) % n] = LEVELS[lineup[i]]
            who[(i + shift) % n] = i
        rec = Record(100000, 5) if rows is not None else None
        st = play_game(levels, seed * 100003 + g, deal, actions, alone, rec)
        for s in range(n):
            if st.winners & (1 << s):
                wins[who[s]] += 1
        turns += st.turns
        if rows is not None:
            rows.append(rec.n)
    return wins, turns


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def lineup_of(text):
    lineup = text.split(",")
    if not 2 <= len(lineup) <= 6 or any(x not in LEVELS for x in lineup):
        raise ValueError("%r is not 2-6 of easy, normal, hard separated by commas" % text)
    return lineup


def main(argv=None):
    ap = Parser(prog="python tools/nope_tournament.py", description=__doc__.split("\n")[0])
    ap.add_argument("--lineup", type=lineup_of, default="hard,easy")
    ap.add_argument("--games", type=whole(1), default=500)
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--deal", type=whole(0, 1), default=0, help="1: younger players, 8 cards each (P-7)")
    ap.add_argument("--actions", type=whole(0, 1), default=1, help="0: without the action cards (P-7)")
    ap.add_argument("--alone", type=whole(0, 1), default=0, help="1: an action card alone only with a set (P-2)")
    ap.add_argument("--no-rotate", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.time()
    rows = []
    wins, turns = tournament(a.lineup, a.games, a.seed, a.deal, a.actions, a.alone, not a.no_rotate, rows)
    dt = time.time() - t0
    print("lineup %s games=%d seed=%d deal=%d actions=%d alone=%d  (%.1f s)"
          % (",".join(a.lineup), a.games, a.seed, a.deal, a.actions, a.alone, dt))
    for i, name in enumerate(a.lineup):
        lo, hi = wilson(wins[i], a.games)
        print("  %d %-6s wins %4d  %5.1f %%  (95 %%: %.1f-%.1f)"
              % (i, name, wins[i], 100.0 * wins[i] / a.games, 100 * lo, 100 * hi))
    print("  turns/game %.1f  record rows: mean %.0f, max %d" % (turns / a.games, sum(rows) / len(rows), max(rows)))


if __name__ == "__main__":
    main()
