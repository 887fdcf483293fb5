"""Suspend/resume of a Tip Top game: the bytes GameScene.snapshot() returns.

Layout (version 1):
    0   b"TT"                magic
    2   version              1
    3   rules state          rules.STATE_BYTES bytes (State.save)
    +   generator            4 bytes (core.rng.Rng.save_into): the next shuffle continues
    +   record rows          2 bytes count n, then n rows of the record (16-bit fields)
    +   checksum             2 x 2 bytes (core.storage.seal): Fletcher sums of everything before
                             (any bit flip is caught; the console's file CRC guards the file too)
The bots keep nothing between turns (they choose from the position alone), and whose hand is
shown is not saved: a resumed pass-around game shows the hand-off screen again. load() checks
everything (also against the Setup the console stored with it) before any of it is used, and
raises ValueError otherwise: a damaged save is refused whole, never half-loaded.
"""
from core import storage
from games.tiptop import rules as R
from games.tiptop.events import EVENTS

MAGIC = b"TT"
VERSION = 1


def dump(st, rng, record):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.extend(st.save())
    r = bytearray(4)
    rng.save_into(r, 0)
    out.extend(r)
    n = record.n
    out.append(n & 255)
    out.append(n >> 8)
    out.extend(record.dump())
    return storage.seal(out)


def load(data, st, rng, record, setup):
    """Restore into st, rng and record, or raise ValueError (leaving st reset)."""
    data, end = storage.unseal(data, MAGIC, VERSION, 3 + R.STATE_BYTES + 4 + 2)
    at = 3
    st.load(data[at:at + R.STATE_BYTES])
    at += R.STATE_BYTES
    r4 = data[at:at + 4]
    if not (r4[0] | r4[1] | r4[2] | r4[3]):
        st.reset()
        raise ValueError("generator state")
    n = data[at + 4] | (data[at + 5] << 8)
    at += 6
    try:
        if end - at != n * record.width * 2 or n > record.capacity or n < 3:
            raise ValueError("record length")
        if not record.restore(data[at:end]):
            raise ValueError("record rows")
        seed = setup.seed & 0x3FFFFFFF
        if record.kind(0) != R.E_SEED or record.field(0, 0) != seed >> 15 \
                or record.field(0, 1) != seed & 0x7FFF or record.field(0, 2) != st.n:
            raise ValueError("record head")
        for i in range(n):
            if not 0 <= record.kind(i) < len(EVENTS) or (i and record.kind(i) == R.E_SEED):
                raise ValueError("record row")
        if record.kind(n - 1) == R.E_RESULT:
            raise ValueError("game over")
    except ValueError:
        record.clear()
        st.reset()
        raise
    rng.load_from(r4, 0)
