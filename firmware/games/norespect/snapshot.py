"""Suspend/resume of a No Respect game: the bytes GameScene.snapshot() returns.

Layout (version 1):
    0   b"NR"                magic
    2   version              1
    3   rules state          rules.STATE_BYTES bytes (State.save)
    +   draw generator       4 bytes (core.rng.Rng.save_into)
    +   bot generator        4 bytes, as it was when the current turn's tile was drawn, so a
                             bot that was thinking thinks again from the same start
    +   record rows          2 bytes count n, then n rows of the record (int32 each field)
    +   checksum             2 x 2 bytes: Fletcher sums of everything before (any bit flip is
                             caught even though the console's file CRC already guards the file)
load() checks everything (also against the Setup the console stored with it) before any of it
is used, and raises ValueError otherwise: a damaged save is refused whole, never half-loaded.
"""
from core import storage
from games.norespect import rules as R
from games.norespect.events import EVENTS

MAGIC = b"NR"
VERSION = 1


def dump(st, rng, bot_rng4, record):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(st.save())
    r = bytearray(4)
    rng.save_into(r, 0)
    out.extend(r)
    out.extend(bot_rng4)
    rows = record.dump()
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(rows)
    return storage.seal(out)


def load(data, st, rng, brng, record, setup):
    """Restore into st, rng, brng and record, or raise ValueError (leaving st reset)."""
    data, end = storage.unseal(data, MAGIC, VERSION, 3 + R.STATE_BYTES + 8 + 2)
    at = 3
    st.load(data[at:at + R.STATE_BYTES])
    at += R.STATE_BYTES
    r4 = data[at:at + 8]
    if not (r4[0] | r4[1] | r4[2] | r4[3]) or not (r4[4] | r4[5] | r4[6] | r4[7]):
        st.reset()
        raise ValueError("generator state")
    n = data[at + 8] | (data[at + 9] << 8)
    at += 10
    w = record.width
    if end - at != n * w * 4 or n > record.capacity or n < 2:
        st.reset()
        raise ValueError("record length")
    ok = record.restore(data[at:end])
    if not ok or record.kind(0) != R.E_SEED or record.field(0, 0) != setup.seed & 0x3FFFFFFF \
            or record.field(0, 1) != st.n or record.field(0, 2) != st.variant:
        record.clear()
        st.reset()
        raise ValueError("record head")
    for i in range(n):
        if not 0 <= record.kind(i) < len(EVENTS) or (i and record.kind(i) == R.E_SEED):
            record.clear()
            st.reset()
            raise ValueError("record row")
    if record.kind(n - 1) == R.E_RESULT:
        record.clear()
        st.reset()
        raise ValueError("game over")
    rng.load_from(r4, 0)
    brng.load_from(r4, 4)
