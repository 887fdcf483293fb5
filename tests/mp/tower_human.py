"""Scenario: tower games with human seats driven by pseudo-random buttons and tilt, the heap
locked for every frame: every human path (shelf, opening bid, auction, push, carrying with the
sensor and with the joystick, turning, dropping, the result screen) must be allocation-free.

    tower_human.py [SEED] [FRAMES] [KINDS] [ACCEL]

KINDS: a digit per seat, 0 human, 1-3 bot levels (default 021). ACCEL: level (a sensor whose
readings the script swings), none (no sensor: the joystick tilts) or fail (every read fails).
First the pause menu: Y, every rules page, back to the game (tour=1 when the game is on top
again; opening and leaving the menu and the rules run unlocked: allocation points). Then random buttons never include Y or the joystick press (the pause menu), nor A once
the game is over (leaving a game is an allocation point). Prints
    human seed=S frames=F bad=B faults=N rows=R over=O turns=T tour=1 acts=NAME:COUNT,...
(acts: what the human seats did, record rows by event name)
"""
import sys

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
import locked  # noqa: E402
import runs  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

NAMES = ("ANA", "BEN", "CLEO", "DEV")
KEYS = (1, 2, 4, 8, 32, 64, 128, 0, 0, 0, 32, 128 | 4, 128 | 8, 64)    # no Y (256), no press (16)
# Y: pause; down, A: the rules; right through every page; B: the menu; up, A: resume. Steps
# marked FREE are allocation points (opening and leaving the pause menu and the rules pages load
# and drop them: core/console.py, core/pause.py) and run unlocked; every other step is locked.
FREE = 1 << 12
TOUR = (256 | FREE, 0, 0, 2, 0, 0, 32 | FREE, 0, 0, 8, 0, 0, 8, 0, 0, 8, 0, 0, 8, 0, 0, 8, 0, 0,
        64 | FREE, 0, 0, 1, 0, 0, 32 | FREE, 0, 0)


def main():
    a = sys.argv
    seed = int(a[1]) if len(a) > 1 else 1
    frames = int(a[2]) if len(a) > 2 else 3000
    kinds = [int(ch) for ch in (a[3] if len(a) > 3 else "021")]
    mode = a[4] if len(a) > 4 else "level"
    hw = fakehw.Hardware(accel=None if mode == "none" else mode)
    pad = fakehw.Pad()
    hw.buttons = pad
    c = Console(hw, frame)
    c.settings.bot_speed = 2
    c.start_game("tower", Setup("tower", bytearray(kinds), NAMES[:len(kinds)],
                                bytearray([2, seed & 1, 0]), seed))
    g = c.game
    bad = 0
    for bits in TOUR:
        pad.bits = bits & ~FREE
        if bits & FREE:
            c.frame()
        else:
            bad += locked.run(c, 1)
    tour = 1 if c._stack[c._depth - 1] is g else 0
    r = seed * 7919 + 1
    hold = 0
    key = 0
    f = 0
    for f in range(frames):
        if g.game_over:
            # the result screen is up; A there leaves the game, an allocation point: stop here
            pad.bits = 0
            bad += locked.run(c, 2)
            break
        if g.wipe < len(g.wfb):
            # a view switch is being wiped in (a band a frame, a band framebuffer each): it
            # takes no input, so the keys wait (else the presses that land there are lost)
            pad.bits = 0
            bad += locked.run(c, 1)
            continue
        if hold <= 0:
            r = (r * 1103515245 + 12345) & 0x3FFFFFFF
            key = KEYS[(r >> 8) % len(KEYS)]
            hold = 1 + (r >> 20) % 6
            if hw.accel is not None and mode == "level":
                hw.accel.x = ((r >> 4) % 1201) - 600
                hw.accel.y = ((r >> 12) % 1201) - 600
        hold -= 1
        pad.bits = key
        if g.game_over and pad.bits & 32:
            pad.bits = 0
        bad += locked.run(c, 1)
        if c.faults:
            break
    print("human seed=%d frames=%d bad=%d faults=%d rows=%d over=%d turns=%d tour=%d acts=%s" % (
        seed, f + 1, bad, c.faults, g.record.n, 1 if g.game_over else 0, g.st.v[10], tour,
        runs.acts("tower", g, kinds)))
    if c.faults and c.last_error is not None:
        sys.print_exception(c.last_error)


main()
