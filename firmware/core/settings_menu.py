"""The settings scene: brightness, sound, bot speed, dimming and sleep, player names, tilt
calibration."""
from micropython import const

from core import menu as M
from core import palette as P
from core import settings as S
from core import widgets
from core.scene import Scene

_BRIGHT = const(0)
_SOUND = const(1)
_SPEED = const(2)
_DIM = const(3)
_SLEEP = const(4)
_NAME0 = const(5)
_CAL = const(13)       # _NAME0 + players
_BACK = const(14)
_PLAYER_LABELS = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6",
                  "Player 7", "Player 8")
BRIGHTNESS_LABELS = ("10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%")
SOUND_LABELS = ("off", "on")
SPEED_LABELS = ("slow", "normal", "fast", "instant")
# settings.DIM_AFTER and SLEEP_AFTER: dim index i shows TIMES[i], sleep index i TIMES[_SLEEP_AT[i]]
TIMES = ("never", "15 s", "30 s", "1 min", "2 min", "5 min", "10 min", "30 min")
_SLEEP_AT = b"\x00\x03\x04\x05\x06\x07"


class SettingsScene(Scene):
    def __init__(self, console):
        self.c = console
        s = console.settings
        m = self.menu = M.Menu(0, 36, 240, 12, 15)     # 15 rows end at 216, above the footer
        m.add("Brightness", BRIGHTNESS_LABELS[s.brightness])
        m.add("Sound", SOUND_LABELS[s.sound])
        m.add("Bot speed", SPEED_LABELS[s.bot_speed])
        m.add("Dim after", TIMES[s.dim])
        m.add("Sleep after", TIMES[_SLEEP_AT[s.sleep]])
        for i in range(S.PLAYERS):
            m.add(_PLAYER_LABELS[i], s.name(i))
        m.add("Calibrate tilt")
        m.add("Back")

    def enter(self, console):
        console.drop_scene("name_editor")       # loaded while open, dropped when back here
        console.drop_scene("calibrate")
        s = console.settings
        m = self.menu
        m.set_value(_BRIGHT, BRIGHTNESS_LABELS[s.brightness])
        m.set_value(_SOUND, SOUND_LABELS[s.sound])
        m.set_value(_SPEED, SPEED_LABELS[s.bot_speed])
        m.set_value(_DIM, TIMES[s.dim])
        m.set_value(_SLEEP, TIMES[_SLEEP_AT[s.sleep]])
        for i in range(S.PLAYERS):
            # names as str, made here: entering is a load point (from the launcher, or back
            # from the name editor, which is dropped then)
            m.set_value(_NAME0 + i, s.name(i))

    def update(self, c):
        m = self.menu
        act = m.update(c.buttons)
        s = c.settings
        i = m.sel
        if act == M.LEFT or act == M.RIGHT:
            d = 1 if act == M.RIGHT else -1
            if i == _BRIGHT:
                v = s.brightness + d
                if 0 <= v <= 9:
                    s.brightness = v
                    s.changed = True
                    c.hw.display.set_brightness((v + 1) * 10)
                    m.set_value(i, BRIGHTNESS_LABELS[v])
            elif i == _SOUND:
                s.sound = 1 - s.sound
                s.changed = True
                m.set_value(i, SOUND_LABELS[s.sound])
                c.beep(880, 40)
            elif i == _SPEED:
                v = s.bot_speed + d
                if 0 <= v <= 3:
                    s.bot_speed = v
                    s.changed = True
                    m.set_value(i, SPEED_LABELS[v])
            elif i == _DIM:
                v = s.dim + d
                if 0 <= v < len(S.DIM_AFTER):
                    s.dim = v
                    s.changed = True
                    m.set_value(i, TIMES[v])
                    c.power.configure(c)
            elif i == _SLEEP:
                v = s.sleep + d
                if 0 <= v < len(S.SLEEP_AFTER):
                    s.sleep = v
                    s.changed = True
                    m.set_value(i, TIMES[_SLEEP_AT[v]])
                    c.power.configure(c)
        elif act == M.SELECT:
            if _NAME0 <= i < _NAME0 + S.PLAYERS:
                ed = c.scene("name_editor")
                ed.edit(i - _NAME0)
                c.push(ed)
            elif i == _CAL:
                c.push(c.scene("calibrate"))
            elif i == _BACK:
                self._leave(c)
        elif act == M.BACK:
            self._leave(c)

    def _leave(self, c):
        from core import settings_file      # leaving is a load point: written only now
        if c.settings.changed and not settings_file.save(c.settings, c.files):
            c.notice.post("Could not save settings")
        c.pop()

    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            widgets.header(g, "Settings")
            widgets.footer(g, "A choose  <> change  B back")
        self.menu.draw(g, full)
