"""MPU-6050 / LIS3DH drivers and the platform accel object against the register models."""
import os
import sys
from array import array

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))

import fake_i2c  # noqa: E402
from hal import accel  # noqa: E402
from hal.lis3dh import LIS3DH  # noqa: E402
from hal.mpu6050 import MPU6050  # noqa: E402


def xyz():
    return array("i", [7, 7, 7])


def bus_with(*chips):
    return fake_i2c.I2CBus(*chips)


# -- the models behave like the datasheets (so the driver tests below can fail) ------------

def test_mpu_model_sleeps_until_woken_and_auto_increments():
    chip = fake_i2c.MPU6050Model()
    chip.accel_mg = [1000, -1000, 500]
    bus = bus_with(chip)
    assert bus.readfrom_mem(0x68, 0x3B, 6) == bytes(6)          # asleep after power-up
    bus.writeto_mem(0x68, 0x6B, b"\x00")
    assert bus.readfrom_mem(0x68, 0x3B, 6) == bytes([0x40, 0, 0xC0, 0, 0x20, 0])
    assert bus.readfrom_mem(0x68, 0x75, 1) == b"\x68"


def test_lis_model_increments_only_with_bit_7():
    chip = fake_i2c.LIS3DHModel()
    chip.accel_mg = [1000, 0, 0]
    bus = bus_with(chip)
    bus.writeto_mem(0x18, 0x20, b"\x57")
    bus.writeto_mem(0x18, 0x23, b"\x08")
    assert bus.readfrom_mem(0x18, 0x28, 2) == b"\x80\x80"       # OUT_X_L twice
    assert bus.readfrom_mem(0x18, 0xA8, 2) == b"\x80\x3e"       # 1000 << 4, little-endian


def test_bus_absent_device_raises_like_machine_i2c():
    bus = bus_with()
    with pytest.raises(OSError) as e:
        bus.readfrom_mem(0x68, 0x75, 1)
    assert e.value.args[0] == fake_i2c.ENODEV
    bus.absent_errno = fake_i2c.ETIMEDOUT
    with pytest.raises(OSError) as e:
        bus.readfrom_mem(0x68, 0x75, 1)
    assert e.value.args[0] == fake_i2c.ETIMEDOUT


# -- MPU-6050 ------------------------------------------------------------------------------

def test_mpu_init_wakes_and_sets_2g():
    chip = fake_i2c.MPU6050Model()
    chip.regs[0x1C] = 0x18                     # left at +-16 g by an earlier program
    MPU6050(bus_with(chip))
    assert chip.regs[0x6B] == 0 and chip.regs[0x1C] == 0
    assert (0x6B, 0) in chip.writes and (0x1C, 0) in chip.writes


def test_mpu_wrong_id_is_refused():
    chip = fake_i2c.MPU6050Model()
    chip.regs[0x75] = 0x70                     # an MPU-6500 answers 0x70
    with pytest.raises(OSError):
        MPU6050(bus_with(chip))


@pytest.mark.parametrize("mg,want", [
    ((0, 0, 1000), (0, 0, 1000)),
    ((-1000, 250, -500), (-1000, 250, -500)),
    ((1999, -1999, 1), (1999, -1999, 1)),
    ((2000, -2000, 0), (2000, -2000, 0)),        # +-full scale: saturated counts
    ((5000, -5000, 0), (2000, -2000, 0)),        # beyond it, still +-2 g
])
def test_mpu_reads_milli_g(mg, want):
    chip = fake_i2c.MPU6050Model()
    chip.accel_mg = list(mg)
    a = accel.open(bus_with(chip))
    v = xyz()
    assert a.read(v) is True
    assert tuple(v) == want
    assert a.name == "MPU-6050" and a.stuck_check is True


def test_mpu_raw_counts_are_signed_big_endian():
    chip = fake_i2c.MPU6050Model()
    chip.accel_mg = [-1, 2000, -2000]
    dev = MPU6050(bus_with(chip))
    raw = array("i", [0, 0, 0])
    dev.read_raw(raw)
    assert tuple(raw) == (-16, 32767, -32768)


# -- LIS3DH --------------------------------------------------------------------------------

def test_lis_init_high_resolution_2g_100hz():
    chip = fake_i2c.LIS3DHModel()
    chip.regs[0x23] = 0x30                     # +-16 g left by an earlier program
    LIS3DH(bus_with(chip))
    assert chip.regs[0x20] == 0x57
    assert chip.regs[0x23] & 0x38 == 0x08       # FS = +-2 g, HR on
    assert chip.mode() == 0


@pytest.mark.parametrize("mg,want", [
    ((0, 0, 1000), (0, 0, 1000)),
    ((-1000, 333, -7), (-1000, 333, -7)),
    ((2047, -2048, 0), (2047, -2048, 0)),        # 12-bit full scale
    ((3000, -3000, 0), (2047, -2048, 0)),
])
def test_lis_reads_milli_g(mg, want):
    chip = fake_i2c.LIS3DHModel(0x19)
    chip.accel_mg = list(mg)
    a = accel.open(bus_with(chip))
    v = xyz()
    assert a.read(v) is True
    assert tuple(v) == want
    assert a.name == "LIS3DH"


# -- detection -----------------------------------------------------------------------------

@pytest.mark.parametrize("chip,name", [
    (fake_i2c.MPU6050Model(0x68), "MPU-6050"), (fake_i2c.MPU6050Model(0x69), "MPU-6050"),
    (fake_i2c.LIS3DHModel(0x18), "LIS3DH"), (fake_i2c.LIS3DHModel(0x19), "LIS3DH"),
])
def test_detect_by_who_am_i(chip, name):
    dev = accel.detect(bus_with(chip))
    assert dev is not None and dev.name == name and dev.addr == chip.addr


def test_detect_skips_a_stranger_at_a_known_address():
    stranger = fake_i2c.Chip(0x68)             # answers, but WHO_AM_I reads 0
    lis = fake_i2c.LIS3DHModel(0x19)
    dev = accel.detect(bus_with(stranger, lis))
    assert dev.name == "LIS3DH"


@pytest.mark.parametrize("errno", [fake_i2c.ENODEV, fake_i2c.ETIMEDOUT])
def test_no_sensor_gives_none(errno):
    bus = bus_with()
    bus.absent_errno = errno
    assert accel.open(bus) is None


# -- failures ------------------------------------------------------------------------------

@pytest.mark.parametrize("model,addr", [(fake_i2c.MPU6050Model, 0x68), (fake_i2c.LIS3DHModel, 0x18)])
@pytest.mark.parametrize("after", [0, 1, 3, 5])
def test_failure_mid_read_returns_false_then_recovers(model, addr, after):
    chip = model(addr)
    chip.accel_mg = [100, -200, 900]
    bus = bus_with(chip)
    a = accel.open(bus)
    v = xyz()
    bus.fail_next(1, after=after)
    assert a.read(v) is False
    assert a.read(v) is True
    assert tuple(v) == (100, -200, 900)


def test_unplugged_sensor_returns_false_every_time_and_never_raises():
    chip = fake_i2c.MPU6050Model()
    bus = bus_with(chip)
    a = accel.open(bus)
    bus.remove(0x68)
    v = xyz()
    for _ in range(5):
        assert a.read(v) is False
    bus.add(chip)
    assert a.read(v) is True


def test_stuck_sensor_repeats_its_values():
    chip = fake_i2c.MPU6050Model()
    chip.accel_mg = [10, 20, 980]
    a = accel.open(bus_with(chip))
    v = xyz()
    a.read(v)
    chip.stuck = True
    chip.accel_mg = [500, 500, 500]
    assert a.read(v) and tuple(v) == (10, 20, 980)
    chip.stuck = False
    assert a.read(v) and tuple(v) == (500, 500, 500)


# -- the board's axis frame ----------------------------------------------------------------

def test_axis_map_swaps_and_negates():
    chip = fake_i2c.MPU6050Model()
    chip.accel_mg = [100, 200, 900]
    # board x = -sensor y, board y = sensor x, board z = -sensor z
    a = accel.open(bus_with(chip), (1, -1, 0, 1, 2, -1))
    v = xyz()
    assert a.read(v) and tuple(v) == (-200, 100, -900)


def test_reference_board_axis_map_is_a_permutation():
    from hal import board
    ax = board.ACCEL_AXES
    assert sorted(ax[0::2]) == [0, 1, 2] and all(s in (-1, 1) for s in ax[1::2])
