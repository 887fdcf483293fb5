"""The tower's benchmark lines on the board: tests/mp/bench_tower_physics.py's physics alone and
tests/mp/bench_tower.py's whole frames over 20 bodies (moving, then at rest but awake), run
with the Pico's hardware. The tilt of those frames is scripted like the host's stand-in."""


class ScriptedTilt:
    """The real sensor is read (its I2C cost counts); x, y, z (mg) are what the console gets.
    The values are deliberately steady, so the stuck-sensor check is off."""
    stuck_check = False

    def __init__(self, real):
        self.real = real
        self.x = 0
        self.y = 0
        self.z = 1000

    def read(self, xyz):
        ok = self.real.read(xyz)
        xyz[0] = self.x
        xyz[1] = self.y
        xyz[2] = self.z
        return ok


def physics():
    import bench_tower_physics
    for n in (10, 20, 30):
        bench_tower_physics.measure(n)


def frames(frame, hw):
    import bench_tower
    if hw.accel is not None:
        hw.accel = ScriptedTilt(hw.accel)
    bench_tower.frame = frame
    bench_tower.make_hw = lambda: hw
    bench_tower.carrying(20)
