"""The Pico's hardware object (docs/platform.md), built once at boot from a board file.

Order matters in two places: the clocks are set before the SPI object exists (changing the
peripheral clock later silently changes the SPI rate), and the LCD's DC pin is made after the
SPI object (SPI1 claims GP8, the DC line, as MISO even with miso=None).
"""
import os
import sys
import time

import machine
from machine import I2C, PWM, SPI, Pin

from core.files import Files
from core.modules import forget
from hal import accel, buttons, sound, st7789

DATA = "/data"
NOWDT_FLAG = "/nowdt"       # this file on the board's root disables the watchdog
WDT_MS = 8000               # generous: a frame is 33 ms; near the RP2040's 8.3 s maximum

_WDT_CTRL_CLR = 0x3000      # atomic bit-clear alias of WATCHDOG CTRL
_WDT_ENABLE = 1 << 30
_WDT_SCRATCH0 = 0x0C        # kept by a soft reset (and a watchdog reset), zero after power-up
_WARM = 0x5045524D          # in SCRATCH0: this boot is a restart() (set up panel, lit backlight)


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
        self.spi_hz = 0         # the display SPI clock actually reached (logged at boot)
        self.warm = False       # this boot followed a restart(): the panel was kept as it was

    def restart(self):
        """Start the console afresh: a soft reset (a fresh heap; main.py runs again). A mark in
        the watchdog's scratch register tells the next build() to keep the panel's set-up and
        its backlight, so the screen shows the last frame until the new console draws."""
        if self.watchdog is not None:
            self.watchdog.feed()        # the next boot has the whole timeout to start feeding
        machine.mem32[_watchdog_base() + _WDT_SCRATCH0] = _WARM
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


def spi_baudrate(spi):
    """The rate the SPI peripheral really runs at, as print(spi) reports it (0 if absent)."""
    s = str(spi)
    i = s.find("baudrate=")
    if i < 0:
        return 0
    i += 9
    j = i
    while j < len(s) and "0" <= s[j] <= "9":
        j += 1
    return int(s[i:j]) if j > i else 0


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _watchdog_base():
    return 0x400D8000 if "RP2350" in getattr(sys.implementation, "_machine", "") else 0x40058000


def stop_watchdog():
    """Stop a running watchdog (machine.WDT cannot be stopped), e.g. when the REPL takes over."""
    machine.mem32[_watchdog_base() + _WDT_CTRL_CLR] = _WDT_ENABLE


def take_warm_mark():
    """True when this boot follows Hardware.restart(); the mark is cleared as it is read, so a
    later power-up, watchdog reset or Ctrl-D sets the panel up as usual."""
    a = _watchdog_base() + _WDT_SCRATCH0
    warm = machine.mem32[a] == _WARM
    machine.mem32[a] = 0
    return warm


def build(board=None, data=DATA, clock=None):
    """The Hardware of `board` (a board module; hal/board.py, the reference build, by default:
    read here only, then forgotten)."""
    if board is None:
        from hal import board
        forget("hal.board")     # `board` stays here until build() returns
    hw = Hardware()
    hw.warm = take_warm_mark()
    if clock is not None:
        hw.clock = clock
    set_clocks(board.CPU_HZ)
    spi = SPI(board.LCD_SPI, baudrate=board.LCD_BAUD, polarity=0, phase=0,
              sck=Pin(board.LCD_SCK), mosi=Pin(board.LCD_MOSI), miso=None)
    hw.spi_hz = spi_baudrate(spi)
    print("picotable: display SPI %d Hz: %s" % (hw.spi_hz, spi))
    dc = Pin(board.LCD_DC, Pin.OUT, value=1)    # after SPI(): see the module docstring
    cs = Pin(board.LCD_CS, Pin.OUT, value=1)
    rst = Pin(board.LCD_RST, Pin.OUT, value=1)
    bl = PWM(Pin(board.LCD_BL))     # after a restart the PWM still runs at its duty: kept
    if not hw.warm:
        bl.freq(1000)
        bl.duty_u16(0)      # dark until the console sets the brightness
    hw.display = st7789.ST7789(spi, dc, cs, rst, bl, board.LCD_MADCTL, board.LCD_XOFF,
                               board.LCD_YOFF, hw.clock.sleep_ms, init=not hw.warm)
    hw.buttons = buttons.Buttons([Pin(n) for n in board.BUTTONS])
    i2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=board.I2C_HZ)
    hw.accel = accel.open(i2c, board.ACCEL_AXES)
    print("picotable: accelerometer", hw.accel.name if hw.accel is not None else "none")
    hw.files = Files(os, data)
    if board.BUZZER is not None:
        hw.sound = sound.Sound(PWM(Pin(board.BUZZER)), hw.clock)
    if _exists(NOWDT_FLAG):
        print("picotable: watchdog off (%s)" % NOWDT_FLAG)
    else:
        hw.watchdog = machine.WDT(timeout=WDT_MS)
    return hw
