"""The simulator's hardware object (docs/platform.md): the desktop shell around the same core."""
import os

from core.files import Files

from host_sim.display import SimDisplay


class Restart(BaseException):
    """Raised by SimHardware.restart(): whoever runs the console builds a new one, as main.py
    does after the board's soft reset. A BaseException, so that no scene takes it for an error."""


class NoButtons:
    def read(self):
        return 0


class WindowButtons:
    """Buttons read from the window: each read is one console step, so the window is polled
    (events handled, lights updated) once per step."""
    def __init__(self, window):
        self.window = window

    def read(self):
        return self.window.poll()


class SimBattery:
    """The battery gauge's readings, from the command line (--vsys): VSYS in millivolts, or USB
    power."""
    drop_mv = 0

    def __init__(self, mv, usb=False):
        self.mv = mv
        self.usb = usb

    def millivolts(self):
        return self.mv

    def external(self):
        return self.usb


class SimHardware:
    name = "sim"

    def __init__(self, buttons, accel, clock, data_dir, seed=None, sound=None, battery=None,
                 timeouts=None):
        self.display = SimDisplay()
        self.buttons = buttons
        self.accel = accel
        self.clock = clock
        self.files = Files(os, data_dir)
        self.sound = sound
        self.watchdog = None
        self.battery = battery
        if timeouts is not None:
            self.power_timeouts = timeouts     # (dim, sleep) seconds instead of the settings'
        if seed is not None:
            self.seed = seed

    def lightsleep(self, ms):
        self.clock.sleep_ms(ms)

    def restart(self):
        raise Restart()
