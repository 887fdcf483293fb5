"""make uf2: what can be checked without MicroPython's sources (docs/firmware-image.md).

The image itself is built and measured outside the suite (CI has no MicroPython sources); here:
the board's flash layout, the manifest freezing every module the console imports (read from the
sources), the alignment fix for frozen machine code, and the set-up errors (one line, exit
status 2, no traceback).
"""
import ast
import os
import re
import shutil
import struct
import subprocess
import sys

import pytest

import build  # tools/ is on sys.path (conftest.py)
import uf2

ROOT = uf2.ROOT
KB = 1024


# -- the flash layout ------------------------------------------------------------------------
@pytest.mark.parametrize("target", sorted(uf2.TARGETS))
def test_layout_adds_up_to_the_flash(target):
    lay = uf2.layout(target)
    assert lay["code"] + lay["fs"] == lay["flash"] == uf2.TARGETS[target]["flash"]
    assert lay["fs_base"] == lay["code"]
    # the stock image's filesystem, at the same place: /data survives flashing either way
    assert lay["fs"] == uf2.TARGETS[target]["fs"] and lay["fs"] % (4 * KB) == 0


def test_the_rp2040_layout():
    assert uf2.layout("rp2040") == {"flash": 2048 * KB, "code": 640 * KB, "fs_base": 640 * KB,
                                    "fs": 1408 * KB}
    assert "0x0a0000-0x200000  1408 KB" in uf2.describe_layout("rp2040")


@pytest.mark.parametrize("target,arch", [("rp2040", "armv6m"), ("rp2350", "armv7m")])
def test_the_console_of_the_day_fits_below_the_filesystem(tmp_path, target, arch):
    tree = build.build(out=str(tmp_path / "fw"), arch=arch, quiet=True)
    estimate = uf2.PINNED_CODE_BYTES[target] + uf2.FROZEN_PER_MPY_BYTE * tree["mpy_bytes"]
    assert estimate <= uf2.layout(target)["code"]


# -- what is frozen --------------------------------------------------------------------------
def test_the_manifest_freezes_every_module_the_console_imports():
    frozen = uf2.manifest_files()
    assert uf2.missing_modules(frozen) == []
    assert "main.py" in frozen and "boot.py" in frozen
    for rel in uf2.project_modules().values():
        assert rel in frozen


def test_the_console_imports_are_read_from_the_sources():
    imports = uf2.console_imports()
    # statically, by a string given to __import__ (viper twins, on-demand scenes), by the catalog
    for name in ("core.console", "hal.pico", "hal.pixels_viper", "games.tower.physics_viper",
                 "core.settings_menu", "games.tower", "games.norespect", "games.nope", "games.nope.scenes",
                 "framebuf", "micropython"):
        assert name in imports, name
    for game in ("tiptop", "nmbr9"):                                  # every game of the catalog
        assert "games." + game in imports and "games." + game + ".scenes" in imports, game
    # modules from outside the project are MicroPython's own, built into the image
    outside = {n for n in imports if n.split(".")[0] not in ("core", "games", "hal")}
    assert outside <= set(uf2.IMAGE_BUILTINS), outside - set(uf2.IMAGE_BUILTINS)


def test_a_manifest_that_leaves_a_package_out_is_caught(tmp_path):
    manifest = tmp_path / "manifest.py"
    manifest.write_text('freeze("$(PORT_DIR)/modules")\n'
                        'freeze("%s", "main.py")\n'
                        'package("core", base_path="%s")\n'
                        'package("hal", base_path="%s")\n' % ((build.SRC,) * 3))
    problems = uf2.missing_modules(uf2.manifest_files(str(manifest)))
    assert problems and all(p.startswith("games/") for p in problems)
    assert any("games/tower/physics_viper.py" in p for p in problems)


def test_frozen_names_are_read_from_the_generated_c(tmp_path):
    c = tmp_path / "frozen_content.c"
    c.write_text('const char mp_frozen_names[] = {\n#ifdef MP_FROZEN_STR_NAMES\n'
                 'MP_FROZEN_STR_NAMES\n#endif\n"main.py\\0"\n"core/gfx.py\\0"\n"\\0"};\n')
    assert uf2.frozen_names(str(c)) == ["main.py", "core/gfx.py"]


def test_the_image_boot_puts_the_frozen_console_first():
    tree = ast.parse(open(os.path.join(uf2.BOARD_DIR, "frozen", "boot.py")).read())
    calls = [(n.func.attr, [ast.literal_eval(a) for a in n.args]) for n in ast.walk(tree)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
    assert calls == [("remove", [".frozen"]), ("insert", [0, ".frozen"])]


# -- the alignment fix -----------------------------------------------------------------------
GENERATED = (
    'static const byte fun_data_hal_pixels_viper__lt_module_gt_[58] = {\n'
    'static const byte fun_data_hal_pixels_viper_x[46] __attribute__((section(".text,\\"ax\\",'
    '%progbits @ "))) __attribute__ ((aligned (2))) = {\n'
    '    0x1f, 0xb5,\n'
    'static const byte fun_data_games_tower_physics_viper_y[1488] __attribute__((section('
    '".text,\\"ax\\",%progbits @ "))) __attribute__ ((aligned (2))) = {\n')


def test_frozen_machine_code_is_aligned_to_4_bytes(tmp_path):
    c = tmp_path / "frozen_content.c"
    c.write_text(GENERATED)
    assert uf2.align_native_code(str(c)) == 2
    text = c.read_text()
    assert "aligned (2)" not in text and text.count("__attribute__ ((aligned (4)))") == 2
    assert text.replace("aligned (4)", "aligned (2)") == GENERATED   # nothing else touched
    assert uf2.align_native_code(str(c)) == 0


def test_misaligned_machine_code_is_found_in_the_symbols():
    nm = ("1003161c t fun_data_hal_pixels_viper_x\n"
          "100317e6 t fun_data_games_tower_physics_viper_y\n"
          "1005f7e8 r fun_data_games_tower_physics_viper__lt_module_gt_\n"
          "1005f7ea r fun_data_core_gfx__lt_module_gt_\n")    # bytecode: any alignment
    assert uf2.misaligned_native_code(nm) == ["fun_data_games_tower_physics_viper_y"]


def test_uf2_end_ignores_blocks_beyond_the_flash():
    def block(addr):
        return (struct.pack("<8I", *uf2.UF2_MAGIC[:2], 0x2000, addr, 256, 0, 2, 0xE48BFF59)
                + bytes(476) + struct.pack("<I", uf2.UF2_MAGIC[2]))
    data = block(uf2.XIP_BASE + 0x1000) + block(uf2.XIP_BASE + 0xFFFF00)   # + the E10 block
    assert uf2.uf2_end(data, 4096 * KB) == 0x1100
    with pytest.raises(uf2.StepError):
        uf2.uf2_end(data[:-1], 4096 * KB)


def test_the_romfs_partition_is_added_to_the_image_as_numbered_blocks():
    """build --romfs: the partition's bytes written at its base, in blocks numbered on from the
    image's, every block saying the file's new block count."""
    image = uf2.uf2_blocks(bytes(range(256)) * 3, 0, 0xE48BFF56)        # 3 blocks at offset 0
    romfs = bytes((7 * i) & 255 for i in range(600))
    both = uf2.with_romfs(image, romfs, 0x60000)
    assert len(both) == 512 * 6
    blocks = [struct.unpack_from("<8I", both, i) for i in range(0, len(both), 512)]
    assert [b[5] for b in blocks] == list(range(6)) and {b[6] for b in blocks} == {6}
    assert {b[7] for b in blocks} == {0xE48BFF56}
    assert [b[3] - uf2.XIP_BASE for b in blocks[3:]] == [0x60000, 0x60100, 0x60200]
    written = b"".join(both[i + 32:i + 32 + 256] for i in range(512 * 3, len(both), 512))
    assert written[:600] == romfs and written[600:] == b"\xff" * 168
    assert uf2.uf2_end(both, 2048 * KB) == 0x60300


# -- set-up errors ---------------------------------------------------------------------------
def _files_up_to_64_mb():
    """preexec_fn: a tool that copies without end (/dev/zero) fails at 64 MB, not at a full disk."""
    import resource
    import signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))


def run_tool(args, tmp_path, env_extra=None, tools=True):
    """tools/uf2.py with a PATH of stand-in build tools (so the sources check is reached); a
    stand-in that runs leaves its name in tmp_path/ran."""
    env = dict(os.environ)
    for k in ("MICROPYTHON_DIR", "PICOTOOL_DIR", "PICOTOOL_SRC", "PICOTOOL_GIT"):
        env.pop(k, None)
    if tools:
        bindir = tmp_path / "bin"
        bindir.mkdir(exist_ok=True)
        for t in ("cmake", "make", "arm-none-eabi-gcc", "arm-none-eabi-nm"):
            p = bindir / t
            p.write_text("#!/bin/sh\necho %s >> '%s'\nexit 1\n" % (t, tmp_path / "ran"))
            p.chmod(0o755)
        env["PATH"] = "%s:%s" % (bindir, os.path.dirname(shutil.which("git") or "/usr/bin/git"))
    env.update(env_extra or {})
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py")] + args,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
                          preexec_fn=_files_up_to_64_mb if sys.platform.startswith("linux") else None)


def one_line_exit_2(res):
    assert res.returncode == 2, res
    assert "Traceback" not in res.stderr + res.stdout
    lines = [ln for ln in res.stderr.splitlines() if not ln.startswith("uf2: no MICROPYTHON_DIR")]
    assert len(lines) == 1, res.stderr
    return lines[0]


def test_no_sources_and_no_network_says_what_is_needed(tmp_path):
    res = run_tool(["build", "--work", str(tmp_path / "work")], tmp_path,
                   {"MICROPYTHON_GIT": str(tmp_path / "no-such-repository")})
    line = one_line_exit_2(res)
    assert "MICROPYTHON_DIR=" in line and uf2.PINNED_TAG in line and "network" in line
    assert not os.path.exists(tmp_path / "work" / ("micropython-" + uf2.PINNED_TAG))


def write_version(mp, version):
    """py/mpconfig.h of MicroPython `version` ("1.28.0")."""
    (mp / "py" / "mpconfig.h").write_text("".join("#define MICROPY_VERSION_%s %s\n" % kv for kv in zip(
        ("MAJOR", "MINOR", "MICRO"), version.split("."))))


def add_submodules(mp, sdk="2.2.0"):
    """The submodules, pico-sdk saying version `sdk` as its pico_sdk_version.cmake does."""
    for s in uf2.SUBMODULES:
        (mp / s).mkdir(parents=True)
        (mp / s / "README.md").write_text("x")
    (mp / "lib" / "pico-sdk" / "pico_sdk_version.cmake").write_text(
        "if (NOT DEFINED PICO_SDK_VERSION_MAJOR)\n%sendif()\n" % "".join(
            "    set(PICO_SDK_VERSION_%s %s)\n" % kv for kv in zip(("MAJOR", "MINOR", "REVISION"), sdk.split("."))))


def sources(tmp_path, submodules=True, sdk="2.2.0"):
    """A MicroPython 1.28.0 tree (that passes the sources check when it has its submodules)."""
    mp = tmp_path / "mp"
    (mp / "ports" / "rp2").mkdir(parents=True)
    (mp / "ports" / "rp2" / "CMakeLists.txt").write_text("")
    (mp / "py").mkdir()
    write_version(mp, "1.28.0")
    if submodules:
        add_submodules(mp, sdk)
    return mp


def test_a_wrong_source_tree_is_refused(tmp_path):
    line = one_line_exit_2(run_tool(["build", "--micropython", str(tmp_path)], tmp_path))
    assert "not MicroPython's source tree" in line
    mp = sources(tmp_path, submodules=False)
    line = one_line_exit_2(run_tool(["build", "--micropython", str(mp)], tmp_path))
    assert "lacks the submodules" in line and "lib/pico-sdk" in line
    add_submodules(mp)
    write_version(mp, "1.24.1")
    line = one_line_exit_2(run_tool(["build", "--micropython", str(mp)], tmp_path))
    assert "1.24.1" in line and "1.26 or newer" in line


def test_no_picotool_and_no_network_says_so_before_cmake_runs(tmp_path):
    """pico-sdk clones picotool while CMake configures: without a network that failed 25 lines
    deep in CMake's output. The clone is tried first (git ls-remote of the same repository,
    given to CMake as PICOTOOL_GIT_REPOSITORY_URL); here a repository that does not exist."""
    if uf2.installed_picotool(str(tmp_path / "work")):
        pytest.skip("a picotool is installed here: no network needed")
    mp = sources(tmp_path, sdk="2.3.1")
    res = run_tool(["build", "--micropython", str(mp), "--work", str(tmp_path / "work")], tmp_path,
                   {"PICOTOOL_GIT": str(tmp_path / "no-such-repository")})
    line = one_line_exit_2(res)
    assert line.startswith("uf2: make uf2 needs picotool 2.3.1 (pico-sdk 2.3.1 clones it, and cannot")
    assert "PICOTOOL_SRC=DIR" in line and "PICOTOOL_DIR=DIR" in line and "Debian" in line
    assert not (tmp_path / "ran").exists()             # no CMake ran
    assert uf2.sdk_version(str(mp)) == "2.3.1"


def test_a_bad_picotool_dir_or_source_is_refused_up_front(tmp_path):
    mp = sources(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    line = one_line_exit_2(run_tool(["build", "--micropython", str(mp)], tmp_path,
                                    {"PICOTOOL_DIR": str(empty)}))
    assert "PICOTOOL_DIR=%s holds no picotoolConfig.cmake" % empty in line and "2.2.0" in line
    line = one_line_exit_2(run_tool(["build", "--micropython", str(mp)], tmp_path,
                                    {"PICOTOOL_SRC": str(empty)}))
    assert "PICOTOOL_SRC=%s is not picotool's source" % empty in line and "2.2.0" in line
    assert not (tmp_path / "ran").exists()


def test_missing_build_tools_are_named(tmp_path):
    res = run_tool(["build", "--micropython", str(tmp_path)], tmp_path,
                   {"PATH": str(tmp_path / "empty")}, tools=False)
    line = one_line_exit_2(res)
    assert "arm-none-eabi-gcc" in line and "apt install" in line


def test_flash_without_a_pico_says_how(tmp_path):
    res = run_tool(["flash", "--uf2", str(tmp_path / "x.uf2")], tmp_path, tools=False)
    if uf2.bootsel_drives():
        pytest.skip("a Pico in BOOTSEL mode is mounted here")
    assert res.returncode == 1 and "BOOTSEL" in res.stdout and "Traceback" not in res.stderr


def test_flash_copies_the_image_to_the_drive(tmp_path):
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n"
                                        "Board-ID: RPI-RP2\n")
    image = tmp_path / "picotable-rp2040.uf2"
    image.write_bytes(uf2.uf2_blocks(bytes(range(256)) * 2, 0, 0xE48BFF56))
    res = run_tool(["flash", "--uf2", str(image), "--drive", str(drive)], tmp_path, tools=False)
    assert res.returncode == 0, res.stderr
    assert (drive / image.name).read_bytes() == image.read_bytes()


def test_flash_copies_nothing_that_is_not_a_uf2_file_to_a_boot_drive(tmp_path):
    """/dev/zero used to be copied until the disk was full; a folder that is not a boot drive
    gets no image."""
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("Board-ID: RPI-RP2\n")
    junk = tmp_path / "junk.uf2"
    junk.write_bytes(bytes(1024))
    for image, says in (("/dev/zero", "not a regular file"),
                        (str(junk), "not a UF2 file (its first block has no UF2 magic)")):
        res = run_tool(["flash", "--uf2", image, "--drive", str(drive)], tmp_path, tools=False)
        assert res.returncode == 2 and res.stderr.splitlines() == ["flash-uf2: %s: %s" % (image, says)]
    good = tmp_path / "picotable-rp2040.uf2"
    good.write_bytes(uf2.uf2_blocks(bytes(256), 0, 0xE48BFF56))
    folder = tmp_path / "folder"
    folder.mkdir()
    res = run_tool(["flash", "--uf2", str(good), "--drive", str(folder)], tmp_path, tools=False)
    assert res.returncode == 2 and "not a Pico's boot drive (no INFO_UF2.TXT)" in res.stderr
    assert os.listdir(drive) == ["INFO_UF2.TXT"] and os.listdir(folder) == []


def test_make_uf2_without_sources_says_one_line_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("MICROPYTHON_DIR", "TARGET")}
    env["MICROPYTHON_GIT"] = str(tmp_path / "no-such-repository")
    if os.path.isdir(os.path.join(uf2.WORK, "micropython-" + uf2.PINNED_TAG)):
        pytest.skip("an earlier make uf2 cloned the sources into build/uf2")
    r = subprocess.run(["make", "-s", "uf2"], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=300)
    assert r.returncode == 2, (r.stdout, r.stderr)
    said = [ln for ln in r.stderr.splitlines() if not re.match(r"make(\[\d+\])?: \*\*\*", ln)]
    assert len(said) == 1 and said[0].startswith("uf2: make uf2 needs"), r.stderr
    assert "Traceback" not in r.stdout + r.stderr


# -- Python call frames on their own stack -----------------------------------------------------
def test_the_board_puts_python_call_frames_on_their_own_stack():
    """Without it a large frame is taken from the heap at every call (docs/firmware-image.md)."""
    with open(os.path.join(uf2.BOARD_DIR, "mpconfigboard.h")) as f:
        header = f.read()
    assert re.search(r"^#define MICROPY_ENABLE_PYSTACK\s+\(1\)$", header, re.M)
    hook = header[header.index("#define MICROPY_BOARD_EARLY_INIT()"):]
    assert "static mp_obj_t picotable_pystack[PICOTABLE_PYSTACK_WORDS];" in hook
    assert "mp_pystack_init(picotable_pystack, picotable_pystack + PICOTABLE_PYSTACK_WORDS)" in hook


def test_the_bench_finds_the_call_stack_in_the_symbols():
    import bench_image
    nm = ("20001000 00000010 b mp_thread_mutex\n"
          "20010f40 00002000 b picotable_pystack.0\n"
          "10000000 00000100 T _entry_point\n")
    assert bench_image.pystack_in(nm) == (0x20010f40, 2048)
    assert bench_image.pystack_in(nm.replace("picotable_pystack", "other_stack")) is None


def test_a_changed_board_configuration_builds_from_clean(tmp_path):
    board = tmp_path / "board"
    shutil.copytree(uf2.BOARD_DIR, str(board))
    cmake = tmp_path / "cmake"
    cmake.mkdir()
    (cmake / "old").write_text("a build of an unknown configuration")
    assert uf2.clean_if_board_changed(str(cmake), str(board))
    assert not (cmake / "old").exists()
    (cmake / "kept").write_text("built with this configuration")
    assert not uf2.clean_if_board_changed(str(cmake), str(board))
    (board / "manifest.py").write_text("# a frozen module's change needs no clean build\n")
    assert not uf2.clean_if_board_changed(str(cmake), str(board))
    assert (cmake / "kept").exists()
    header = board / "mpconfigboard.h"
    header.write_text(header.read_text() + "#define MICROPY_PY_FRAMEBUF (0)\n")
    assert uf2.clean_if_board_changed(str(cmake), str(board))
    assert not (cmake / "kept").exists()
