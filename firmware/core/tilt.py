"""Tilt pipeline: accelerometer milli-g -> calibrated, filtered, dead-zoned, clamped tilt vector.

Output (documented range): x and y in -1000..1000, roughly milli-g of tilt away from the stored
level pose. x > 0 means the right edge is lowered (a ball would roll right); y > 0 means the top
edge is lowered (a ball would roll up the screen).

Sources: SENSOR while readings arrive; BUTTONS when there is no sensor, a read fails, or the
sensor is stuck (identical readings for STUCK_STEPS steps on a sensor that has noise). With
BUTTONS the joystick directions ramp the vector towards +-BUTTON_TILT. The first successful read
after a failure switches back. `changed` is set for one step when the source changes, so the
console can show a one-time notice.
"""
from array import array
from micropython import const

from core import buttons as B

NONE = const(0)
SENSOR = const(1)
BUTTONS = const(2)

LIMIT = const(1000)         # output clamp
RAW_LIMIT = const(2000)     # readings beyond +-2 g are spikes: clipped before filtering
DEAD = const(35)            # dead zone around level, milli-g
FILTER_K = const(96)        # low-pass weight of a new sample, /256
BUTTON_TILT = const(600)    # tilt produced by a held joystick direction without a sensor
BUTTON_RAMP = const(60)     # per step
STUCK_STEPS = const(90)     # 3 s of bit-identical readings


class Tilt:
    def __init__(self):
        self.x = 0
        self.y = 0
        self.source = NONE
        self.changed = False
        self.cal = array("i", [0, 0, 1000])     # level pose, milli-g (settings keep it)
        self._fx = 0                            # filter state, milli-g << 4
        self._fy = 0
        self._last = array("i", [0, 0, 0])
        self._same = 0

    def update(self, ok, xyz, stuck_check, held):
        """One step. ok: the read succeeded and filled xyz (milli-g); held: button bits."""
        if ok and stuck_check:
            last = self._last
            if xyz[0] == last[0] and xyz[1] == last[1] and xyz[2] == last[2]:
                if self._same < STUCK_STEPS:
                    self._same += 1
            else:
                self._same = 0
                last[0] = xyz[0]
                last[1] = xyz[1]
                last[2] = xyz[2]
            if self._same >= STUCK_STEPS:
                ok = False
        src = SENSOR if ok else BUTTONS
        self.changed = src != self.source
        if self.changed:
            self.source = src
            self._fx = self.x << 4
            self._fy = self.y << 4
        if ok:
            # accelerometer x points right: lowering the right edge makes it read negative
            self._fx = _low_pass(self._fx, _clip(self.cal[0] - xyz[0]))
            self._fy = _low_pass(self._fy, _clip(self.cal[1] - xyz[1]))
            self.x = _shape(self._fx >> 4)
            self.y = _shape(self._fy >> 4)
        else:
            self.x = _ramp(self.x, BUTTON_TILT if held & B.RIGHT else -BUTTON_TILT if held & B.LEFT else 0)
            self.y = _ramp(self.y, BUTTON_TILT if held & B.UP else -BUTTON_TILT if held & B.DOWN else 0)

    def calibrate(self, x, y, z):
        self.cal[0] = _clip(x)
        self.cal[1] = _clip(y)
        self.cal[2] = _clip(z)


def _clip(v):
    return -RAW_LIMIT if v < -RAW_LIMIT else RAW_LIMIT if v > RAW_LIMIT else v


def _low_pass(f, sample):
    # f and sample << 4 are within +-64000; their difference * 96 < 2**24
    return f + ((((sample << 4) - f) * FILTER_K) >> 8)


def _shape(v):
    """Dead zone (continuous at its edge), then clamp."""
    if v > DEAD:
        v -= DEAD
    elif v < -DEAD:
        v += DEAD
    else:
        return 0
    return -LIMIT if v < -LIMIT else LIMIT if v > LIMIT else v


def _ramp(v, target):
    if v < target:
        v += BUTTON_RAMP
        return target if v > target else v
    v -= BUTTON_RAMP
    return target if v < target else v
