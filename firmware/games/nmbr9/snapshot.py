"""Suspend/resume of an NMBR 9 game: the bytes GameScene.snapshot() returns.

Layout (version 3; versions 1 and 2 held 32-bit and 16-bit fields and are refused):
    0   b"N9"                magic
    2   version              1
    3   bot generator        4 bytes, as it was when the current turn began, so a bot that
                             was thinking thinks again from the same start (between two turns:
                             as it is)
    7   record rows          2 bytes count n, then n rows of the record (int8 each field)
    +   checksum             2 x 2 bytes: Fletcher sums of everything before
The rules state is not stored: load() plays the record again from the seed (the deck is the
seed's shuffle, G-3) through the rules, so every placement is checked again (M-3) and every
row must agree with what the rules make. Anything else raises ValueError: a damaged save is
refused whole, never half-loaded.
"""
from core import storage
from core.rng import Rng
from games.nmbr9 import rules as R

MAGIC = b"N9"
VERSION = 3
_HEAD = 9


def dump(record, bot_mark):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(bot_mark)
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(record.dump())
    a, b = storage.fletcher(out, len(out))
    out.append(a & 255)
    out.append(a >> 8)
    out.append(b & 255)
    out.append(b >> 8)
    return bytes(out)


def load(data, st, brng, record, setup):
    """Restore into st, brng and record, or raise ValueError (st and record left empty)."""
    try:
        data = bytes(data)
    except TypeError:
        raise ValueError("snapshot type")
    if len(data) < _HEAD + 4 or data[0:2] != MAGIC or data[2] != VERSION:
        raise ValueError("snapshot header")
    end = len(data) - 4
    a, b = storage.fletcher(data, end)
    if data[end] | (data[end + 1] << 8) != a or data[end + 2] | (data[end + 3] << 8) != b:
        raise ValueError("snapshot checksum")
    mark = data[3:7]
    if not (mark[0] | mark[1] | mark[2] | mark[3]):
        raise ValueError("generator state")
    n = data[7] | (data[8] << 8)
    if end - _HEAD != n * record.width * record.size or n > record.capacity or n < 2 \
            or not record.restore(data[_HEAD:end]):
        raise ValueError("record length")
    try:
        _replay(st, record, setup)
    except ValueError:
        record.clear()
        st.record = None
        st.reset()
        st.record = record
        raise
    brng.load_from(mark, 0)


def _replay(st, record, setup):
    """Play the record's rows again on a fresh state; ValueError at the first that disagrees."""
    n = record.n
    f = record.field
    seed = setup.seed & 0x3FFFFFFF
    if record.kind(0) != R.E_SEED or f(0, 0) != seed >> 28 or f(0, 1) != (seed >> 21) & 127 \
            or f(0, 2) != (seed >> 14) & 127 or f(0, 3) != (seed >> 7) & 127 \
            or f(0, 4) != seed & 127:
        raise ValueError("record head")
    if record.kind(1) != R.E_START or not 0 <= f(1, 0) < st.n or f(1, 2) != st.n:
        raise ValueError("record start")
    keep = st.record
    st.record = None                        # the rows are there already
    st.reset()
    st.deal(Rng(setup.seed), f(1, 0))
    i = 2
    while i < n:
        k = record.kind(i)
        if k == R.E_FLIP:
            if st.phase != R.P_FLIP:
                raise ValueError("record flip")
            st.flip()
            if f(i, 0) != st.card or f(i, 1) != st.flipped:
                raise ValueError("record card")
        elif k == R.E_PLACE:
            if st.phase != R.P_PLACE or f(i, 0) != st.turn or f(i, 1) != st.card or i + 1 >= n \
                    or not 0 <= f(i, 2) < 4 or not 0 <= f(i, 3) < R.SIZE or not 0 <= f(i, 4) < R.SIZE:
                raise ValueError("record place")
            d = st.disp[st.turn]
            seat = st.turn
            if not st.place(R.move(f(i, 2), f(i, 3), f(i, 4))):
                raise ValueError("record move")
            i += 1
            if record.kind(i) != R.E_LEVEL or f(i, 0) != seat or f(i, 1) != d.lev[d.n - 1] \
                    or f(i, 3) * 128 + f(i, 4) != d.score:
                raise ValueError("record level")
        elif k == R.E_SKIP:
            if f(i, 0) != st.turn or not st.skip():
                raise ValueError("record skip")
        else:
            raise ValueError("record row")     # a second seed or start, or the result: over
        i += 1
    st.record = keep
