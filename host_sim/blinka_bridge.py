"""A real MPU-6050 or LIS3DH read from the PC through adafruit-blinka (MCP2221, FT232H, or a
Pico running u2if), using the board's own driver code (firmware/hal) unchanged.

BlinkaI2C gives a busio.I2C the few machine.I2C methods the drivers use.
"""


class BlinkaI2C:
    def __init__(self, i2c):
        self.i2c = i2c

    def _locked(self):
        while not self.i2c.try_lock():
            pass

    def scan(self):
        self._locked()
        try:
            return self.i2c.scan()
        finally:
            self.i2c.unlock()

    def readfrom_mem_into(self, addr, reg, buf):
        self._locked()
        try:
            self.i2c.writeto_then_readfrom(addr, bytes((reg,)), buf)
        finally:
            self.i2c.unlock()

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return bytes(buf)

    def writeto_mem(self, addr, reg, data):
        self._locked()
        try:
            self.i2c.writeto(addr, bytes((reg,)) + bytes(data))
        finally:
            self.i2c.unlock()


def open_accel():
    """The accelerometer on the PC's I2C bridge, as the platform's accel object, or raise
    RuntimeError with a clear message."""
    try:
        import board
        import busio
    except Exception as e:  # noqa: BLE001 - blinka raises various errors without a bridge
        raise RuntimeError("--accel blinka needs adafruit-blinka and a USB I2C bridge "
                           "(pip install '.[bridge]'; set BLINKA_MCP2221=1, BLINKA_FT232H=1 "
                           "or BLINKA_U2IF=1): %s" % e)
    from hal import accel
    bus = BlinkaI2C(busio.I2C(board.SCL, board.SDA))
    sensor = accel.open(bus)       # detects the chip by WHO_AM_I, reads milli-g like the board
    if sensor is None:
        raise RuntimeError("--accel blinka: no MPU-6050 (0x68/0x69) or LIS3DH (0x18/0x19) "
                           "answered on the bridge's I2C bus")
    return sensor
