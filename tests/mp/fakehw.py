"""Stand-in hardware for scenario scripts under real MicroPython (and CPython with host_sim shims).

Input is scripted: a bytes-like of button bitmasks, two bytes per step (little-endian), and an
optional accelerometer script. The display counts what it is sent; nothing allocates per step.
"""
from array import array

import os

from core.files import Files


class Restart(BaseException):
    """hw.restart(): the scenario builds a new console (frame() below), as main.py does after
    the board's soft reset."""


def frame(c):
    """One console frame; after a restart, the new console (what the board's main.py makes)."""
    try:
        c.frame()
        return c
    except Restart:
        from core.console import Console
        from core.gfx import Gfx
        return Console(c.hw, Gfx())


class Display:
    def __init__(self):
        self.last_bytes = 0
        self.total_bytes = 0
        self.shows = 0
        self.brightness = -1
        self.on = True              # power(False): the panel asleep (core/power.py)

    def set_palette(self, pal):
        pass

    def set_brightness(self, pct):
        self.brightness = pct

    def power(self, on):
        self.on = on

    def show(self, buf, rects, n):
        b = 0
        for i in range(n):
            k = i << 2
            b += (rects[k + 2] - rects[k]) * (rects[k + 3] - rects[k + 1]) * 2
        self.last_bytes = b
        if self.total_bytes < 0x3FFFFFFF - b:
            self.total_bytes += b
        self.shows += 1


class Buttons:
    """Replays `script` (2 bytes per step); after its end, nothing is held."""
    def __init__(self, script=b""):
        self.script = script
        self.i = 0

    def read(self):
        s = self.script
        k = self.i << 1
        self.i += 1
        if k + 1 < len(s):
            return s[k] | (s[k + 1] << 8)
        return 0


class Pad:
    """Buttons a scenario sets directly: `bits` are held until it changes them."""
    def __init__(self):
        self.bits = 0

    def read(self):
        return self.bits


class Accel:
    """mode: 'level' (steady with small noise), 'fail' (every read fails), or a schedule
    bytearray where 1 = good read and 0 = failed read, per step."""
    stuck_check = True

    def __init__(self, mode="level", schedule=None):
        self.mode = mode
        self.schedule = schedule
        self.i = 0
        self.x = 0
        self.y = 0
        self.z = 1000

    def read(self, xyz):
        i = self.i
        self.i += 1
        if self.mode == "fail":
            return False
        if self.schedule is not None and i < len(self.schedule) and not self.schedule[i]:
            return False
        xyz[0] = self.x + (i & 3) - 1       # a little noise, like a real sensor
        xyz[1] = self.y + ((i >> 2) & 3) - 1
        xyz[2] = self.z
        return True


class Battery:
    """VSYS in millivolts and USB power, as a test sets them (hw.battery)."""
    drop_mv = 0

    def __init__(self, mv=3900, usb=False):
        self.mv = mv
        self.usb = usb
        self.reads = 0

    def millivolts(self):
        self.reads += 1
        return self.mv

    def external(self):
        return self.usb


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_add(self, t, d):
        return (t + d) & 0x3FFFFFFF

    def ticks_diff(self, a, b):
        d = (a - b) & 0x3FFFFFFF
        return d - 0x40000000 if d & 0x20000000 else d

    def sleep_ms(self, ms):
        self.now = (self.now + ms) & 0x3FFFFFFF


class Counter:
    """Sound and watchdog stand-in: counts calls (tone/stop/feed)."""
    def __init__(self):
        self.calls = 0

    def tone(self, hz, ms):
        self.calls += 1

    def stop(self):
        pass

    def feed(self):
        if self.calls < 0x3FFFFFFF:
            self.calls += 1


def _clean(path):
    try:
        for name in os.listdir(path):
            os.remove(path + "/" + name)
    except OSError:
        pass


def _fresh_dir():
    """A data folder of this run's own: parallel test runs must not share settings files."""
    try:
        tag = os.urandom(4)
    except (AttributeError, OSError):
        import time
        tag = time.ticks_us().to_bytes(4, "little")
    return "/tmp/picotable-test-" + "".join("%02x" % b for b in tag)


class Hardware:
    name = "test"

    def __init__(self, script=b"", accel="level", data=None, fresh=True, battery=None,
                 power_timeouts=(0, 0)):
        if data is None:
            data = _fresh_dir()
        elif fresh:
            _clean(data)
        self.data = data
        self.display = Display()
        self.buttons = Buttons(script)
        self.accel = None if accel is None else Accel(accel)
        self.clock = Clock()
        self.files = Files(os, data)
        self.sound = Counter()
        self.watchdog = Counter()
        self.battery = battery
        # never dim or sleep unless a test asks (tests/test_power.py): scenarios press keys after
        # long bot games, which a dimmed screen would take as its waking key
        if power_timeouts is not None:
            self.power_timeouts = power_timeouts
        self.restarts = 0

    def restart(self):
        self.restarts += 1
        raise Restart()

    def cleanup(self):
        """Remove the data folder (the end of a scenario)."""
        _clean(self.data)
        try:
            os.rmdir(self.data)
        except OSError:
            pass


def steps(*pairs):
    """Build a button script: steps(bits, count, bits, count, ...) -> bytearray."""
    out = bytearray()
    for k in range(0, len(pairs), 2):
        b = pairs[k]
        for _ in range(pairs[k + 1]):
            out.append(b & 255)
            out.append(b >> 8)
    return out
