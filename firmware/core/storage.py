"""Saved files that survive a power cut and never crash the console.

Layout of every file (integers little-endian):
    magic    4 bytes   what the file is (b"PTst" settings, b"PTsv" suspended game, ...)
    version  2 bytes   payload format version
    length   4 bytes   payload length
    payload  length bytes
    crc32    4 bytes   CRC-32 of everything before it
A save writes NAME.tmp, flushes it, then renames it over NAME; a power cut leaves the old file or
the new one. A load that finds NAME damaged but a complete NAME.tmp (a cut between the write and
the rename on a filesystem that cannot rename over a file) takes the .tmp.

load() returns (status, version, payload) with status one of the codes below; `message()`
turns a failed status into the one-line notice the console shows once. Modules import this one
when they save or load, so it is not in memory while nothing does.
"""
from micropython import const

try:
    from binascii import crc32
except ImportError:     # pragma: no cover - every supported port has it
    crc32 = None

OK = const(0)
MISSING = const(1)
CORRUPT = const(2)      # bad CRC, truncated, or length mismatch
FOREIGN = const(3)      # not one of ours / another kind of file
NEWER = const(4)        # written by a newer firmware
_HEADER = const(10)


def _u(b, at, n):
    v = 0
    for i in range(n - 1, -1, -1):
        v = (v << 8) | b[at + i]
    return v


def _put(b, at, v, n):
    for i in range(n):
        b[at + i] = v & 255
        v >>= 8


def pack(magic, version, payload):
    """The whole file image for `payload`."""
    n = len(payload)
    out = bytearray(_HEADER + n + 4)
    out[0:4] = magic
    _put(out, 4, version, 2)
    _put(out, 6, n, 4)
    out[_HEADER:_HEADER + n] = payload
    _put(out, _HEADER + n, crc32(memoryview(out)[:_HEADER + n]) & 0xFFFFFFFF, 4)
    return out


def unpack(data, magic, max_version):
    """(status, version, payload) for a file image."""
    if data is None:
        return MISSING, 0, None
    if len(data) < 4:
        return CORRUPT, 0, None
    if bytes(data[0:4]) != magic:
        return FOREIGN, 0, None
    if len(data) < _HEADER + 4:
        return CORRUPT, 0, None
    version = _u(data, 4, 2)
    n = _u(data, 6, 4)
    if len(data) != _HEADER + n + 4:
        return CORRUPT, 0, None
    if crc32(memoryview(data)[:_HEADER + n]) & 0xFFFFFFFF != _u(data, _HEADER + n, 4):
        return CORRUPT, 0, None
    if version > max_version:
        return NEWER, version, None
    return OK, version, bytes(data[_HEADER:_HEADER + n])


def fletcher(data, n):
    """Fletcher-style sums (a, b) of the first n bytes, each < 65521: a cheap self-check games
    put inside their snapshots (the file around them has its CRC already)."""
    a = 1
    b = 0
    for i in range(n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return a, b


def seal(out):
    """Append the fletcher() sums of bytearray `out` (4 bytes, little-endian)."""
    a, b = fletcher(out, len(out))
    out.extend(bytes((a & 255, a >> 8, b & 255, b >> 8)))


def sealed(data):
    """The length of what seal() sealed in `data` (its sums cut off); ValueError when they do not
    match."""
    end = len(data) - 4
    if end < 0:
        raise ValueError("snapshot length")
    a, b = fletcher(data, end)
    if data[end] | (data[end + 1] << 8) != a or data[end + 2] | (data[end + 3] << 8) != b:
        raise ValueError("snapshot checksum")
    return end


def save(files, name, magic, version, payload):
    """Write atomically. Returns True, or False if the medium failed (reported, not raised)."""
    tmp = name + ".tmp"
    try:
        files.write(tmp, pack(magic, version, payload))
        files.rename(tmp, name)
        return True
    except OSError:
        return False


def load(files, name, magic, max_version):
    """(status, version, payload) of file `name`; payload is None unless status is OK."""
    st, ver, payload = unpack(files.read(name), magic, max_version)
    if st == MISSING or st == CORRUPT:
        st2, ver2, p2 = unpack(files.read(name + ".tmp"), magic, max_version)
        if st2 == OK:
            st, ver, payload = st2, ver2, p2
            try:
                files.rename(name + ".tmp", name)
            except OSError:
                pass
    return st, ver, payload


def discard(files, name):
    files.remove(name)
    files.remove(name + ".tmp")


_MESSAGES = {
    CORRUPT: "damaged",
    FOREIGN: "not ours",
    NEWER: "too new",
}


def message(status):
    """What is wrong with a file that failed to load, for a notice ("Settings damaged: defaults");
    None for MISSING and OK, which need no notice."""
    return _MESSAGES.get(status)
