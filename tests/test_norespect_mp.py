"""No Respect under real MicroPython: whole games with every seat a bot and the heap locked for
every frame, on every locked port (mprun.LOCKED_PORTS: 64-bit unix, 32-bit WebAssembly newest
and 1.24.1, the Pico's small-int range and version), for several seeds and both rule sets; the
same games on CPython give the same results; suspend and resume continue as the uninterrupted
game on every port (tests/mp/norespect_resume.py: cut after the start draw, after every kind of
play, mid-game; the resumed game must reach the same record, result and final state)."""
import re

import pytest

import mprun
import resume_check

GAME = re.compile(r"game seed=(\d+) seats=(\d+) variant=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) "
                  r"rows=(\d+) result=(.*)")


def games(out):
    rows = [m.groups() for m in GAME.finditer(out)]
    assert rows, out
    return rows


def on_cpython(script):
    r = mprun.run("cpython", "tests/mp/" + script, cwd=mprun.ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    return r.stdout


_runs = {}


def locked_run(port):
    """norespect_locked.py's output on `port` (each run once per test process)."""
    if port not in _runs:
        if port == "cpython":
            _runs[port] = on_cpython("norespect_locked.py")
        else:
            r = mprun.run(port, "tests/mp/norespect_locked.py", cwd=mprun.ROOT)
            assert r.returncode == 0, (port, r.stdout, r.stderr)
            _runs[port] = r.stdout
    return _runs[port]


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_whole_bot_games_run_with_the_heap_locked_every_frame_as_on_cpython(port):
    out = locked_run(port)
    rows = games(out)
    assert len(rows) >= 6
    assert {r[2] for r in rows} == {"0", "1"}                  # both rule sets
    assert {r[1] for r in rows} == {"2", "3", "4"}             # every seat count
    for seed, seats, variant, frames, bad, faults, nrows, result in rows:
        assert bad == "0" and faults == "0", (port, seed, result)
        assert result.startswith("winner=") and "reason=" in result
    assert "done games=%d bad=0" % len(rows) in out
    assert rows == games(locked_run("cpython"))         # the ports and CPython play the same games


# the moments every port's resumes must include (tests/mp/norespect_resume.py names them)
MOMENTS = {"after_start_draw", "after_draw", "after_build", "after_stack", "after_cap",
           "after_discard", "after_clear", "after_eliminate", "column_done",
           "phase1_sub0", "phase2_sub0", "phase2_sub1", "phase2_sub2"}


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_suspend_and_resume_continue_as_the_uninterrupted_game_under_micropython(port):
    r = mprun.run(port, "tests/mp/norespect_resume.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    rows = resume_check.check(r.stdout, MOMENTS, 30)
    assert sum(1 for row in rows if row[2] == "-") >= 10      # mid-game, every STRIDE-th frame


def test_bench_reports_no_allocation():
    r = mprun.run("unix", "tests/mp/bench_norespect.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    lines = [l for l in r.stdout.splitlines() if l.startswith("bench norespect ") and "alloc=" in l]
    assert len(lines) >= 7
    for l in lines:
        assert " alloc=0" in l, l
