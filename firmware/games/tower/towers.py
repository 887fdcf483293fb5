"""Every seat's tower (T-8: each in its own world) kept in one physics World plus a pool of
saved towers: only one world ever steps at a time, so the others wait as the bytes of
World.serialize() (about 50 bytes a piece instead of 5.6 KB a world).

The world holds one seat's tower at a time (`seat`), in one of three states:
    _CLEAN    equal to that seat's saved tower (read it: skylines, drawing)
    _LIVE     ahead of it: a placement is running (commit() saves it when it ends)
    _SCRATCH  a bot tried something in it: load() restores the saved tower again
Saved towers sit one after the other in `pool` (seat order); commit() moves the later ones to
make room. The pool is sized for the worst case (all pieces in towers, each tower keeping up
to _KEEPC warm-start contact points: commit() drops any beyond, in the world too).
Nothing here allocates: serialize/restore work in place.
"""

from micropython import const

from games.tower import physics as P

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_H_NK = const(3)            # contact points in the warm-start cache
# place.py
_AREA = const(120)          # px: half the table's width
# -- end of the copies --

_KEEPC = const(40)          # warm-start contacts a saved tower keeps (bot games reach 31)

_CLEAN = const(0)
_LIVE = const(1)
_SCRATCH = const(2)


def capacity(n):
    # World.serialize(): per tower 78 bytes of head and up to _KEEPC warm-start contacts of 8
    # (a resumed game's live world up to 64); all towers together hold at most every piece once
    # (27 bodies of 40 bytes, 37 parts of 8)
    return n * (78 + _KEEPC * 8) + (64 - _KEEPC) * 8 + 27 * 40 + 37 * 8


class Towers:
    """Its fields are made by startup.towers()."""
    def _empty(self):
        w = self.w
        w.reset()
        w.set_play_area(-_AREA * P.PX, _AREA * P.PX, 1000 * P.PX)

    def load(self, s):
        """Make the world hold seat s's tower. A _LIVE world of another seat is an error."""
        if self.seat == s and self.state != _SCRATCH:
            return self.w
        if self.state == _LIVE:
            raise ValueError("placement running")
        self.w.restore(self.pool, self.off[s])
        self.seat = s
        self.state = _CLEAN
        return self.w

    def clear(self, s):
        """Seat s's tower is gone (collapse): an empty world, committed."""
        if self.seat != s or self.state != _LIVE:
            self.load(s)
            self.state = _LIVE
        self._empty()
        self.commit()

    def commit(self):
        """Save the world as the tower of the seat it holds."""
        s = self.seat
        w = self.w
        if w.w32[_H_NK] > _KEEPC:
            w.w32[_H_NK] = _KEEPC           # the world goes on as it was saved
        k = w.state_size()
        off = self.off
        old = off[s + 1] - off[s]
        d = k - old
        if d:
            pool = self.pool
            end = off[self.n]
            if end + d > len(pool):
                raise ValueError("tower pool full")
            if d > 0:
                i = end - 1
                stop = off[s + 1]
                while i >= stop:
                    pool[i + d] = pool[i]
                    i -= 1
            else:
                for i in range(off[s + 1], end):
                    pool[i + d] = pool[i]
            for t in range(s + 1, self.n + 1):
                off[t] += d
        w.serialize(self.pool, off[s])
        self.state = _CLEAN
