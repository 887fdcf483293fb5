"""make bench-pico's lifecycle runs on the board: games started, played and left the way the
console does it, through restarts (soft resets), in one vpico --boot run.

The bench's main.py (written by tools/bench_pico.py) allocates the ballast first, as the other
parts do before anything else, and then calls run() here at every boot; /bench_state counts the
boots. The first boot is the launcher's: its live heap is printed, then the game is launched as
the setup screen launches it (core/session.py: a start request, a restart). Each game's boot
prints its live heap once started, plays the game to its end (bots at instant speed; a human
seat from the seeded mash of tests/mp/mash.py), leaves its result screen (console.end_game(): the
evening's table comes up) and, while games are left, plays again (a restart); after the last
one it goes back to the launcher (a restart), whose live heap is printed before run() returns
and vpico stops at the REPL prompt. One `bp life ...` line per boot, the error text last:

    bp life boot=N what=launcher live=L t_ms=T
    bp life boot=N what=game game=G start=S live_start=L live_end=E first_us=F gap_ms=W turns=T
        ... result=R [FrameStats] [at=FRAME error=TEXT]

first_us is the game's first frame (a full repaint); turns its count of turns (-1: the game
keeps none); live_end the heap once the game is over, still loaded.

gap_ms is the longest time the watchdog went unfed across the restart: from the feed in
hw.restart() to the first frame of the new console (the watchdog's timeout is 8,000 ms).

The harness stays out of the way of what it measures: its frame statistics (benchpico,
frame_stats) are imported only once the console has started the game, so the game starts on
the heap it would have on the device, apart from this module.
"""
import gc
import time

from core.console import Console
from core.gfx import Gfx

STATE = "/bench_state"


class Pad:
    """The real pad is read (its cost counts); the bits come from a human seat's mash, or none."""
    def __init__(self, real, mash):
        self.real = real
        self.mash = mash

    def read(self):
        self.real.read()
        return self.mash.read() if self.mash is not None else 0


def _boots():
    try:
        with open(STATE) as f:
            return int(f.read())
    except (OSError, ValueError):
        return 0


def _save(n, t):
    with open(STATE, "w") as f:
        f.write("%d" % n)
    with open(STATE + "_t", "w") as f:
        f.write("%d" % t)           # when the restart was asked for (ticks_ms go on across it)


def _restarted_at():
    try:
        with open(STATE + "_t") as f:
            return int(f.read())
    except (OSError, ValueError):
        return -1


def run(game, kinds, seed, games, frames=30000):
    frame = Gfx()                   # first, as main.py does
    from hal import pico
    hw = pico.build()
    boot = _boots()
    mash = None
    if "0" in kinds:
        from mash import Mash
        mash = Mash(seed + boot)
    hw.buttons = Pad(hw.buttons, mash)
    c = Console(hw, frame)
    c.settings.bot_speed = 3        # instant (the games read it every time they wait)
    from benchpico import error_text, heap, play
    from frame_stats import FrameStats
    t0 = _restarted_at()
    head = "bp life boot=%d" % boot
    if c.launcher is not None:
        c.frame()
        gap = time.ticks_diff(time.ticks_ms(), t0) if t0 >= 0 else -1
        print("%s what=launcher live=%d t_ms=%d gap_ms=%d" % (head, heap(), time.ticks_ms(), gap))
        if boot > 0:
            import os
            os.remove(STATE)
            os.remove(STATE + "_t")
            print("bp life done boots=%d" % (boot + 1))
            return
        from core import session
        from core.setup import Setup, seat_names
        from core import catalog
        k = bytearray(len(kinds))
        for i in range(len(kinds)):
            k[i] = ord(kinds[i]) - 48
        setup = Setup(game, k, seat_names(k, c.settings),
                      bytearray(len(catalog.package(game).OPTIONS)), seed)
        _save(boot + 1, time.ticks_ms())
        session.launch(c, session.GO_NEW, setup)
        return
    g = c.game
    if g is None:                   # the start failed: the error screen is up
        print("%s what=game game=%s result=nostart free=%d error=%s" % (
            head, game, gc.mem_free(), error_text(c.last_error)))
        return
    live = heap()
    st = FrameStats()
    t = time.ticks_us()
    c.frame()
    first = time.ticks_diff(time.ticks_us(), t)
    gap = time.ticks_diff(time.ticks_ms(), t0)
    play(c, st, frames, g)
    result = "fault" if c.faults else ("finished" if g.game_over else "unfinished")
    start = c.game_setup.start
    winners = g.winners if g.game_over else -1
    turns = getattr(getattr(g, "st", None), "turns", -1)
    g = None
    live_end = heap()
    common = ("%s what=game game=%s start=%d live_start=%d live_end=%d first_us=%d gap_ms=%d "
              "turns=%d" % (head, game, start, live, live_end, first, gap, turns))
    if result != "finished":
        tail = " at=%d error=%s" % (st.n, error_text(c.last_error)) if c.faults else ""
        print("%s result=%s %s%s" % (common, result, st.fields(), tail))
        return
    c.end_game()                    # the result screen's A: the evening's table
    c.frame()
    table = heap()
    print("%s winners=%d results=%d result=%s games=%d %s" % (
        common, winners, table, result, c.evening.games, st.fields()))
    _save(boot + 1, time.ticks_ms())
    if c.evening.games < games:
        from core import session
        session.play_again(c)       # a restart into the next game
    else:
        c.home()                    # the table's B: back to the launcher (a restart)
        c.frame()
