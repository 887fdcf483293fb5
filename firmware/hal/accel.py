"""The platform's accelerometer object over whichever sensor answers on the I2C bus.

open(i2c, axes) probes MPU-6050 (0x68, 0x69) and LIS3DH (0x18, 0x19) by their WHO_AM_I
registers and returns an Accel, or None when there is no sensor. Accel.read(xyz) fills an
array('i') of 3 with milli-g in the board's frame (x right, y towards the top of the screen,
z out of the screen) and returns True, or False on any bus error; it never raises and allocates
nothing when the read succeeds.

Only the driver of the sensor found stays in memory: a driver's module is imported to probe for
its chip and forgotten when the chip is not there.
"""
from array import array

from core.modules import forget

# probed in this order: driver module, its class, the chip's addresses
_SENSORS = (("hal.mpu6050", "MPU6050", (0x68, 0x69)), ("hal.lis3dh", "LIS3DH", (0x18, 0x19)))
_IDENTITY = (0, 1, 1, 1, 2, 1)


def _chip_id(i2c, addr, reg):
    try:
        return i2c.readfrom_mem(addr, reg, 1)[0]
    except OSError:
        return -1


def detect(i2c):
    """The sensor driver for the first address whose WHO_AM_I matches, or None."""
    for mod, name, addrs in _SENSORS:
        cls = getattr(__import__(mod, None, None, (name,)), name)
        for addr in addrs:
            if _chip_id(i2c, addr, cls.WHO_AM_I) == cls.CHIP_ID:
                try:
                    return cls(i2c, addr)
                except OSError:
                    pass
        forget(mod)         # not this chip: its driver's code can go
    return None


def open(i2c, axes=_IDENTITY):     # noqa: A001 - the module's verb, like io.open
    dev = detect(i2c)
    return Accel(dev, axes) if dev is not None else None


class Accel:
    stuck_check = True      # a real sensor's noise never repeats X, Y, Z exactly for long

    def __init__(self, dev, axes=_IDENTITY):
        """dev: a driver with read_raw(out) and mg_* scale; axes: the board's map (board.py)."""
        self.dev = dev
        self.name = dev.name
        self._mul = dev.mg_mul
        self._shift = dev.mg_shift
        self._round = dev.mg_round
        self._src = bytes((axes[0], axes[2], axes[4]))
        self._neg = bytes((axes[1] < 0, axes[3] < 0, axes[5] < 0))
        self._raw = array("i", (0, 0, 0))

    def read(self, xyz):
        raw = self._raw
        try:
            self.dev.read_raw(raw)
        except OSError:
            return False
        src = self._src
        neg = self._neg
        for i in range(3):
            v = (raw[src[i]] * self._mul + self._round) >> self._shift
            xyz[i] = -v if neg[i] else v
        return True
