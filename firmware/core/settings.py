"""Console settings: brightness, sound, bot speed, dimming and sleep, player names, tilt
calibration.

The values live here; reading and writing settings.bin is core/settings_file.py, loaded only
when that happens.
"""
from array import array
from micropython import const

PLAYERS = const(8)          # one name per seat of the largest game (Tip Top: 8)
NAME_LEN = const(8)
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"    # what a player name may use

BOT_DELAY = (45, 20, 8, 0)          # steps a bot waits before a visible action
# seconds without input before the backlight dims / the console sleeps (0: never); the settings
# keep the index (core/power.py, docs/decisions.md: Power)
DIM_AFTER = (0, 15, 30, 60, 120, 300)
SLEEP_AFTER = (0, 60, 120, 300, 600, 1800)
_DEFAULT_NAMES = b"ANA BEN CLEO DEV EVE FIN GUS HAL"     # one object: the names, space apart


class Settings:
    def __init__(self):
        self.names = [bytearray(NAME_LEN) for _ in range(PLAYERS)]
        self.cal = array("i", [0, 0, 1000])
        self.defaults()

    def defaults(self):
        self.brightness = 7
        self.sound = 1
        self.bot_speed = 1
        self.dim = 2                # 30 s
        self.sleep = 2              # 2 min
        d = _DEFAULT_NAMES
        j = 0
        for i in range(PLAYERS):
            n = self.names[i]
            for k in range(NAME_LEN):
                n[k] = 0
            k = 0
            while j < len(d) and d[j] != 32:
                n[k] = d[j]
                k += 1
                j += 1
            j += 1
        self.cal[0] = 0
        self.cal[1] = 0
        self.cal[2] = 1000
        self.changed = False

    @property
    def bot_delay(self):
        return BOT_DELAY[self.bot_speed]

    def name(self, i):
        """Player i's name as a str (allocates: call when a game starts, not per frame)."""
        n = self.names[i]
        k = 0
        while k < NAME_LEN and n[k]:
            k += 1
        return bytes(n[0:k]).decode() if k else "P" + str(i + 1)
