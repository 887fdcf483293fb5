"""What a screen says, read from the drawing calls (CPython tests only).

TextProbe sits between a Gfx and its frame buffer and keeps every text still visible: a text is
recorded where it is drawn and forgotten when a filled rectangle, a filled ellipse or a clear
paints over it whole. A text is what one call draws: FrameBuffer.text, Gfx.text_big (large
digits), Gfx.number, core.text.draw (a number or a line of bytes drawn glyph by glyph is one
text), or a run of one-glyph calls drawn one after the other along a row in one colour (a line a
scene draws glyph by glyph itself, through core.text.glyph or FrameBuffer.text).

It collects layout faults (`faults`), each a line naming the texts:
- "leaves the screen": a text not inside the 240 x 240 screen;
- "is drawn over": a text drawn over another text still visible (like "A: back to the
  launcher" printed through the pool count);
- "runs into": two texts of the 8x8 font on the same row, on one background (one box, or boxes
  of one colour that touch), with a letter or digit on each side of the gap between them and
  less than one blank character cell (8 px) in it: they read as one (NMBR 9's "wins" and the
  cards left: "wins 0"; "27" + "B: turn" drawn where the number ends: "27B: turn"). Pieces that
  make one phrase are fine when a space or a punctuation mark stands at the seam ("ANA" +
  " to play", "ANA" + ":"), or when they are declared in PHRASES;
- "leaves its box": a text not inside the box it is drawn in: the newest filled rectangle still
  visible that holds its first character cell (a seat's row, a card, a header bar: the scenes
  paint a part's box before they draw in it), or the screen;
- "apostrophe": an apostrophe drawn with the built-in 8x8 font, whose glyph for ' is an acute
  accent (core.text.glyph draws its own; docs/decisions.md).

rows(y0, y1) turns the visible texts into lines of the screen, left to right, with a space for
every 8 px gap, so tests can read the screen as a player does.

watch(fb, dy) returns a stand-in for another FrameBuffer over the screen's pixels whose row 0 is
the screen's row dy (the tower draws its play area through such views), so what is drawn through
it is seen too.
"""
import re

from core import text as TX
from host_sim.shims.font_petme128_8x8 import FONT

W = 240
H = 240
CELL = 8
_SCREEN = [0, 0, W, H, -1]              # the box of a text on no fill (before the first clear)
_APOSTROPHE = b"\x00\x00\x00\x07\x07\x00\x00\x00"   # core.text.glyph's, as FONT's columns

# texts side by side that are one phrase by design: (left, right) as regular expressions of
# the whole texts, and why
PHRASES = (
    (r"[0-9]", r"x[23]", "No Respect: a pile's value and its count, 7x2 (stacked) or 7x3 (capped)"),
)


class TextProbe:
    def __init__(self, g):
        self.g = g
        self.real = g.fb
        self.texts = []                 # [x, y, w, h, s, colour(, columns covered)]: the visible texts
        self.fills = {}                 # (x, y, w, h) -> [x, y, w, h, colour]: the visible
                                        # filled rectangles, the newest last
        self.drawn = 0                  # texts drawn
        self._faults = []
        self._depth = 0                 # > 0: inside a call recorded as one text
        self._run = None                # a run of glyphs being drawn (not checked yet)
        g.fb = self
        self._big = g.text_big
        self._number = g.number
        g.text_big = self._text_big
        g.number = self._gfx_number
        self._tx_draw = TX.draw
        self._tx_glyph = TX.glyph
        TX.draw = self._draw_bytes
        TX.glyph = self._glyph

    def close(self):
        self._flush()
        self.g.fb = self.real
        del self.g.text_big
        del self.g.number
        TX.draw = self._tx_draw
        TX.glyph = self._tx_glyph

    @property
    def faults(self):
        self._flush()
        return self._faults

    def __getattr__(self, name):        # every other drawing call goes straight through
        self._flush()
        return getattr(self.real, name)

    def watch(self, fb, dy):
        return _View(self, fb, dy)

    # -- recorded calls ------------------------------------------------------------------------
    def text(self, s, x, y, c=1, dy=0, real=None):
        if "'" in s:
            self._fault("%r at %d,%d: an apostrophe in the built-in font (an accent)" % (s, x, y + dy))
        (real or self.real).text(s, x, y, c)
        if not self._depth:
            self._record(s, x, y + dy, c)

    def _glyph(self, fb, b, x, y, c):
        """core.text.glyph: its apostrophe (drawn as a mark) is recorded as a glyph too."""
        if b != 39 or not isinstance(fb, (TextProbe, _View)):
            return self._tx_glyph(fb, b, x, y, c)
        self._inside(self._tx_glyph, fb, b, x, y, c)
        if not self._depth:
            self._record("'", x, y + (fb.dy if isinstance(fb, _View) else 0), c)

    def _text_big(self, s, x, y, c, scale):
        w = self._inside(self._big, s, x, y, c, scale)
        self._add([x, y, len(s) * CELL * scale, CELL * scale, s, c])
        return w

    def _gfx_number(self, n, x, y, c, bg=-1, width=0):
        w = self._inside(self._number, n, x, y, c, bg, width)
        if bg >= 0:
            self._fill(x, y, w, CELL, bg)
        self._add([x, y, w, CELL, str(n).rjust(w // CELL), c])
        return w

    def _draw_bytes(self, g, data, x, y, c, most=30, mark=True):
        if g.fb is not self:
            return self._tx_draw(g, data, x, y, c, most, mark)
        w = self._inside(self._tx_draw, g, data, x, y, c, most, mark)
        self._add([x, y, w, CELL, "".join(chr(b) for b in data[:w // CELL]), c])
        return w

    def _inside(self, call, *args):
        self._flush()
        self._depth += 1
        try:
            return call(*args)
        finally:
            self._depth -= 1

    def fill(self, c, real=None):
        (real or self.real).fill(c)
        self._flush()
        self.texts = []
        self.fills = {(0, 0, W, H): [0, 0, W, H, c]}

    def fill_rect(self, x, y, w, h, c, dy=0, real=None):
        (real or self.real).fill_rect(x, y, w, h, c)
        if not self._depth:
            self._fill(x, y + dy, w, h, c)

    def rect(self, x, y, w, h, c, f=False, dy=0, real=None):
        (real or self.real).rect(x, y, w, h, c, f)
        self._flush()
        if f and not self._depth:
            self._fill(x, y + dy, w, h, c)

    def ellipse(self, x, y, rx, ry, c, f=False, *m):
        self.real.ellipse(x, y, rx, ry, c, f, *m)
        self._flush()
        if f:
            self.texts = [t for t in self.texts if not _in_ellipse(t, x, y, rx, ry)]

    def _fill(self, x, y, w, h, c):
        """A filled rectangle: a box from now on; the texts it covers are gone (a text is gone
        once fills over its whole height have covered all its columns)."""
        self._flush()
        self.texts = [t for t in self.texts if not _covers(x, y, w, h, t)]
        if w > 0 and h > 0:
            key = (x, y, w, h)
            self.fills.pop(key, None)   # (an older fill under a newer one never is a box: the
            if w * h >= 2400:           # newest holding a text is; the large ones tidy up)
                self.fills = {k: f for k, f in self.fills.items() if not _holds(key, f)}
            self.fills[key] = [x, y, w, h, c]

    # -- texts ---------------------------------------------------------------------------------
    def _record(self, s, x, y, c):
        """Text s drawn at x, y: a glyph more of the run being drawn, or a new text."""
        run = self._run
        if len(s) == 1 and run is not None and run[1] == y and run[5] == c:
            if run[0] + run[2] == x:
                run[2] += CELL
                run[4] += s
                return
            if x + CELL == run[0]:      # digits drawn from the right (Gfx.number)
                run[0] = x
                run[2] += CELL
                run[4] = s + run[4]
                return
        self._flush()
        t = [x, y, len(s) * CELL, CELL, s, c]
        if len(s) == 1:
            self._run = t
        else:
            self._add(t)

    def _flush(self):
        run = self._run
        if run is not None:
            self._run = None
            self._add(run)

    def _add(self, t):
        x, y, s = t[0], t[1], t[4]
        self.texts = [o for o in self.texts if not (o[0] == x and o[1] == y and o[4] == s)]
        if s.strip():                   # blanks draw nothing
            self.drawn += 1
            self._check(t)
            self.texts.append(t)        # (the same text drawn again in place replaces it)

    # -- faults --------------------------------------------------------------------------------
    def _fault(self, line):
        if line not in self._faults:
            self._faults.append(line)

    def _check(self, t):
        x, y, w, h, s = t[:5]
        if x < 0 or y < 0 or x + w > W or y + h > H:
            self._fault("%r at x %d..%d y %d..%d leaves the screen" % (s, x, x + w, y, y + h))
        box = self._box(t)
        if box[2:4] != [W, H] and not _holds(box, _ink(t)):
            self._fault("%r at %d,%d leaves its box x %d..%d y %d..%d" %
                        (s, x, y, box[0], box[0] + box[2], box[1], box[1] + box[3]))
        for o in self.texts:
            if not (o[1] < y + h and y < o[1] + o[3]):
                continue                # not on the same rows
            if _visible_within(o, x, x + w):
                self._fault("%r at %d,%d is drawn over %r at %d,%d" % (s, x, y, o[4], o[0], o[1]))
            elif o[0] < x + w and x < o[0] + o[2]:
                continue                # beside the part of o painted over
            elif o[3] == h == CELL and _one_background(self._box(o), box):
                a, b = (o, t) if o[0] < x else (t, o)
                gap = _cells(b)[0] - (_cells(a)[0] + _cells(a)[2])
                seam = a[4].rstrip()[-1] + b[4].lstrip()[0]
                if gap < CELL and seam.isalnum() and not _phrase(a[4], b[4]):
                    self._fault("%r at %d,%d runs into %r at %d,%d (%d px apart)" %
                                (a[4], a[0], a[1], b[4], b[0], b[1], gap))

    def _box(self, t):
        """The newest visible fill that holds the ink of the text's first character: x, y, w,
        h, colour."""
        s = t[4]
        lead = len(s) - len(s.lstrip())
        first = _ink([t[0] + lead * t[3], t[1], t[3], t[3], s[lead:lead + 1]])
        for f in reversed(self.fills.values()):
            if _holds(f, first):
                return f
        return _SCREEN

    # -- reading -------------------------------------------------------------------------------
    def rows(self, y0=0, y1=H):
        """The visible texts whose top is in y0..y1-1, as lines (top to bottom)."""
        self._flush()
        by_y = {}
        for x, y, w, h, s in (t[:5] for t in self.texts):
            if y0 <= y < y1:
                by_y.setdefault(y, []).append((x, w, s))
        out = []
        for y in sorted(by_y):
            line = ""
            end = None
            for x, w, s in sorted(by_y[y]):
                if end is not None and x > end:
                    line += " " * ((x - end + 7) // 8)
                line += s
                end = x + w
            out.append(line)
        return out

    def count(self, phrase):
        return sum(r.count(phrase) for r in self.rows())


class _View:
    """Another FrameBuffer over the screen's pixels, its row 0 at the screen's row dy."""
    def __init__(self, probe, fb, dy):
        self.probe = probe
        self.fb = fb
        self.dy = dy

    def __getattr__(self, name):
        self.probe._flush()
        return getattr(self.fb, name)

    def text(self, s, x, y, c=1):
        self.probe.text(s, x, y, c, self.dy, self.fb)

    def fill_rect(self, x, y, w, h, c):
        self.probe.fill_rect(x, y, w, h, c, self.dy, self.fb)

    def rect(self, x, y, w, h, c, f=False):
        self.probe.rect(x, y, w, h, c, f, self.dy, self.fb)


def _phrase(left, right):
    return any(re.fullmatch(a, left) and re.fullmatch(b, right) for a, b, _ in PHRASES)


def _one_background(a, b):
    """Two boxes that show as one area: the same, or of one colour and touching."""
    return a is b or (a[4] == b[4] and a[0] <= b[0] + b[2] and b[0] <= a[0] + a[2] and
                      a[1] <= b[1] + b[3] and b[1] <= a[1] + a[3])


def _covers(x, y, w, h, t):
    """Mark the text's columns that the fill x, y, w, h covers over its whole height; True when
    every column is covered."""
    if not (y <= t[1] and t[1] + t[3] <= y + h) or x >= t[0] + t[2] or t[0] >= x + w:
        return False
    if len(t) == 6:
        t.append(bytearray(t[2]))
    done = t[6]
    for i in range(max(x, t[0]) - t[0], min(x + w, t[0] + t[2]) - t[0]):
        done[i] = 1
    return all(done)


def _visible_within(t, x0, x1):
    """Whether a column x0..x1 - 1 of the text is not painted over."""
    a = max(x0, t[0])
    b = min(x1, t[0] + t[2])
    return a < b and (len(t) == 6 or not all(t[6][a - t[0]:b - t[0]]))


def _holds(box, t):
    return box[0] <= t[0] and t[0] + t[2] <= box[0] + box[2] and \
        box[1] <= t[1] and t[1] + t[3] <= box[1] + box[3]


def _cells(t):
    """The text's character cells without its leading and trailing blanks: x, y, w, h."""
    x, y, w, h, s = t[:5]
    lead = len(s) - len(s.lstrip())
    trail = len(s) - len(s.rstrip())
    return (x + lead * h, y, w - (lead + trail) * h, h)


def _ink(t):
    """The box of the pixels the text sets (the font's glyphs), x, y, w, h; a blank text: its
    place, no size."""
    x, y, w, h, s = t[:5]
    scale = h // CELL
    x0 = y0 = 99
    x1 = y1 = -1
    for i, ch in enumerate(s):
        k = ord(ch) - 32
        cols = _APOSTROPHE if ch == "'" else FONT[k * 8:k * 8 + 8] if 0 <= k < 96 else bytes(8)
        for j in range(8):
            if cols[j]:
                x0 = min(x0, i * 8 + j)
                x1 = max(x1, i * 8 + j)
                y0 = min(y0, (cols[j] & -cols[j]).bit_length() - 1)
                y1 = max(y1, cols[j].bit_length() - 1)
    if x1 < 0:
        return (x, y, 0, 0)
    return (x + x0 * scale, y + y0 * scale, (x1 - x0 + 1) * scale, (y1 - y0 + 1) * scale)


def _in_ellipse(t, cx, cy, rx, ry):
    for px in (t[0], t[0] + t[2] - 1):
        for py in (t[1], t[1] + t[3] - 1):
            if (px - cx) ** 2 * ry * ry + (py - cy) ** 2 * rx * rx > rx * rx * ry * ry:
                return False
    return True
