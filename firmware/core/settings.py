"""Console settings: brightness, sound, bot speed, player names, tilt calibration.

Kept in settings.bin through core.storage (magic b"PTst", version 1). Payload layout:
    0 brightness step 0..9 (10..100 %)   1 sound 0/1   2 bot speed 0..3   3 reserved
    4 + 9*i  player i name: length byte then 8 bytes (ASCII 32..126, zero padded), i = 0..3
    40       calibration x, y, z: 3 x int16 little-endian (milli-g)
"""
from array import array
from micropython import const

from core import storage

FILE = "settings.bin"
MAGIC = b"PTst"
VERSION = const(1)
PLAYERS = const(4)
NAME_LEN = const(8)
_SIZE = const(46)

BRIGHTNESS_LABELS = ("10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%")
SOUND_LABELS = ("off", "on")
SPEED_LABELS = ("slow", "normal", "fast", "instant")
BOT_DELAY = (45, 20, 8, 0)          # steps a bot waits before a visible action
_DEFAULT_NAMES = (b"ANA", b"BEN", b"CLEO", b"DEV")


class Settings:
    def __init__(self):
        self.names = [bytearray(NAME_LEN) for _ in range(PLAYERS)]
        self.cal = array("i", [0, 0, 1000])
        self.defaults()

    def defaults(self):
        self.brightness = 7
        self.sound = 1
        self.bot_speed = 1
        for i in range(PLAYERS):
            n = self.names[i]
            for k in range(NAME_LEN):
                n[k] = 0
            d = _DEFAULT_NAMES[i]
            n[0:len(d)] = d
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

    def payload(self):
        p = bytearray(_SIZE)
        p[0] = self.brightness
        p[1] = self.sound
        p[2] = self.bot_speed
        for i in range(PLAYERS):
            n = self.names[i]
            k = 0
            while k < NAME_LEN and n[k]:
                k += 1
            p[4 + 9 * i] = k
            p[5 + 9 * i:5 + 9 * i + NAME_LEN] = n
        for j in range(3):
            v = self.cal[j] & 0xFFFF
            p[40 + 2 * j] = v & 255
            p[41 + 2 * j] = v >> 8
        return p

    def apply(self, p):
        """Take a payload; False (and nothing changed) if any field is out of range."""
        if p is None or len(p) != _SIZE or p[0] > 9 or p[1] > 1 or p[2] > 3:
            return False
        for i in range(PLAYERS):
            k = p[4 + 9 * i]
            if k > NAME_LEN:
                return False
            for j in range(k):
                if not 32 <= p[5 + 9 * i + j] < 127:
                    return False
        self.brightness = p[0]
        self.sound = p[1]
        self.bot_speed = p[2]
        for i in range(PLAYERS):
            k = p[4 + 9 * i]
            n = self.names[i]
            for j in range(NAME_LEN):
                n[j] = p[5 + 9 * i + j] if j < k else 0
        for j in range(3):
            v = p[40 + 2 * j] | (p[41 + 2 * j] << 8)
            self.cal[j] = v - 65536 if v & 0x8000 else v
        self.changed = False
        return True

    def load(self, store):
        """Load from flash; returns the notice to show once, or None."""
        p = store.load(FILE, MAGIC, VERSION)
        if store.status == storage.MISSING:
            self.defaults()
            return None
        if store.status != storage.OK or not self.apply(p):
            self.defaults()
            return "Settings " + (storage.message(store.status) or "invalid: defaults used")
        return None

    def save(self, store):
        ok = store.save(FILE, MAGIC, VERSION, self.payload())
        if ok:
            self.changed = False
        return ok
