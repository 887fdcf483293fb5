"""A simulated accelerometer: the window sets a tilt (milli-g), read() reports what a sensor
held that way would measure (docs/platform.md: x right, y to the top of the screen, z out)."""
import math


class SimAccel:
    stuck_check = False      # a simulated sensor has no noise: constant readings are normal

    def __init__(self):
        self.tx = 0          # tilt to the right, milli-g, -1000..1000
        self.ty = 0          # tilt towards the top edge

    def set(self, tx, ty):
        self.tx = max(-1000, min(1000, int(tx)))
        self.ty = max(-1000, min(1000, int(ty)))

    def read(self, xyz):
        # lowering the right edge makes the x axis point down: the sensor reads negative x
        xyz[0] = -self.tx
        xyz[1] = -self.ty
        xyz[2] = math.isqrt(max(0, 1000000 - self.tx * self.tx - self.ty * self.ty))
        return True
