"""The soak (make soak; a short one in make test, tests/test_soak.py): FRAMES heap-locked frames
across the five games, in turn, one game after another, each with random seats (humans and easy, normal,
hard bots), options and seed, random keys and tilt for the humans, and now and then a stretch
without input long enough to dim the screen and, on a human's turn, to put the console to sleep
(the shell's timeouts: 1 s and 2 s), then a key that wakes it.

    soak_locked.py FRAMES SEED

Every frame runs with the heap locked (tests/mp/locked.py): the asleep ones and the waking one
too. Only the allocation points run between them: starting a game (on a console of its own, as
a restart gives it), saving and falling asleep (Console.power_work). Keys never include the
pause keys (the pause menu is toured heap-locked elsewhere: tests/test_human_locked.py) and
never A once a game is over (leaving it is an allocation point): a game ends 30 frames after
its result shows, or after LIMIT frames. Prints one line:

    soak frames=F games=G over=O bad=B faults=N dims=D sleeps=S wakes=W kinds=H,E,N,X
  bad     frames that allocated or raised under the lock; faults: a scene raised (error screen)
  over    games played to their end; kinds: seats played by humans, easy, normal, hard bots
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as on the board

import fakehw  # noqa: E402
import locked  # noqa: E402
from core import catalog  # noqa: E402
from core.console import Console  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.setup import Setup  # noqa: E402
from mash import Mash  # noqa: E402

LIMIT = 6000
NAMES = ("ANA", "BEN", "CLEO", "DEV", "EVE", "FIN", "GUS", "HAL")


class Soak:
    def __init__(self, frames, seed):
        self.left = frames
        self.rng = Rng(seed)
        self.frames = self.games = self.over = self.bad = self.faults = 0
        self.dims = self.sleeps = self.wakes = 0
        self.kinds = [0, 0, 0, 0]

    def game(self):
        rng = self.rng
        name = catalog.NAMES[self.games % len(catalog.NAMES)]      # the five in turn
        pkg = catalog.package(name)
        lo, hi = pkg.SEATS
        n = lo + rng.below(hi - lo + 1)
        kinds = bytearray(rng.below(4) for _ in range(n))
        options = bytearray(rng.below(len(o[2])) for o in pkg.OPTIONS)
        for k in kinds:
            self.kinds[k] += 1
        hw = fakehw.Hardware(power_timeouts=(1, 2))
        mash = Mash(rng.below(1 << 16) + 1)
        hw.buttons = mash
        c = Console(hw, frame)
        c.settings.bot_speed = rng.below(4)
        seed = (rng.next16() << 14) ^ rng.next16()
        c.start_game(name, Setup(name, kinds, NAMES[:n], options, seed))
        g = c.game
        self.games += 1
        pad = fakehw.Pad()
        quiet = 0                   # frames left of a stretch without input
        tail = 30
        n = 0
        while self.left > 0 and n < LIMIT and tail > 0:
            if g.game_over:
                mash.no_a = True
                tail -= 1
            if quiet == 0 and rng.below(1500) == 0:
                quiet = 60 + rng.below(120)
                hw.buttons = pad
            if quiet:
                quiet -= 1
                if quiet == 0:
                    pad.bits = 1 << rng.below(4)    # a key wakes it (a direction)
            if rng.below(40) == 0:
                hw.accel.x = rng.below(1601) - 800
                hw.accel.y = rng.below(1601) - 800
            self.step(c)
            if pad.bits:
                pad.bits = 0
                hw.buttons = mash
            n += 1
        self.over += 1 if g.game_over else 0
        self.faults += c.faults
        if c.faults and c.last_error is not None:
            sys.print_exception(c.last_error)
        hw.cleanup()

    def step(self, c):
        p = c.power
        if p.due:
            c.power_work()              # between frames: an allocation point
            self.sleeps += 1 if p.asleep else 0
        was_dim = p.dimmed
        was_asleep = p.asleep
        self.bad += locked.run(c, 1)
        self.frames += 1
        self.left -= 1
        if p.dimmed and not was_dim:
            self.dims += 1
        if was_asleep and not p.asleep:
            self.wakes += 1


def main(frames, seed):
    s = Soak(frames, seed)
    while s.left > 0:
        s.game()
    print("soak frames=%d games=%d over=%d bad=%d faults=%d dims=%d sleeps=%d wakes=%d "
          "kinds=%d,%d,%d,%d" % (s.frames, s.games, s.over, s.bad, s.faults, s.dims, s.sleeps,
                                  s.wakes, s.kinds[0], s.kinds[1], s.kinds[2], s.kinds[3]))


main(int(sys.argv[1]), int(sys.argv[2]))
