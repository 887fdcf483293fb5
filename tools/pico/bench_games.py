"""A whole game on the board, bots at instant speed, nothing pressed, started the way the
launcher and the setup screen start it.

Heap figures (gc.mem_alloc() after gc.collect()): `launcher` before the game starts, `live_start`
once it has started, `live_end` when it is over (still loaded), `launcher_after` once it is left.
A game that cannot start, or that faults (e.g. MemoryError) on the way, is reported with the
frame where it happened and the error, last on the line.
"""
import gc
import time

from benchpico import error_text, heap, play
from core import catalog
from core.console import Console
from frame_stats import FrameStats


class Idle:
    """No button held: the real pad is read (its cost counts) and nothing is reported."""
    def __init__(self, real):
        self.real = real

    def read(self):
        self.real.read()
        return 0


def choose(c, name, kinds):
    """Start the game as a player does, but without the menus' keys: the launcher drops its art,
    the setup screen is loaded and shown, and the game starts from the Setup it makes (its seed
    comes from hw.seed)."""
    c.launcher.release_art()
    s = c.scene("setup")
    s.prepare(name, catalog.package(name))
    c.push(s)
    c.frame()
    s.count = len(kinds)
    for i in range(len(kinds)):
        s.kinds[i] = ord(kinds[i]) - 48
    c.start_game(name, s.make_setup(c))


def game(frame, hw, name, kinds, seed, limit):
    head = "bp game game=%s kinds=%s seed=%d" % (name, kinds, seed)
    hw.buttons = Idle(hw.buttons)
    hw.seed = seed                      # the console's seeds derive from it (Console.new_seed)
    c = Console(hw, frame)
    c.settings.bot_speed = 3            # instant
    c.frame()
    st = FrameStats()
    launcher = heap()
    try:
        choose(c, name, kinds)
    except Exception as e:      # noqa: BLE001 - e.g. MemoryError: the report says so
        c = None
        gc.collect()
        print("%s result=nostart launcher=%d free=%d error=%s" % (
            head, launcher, gc.mem_free(), error_text(e)))
        return
    g = c.game
    live_start = heap()
    t0 = time.ticks_us()
    c.frame()
    first = time.ticks_diff(time.ticks_us(), t0)
    play(c, st, limit, g)
    if c.faults:
        result = "fault"
    elif g.game_over:
        result = "finished"
    else:
        result = "unfinished"
    turns = getattr(getattr(g, "st", None), "turns", -1)
    g = None
    live_end = heap()
    after = -1
    if result == "finished":
        c.end_game()
        c.frame()
        after = heap()
    tail = ""
    if c.faults:
        tail = " at=%d error=%s" % (st.n, error_text(c.last_error))
    print("%s result=%s first_us=%d launcher=%d live_start=%d live_end=%d launcher_after=%d "
          "turns=%d %s%s" % (head, result, first, launcher, live_start, live_end, after, turns,
                             st.fields(), tail))
