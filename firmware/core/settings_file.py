"""Reading and writing settings.bin (through core/storage.py: magic b"PTst", version 3).

Payload layout:
    0 brightness step 0..9 (10..100 %)   1 sound 0/1   2 bot speed 0..3   3 reserved
    4 + 9*i  player i name: length byte then 8 bytes (letters of settings.ALPHABET, zero
             padded), i = 0..3
    40       calibration x, y, z: 3 x int16 little-endian (milli-g)
    46 + 9*(i-4)  players 4..7, as above (version 2; a version 1 file ends at 46, and its
             players 5..8 keep their default names)
    82       dim after, 83 sleep after: indices of settings.DIM_AFTER / SLEEP_AFTER (version 3;
             an older file keeps the defaults, 30 s and 2 min)
"""
from micropython import const

from core import settings as S
from core import storage

FILE = "settings.bin"
MAGIC = b"PTst"
VERSION = const(3)
_SIZE = const(84)
_SIZE_V2 = const(82)         # version 2: no dimming and sleep times
_SIZE_V1 = const(46)         # version 1: four players


def payload(s):
    """Settings `s` as a payload."""
    p = bytearray(_SIZE)
    p[0] = s.brightness
    p[1] = s.sound
    p[2] = s.bot_speed
    p[_SIZE_V2] = s.dim
    p[_SIZE_V2 + 1] = s.sleep
    for i in range(S.PLAYERS):
        n = s.names[i]
        k = 0
        while k < S.NAME_LEN and n[k]:
            k += 1
        at = _name_at(i)
        p[at] = k
        p[at + 1:at + 1 + S.NAME_LEN] = n
    for j in range(3):
        v = s.cal[j] & 0xFFFF
        p[40 + 2 * j] = v & 255
        p[41 + 2 * j] = v >> 8
    return p


def apply(s, p):
    """Take a payload; False (and nothing changed) if any field is out of range."""
    if p is None or len(p) not in (_SIZE, _SIZE_V2, _SIZE_V1) or p[0] > 9 or p[1] > 1 or p[2] > 3:
        return False
    if len(p) == _SIZE and (p[_SIZE_V2] >= len(S.DIM_AFTER) or p[_SIZE_V2 + 1] >= len(S.SLEEP_AFTER)):
        return False
    players = 4 if len(p) == _SIZE_V1 else S.PLAYERS
    for i in range(players):
        at = _name_at(i)
        k = p[at]
        if k > S.NAME_LEN:
            return False
        for j in range(k):
            if p[at + 1 + j] not in S.ALPHABET:
                return False
    s.defaults()                # an older file leaves what it lacks at the defaults
    s.brightness = p[0]
    s.sound = p[1]
    s.bot_speed = p[2]
    if len(p) == _SIZE:
        s.dim = p[_SIZE_V2]
        s.sleep = p[_SIZE_V2 + 1]
    for i in range(players):
        at = _name_at(i)
        k = p[at]
        n = s.names[i]
        for j in range(S.NAME_LEN):
            n[j] = p[at + 1 + j] if j < k else 0
    for j in range(3):
        v = p[40 + 2 * j] | (p[41 + 2 * j] << 8)
        s.cal[j] = v - 65536 if v & 0x8000 else v
    s.changed = False
    return True


def _name_at(i):
    """Where player i's name starts in the payload (players 4..7 follow the calibration)."""
    return 4 + 9 * i if i < 4 else _SIZE_V1 + 9 * (i - 4)


def load(s, files):
    """Load from flash; returns the notice to show once, or None."""
    st, _, p = storage.load(files, FILE, MAGIC, VERSION)
    if st == storage.MISSING:
        s.defaults()
        if files.exists(FILE):      # there but unreadable (e.g. a folder in its place): kept
            return "Settings unreadable: defaults"
        return None
    if st != storage.OK or not apply(s, p):
        s.defaults()
        save(s, files)          # replaced by defaults, so it is reported once, not every boot
        return "Settings %s: defaults" % (storage.message(st) or "invalid")
    return None


def save(s, files):
    """Write settings `s`; False if the medium failed."""
    ok = storage.save(files, FILE, MAGIC, VERSION, payload(s))
    if ok:
        s.changed = False
    return ok
