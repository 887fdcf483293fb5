"""Deterministic runs for the redraw-equality check (tests/mp/redraw.py), CPython and MicroPython.

ScreenRun(frame, name): a console screen's scripted scenario (tests/mp/scene_runner.py), then
`tail` idle frames.
GameRun(frame, game, kinds, ...): a whole game; bots at instant speed (or `speed`, an index of
the settings' bot speeds); human seats play from a
seeded button mash (never the pause keys, never A once the game is over), so every human path is
exercised; `tail` frames of the result screen follow the end.
StackRun(frame, n, ...): the tower's worst case for drawing, a stack of n pieces falling apart
beside a carried piece (tests/mp/tower_stack.py).
ClimbRun(frame, lock): the carried piece steered up beside a stack and down again (the scenario is
tower_stack.py's CLIMB_*, shared with make bench-pico's tower-climb): the tower's camera steps.
WallRun(frame, lock): tower_stack.py's wall of 20 pieces in view, woken (make bench-pico's
tower-stack): bodies tumbling and settling all over the view, repainted in several boxes.
Noticed(run, at, texts): the same run with notices posted at given frames (the banner over the
scene, the scene drawing under it, the banner going away).
ResultsRun(frame, game, kinds, ...): the evening's table after a whole game of bots.
"""
import fakehw
import glass
import locked
import scene_runner
from core.console import Console
from core.setup import Setup
from mash import KEYS, Mash

NAMES = ("ANA", "BEN", "CLEO", "DEV", "EVE", "FIN", "GUS", "HAL")


class ScreenRun:
    def __init__(self, frame, name, lock=False, tail=0):
        self.frame = frame
        self.name = name
        self.lock = lock
        self.tail = tail            # idle frames after the script

    def begin(self):
        c, hw, self.script = scene_runner.prepare(self.frame, self.name, glass.hardware())
        self.steps = len(self.script) // 2
        self.left = self.tail
        return c

    def step(self, c):
        if c.hw.buttons.i >= self.steps:
            if self.left == 0:
                return False
            self.left -= 1
        if self.lock:
            locked.run(c, 1)
        else:
            c.frame()
        return True

    def end(self, c):
        c.hw.cleanup()


class _Played:
    """A run of frames that counts them (n) and, heap-locked, the frames that allocated (bad)."""
    def play(self, c):
        if self.lock:
            self.bad += locked.run(c, 1)
        else:
            c.frame()
        self.n += 1
        return True

    def end(self, c):
        c.hw.cleanup()


class GameRun(_Played):
    def __init__(self, frame, game, kinds, seed=1, options=(), limit=60000, tail=30, lock=False,
                 accel="level", keys=KEYS, speed=3, names=NAMES):
        self.frame = frame
        self.game = game
        self.kinds = kinds              # per seat: 0 human, 1 easy, 2 normal, 3 hard
        self.seed = seed
        self.options = options
        self.limit = limit
        self.tail = tail
        self.lock = lock
        self.accel = accel
        self.keys = keys
        self.speed = speed
        self.names = names              # the players' names, in seat order
        self.bad = 0                    # frames that allocated under the lock

    def begin(self):
        hw = glass.hardware(accel=self.accel)
        self.mash = hw.buttons = Mash(self.seed, self.keys)
        c = Console(hw, self.frame)
        c.settings.bot_speed = self.speed   # 3, instant: the simulator's --until-end
        setup = Setup(self.game, bytearray(self.kinds), self.names[:len(self.kinds)],
                      bytearray(self.options), self.seed)
        c.start_game(self.game, setup)
        self.left = self.tail
        self.n = 0
        return c

    def step(self, c):
        g = c.game
        if g is None or c.faults or self.n >= self.limit:
            return False
        if g.game_over:
            self.mash.no_a = True
            if self.left == 0:
                return False
            self.left -= 1
        return self.play(c)


class StackRun(_Played):
    """A human carries a piece beside a stack of n mixed pieces that falls apart, the tilt
    swinging left and right, for `frames` frames (tests/mp/tower_stack.py). Without
    `foundations` the first stack piece to touch the table collapses the tower: the fall."""
    SWING = (-300, -300, -300, 300, 300, 300)       # accelerometer x, milli-g

    def __init__(self, frame, n, foundations=False, frames=150, lock=False, x=72):
        self.frame = frame
        self.pieces = n
        self.x = x                      # where the stack stands, px right of the middle
        self.foundations = foundations
        self.frames = frames
        self.lock = lock
        self.bad = 0

    def begin(self):
        import tower_stack              # the tower's physics, loaded only for this run
        c = tower_stack.console(glass.hardware(), self.frame, (0, 0))
        tower_stack.carrying(c, self.pieces, self.foundations, self.x)
        self.n = 0
        return c

    def step(self, c):
        if self.n >= self.frames or c.faults:
            return False
        c.hw.accel.x = self.SWING[self.n % len(self.SWING)]
        return self.play(c)


class ClimbRun(StackRun):
    """The carried piece steered up beside a stack of n pieces at rest, then down to the table:
    the camera steps up and down (each step wiped in over a few frames)."""
    def __init__(self, frame, lock=False):
        import tower_stack
        StackRun.__init__(self, frame, tower_stack.CLIMB_PIECES, False, tower_stack.CLIMB_FRAMES,
                          lock, tower_stack.CLIMB_X)
        self.tilt = tower_stack.climb_tilt

    def step(self, c):
        if self.n >= self.frames or c.faults:
            return False
        c.hw.accel.y = self.tilt(self.n)
        return self.play(c)


class WallRun(_Played):
    """tower_stack.wall(): 20 pieces standing in view, woken as by a landing; `frames` frames of
    them tumbling and settling (its first 180 are tower-stack's first two phases)."""
    def __init__(self, frame, frames=180, lock=False):
        self.frame = frame
        self.frames = frames
        self.lock = lock
        self.bad = 0

    def begin(self):
        import tower_stack
        c = tower_stack.console(glass.hardware(), self.frame, (0, 0))
        tower_stack.wall(c).wake_all()
        self.n = 0
        return c

    def step(self, c):
        if self.n >= self.frames or c.faults:
            return False
        return self.play(c)


# two notices: the second waits for the first to go (the longest texts the console posts)
NOTICE_AT = (5, 40)
NOTICES = ("No tilt sensor: joystick tilts", "Sensor lost: joystick tilts")


class Noticed:
    """`run` with texts[i] posted as a notice before frame at[i]."""
    def __init__(self, run, at, texts):
        self.run = run
        self.at = at
        self.texts = texts

    def __getattr__(self, name):        # lock, n, bad, ... of the wrapped run
        return getattr(self.run, name)

    def begin(self):
        self.k = 0
        return self.run.begin()

    def step(self, c):
        for i in range(len(self.at)):
            if self.at[i] == self.k:
                c.notice.post(self.texts[i])
        self.k += 1
        return self.run.step(c)

    def end(self, c):
        self.run.end(c)


def acts(game, g, kinds):
    """What the human seats did: record rows whose first field is a human seat, counted by event
    name, as "build:3,discard:1" (run after the game: it allocates)."""
    events = __import__("games.%s.events" % game, None, None, ("EVENTS",)).EVENTS
    counts = {}
    rec = g.record
    for i in range(rec.n):
        name, fields = events[rec.kind(i)]
        if fields and fields[0] == "seat" and kinds[rec.field(i, 0)] == 0:
            counts[name] = counts.get(name, 0) + 1
    return ",".join("%s:%d" % (k, counts[k]) for k in sorted(counts))


def notices(c, steps):
    """Run `steps` frames (following restarts); the notices shown meanwhile, in order."""
    seen = []
    for _ in range(steps):
        before = c.notice.shown
        n = fakehw.frame(c)
        if n is not c:
            c = n
        elif c.notice.shown != before:
            seen.append(c.notice.last)
    return seen


class ResultsRun(GameRun):
    """The results screen after a whole game of bots (the game played and left unlocked in
    begin()): a notice comes and goes over it, and keys that change nothing are pressed."""
    KEYS = (0, 0, 1, 2, 4, 8, 16, 128, 256, 0)

    def begin(self):
        c = GameRun.begin(self)
        g = c.game
        while not g.game_over and self.n < self.limit:
            c.frame()
            self.n += 1
        hw = c.hw
        # every key up (the mash may hold A as the game ends), then A: the table comes up
        hw.buttons = fakehw.Buttons(fakehw.steps(0, 1, 32, 1, 0, 2))
        for _ in range(4):
            c.frame()
        c.notice.post("Tilt sensor back")
        script = bytearray()
        for i in range(self.tail):
            b = self.KEYS[i % len(self.KEYS)]
            script += fakehw.steps(b, 1)
        hw.buttons = fakehw.Buttons(script)
        self.left = self.tail
        return c

    def step(self, c):
        if self.left == 0 or c.faults or type(c.top).__name__ != "Results":
            return False
        self.left -= 1
        return self.play(c)
