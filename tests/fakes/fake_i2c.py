"""Register-level I2C bus with MPU-6050 and LIS3DH models (CPython and MicroPython).

The bus has machine.I2C's memory API (readfrom_mem, readfrom_mem_into, writeto_mem, readfrom,
writeto, scan). An address nobody answers raises OSError like machine.I2C does (ENODEV by
default; `absent_errno` may be set to ETIMEDOUT). fail_next(count, after) makes the next
`count` transfers fail after `after` bytes have moved (a failure in the middle of a read leaves
the first bytes written). Each transfer is recorded in `log` as (op, addr, sub-address, bytes).

The chips keep a register pointer. The MPU-6050 increments it after every byte; the LIS3DH only
when bit 7 of the sub-address was set (otherwise it reads the same register again). Sensor
output is computed from the physical acceleration set with `accel_mg` and the chip's
configuration, as the datasheets give it; `stuck = True` freezes the output registers.
"""
ENODEV = 19
EIO = 5
ETIMEDOUT = 110


def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


class Chip:
    def __init__(self, addr):
        self.addr = addr
        self.regs = bytearray(256)
        self.ptr = 0
        self.accel_mg = [0, 0, 1000]
        self.stuck = False
        self.writes = []            # (register, value) in order

    def start(self, sub):
        """A transfer addressed register `sub`: sample the sensor, set the pointer."""
        if not self.stuck:
            self.sample()
        self.ptr = sub & 0xFF

    def sample(self):
        pass

    def read_byte(self):
        v = self.regs[self.ptr]
        self.ptr = (self.ptr + 1) & 0xFF
        return v

    def write_byte(self, v):
        self.writes.append((self.ptr, v))
        self.write_reg(self.ptr, v)
        self.ptr = (self.ptr + 1) & 0xFF

    def write_reg(self, reg, v):
        self.regs[reg] = v


class MPU6050Model(Chip):
    WHO_AM_I = 0x75
    PWR_MGMT_1 = 0x6B
    ACCEL_CONFIG = 0x1C
    ACCEL_XOUT_H = 0x3B

    def __init__(self, addr=0x68):
        Chip.__init__(self, addr)
        self.regs[self.WHO_AM_I] = 0x68
        self.regs[self.PWR_MGMT_1] = 0x40       # powers up asleep

    def write_reg(self, reg, v):
        if reg == self.WHO_AM_I or self.ACCEL_XOUT_H <= reg <= 0x48:
            return                              # read-only
        if reg == self.PWR_MGMT_1 and v & 0x80:
            self.regs[:] = bytearray(256)       # DEVICE_RESET
            self.regs[self.WHO_AM_I] = 0x68
            self.regs[self.PWR_MGMT_1] = 0x40
            return
        self.regs[reg] = v

    def sample(self):
        if self.regs[self.PWR_MGMT_1] & 0x40:
            return                              # asleep: the data registers do not change
        lsb_per_g = 16384 >> ((self.regs[self.ACCEL_CONFIG] >> 3) & 3)
        for i in range(3):
            mg = self.accel_mg[i]
            q = (mg if mg >= 0 else -mg) * lsb_per_g // 1000     # towards zero, ints only
            v = _clamp(q if mg >= 0 else -q, -32768, 32767) & 0xFFFF
            self.regs[self.ACCEL_XOUT_H + 2 * i] = v >> 8
            self.regs[self.ACCEL_XOUT_H + 2 * i + 1] = v & 255


class LIS3DHModel(Chip):
    WHO_AM_I = 0x0F
    CTRL_REG1 = 0x20
    CTRL_REG4 = 0x23
    OUT_X_L = 0x28
    # mg per digit by full scale (+-2, 4, 8, 16 g) for high-resolution, normal, low-power mode
    _SENS = ((1, 2, 4, 12), (4, 8, 16, 48), (16, 32, 64, 192))

    def __init__(self, addr=0x18):
        Chip.__init__(self, addr)
        self.regs[self.WHO_AM_I] = 0x33
        self.regs[self.CTRL_REG1] = 0x07        # power-down, axes enabled
        self._inc = False

    def start(self, sub):
        Chip.start(self, sub & 0x7F)
        self._inc = bool(sub & 0x80)

    def read_byte(self):
        v = self.regs[self.ptr]
        if self._inc:
            self.ptr = (self.ptr + 1) & 0x7F
        return v

    def write_byte(self, v):
        self.writes.append((self.ptr, v))
        self.write_reg(self.ptr, v)
        if self._inc:
            self.ptr = (self.ptr + 1) & 0x7F

    def write_reg(self, reg, v):
        if reg == self.WHO_AM_I or self.OUT_X_L <= reg <= 0x2D:
            return
        self.regs[reg] = v

    def mode(self):
        """0 = high resolution (12 bit), 1 = normal (10 bit), 2 = low power (8 bit)."""
        if self.regs[self.CTRL_REG1] & 0x08:
            return 2
        return 0 if self.regs[self.CTRL_REG4] & 0x08 else 1

    def sample(self):
        r1 = self.regs[self.CTRL_REG1]
        if r1 >> 4 == 0:
            return                              # power-down: outputs do not update
        mode = self.mode()
        bits = (12, 10, 8)[mode]
        sens = self._SENS[mode][(self.regs[self.CTRL_REG4] >> 4) & 3]
        top = (1 << (bits - 1)) - 1
        for i in range(3):
            if r1 & (1 << i):
                mg = self.accel_mg[i]
                q = (mg if mg >= 0 else -mg) // sens    # integers only: no float boxes
                counts = _clamp(q if mg >= 0 else -q, -top - 1, top)
            else:
                counts = 0
            v = (counts << (16 - bits)) & 0xFFFF     # left-justified
            self.regs[self.OUT_X_L + 2 * i] = v & 255
            self.regs[self.OUT_X_L + 2 * i + 1] = v >> 8


class I2CBus:
    def __init__(self, *chips):
        self.devices = {}
        self.absent_errno = ENODEV
        self.log = []
        self.logging = True         # False keeps reads allocation-free (heap_lock tests)
        self._fail = 0
        self._fail_after = 0
        self._fail_errno = EIO
        for c in chips:
            self.add(c)

    def add(self, chip):
        self.devices[chip.addr] = chip
        return chip

    def remove(self, addr):
        self.devices.pop(addr, None)

    def fail_next(self, count=1, after=0, errno=EIO):
        self._fail = count
        self._fail_after = after
        self._fail_errno = errno

    def _transfer(self):
        """How many bytes the next transfer may move before failing (-1: no failure)."""
        if self._fail > 0:
            self._fail -= 1
            return self._fail_after
        return -1

    def _chip(self, addr):
        c = self.devices.get(addr)
        if c is None:
            raise OSError(self.absent_errno)
        return c

    def scan(self):
        return sorted(self.devices)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        limit = self._transfer()
        if limit == 0:
            raise OSError(self._fail_errno)
        c = self._chip(addr)
        c.start(memaddr)
        for i in range(len(buf)):
            if i == limit:
                raise OSError(self._fail_errno)
            buf[i] = c.read_byte()
        if self.logging:
            self.log.append(("r", addr, memaddr, len(buf)))

    def readfrom_mem(self, addr, memaddr, n, addrsize=8):
        b = bytearray(n)
        self.readfrom_mem_into(addr, memaddr, b)
        return bytes(b)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        limit = self._transfer()
        if limit == 0:
            raise OSError(self._fail_errno)
        c = self._chip(addr)
        c.start(memaddr)
        for i in range(len(buf)):
            if i == limit:
                raise OSError(self._fail_errno)
            c.write_byte(buf[i])
        if self.logging:
            self.log.append(("w", addr, memaddr, bytes(buf)))

    def writeto(self, addr, buf, stop=True):
        if len(buf):
            self.writeto_mem(addr, buf[0], memoryview(buf)[1:])
        else:
            self._chip(addr)
        return len(buf)

    def readfrom(self, addr, n, stop=True):
        c = self._chip(addr)
        b = bytearray(n)
        for i in range(n):
            b[i] = c.read_byte()
        return bytes(b)
