"""Scenario: a game with human seats under real MicroPython, the heap locked for every frame.

    human_locked.py GAME KINDS SEED [OPTIONS] [LIMIT]

First the pause menu (the tour): Y, "How to play", every rules page forward and back again, B to
the menu (twice), Resume. Opening the pause menu, choosing "How to play", leaving the pages and
resuming run unlocked: they load the pause menu and the game's rules pages and drop them
(allocation points, core/console.py and core/pause.py); every other step is locked. Then the human seats play from a seeded button mash (tests/mp/runs.py Mash:
every key but the pause keys, never A once the game is over: leaving is an allocation point)
until the game ends and its result screen has run 30 frames, or LIMIT frames (default 20000).
KINDS: a digit a seat (0 human, 1-3 bot levels); OPTIONS: a digit per game option.

Prints one line:
    human game=G seed=S frames=F bad=B faults=N pages=P/Q tour=T help=H pause=M kept=K1,K2,K3
        over=O acts=NAME:COUNT,...
  bad    frames that allocated (or raised) under the lock (the tour's included)
  pages  rules pages the tour showed / the game's pages; tour=1: the game (or its hand-off
         screen) was on top after it
  help   the game's help module: loaded at the start of the game (1/0), while the pages were
         shown, after they were left (three digits)
  pause  the pause menu's module (core.pause): loaded at the start, while the menu is up, after
         the game is resumed (three digits)
  kept   heap bytes in use (after gc.collect()) after leaving the pages minus before choosing
         "How to play", the first time and the second; after resuming minus before the tour
  acts   record rows made by human seats (first field "seat"), by event name: what they did
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as on the board

import fakehw  # noqa: E402
import locked  # noqa: E402
import runs  # noqa: E402
from core import buttons as B  # noqa: E402


def press(c, pad, bits, lock=True):
    """One step with `bits` held (unlocked: an allocation point), two without; the frames that
    failed under the lock."""
    pad.bits = bits
    if lock:
        bad = locked.run(c, 1)
    else:
        c.frame()
        bad = 0
    pad.bits = 0
    return bad + locked.run(c, 2)


def live():
    gc.collect()
    return gc.mem_alloc()


def loaded(name):
    return "1" if name in sys.modules else "0"


def tour(c, pad, help_module):
    """The pause menu and every rules page, twice; returns (bad, pages seen, pages, the help
    module's and the pause menu's digits, the bytes kept)."""
    start = live()
    at_start = loaded(help_module), loaded("core.pause")
    bad = press(c, pad, B.Y, False) + press(c, pad, B.DOWN)
    in_menu = loaded("core.pause")
    seen = n = 0
    shown = after = "0"
    kept = []
    for _ in range(2):
        before = live()
        bad += press(c, pad, B.A, False)
        pause = c.top
        n = len(pause.pages)
        shown = loaded(help_module)
        for k in range(2 * n - 1):
            if pause.page + 1 > seen:
                seen = pause.page + 1
            bad += press(c, pad, B.RIGHT if k < n - 1 else B.LEFT)
        bad += press(c, pad, B.B, False)
        kept.append(live() - before)
        after = loaded(help_module)
    pause = None            # (this function's reference would keep the menu alive)
    bad += press(c, pad, B.UP) + press(c, pad, B.A, False)
    kept.append(live() - start)
    return (bad, seen, n, at_start[0] + shown + after,
            at_start[1] + in_menu + loaded("core.pause"), kept)


def main(argv):
    game = argv[1]
    kinds = tuple(int(ch) for ch in argv[2])
    seed = int(argv[3])
    options = tuple(int(ch) for ch in argv[4]) if len(argv) > 4 else ()
    limit = int(argv[5]) if len(argv) > 5 else 20000
    run = runs.GameRun(frame, game, kinds, seed, options, limit=limit, lock=True)
    c = run.begin()
    g = c.game
    mash = c.hw.buttons
    pad = c.hw.buttons = fakehw.Pad()
    bad, seen, pages, helps, pauses, kept = tour(c, pad, "games.%s.help" % game)
    # back in the game: its scene on top, or its hand-off screen (pass-around: the game covers
    # itself before a hand is shown)
    on_top = 1 if c.top is g or c.top is c._scenes.get("handoff") else 0
    c.hw.buttons = mash
    while run.step(c):
        pass
    print("human game=%s seed=%d frames=%d bad=%d faults=%d pages=%d/%d tour=%d help=%s pause=%s "
          "kept=%d,%d,%d over=%d acts=%s" % (
              game, seed, run.n, bad + run.bad, c.faults, seen, pages, on_top, helps, pauses,
              kept[0], kept[1], kept[2], 1 if g.game_over else 0, runs.acts(game, g, kinds)))
    if c.faults and c.last_error is not None:
        sys.print_exception(c.last_error)
    run.end(c)


main(sys.argv)
