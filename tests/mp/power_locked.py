"""Scenario: dimming, sleep, wake and the battery gauge under real MicroPython, the heap locked
for every frame (tests/test_power.py drives it on every locked port).

    power_locked.py launcher          the launcher: dims, a key lights it, the battery's low
                                      level, sleeps, asleep frames, a key wakes it
    power_locked.py GAME KINDS SEED   a game with a human seat: played (seeded mash) until the
                                      human is waited for, then idle: it dims, falls asleep
                                      (the game saved first), wakes, and plays on to its end

The timeouts are the shell's override (hw.power_timeouts: 1 s to dim, 2 s to sleep). Only the
work between frames (Console.power_work: saving, falling asleep) runs unlocked, as Console.run()
does it between frames; every frame is locked, the asleep ones and the waking one included.

Prints one line:
    power scene=S frames=F bad=B faults=N dims=D sleeps=Z wakes=W saved=V notices=T over=O
  dims     frames in which the backlight went dim; sleeps/wakes: times asleep / woken
  saved    1 when suspend.bin held the game after it fell asleep; notices: battery notices seen
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as on the board

import fakehw  # noqa: E402
import locked  # noqa: E402
from core import buttons as B  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from mash import Mash  # noqa: E402

TIMEOUTS = (1, 2)       # seconds: dim after 30 steps, sleep after 60


class Run:
    def __init__(self, hw):
        self.c = Console(hw, frame)
        self.hw = hw
        self.frames = self.bad = self.dims = self.wakes = 0
        self.notices = 0
        self._seen = None

    def frames_locked(self, n, bits=None):
        c = self.c
        for _ in range(n):
            if c.power.due:
                c.power_work()              # between frames, unlocked: an allocation point
            if bits is not None:
                self.hw.buttons.bits = bits
            was_dim = c.power.dimmed
            was_asleep = c.power.asleep
            self.bad += locked.run(c, 1)
            self.frames += 1
            if c.power.dimmed and not was_dim:
                self.dims += 1
            if was_asleep and not c.power.asleep:
                self.wakes += 1
            t = c.notice.waiting()
            if t is not self._seen:
                self._seen = t
                if t is not None and t.startswith("Battery"):
                    self.notices += 1

    def line(self, scene, saved, over):
        c = self.c
        print("power scene=%s frames=%d bad=%d faults=%d dims=%d sleeps=%d wakes=%d saved=%d "
              "notices=%d over=%d" % (scene, self.frames, self.bad, c.faults, self.dims,
                                       c.power.sleeps, self.wakes, saved, self.notices, over))
        if c.faults and c.last_error is not None:
            sys.print_exception(c.last_error)


def launcher():
    bat = fakehw.Battery(3900)
    hw = fakehw.Hardware(battery=bat, power_timeouts=TIMEOUTS)
    hw.buttons = fakehw.Pad()
    r = Run(hw)
    r.frames_locked(40)                     # dims at 30
    r.frames_locked(3, B.DOWN)              # lights it (the key muted)
    r.frames_locked(3, 0)
    r.frames_locked(1, B.DOWN)              # moves the menu
    r.frames_locked(1, 0)
    bat.mv = 3400                           # the low level: a notice (readings are smoothed)
    for _ in range(8):
        r.frames_locked(40, 0)
        r.frames_locked(1, B.LEFT)          # (the launcher takes no LEFT: keeps it awake)
    r.frames_locked(200, 0)                 # asleep after 2 s without input
    r.frames_locked(2, B.A)                 # wakes it
    r.frames_locked(20, 0)
    r.line("launcher", 0, 0)
    hw.cleanup()


def game(name, kinds, seed):
    hw = fakehw.Hardware(power_timeouts=TIMEOUTS)
    mash = Mash(seed)
    hw.buttons = mash
    r = Run(hw)
    c = r.c
    c.settings.bot_speed = 3
    setup = Setup(name, bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)],
                  bytearray(3 if name == "tower" else 1 if name in ("norespect", "nope") else 0),
                  seed)
    if name == "nope":
        setup.options = bytearray(3)
    c.start_game(name, setup)
    g = c.game
    pad = fakehw.Pad()
    saved = 0
    limit = 20000
    while not g.game_over and r.frames < limit:
        if r.frames > 200 and c.power.sleeps == 0 and g.waits_for_human():
            hw.buttons = pad                # the human walks away: dim, sleep, then a key
            r.frames_locked(100, 0)
            if c.power.sleeps:
                saved = 1 if c.files.exists("suspend.bin") else 0
            r.frames_locked(2, B.B)
            r.frames_locked(2, 0)
            hw.buttons = mash
        r.frames_locked(1)
    hw.buttons = pad                        # the result screen, no key pressed: leaving it
    r.frames_locked(30)                     # (A) is an allocation point, core/session.py
    r.line(name, saved, 1 if g.game_over else 0)
    hw.cleanup()


if sys.argv[1] == "launcher":
    launcher()
else:
    game(sys.argv[1], tuple(int(ch) for ch in sys.argv[2]), int(sys.argv[3]))
