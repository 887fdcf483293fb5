"""NOPE!'s record exported as JSON lines by the simulator (`python -m host_sim --game nope ...
--export-record F`, generic in host_sim/cli.py over games/nope/events.py): a head line per game
with its seed, seats and options, then every event with its named fields (docs/nope.md, Record);
the exported events tell the game: the deal, every discard with its cards in laying order, the
Nope!s, who went out and who won."""
import json
import subprocess
import sys

import nope_util as U
from games.nope import cards as C
from games.nope.events import EVENTS

ROOT = U.ROOT


def test_simulator_runs_games_and_exports_the_record(tmp_path):
    out = tmp_path / "rec.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", "nope",
                        "--seats", "bot:hard,bot:easy,bot:normal", "--option", "deal=younger",
                        "--option", "alone=with-set", "--seed", "987654321", "--until-end",
                        "--games", "2",
                        "--export-record", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("game=nope")]
    assert len(lines) == 2 and all("winner=" in ln for ln in lines)
    recs = [json.loads(ln) for ln in out.read_text().splitlines()]
    heads = [i for i, x in enumerate(recs) if x["event"] == "game"]
    assert len(heads) == 2
    assert recs[0]["options"] == {"deal": "younger", "actions": "with", "alone": "with-set"}
    assert recs[0]["seats"] == ["bot:hard", "bot:easy", "bot:normal"]
    names = {e[0] for e in EVENTS}
    for k, h in enumerate(heads):
        body = recs[h + 1:heads[k + 1] if k + 1 < len(heads) else len(recs)]
        assert all(x["event"] in names for x in body)
        s = body[0]
        assert s["event"] == "seed" and (s["s28"] << 28 | s["s21"] << 21 | s["s14"] << 14 | s["s7"] << 7
                                         | s["s0"]) == 987654321 + k
        assert body[1]["event"] == "options" and body[1]["seats"] == 3
        assert body[1]["deal"] == 1 and body[1]["actions"] == 1 and body[1]["alone"] == 1
        deals = [x for x in body if x["event"] == "deal"]
        assert len(deals) == 3 * 8                                   # younger players: 8 each
        # the hands as the record tells them: dealt, drawn, discarded; a seat that is out holds none
        held = [0, 0, 0]
        for x in body:
            if x["event"] in ("deal", "draw"):
                held[x["seat"]] += 1
            elif x["event"] == "discard":
                cards = [x["card1"], x["card2"], x["card3"]][:x["count"]]
                assert all(1 <= c < C.NCODES for c in cards) and len(cards) == x["count"]
                held[x["seat"]] -= x["count"]
            elif x["event"] == "action":
                assert C.is_action(x["card"])
                held[x["seat"]] -= 1
            elif x["event"] == "out":
                assert held[x["seat"]] == 0
        result = body[-1]
        assert result["event"] == "result"
        assert lines[k].endswith(" turns=%d" % (result["t7"] * 128 + result["t0"]))
        outs = {x["seat"] for x in body if x["event"] == "out"}
        assert outs | {s for s in range(3) if result["winners"] >> s & 1} == {0, 1, 2}
        assert all(held[s] > 0 for s in range(3) if result["winners"] >> s & 1)
        assert any(x["event"] == "nope" for x in body)


def test_the_record_holds_whole_bot_games_with_room_to_spare():
    """The scene's record keeps CAPACITY rows (640: 3,840 bytes of heap); bot games of every
    level at the largest table (6 seats, the longest games) and at two seats, with and without
    the action cards, stay well inside it: a quarter of it is left even by the longest."""
    import nope_tournament as T
    from games.nope.begin import CAPACITY
    rows = []
    for lineup in (["easy"] * 6, ["normal"] * 6, ["hard", "easy", "normal"] * 2, ["easy", "easy"]):
        for actions in (1, 0):
            T.tournament(lineup, 6, seed=7 + actions, actions=actions, rows=rows)
    assert len(rows) == 48 and max(rows) * 4 <= CAPACITY * 3, max(rows)
