"""Text made while a game runs, without allocating: lines built in bytearrays (names, logs,
prompts) and drawn one glyph at a time.

GLYPHS holds the one-character strings for codes 32..126 as literals, interned when this module
loads: indexing a str at run time may intern a new one-character string, which allocates. Games
import this module when they start; the console's own screens draw only constant strings.

The built-in 8x8 font draws the apostrophe as an acute accent (a slant from the top right), on
the device and in the simulator alike; glyph() draws it as a straight mark instead (the left half
of the font's double quote, moved to the middle), so a text with an apostrophe is drawn glyph by
glyph from bytes (draw(), or glyph() in a scene's own loop), never as a str (docs/decisions.md).
"""

GLYPHS = (' ', '!', '"', '#', '$', '%', '&', "'", '(', ')', '*', '+', ',', '-', '.', '/', '0',
    '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?', '@', 'A', 'B',
    'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T',
    'U', 'V', 'W', 'X', 'Y', 'Z', '[', '\\', ']', '^', '_', '`', 'a', 'b', 'c', 'd', 'e', 'f',
    'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x',
    'y', 'z', '{', '|', '}', '~')


def glyph(fb, b, x, y, c):
    """Byte b (a code 32..126; others draw nothing) in the 8x8 cell at x, y."""
    if b == 39:
        fb.fill_rect(x + 3, y, 2, 3, c)         # the apostrophe: columns 3-4, rows 0-2
    elif 32 <= b < 127:
        fb.text(GLYPHS[b - 32], x, y, c)


def draw(g, data, x, y, c, most=30, mark=True):
    """Draw the bytes of `data` (codes 32..126, up to the first 0, at most `most`) at x, y.
    Marks the area dirty unless `mark` is False (a caller that marks a larger area itself).
    Returns the width in pixels."""
    fb = g.fb
    cx = x
    n = len(data)
    if n > most:
        n = most
    for i in range(n):
        b = data[i]
        if not b:
            break
        if b == 39:
            glyph(fb, b, cx, y, c)
        elif 32 <= b < 127:                     # (glyph()'s own test, inline: a call a glyph
            fb.text(GLYPHS[b - 32], cx, y, c)   # would cost a log line 29 calls)
        cx += 8
    if mark and cx > x:
        g.dirty(x, y, cx - x, 8)
    return cx - x


def put(buf, at, src):
    """Copy the bytes of `src` (up to a 0) into buf from `at`, clipped; returns the new end."""
    n = len(buf)
    for i in range(len(src)):
        b = src[i]
        if not b:
            break
        if at < n:
            buf[at] = b
            at += 1
    return at


def put_int(buf, at, v):
    """The decimal digits of 0 <= v < 100000 into buf from `at`, clipped; returns the new end."""
    d = 10000
    while d > 1 and d > v:
        d //= 10
    while d:
        if at < len(buf):
            buf[at] = 48 + (v // d) % 10
            at += 1
        d //= 10
    return at


def end(buf, at):
    """Clear buf from `at` (a line ends at its first 0)."""
    for i in range(at, len(buf)):
        buf[i] = 0


def from_str(s, n):
    """`s` as a bytearray of n printable bytes, 0-padded (allocates: call when a game starts)."""
    out = bytearray(n)
    src = s.encode()
    for i in range(min(len(src), n)):
        b = src[i]
        out[i] = b if 32 <= b < 127 else 63
    return out


def log_lines(rec, lines, describe):
    """The texts of a record's last log-worthy rows into `lines` (bytearrays, the newest last):
    describe(i, buf) writes row i's text and returns True, or returns False for a row not worth
    a line. Pass a bound method made once (making one allocates), not one per call."""
    for buf in lines:
        end(buf, 0)
    k = len(lines) - 1
    i = rec.n - 1
    while i >= 0 and k >= 0:
        if describe(i, lines[k]):
            k -= 1
        i -= 1
