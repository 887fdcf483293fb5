"""Solitaire's high scores and statistics: the five best games of a human playing alone, the
games played, the points in all (for the average). Kept in `nmbr9.bin` through core/storage.py
(magic b"N9hs", version 1; written to a .tmp file and renamed: a power cut leaves the old table
or the new one).

Payload (little-endian; docs/nmbr9.md):
    0   games played        2 bytes (stops at 65,535)
    2   points in all       4 bytes (stops at 9,999,999)
    6   entries             1 byte, 0..TOP
    7   TOP entries of 14 bytes, best first (ties: the earlier game first):
            score 2 bytes, seed 4 bytes (the deal: --seed replays it), name 8 bytes (0-padded)
        entries past the count are zeros

load() and save() run at allocation points (the game's start; leaving its result screen);
add() runs inside the game-over frame and draw() in any frame: neither allocates. The table's
screen is drawn here, so its code is loaded only in solitaire.
"""
from array import array

from micropython import const

from core import palette as P
from core import text as TX
from core.gfx import DIGITS

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/settings.py
_SET_NAME_LEN = const(8)
# -- end of the copies --

FILE = "nmbr9.bin"
MAGIC = b"N9hs"
VERSION = const(1)
TOP = const(5)
NAME_LEN = const(_SET_NAME_LEN)
_ENTRY = const(14)
SIZE = const(7 + TOP * _ENTRY)
_MAX_PLAYED = const(65535)
_MAX_POINTS = const(9999999)


class Scores:
    def __init__(self):
        self.score = array("H", bytes(2 * TOP))
        self.seed = array("i", bytes(4 * TOP))
        self.names = [bytearray(NAME_LEN) for _ in range(TOP)]
        self.clear()

    def clear(self):
        """An empty table."""
        self.played = 0
        self.points = 0
        self.count = 0
        for i in range(TOP):
            self.score[i] = 0
            self.seed[i] = 0
            self.names[i][:] = bytes(NAME_LEN)
        self.rank = -1          # this game's place in the table (-1: not entered or not in it)
        self.pending = False    # entered, not yet written

    def average10(self):
        """Ten times the average score (0 before the first game)."""
        return self.points * 10 // self.played if self.played else 0

    def best(self):
        return self.score[0] if self.count else 0

    def add(self, score, name, seed):
        """Enter a finished game (allocates nothing): the statistics, and the table if it ranks."""
        if self.played < _MAX_PLAYED:
            self.played += 1
        self.points = min(self.points + score, _MAX_POINTS)
        self.pending = True
        i = 0
        while i < self.count and self.score[i] >= score:
            i += 1
        self.rank = i if i < TOP else -1
        if i >= TOP:
            return
        if self.count < TOP:
            self.count += 1
        for j in range(self.count - 1, i, -1):      # the lower entries move down one
            self.score[j] = self.score[j - 1]
            self.seed[j] = self.seed[j - 1]
            dst = self.names[j]
            src = self.names[j - 1]
            for k in range(NAME_LEN):
                dst[k] = src[k]
        self.score[i] = score
        self.seed[i] = seed
        dst = self.names[i]
        for k in range(NAME_LEN):
            dst[k] = name[k] if k < len(name) else 0

    # -- the file (allocation points only) -----------------------------------------------------
    def payload(self):
        p = bytearray(self.played.to_bytes(2, "little"))
        p.extend(self.points.to_bytes(4, "little"))
        p.append(self.count)
        for i in range(TOP):
            if i < self.count:
                p.extend(self.score[i].to_bytes(2, "little"))
                p.extend(self.seed[i].to_bytes(4, "little"))
                p.extend(self.names[i])
            else:
                p.extend(bytes(_ENTRY))
        return p

    def apply(self, p):
        """Take a payload; False (and nothing changed) if it is not a consistent table."""
        if p is None or len(p) != SIZE:
            return False
        played = _le(p, 0, 2)
        points = _le(p, 2, 4)
        count = p[6]
        if count > TOP or count > played or points > _MAX_POINTS:
            return False
        last = 65535
        total = 0
        for i in range(TOP):
            at = 7 + i * _ENTRY
            s = _le(p, at, 2)
            if i >= count:
                if any(p[at:at + _ENTRY]):
                    return False
                continue
            if s > last or _le(p, at + 2, 4) > 0x3FFFFFFF:
                return False
            last = s
            total += s
            name = p[at + 6:at + 6 + NAME_LEN]
            if not all(b == 0 or 32 <= b < 127 for b in name):
                return False
        if total > points:
            return False
        self.played = played
        self.points = points
        self.count = count
        for i in range(TOP):
            at = 7 + i * _ENTRY
            self.score[i] = _le(p, at, 2)
            self.seed[i] = _le(p, at + 2, 4)
            self.names[i][:] = p[at + 6:at + 6 + NAME_LEN]
        self.rank = -1
        self.pending = False
        return True

    def load(self, files):
        """Read the table; returns the notice to show once, or None. A damaged, foreign, newer or
        inconsistent file is replaced by an empty table on flash at once (reported once)."""
        from core import storage
        st, _, p = storage.load(files, FILE, MAGIC, VERSION)
        if st == storage.MISSING:
            return None
        if st == storage.OK and self.apply(p):
            return None
        self.clear()
        self.save(files)
        return "High scores %s: replaced" % (storage.message(st) or "invalid")

    def save(self, files):
        """Write the table; False if the medium failed."""
        from core import storage
        ok = storage.save(files, FILE, MAGIC, VERSION, self.payload())
        if ok:
            self.pending = False
        return ok



    def draw(self, g, x0, y0, this_game):
        """The table and the statistics over the 200 x 200 square at x0, y0 (the display's);
        `this_game` >= 0: the finished game's score below them (the result screen)."""
        fb = g.fb
        fb.fill_rect(x0, y0, 200, 200, P.NAVY)
        fb.text("Solitaire high scores", x0 + 8, y0 + 8, P.YELLOW)
        for i in range(TOP):
            y = y0 + 30 + 16 * i
            col = P.YELLOW if i == self.rank else P.WHITE
            fb.text(DIGITS[i + 1], x0 + 8, y, col)
            fb.text(".", x0 + 16, y, col)
            if i < self.count:
                g.number(self.score[i], x0 + 32, y, col, width=3)
                TX.draw(g, self.names[i], x0 + 72, y, col, mark=False)
            else:
                fb.text("-", x0 + 48, y, P.SLATE)
        y = y0 + 124
        fb.text("Games played", x0 + 8, y, P.SILVER)
        g.number(self.played, x0 + 120, y, P.WHITE)
        fb.text("Best", x0 + 8, y + 16, P.SILVER)
        g.number(self.best(), x0 + 120, y + 16, P.WHITE)
        fb.text("Average", x0 + 8, y + 32, P.SILVER)
        a = self.average10()
        w = g.number(a // 10, x0 + 120, y + 32, P.WHITE)
        fb.text(".", x0 + 120 + w, y + 32, P.WHITE)
        fb.text(DIGITS[a % 10], x0 + 128 + w, y + 32, P.WHITE)
        if this_game >= 0:
            fb.text("This game", x0 + 8, y + 56, P.YELLOW)
            g.number(this_game, x0 + 120, y + 56, P.YELLOW)
        g.dirty(x0, y0, 200, 200)


def _le(p, at, n):
    return int.from_bytes(p[at:at + n], "little")
