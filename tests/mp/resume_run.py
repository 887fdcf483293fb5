"""Suspend and resume at chosen moments, for the games' resume scenarios (tests/mp/*_resume.py),
under real MicroPython and CPython alike.

A resume is right only if the game goes on as if never interrupted, so each scenario compares
continuations, not the state at the cut (a field the save leaves out can look equal there and
still change what happens next):
1. the uninterrupted game: played to its end; its fingerprint (the whole record, the result and
   the final state, as the scenario defines it) is the one every run below must reach;
2. the cut run: the same game again, taking the snapshot the pause menu would save as it starts
   and after every frame that brought a moment not seen before (the scenario names them from
   what the frame did: a special card played, a phase entered, ...) and after every `stride`-th
   frame; it must end like the uninterrupted game too (taking a snapshot changes nothing);
3. each snapshot starts a new game (console.start_game(..., snapshot), an allocation point) that
   plays on to the end and must reach the same fingerprint; with `timed`, every record row must
   also appear at the same frame as in the uninterrupted game.
With `lock`, every frame of every run is heap-locked (tests/mp/locked.py) and counted in `bad`.
starter() makes the consoles: every seat a bot, on the stand-in hardware (tests/mp/fakehw.py).
Prints a line per resume, then a summary:
    resume seed=S at=F moments=M1,M2 same=1
    done resumes=N bad=B differ=D moments=M1,M2,...
(`same=0`: that continuation differed; `differ` counts them and a cut run that differed; `bad`:
frames that allocated or faulted, games not over; `moments`: every moment a snapshot was taken
after, so a test can require the ones that matter.)
"""
import gc

import fakehw
import locked
from core.console import Console
from core.setup import Setup

MAX_FRAMES = 30000
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6", "Bot 7", "Bot 8")


def starter(frame, game, seed, kinds, options=b"", speed=3):
    """new(snapshot) for run(): a fresh console on the stand-in hardware drawing into `frame`,
    bots at `speed` (3: instant), the game started with every seat a bot of `kinds` (or resumed
    from the snapshot unless it is None)."""
    def new(snap):
        c = Console(fakehw.Hardware(), frame)
        c.settings.bot_speed = speed
        c.start_game(game, Setup(game, bytearray(kinds), NAMES[:len(kinds)], bytearray(options), seed),
                     snap)
        return c, c.game
    return new


class Rows:
    """The frame at which each record row appeared (for `timed` runs)."""

    def __init__(self, start):
        self.frames = []
        self.frame = start


def _frame(c, lock):
    if lock:
        return locked.run(c, 1)
    c.frame()
    return 0


def _to_end(c, g, lock, rows=None):
    """Frames until g is over; the frames that allocated or faulted (+1 if it never ended)."""
    bad = n = 0
    while not g.game_over and n < MAX_FRAMES and not c.faults:
        bad += _frame(c, lock)
        n += 1
        if rows is not None:
            rows.frame += 1
            while len(rows.frames) < g.record.n:
                rows.frames.append(rows.frame)
    return bad + c.faults + (0 if g.game_over else 1)


def run(seed, new, moments, fingerprint, stride, lock=True, timed=False):
    """Everything above for one game: new(snapshot) -> (console, scene) of a fresh console at bot
    speed "instant" or as the scenario chooses, the game started (resumed from `snapshot` unless
    None); moments(scene, rows_before) -> names of what the last frame did (rows_before: the
    record's row count before it); fingerprint(scene) -> bytes once the game is over.
    Returns (resumes, bad, differ, names of the moments cut at)."""
    c, g = new(None)
    ref = None
    if timed:
        ref = Rows(0)
        ref.frames = [0] * g.record.n           # the rows written as the game started
    bad = _to_end(c, g, lock, ref)
    want = fingerprint(g)
    c.hw.cleanup()
    c = g = None
    gc.collect()

    c, g = new(None)
    snaps = []
    seen = []
    n = 0
    rows = 0                                    # at frame 0: what the game's start did
    while not g.game_over and n < MAX_FRAMES and not c.faults:
        fresh = [m for m in moments(g, rows) if m not in seen]
        if fresh or (n and n % stride == 0):
            snap = g.snapshot()
            if snap is not None:
                seen.extend(fresh)
                snaps.append((n, fresh, snap))
        rows = g.record.n
        bad += _frame(c, lock)
        n += 1
    bad += _to_end(c, g, lock)
    differ = 0 if fingerprint(g) == want else 1
    if differ:
        print("cut run seed=%d differs from the uninterrupted game" % seed)
    c.hw.cleanup()
    c = g = None
    gc.collect()

    for at, fresh, snap in snaps:
        c, g = new(snap)
        rows = None
        if timed:
            rows = Rows(at)
            rows.frames = ref.frames[:g.record.n]
        bad += _to_end(c, g, lock, rows)
        same = fingerprint(g) == want and (not timed or rows.frames == ref.frames)
        differ += 0 if same else 1
        print("resume seed=%d at=%d moments=%s same=%d" % (seed, at, ",".join(fresh) or "-",
                                                          1 if same else 0))
        c.hw.cleanup()
        c = g = None
        gc.collect()
    return len(snaps), bad, differ, seen


def report(results):
    """The summary line over several games' run() results."""
    resumes = bad = differ = 0
    names = []
    for r, b, d, seen in results:
        resumes += r
        bad += b
        differ += d
        for m in seen:
            if m not in names:
                names.append(m)
    names.sort()
    print("done resumes=%d bad=%d differ=%d moments=%s" % (resumes, bad, differ, ",".join(names)))
