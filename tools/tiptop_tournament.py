"""Headless Tip Top bot tournaments over rules + bot directly (CPython, fast).

    python tools/tiptop_tournament.py --lineup hard,easy --games 500 [--seed 1] [--no-rotate]

Seats are rotated every game (game g puts lineup[i] on seat (i + g) % n) unless --no-rotate, so
no level profits from a seat; the first dealer is random (G-2). Prints wins per lineup entry,
the share in %, rounds and cards played per game.
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
from games.tiptop import bot as B             # noqa: E402
from games.tiptop import rules as R           # noqa: E402
from host_sim.args import Parser, whole       # noqa: E402

LEVELS = {"easy": B.EASY, "normal": B.NORMAL, "hard": B.HARD}


def play_game(levels, seed, record=None, first=-1):
    """One game; levels[seat] = bot level. Returns the final State."""
    rng = Rng(seed)
    st = R.State(len(levels), record)
    bot = B.Bot()
    st.begin(rng, seed, first)
    while st.phase != R.P_OVER:
        if st.phase == R.P_ROUND:
            st.next_round(rng)
        elif st.nlegal == 0:
            st.stuck()
        else:
            st.play(bot.choose(st, levels[st.turn]), rng)
    return st


def tournament(lineup, games, seed=1, rotate=True):
    """Returns (wins per lineup index, rounds, cards played)."""
    n = len(lineup)
    wins = [0] * n
    rounds = plays = 0
    for g in range(games):
        shift = g % n if rotate else 0
        levels = [0] * n
        who = [0] * n
        for i in range(n):
            levels[(i + shift) % n] = LEVELS[lineup[i]]
            who[(i + shift) % n] = i
        st = play_game(levels, seed * 100003 + g)
        wins[who[st.winner]] += 1
        rounds += st.round
        plays += st.plays
    return wins, rounds, plays


def lineup_of(text):
    """--lineup: 2-8 comma-separated levels."""
    lineup = text.split(",")
    if not 2 <= len(lineup) <= 8 or any(x not in LEVELS for x in lineup):
        raise argparse.ArgumentTypeError("%r is not 2-8 of easy, normal, hard separated by commas" % text)
    return lineup


def main(argv=None):
    ap = Parser(prog="python tools/tiptop_tournament.py", description=__doc__.split("\n")[0])
    ap.add_argument("--lineup", type=lineup_of, default="hard,easy")
    ap.add_argument("--games", type=whole(1), default=500)
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--no-rotate", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.time()
    wins, rounds, plays = tournament(a.lineup, a.games, a.seed, not a.no_rotate)
    dt = time.time() - t0
    print("lineup %s games=%d  (%.1f s)" % (",".join(a.lineup), a.games, dt))
    for i in range(len(a.lineup)):
        print("  %d %-6s wins %5d  %5.1f %%" % (i, a.lineup[i], wins[i], 100.0 * wins[i] / a.games))
    print("  rounds/game %.1f  cards played/game %.1f" % (rounds / a.games, plays / a.games))


if __name__ == "__main__":
    main()
