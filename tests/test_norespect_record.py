"""No Respect's record exported as JSON lines by the simulator over whole evenings (`python -m
host_sim --game norespect ... --until-end --games K --export-record F`): every game, the games
played again included, begins with the rulebook's start draw, and the seat that draws highest
starts (G-2: the draw is a game action, so the console performs it in every game)."""
import json
import re
import subprocess
import sys

import pytest

import mprun
from norespect_util import draw_winner

GAME = re.compile(r"game=norespect seed=(\d+) start=(\d+) frames=\d+ winner=")


def evening(tmp_path, seats, seed, games, variant="base"):
    """(result lines' (seed, start), exported games as lists of rows) of K games in a row."""
    out = tmp_path / "rec.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "norespect",
                        "--seats", seats, "--seed", str(seed), "--option", "variant=" + variant,
                        "--until-end", "--games", str(games), "--export-record", str(out)],
                       cwd=mprun.ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    exported = []
    for line in open(out):
        x = json.loads(line)
        if x["event"] == "game":
            exported.append([x])
        else:
            exported[-1].append(x)
    return [(int(a), int(b)) for a, b in GAME.findall(r.stdout)], exported


@pytest.mark.parametrize("seats,seed,variant", [("bot:hard,bot:easy", 3, "base"),
                                                ("bot:easy,bot:normal,bot:hard", 40, "variation"),
                                                ("bot:hard,bot:hard,bot:normal,bot:easy", 7, "base")])
def test_every_game_of_an_evening_begins_with_the_start_draw_and_its_winner_starts_G2(
        tmp_path, seats, seed, variant):
    k = 6
    results, games = evening(tmp_path, seats, seed, k, variant)
    n = len(seats.split(","))
    assert len(results) == len(games) == k
    starters = set()
    for (s, start), game in zip(results, games):
        head, rows = game[0], game[1:]
        assert head["seed"] == s and rows[0]["event"] == "seed" and rows[0]["seed"] == s
        named = [(x["event"], x) for x in rows]
        seat = draw_winner(n, named)                # the draw right after the seed row, well formed
        assert start == seat                        # the seat the game reports as its first player
        first_turn = next(x for x in rows if x["event"] == "draw")
        assert first_turn["seat"] == seat           # and who plays the first turn
        starters.add(seat)
    assert len({s for s, _ in results}) == k        # k different games
    assert len(starters) > 1                        # the draws, not a fixed seat, choose
