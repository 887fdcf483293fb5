"""Tip Top's record, checked from the JSON lines of `python -m host_sim --game tiptop ...
--export-record F` (docs/tiptop.md, The record): a referee that knows only the rules replays
every game from its rows: the seed, each round's deal (hands as large as the chips), every card
played with the total and limit it made, the lost rounds and chips, the eliminations and the
result."""
import json
import os
import subprocess
import sys

import pytest

from games.tiptop import rules as R

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def export(tmp_path, seats, seed, n):
    out = tmp_path / "rec.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "tiptop",
                        "--seats", seats, "--seed", str(seed), "--until-end", "--games", str(n),
                        "--export-record", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    games = []
    for line in open(out):
        x = json.loads(line)
        if x["event"] == "game":
            games.append([x])
        else:
            games[-1].append(x)
    return games


def referee(game):
    """Replay one game's rows; AssertionError at the first row that breaks a rule. Returns
    counts of what was checked."""
    head, rows = game[0], game[1:]
    n = len(head["seats"])
    assert rows[0]["event"] == "seed" and rows[1]["event"] == "dealer"
    assert rows[1]["seats"] == n and rows[1]["chips"] == R.CHIPS
    seed = 0
    for digit in ("s28", "s21", "s14", "s7", "s0"):             # 7-bit digits (8-bit fields)
        assert 0 <= rows[0][digit] < 128
        seed = seed * 128 + rows[0][digit]
    assert seed == head["seed"]
    assert [r["n"] for r in rows] == list(range(len(rows)))
    chips = [R.CHIPS] * n
    total = limit = 0
    dealer = -1
    seen = {"play": 0, "lose": 0, "hand": 0, "out": 0}
    over = False

    def next_seat(s):
        for _ in range(n):
            s = (s + 1) % n
            if chips[s]:
                return s

    for r in rows[1:]:
        e = r["event"]
        assert not over, r
        if e == "dealer":
            dealer = r["seat"]
        elif e == "round":
            if r["round"] > 1:
                dealer = next_seat(dealer)          # O-4: the dealer rotates left
            assert r["dealer"] == dealer and r["first"] == next_seat(dealer), r
            assert r["limit"] in R.LIMITS
            total, limit = 0, r["limit"]
        elif e == "hand":
            cards = [r["c%d" % k] for k in range(1, 5)]
            assert sum(1 for c in cards if c >= 0) == chips[r["seat"]], r     # hand = chips
            seen["hand"] += 1
        elif e == "play":
            c = r["card"]
            if c == R.TURVY:
                assert r["total"] == total and r["limit"] in R.LIMITS, r
                limit = r["limit"]
                assert (r["drawn"] == -1) == (limit < total), r      # O-3: a loss draws nothing
            else:
                assert R.effect(c, total, limit) == r["total"] and r["limit"] == limit, (total, limit, r)
                assert 0 <= r["total"] <= limit
                assert r["drawn"] >= 0
            total = r["total"]
            seen["play"] += 1
        elif e == "lose":
            s = r["seat"]
            chips[s] -= 1
            assert r["chips"] == chips[s] and r["total"] == total and r["limit"] == limit, r
            seen["lose"] += 1
        elif e == "out":
            assert chips[r["seat"]] == 0, r
            seen["out"] += 1
        elif e == "result":
            alive = [s for s in range(n) if chips[s]]
            assert alive == [r["winner"]], (alive, r)
            over = True
    assert over
    assert seen["out"] == n - 1
    return seen


@pytest.mark.parametrize("seats,seed", [
    ("bot:hard,bot:easy", 1),
    ("bot:hard,bot:normal,bot:easy,bot:hard,bot:normal,bot:easy,bot:hard,bot:normal", 2),
])
def test_the_exported_record_replays_under_the_rules(tmp_path, seats, seed):
    games = export(tmp_path, seats, seed, 2)
    assert len(games) == 2 and games[0][0]["seed"] != games[1][0]["seed"]
    for game in games:
        seen = referee(game)
        assert seen["play"] > 20 and seen["lose"] >= 4


def test_the_referee_catches_a_wrong_total_a_missing_chip_and_a_short_hand(tmp_path):
    game = export(tmp_path, "bot:hard,bot:easy", 1, 1)[0]
    referee(game)
    plays = [i for i, r in enumerate(game) if r.get("event") == "play" and r["card"] in (1, 2, 3)]
    lose = [i for i, r in enumerate(game) if r.get("event") == "lose"][0]
    deal = [i for i, r in enumerate(game) if r.get("event") == "hand"][0]
    for at, key, value in ((plays[3], "total", game[plays[3]]["total"] + 1),
                           (lose, "chips", game[lose]["chips"] + 1),
                           (deal, "c1", -1)):
        bad = [dict(r) for r in game]
        bad[at][key] = value
        with pytest.raises(AssertionError):
            referee(bad)


def test_the_rows_fit_8_bit_fields_and_the_scene_makes_them_as_wide_as_the_events_need():
    """The record's fields are 8-bit (-128..127): CPython's array("b") raises OverflowError for
    a value outside, so every whole game of the suite proves its values fit; here the row width
    the rules use (R.FIELDS, the scene need not import the event names) against events.py."""
    from array import array
    from games.tiptop import events as E
    assert R.FIELDS == E.FIELDS == max(len(fields) for _, fields in E.EVENTS)
    with pytest.raises(OverflowError):
        array("b", [0])[0] = 128
