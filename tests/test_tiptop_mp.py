"""Tip Top under real MicroPython: whole games with every seat a bot, two and eight seats, the
heap locked for every frame (tests/mp/tiptop_locked.py), on every locked port (mprun.LOCKED_PORTS:
64-bit unix, 32-bit WebAssembly newest and 1.24.1); the same games on CPython give the same
results; suspend and resume continue as the uninterrupted game on every locked port
(tests/mp/tiptop_resume.py: cut after every special card, a limit pile refilled, a deck
reshuffled, a lost round, while play runs counter-clockwise, at every bot step; the resumed game
must reach the same record, result and final state). The 32-bit ports play two of the four games
each (a two-seat and an eight-seat one), and resume in the three-seat and a two-seat game only,
for the suite's time.
The human seats' paths: tests/test_human_locked.py."""
import re

import pytest

import mprun
import resume_check

GAME = re.compile(r"game seed=(\d+) seats=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) rows=(\d+) "
                  r"result=(.*)")
# port -> the games it plays (tiptop_locked.py's GAMES), the games it suspends and resumes
# (tiptop_resume.py's)
PLAYS = {"unix": ("0123", "012"), "wasm": ("02", "02"), "wasm-min": ("12", "02")}
_runs = {}


def locked_run(port, which):
    key = (port, which)
    if key not in _runs:
        r = mprun.run(port, "tests/mp/tiptop_locked.py", [which], cwd=mprun.ROOT, timeout=900)
        assert r.returncode == 0, (port, r.stdout, r.stderr)
        _runs[key] = r.stdout
    return _runs[key]


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_whole_bot_games_run_with_the_heap_locked_every_frame_as_on_cpython(port):
    which = PLAYS[port][0]
    out = locked_run(port, which)
    rows = [m.groups() for m in GAME.finditer(out)]
    assert len(rows) == len(which), out
    assert {r[1] for r in rows} == {"2", "8"}                  # the smallest and largest table
    for seed, seats, frames, bad, faults, nrows, result in rows:
        assert bad == "0" and faults == "0", (port, seed, out)
        assert result.startswith("winner=") and int(frames) > 100
    assert "done games=%d bad=0" % len(which) in out
    want = [m.groups() for m in GAME.finditer(locked_run("cpython", which))]
    assert rows == want                                 # the ports and CPython play the same games


# the moments every port's resumes must include (tests/mp/tiptop_resume.py names them): after each
# special card, a refilled limit pile (O-3), a reshuffled deck, a lost round; while play runs
# counter-clockwise (a Spin Out's direction must survive the save); in play and between rounds;
# a bot's choice not made, shown, made
MOMENTS = {"after_double", "after_minus10", "after_spin", "after_topout", "after_turvy",
           "limits_refilled", "deck_reshuffled", "round_lost", "counter_clockwise",
           "phase1_sub0", "phase1_sub1", "phase1_sub2", "phase2_sub0"}


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_suspend_and_resume_continue_as_the_uninterrupted_game_under_micropython(port):
    which = PLAYS[port][1]
    r = mprun.run(port, "tests/mp/tiptop_resume.py", [which], cwd=mprun.ROOT, timeout=900)
    assert r.returncode == 0, (r.stdout, r.stderr)
    rows = resume_check.check(r.stdout, MOMENTS, 10 * len(which))
    assert sum(1 for row in rows if row[2] == "-") >= 4 * len(which)    # every STRIDE-th frame


def test_bench_reports_no_allocation():
    r = mprun.run("unix", "tests/mp/bench_tiptop.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("bench tiptop ") and "alloc=" in ln]
    assert len(lines) == 7, r.stdout
    for ln in lines:
        assert " alloc=0" in ln, ln
