"""Scenario: the page's hardware object (web/webhw.py) under real MicroPython, the heap locked for
each call a frame makes on it, and for every frame of a whole tower game played on it, its clock
passing MicroPython's ticks wrap-around (2**30 ms) mid-game. The page's shell (web/webmain.py)
counts the same in the browser; this runs it on the 64-bit unix port and the 32-bit ports.

    web_locked.py SEED

Prints one line:
    web calls=N bad=B frames=F badframes=B over=O tones=T stops=S wrapped=W
  bad        calls on the hardware object that allocated (or raised) under the lock
  badframes  game frames that allocated under the lock (tests/mp/locked.py)
  tones, stops  the buzzer's requests the page would play (the game over beep and its end)
  wrapped    1 when the clock passed 2**30 during the game
"""
import os
import sys
from array import array

import micropython
from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as on the board

import fakehw  # noqa: E402
import locked  # noqa: E402
import webhw  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from mash import Mash  # noqa: E402

STEP_MS = (33, 33, 34)
START = 0x3FFFFFFF - 8000           # 8 s before the ticks wrap (a game lasts longer)


def calls(hw, io, xyz):
    """Each call a frame makes on the hardware object, once, heap-locked; those that failed."""
    bad = 0
    clock = hw.clock
    rects = array("h", [0, 0, 240, 240, 10, 20, 30, 40])
    for k in range(12):
        micropython.heap_lock()
        try:
            if k == 0:
                hw.buttons.read()
            elif k == 1:
                hw.accel.read(xyz)
            elif k == 2:
                clock.ticks_diff(clock.ticks_ms(), 0x3FFFFFF0)
            elif k == 3:
                clock.ticks_diff(5, 0x3FFFFFF0)         # across the wrap, both ways
            elif k == 4:
                clock.ticks_diff(0x3FFFFFF0, 5)
            elif k == 5:
                clock.ticks_add(0x3FFFFFF0, 150)        # past 2**30
            elif k == 6:
                clock.ticks_add(5, -150)                # below 0
            elif k == 7:
                hw.sound.tone(880, 150)
            elif k == 8:
                hw.sound.stop()
            elif k == 9:
                hw.display.show(frame.buf, rects, 2)
            elif k == 10:
                hw.display.set_brightness(70)
            else:
                hw.display.set_palette(frame.palette)
            ok = True
        except BaseException:       # noqa: BLE001 - a MemoryError under the lock
            ok = False
        micropython.heap_unlock()
        if not ok:
            bad += 1
    return bad


def main(argv):
    seed = int(argv[1])
    io = array("i", [0] * webhw.SIZE)
    io[webhw.NOW] = START
    hw = webhw.WebHardware(io, fakehw._fresh_dir(), seed)
    xyz = array("i", [0, 0, 1000])
    bad = calls(hw, io, xyz)
    io[webhw.NRECTS] = 0
    c = Console(hw, frame)
    c.settings.bot_speed = 3
    c.start_game("tower", Setup("tower", bytearray((0, 3)), ["ANA", "BEN"], bytearray((0, 1, 0)), seed))
    g = c.game
    keys = Mash(seed)
    n = badframes = wrapped = 0
    left = 30
    while n < 20000 and not c.faults and (not g.game_over or left):
        if g.game_over:
            keys.no_a = True
            left -= 1
        io[webhw.BUTTONS] = keys.read()
        io[webhw.ACCEL_OK] = 1
        io[webhw.AX] = (n * 37) % 1200 - 600
        io[webhw.AY] = (n * 23) % 800 - 400
        io[webhw.AZ] = 900
        badframes += locked.run(c, 1)
        io[webhw.NRECTS] = 0            # the page draws after every call
        now = hw.clock.ticks_add(io[webhw.NOW], STEP_MS[n % 3])
        if now < io[webhw.NOW]:
            wrapped = 1
        io[webhw.NOW] = now
        n += 1
    print("web calls=12 bad=%d frames=%d badframes=%d over=%d tones=%d stops=%d wrapped=%d" % (
        bad, n, badframes, 1 if g.game_over else 0, io[webhw.TONE_SEQ], io[webhw.STOP_SEQ], wrapped))
    if c.faults and c.last_error is not None:
        sys.print_exception(c.last_error)
    fakehw._clean(hw.files.root)
    try:
        os.rmdir(hw.files.root)
    except OSError:
        pass


main(sys.argv)
