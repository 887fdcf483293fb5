"""A stand-in board for mpremote: the unix MicroPython port behind a pseudo-terminal (CPython).

mpremote talks to `port` (a pty, like a Pico's /dev/ttyACM0). Behind it this harness runs the
unix `micropython` REPL on a second pty, with a host folder mounted as the board's "/" (see
board_boot.py), and forwards bytes both ways. The unix port handles the raw REPL and raw-paste
mode itself; what it does not do like a board is resetting, so the harness does:
- Ctrl-D in the raw REPL (mpremote's soft reset) ends the unix process: the harness prints
  "soft reboot", starts a fresh process and puts it back in the raw REPL, as a board does;
- Ctrl-D in the friendly REPL, or machine.reset() of the stand-in machine module (exit status
  99), starts a fresh process that runs /main.py, as a board does after a reset.
Ctrl-C reaches a running script as SIGINT (the child's pty is its controlling terminal, with
ISIG). Input that follows a Ctrl-C is held until the child shows a prompt, because the unix
REPL flushes pending input when it starts (a board keeps it).

Everything the child prints is kept in `transcript`; wait_for() polls it.

    python tests/fakes/ptyboard.py ROOT      # prints the port; Ctrl-C to stop
"""
import errno
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOOT = os.path.join(HERE, "board_boot.py")
RESET_EXIT = 99
_PROMPTS = (b">>> ", b"raw REPL; CTRL-B to exit\r\n>")


def micropython_exe():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    venv = os.path.join(ROOT, ".venv", "bin", "micropython")
    return venv if os.path.exists(venv) else "micropython"


def _child_tty():
    """In the child: own session, the pty as controlling terminal (so ^C becomes SIGINT)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyBoard:
    def __init__(self, root, exe=None, hold_s=1.0):
        self.root = os.path.abspath(root)
        self.exe = exe or micropython_exe()
        self.hold_s = hold_s
        self.transcript = bytearray()
        self.events = []            # ("boot" | "soft reboot" | "hard reset", time)
        self.proc = None
        self.port = None
        self._lock = threading.Lock()
        self._stop = False
        self._child = None          # master fd of the child's pty
        self._queue = bytearray()   # host input waiting for the child
        self._hold_until = 0.0      # after ^C: hold input until a prompt or this time
        self._raw = False           # the host put the REPL in raw mode (^A) and not back (^B)
        self._swallow = False       # after a raw soft reset: hide the new child's banner
        self._tail = b""

    # -- life cycle -------------------------------------------------------------------------
    def start(self):
        self._outer, self._outer_slave = pty.openpty()
        tty.setraw(self._outer_slave)
        os.set_blocking(self._outer, False)
        self.port = os.ttyname(self._outer_slave)
        self._spawn("boot")
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop = True
        self._kill()
        self._thread.join(5)
        for fd in (self._outer, self._outer_slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _spawn(self, mode):
        master, slave = pty.openpty()
        attrs = termios.tcgetattr(slave)
        tty.setraw(slave)
        attrs = termios.tcgetattr(slave)
        attrs[3] |= termios.ISIG            # lflag: ^C -> SIGINT while a script runs
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.proc = subprocess.Popen([self.exe, "-i", BOOT, self.root, mode],
                                     stdin=slave, stdout=slave, stderr=slave, cwd=self.root,
                                     preexec_fn=_child_tty, close_fds=True)
        os.close(slave)
        self._child = master
        self.events.append(("boot" if mode == "boot" else "repl", time.time()))

    def _kill(self):
        p = self.proc
        if p is not None and p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            p.wait(5)
        if self._child is not None:
            try:
                os.close(self._child)
            except OSError:
                pass
            self._child = None

    # -- the loop ---------------------------------------------------------------------------
    def _loop(self):
        while not self._stop:
            fds = [self._outer] + ([self._child] if self._child is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                continue
            if self._outer in ready:
                try:
                    data = os.read(self._outer, 4096)
                except OSError:
                    data = b""
                if data:
                    self._from_host(data)
            if self._child is not None and self._child in ready:
                try:
                    data = os.read(self._child, 4096)
                except OSError:
                    data = b""
                if data:
                    self._from_child(data)
                elif self.proc.poll() is not None:
                    self._child_exited()
            elif self._child is not None and self.proc.poll() is not None:
                self._drain_and_exit()
            self._flush_queue()

    def _drain_and_exit(self):
        while True:
            try:
                data = os.read(self._child, 4096)
            except OSError:
                break
            if not data:
                break
            self._from_child(data)
        self._child_exited()

    def _from_host(self, data):
        for b in data:
            if b == 0x01:
                self._raw = True
            elif b == 0x02:
                self._raw = False
        self._queue.extend(data)

    def _flush_queue(self):
        if self._child is None or not self._queue or self._swallow:
            return
        if self._hold_until and time.time() < self._hold_until:
            return
        self._hold_until = 0.0
        q = bytes(self._queue)
        i = q.find(b"\x03")
        if i >= 0:
            # send up to and including ^C, hold the rest until the REPL is listening again
            self._write_child(q[:i + 1])
            del self._queue[:i + 1]
            self._hold_until = time.time() + self.hold_s
            return
        self._write_child(q)
        del self._queue[:]

    def _write_child(self, data):
        try:
            os.write(self._child, data)
        except OSError:
            pass

    def _from_child(self, data):
        with self._lock:
            self.transcript.extend(data)
        tail = self._tail + data
        self._tail = tail[-64:]
        if self._swallow:
            if b">>> " in tail:
                self._swallow = False
                self._tail = b""
                self._write_child(b"\x01")      # back into the raw REPL, as before the reset
            return
        if self._hold_until and any(p in tail for p in _PROMPTS):
            self._hold_until = 0.0
        self._write_host(data)

    def _write_host(self, data):
        try:
            os.write(self._outer, data)
        except OSError as e:        # nobody reading and the buffer full: a board drops it too
            if e.errno not in (errno.EAGAIN, errno.EIO):
                raise

    def _child_exited(self):
        code = self.proc.wait()
        try:
            os.close(self._child)
        except OSError:
            pass
        self._child = None
        if self._stop:
            return
        self._hold_until = 0.0
        if code == RESET_EXIT:
            self.events.append(("hard reset", time.time()))
            self._raw = False
            self._spawn("boot")
        elif self._raw:
            self.events.append(("soft reboot", time.time()))
            self._write_host(b"soft reboot\r\n")
            self._swallow = True
            self._tail = b""
            self._spawn("repl")
        else:
            self.events.append(("soft reboot", time.time()))
            self._write_host(b"soft reboot\r\n")
            self._spawn("boot")

    # -- for tests --------------------------------------------------------------------------
    def text(self):
        with self._lock:
            return bytes(self.transcript).decode("utf-8", "replace")

    def wait_for(self, needle, timeout=30.0):
        end = time.time() + timeout
        while time.time() < end:
            if needle in self.text():
                return True
            time.sleep(0.05)
        return False


def main(argv):
    if len(argv) != 1:
        print(__doc__)
        return 2
    with PtyBoard(argv[0]) as board:
        print("stand-in board on", board.port, flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
