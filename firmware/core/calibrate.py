"""Tilt calibration: show the live tilt, and on A store the current pose as level.

The pose is the average of SAMPLES raw readings taken over the next steps. Without a sensor the
scene says so and that the joystick tilts instead.
"""
from micropython import const

from core import buttons as B
from core import palette as P
from core import tilt as T
from core import widgets
from core.scene import Scene

SAMPLES = const(16)
_CX = const(120)
_CY = const(130)
_R = const(60)


class Calibrate(Scene):
    def __init__(self, console):
        self.c = console
        self.taking = 0         # samples still to take
        self.sum_x = 0
        self.sum_y = 0
        self.sum_z = 0
        self.done = False       # showing "Calibrated" (B goes back, A calibrates again)
        self._dot_x = -1
        self._dot_y = -1
        self._state_drawn = -1

    def enter(self, console):
        self.taking = 0
        self.done = False

    def update(self, c):
        p = c.buttons.pressed
        if self.taking:
            if c.accel_ok:
                xyz = c.xyz
                self.sum_x += xyz[0]
                self.sum_y += xyz[1]
                self.sum_z += xyz[2]
                self.taking -= 1
                if not self.taking:
                    c.tilt.calibrate(self.sum_x // SAMPLES, self.sum_y // SAMPLES, self.sum_z // SAMPLES)
                    cal = c.settings.cal
                    for i in range(3):
                        cal[i] = c.tilt.cal[i]
                    c.settings.changed = True
                    self.done = True
            else:
                self.taking = 0     # the sensor dropped out: start again on A
            return
        if p & B.A and c.tilt.source == T.SENSOR:
            self.done = False
            self.taking = SAMPLES
            self.sum_x = 0
            self.sum_y = 0
            self.sum_z = 0
        elif p & B.B:
            c.pop()

    def _state(self):
        if self.done:
            return 3
        if self.taking:
            return 2
        return 1 if self.c.tilt.source == T.SENSOR else 0

    def draw(self, g, full):
        st = self._state()
        if full:
            g.clear(P.NAVY)
            widgets.header(g, "Tilt")
            widgets.footer(g, "A set level  B back")
            self._dot_x = -1
        if full or st != self._state_drawn:
            g.fill_rect(0, 40, 240, 20, P.NAVY)
            if st == 0:
                g.text_center("No tilt sensor found.", 40, P.ORANGE)
                g.text_center("The joystick tilts instead.", 52, P.SILVER)
            elif st == 1:
                g.text_center("Lay the console flat,", 40, P.WHITE)
                g.text_center("then press A.", 52, P.WHITE)
            elif st == 2:
                g.text_center("Hold still...", 44, P.YELLOW)
            else:
                g.text_center("Calibrated.", 44, P.GREEN)
            self._state_drawn = st
            full = True
        # the live tilt: a dot inside a circle, 1000 milli-g at the rim
        t = self.c.tilt
        dx = _CX + t.x * _R // 1000
        dy = _CY - t.y * _R // 1000
        if full or dx != self._dot_x or dy != self._dot_y:
            if self._dot_x >= 0:
                g.fill_rect(self._dot_x - 4, self._dot_y - 4, 9, 9, P.NAVY)
            # repaint the guide straight into the frame: outside the erased box (already dirty)
            # its pixels are unchanged, so only the box and the new dot need pushing
            fb = g.fb
            fb.ellipse(_CX, _CY, _R, _R, P.GREY)
            fb.hline(_CX - _R, _CY, 2 * _R, P.SLATE)
            fb.vline(_CX, _CY - _R, 2 * _R, P.SLATE)
            if full:
                g.dirty(_CX - _R, _CY - _R, 2 * _R + 1, 2 * _R + 1)
            g.ellipse(dx, dy, 4, 4, P.YELLOW, True)
            self._dot_x = dx
            self._dot_y = dy
