"""The board's half of tools/power_pico.py: the console started as main.py starts it (the frame
buffer first, hal.pico.build(), Console), with the power timeouts given, then its real-time loop
(Console.run()), so that idling, dimming, sleep and wake run exactly as on the device.

    launcher(dim_s, sleep_s, frames)            the launcher
    game(dim_s, sleep_s, frames, GAME, KINDS)   a game started in place, seat 0 (a human) first
    hang(after)                                 a No Respect game (a human and two bots) saved as
                                                sleep saves it, then its step stuck in a loop
                                                after `after` frames: the watchdog resets the board

Prints "ph ..." lines: the console's steps and frames and the time they took.
"""
import time


def _console(dim_s, sleep_s):
    from core.gfx import Gfx
    frame = Gfx()
    from hal import pico
    hw = pico.build()
    hw.power_timeouts = (dim_s, sleep_s)       # the simulator's --timeouts, instead of settings
    from core.console import Console
    return Console(hw, frame)


def _run(c, frames):
    t0 = time.ticks_ms()
    c.run(frames)
    print("ph ran frames=%d steps=%d ms=%d sleeps=%d dimmed=%d saved=%d" % (
        frames, c.steps, time.ticks_diff(time.ticks_ms(), t0), c.power.sleeps,
        1 if c.power.dimmed else 0, 1 if c.files.exists("suspend.bin") else 0))


def launcher(dim_s, sleep_s, frames):
    c = _console(dim_s, sleep_s)
    _run(c, frames)


def _start(c, name, kinds):
    from core.setup import Setup
    names = ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)]
    c.start_game(name, Setup(name, bytearray(kinds), names, bytearray(3), 7, 0))


def game(dim_s, sleep_s, frames, name, kinds):
    c = _console(dim_s, sleep_s)
    _start(c, name, kinds)
    _run(c, frames)


def hang(after):
    c = _console(0, 0)
    _start(c, "norespect", (0, 3, 3))
    g = c.game
    for _ in range(after):
        c.frame()
    c.power.due = 1                         # core.power.SAVE: as sleeping saves the game
    c.power_work()
    print("ph saved suspended=%s steps=%d" % (c.suspended, c.steps))

    def stuck(console):
        while True:                         # a step that never returns: no frame feeds the
            pass                            # watchdog any more
    g.update = stuck
    c.run()
