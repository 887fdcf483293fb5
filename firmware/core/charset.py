"""Drawing player names kept in bytearrays, without making strings.

A name uses the letters of settings.ALPHABET. GLYPHS holds them as one-character string
literals, interned when this module loads: indexing a str at run time may intern a new
one-character string, which allocates. Only the settings screens load this module.
"""
from core.settings import ALPHABET

GLYPHS = (
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
    "S", "T", "U", "V", "W", "X", "Y", "Z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    " ", "-",
)


def glyph(b):
    """The one-character string for byte b of a name ("?" when not in the alphabet)."""
    i = _index(b)
    return GLYPHS[i] if i >= 0 else "?"


def _index(b):
    for i in range(len(ALPHABET)):
        if ALPHABET[i] == b:
            return i
    return -1


def chars(g, data, x, y, c):
    """Draw the bytes of `data` (ends at the first 0). Returns the width in pixels."""
    cx = x
    for i in range(len(data)):
        b = data[i]
        if not b:
            break
        g.fb.text(glyph(b), cx, y, c)
        cx += 8
    g.dirty(x, y, cx - x, 8)
    return cx - x


def chars_len(data):
    """Length of a zero-terminated name in a bytearray."""
    n = 0
    while n < len(data) and data[n]:
        n += 1
    return n
