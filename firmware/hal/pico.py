"""The Pico's hardware object (docs/platform.md), built once at boot from a board file by
build(). Building it is hal/pico_build.py's, whose code is forgotten once the hardware is built:
what stays loaded while the console runs is the object and its restart, and the watchdog's stop.
"""
import sys
import time

import machine

from core.modules import forget

DATA = "/data"
NOWDT_FLAG = "/nowdt"       # this file on the board's root disables the watchdog
WDT_MS = 8000               # generous: a frame is 33 ms; near the RP2040's 8.3 s maximum

_WDT_CTRL_CLR = 0x3000      # atomic bit-clear alias of WATCHDOG CTRL
_WDT_ENABLE = 1 << 30
WDT_REASON = 0x08           # bit 0: the last chip reset was the watchdog's timeout
WDT_SCRATCH0 = 0x0C         # kept by a soft reset (and a watchdog reset), zero after power-up
WARM = 0x5045524D           # in SCRATCH0: this boot is a restart() (set up panel, lit backlight)
WDT_SCRATCH1 = 0x10
RUNNING = 0x50524E47        # in SCRATCH1 while a console runs (cleared when the REPL stops it)


class Hardware:
    name = "pico"

    def __init__(self):
        self.display = None
        self.buttons = None
        self.accel = None
        self.clock = time
        self.files = None
        self.sound = None
        self.watchdog = None
        self.battery = None     # hal.battery.Battery, or None (no gauge: a Pico W)
        self.spi_hz = 0         # the display SPI clock actually reached (logged at boot)
        self.warm = False       # this boot followed a restart(): the panel was kept as it was
        self.after_hang = False     # this boot followed a watchdog reset of a running console

    def lightsleep(self, ms):
        """The console asleep between two polls of the keys: clocks and PLLs stopped, the
        timer wakes the chip after ms (docs/hardware.md: Sleep)."""
        machine.lightsleep(ms)

    def restart(self):
        """Start the console afresh: a soft reset (a fresh heap; main.py runs again). A mark in
        the watchdog's scratch register tells the next build() to keep the panel's set-up and
        its backlight, so the screen shows the last frame until the new console draws."""
        if self.watchdog is not None:
            self.watchdog.feed()        # the next boot has the whole timeout to start feeding
        machine.mem32[watchdog_base() + WDT_SCRATCH0] = WARM
        machine.soft_reset()


def set_clocks(cpu_hz):
    """Run the peripheral clock at the system clock, so SPI can reach cpu_hz / 2.

    MicroPython 1.24+ on rp2 boots with the peripheral clock at 48 MHz (SPI at most 24 MHz) and
    takes it as machine.freq()'s second argument. Older firmware accepts one argument only;
    its peripheral clock follows the system clock from boot, so there is nothing to do."""
    try:
        machine.freq(cpu_hz, cpu_hz)
        return True
    except (TypeError, ValueError):
        return False


def watchdog_base():
    return 0x400D8000 if "RP2350" in getattr(sys.implementation, "_machine", "") else 0x40058000


def stop_watchdog():
    """Stop a running watchdog (machine.WDT cannot be stopped), e.g. when the REPL takes over;
    the console no longer runs, so a later reset is no hang."""
    machine.mem32[watchdog_base() + _WDT_CTRL_CLR] = _WDT_ENABLE
    machine.mem32[watchdog_base() + WDT_SCRATCH1] = 0


def build(board=None, data=DATA, clock=None):
    """The Hardware of `board` (a board module; hal/board.py, the reference build, by default).
    hal/pico_build.py builds it; its code runs once a boot, so it is forgotten right away."""
    from hal import pico_build
    forget("hal.pico_build")        # `pico_build` stays here until it returns
    return pico_build.build(board, data, clock)
