"""The soak's short version (make soak plays a million frames: tools/soak.py): the five games in
turn with random seats of every kind, options, seeds, keys and tilt, and stretches without input
that dim the screen and put the console to sleep; every frame heap-locked (tests/mp/soak_locked.py)."""
import pytest

import mprun
import soak


# Seeds whose short run seats every kind (the draws follow the games' frame counts: when a game's
# length changes, a seed may seat no bot of one level; 102 seated no normal bot after issue 21's
# first-view bands, 103 seats 3 human, 2 easy, 3 normal, 1 hard).
@pytest.mark.parametrize("port,frames,seed,games", [("unix", 40000, 101, 5), ("wasm-min", 8000, 103, 3)])
def test_a_short_soak_has_no_allocating_frame_and_no_fault(port, frames, seed, games):
    res, line = soak.chunk(port, frames, seed)
    assert res is not None, line
    assert res["frames"] == frames and res["bad"] == 0 and res["faults"] == 0, line
    assert res["games"] >= games and res["over"] >= 1, line             # the games, in turn
    assert res["sleeps"] >= 1 and res["wakes"] >= 1 and res["dims"] >= 1, line
    assert min(res["human"], res["easy"], res["normal"], res["hard"]) >= 1, line


def test_the_soak_tool_sums_its_chunks_and_fails_on_a_bad_chunk(monkeypatch, capsys):
    def fake(port, frames, seed):
        bad = 1 if seed == 4 else 0
        r = dict.fromkeys(soak.FIELDS, 1)
        r.update(frames=frames, bad=bad, faults=0)
        return r, "soak frames=%d bad=%d" % (frames, bad)
    monkeypatch.setattr(soak, "chunk", fake)
    assert soak.main(["--frames", "250000"]) == 0           # seeds 1-3: 100k, 100k, 50k
    assert "250,000 frames heap-locked" in capsys.readouterr().out
    assert soak.main(["--frames", "250000", "--seed", "2"]) == 1        # seed 4 allocates
