"""Suspend/resume of a tower game: the bytes GameScene.snapshot() returns. Imported only when a
game is saved or resumed (both allocation points), so its code is not in memory while playing:
everything that only saving and loading need (the rules state's bytes, the words of the scene,
the placement and the bot) is here.

Layout (version 5), little-endian:
    0   b"TW", version 3
    3   rules state            _STATE_BYTES: seats, 4 x tokens, 4 x alive, 27 x owner, the
                               scalars (rules.State.v) as 16-bit words
    +   generators             4 bytes each: the game's, the bots' now, the bots' at the start of
                               the current bot job (core.rng.Rng.save_into)
    +   words                  int32: the scene's (_SCENE), the Placement's (_PLACE), the bot's
                               job, plan and steering (_BOT) and its synthetic tilt (_TILT)
    +   risk tables            the bots' risk table and its valid flags, now and at the job start
    +   towers                 per seat: 2-byte length + World.serialize() bytes (the world itself
                               for the tower being placed), then the placing seat or 255
    +   record                 2-byte row count, the rows as rules.Record packs them
    +   checksum               2 x 2 bytes: Fletcher sums of everything before
A bot that was thinking is restarted from its job's start (the risk table and its generator as
they were then) and performs the same number of actions again, so the game continues exactly as if it had not been saved. load()
checks everything (also against the Setup stored with it) and raises ValueError otherwise: a
damaged save is refused whole.
"""
from micropython import const

from core import storage
from games.tower import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_PW = const(8)
_PT_RMAX = const(4)
# rules.py
_TOKENS = const(10)         # every pool starts with 10 and never grows
_NPIECES = const(27)
_MAX_SEATS = const(4)
_SUPPLY = const(255)        # owner: in the supply
_UNUSED = const(254)        # owner: not part of this game (short supply options)
_P_AUCTION = const(1)
_P_PLACE = const(3)
_P_OVER = const(4)
_E_SEED = const(0)
_E_RESULT = const(15)
_E_PIECE = const(16)
_V_PHASE = const(0)
_V_ACTIVE = const(1)        # whose turn it is
_V_PIECE = const(2)         # the piece in the auction / push / placement (-1: none)
_V_PLACER = const(8)
_V_SUPPLY = const(15)       # pieces in the supply
_NV = const(20)
# place.py
_IDLE = const(0)
_CARRY = const(1)
_SETTLE = const(2)
_FELL = const(4)            # collapsed
# towers.py
_CLEAN = const(0)
_LIVE = const(1)
# bot.py
_J_NONE = const(0)          # none
_S_DONE = const(3)
# scenes.py
_U_THINK = const(1)         # a bot thinks
_U_SHOW = const(2)          # a bot's answer is on screen, applied after the delay
_U_PLACE = const(5)         # a piece is carried or settling
_U_FALL = const(6)          # a tower collapses
_U_OVER = const(8)
_VW_LAST = const(5)         # the highest view
_NB = const(4)              # 4: the result of 4 seats is wiped in a tower a step (below)
# core/setup.py
_ST_HUMAN = const(0)
# -- end of the copies --

MAGIC = b"TW"
VERSION = 5      # 5: the Placement's why (a save between a collapse and its record)
_STATE_BYTES = const(1 + 2 * _MAX_SEATS + _NPIECES + 2 * _NV)
_NR = const(_MAX_SEATS * _NPIECES)      # risk table entries
_E_LAST = const(_E_PIECE)       # the highest row kind (rules.py lists them)

# the saved words, by attribute name
_SCENE = ("sub", "wait", "cur", "amount", "fall", "cam", "job", "vseat", "view", "wipe", "oview",
          "ovs", "ocam")
_PLACE = ("phase", "b", "piece", "found", "tx", "ty", "ta", "frames", "settle", "culprit", "gx",
          "ytop", "why")
_BOT = ("job", "seat", "level", "done", "stage", "kind", "piece", "amount", "gx", "gy", "ga",
        "ready_y", "dphase", "dframes")
_TILT = ("x", "y", "source", "_fx", "_fy")


def _parts(scene):
    """(attribute names, object) of each group of saved words."""
    return ((_SCENE, scene), (_PLACE, scene.pl), (_BOT, scene.bot), (_TILT, scene.bot.vt))


def dump(scene):
    out = bytearray(MAGIC)
    out.append(VERSION)
    st = scene.st
    out.append(st.n)
    out.extend(st.tokens)
    out.extend(st.alive)
    out.extend(st.owner)
    for i in range(_NV):
        _put(out, st.v[i], 2)
    b = scene.bot
    r = bytearray(8)
    scene.rng.save_into(r, 0)
    scene.brng.save_into(r, 4)
    out.extend(r)
    out.extend(b.rng0)
    for names, obj in _parts(scene):
        for a in names:
            _put(out, int(getattr(obj, a)), 4)
    for t in (b.risk, b.risk0):
        for i in range(_NR):
            _put(out, t[i], 2)
    out.extend(b.valid)
    out.extend(b.valid0)
    tw = scene.tw
    live = tw.seat if tw.state == _LIVE else 255
    for s in range(scene.n):
        if s == live:
            buf = bytearray(tw.w.state_size())
            tw.w.serialize(buf)
        else:
            buf = tw.pool[tw.off[s]:tw.off[s + 1]]
        _put(out, len(buf), 2)
        out.extend(buf)
    out.append(live)
    rec = scene.record
    _put(out, rec.n, 2)
    out.extend(memoryview(rec.buf)[:rec.used])
    a, c = storage.fletcher(out, len(out))
    _put(out, a, 2)
    _put(out, c, 2)
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
    if _get(data, end, 2) != a or _get(data, end + 2, 2) != c:
        raise ValueError("snapshot checksum")
    try:
        _load(scene, data, end)
    except IndexError:
        raise ValueError("snapshot truncated")


def _state(st, data, at):
    """The rules state from data[at:] (what dump() wrote); ValueError when it is not sane."""
    n = st.n
    if data[at] != n:
        raise ValueError("seats")
    for s in range(_MAX_SEATS):
        t = data[at + 1 + s]
        a = data[at + 5 + s]
        if t > _TOKENS or a > 1 or (s >= n and (a or t)):
            raise ValueError("seat state")
        st.tokens[s] = t
        st.alive[s] = a
    for p in range(_NPIECES):
        o = data[at + 9 + p]
        if o != _SUPPLY and o != _UNUSED and o >= n:
            raise ValueError("owner")
        st.owner[p] = o
    v = st.v
    for i in range(_NV):
        v[i] = _get(data, at + 36 + 2 * i, -2)
    if not 0 <= v[_V_PHASE] <= _P_OVER or not 0 <= v[_V_ACTIVE] < n \
            or v[_V_SUPPLY] != st.supply_count() or not -1 <= v[_V_PIECE] < _NPIECES:
        raise ValueError("scalars")
    if v[_V_PHASE] != _P_OVER and not st.alive[v[_V_ACTIVE]]:
        raise ValueError("active")
    if _P_AUCTION <= v[_V_PHASE] <= _P_PLACE and not st.in_supply(v[_V_PIECE]):
        raise ValueError("piece")
    return at + _STATE_BYTES


def _load(scene, data, end):
    """Everything after the header, in the order dump() wrote it (the layout above)."""
    at = _state(scene.st, data, 3)
    at = _generators(scene, data, at)
    at = _words(scene, data, at)
    at = _risk(scene.bot, data, at)
    at = _towers(scene, data, at)
    _record(scene, data, at, end)
    _placement(scene)
    _resume_bot(scene)


def _generators(scene, data, at):
    for k in (at, at + 4, at + 8):
        if not (data[k] | data[k + 1] | data[k + 2] | data[k + 3]):
            raise ValueError("generator state")
    scene.rng.load_from(data, at)
    scene.brng.load_from(data, at + 4)
    for i in range(4):
        scene.bot.rng0[i] = data[at + 8 + i]
    return at + 12


def _words(scene, data, at):
    for names, obj in _parts(scene):
        for a in names:
            setattr(obj, a, _get(data, at, -4))
            at += 4
    return at


def _risk(b, data, at):
    """The bot's risk table and its valid flags, now and at the job's start."""
    for t in (b.risk, b.risk0):
        for i in range(_NR):
            t[i] = _get(data, at, -2)
            at += 2
    for i in range(_MAX_SEATS):
        b.valid[i] = 1 if data[at + i] else 0
        b.valid0[i] = 1 if data[at + _MAX_SEATS + i] else 0
    return at + 2 * _MAX_SEATS


def _towers(scene, data, at):
    """Each seat's tower into the pool (each checked by World.restore), then the live one."""
    tw = scene.tw
    pool = tw.pool
    tw.off[0] = 0
    for s in range(scene.n):
        k = _get(data, at, 2)
        at += 2
        o = tw.off[s]
        if o + k > len(pool):
            raise ValueError("tower pool")
        for i in range(k):
            pool[o + i] = data[at + i]
        tw.off[s + 1] = o + k
        at += k
        tw.w.restore(pool, o)               # checks that it is a world
    tw.seat = scene.n - 1
    tw.state = _CLEAN                       # the world holds the last tower
    live = data[at]
    if live != 255:
        if live >= scene.n:
            raise ValueError("live tower")
        tw.load(live)
        tw.state = _LIVE                    # the placement's world
    return at + 1


def _record(scene, data, at, end):
    """The record's rows, each checked to be of a known kind and length; its head against the
    Setup, and that the game is not over."""
    rec = scene.record
    n = _get(data, at, 2)
    at += 2
    k = end - at
    if n < 2 or k > len(rec.buf):
        raise ValueError("record length")
    buf = rec.buf
    for i in range(k):
        buf[i] = data[at + i]
    j = 0
    for i in range(n):          # the rows: each kind says how long its row is
        if j >= k or buf[j] > _E_LAST or (buf[j] == _E_SEED) != (i == 0):
            raise ValueError("record row")
        j += R._ROWLEN[buf[j]]
    if j != k:
        raise ValueError("record length")
    rec.used = k
    rec.n = n
    rec.lost = 0
    if rec.field(0, 0) != scene.setup.seed or rec.field(0, 1) != scene.n:
        raise ValueError("record head")
    if rec.kind(n - 1) == _E_RESULT or scene.st.v[_V_PHASE] == _P_OVER:
        raise ValueError("game over")


def _placement(scene):
    """The placement: its world, and what follows from its piece; the scene's own state."""
    tw = scene.tw
    pl = scene.pl
    pl.w = tw.w
    pl.out = scene.bot.g.out
    pl.found = pl.found != 0
    if pl.piece >= 0:
        pl.rmax = _rmax(pl.piece)
    if not _IDLE <= pl.phase <= _FELL or not 0 <= pl.why <= 2 or ((pl.phase == _CARRY or pl.phase == _SETTLE) and
                                         not 0 <= pl.b < tw.w.count()):
        raise ValueError("placement")
    sub = scene.sub
    if not 0 <= sub < _U_OVER or not 0 <= scene.cur < _NPIECES or not -1 <= scene.vseat < scene.n \
            or not -1 <= scene.wipe <= _NB or not 0 <= scene.view <= _VW_LAST \
            or not 0 <= scene.oview <= _VW_LAST or not -1 <= scene.ovs < scene.n:
        raise ValueError("scene state")
    if sub == _U_PLACE and pl.phase == _CARRY:
        scene.hint_a = -1
        scene.bot.g.sky_world(tw.w, pl.b)
    if (sub == _U_PLACE or sub == _U_FALL) and tw.state != _LIVE:
        raise ValueError("placement without its tower")


def _resume_bot(scene):
    b = scene.bot
    sub = scene.sub
    if sub == _U_THINK or sub == _U_SHOW:
        # the bot was thinking (or showing its answer): think again from the job's start, with
        # the risk table and the generator as they were then
        job = b.job
        done = b.done
        b.job = _J_NONE
        for i in range(_NR):
            b.risk[i] = b.risk0[i]
        for s in range(_MAX_SEATS):
            b.valid[s] = b.valid0[s]
        b.rng.load_from(b.rng0, 0)
        b.begin(job, b.seat, b.level)
        while b.done < done and b.stage != _S_DONE:
            b._act()
        if sub == _U_SHOW and b.stage != _S_DONE:
            raise ValueError("bot answer")
    elif sub == _U_PLACE and scene.kinds[scene.st.v[_V_PLACER]] != _ST_HUMAN:
        b.stage = _S_DONE


def _rmax(piece):
    from games.tower import physics as P
    return P.PT[piece * _PW + _PT_RMAX] << 4


def _put(out, v, size):
    for _ in range(size):
        out.append(v & 255)
        v >>= 8


def _get(data, at, size):
    """A little-endian number of |size| bytes at `at`; signed when size < 0."""
    n = -size if size < 0 else size
    v = 0
    for k in range(n - 1, -1, -1):
        v = (v << 8) | data[at + k]
    if size < 0 and v >> (8 * n - 1):
        v -= 1 << (8 * n)
    return v
