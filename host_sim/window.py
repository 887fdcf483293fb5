"""The simulator window: a picture of the handheld, its screen, lit buttons, the key map.

Input: keyboard, mouse (click the drawn buttons; drag anywhere else to tilt) and a gamepad
(D-pad = joystick, left stick = tilt, face buttons = A B X Y, start = Y). poll() is called once
per console step (from the buttons' read()), handles the window's events and returns the held
buttons' bitmask.

A fast tap counts: a button that went down since the last poll is reported held at this poll even
if it is already up again, so the console sees the press (and the release a step later). A held
button let go and pressed again within one step is reported up now and down at the next poll.
"""
import os
import sys
import time

import pygame

from host_sim import outputs, png
from host_sim.quiet import c_stderr_silenced

UP, DOWN, LEFT, RIGHT, PRESS, A, B, X, Y = 1, 2, 4, 8, 16, 32, 64, 128, 256

KEYS = {
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_SPACE: PRESS,
    pygame.K_z: A, pygame.K_RETURN: A,
    pygame.K_x: B, pygame.K_BACKSPACE: B,
    pygame.K_c: X,
    pygame.K_v: Y, pygame.K_ESCAPE: Y,
}
TILT_KEYS = {pygame.K_j: (-1, 0), pygame.K_l: (1, 0), pygame.K_i: (0, 1), pygame.K_k: (0, -1)}
KEY_MAP = (
    "Joystick: arrow keys, Space = press      A: Z or Enter     B: X or Backspace",
    "X: C      Y (pause): V or Esc      Tilt: drag the mouse, I J K L, gamepad stick",
    "R: level the tilt      F12: screenshot      gamepad: D-pad, A B X Y, Start = pause",
)
_PAD_BUTTONS = {0: A, 1: B, 2: X, 3: Y, 7: Y}      # gamepad button index -> console button
_NO_SCREEN = ("offscreen", "dummy")                 # SDL's video drivers that show nothing
_BODY = (40, 44, 60)
_LIT = (250, 210, 70)
_KEY = (90, 96, 112)


def display_problem():
    """None when a window can be shown here; else why not. SDL's probing of the video drivers is
    silenced; when it finds no display it fails, or falls back to a driver that shows nothing
    (an invisible window that would run until killed): both are refused unless SDL_VIDEODRIVER
    asks for that driver (the tests use "dummy")."""
    with c_stderr_silenced():
        try:
            pygame.display.init()
        except pygame.error as e:
            return "SDL: %s" % e
    driver = pygame.display.get_driver()
    if driver in _NO_SCREEN and driver not in os.environ.get("SDL_VIDEODRIVER", "").split(","):
        return "SDL found no display and fell back to its %s driver" % driver
    return None


class Window:
    def __init__(self, display, accel, scale=2, shots_dir="."):
        pygame.display.init()               # not pygame.init(): the mixer is host_sim/sound.py's
        pygame.font.init()
        pygame.joystick.init()
        self.display = display
        self.accel = accel                  # SimAccel or None (blinka / none)
        self.scale = scale
        self.shots_dir = shots_dir
        sw = 240 * scale
        self.screen_rect = pygame.Rect(self.glass_rect(scale))
        self.size = (sw + 300, sw + 130)
        self.surface = pygame.display.set_mode(self.size)
        pygame.display.set_caption("picotable simulator")
        self.font = pygame.font.Font(None, 18)
        self.frame = pygame.Surface((240, 240), depth=8)
        self.held_keys = 0
        self.held_mouse = 0
        self.held_pad = 0
        self.reported = 0                   # what the last poll returned
        self.pending = 0                    # presses to report at the next poll
        self.tilt_keys = [0, 0]
        self.drag_from = None
        self.pad = None
        self.pad_tilt = (0, 0)
        self.pressed_drawn = -1
        self.buttons = self._layout()
        if pygame.joystick.get_count():
            self.pad = pygame.joystick.Joystick(0)
        display.on_show = self._on_show
        display.on_light = self._on_light
        self._paint_body()

    @staticmethod
    def glass_rect(scale):
        """Where the screen is drawn in the window: x, y, width, height."""
        return 150, 30, 240 * scale, 240 * scale

    def _layout(self):
        r = self.screen_rect
        cx, cy = r.left - 75, r.centery
        kx, ky = r.right + 75, r.centery
        d = 34
        return [
            (UP, "^", (cx, cy - d)), (DOWN, "v", (cx, cy + d)), (LEFT, "<", (cx - d, cy)),
            (RIGHT, ">", (cx + d, cy)), (PRESS, "o", (cx, cy)),
            (X, "X", (kx, ky - d)), (Y, "Y", (kx - d, ky)), (A, "A", (kx + d, ky)), (B, "B", (kx, ky + d)),
        ]

    # -- input ------------------------------------------------------------------------------
    def poll(self):
        downs = 0                           # buttons that went down during this step
        ups = 0
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                raise SystemExit(0)
            if ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_F12:
                    self.screenshot()
                elif ev.key == pygame.K_r and self.accel is not None:
                    self.accel.set(0, 0)
                downs |= KEYS.get(ev.key, 0)
                self.held_keys |= KEYS.get(ev.key, 0)
                if ev.key in TILT_KEYS:
                    dx, dy = TILT_KEYS[ev.key]
                    self.tilt_keys[0] += dx
                    self.tilt_keys[1] += dy
            elif ev.type == pygame.KEYUP:
                ups |= KEYS.get(ev.key, 0)
                self.held_keys &= ~KEYS.get(ev.key, 0)
                if ev.key in TILT_KEYS:
                    dx, dy = TILT_KEYS[ev.key]
                    self.tilt_keys[0] -= dx
                    self.tilt_keys[1] -= dy
            elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                hit = self._hit(ev.pos)
                if hit:
                    self.held_mouse = hit
                    downs |= hit
                else:
                    self.drag_from = ev.pos
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                ups |= self.held_mouse
                self.held_mouse = 0
                if self.drag_from is not None and self.accel is not None:
                    self.accel.set(0, 0)    # let go: the console lies level again
                self.drag_from = None
            elif ev.type == pygame.MOUSEMOTION and self.drag_from is not None and self.accel is not None:
                dx = ev.pos[0] - self.drag_from[0]
                dy = ev.pos[1] - self.drag_from[1]
                self.accel.set(dx * 6, -dy * 6)
            elif ev.type == pygame.JOYBUTTONDOWN:
                downs |= _PAD_BUTTONS.get(ev.button, 0)
            elif ev.type == pygame.JOYBUTTONUP:
                ups |= _PAD_BUTTONS.get(ev.button, 0)
            elif ev.type == pygame.JOYDEVICEADDED and self.pad is None:
                self.pad = pygame.joystick.Joystick(ev.device_index)
        self._poll_pad()
        self._key_tilt()
        held = self.held_keys | self.held_mouse | self.held_pad
        again = self.reported & ups & downs         # let go and pressed again: up now, down next
        out = (held | downs | self.pending) & ~again
        self.pending = again
        self.reported = out
        if out != self.pressed_drawn:
            self._paint_body(out)
            self._present()
        return out

    def _poll_pad(self):
        p = self.pad
        if p is None:
            return
        bits = 0
        try:
            hx, hy = p.get_hat(0) if p.get_numhats() else (0, 0)
            bits |= (LEFT if hx < 0 else RIGHT if hx > 0 else 0) | (UP if hy > 0 else DOWN if hy < 0 else 0)
            for i, bit in _PAD_BUTTONS.items():
                if i < p.get_numbuttons() and p.get_button(i):
                    bits |= bit
            if p.get_numaxes() >= 2 and self.accel is not None and self.drag_from is None:
                ax, ay = p.get_axis(0), p.get_axis(1)
                if abs(ax) > 0.08 or abs(ay) > 0.08 or self.pad_tilt != (0, 0):
                    self.pad_tilt = (ax, ay) if abs(ax) > 0.08 or abs(ay) > 0.08 else (0, 0)
                    self.accel.set(ax * 1000, -ay * 1000)
        except pygame.error:
            self.pad = None
        self.held_pad = bits

    def _key_tilt(self):
        if self.accel is None or self.drag_from is not None:
            return
        tx, ty = self.tilt_keys
        if tx or ty:
            self.accel.set(self.accel.tx + tx * 60 if abs(self.accel.tx + tx * 60) <= 600 else self.accel.tx,
                           self.accel.ty + ty * 60 if abs(self.accel.ty + ty * 60) <= 600 else self.accel.ty)

    def _hit(self, pos):
        for bit, _, (x, y) in self.buttons:
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 16 ** 2:
                return bit
        return 0

    # -- output -----------------------------------------------------------------------------
    def _paint_body(self, held=0):
        s = self.surface
        s.fill((24, 26, 34))
        body = self.screen_rect.inflate(280, 40)
        pygame.draw.rect(s, _BODY, body, border_radius=28)
        pygame.draw.rect(s, (10, 10, 12), self.screen_rect.inflate(12, 12), border_radius=6)
        for bit, label, (x, y) in self.buttons:
            lit = held & bit
            pygame.draw.circle(s, _LIT if lit else _KEY, (x, y), 15)
            t = self.font.render(label, True, (0, 0, 0) if lit else (230, 230, 230))
            s.blit(t, t.get_rect(center=(x, y)))
        t = self.font.render(self._power_caption(), True, (170, 176, 190))
        s.blit(t, t.get_rect(center=(self.screen_rect.centerx, self.screen_rect.bottom + 16)))
        y = self.screen_rect.bottom + 36
        for line in KEY_MAP:
            s.blit(self.font.render(line, True, (170, 176, 190)), (16, y))
            y += 20
        self._paint_tilt()
        self._blit_frame()
        self.pressed_drawn = held

    def _paint_tilt(self):
        cx, cy = self.screen_rect.right + 75, self.screen_rect.top + 40
        pygame.draw.circle(self.surface, (20, 22, 28), (cx, cy), 26)
        pygame.draw.circle(self.surface, (90, 96, 112), (cx, cy), 26, 1)
        if self.accel is not None:
            pygame.draw.circle(self.surface, _LIT, (cx + self.accel.tx * 24 // 1000, cy - self.accel.ty * 24 // 1000), 4)
        t = self.font.render("tilt", True, (170, 176, 190))
        self.surface.blit(t, (cx - 10, cy + 30))

    def _blit_frame(self):
        d = self.display
        self.frame.set_palette(d.rgb_palette(dim=True))
        self.frame.get_buffer().write(bytes(d.indices()))
        self.surface.blit(pygame.transform.scale(self.frame, self.screen_rect.size), self.screen_rect)

    def _on_light(self):
        """Dimmed, asleep or awake again: the screen and the caption under it."""
        self._paint_body(self.pressed_drawn if self.pressed_drawn >= 0 else 0)
        self._present()

    def _power_caption(self):
        d = self.display
        return "backlight %d %%" % d.brightness if d.on else "asleep: any key wakes it"

    def _on_show(self, rects, n):
        self._blit_frame()
        self._paint_tilt()
        self._present()

    def _present(self):
        pygame.display.flip()

    def screenshot(self, path=None):
        if path is None:
            path = os.path.join(self.shots_dir, time.strftime("picotable-%Y%m%d-%H%M%S.png"))
        try:
            outputs.write_file("F12", path, png.encode(240, 240, self.display.rgb()))
        except outputs.Failed as e:
            print("screenshot not saved: %s" % e, file=sys.stderr)      # the window goes on
            return None
        print("screenshot:", path)
        return path
