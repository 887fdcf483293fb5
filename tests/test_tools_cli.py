"""tools/*.py never print a traceback for bad arguments: a first line on stderr naming the problem
(deploy.py adds how to connect a board) and a non-zero exit; and mprun's compiled trees stay whole when threads of one process build them at
once (tools/tower_tournament.py runs its chunks in threads)."""
import os
import shutil
import subprocess
import sys
import threading

import pytest

import mprun

# (tool, arguments, what the one line must say)
BAD = [
    ("assets.py", ["--bogus"], "usage: python tools/assets.py [--root DIR] [--check]"),
    ("assets.py", ["--root", "{NODIR}", "--check"], "assets: --root {NODIR}: no such folder"),
    ("mprun.py", [], "the following arguments are required: port, script"),
    ("mprun.py", ["z80", "x.py"], "argument port: invalid choice: 'z80'"),
    ("mprun.py", ["unix", "{NODIR}/x.py"], "{NODIR}/x.py: no such file"),
    ("mprun.py", ["cpython", "{NODIR}/x.py"], "{NODIR}/x.py: no such file"),
    ("bench.py", ["many"], "argument frames: 'many' is not a whole number >= 1"),
    ("bench.py", ["0"], "argument frames: '0'"),
    ("build.py", ["--src", "{NODIR}"], "--src {NODIR}: no such folder"),
    ("build.py", ["--out", "."], "--out .: overlaps the source folder"),
    ("build.py", ["--arch", "z80"], "argument --arch: invalid choice: 'z80'"),
    ("build.py", ["--out", "{FILE}/sub"], "build: {FILE}"),
    ("deploy.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("deploy.py", ["--port", "/dev/no-such-port"], "flash: no device at /dev/no-such-port"),
    ("norespect_tournament.py", ["--lineup", "hard,superhard"], "argument --lineup: 'hard,superhard'"),
    ("norespect_tournament.py", ["--lineup", "hard"], "is not 2-4 of easy, normal, hard"),
    ("norespect_tournament.py", ["--games", "0"], "argument --games: '0'"),
    ("norespect_tournament.py", ["--variant", "5"], "argument --variant: '5' is not a whole number in 0..1"),
    ("norespect_tournament.py", ["--seed", "-1"], "argument --seed: '-1'"),
    ("tiptop_tournament.py", ["--lineup", "hard,superhard"], "argument --lineup: 'hard,superhard'"),
    ("tiptop_tournament.py", ["--lineup", "hard"], "is not 2-8 of easy, normal, hard"),
    ("tiptop_tournament.py", ["--games", "0"], "argument --games: '0'"),
    ("nope_tournament.py", ["--games", "0"], "argument --games: '0'"),
    ("nope_tournament.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("nmbr9_tournament.py", ["--games", "0"], "argument --games: '0'"),
    ("nmbr9_tournament.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("tower_tournament.py", ["--jobs", "0"], "argument --jobs: '0'"),
    ("tower_tournament.py", ["--port", "z80"], "argument --port: invalid choice: 'z80'"),
    ("tower_tournament.py", ["--a", "7"], "argument --a: '7' is not a whole number in 1..3"),
    ("tower_tournament.py", ["--supply", "3"], "argument --supply: '3'"),
    ("tower_tournament.py", ["--games", "-4"], "argument --games: '-4'"),
    ("extract_font.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("gen_tower_viper.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("gen_sintable.py", ["-x"], "unrecognized arguments: -x"),
    ("gen_tower_angles.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("gen_tower_tables.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("gen_consts.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("gen_nmbr9_tiles.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("bench_lifecycle.py", ["tower", "39"], "argument kinds: '39' is not 1-8 seat digits"),
    ("bench_lifecycle.py", ["tower", "33", "--ballast", "300"], "argument --ballast: '300'"),
    ("screenshots.py", ["{NODIR}/deeper"], "{NODIR}/deeper: its parent folder does not exist"),
    ("screenshots.py", ["{FILE}"], "{FILE}: is a file, not a folder"),
    ("bench_image.py", ["image", "tower", "39"], "argument kinds: '39' is not 2-4 seat digits"),
    ("bench_image.py", ["stock", "tower", "33", "--ballast", "8,x"], "argument --ballast: '8,x'"),
    ("bench_image.py", ["image", "tower", "33", "--vpico", "{NODIR}/v.mjs"], "no virtual Pico"),
    ("mutants.py", ["--only", "no-such-mutation"], "--only: unknown mutation no-such-mutation"),
    ("mutants.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("uf2.py", [], "the following arguments are required: cmd"),
    ("uf2.py", ["build", "--jobs", "0"], "argument --jobs: '0'"),
    ("uf2.py", ["build", "--target", "z80"], "argument --target: invalid choice: 'z80'"),
    ("uf2.py", ["flash", "--drive", "{NODIR}"], "--drive {NODIR}: no such folder"),
    ("web_build.py", ["--out", "web"], "--out web: overlaps the source folder"),
    ("web_build.py", ["--out", "{FILE}/sub"], "web_build: {FILE}"),
    ("web_serve.py", ["--dir", "{NODIR}"], "--dir {NODIR}: no index.html there (run `make web`)"),
    ("web_serve.py", ["--port", "70000"], "argument --port: '70000'"),
]


@pytest.mark.parametrize("tool,args,says", BAD, ids=["%s %s" % (t, " ".join(a)) for t, a, _ in BAD])
def test_bad_arguments_are_one_line_and_a_non_zero_exit(tmp_path, tool, args, says):
    (tmp_path / "file").write_text("a file, not a folder")
    paths = {"NODIR": str(tmp_path / "no" / "such"), "FILE": str(tmp_path / "file")}
    args = [a.format(**paths) for a in args]
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", tool)] + args,
                       cwd=mprun.ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.splitlines()
    assert lines and says.format(**paths) in lines[0], r.stderr
    assert len(lines) == 1 or tool == "deploy.py"
    assert not os.path.exists(paths["NODIR"])          # nothing was made on the way


def test_threads_of_one_process_compile_the_same_tree_at_once(tmp_path):
    """Each thread writes its .mpy aside under a name of its own, then renames it into place:
    with the process id alone the threads took each other's files away (FileNotFoundError)."""
    for i in range(40):
        (tmp_path / ("m%d.py" % i)).write_text("x = %d\n" % i)
    name = "threads-test-%d" % os.getpid()
    out = os.path.join(mprun.ROOT, "build", "host-bytecode", name)
    errors = []

    def build():
        try:
            mprun.compiled_firmware("bytecode", str(tmp_path), name)
        except Exception as e:  # noqa: BLE001 - collected and asserted below
            errors.append(repr(e))
    try:
        threads = [threading.Thread(target=build) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        assert sorted(os.listdir(out)) == sorted("m%d.mpy" % i for i in range(40))
    finally:
        shutil.rmtree(out, ignore_errors=True)
