"""make uf2 / make flash-uf2: picotable's own MicroPython image, one UF2 file for the Pico.

The image is MicroPython's rp2 port at a pinned release (PINNED_TAG) built for the picotable
board (tools/board/PICOTABLE), with the whole console frozen into it: its bytecode, strings and
viper code stay in flash and run in place, so they cost no heap. docs/firmware-image.md tells
the why, the flash layout, the figures and the alignment fix below.

    python tools/uf2.py build [--micropython DIR] [--target rp2040|rp2350|all] [--jobs N] [--romfs]
    python tools/uf2.py flash [--uf2 FILE] [--drive DIR]
    python tools/uf2.py layout

build: MicroPython's source tree comes from --micropython or MICROPYTHON_DIR (the release, with
its submodules lib/pico-sdk, lib/tinyusb, lib/micropython-lib, lib/mbedtls); without it the
pinned tag is cloned (MICROPYTHON_GIT) into build/uf2/. pico-sdk needs picotool (no Debian
package has it): PICOTOOL_DIR names an installed one (the folder with picotoolConfig.cmake),
PICOTOOL_SRC its source (built once into build/uf2/); without either, one installed or fetched
by an earlier build is used, or pico-sdk clones it (PICOTOOL_GIT), which is checked up front
(no network: one line saying what to give). Output: build/picotable-<target>.uf2 (--romfs: -romfs.uf2, the console in a ROMFS
partition instead, built to be measured against the frozen image). Exit status: 0 built or
copied, 1 a step failed, 2 something to set up first (one line says what).
"""
import ast
import glob
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
from host_sim.args import Parser, whole  # noqa: E402  (build put the root on sys.path)

ROOT = build.ROOT
BOARD_DIR = os.path.join(ROOT, "tools", "board", "PICOTABLE")
WORK = os.path.join(ROOT, "build", "uf2")

PINNED_TAG = "v1.28.0"
MICROPYTHON_GIT = "https://github.com/micropython/micropython.git"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool.git"
PICOTOOL_PREFIXES = ("/usr/local", "/usr", "/opt/homebrew")   # where an installed one is looked for
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/micropython-lib", "lib/mbedtls")
APT_PACKAGES = "cmake gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib"

KB = 1024
XIP_BASE = 0x10000000
# target: board variant, flash size, the filesystem's size (the stock RPI_PICO / RPI_PICO2
# image's: the image keeps it, and so its place at the end of flash, so /data survives flashing
# the image over stock MicroPython and back)
TARGETS = {
    "rp2040": {"variant": None, "flash": 2048 * KB, "fs": 1408 * KB},
    "rp2350": {"variant": "RP2350", "flash": 4096 * KB, "fs": 3072 * KB},
}
# The pinned release's image for each target without the console (bytes), and the flash the
# frozen console takes per byte of its .mpy files, measured when the release was pinned (rp2040:
# 474,400 bytes, 149,623 of them frozen content for 133,400 bytes of .mpy; rp2350: 470,164 and
# 154,403). A test checks that the console of the day still fits; the build checks the image.
PINNED_CODE_BYTES = {"rp2040": 324_777, "rp2350": 315_761}
FROZEN_PER_MPY_BYTE = 1.15
# Modules built into the image (help('modules') on it): what the console imports from outside
# firmware/ must be among them (a test checks).
IMAGE_BUILTINS = (
    "array", "binascii", "builtins", "cmath", "collections", "cryptolib", "deflate", "errno",
    "framebuf", "gc", "hashlib", "heapq", "io", "json", "machine", "math", "micropython", "os",
    "platform", "random", "re", "rp2", "select", "struct", "sys", "time", "uctypes", "vfs")


class SetupError(Exception):
    """Something to set up first: one line, exit status 2."""


class StepError(Exception):
    """A build step failed: exit status 1."""


def progress(msg):
    print("uf2: " + msg, flush=True)


# -- the flash layout ------------------------------------------------------------------------
def board_sizes(target):
    """{define: bytes} of the board header's `#define NAME (N * 1024)` lines that apply to
    `target` (the header splits RP2040 and RP2350 with `#if PICO_RP2350` / `#else` / `#endif`)."""
    sizes = {}
    branch = None   # None: both targets; True: the RP2350 branch; False: the other one
    with open(os.path.join(BOARD_DIR, "mpconfigboard.h")) as f:
        for line in f:
            s = line.strip()
            if s.startswith("#if"):
                branch = s == "#if PICO_RP2350"
            elif s.startswith("#else"):
                branch = not branch
            elif s.startswith("#endif"):
                branch = None
            m = re.match(r"#define (\w+)\s+\((\d+) \* 1024\)", s)
            if m and branch in (None, target == "rp2350"):
                sizes[m.group(1)] = int(m.group(2)) * KB
    return sizes


def layout(target):
    """Offsets from the start of flash: MicroPython with the frozen console first, the
    filesystem at the end (rp2_flash.c: its base is the flash size minus its size)."""
    flash = TARGETS[target]["flash"]
    fs = board_sizes(target)["MICROPY_HW_FLASH_STORAGE_BYTES"]
    return {"flash": flash, "code": flash - fs, "fs_base": flash - fs, "fs": fs}


def describe_layout(target):
    lay = layout(target)
    return "\n".join("%s: %-32s 0x%06x-0x%06x %5d KB" % (target, name, base, base + size, size // KB)
                     for name, base, size in (("MicroPython + the frozen console", 0, lay["code"]),
                                              ("filesystem (/data)", lay["fs_base"], lay["fs"])))


# -- what is frozen, what the console imports ------------------------------------------------
def manifest_files(manifest=None):
    """Relative paths ('core/gfx.py', 'main.py') of the repository's files the board's manifest
    freezes, read the way MicroPython's manifestfile.py reads the calls the manifest uses:
    freeze(path[, script]), package(name, base_path=...), module(file, base_path=...)."""
    manifest = manifest or os.path.join(BOARD_DIR, "manifest.py")
    here = os.path.dirname(manifest)
    found = []

    def add_tree(base, sub=""):
        base = base.replace("$(BOARD_DIR)", BOARD_DIR)
        if "$(" in base:                    # $(PORT_DIR) ...: MicroPython's own files
            return
        top = os.path.join(here, base, sub)
        if os.path.isfile(top):
            found.append(sub)
            return
        for rel in build.sources(top):
            if rel.endswith(".py"):
                found.append(os.path.join(sub, rel).replace(os.sep, "/") if sub else rel)

    calls = {"freeze": lambda path, script=None, opt=None: add_tree(path, script or ""),
             "package": lambda name, files=None, base_path=".", opt=None: add_tree(base_path, name),
             "module": lambda name, base_path=".", opt=None: add_tree(base_path, name),
             "include": lambda *a, **k: None, "require": lambda *a, **k: None}
    with open(manifest) as f:
        exec(compile(f.read(), manifest, "exec"), calls)
    return found


def project_modules(src=build.SRC):
    """{module name: source path} of firmware/'s Python modules ('core.gfx', 'games.tower')."""
    mods = {}
    for rel in build.sources(src):
        if rel.endswith(".py") and rel != "main.py":
            name = rel[:-3].replace("/", ".")
            mods[name[:-9] if name.endswith(".__init__") else name] = rel
    return mods


def console_imports(src=build.SRC):
    """{module name: [where]} of what the console imports, read from firmware/'s sources: import
    statements, module names given to __import__ as strings ('hal.pixels_viper', the on-demand
    scenes) and the catalog's games (imported as 'games.' + name) that have a package."""
    mods = project_modules(src)
    roots = {m.split(".")[0] for m in mods}
    found = {}

    def add(name, where):
        found.setdefault(name, []).append(where)

    for rel in ["main.py"] + sorted(mods.values()):
        with open(os.path.join(src, rel)) as f:
            tree = ast.parse(f.read(), rel)
        pkg = rel.rsplit("/", 1)[0].replace("/", ".") if "/" in rel else ""
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    add(a.name, rel)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[:len(pkg.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                add(base, rel)
                for a in node.names:       # `from core import settings_file`: a submodule
                    if base + "." + a.name in mods:
                        add(base + "." + a.name, rel)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)+", node.value)
                  and node.value.split(".")[0] in roots):
                add(node.value, rel)
    catalog = {}
    with open(os.path.join(src, "core", "catalog.py")) as f:
        exec(compile(f.read(), "catalog.py", "exec"), catalog)
    for name in catalog["NAMES"]:
        if os.path.isdir(os.path.join(src, "games", name)):
            add("games." + name, "core/catalog.py")
    return found


def missing_modules(frozen, src=build.SRC):
    """What the console needs that is not among `frozen` (paths like 'core/gfx.py'): every
    project module it imports, and main.py; empty when the image is complete."""
    frozen = set(frozen)
    mods = project_modules(src)
    roots = {m.split(".")[0] for m in mods}
    problems = [] if "main.py" in frozen else ["main.py (the console's entry) is not frozen"]
    for name, where in sorted(console_imports(src).items()):
        if name.split(".")[0] not in roots:
            continue
        if name not in mods:
            problems.append("%s (imported by %s) is not a module of firmware/" % (name, where[0]))
        elif mods[name] not in frozen:
            problems.append("%s (imported by %s) is not frozen" % (mods[name], where[0]))
    return problems


def frozen_names(frozen_content_c):
    """The module paths frozen into a build (mp_frozen_names in the generated frozen_content.c)."""
    with open(frozen_content_c) as f:
        text = f.read()
    m = re.search(r"const char mp_frozen_names\[\] = \{(.*?)\};", text, re.S)
    return re.findall(r'"([^"\\]+)\\0"', m.group(1)) if m else []


# -- the alignment fix -----------------------------------------------------------------------
# MicroPython's mpy-tool.py freezes Arm Thumb machine code (viper functions) 2-byte aligned, but
# the armv6m code it emits loads 32-bit constants and long-jump offsets with `ldr rX, [pc, #n]`,
# which reads from the word-aligned PC: placed at an address 2 mod 4, such a function reads the
# wrong word and crashes (the tower's physics did, seconds into a game). asmthumb.c asserts the
# 4-byte alignment it relies on; the build aligns frozen machine code to 4 bytes and checks it.
_HALFWORD = "__attribute__ ((aligned (2)))"
_WORD = "__attribute__ ((aligned (4)))"


def align_native_code(frozen_content_c):
    """Frozen machine code aligned to 4 bytes in the generated C; returns the functions fixed."""
    with open(frozen_content_c) as f:
        lines = f.read().split("\n")
    fixed = 0
    for i, line in enumerate(lines):
        if line.startswith("static const byte fun_data_") and _HALFWORD in line:
            lines[i] = line.replace(_HALFWORD, _WORD)
            fixed += 1
    if fixed:
        with open(frozen_content_c, "w") as f:
            f.write("\n".join(lines))
    return fixed


def misaligned_native_code(nm_output):
    """Names of frozen machine-code functions (fun_data_* in .text) not on a 4-byte boundary,
    from `arm-none-eabi-nm firmware.elf`."""
    bad = []
    for line in nm_output.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tT" and parts[2].startswith("fun_data_"):
            if int(parts[0], 16) % 4:
                bad.append(parts[2])
    return bad


# -- UF2 -------------------------------------------------------------------------------------
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)


def uf2_end(data, flash):
    """The offset from the start of flash at which a UF2 file's flash blocks end."""
    if not data or len(data) % 512:
        raise StepError("a UF2 file is made of 512-byte blocks")
    end = 0
    for i in range(0, len(data), 512):
        m0, m1, _, addr, size = struct.unpack_from("<5I", data, i)
        if (m0, m1) != UF2_MAGIC[:2] or struct.unpack_from("<I", data, i + 508)[0] != UF2_MAGIC[2]:
            raise StepError("block %d is not a UF2 block" % (i // 512))
        if XIP_BASE <= addr < XIP_BASE + flash:   # (the RP2350's E10 block lies beyond)
            end = max(end, addr + size - XIP_BASE)
    return end


def uf2_blocks(data, base, family):
    """UF2 blocks (256 bytes of payload each) writing `data` at flash offset `base`."""
    out = bytearray()
    for off in range(0, len(data), 256):
        chunk = data[off:off + 256].ljust(256, b"\xff")
        out += struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], 0x2000, XIP_BASE + base + off,
                           256, 0, 0, family) + chunk.ljust(476, b"\0") + \
            struct.pack("<I", UF2_MAGIC[2])
    return bytes(out)


def with_romfs(image, romfs, base):
    """A UF2 file's blocks plus those writing `romfs` at `base`, numbered as one file."""
    family = struct.unpack_from("<I", image, 28)[0]
    blocks = bytearray(image + uf2_blocks(romfs, base, family))
    n = len(blocks) // 512
    for i in range(n):
        struct.pack_into("<2I", blocks, 512 * i + 20, i, n)
    return bytes(blocks)


# -- ROMFS: the measured alternative to freezing (docs/firmware-image.md) ----------------------
# MicroPython 1.26+ mounts a read-only partition of files at /rom (below the filesystem) and runs
# their bytecode in place; `build --romfs` builds that image: no console frozen but main.py, the
# make mpy tree packed by mpremote's ROMFS writer. Measured against the frozen image; not shipped.
ROMFS_BYTES = 256 * KB


def romfs_image(mpdir, tree):
    """The ROMFS partition's bytes: make mpy's tree (without main.py, frozen) packed by the
    release's mpremote."""
    import contextlib
    import io
    build.build(build.SRC, tree, "armv6m", quiet=True)
    os.remove(os.path.join(tree, "main.py"))
    sys.path.insert(0, os.path.join(mpdir, "tools", "mpremote"))
    from mpremote.romfs import make_romfs
    with contextlib.redirect_stdout(io.StringIO()):
        data = make_romfs(tree, mpy_cross=False)
    if len(data) > ROMFS_BYTES:
        raise StepError("the ROMFS tree (%d bytes) exceeds its partition (%d)"
                        % (len(data), ROMFS_BYTES))
    progress("ROMFS: %s bytes of %s" % (format(len(data), ","), format(ROMFS_BYTES, ",")))
    return data


# -- MicroPython's sources -------------------------------------------------------------------
def version_of(mpdir):
    """(major, minor, micro) from py/mpconfig.h."""
    with open(os.path.join(mpdir, "py", "mpconfig.h")) as f:
        text = f.read()
    found = [re.search(r"#define MICROPY_VERSION_%s \(?(\d+)" % k, text)
             for k in ("MAJOR", "MINOR", "MICRO")]
    if not all(found):
        raise SetupError("%s/py/mpconfig.h names no MicroPython version" % mpdir)
    return tuple(int(m.group(1)) for m in found)


def check_sources(mpdir):
    if not os.path.isfile(os.path.join(mpdir, "ports", "rp2", "CMakeLists.txt")):
        raise SetupError("MICROPYTHON_DIR=%s is not MicroPython's source tree (no ports/rp2)" % mpdir)
    missing = [s for s in SUBMODULES
               if not os.path.isdir(os.path.join(mpdir, s)) or not os.listdir(os.path.join(mpdir, s))]
    if missing:
        raise SetupError("%s lacks the submodules %s: git -C %s submodule update --init %s"
                         % (mpdir, " ".join(missing), mpdir, " ".join(SUBMODULES)))
    v = version_of(mpdir)
    if v < (1, 26, 0):
        raise SetupError("%s is MicroPython %d.%d.%d; the image needs 1.26 or newer, whose "
                         "mpy-cross compiles the tower's long viper functions for armv6m "
                         "(picotable pins %s)" % ((mpdir,) + v + (PINNED_TAG,)))
    if "v%d.%d.%d" % v != PINNED_TAG:
        progress("note: %s is MicroPython %d.%d.%d, picotable pins %s" % ((mpdir,) + v + (PINNED_TAG,)))
    return mpdir


def micropython_dir(given, work=WORK):
    """The source tree: given, MICROPYTHON_DIR, an earlier clone (in `work`), or a fresh clone
    of the pinned tag."""
    mpdir = given or os.environ.get("MICROPYTHON_DIR")
    if mpdir:
        return check_sources(os.path.abspath(mpdir))
    clone = os.path.join(work, "micropython-" + PINNED_TAG)
    if os.path.isdir(clone):
        return check_sources(clone)
    url = os.environ.get("MICROPYTHON_GIT", MICROPYTHON_GIT)
    tmp = clone + ".part"
    shutil.rmtree(tmp, ignore_errors=True)
    progress("no MICROPYTHON_DIR: cloning %s %s with its rp2 submodules into %s"
             % (url, PINNED_TAG, os.path.relpath(clone, ROOT)))
    steps = (["git", "clone", "--quiet", "--depth", "1", "--branch", PINNED_TAG, url, tmp],
             ["git", "-C", tmp, "submodule", "update", "--init", "--depth", "1", *SUBMODULES])
    for cmd in steps:
        try:
            res = subprocess.run(cmd, capture_output=True, text=True)
        except FileNotFoundError:
            res = None
        if res is None or res.returncode != 0:
            why = "git is not installed" if res is None else \
                (res.stderr.strip().splitlines() or ["git failed"])[-1]
            raise SetupError("make uf2 needs MicroPython's source tree: give MICROPYTHON_DIR=DIR "
                             "(MicroPython %s with its submodules %s) or a network to clone it "
                             "(%s)" % (PINNED_TAG, " ".join(SUBMODULES), why))
    os.rename(tmp, clone)
    return check_sources(clone)


def check_tools():
    missing = [t for t in ("cmake", "make", "arm-none-eabi-gcc", "arm-none-eabi-nm")
               if not shutil.which(t)]
    if missing:
        raise SetupError("make uf2 needs %s: apt install %s" % (", ".join(missing), APT_PACKAGES))


def run(cmd, log):
    """Run a build command, its output to `log`; on failure show the log's end."""
    with open(log, "w") as f:
        res = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if res.returncode != 0:
        with open(log) as f:
            tail = f.read().splitlines()[-25:]
        raise StepError("%s failed (log: %s):\n%s" % (" ".join(cmd[:3]), os.path.relpath(log, ROOT),
                                                       "\n".join(tail)))


def sdk_version(mpdir):
    """The version of MicroPython's pico-sdk ("2.2.0"): the picotool tag it clones. None if
    pico_sdk_version.cmake does not say."""
    try:
        with open(os.path.join(mpdir, "lib", "pico-sdk", "pico_sdk_version.cmake")) as f:
            text = f.read()
    except OSError:
        return None
    found = [re.search(r"set\(PICO_SDK_VERSION_%s (\d+)\)" % k, text) for k in ("MAJOR", "MINOR", "REVISION")]
    return ".".join(m.group(1) for m in found) if all(found) else None


def installed_picotool(work=WORK):
    """The folder holding picotoolConfig.cmake of a picotool that needs no network: one built
    from PICOTOOL_SRC before, one pico-sdk fetched in an earlier build (in a build folder that is
    kept: made with this board configuration), or one installed under CMAKE_PREFIX_PATH or
    PICOTOOL_PREFIXES. None if there is none."""
    places = [os.path.join(work, "picotool", "picotool")]
    digest = board_digest()
    for d in sorted(glob.glob(os.path.join(work, "*", "cmake", "_deps", "picotool"))):
        stamp = os.path.join(os.path.dirname(os.path.dirname(d)), BOARD_STAMP)
        if os.path.isfile(stamp):
            with open(stamp) as f:
                if f.read().strip() == digest:
                    places.append(d)
    prefixes = [p for p in os.environ.get("CMAKE_PREFIX_PATH", "").split(os.pathsep) if p]
    for prefix in prefixes + list(PICOTOOL_PREFIXES):
        places += [os.path.join(prefix, sub) for sub in ("lib/cmake/picotool", "lib64/cmake/picotool",
                                                         "share/cmake/picotool", "picotool")]
    for d in places:
        if os.path.isfile(os.path.join(d, "picotoolConfig.cmake")):
            return d
    return None


def picotool_args(mpdir, work):
    """CMake arguments that give pico-sdk its picotool, checked before anything is built: an
    installed one (PICOTOOL_DIR), one built here from its source (PICOTOOL_SRC), one found
    (installed_picotool()), or else pico-sdk's clone of it, whose repository must answer now."""
    version = sdk_version(mpdir) or "pico-sdk's"
    if os.environ.get("PICOTOOL_DIR"):
        d = os.path.abspath(os.environ["PICOTOOL_DIR"])
        if not os.path.isfile(os.path.join(d, "picotoolConfig.cmake")):
            raise SetupError("PICOTOOL_DIR=%s holds no picotoolConfig.cmake: give the folder of an "
                             "installed picotool %s that holds it" % (d, version))
        return ["-Dpicotool_DIR=" + d]
    src = os.environ.get("PICOTOOL_SRC")
    if src:
        if not os.path.isfile(os.path.join(src, "CMakeLists.txt")):
            raise SetupError("PICOTOOL_SRC=%s is not picotool's source (no CMakeLists.txt): give a "
                             "checkout of picotool's tag %s" % (src, version))
        return ["-Dpicotool_DIR=" + build_picotool(mpdir, src, work)]
    found = installed_picotool(work)
    if found:
        return ["-Dpicotool_DIR=" + found]
    url = os.environ.get("PICOTOOL_GIT", PICOTOOL_GIT)
    why = git_unreachable(url, version)
    if why:
        raise SetupError("make uf2 needs picotool %s (pico-sdk %s clones it, and cannot: %s): give "
                         "PICOTOOL_SRC=DIR (its source, git clone --branch %s %s; built once into "
                         "build/uf2/) or PICOTOOL_DIR=DIR (an installed one: the folder holding "
                         "picotoolConfig.cmake); Debian has no picotool package"
                         % (version, version, why, version, PICOTOOL_GIT))
    return ["-DPICOTOOL_GIT_REPOSITORY_URL=" + url]


def git_unreachable(url, tag):
    """None when git can see `tag` in repository `url` now; else why not (git's last line)."""
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    try:
        res = subprocess.run(["git", "ls-remote", "--exit-code", url, "refs/tags/" + tag],
                             capture_output=True, text=True, timeout=60, env=env)
    except FileNotFoundError:
        return "git is not installed"
    except subprocess.TimeoutExpired:
        return "%s did not answer within 60 s" % url
    if res.returncode == 0:
        return None
    lines = res.stderr.strip().splitlines()
    return lines[-1] if lines else "%s has no tag %s" % (url, tag)


def build_picotool(mpdir, src, work):
    """picotool built from its source `src` into `work` (once); the folder of its config."""
    inst = os.path.join(work, "picotool")
    config = os.path.join(inst, "picotool", "picotoolConfig.cmake")
    if not os.path.exists(config):
        bld = os.path.join(work, "picotool-build")
        progress("picotool from %s (logs: %s)" % (src, os.path.relpath(work, ROOT)))
        run(["cmake", "-S", os.path.abspath(src), "-B", bld,
             "-DPICO_SDK_PATH=" + os.path.join(mpdir, "lib", "pico-sdk"), "-DPICOTOOL_NO_LIBUSB=1",
             "-DPICOTOOL_FLAT_INSTALL=1", "-DCMAKE_INSTALL_PREFIX=" + inst],
            os.path.join(work, "picotool-cmake.log"))
        run(["cmake", "--build", bld, "--target", "install", "-j", str(os.cpu_count() or 1)],
            os.path.join(work, "picotool-build.log"))
    return os.path.dirname(config)


BOARD_STAMP = "picotable-board.sha1"


def board_digest(board_dir=BOARD_DIR):
    """A digest of the board's build configuration (its .h and .cmake files)."""
    h = hashlib.sha1()
    for name in sorted(os.listdir(board_dir)):
        if name.endswith((".h", ".cmake")):
            with open(os.path.join(board_dir, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()


def clean_if_board_changed(cmake_dir, board_dir=BOARD_DIR):
    """Removes a build folder made with another board configuration, and stamps it with this
    one. MicroPython's build does not regenerate its generated headers (the interned names of
    an option the board turns on) when only the board's header changed: that build fails.
    True if a build folder was removed."""
    digest = board_digest(board_dir)
    stamp = os.path.join(cmake_dir, BOARD_STAMP)
    old = None
    if os.path.isfile(stamp):
        with open(stamp) as f:
            old = f.read().strip()
    removed = os.path.isdir(cmake_dir) and old != digest
    if removed:
        shutil.rmtree(cmake_dir)
    os.makedirs(cmake_dir, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(digest + "\n")
    return removed


def build_target(mpdir, target, jobs, work=WORK, romfs=False, picotool=()):
    t = TARGETS[target]
    name = target + ("-romfs" if romfs else "")
    out = os.path.join(work, name)
    os.makedirs(out, exist_ok=True)
    log = os.path.join(out, "build.log")
    progress("%s: MicroPython %d.%d.%d for the picotable board (log: %s)"
             % ((target,) + version_of(mpdir) + (os.path.relpath(log, ROOT),)))
    cmake_dir = os.path.join(out, "cmake")
    if clean_if_board_changed(cmake_dir):
        progress("%s: the board's configuration changed: building from clean" % target)
    args = ["cmake", "-S", os.path.join(mpdir, "ports", "rp2"), "-B", cmake_dir,
            "-DMICROPY_BOARD=PICOTABLE", "-DMICROPY_BOARD_DIR=" + BOARD_DIR, "-DPICO_BUILD_DOCS=0"]
    if t["variant"]:
        args.append("-DMICROPY_BOARD_VARIANT=" + t["variant"])
    if romfs:
        args += ["-DMICROPY_FROZEN_MANIFEST=" + os.path.join(BOARD_DIR, "manifest_romfs.py"),
                 "-DMICROPY_DEF_BOARD=MICROPY_HW_ROMFS_BYTES=%d" % ROMFS_BYTES]
    run(args + list(picotool), os.path.join(out, "cmake.log"))
    # the frozen modules' C first, to align their machine code before it is compiled
    run(["cmake", "--build", cmake_dir, "-j", str(jobs), "--target", "BUILD_FROZEN_CONTENT"],
        os.path.join(out, "frozen.log"))
    frozen_c = os.path.join(cmake_dir, "frozen_content.c")
    aligned = align_native_code(frozen_c)
    problems = [] if romfs else missing_modules(frozen_names(frozen_c))
    if problems:
        raise StepError("the image would lack:\n  " + "\n  ".join(problems))
    run(["cmake", "--build", cmake_dir, "-j", str(jobs)], log)
    nm = subprocess.run(["arm-none-eabi-nm", os.path.join(cmake_dir, "firmware.elf")],
                        capture_output=True, text=True).stdout
    bad = misaligned_native_code(nm)
    if bad:
        raise StepError("frozen machine code not on a 4-byte boundary: " + ", ".join(bad))
    with open(os.path.join(cmake_dir, "firmware.uf2"), "rb") as f:
        image = f.read()
    lay = layout(target)
    end = uf2_end(image, lay["flash"])
    limit = lay["fs_base"] - (ROMFS_BYTES if romfs else 0)
    if end > limit:
        raise StepError("the image (%d bytes) would overwrite the %s at 0x%x"
                        % (end, "ROMFS" if romfs else "filesystem", limit))
    if romfs:
        image = with_romfs(image, romfs_image(mpdir, os.path.join(out, "tree")), limit)
    dst = os.path.join(ROOT, "build", "picotable-%s.uf2" % name)
    with open(dst, "wb") as f:
        f.write(image)
    native = len(re.findall(r" [tT] fun_data_", nm))
    progress("%s: %s: %s of %s bytes of code space; %d modules frozen, %d machine-code functions "
             "on 4-byte boundaries (%d realigned)" % (
                 target, os.path.relpath(dst, ROOT), format(end, ","), format(lay["code"], ","),
                 len(frozen_names(frozen_c)), native, aligned))
    return dst


def cmd_build(a):
    check_tools()
    mpdir = micropython_dir(a.micropython, a.work)
    picotool = picotool_args(mpdir, a.work)
    targets = sorted(TARGETS) if a.target == "all" else [a.target]
    start = time.monotonic()
    built = [build_target(mpdir, t, a.jobs, a.work, a.romfs, picotool) for t in targets]
    progress("built %s in %.0f s" % (", ".join(os.path.relpath(p, ROOT) for p in built),
                                    time.monotonic() - start))
    return 0


# -- flashing --------------------------------------------------------------------------------
BOOTSEL_HOW = ("hold BOOTSEL while plugging the Pico in: it mounts as a drive named RPI-RP2 "
               "(Pico 2: RP2350); then run make flash-uf2 again, or copy %s onto that drive")


def bootsel_drives():
    """[(mount point, 'rp2040'|'rp2350')] of mounted Pico boot drives (their INFO_UF2.TXT)."""
    user = os.environ.get("USER", "")
    pats = ["/media/*", "/media/%s/*" % user, "/run/media/%s/*" % user, "/mnt/*", "/Volumes/*"]
    pats += ["%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ"] if os.name == "nt" else []
    found = []
    for d in sorted({p for pat in pats for p in glob.glob(pat)}):
        try:
            with open(os.path.join(d, "INFO_UF2.TXT")) as f:
                info = f.read()
        except OSError:
            continue
        if "RPI-RP2" in info:
            found.append((d, "rp2040"))
        elif "RP2350" in info:
            found.append((d, "rp2350"))
    return found


MAX_UF2_BYTES = 16 * 1024 * KB     # a UF2 file of the largest flash (4 MB) takes 8 MB


def check_image(path):
    """Why `path` is not a UF2 file to copy (a regular file, at most MAX_UF2_BYTES, of UF2
    blocks), or None."""
    if not os.path.isfile(path):
        return "not a regular file"
    size = os.path.getsize(path)
    if size > MAX_UF2_BYTES or not size or size % 512:
        return "%d bytes: not a UF2 file (512-byte blocks, at most %d MB)" % (size, MAX_UF2_BYTES >> 20)
    with open(path, "rb") as f:
        head = f.read(512)
    if struct.unpack_from("<2I", head) != UF2_MAGIC[:2]:
        return "not a UF2 file (its first block has no UF2 magic)"
    return None


def cmd_flash(a):
    drives = [(a.drive, None)] if a.drive else bootsel_drives()
    if not drives:
        print("flash-uf2: no Pico in BOOTSEL mode found: " + BOOTSEL_HOW
              % os.path.relpath(a.uf2 or os.path.join(ROOT, "build", "picotable-rp2040.uf2"), ROOT))
        return 1
    drive, target = drives[0]
    uf2 = a.uf2 or os.path.join(ROOT, "build", "picotable-%s.uf2" % (target or "rp2040"))
    if not os.path.exists(uf2):
        print("flash-uf2: %s is missing: run make uf2 first" % os.path.relpath(uf2, ROOT))
        return 1
    why = check_image(uf2)
    if why:
        print("flash-uf2: %s: %s" % (uf2, why), file=sys.stderr)
        return 2
    shutil.copyfile(uf2, os.path.join(drive, os.path.basename(uf2)))
    print("flash-uf2: copied %s to %s; the Pico restarts into picotable"
          % (os.path.basename(uf2), drive))
    return 0


def main(argv=None):
    ap = Parser(prog="python tools/uf2.py", description="picotable's own MicroPython image (UF2)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build build/picotable-<target>.uf2")
    b.add_argument("--micropython", help="MicroPython's source tree (default: MICROPYTHON_DIR)")
    b.add_argument("--target", choices=sorted(TARGETS) + ["all"], default="rp2040")
    b.add_argument("--jobs", type=whole(1, 256), default=min(os.cpu_count() or 1, 256))
    b.add_argument("--work", default=WORK, help="build folder (default build/uf2)")
    b.add_argument("--romfs", action="store_true",
                   help="the console in a ROMFS partition instead of frozen (to measure: "
                        "build/picotable-<target>-romfs.uf2)")
    f = sub.add_parser("flash", help="copy the image to a Pico in BOOTSEL mode")
    f.add_argument("--uf2", help="image (default: build/picotable-<the drive's chip>.uf2)")
    f.add_argument("--drive", help="the mounted boot drive (default: looked for)")
    sub.add_parser("layout", help="print the flash layouts")
    a = ap.parse_args(argv)
    if getattr(a, "drive", None) and not os.path.isdir(a.drive):
        ap.error("--drive %s: no such folder" % a.drive)
    if getattr(a, "drive", None) and not os.path.isfile(os.path.join(a.drive, "INFO_UF2.TXT")):
        ap.error("--drive %s: not a Pico's boot drive (no INFO_UF2.TXT): %s" % (a.drive, BOOTSEL_HOW
                                                                                % "the image"))
    try:
        if a.cmd == "build":
            return cmd_build(a)
        if a.cmd == "flash":
            return cmd_flash(a)
        print("\n".join(describe_layout(t) for t in sorted(TARGETS)))
        return 0
    except SetupError as e:
        print("uf2: %s" % e, file=sys.stderr)
        return 2
    except (StepError, OSError) as e:
        print("uf2: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
