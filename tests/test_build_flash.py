"""make mpy / make flash: every module cross-compiles for armv6m, and the deploy script puts the
tree on a board and resets it into the launcher.

The board in the end-to-end test is the unix MicroPython port behind a pseudo-terminal
(tests/fakes/ptyboard.py) with the stand-in rp2 `machine` module and the register-level models
next to the firmware in its root. The unix port loads bytecode-only .mpy files whatever their
-march, but refuses armv6m machine code ("incompatible .mpy arch"), so this test deploys the
same tree built with -march=x64: same build script, same deploy script, same files.
"""
import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKES = os.path.join(ROOT, "tests", "fakes")
sys.path.insert(0, FAKES)

import build  # noqa: E402  (tools/ is on sys.path, see conftest.py)
import deploy  # noqa: E402
import mprun  # noqa: E402
from ptyboard import PtyBoard  # noqa: E402

ARCH_NONE = 0
ARCH_X64 = 2
ARCH_ARMV6M = 4
STAND_INS = (("fake_machine.py", "machine.py"), ("fake_pins.py", "fake_pins.py"),
             ("fake_st7789.py", "fake_st7789.py"), ("fake_i2c.py", "fake_i2c.py"))


def mpy_header(path):
    with open(path, "rb") as f:
        h = f.read(4)
    return h[0:1], h[1], h[2] >> 2, h[3]


def firmware_modules():
    return [r for r in build.sources(build.SRC) if r.endswith(".py") and r != "main.py"]


@pytest.fixture(scope="module")
def armv6m(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("armv6m") / "firmware")
    return build.build(out=out, arch="armv6m", quiet=True)


def test_every_firmware_module_compiles_for_armv6m(armv6m):
    out = armv6m["out"]
    mods = firmware_modules()
    assert mods and armv6m["compiled"] == len(mods)
    for rel in mods:
        magic, version, arch, intbits = mpy_header(os.path.join(out, rel[:-3] + ".mpy"))
        assert (magic, version, intbits) == (b"M", 6, 31), rel
        assert arch in (ARCH_NONE, ARCH_ARMV6M), rel
    # the viper converter carries Thumb code; plain modules are architecture-free
    assert mpy_header(os.path.join(out, "hal", "pixels_viper.mpy"))[2] == ARCH_ARMV6M
    assert mpy_header(os.path.join(out, "hal", "st7789.mpy"))[2] == ARCH_NONE


def test_main_stays_source(armv6m):
    out = armv6m["out"]
    with open(os.path.join(out, "main.py"), "rb") as a, \
            open(os.path.join(build.SRC, "main.py"), "rb") as b:
        assert a.read() == b.read()
    assert not os.path.exists(os.path.join(out, "main.mpy"))
    assert armv6m["total_bytes"] == sum(os.path.getsize(os.path.join(out, f))
                                        for f in armv6m["files"])


def test_a_module_that_does_not_compile_fails_the_build(tmp_path):
    src = tmp_path / "src"
    (src / "core").mkdir(parents=True)
    (src / "main.py").write_text("import core.ok\n")
    (src / "core" / "ok.py").write_text("X = 1\n")
    (src / "core" / "bad.py").write_text("def f(:\n")
    with pytest.raises(build.BuildError) as e:
        build.build(str(src), str(tmp_path / "out"), quiet=True)
    assert "core/bad.py" in str(e.value) and "core/ok.py" not in str(e.value)


def test_unix_port_refuses_armv6m_machine_code(armv6m, tmp_path):
    # why the board test below deploys an x64 build
    shutil.copy(os.path.join(armv6m["out"], "hal", "pixels_viper.mpy"), tmp_path)
    script = tmp_path / "t.py"
    script.write_text("try:\n    import pixels_viper\nexcept ValueError as e:\n    print(e)\n")
    res = mprun.run("unix", str(script), paths=(str(tmp_path),))
    assert "incompatible .mpy arch" in res.stdout


# -- make flash ----------------------------------------------------------------------------

def test_no_board_says_so(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "usb_ports", lambda: [])
    assert deploy.main([]) == 1
    assert "no board found" in capsys.readouterr().err
    assert deploy.main(["--port", "/dev/ttyNOPE9"]) == 1
    err = capsys.readouterr().err
    assert "no device at /dev/ttyNOPE9" in err


def test_flash_without_a_build_says_so(tmp_path, capsys):
    assert deploy.main(["--port", "/dev/null", "--src", str(tmp_path / "none")]) == 1
    assert "make mpy" in capsys.readouterr().err


def run_deploy(port, src):
    # the script `make flash` runs, as a separate process like make runs it
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"),
                           "--port", port, "--src", src], capture_output=True, text=True,
                          timeout=300)


def wait_count(board, needle, n, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if board.text().count(needle) >= n:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux ptys")
def test_flash_copies_the_tree_and_the_board_boots_into_the_launcher(tmp_path):
    x64 = build.build(out=str(tmp_path / "build"), arch="x64", quiet=True)
    root = tmp_path / "board"
    root.mkdir()
    for src, dst in STAND_INS:           # the stand-in hardware, never part of firmware/
        shutil.copy(os.path.join(FAKES, src), root / dst)
    with PtyBoard(str(root)) as board:
        res = run_deploy(board.port, x64["out"])
        assert res.returncode == 0, res.stdout + res.stderr
        assert board.wait_for("picotable: launcher up", 60), board.text()[-3000:]
        kinds = [e[0] for e in board.events]
        assert "soft reboot" in kinds and kinds.count("hard reset") == 1
        text = board.text()
        assert "picotable: display SPI 62500000 Hz" in text
        assert "picotable: accelerometer MPU-6050" in text
        for rel in x64["files"]:
            with open(os.path.join(x64["out"], rel), "rb") as a, open(root / rel, "rb") as b:
                assert a.read() == b.read(), rel
        assert (root / "data").is_dir()

        # again, with the console running: mpremote's Ctrl-C stops it (and its watchdog),
        # stale files go, the saves in /data stay
        (root / "core" / "stale.py").write_text("raise RuntimeError\n")
        (root / "data" / "keep.bin").write_bytes(b"save")
        res = run_deploy(board.port, x64["out"])
        assert res.returncode == 0, res.stdout + res.stderr
        assert wait_count(board, "picotable: launcher up", 2), board.text()[-3000:]
        assert "picotable: stopped, watchdog off" in board.text()
        assert not (root / "core" / "stale.py").exists()
        assert (root / "data" / "keep.bin").read_bytes() == b"save"
