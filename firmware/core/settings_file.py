"""Reading and writing settings.bin (through core/storage.py: magic b"PTst", version 1).

Payload layout:
    0 brightness step 0..9 (10..100 %)   1 sound 0/1   2 bot speed 0..3   3 reserved
    4 + 9*i  player i name: length byte then 8 bytes (letters of settings.ALPHABET, zero
             padded), i = 0..3
    40       calibration x, y, z: 3 x int16 little-endian (milli-g)
"""
from micropython import const

from core import settings as S
from core import storage

FILE = "settings.bin"
MAGIC = b"PTst"
VERSION = const(1)
_SIZE = const(46)


def payload(s):
    """Settings `s` as a payload."""
    p = bytearray(_SIZE)
    p[0] = s.brightness
    p[1] = s.sound
    p[2] = s.bot_speed
    for i in range(S.PLAYERS):
        n = s.names[i]
        k = 0
        while k < S.NAME_LEN and n[k]:
            k += 1
        p[4 + 9 * i] = k
        p[5 + 9 * i:5 + 9 * i + S.NAME_LEN] = n
    for j in range(3):
        v = s.cal[j] & 0xFFFF
        p[40 + 2 * j] = v & 255
        p[41 + 2 * j] = v >> 8
    return p


def apply(s, p):
    """Take a payload; False (and nothing changed) if any field is out of range."""
    if p is None or len(p) != _SIZE or p[0] > 9 or p[1] > 1 or p[2] > 3:
        return False
    for i in range(S.PLAYERS):
        k = p[4 + 9 * i]
        if k > S.NAME_LEN:
            return False
        for j in range(k):
            if p[5 + 9 * i + j] not in S.ALPHABET:
                return False
    s.brightness = p[0]
    s.sound = p[1]
    s.bot_speed = p[2]
    for i in range(S.PLAYERS):
        k = p[4 + 9 * i]
        n = s.names[i]
        for j in range(S.NAME_LEN):
            n[j] = p[5 + 9 * i + j] if j < k else 0
    for j in range(3):
        v = p[40 + 2 * j] | (p[41 + 2 * j] << 8)
        s.cal[j] = v - 65536 if v & 0x8000 else v
    s.changed = False
    return True


def load(s, files):
    """Load from flash; returns the notice to show once, or None."""
    st, _, p = storage.load(files, FILE, MAGIC, VERSION)
    if st == storage.MISSING:
        s.defaults()
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
