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
from hal import accel, buttons, sound, st7789

DATA = "/data"
NOWDT_FLAG = "/nowdt"       # this file on the board's root disables the watchdog
WDT_MS = 8000               # generous: a frame is 33 ms; near the RP2040's 8.3 s maximum

_WDT_CTRL_CLR = 0x3000      # atomic bit-clear alias of WATCHDOG CTRL
_WDT_ENABLE = 1 << 30


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


def stop_watchdog():
    """Stop a running watchdog (machine.WDT cannot be stopped), e.g. when the REPL takes over."""
    rp2350 = "RP2350" in getattr(sys.implementation, "_machine", "")
    base = 0x400D8000 if rp2350 else 0x40058000
    machine.mem32[base + _WDT_CTRL_CLR] = _WDT_ENABLE


def build(board=None, data=DATA, clock=None):
    if board is None:
        from hal import board
    hw = Hardware()
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
    bl = PWM(Pin(board.LCD_BL))
    bl.freq(1000)
    bl.duty_u16(0)          # dark until the console sets the brightness
    hw.display = st7789.ST7789(spi, dc, cs, rst, bl, board.LCD_MADCTL, board.LCD_XOFF,
                               board.LCD_YOFF, hw.clock.sleep_ms)
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
