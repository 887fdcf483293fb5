"""NOPE! under real MicroPython: whole games with every seat a bot (two to six seats, the
options) and the heap locked for every frame, on every locked port (mprun.LOCKED_PORTS: 64-bit
unix, 32-bit WebAssembly newest and 1.24.1); the same games on CPython give the same results;
suspend and resume continue as the uninterrupted game on every port (tests/mp/nope_resume.py: cut
after every action card, alone and on a set, a nomination, mid-thinking; the resumed game must
reach the same record, result and final state). (Human seats:
tests/test_human_locked.py; redraw equality: tests/test_redraw.py.)"""
import re

import pytest

import mprun
import resume_check

GAME = re.compile(r"game seed=(\d+) seats=(\d+) options=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) "
                  r"rows=(\d+) result=(.*)")
_runs = {}


def games(out):
    rows = [m.groups() for m in GAME.finditer(out)]
    assert rows, out
    return rows


def locked_run(port):
    if port not in _runs:
        r = mprun.run(port, "tests/mp/nope_locked.py", cwd=mprun.ROOT, timeout=600)
        assert r.returncode == 0, (port, r.stdout, r.stderr)
        _runs[port] = r.stdout
    return _runs[port]


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_whole_bot_games_run_with_the_heap_locked_every_frame_as_on_cpython(port):
    out = locked_run(port)
    rows = games(out)
    assert len(rows) >= 5
    assert {r[1] for r in rows} >= {"2", "6"}                  # the smallest and largest tables
    assert {r[2] for r in rows} >= {"000", "110", "001", "100"}
    for seed, seats, options, frames, bad, faults, nrows, result in rows:
        assert bad == "0" and faults == "0", (port, seed, result)
        assert result.startswith("winner=") and not result.startswith("winner= ")
    assert "done games=%d bad=0" % len(rows) in out
    assert rows == games(locked_run("cpython"))         # the ports and CPython play the same games


@pytest.mark.parametrize("port", ["wasm-min"])
def test_playing_leaves_the_suspend_code_and_the_record_table_off_the_heap(port):
    """snapshot.py is imported to suspend or resume only, begin.py (the fields and the deal) is
    forgotten once the game has started, events.py is read on the host only: whole games load no
    more than the game's play modules (its rules pages, help.py, only while the pause menu shows
    them): the heap on the stock image."""
    mods = [ln for ln in locked_run(port).splitlines() if ln.startswith("modules ")]
    assert mods == ["modules games.nope games.nope.bot games.nope.cards "
                    "games.nope.rules games.nope.scenes"]


# the moments every port's resumes must include (tests/mp/nope_resume.py names them): after
# each action card played alone and on top of a set (P-3), a nomination's demand (P-5), a Joker
# in a set, a "Nope!", a player out; a bot waiting, thinking, about to play
MOMENTS = {"after_deal", "after_reset", "after_see_through", "after_nominate_card", "after_nomination",
           "set_topped_by_reset", "set_topped_by_see_through", "set_topped_by_nominate",
           "set_with_joker", "after_nope", "after_out", "sub0", "sub1", "sub2"}


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_suspend_and_resume_continue_as_the_uninterrupted_game_under_micropython(port):
    r = mprun.run(port, "tests/mp/nope_resume.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    rows = resume_check.check(r.stdout, MOMENTS, 30)
    assert sum(1 for row in rows if row[2] == "-") >= 10      # every STRIDE-th frame


def test_bench_reports_no_allocation():
    r = mprun.run("unix", "tests/mp/bench_nope.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("bench nope ") and "alloc=" in ln]
    assert len(lines) >= 7
    for ln in lines:
        assert " alloc=0" in ln, ln
