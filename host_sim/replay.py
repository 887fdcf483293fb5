"""Exact record and replay of what the console reads: per step, the button bitmask and the
accelerometer reading (or its failure).

File format (text, run-length encoded):
    picotable-input 1
    seed <int>
    settings <hex of the settings payload, or ->
    accel none|sim|sensor              no sensor, a noise-free simulated one, a real one
    <count> <buttons> <x> <y> <z>      one line per run of identical steps; x y z are "-"
                                       when the read failed or there is no sensor
The console reads hw.buttons once and hw.accel once per step, in that order; the recorder sits
in front of both, the replayer answers them from the file.
"""
MAGIC = "picotable-input 1"


class Recorder:
    def __init__(self, buttons, accel):
        self.inner_buttons = buttons
        self.inner_accel = accel
        self.steps = []           # [buttons, ok, x, y, z]
        self.buttons = _RecButtons(self)
        self.accel = _RecAccel(self) if accel is not None else None
        self.seed = 0
        self.settings = None

    def write(self, path):
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
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")


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


class Replay:
    """Answers the console's reads from a recording; `done` once it has run out."""
    def __init__(self, path):
        with open(path) as f:
            rows = [ln.split() for ln in f.read().splitlines() if ln.strip()]
        if not rows or " ".join(rows[0]) != MAGIC:
            raise ValueError("%s: not a picotable input recording" % path)
        head = {r[0]: r[1] for r in rows[1:4] if len(r) == 2}
        try:
            self.seed = int(head["seed"])
            self.settings = None if head["settings"] == "-" else bytes.fromhex(head["settings"])
            self.runs = [(int(r[0]), int(r[1]), r[2] != "-",
                          0 if r[2] == "-" else int(r[2]), 0 if r[2] == "-" else int(r[3]),
                          0 if r[2] == "-" else int(r[4])) for r in rows[4:]]
            self.accel_kind = head["accel"]
        except (KeyError, ValueError, IndexError):
            raise ValueError("%s: damaged input recording" % path)
        if not 0 <= self.seed <= 0x3FFFFFFF or any(r[0] < 1 or not 0 <= r[1] <= 511 for r in self.runs):
            raise ValueError("%s: damaged input recording" % path)
        self.total = sum(r[0] for r in self.runs)
        self._run = 0
        self._left = self.runs[0][0] if self.runs else 0
        self._cur = None
        self.step = 0
        if self.accel_kind not in ("none", "sim", "sensor"):
            raise ValueError("%s: unknown accel kind %r" % (path, self.accel_kind))
        self.buttons = _ReplayButtons(self)
        self.accel = None if self.accel_kind == "none" else _ReplayAccel(self, self.accel_kind == "sensor")

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
