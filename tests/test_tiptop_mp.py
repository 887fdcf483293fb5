"""Tip Top under real MicroPython: whole games with every seat a bot, two and eight seats, the
heap locked for every frame (tests/mp/tiptop_locked.py), on every locked port (mprun.LOCKED_PORTS:
64-bit unix, 32-bit WebAssembly newest and 1.24.1); the same games on CPython give the same
results; suspend and resume at four moments continue identically (unix). The 32-bit ports play
two of the four games each (a two-seat and an eight-seat one), for the suite's time.
The human seats' paths: tests/test_human_locked.py."""
import re

import pytest

import mprun

GAME = re.compile(r"game seed=(\d+) seats=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) rows=(\d+) "
                  r"result=(.*)")
# port -> (the games it plays, resume runs too)
PLAYS = {"unix": ("0123", True), "wasm": ("02", False), "wasm-min": ("12", False)}
_runs = {}


def locked_run(port, which, resume=False):
    key = (port, which, resume)
    if key not in _runs:
        r = mprun.run(port, "tests/mp/tiptop_locked.py", [which] + (["resume"] if resume else []),
                      cwd=mprun.ROOT, timeout=900)
        assert r.returncode == 0, (port, r.stdout, r.stderr)
        _runs[key] = r.stdout
    return _runs[key]


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_whole_bot_games_run_with_the_heap_locked_every_frame_as_on_cpython(port):
    which, resume = PLAYS[port]
    out = locked_run(port, which, resume)
    rows = [m.groups() for m in GAME.finditer(out)]
    assert len(rows) == len(which), out
    assert {r[1] for r in rows} == {"2", "8"}                  # the smallest and largest table
    for seed, seats, frames, bad, faults, nrows, result in rows:
        assert bad == "0" and faults == "0", (port, seed, out)
        assert result.startswith("winner=") and int(frames) > 100
    assert "done games=%d bad=0" % len(which) in out
    want = [m.groups() for m in GAME.finditer(locked_run("cpython", which))]
    assert rows == want                                 # the ports and CPython play the same games
    if resume:
        lines = [ln for ln in out.splitlines() if ln.startswith("resume ")]
        assert len(lines) == 4 and all("same=1" in ln for ln in lines), out
        assert {ln.split("phase=")[1][0] for ln in lines} == {"1", "2"}     # in play, after a lost round
        assert "resumes=4 differ=0" in out


def test_bench_reports_no_allocation():
    r = mprun.run("unix", "tests/mp/bench_tiptop.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("bench tiptop ") and "alloc=" in ln]
    assert len(lines) == 7, r.stdout
    for ln in lines:
        assert " alloc=0" in ln, ln
