"""The page's hardware object (docs/platform.md, docs/web.md): the browser shell around the core.

Python and the page's JavaScript share one block of memory, `io` (an array('i') whose address the
page reads once). Before it calls the console the page writes into it the buttons held, the tilt
and the clock; the console's display, sound and files write into it what the page must do after
the call (rectangles to draw, a tone, files to copy to the browser's storage). Neither side calls
the other during a frame: a call into JavaScript through the `js` module builds proxy objects on
the heap, and a frame must allocate nothing (DESIGN.md, section 2).
"""
import os
from array import array

from micropython import const

from core.files import Files

# the fields of io, in order (the page gets them by name: layout())
BUTTONS = const(0)      # page: buttons held now (core/buttons.py bits)
DOWNS = const(1)        # page: buttons that went down since the console last read them
ACCEL_OK = const(2)     # page: 1 when ax, ay, az hold a good reading, 0: the read fails
AX = const(3)           # page: milli-g, x right, y to the top of the screen, z out of it
AY = const(4)
AZ = const(5)
NOW = const(6)          # page: the clock, ms
FRAME = const(7)        # console: address of the GS4 frame buffer last shown
PALETTE = const(8)      # address of the 16 RGB565 colours (array 'H')
PALETTE_SEQ = const(9)  # console: counts palette changes
RECTS = const(10)       # address of the rectangles to draw (array 'h', x0 y0 x1 y1 each)
NRECTS = const(11)      # console: rectangles waiting; the page sets 0 once drawn
FULL = const(12)        # console: 1 = draw the whole frame; the page sets 0 once drawn
BRIGHT = const(13)      # console: backlight, percent
TONE_HZ = const(14)     # console: the last tone asked for
TONE_MS = const(15)
TONE_SEQ = const(16)    # counts tones
STOP_SEQ = const(17)    # counts stops
FILES_SEQ = const(18)   # counts changes to the data folder
SIZE = const(19)
NAMES = ("buttons", "downs", "accel_ok", "ax", "ay", "az", "now", "frame", "palette", "palette_seq",
         "rects", "nrects", "full", "bright", "tone_hz", "tone_ms", "tone_seq", "stop_seq",
         "files_seq")

MAX_RECTS = const(32)   # shows the page has not drawn yet (it draws after every call: one or two)
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


class Restart(BaseException):
    """hw.restart(): whoever runs the console builds a new one (webmain.Page), as the simulator
    does and as main.py does after the board's soft reset."""


class Display:
    def __init__(self, io):
        from uctypes import addressof      # (the ports' module: the page reads memory by address)
        self.addressof = addressof
        self.io = io
        self.pal = array("H", [0] * 16)
        self.rects = array("h", [0] * (4 * MAX_RECTS))
        self.buf = None
        self.last_bytes = 0
        io[PALETTE] = addressof(self.pal)
        io[RECTS] = addressof(self.rects)
        io[BRIGHT] = 100

    def set_palette(self, pal):
        for i in range(16):
            self.pal[i] = pal[i]
        self.io[PALETTE_SEQ] += 1
        self.io[FULL] = 1

    def set_brightness(self, percent):
        self.io[BRIGHT] = 0 if percent < 0 else 100 if percent > 100 else percent

    def show(self, buf, rects, n):
        io = self.io
        if buf is not self.buf:         # a new console (a restart) draws into a new frame
            self.buf = buf
            io[FRAME] = self.addressof(buf)
            io[FULL] = 1
        out = self.rects
        m = io[NRECTS]
        total = 0
        for i in range(n):
            k = i << 2
            total += (rects[k + 2] - rects[k]) * (rects[k + 3] - rects[k + 1]) * 2
            if m < MAX_RECTS:
                j = m << 2
                out[j] = rects[k]
                out[j + 1] = rects[k + 1]
                out[j + 2] = rects[k + 2]
                out[j + 3] = rects[k + 3]
                m += 1
            else:
                io[FULL] = 1
        io[NRECTS] = m
        self.last_bytes = total


class Buttons:
    def __init__(self, io):
        self.io = io

    def read(self):
        """What is held, and what went down and up again since the last read (a fast tap is
        held for one step, as in the simulator's window)."""
        io = self.io
        b = io[BUTTONS] | io[DOWNS]
        io[DOWNS] = 0
        return b & 511


class Accel:
    def __init__(self, io, stuck_check=False):
        self.io = io
        # a browser reports what its sensor gives (a phone lying still may repeat a reading
        # exactly); a recording of a real sensor replays with the board's stuck check
        self.stuck_check = stuck_check

    def read(self, xyz):
        io = self.io
        if not io[ACCEL_OK]:
            return False
        xyz[0] = io[AX]
        xyz[1] = io[AY]
        xyz[2] = io[AZ]
        return True


class Clock:
    """The page's clock (MicroPython's ticks semantics): the page sets the time before each call.

    Every intermediate stays a small int on a 32-bit port (|x| < 2**30): 0x40000000 or a sum
    past 2**30 - 1 would be a long int, built on the heap in a frame (the console's beep)."""
    def __init__(self, io):
        self.io = io

    def ticks_ms(self):
        return self.io[NOW] & _MASK

    def ticks_add(self, t, delta):
        if delta > 0 and t > _MASK - delta:
            return t - _MASK - 1 + delta        # wraps past 2**30
        t += delta
        return t + _MASK + 1 if t < 0 else t

    def ticks_diff(self, a, b):
        return (((a - b) & _MASK) ^ _HALF) - _HALF

    def sleep_ms(self, ms):
        pass        # never called: the page owns the loop (Console.advance, not Console.run)


class Sound:
    """The buzzer: the page plays the tone through WebAudio after the call."""
    def __init__(self, io):
        self.io = io

    def tone(self, hz, ms):
        io = self.io
        io[TONE_HZ] = hz
        io[TONE_MS] = ms
        io[TONE_SEQ] += 1

    def stop(self):
        self.io[STOP_SEQ] += 1


class DataOs:
    """The port's `os` and `open` for the data folder (the runtime's in-memory filesystem), telling
    the page when a file changed, so that it copies the folder to the browser's storage."""
    def __init__(self, io):
        self.io = io

    def mkdir(self, path):
        os.mkdir(path)

    def stat(self, path):
        return os.stat(path)

    def rename(self, old, new):
        os.rename(old, new)
        self.io[FILES_SEQ] += 1

    def remove(self, path):
        os.remove(path)
        self.io[FILES_SEQ] += 1

    def open(self, path, mode="r"):
        if mode[0] != "r":
            self.io[FILES_SEQ] += 1     # the page copies after the call, once the write is done
        return open(path, mode)


class WebHardware:
    name = "web"

    def __init__(self, io, data, seed=-1, accel="sim"):
        """accel: "sim" (the page's tilt), "sensor" (a recording of a real one) or "none"."""
        data_os = DataOs(io)
        self.display = Display(io)
        self.buttons = Buttons(io)
        self.accel = None if accel == "none" else Accel(io, accel == "sensor")
        self.clock = Clock(io)
        self.files = Files(data_os, data, data_os.open)
        self.sound = Sound(io)
        self.watchdog = None
        if seed >= 0:
            self.seed = seed

    def restart(self):
        raise Restart()


def layout():
    """The fields of io for the page: "name:index,..."."""
    return ",".join("%s:%d" % (NAMES[i], i) for i in range(SIZE))
