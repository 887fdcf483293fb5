"""Suspend/resume of a tower game: the bytes GameScene.snapshot() returns. Imported only when a
game is saved or resumed (both allocation points), so its code is not in memory while playing.

Layout (version 2), little-endian:
    0   b"TW", version 2
    3   rules state            rules.STATE_BYTES (State.save)
    +   generators             4 bytes each: the game's, the bots' now, the bots' at the start of
                               the current bot job (core.rng.Rng.save_into)
    +   words                  NW int32: the scene (8, NSV reserved), the Placement (place.NSAVE),
                               the bot's plan and steering (bot.NWORDS)
    +   risk tables            the bots' risk table and its valid flags, now and at the job start
    +   towers                 per seat: 2-byte length + World.serialize() bytes (the world itself
                               for the tower being placed), then the placing seat or 255
    +   record                 2-byte row count, the rows as rules.Record packs them
    +   checksum               2 x 2 bytes: Fletcher sums of everything before
A bot that was thinking is restarted from its job's start and replays the same number of
actions (bot.Bot.replay), so the game continues exactly as if it had not been saved. load()
checks everything (also against the Setup stored with it) and raises ValueError otherwise: a
damaged save is refused whole.
"""
from array import array

from micropython import const

from core import storage
from games.tower import rules as R

# copies of bot.py constants (tests/test_tower_physics.py checks that they agree)
_NWORDS = const(24)
_S_DONE = const(3)
# copies of place.py constants (tests/test_tower_physics.py checks that they agree)
_NSAVE = const(12)
# copies of rules.py constants (tests/test_tower_physics.py checks that they agree)
_E_RESULT = const(15)
_E_SEED = const(0)
_MAX_SEATS = const(4)
_NPIECES = const(27)
_P_OVER = const(4)
_STATE_BYTES = const(76)
# copies of scenes.py constants (tests/test_tower_physics.py checks that they agree)
_U_FALL = const(6)
_U_PLACE = const(5)
_U_SHOW = const(2)
_U_THINK = const(1)
# copies of towers.py constants (tests/test_tower_physics.py checks that they agree)
_LIVE = const(1)


MAGIC = b"TW"
VERSION = 2
NSV = 16
NW = NSV + _NSAVE + _NWORDS
NR = _MAX_SEATS * _NPIECES
NEVENTS = _E_RESULT + 1


def dump(scene):
    out = bytearray(MAGIC)
    out.append(VERSION)
    buf = bytearray(_STATE_BYTES)
    scene.st.save(buf, 0)
    out.extend(buf)
    b = scene.bot
    r = bytearray(12)
    scene.rng.save_into(r, 0)
    scene.brng.save_into(r, 4)
    for i in range(4):
        r[8 + i] = b.rng0[i]
    out.extend(r)
    words = array("i", [0] * NW)
    part = array("i", [0] * NSV)
    scene.words(part)
    for i in range(NSV):
        words[i] = part[i]
    part = array("i", [0] * _NSAVE)
    scene.pl.save(part)
    for i in range(_NSAVE):
        words[NSV + i] = part[i]
    part = array("i", [0] * _NWORDS)
    b.save_steer(part)
    for i in range(_NWORDS):
        words[NSV + _NSAVE + i] = part[i]
    for i in range(NW):
        _put32(out, words[i])
    for t in (b.risk, b.risk0):
        for i in range(NR):
            _put16(out, t[i])
    out.extend(b.valid)
    out.extend(b.valid0)
    tw = scene.tw
    live = tw.seat if tw.state == _LIVE else 255
    for s in range(scene.n):
        if s == live:
            buf = bytearray(tw.w.state_size())
            tw.w.serialize(buf)
        else:
            o, k = tw.saved(s)
            buf = tw.pool[o:o + k]
        _put16(out, len(buf))
        out.extend(buf)
    out.append(live)
    rec = scene.record
    _put16(out, rec.n)
    out.extend(memoryview(rec.buf)[:rec.at[rec.n]])
    a, c = storage.fletcher(out, len(out))
    _put16(out, a)
    _put16(out, c)
    return bytes(out)


def load(scene, data):
    """Restore `scene` (just made, not started) from `data`, or raise ValueError."""
    try:
        data = bytes(data)
    except TypeError:
        raise ValueError("snapshot type")
    if len(data) < 8 or data[0:2] != MAGIC or data[2] != VERSION:
        raise ValueError("snapshot header")
    end = len(data) - 4
    a, c = storage.fletcher(data, end)
    if _get16(data, end) != a or _get16(data, end + 2) != c:
        raise ValueError("snapshot checksum")
    try:
        _load(scene, data, end)
    except IndexError:
        raise ValueError("snapshot truncated")


def _load(scene, data, end):
    st = scene.st
    at = st.load(data, 3)
    for k in (at, at + 4, at + 8):
        if not (data[k] | data[k + 1] | data[k + 2] | data[k + 3]):
            raise ValueError("generator state")
    scene.rng.load_from(data, at)
    scene.brng.load_from(data, at + 4)
    b = scene.bot
    for i in range(4):
        b.rng0[i] = data[at + 8 + i]
    at += 12
    words = array("i", [0] * NW)
    for i in range(NW):
        words[i] = _get32(data, at)
        at += 4
    for t in (b.risk, b.risk0):
        for i in range(NR):
            v = _get16(data, at)
            t[i] = v - 65536 if v & 0x8000 else v
            at += 2
    for i in range(_MAX_SEATS):
        b.valid[i] = 1 if data[at + i] else 0
        b.valid0[i] = 1 if data[at + _MAX_SEATS + i] else 0
    at += 2 * _MAX_SEATS
    tw = scene.tw
    for s in range(scene.n):
        k = _get16(data, at)
        at += 2
        tw.load_seat_bytes(s, data, at, k)
        at += k
    live = data[at]
    at += 1
    if live != 255:
        if live >= scene.n:
            raise ValueError("live tower")
        tw.live(live)
    rec = scene.record
    n = _get16(data, at)
    at += 2
    k = end - at
    if n < 2 or n > rec.capacity or k > len(rec.buf):
        raise ValueError("record length")
    buf = rec.buf
    for i in range(k):
        buf[i] = data[at + i]
    j = 0
    for i in range(n):          # where each row starts: its kind says how long it is
        rec.at[i] = j
        if j >= k or buf[j] >= NEVENTS or (buf[j] == _E_SEED) != (i == 0):
            raise ValueError("record row")
        j += 1 + sum(R._WIDTHS[5 * buf[j]:5 * buf[j] + 5])
    if j != k:
        raise ValueError("record length")
    rec.at[n] = j
    rec.n = n
    rec.lost = 0
    setup = scene.setup
    if rec.field(0, 0) != setup.seed or rec.field(0, 1) != scene.n:
        raise ValueError("record head")
    if rec.kind(n - 1) == _E_RESULT or st.phase == _P_OVER:
        raise ValueError("game over")
    part = array("i", [0] * _NSAVE)
    for i in range(_NSAVE):
        part[i] = words[NSV + i]
    scene.pl.load(part, tw.w, scene.paint.out)
    part = array("i", [0] * _NWORDS)
    for i in range(_NWORDS):
        part[i] = words[NSV + _NSAVE + i]
    b.load_steer(part)
    scene.set_words(words)
    sub = scene.sub
    if sub == _U_THINK or sub == _U_SHOW:
        # the bot was thinking (or showing its answer): think again from the job's start
        b.replay(part[11], part[12], part[13], part[14])
        if sub == _U_SHOW and b.stage != _S_DONE:
            raise ValueError("bot answer")
    elif sub == _U_PLACE and not scene.kinds[st.placer] == 0:
        b.stage = _S_DONE
        b.job = part[11]
        b.seat = part[12]
        b.level = part[13]
        b.kind = part[16]
    if (sub == _U_PLACE or sub == _U_FALL) and tw.state != _LIVE:
        raise ValueError("placement without its tower")


def _put16(out, v):
    out.append(v & 255)
    out.append((v >> 8) & 255)


def _put32(out, v):
    for k in range(4):
        out.append((v >> (8 * k)) & 255)


def _get16(data, at):
    return data[at] | (data[at + 1] << 8)


def _get32(data, at):
    v = data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)
    return v - (1 << 32) if v & 0x80000000 else v
