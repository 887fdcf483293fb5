"""A referee for the tower's exported record: the token accounting and the pieces of whole bot
games, checked from the JSON lines of `python -m host_sim --game tower ... --export-record F`
alone, by rules written out here again (docs/tower.md, T-1, T-3..T-5, T-7), without the game's
code. A record that leaves out a payment, a balance or a piece, or a game that breaks a rule,
fails here."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Foul(AssertionError):
    pass


def check(ok, row, what):
    if not ok:
        raise Foul("row %s: %s" % (row.get("n"), what))


def referee(game):
    """Check one game (its head line, then its rows); returns what it counted."""
    head = game[0]
    rows = game[1:]
    seed = rows[0]
    check(seed["event"] == "seed", seed, "the first row is the seed")
    n = seed["seats"]
    check(n == len(head["seats"]) and seed["seed"] == head["seed"], seed, "seats and seed")
    tokens = [seed["tokens"]] * n               # every seat starts with the same tokens (10)
    check(seed["tokens"] == 10, seed, "10 tokens each")
    alive = [True] * n
    pieces = [r["piece"] for r in rows if r["event"] == "piece"]
    check(len(pieces) == len(set(pieces)) == seed["supply"], seed, "the pieces in play")
    check(all(r["event"] == "piece" for r in rows[1:1 + len(pieces)]), seed, "after the seed")
    owner = {p: None for p in pieces}           # None: in the supply, else the seat's tower
    bank = 0
    active = -1
    auction = None                              # [piece, high bid, high bidder, seats still in]
    push = None                                 # [piece, cost]
    counted = {"payments": 0, "rows": len(rows), "eliminated": 0}
    for r in rows[1 + len(pieces):]:
        e = r["event"]
        s = r.get("seat", -1)
        if e not in ("result", "record_full"):
            check(0 <= s < n and alive[s], r, "a seat in the game")
        if e == "start":
            active = s
        elif e == "turn" or e == "again":
            check(auction is None and push is None, r, "between choices")
            if e == "turn":
                active = s
            check(s == active, r, "the active seat")
            check(r["supply"] == sum(1 for o in owner.values() if o is None), r, "the supply")
        elif e == "build":
            check(s == active and owner.get(r["piece"], 0) is None, r, "a supply piece")
            check(0 <= r["bid"] <= tokens[s], r, "an opening bid within the tokens")
            auction = [r["piece"], r["bid"], s, {t for t in range(n) if alive[t]}]
        elif e == "bid":
            check(auction and s in auction[3] and r["piece"] == auction[0], r, "a bidder")
            check(auction[1] < r["amount"] <= tokens[s], r, "a raise within the tokens")
            auction[1] = r["amount"]
            auction[2] = s
        elif e == "pass":
            check(auction and s in auction[3] and s != auction[2], r, "a bidder")
            check(r["forced"] == (tokens[s] <= auction[1]), r, "forced when it cannot raise")
            auction[3].discard(s)
        elif e == "win":
            check(auction and auction[3] == {s} and s == auction[2], r, "the last bidder")
            check(r["price"] == auction[1] and r["piece"] == auction[0], r, "the high bid")
            tokens[s] -= r["price"]
            bank += r["price"]
            check(r["tokens"] == tokens[s] >= 0, r, "the tokens after paying")
            counted["payments"] += 1
            auction = None
        elif e == "push":
            check(s == active and owner.get(r["piece"], 0) is None, r, "a supply piece")
            push = [r["piece"], 1]
        elif e == "pay":
            check(push and r["cost"] == push[1] and r["piece"] == push[0], r, "the rising cost")
            check(tokens[s] >= r["cost"], r, "a cost the seat can pay")
            tokens[s] -= r["cost"]
            bank += r["cost"]
            check(r["tokens"] == tokens[s], r, "the tokens after paying")
            counted["payments"] += 1
            push[1] += 1
        elif e == "accept":
            check(push and r["cost"] == push[1], r, "the cost")
            check(r["forced"] == (tokens[s] < r["cost"]), r, "forced when it cannot pay")
            push = None
        elif e == "place":
            check(owner.get(r["piece"], 0) is None, r, "a supply piece")
            owner[r["piece"]] = s
        elif e == "eliminate":
            mine = [p for p, o in owner.items() if o == s]
            check(r["pieces"] == len(mine) and r["tokens"] == tokens[s], r, "all back")
            for p in mine:
                owner[p] = None
            bank += tokens[s]
            tokens[s] = 0
            alive[s] = False
            counted["eliminated"] += 1
        elif e == "result":
            if r["reason"] == 1:
                check(alive.count(True) == 1 and alive[r["winner"]], r, "the last player in")
            else:
                check(r["reason"] == 2 and r["winner"] == -1, r, "a draw")
                check(alive.count(True) > 1 and None not in owner.values(), r, "empty supply")
        check(sum(tokens) + bank == 10 * n, r, "tokens are only paid to the bank")
    check(rows[-1]["event"] == "result", rows[-1], "the game ends with its result")
    counted["tokens"] = tokens
    return counted


def games(path):
    out = []
    for line in open(path):
        x = json.loads(line)
        if x["event"] == "game":
            out.append([x])
        else:
            out[-1].append(x)
    return out


def export(tmp_path, seats, supply, seed, n):
    out = tmp_path / "rec.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "tower",
                        "--seats", seats, "--option", "supply=" + supply, "--seed", str(seed),
                        "--until-end", "--games", str(n), "--export-record", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    return games(out)


@pytest.mark.parametrize("seats,supply,seed,n", [
    ("bot:hard,bot:easy", "short", 1, 4),
    ("bot:normal,bot:easy,bot:easy", "convex", 2, 2),
    ("bot:easy,bot:hard,bot:normal,bot:easy", "short", 3, 2),
])
def test_the_token_accounting_checks_out_from_the_exported_record(tmp_path, seats, supply, seed, n):
    found = export(tmp_path, seats, supply, seed, n)
    assert len(found) == n
    paid = 0
    for game in found:
        counted = referee(game)
        paid += counted["payments"]
    assert paid > 0                     # the games paid, so the balances were checked


def test_the_referee_catches_a_wrong_balance_a_missing_payment_and_a_missing_piece(tmp_path):
    game = export(tmp_path, "bot:hard,bot:easy", "short", 1, 1)[0]
    assert referee(game)["payments"] > 0
    pays = [i for i, r in enumerate(game) if r["event"] == "pay" or
            r["event"] == "win" and r["price"] > 0]
    assert pays
    bad = [dict(r) for r in game]
    bad[pays[0]]["tokens"] += 1                 # a balance that does not follow
    with pytest.raises(Foul):
        referee(bad)
    with pytest.raises(Foul):                   # a payment left out
        referee(game[:pays[0]] + game[pays[0] + 1:])
    k = next(i for i, r in enumerate(game) if r["event"] == "piece")
    with pytest.raises(Foul):                   # a piece in play left out
        referee(game[:k] + game[k + 1:])
