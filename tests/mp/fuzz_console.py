"""Fuzz: random button input (taps, holds, bouncing, mashing) and a sensor that drops out, for
N frames over the launcher, menus, settings and whatever they open. Checks the console's
invariants after every frame and prints one summary line. Runs on MicroPython and CPython.

    fuzz_console.py FRAMES SEED
"""
import sys

import fakehw
from core.console import Console
from core.rng import Rng
from core.settings import ALPHABET


def check(c):
    d = c._depth
    assert 1 <= d <= len(c._stack), "stack depth"
    for i in range(d):
        assert c._stack[i] is not None, "hole in the stack"
    # the bottom: the launcher, or in a game's console (started by a restart) a blank scene
    bottom = c._stack[0]
    assert bottom is c.launcher or (c.launcher is None and type(bottom).__name__ == "Scene"), "bottom"
    s = c.settings
    assert 0 <= s.brightness <= 9 and s.sound in (0, 1) and 0 <= s.bot_speed <= 3, "settings"
    for n in s.names:
        for b in n:
            assert b == 0 or b in ALPHABET, "name"
    assert c.buttons.held & ~511 == 0, "buttons"
    m = getattr(c.top, "menu", None)
    if m is not None:
        assert 0 <= m.sel < m.n, "menu cursor"
    assert c.notice._n <= 4, "notice queue"
    assert c.gfx.n == 0, "dirty list not handed over"
    assert -1000 <= c.tilt.x <= 1000 and -1000 <= c.tilt.y <= 1000, "tilt range"


def main(frames, seed):
    rng = Rng(seed)
    hw = fakehw.Hardware(b"")
    hw.accel.schedule = bytearray(1)
    c = Console(hw)
    script = bytearray(2)
    hw.buttons.script = script
    seen = {}
    held = 0
    hold = 0
    for f in range(frames):
        mode = rng.below(100)
        if hold > 0:
            hold -= 1
        elif mode < 60:
            held = 0
            hold = rng.below(4)
        elif mode < 90:
            held = 1 << rng.below(9)            # one button, held a while
            hold = rng.below(40)
        else:
            held = rng.below(512)              # mashing several at once
            hold = 0
        raw = held
        if rng.below(20) == 0:
            raw ^= 1 << rng.below(9)           # a bounce for one poll
        script[0] = raw & 255
        script[1] = raw >> 8
        hw.buttons.i = 0
        hw.accel.mode = "fail" if (f // 3000) % 4 == 3 else "level"
        c = fakehw.frame(c)          # a restart (a game started, left...): a new console
        check(c)
        name = type(c.top).__name__
        seen[name] = seen.get(name, 0) + 1
        if c.faults:
            sys.print_exception(c.last_error)
            break
    print("frames=%d faults=%d restarts=%d scenes=%s" % (f + 1, c.faults, hw.restarts,
                                                         ",".join(sorted(seen))))
    hw.cleanup()


main(int(sys.argv[1]), int(sys.argv[2]))
