"""What a screen says, read from the drawing calls (CPython tests only).

TextProbe sits between a Gfx and its frame buffer and keeps every text still visible: a text is
recorded where it is drawn (fb.text, and Gfx.text_big for large digits) and forgotten when a
filled rectangle, a filled ellipse or a clear paints over it whole. It also collects layout
faults: a text that leaves the 240 x 240 screen, or one drawn over another text still visible
(like "A: back to the launcher" printed through the pool count).

rows(y0, y1) turns the visible texts into lines of the screen, left to right, with a space for
every 8 px gap, so tests can read the screen as a player does.
"""

W = 240
H = 240


class TextProbe:
    def __init__(self, g):
        self.g = g
        self.real = g.fb
        self.texts = []                 # [x, y, w, h, s]
        self.faults = []
        g.fb = self
        self._big = g.text_big
        g.text_big = self._text_big

    def close(self):
        self.g.fb = self.real
        del self.g.text_big

    def __getattr__(self, name):        # every other drawing call goes straight through
        return getattr(self.real, name)

    # -- recorded calls ------------------------------------------------------------------------
    def text(self, s, x, y, c=1):
        self._add(s, x, y, len(s) * 8, 8)
        self.real.text(s, x, y, c)

    def _text_big(self, s, x, y, c, scale):
        w = self._big(s, x, y, c, scale)
        self._add(s, x, y, len(s) * 8 * scale, 8 * scale)
        return w

    def fill(self, c):
        self.texts = []
        self.real.fill(c)

    def fill_rect(self, x, y, w, h, c):
        self._cover(x, y, w, h)
        self.real.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._cover(x, y, w, h)
        self.real.rect(x, y, w, h, c, f)

    def ellipse(self, x, y, rx, ry, c, f=False, *m):
        if f:
            self.texts = [t for t in self.texts if not _in_ellipse(t, x, y, rx, ry)]
        self.real.ellipse(x, y, rx, ry, c, f, *m)

    def _cover(self, x, y, w, h):
        self.texts = [t for t in self.texts
                      if not (x <= t[0] and t[0] + t[2] <= x + w and y <= t[1] and t[1] + t[3] <= y + h)]

    def _add(self, s, x, y, w, h):
        if x < 0 or y < 0 or x + w > W or y + h > H:
            self.faults.append("%r at x %d..%d y %d..%d leaves the screen" % (s, x, x + w, y, y + h))
        keep = []
        for t in self.texts:
            if t[0] == x and t[1] == y and t[4] == s:
                continue                # the same text drawn again in place
            if t[0] < x + w and x < t[0] + t[2] and t[1] < y + h and y < t[1] + t[3]:
                self.faults.append("%r at %d,%d is drawn over %r at %d,%d" % (s, x, y, t[4], t[0], t[1]))
            keep.append(t)
        keep.append([x, y, w, h, s])
        self.texts = keep

    # -- reading -------------------------------------------------------------------------------
    def rows(self, y0=0, y1=H):
        """The visible texts whose top is in y0..y1-1, as lines (top to bottom)."""
        by_y = {}
        for x, y, w, h, s in self.texts:
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


def _in_ellipse(t, cx, cy, rx, ry):
    for px in (t[0], t[0] + t[2] - 1):
        for py in (t[1], t[1] + t[3] - 1):
            if (px - cx) ** 2 * ry * ry + (py - cy) ** 2 * rx * rx > rx * rx * ry * ry:
                return False
    return True
