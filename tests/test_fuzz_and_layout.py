"""Mashed, held and bouncing buttons over the console's screens; and the rule that the core
imports no hardware or host modules."""
import ast
import os
import re

import pytest

import mprun

LINE = re.compile(r"frames=(\d+) faults=(\d+) restarts=(\d+) scenes=(\S+)")


def test_fuzz_100000_frames_on_the_unix_port():
    for seed in (1, 2):
        r = mprun.run("unix", "tests/mp/fuzz_console.py", ["100000", str(seed)], cwd=mprun.ROOT)
        assert r.returncode == 0, r.stderr
        m = LINE.search(r.stdout)
        assert m and m[1] == "100000" and m[2] == "0", r.stdout + r.stderr
        scenes = set(m[4].split(","))
        assert {"Launcher", "SettingsScene", "NameEditor", "Calibrate", "GameSetup"} <= scenes
        assert int(m[3]) > 0 and "GameScene" in scenes     # games started through a restart


# the two 32-bit ports share the 20,000 frames the newest one had alone, with different seeds
@pytest.mark.parametrize("port,seed,frames", [("wasm", 3, 10000), ("wasm-min", 5, 10000),
                                              ("cpython", 4, 20000)])
def test_fuzz_on_the_32bit_ports_and_cpython(port, seed, frames):
    r = mprun.run(port, "tests/mp/fuzz_console.py", [str(frames), str(seed)], cwd=mprun.ROOT,
                  timeout=600)
    assert r.returncode == 0, r.stderr
    m = LINE.search(r.stdout)
    assert m and m[1] == str(frames) and m[2] == "0", r.stdout + r.stderr


FORBIDDEN = ("machine", "rp2", "pygame", "hal", "host_sim", "os", "sys.path", "network",
             "socket", "time", "utime", "subprocess", "pathlib")


def imports_of(path):
    tree = ast.parse(open(path).read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant):
                yield node.args[0].value


def test_core_and_games_import_no_hardware_pygame_or_host_modules():
    bad = []
    checked = 0
    for top in ("core", "games"):
        for dirpath, _, names in os.walk(os.path.join(mprun.FIRMWARE, top)):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    checked += 1
                    for mod in imports_of(path):
                        root = mod.split(".")[0]
                        if root in FORBIDDEN:
                            bad.append("%s imports %s" % (os.path.relpath(path, mprun.ROOT), mod))
    assert checked > 20
    assert bad == []


def test_the_scan_would_catch_a_forbidden_import(tmp_path):
    p = tmp_path / "x.py"
    p.write_text("import gc\nfrom machine import Pin\ndef f():\n    import pygame\n")
    assert [m for m in imports_of(str(p)) if m.split(".")[0] in FORBIDDEN] == ["machine", "pygame"]


def test_the_simulator_has_no_patched_copy_of_the_core():
    # host_sim may hold stand-ins of MicroPython modules, never core or game code
    for dirpath, _, names in os.walk(os.path.join(mprun.ROOT, "host_sim")):
        for name in names:
            assert not os.path.exists(os.path.join(mprun.FIRMWARE, "core", name)) or name == "__init__.py", name
