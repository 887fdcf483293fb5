"""MPU-6050 accelerometer (I2C address 0x68, or 0x69 with AD0 high); the gyro is left unused.

Raw counts are 16-bit big-endian signed, 16384 per g at +-2 g. The chip auto-increments its
register pointer on every multi-byte read, so one 6-byte read from ACCEL_XOUT_H gets X, Y, Z.
"""
from micropython import const

_CONFIG = const(0x1A)
_ACCEL_CONFIG = const(0x1C)
_ACCEL_XOUT_H = const(0x3B)
_PWR_MGMT_1 = const(0x6B)
_WHO_AM_I = const(0x75)

_CHIP_ID = const(0x68)


class MPU6050:
    name = "MPU-6050"
    WHO_AM_I = _WHO_AM_I
    CHIP_ID = _CHIP_ID
    # milli-g = (raw * mg_mul + mg_round) >> mg_shift   (32767 * 1000 stays below 2**30)
    mg_mul = 1000
    mg_shift = 14
    mg_round = 8192

    def __init__(self, i2c, addr=0x68):
        self.i2c = i2c
        self.addr = addr
        self._buf = bytearray(6)
        self._one = bytearray(1)
        if self._read8(_WHO_AM_I) != _CHIP_ID:
            raise OSError(19)   # ENODEV: something else answers at this address
        self._write8(_PWR_MGMT_1, 0)       # wake up (it powers up asleep), internal oscillator
        self._write8(_CONFIG, 3)           # low-pass ~44 Hz: less noise at 30 reads a second
        self._write8(_ACCEL_CONFIG, 0)     # +-2 g

    def _read8(self, reg):
        self.i2c.readfrom_mem_into(self.addr, reg, self._one)
        return self._one[0]

    def _write8(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.addr, reg, self._one)

    def read_raw(self, out):
        """Fill out[0..2] with the signed X, Y, Z counts; raises OSError on a bus failure."""
        b = self._buf
        self.i2c.readfrom_mem_into(self.addr, _ACCEL_XOUT_H, b)
        for i in range(3):
            v = (b[i << 1] << 8) | b[(i << 1) + 1]
            out[i] = v - 65536 if v & 0x8000 else v
