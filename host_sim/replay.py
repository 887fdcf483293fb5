"""Exact record and replay of what the console reads: per step, the button bitmask and the
accelerometer reading (or its failure).

File format (text, run-length encoded):
    picotable-input 1
    seed <int>                         0..MAX_SEED
    settings <hex of the settings payload, or ->
    accel none|sim|sensor              no sensor, a noise-free simulated one, a real one
    <count> <buttons> <x> <y> <z>      one line per run of identical steps; count 1..MAX_STEPS,
                                       buttons 0..511, x y z -MAX_MG..MAX_MG (milli-g) or all
                                       three "-" when the read failed or there is no sensor
The console reads hw.buttons once and hw.accel once per step, in that order; the recorder sits
in front of both, the replayer answers them from the file.

A recording is read whole before anything runs (read_file()): a regular file of at most
MAX_BYTES (a device or a FIFO would never end), at most MAX_STEPS steps in all, every field in
its range; a bad one is a RecordingError naming its line.
"""
import os
import stat

MAGIC = "picotable-input 1"
MAX_SEED = 0x3FFFFFFF           # seeds are 30-bit (core.setup.Setup keeps 30 bits)
MAX_STEPS = 10_000_000          # steps of one run (about 92 hours of game time at 30 a second)
MAX_BYTES = 16 * 1024 * 1024    # a recording's size (a long session with the tilt moving: ~1 MB an hour)
MAX_MG = 16000                  # a reading's range: +-16 g, the widest of the supported sensors
_BUTTONS = 511                  # nine buttons (core/buttons.py)
KINDS = ("none", "sim", "sensor")


class RecordingError(ValueError):
    """What is wrong with a recording; `line` is its line number, 0 for the file as a whole."""
    def __init__(self, line, why):
        ValueError.__init__(self, why)
        self.line = line


class Recorder:
    def __init__(self, buttons, accel):
        self.inner_buttons = buttons
        self.inner_accel = accel
        self.steps = []           # [buttons, ok, x, y, z]
        self.buttons = _RecButtons(self)
        self.accel = _RecAccel(self) if accel is not None else None
        self.seed = 0
        self.settings = None

    def text(self):
        """The recording, as the file holds it."""
        kind = "none" if self.inner_accel is None else (
            "sensor" if self.inner_accel.stuck_check else "sim")
        lines = [MAGIC, "seed %d" % self.seed,
                 "settings " + (self.settings.hex() if self.settings else "-"), "accel " + kind]
        run = None
        count = 0
        for s in self.steps:
            t = tuple(s)
            if t == run:
                count += 1
                continue
            if run is not None:
                lines.append(_line(count, run))
            run, count = t, 1
        if run is not None:
            lines.append(_line(count, run))
        return "\n".join(lines) + "\n"


def _line(count, s):
    b, ok, x, y, z = s
    return "%d %d %s" % (count, b, "%d %d %d" % (x, y, z) if ok else "- - -")


class _RecButtons:
    def __init__(self, rec):
        self.rec = rec

    def read(self):
        b = self.rec.inner_buttons.read()
        self.rec.steps.append([b, False, 0, 0, 0])
        return b


class _RecAccel:
    def __init__(self, rec):
        self.rec = rec
        self.stuck_check = rec.inner_accel.stuck_check

    def read(self, xyz):
        ok = self.rec.inner_accel.read(xyz)
        if self.rec.steps:
            s = self.rec.steps[-1]
            s[1] = bool(ok)
            if ok:
                s[2], s[3], s[4] = xyz[0], xyz[1], xyz[2]
        return ok


def read_file(path):
    """The text of recording `path`: a regular file (checked on the open file, which is opened
    without blocking, so a FIFO nobody writes to cannot hang) of at most MAX_BYTES.
    RecordingError, OSError, or UnicodeDecodeError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise RecordingError(0, "is a folder, not a file")
        raise RecordingError(0, "not a regular file (a device, FIFO or socket is never read)")
    with os.fdopen(fd, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RecordingError(0, "larger than %d MB: not a recording" % (MAX_BYTES >> 20))
    return data.decode()


def _whole(text, lo, hi, what, line):
    try:
        n = int(text)
    except ValueError:
        raise RecordingError(line, "%s %r is not a whole number" % (what, text))
    if not lo <= n <= hi:
        raise RecordingError(line, "%s %s is out of range %d..%d" % (what, text, lo, hi))
    return n


def _head(lines, i, key):
    """The value of header line i (0-based), which must read `key value`."""
    words = lines[i].split() if i < len(lines) else []
    if len(words) != 2 or words[0] != key:
        raise RecordingError(i + 1, "expected '%s ...' (a damaged input recording)" % key)
    return words[1]


def _settings(text):
    if text == "-":
        return None
    from core import settings_file as SF
    from core.settings import Settings
    try:
        p = bytes.fromhex(text)
    except ValueError:
        raise RecordingError(3, "settings: not hexadecimal")
    if not SF.apply(Settings(), p):
        raise RecordingError(3, "settings: not a settings payload (core/settings_file.py)")
    return p


class Replay:
    """Answers the console's reads from a recording (its text, or read_file(path)); `done` once
    it has run out."""
    def __init__(self, path=None, text=None):
        if text is None:
            text = read_file(path)
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        if not lines or lines[0].strip() != MAGIC:
            raise RecordingError(0, "not a picotable input recording")
        self.seed = _whole(_head(lines, 1, "seed"), 0, MAX_SEED, "seed", 2)
        self.settings = _settings(_head(lines, 2, "settings"))
        self.accel_kind = _head(lines, 3, "accel")
        if self.accel_kind not in KINDS:
            raise RecordingError(4, "accel %r: use one of %s" % (self.accel_kind, "|".join(KINDS)))
        self.runs = []
        self.total = 0
        for i in range(4, len(lines)):
            words = lines[i].split()
            if words:
                self.runs.append(self._parse_run(words, i + 1))
        if not self.total:
            raise RecordingError(0, "holds no steps")
        self._run = 0
        self._left = self.runs[0][0] if self.runs else 0
        self._cur = None
        self.step = 0
        self.buttons = _ReplayButtons(self)
        self.accel = None if self.accel_kind == "none" else _ReplayAccel(self, self.accel_kind == "sensor")

    def _parse_run(self, words, line):
        """(count, buttons, read ok, x, y, z) of one line."""
        if len(words) != 5:
            raise RecordingError(line, "expected 5 fields (count buttons x y z), found %d" % len(words))
        count = _whole(words[0], 1, MAX_STEPS, "count", line)
        self.total += count
        if self.total > MAX_STEPS:
            raise RecordingError(line, "more than %d steps in all" % MAX_STEPS)
        buttons = _whole(words[1], 0, _BUTTONS, "buttons", line)
        if words[2:] == ["-", "-", "-"]:
            return count, buttons, False, 0, 0, 0
        x, y, z = (_whole(w, -MAX_MG, MAX_MG, a, line) for w, a in zip(words[2:], "xyz"))
        return count, buttons, True, x, y, z

    @property
    def done(self):
        return self.step >= self.total

    def _next(self):
        self.step += 1
        while self._run < len(self.runs) and self._left == 0:
            self._run += 1
            self._left = self.runs[self._run][0] if self._run < len(self.runs) else 0
        if self._run >= len(self.runs):
            self._cur = None
            return 0
        self._left -= 1
        self._cur = self.runs[self._run]
        return self._cur[1]


class _ReplayButtons:
    def __init__(self, rp):
        self.rp = rp

    def read(self):
        return self.rp._next()


class _ReplayAccel:
    def __init__(self, rp, stuck_check):
        self.rp = rp
        self.stuck_check = stuck_check

    def read(self, xyz):
        cur = self.rp._cur
        if cur is None or not cur[2]:
            return False
        xyz[0], xyz[1], xyz[2] = cur[3], cur[4], cur[5]
        return True
