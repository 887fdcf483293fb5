"""Building the Pico's hardware object at boot (hal.pico.build() calls it, then forgets this
module: its code runs once a boot).

Order matters in two places: the clocks are set before the SPI object exists (changing the
peripheral clock later silently changes the SPI rate), and the LCD's DC pin is made after the
SPI object (SPI1 claims GP8, the DC line, as MISO even with miso=None).
"""
import os
import sys

import machine
from machine import I2C, PWM, SPI, Pin

from core.files import Files
from core.modules import forget
from hal import accel, buttons, pico, sound, st7789


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


def display_dma(spi_id):
    """A DMA channel into the display's SPI (hal/spi_dma.py), or None where the port has no rp2
    module (the host's stand-in board): show() then writes its chunks with SPI.write()."""
    try:
        from hal import spi_dma
    except ImportError:
        return None
    return spi_dma.SpiDma(spi_id)


def take_warm_mark():
    """True when this boot follows Hardware.restart(); the mark is cleared as it is read, so a
    later power-up, watchdog reset or Ctrl-D sets the panel up as usual."""
    a = pico.watchdog_base() + pico.WDT_SCRATCH0
    warm = machine.mem32[a] == pico.WARM
    machine.mem32[a] = 0
    return warm


def take_hang_mark(warm):
    """True when this boot follows a watchdog reset of a running console: the watchdog's REASON
    says timeout (it stays so until the next chip reset) and the console's RUNNING mark is still
    in SCRATCH1 (zero after power-up; main.py clears it when the REPL stops the console). A
    restart() is no hang. The mark is set again for this console."""
    a = pico.watchdog_base()
    hang = not warm and (machine.mem32[a + pico.WDT_REASON] & 1) == 1 and \
        machine.mem32[a + pico.WDT_SCRATCH1] == pico.RUNNING
    machine.mem32[a + pico.WDT_SCRATCH1] = pico.RUNNING
    return hang


def _radio_board():
    m = getattr(sys.implementation, "_machine", "")
    return "Pico W" in m or "Pico 2 W" in m


def battery(board):
    """The battery gauge's readings, or None: the board file has none, or this is a Pico W
    (hal/battery.py says why)."""
    if getattr(board, "VSYS_ADC", None) is None or _radio_board():
        return None
    from hal.battery import Battery
    return Battery(machine.ADC(board.VSYS_ADC), Pin(board.VBUS_SENSE, Pin.IN),
                   getattr(board, "BATTERY_DROP_MV", 0))


def build(board, data, clock):
    """hal.pico.build(): the Hardware of `board` (None: hal/board.py, read here only, then
    forgotten)."""
    if board is None:
        from hal import board
        forget("hal.board")     # `board` stays here until build() returns
    hw = pico.Hardware()
    hw.warm = take_warm_mark()
    hw.after_hang = take_hang_mark(hw.warm)
    if clock is not None:
        hw.clock = clock
    pico.set_clocks(board.CPU_HZ)
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
                               board.LCD_YOFF, hw.clock.sleep_ms, init=not hw.warm,
                               dma=display_dma(board.LCD_SPI))
    hw.buttons = buttons.Buttons([Pin(n) for n in board.BUTTONS])
    i2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=board.I2C_HZ)
    hw.accel = accel.open(i2c, board.ACCEL_AXES)
    print("picotable: accelerometer", hw.accel.name if hw.accel is not None else "none")
    hw.files = Files(os, data)
    hw.battery = battery(board)
    if board.BUZZER is not None:
        hw.sound = sound.Sound(PWM(Pin(board.BUZZER)), hw.clock)
    if _exists(pico.NOWDT_FLAG):
        print("picotable: watchdog off (%s)" % pico.NOWDT_FLAG)
    else:
        hw.watchdog = machine.WDT(timeout=pico.WDT_MS)
    return hw
