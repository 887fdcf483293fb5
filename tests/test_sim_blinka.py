"""--accel blinka: the board's own accelerometer driver through the busio adapter, against the
register-level chip models, and a clear message when there is no bridge."""
import sys

import pytest

import mprun

sys.path.insert(0, mprun.ROOT + "/tests/fakes")
import fake_i2c  # noqa: E402

from array import array  # noqa: E402

from host_sim.blinka_bridge import BlinkaI2C  # noqa: E402


class BusioI2C:
    """busio.I2C as adafruit-blinka gives it (lock, scan, writeto, writeto_then_readfrom) over
    the chip models: a write's first byte is the register address, as on the wire."""

    def __init__(self, *chips):
        self.chips = {c.addr: c for c in chips}
        self.locked = False
        self.transfers = 0

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        assert self.locked
        self.locked = False

    def scan(self):
        assert self.locked
        return sorted(self.chips)

    def _chip(self, addr):
        if addr not in self.chips:
            raise OSError(19)
        return self.chips[addr]

    def writeto(self, addr, buf):
        assert self.locked
        self.transfers += 1
        c = self._chip(addr)
        c.start(buf[0])
        for b in buf[1:]:
            c.write_byte(b)

    def writeto_then_readfrom(self, addr, out, into):
        assert self.locked and len(out) == 1
        self.transfers += 1
        c = self._chip(addr)
        c.start(out[0])
        for i in range(len(into)):
            into[i] = c.read_byte()


@pytest.mark.parametrize("model,addr", [(fake_i2c.MPU6050Model, 0x68), (fake_i2c.LIS3DHModel, 0x19)])
def test_the_boards_driver_reads_a_sensor_through_blinka(model, addr):
    from hal import accel
    chip = model(addr)
    bus = BusioI2C(chip)
    sensor = accel.open(BlinkaI2C(bus))
    assert sensor is not None
    chip.accel_mg = [-500, 250, 1000]
    xyz = array("i", [0, 0, 0])
    assert sensor.read(xyz)
    # accel.open() with no board axis map: the chip's own axes, in milli-g
    assert list(xyz) == pytest.approx([-500, 250, 1000], abs=8)
    assert not bus.locked and bus.transfers > 3


def test_no_sensor_on_the_bridge_is_none():
    from hal import accel
    assert accel.open(BlinkaI2C(BusioI2C())) is None


def test_without_a_bridge_the_simulator_says_what_to_install():
    import subprocess
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--accel", "blinka"],
                       cwd=mprun.ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "adafruit-blinka" in r.stderr and "bridge" in r.stderr
