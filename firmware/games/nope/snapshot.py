"""Suspend/resume of a NOPE! game: the bytes GameScene.snapshot() returns.

Layout (version 2):
    0   b"NP"                magic
    2   version              1
    3   rules state          rules.STATE_BYTES bytes (State.save)
    +   draw generator       4 bytes (core.rng.Rng.save_into)
    +   bot generator        4 bytes, as it was when the bot to move began its choice, so a
                             bot that was thinking thinks again from the same start
    +   record rows          2 bytes count n, then n rows of the record (int16 each field)
    +   checksum             2 x 2 bytes: Fletcher sums of everything before
load() checks everything (also against the Setup the console stored with it) before any of it
is used, and raises ValueError otherwise: a damaged save is refused whole, never half-loaded.
"""
from core import storage
from games.nope import rules as R
from games.nope.events import EVENTS

MAGIC = b"NP"
VERSION = 2


def dump(st, rng, bot_rng4, record):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(st.save())
    r = bytearray(4)
    rng.save_into(r, 0)
    out.extend(r)
    out.extend(bot_rng4)
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(record.dump())
    return storage.seal(out)


def _refuse(st, record, why):
    record.clear()
    st.reset()
    raise ValueError(why)


def load(data, st, rng, brng, record, setup):
    """Restore into st, rng, brng and record, or raise ValueError (leaving st reset)."""
    data, end = storage.unseal(data, MAGIC, VERSION, 3 + R.STATE_BYTES + 8 + 2)
    at = 3
    st.load(data[at:at + R.STATE_BYTES])
    at += R.STATE_BYTES
    r8 = data[at:at + 8]
    if not (r8[0] | r8[1] | r8[2] | r8[3]) or not (r8[4] | r8[5] | r8[6] | r8[7]):
        _refuse(st, record, "generator state")
    n = data[at + 8] | (data[at + 9] << 8)
    at += 10
    if end - at != n * record.width * 2 or n > record.capacity or n < 3:
        _refuse(st, record, "record length")
    seed = setup.seed & 0x3FFFFFFF
    if not record.restore(data[at:end]) or record.kind(0) != R.E_SEED \
            or record.field(0, 0) != seed >> 15 or record.field(0, 1) != seed & 0x7FFF \
            or record.field(0, 2) != st.n or record.kind(1) != R.E_OPTIONS \
            or record.field(1, 0) != st.opt_deal or record.field(1, 1) != st.actions \
            or record.field(1, 2) != st.alone:
        _refuse(st, record, "record head")
    for i in range(2, n):
        k = record.kind(i)
        if not 0 <= k < len(EVENTS) or k == R.E_SEED or k == R.E_OPTIONS or k == R.E_RESULT:
            _refuse(st, record, "record row")
    rng.load_from(r8, 0)
    brng.load_from(r8, 4)
