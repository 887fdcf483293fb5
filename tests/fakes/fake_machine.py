"""Stand-in for rp2's `machine` module, wired to the register-level models (tests only).

CPython tests put it in sys.modules as `machine`; the board test copies it to the stand-in
board's root as machine.py, next to fake_pins.py, fake_st7789.py and fake_i2c.py. Never part of
firmware/.

What it models of the rp2 port, because the Pico code depends on it:
- clocks: MicroPython 1.24+ boots with the peripheral clock at 48 MHz; machine.freq(f) sets the
  system clock and puts the peripheral clock at 48 MHz; machine.freq(f, f) ties it to the
  system clock; any other peripheral value is a ValueError. With FIRMWARE < (1, 24),
  machine.freq takes one argument only and the peripheral clock starts at 125 MHz;
- SPI: the rate is the pico-sdk's divider search over the peripheral clock (the highest rate
  not above the request); print(spi) shows it like the rp2 port; SPI(1) claims GP8 as MISO even
  with miso=None, so a Pin object made for GP8 before it no longer drives the line;
- the display on SPI1 (DC GP8, CS GP9, RST GP12) is an ST7789Model, the I2C0 bus an I2CBus
  with an MPU-6050 at 0x68 (ACCEL = "lis3dh" or None changes that), the pads a Gpio bank;
- WDT: the timeout and the feeds; writing the enable bit to the watchdog's clear alias through
  mem32 stops it (the RP2040 register map); other mem32 words (the watchdog's scratch
  registers) keep what is written until power-up (reset_state);
- soft_reset(): SystemExit, as MicroPython's does; what a soft reset keeps is kept: the pads,
  the panel, and each PWM slice's level (a PWM made again for the same pin runs on at it);
- reset(): exits the process with RESET_EXIT (99), which the pty board harness turns into a
  fresh boot;
- the battery's lines: ADC(29) reads a third of `vsys_mv` as rp2's 12-bit ADC against 3.3 V
  (read_u16 scaled to 16 bits as the port does), GP24 (VBUS sense) is high while `vbus`;
- lightsleep(ms): each call is kept in `lightsleeps`; `on_lightsleep` (a test's function) lets
  time pass.

reset_state() puts everything back to power-on; `ticks_ms` is the models' time source.
"""
import sys

import fake_i2c
import fake_pins
import fake_st7789

try:
    from time import ticks_ms as _ticks_ms
except ImportError:         # CPython: the tests hand in their clock
    _ticks_ms = None

RESET_EXIT = 99
FIRMWARE = (1, 29)
ACCEL = "mpu6050"
USB_HZ = 48_000_000

_SPI_DEFAULT = {0: (18, 19, 16), 1: (10, 11, 8)}     # sck, mosi, miso per bus

gpio = None
display = None
i2c_bus = None
spi_buses = []
wdt = None
cpu_hz = 125_000_000
peri_hz = USB_HZ
ticks_ms = _ticks_ms
vsys_mv = 0
vbus = 0
lightsleeps = []
on_lightsleep = None


def reset_state(firmware=(1, 29), accel="mpu6050", clock=None):
    global gpio, display, i2c_bus, spi_buses, wdt, mem32, cpu_hz, peri_hz, ticks_ms, FIRMWARE, ACCEL
    global vsys_mv, vbus, on_lightsleep
    FIRMWARE = firmware
    ACCEL = accel
    if clock is not None:
        ticks_ms = clock
    gpio = fake_pins.Gpio(30)
    display = fake_st7789.ST7789Model(lambda: gpio.level(8), lambda: gpio.level(9), _now)
    gpio.listeners[12] = display.rst_edge
    i2c_bus = fake_i2c.I2CBus()
    if accel == "mpu6050":
        i2c_bus.add(fake_i2c.MPU6050Model(0x68))
    elif accel == "lis3dh":
        i2c_bus.add(fake_i2c.LIS3DHModel(0x18))
    spi_buses = []
    wdt = None
    mem32 = _Mem32()
    pwm_slices.clear()
    vsys_mv = 0
    vbus = 0
    del lightsleeps[:]
    on_lightsleep = None
    cpu_hz = 125_000_000
    peri_hz = USB_HZ if firmware >= (1, 24) else cpu_hz


def _now():
    return ticks_ms() if ticks_ms is not None else 0


def freq(*args):
    global cpu_hz, peri_hz
    if not args:
        return cpu_hz
    if len(args) > 1 and FIRMWARE < (1, 24):
        raise TypeError("function takes 1 positional arguments but 2 were given")
    f = args[0]
    if not 10_000_000 <= f <= 300_000_000:
        raise ValueError("cannot change frequency")
    per = args[1] if len(args) > 1 else USB_HZ
    if per != USB_HZ and per != f:
        raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
    cpu_hz = f
    peri_hz = per
    for s in spi_buses:         # existing SPI objects keep their dividers: their rate moves
        s._rate = peri_hz // s._div


def reset():
    sys.exit(RESET_EXIT)


def soft_reset():
    sys.exit(0)


def unique_id():
    return b"\xe6\x61\x38\x52\x03\x35\x2a\x2f"


def idle():
    pass


def lightsleep(ms=None):
    lightsleeps.append(ms)
    if on_lightsleep is not None:
        on_lightsleep(ms)


class ADC:
    def __init__(self, pin):
        self.gpio = pin if isinstance(pin, int) else pin.id

    def read_u16(self):
        if self.gpio != 29:
            return 0
        raw = min(4095, vsys_mv * 4096 // 9900)      # VSYS / 3 against 3.3 V, 12 bits
        return (raw << 4) | (raw >> 8)


class Pin(fake_pins.Pin):
    def __init__(self, g, mode=-1, pull=-1, value=None):
        fake_pins.Pin.__init__(self, gpio, g, mode, pull, value)

    def value(self, v=None):
        if v is None and self.id == 24:
            return 1 if vbus else 0         # VBUS sense: driven by the USB supply
        return fake_pins.Pin.value(self, v)


pwm_slices = {}     # pin -> the last PWM made on it: the slice's level survives a soft reset


class PWM(fake_pins.PWMModel):
    def __init__(self, pin, freq=0, duty_u16=0):
        fake_pins.PWMModel.__init__(self, freq)
        self.pin = pin
        gpio.claim(pin.id, "pwm")
        self._duty = duty_u16
        old = pwm_slices.get(pin.id)
        if old is not None and not freq and not duty_u16:
            self._freq = old._freq
            self._duty = old._duty
        pwm_slices[pin.id] = self

    def deinit(self):
        self._duty = 0


def _spi_divider(clk, baud):
    """pico-sdk spi_set_baudrate(): prescale (even, 2..254) * postdiv (1..256)."""
    prescale = 2
    while prescale <= 254:
        if clk < (prescale + 2) * 256 * baud:
            break
        prescale += 2
    postdiv = 256
    while postdiv > 1:
        if clk // (prescale * (postdiv - 1)) > baud:
            break
        postdiv -= 1
    return prescale * postdiv


class SPI:
    MSB = 0

    def __init__(self, id, baudrate=1_000_000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        d_sck, d_mosi, d_miso = _SPI_DEFAULT[id]
        self.sck = sck.id if sck is not None else d_sck
        self.mosi = mosi.id if mosi is not None else d_mosi
        self.miso = miso.id if miso is not None else d_miso     # claimed even when None
        for g in (self.sck, self.mosi, self.miso):
            gpio.claim(g, "spi%d" % id)
        self.polarity = polarity
        self.phase = phase
        self.bits = bits
        self._div = _spi_divider(peri_hz, baudrate)
        self._rate = peri_hz // self._div
        self.bytes_written = 0
        self.writes = 0
        spi_buses.append(self)

    def __repr__(self):
        return "SPI(%d, baudrate=%d, polarity=%d, phase=%d, bits=%d, sck=%d, mosi=%d, miso=%d)" % (
            self.id, self._rate, self.polarity, self.phase, self.bits, self.sck, self.mosi,
            self.miso)

    def write(self, buf):
        self.bytes_written += len(buf)
        self.writes += 1
        if self.id == 1:
            display.write(buf)


class I2C:
    def __init__(self, id, scl=None, sda=None, freq=400_000, timeout=50000):
        self.id = id
        self.freq = freq
        if scl is not None:
            gpio.claim(scl.id, "i2c%d" % id)
        if sda is not None:
            gpio.claim(sda.id, "i2c%d" % id)

    def scan(self):
        return i2c_bus.scan()

    def readfrom_mem(self, addr, memaddr, n, addrsize=8):
        return i2c_bus.readfrom_mem(addr, memaddr, n)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        i2c_bus.readfrom_mem_into(addr, memaddr, buf)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        i2c_bus.writeto_mem(addr, memaddr, buf)

    def readfrom(self, addr, n, stop=True):
        return i2c_bus.readfrom(addr, n)

    def writeto(self, addr, buf, stop=True):
        return i2c_bus.writeto(addr, buf)


class WDT:
    def __init__(self, id=0, timeout=5000):
        global wdt
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout out of range")
        self.timeout = timeout
        self.feeds = 0
        self.enabled = True
        wdt = self

    def feed(self):
        self.feeds += 1


_WATCHDOG_CTRL = 0x40058000
_CLR = 0x3000


class _Mem32:
    def __init__(self):
        self.writes = []
        self.words = {}

    def __getitem__(self, addr):
        if addr == _WATCHDOG_CTRL:
            return (1 << 30) if wdt is not None and wdt.enabled else 0
        return self.words.get(addr, 0)

    def __setitem__(self, addr, value):
        self.writes.append((addr, value))
        self.words[addr] = value
        if addr == _WATCHDOG_CTRL + _CLR and value & (1 << 30) and wdt is not None:
            wdt.enabled = False


mem32 = _Mem32()

reset_state(FIRMWARE, ACCEL)
