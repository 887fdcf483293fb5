"""make flash: copy build/firmware/ to a connected board's filesystem root and reset it.

One mpremote session: interrupt the running program, soft reset, stop a watchdog left running
(on rp2), remove the previous core/, games/, hal/ and main.py (a stale .py would shadow its new
.mpy), make the folders, copy every file, then reset the board so it boots the new main.py.
/data (settings, saves) and anything else on the board is left alone.

    python tools/deploy.py [--port auto|/dev/ttyACM0|COM3] [--src build/firmware] [--no-reset]

`make flash PORT=/dev/ttyACM0` picks the device; the default is the first USB serial device.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from host_sim.args import Parser  # noqa: E402

SRC = os.path.join(ROOT, "build", "firmware")
TREES = ("core", "games", "hal")
TOP_FILES = ("main.py", "main.mpy")

NO_BOARD = """no board found: connect the Pico with a USB data cable (MicroPython must be on it:
hold BOOTSEL while plugging in and copy the MicroPython .uf2 for your board), or name the port:
make flash PORT=/dev/ttyACM0 (macOS: /dev/cu.usbmodem..., Windows: COM3)"""

# Runs on the board before the copy. The watchdog (RP2040 0x40058000, RP2350 0x400d8000) has its
# CTRL.ENABLE bit cleared through the atomic-clear alias (+0x3000): a console started before
# this session keeps its watchdog running and would reset the board in the middle of the copy.
_PREPARE = """import os, sys
if sys.platform == 'rp2':
    import machine
    machine.mem32[(0x400D8000 if 'RP2350' in sys.implementation._machine else 0x40058000) + 0x3000] = 1 << 30
def _rm(p):
    try:
        m = os.stat(p)[0]
    except OSError:
        return
    if m & 0x4000:
        for n in os.listdir(p):
            _rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
for p in %r:
    _rm(p)
for d in %r:
    os.mkdir(d)
print('prepared', len(%r), 'folders')
"""


class DeployError(Exception):
    pass


def usb_ports():
    """USB serial devices, like mpremote's `auto` (those with a USB vendor and product id)."""
    try:
        from serial.tools import list_ports
    except ImportError:
        raise DeployError("pyserial is missing: run `make venv` (mpremote depends on it)")
    return sorted(p.device for p in list_ports.comports() if p.vid is not None and p.pid is not None)


def choose_port(port):
    if port in (None, "", "auto"):
        ports = usb_ports()
        if not ports:
            raise DeployError(NO_BOARD)
        return ports[0]
    if port.startswith("/dev/") and not os.path.exists(port):
        raise DeployError("no device at %s.\n%s" % (port, NO_BOARD))
    return port


def plan(src):
    """(folders to make, {remote folder: [local files]}) for the tree under src."""
    if not os.path.isdir(src) or not os.listdir(src):
        raise DeployError("%s is empty or missing: run `make mpy` first" % src)
    dirs = []
    files = {}
    for d, subdirs, names in os.walk(src):
        subdirs.sort()
        rel = os.path.relpath(d, src).replace(os.sep, "/")
        remote = "/" if rel == "." else "/" + rel
        if rel != ".":
            dirs.append(remote)
        for n in sorted(names):
            files.setdefault(remote, []).append(os.path.join(d, n))
    return dirs, files


def command(port, src, reset=True):
    """The mpremote command line (chained with '+', one connection)."""
    dirs, files = plan(src)
    remove = ["/" + t for t in TREES] + ["/" + f for f in TOP_FILES]
    cmd = [sys.executable, "-m", "mpremote", "connect", port,
           "exec", _PREPARE % (remove, dirs, dirs)]
    for remote in sorted(files):
        cmd += ["+", "fs", "cp"] + files[remote] + [":" + remote.rstrip("/") + "/"]
    if reset:
        cmd += ["+", "reset"]
    return cmd, sum(len(v) for v in files.values())


def deploy(port=None, src=SRC, reset=True, timeout=600):
    port = choose_port(port)
    cmd, n = command(port, src, reset)
    print("flashing %d files from %s to %s" % (n, os.path.relpath(src, ROOT), port))
    try:
        res = subprocess.run(cmd, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DeployError("mpremote did not finish within %d s (is %s a MicroPython board?)"
                          % (timeout, port))
    if res.returncode != 0:
        raise DeployError("mpremote failed (exit status %d) talking to %s; is the board running "
                          "MicroPython and the port not open in another program (Thonny, screen)?"
                          % (res.returncode, port))
    print("done: %d files on the board%s" % (n, ", reset" if reset else ""))
    return n


def main(argv=None):
    ap = Parser(prog="python tools/deploy.py", description="copy build/firmware to the board with mpremote")
    ap.add_argument("--port", default="auto", help="serial device (default: first USB device)")
    ap.add_argument("--src", default=SRC, help="tree to copy (default build/firmware)")
    ap.add_argument("--no-reset", dest="reset", action="store_false", help="do not reset after")
    a = ap.parse_args(argv)
    try:
        deploy(a.port, os.path.abspath(a.src), a.reset)
    except DeployError as e:
        print("flash:", e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
