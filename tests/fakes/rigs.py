"""Drivers wired to their register-level models, for the tests (CPython and MicroPython)."""
import fake_i2c
import fake_pins
import fake_spi
import fake_st7789
from fake_clock import FakeClock

OUT = fake_pins.OUT


class DisplayRig:
    """An ST7789 driver on the reference pins (DC 8, CS 9, RST 12), talking to the model."""
    def __init__(self, madctl=0x70, xoff=0, yoff=0, wait=True, dma=False):
        from hal.st7789 import ST7789
        self.clock = clock = FakeClock(1000)
        self.bank = bank = fake_pins.Gpio()
        self.model = model = fake_st7789.ST7789Model(lambda: bank.level(8), lambda: bank.level(9),
                                                     clock.ticks_ms)
        bank.listeners[12] = model.rst_edge
        self.spi = fake_spi.FakeSPI(model)
        # with dma: pixels go through hal/spi_dma's stand-in (show() streams, overlapped)
        self.dma = fake_spi.FakeDMA(self.spi, (lambda: bank.level(8), lambda: bank.level(9))) \
            if dma else None
        self.backlight = fake_pins.PWMModel(1000)
        dc = bank.pin(8, OUT, value=1)
        cs = bank.pin(9, OUT, value=1)
        rst = bank.pin(12, OUT, value=1)
        sleep = clock.sleep_ms if wait else (lambda ms: None)
        self.display = ST7789(self.spi, dc, cs, rst, self.backlight, madctl, xoff, yoff, sleep,
                              dma=self.dma)


def mpu_bus(addr=0x68):
    chip = fake_i2c.MPU6050Model(addr)
    return fake_i2c.I2CBus(chip), chip


def lis_bus(addr=0x18):
    chip = fake_i2c.LIS3DHModel(addr)
    return fake_i2c.I2CBus(chip), chip
