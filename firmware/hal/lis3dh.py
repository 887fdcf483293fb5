"""LIS3DH accelerometer (I2C address 0x18, or 0x19 with SDO/SA0 high).

Set to 100 Hz, X/Y/Z on, high resolution, +-2 g: 12-bit samples, left-justified in 16-bit
little-endian words, 1 mg per digit. Block data update keeps the low and high bytes of a sample
together. The register pointer only auto-increments when bit 7 of the sub-address is set.
"""
from micropython import const

_WHO_AM_I = const(0x0F)
_CTRL_REG1 = const(0x20)
_CTRL_REG4 = const(0x23)
_OUT_X_L = const(0x28)
_AUTO_INC = const(0x80)

_CHIP_ID = const(0x33)

_ODR_100HZ_XYZ = const(0x57)    # ODR 0101 = 100 Hz, normal power, Z Y X enabled
_BDU_HR_2G = const(0x88)        # block data update, +-2 g, high resolution


class LIS3DH:
    name = "LIS3DH"
    WHO_AM_I = _WHO_AM_I
    CHIP_ID = _CHIP_ID
    # milli-g = (raw * mg_mul + mg_round) >> mg_shift: 1 mg per digit of the 12-bit count
    mg_mul = 1
    mg_shift = 0
    mg_round = 0

    def __init__(self, i2c, addr=0x18):
        self.i2c = i2c
        self.addr = addr
        self._buf = bytearray(6)
        self._one = bytearray(1)
        if self._read8(_WHO_AM_I) != _CHIP_ID:
            raise OSError(19)   # ENODEV: something else answers at this address
        self._write8(_CTRL_REG1, _ODR_100HZ_XYZ)
        self._write8(_CTRL_REG4, _BDU_HR_2G)

    def _read8(self, reg):
        self.i2c.readfrom_mem_into(self.addr, reg, self._one)
        return self._one[0]

    def _write8(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.addr, reg, self._one)

    def read_raw(self, out):
        """Fill out[0..2] with the signed 12-bit X, Y, Z counts; raises OSError on a bus failure."""
        b = self._buf
        self.i2c.readfrom_mem_into(self.addr, _OUT_X_L | _AUTO_INC, b)
        for i in range(3):
            v = b[i << 1] | (b[(i << 1) + 1] << 8)
            if v & 0x8000:
                v -= 65536
            out[i] = v >> 4     # left-justified: drop the 4 unused low bits
