"""A Setup's byte form (core/setup.py), as a start request and a suspended game's save keep it
(core/session.py). Loaded only when one is written or read, so a running game does not hold it.

    game     1 byte n, then n bytes: the package name
    kinds    1 byte seats (1..MAX_SEATS), then a byte per seat: HUMAN, EASY, NORMAL or HARD
    names    per seat: 1 byte n, then n bytes (UTF-8)
    options  1 byte n, then a byte per option: the index of its choice
    seed     4 bytes, little-endian
    start    1 byte: the first player's seat, 255 when the game chooses (-1); saves of version 1
             end before it
"""
from core.setup import HARD, MAX_SEATS, Setup


def encode(setup):
    out = bytearray()
    g = setup.game.encode()
    out.append(len(g))
    out.extend(g)
    out.append(len(setup.kinds))
    out.extend(setup.kinds)
    for n in setup.names:
        b = n.encode()
        out.append(len(b))
        out.extend(b)
    out.append(len(setup.options))
    out.extend(setup.options)
    for i in range(4):
        out.append((setup.seed >> (8 * i)) & 255)
    out.append(setup.start & 255)       # -1 as 255
    return bytes(out)


def decode(data, at=0, with_start=True):
    """(Setup, next offset); raises ValueError on a malformed setup."""
    try:
        n = data[at]
        game = bytes(data[at + 1:at + 1 + n]).decode()
        at += 1 + n
        seats = data[at]
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError("seats")
        kinds = bytes(data[at + 1:at + 1 + seats])
        at += 1 + seats
        names = []
        for _ in range(seats):
            n = data[at]
            names.append(bytes(data[at + 1:at + 1 + n]).decode())
            at += 1 + n
        n = data[at]
        options = bytes(data[at + 1:at + 1 + n])
        at += 1 + n
        seed = data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)
        at += 4
        start = -1
        if with_start:
            start = data[at]
            at += 1
    except (IndexError, UnicodeError):
        raise ValueError("truncated setup")
    for k in kinds:
        if k > HARD:
            raise ValueError("seat kind")
    if start == 255:
        start = -1
    elif start >= seats:
        raise ValueError("start seat")
    return Setup(game, kinds, names, options, seed, start), at
