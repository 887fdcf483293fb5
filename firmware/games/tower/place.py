"""Placing a piece (T-2, T-6, T-9): the carried piece follows the tilt, turns on buttons, is
released, and the tower settles or collapses. Humans and bots drive the same Placement with the
same per-frame input (tilt x, tilt y in -1000..1000 after the console's filter and dead zone, a
turn in brads, a release flag): a bot produces a synthetic tilt stream through its own
core.tilt.Tilt (games/tower/bot.py).

Steering: the tilt moves the target with a response curve, speed = t*|t| / 44 Q10 px per frame
(300 milli-g of tilt = 2 px per frame, full tilt capped at 6 px per frame, fine control near
level); the world drives the carried body towards the target (at most 2.5 px and 0.1 rad per
substep), so it pushes placed pieces, and what it presses onto the table stops it (T-9). The
target stays on the table area and no lower than just above the table for the foundation; any
other piece may be lowered onto the table, which is a collapse (T-2).

Option "table tilt" (T-9): while carrying, gravity leans with the tilt, up to about 4 degrees.

Outcome (T-6): after the release, the placement ends when every body of the tower is asleep or
after _SETTLE_CAP frames; collapse (a piece other than the foundation touching the table or
leaving the play area) is checked after every step, from the first carried frame on.
"""
from micropython import const

from games.tower import physics as P

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_F_OUT = const(16)          # left the play area (sticky)
_PW = const(8)
_PT_RMAX = const(4)
# -- end of the copies --

_IDLE = const(0)
_CARRY = const(1)
_SETTLE = const(2)
_DONE = const(3)             # placed: tower at rest
_FELL = const(4)             # collapsed

_SETTLE_CAP = const(300)     # frames after the release before a placement counts as ended (10 s)
_SPEED_DIV = const(44)
_SPEED_MAX = const(6144)     # Q10 px per frame
_START_GAP = const(20)       # px between the tower's top and the new piece's lowest point
_AREA = const(120)           # px: half the table's width
_TILT_G = const(28)          # px/s**2 of sideways gravity at full tilt (about 4 degrees)
_HOVER = const(32)           # Q6: the foundation's lowest point stays 0.5 px above the table
_QUARTER = const(16384)
_FINE = const(512)           # a fine turn: 2.8 degrees



def speed(t):
    """Response curve: tilt (-1000..1000) -> target speed, Q10 px per frame."""
    v = t * t // _SPEED_DIV
    if v > _SPEED_MAX:
        v = _SPEED_MAX
    return -v if t < 0 else v


class Placement:
    """One placement at a time; its fields are made by startup.placement()."""
    def begin(self, w, piece, foundation, tower_top_q6, out):
        """Add `piece` above the tower (tower_top_q6 = its highest point) and carry it."""
        self.w = w
        self.out = out
        self.piece = piece
        self.found = foundation
        r = P.PT[piece * _PW + _PT_RMAX] << 4
        self.rmax = r
        y = (tower_top_q6 << 4) + _START_GAP * P.PX + r
        self.b = w.add_body(piece, 0, y, 0)
        if foundation:
            w.set_foundation(self.b)
        w.carry(self.b)
        self.tx = 0
        self.ty = y
        self.ta = 0
        self.ytop = y + 40 * P.PX
        w.set_target(0, y, 0)
        self.phase = _CARRY
        self.frames = 0
        self.settle = 0
        self.culprit = -1
        self.why = 0
        self.gx = 0

    def steer(self, tx, ty, turn):
        """One frame of input while carrying: tilt (x, y) moves the target, turn (brads)
        turns it. Returns at once when not carrying."""
        if self.phase != _CARRY:
            return
        x = self.tx + speed(tx)
        lim = _AREA * P.PX - self.rmax
        if x < -lim:
            x = -lim
        elif x > lim:
            x = lim
        y = self.ty + speed(ty)
        if y > self.ytop:
            y = self.ytop
        if self.found:
            # how far the carried body's lowest point is below its centroid (Q10, >= 0)
            w = self.w
            out = self.out
            lo = 0
            cy = w.y(self.b) >> 4
            for part in range(w.parts(self.b)):
                n = w.outline(self.b, part, out)
                for k in range(n):
                    d = cy - out[2 * k + 1]
                    if d > lo:
                        lo = d
            floor = (lo << 4) + (_HOVER << 4)
            if y < floor:
                y = floor
        elif y < 0:
            y = 0                       # any other piece can be put down on the table (T-2)
        self.tx = x
        self.ty = y
        self.ta = (self.ta + turn) & 0xFFFF
        self.w.set_target(x, y, self.ta)
        if self.tilt_g:
            g = tx * _TILT_G // 1000
            g = (g >> 3) << 3           # steps of 8 px/s**2: a steady hand does not wake the tower
            if g != self.gx:
                self.gx = g
                self.w.set_gravity(g, -P.G_DEFAULT)

    def release(self):
        """Let go (A). Returns the body number, or -1 when nothing is carried."""
        if self.phase != _CARRY:
            return -1
        self.w.release()
        if self.gx:
            self.gx = 0
            self.w.set_gravity(0, -P.G_DEFAULT)
        self.phase = _SETTLE
        self.settle = 0
        return self.b

    def step(self):
        """Advance the world one frame and judge the placement. Returns the phase."""
        ph = self.phase
        if ph != _CARRY and ph != _SETTLE:
            return ph
        w = self.w
        w.step()
        self.frames += 1
        c = w.collapsed()
        if c >= 0:
            self.culprit = w.piece(c)
            self.why = 2 if w.flags(c) & _F_OUT else 1      # left the play area, or the table
            self.phase = _FELL
            return _FELL
        if ph == _SETTLE:
            self.settle += 1
            if w.awake() == 0 or self.settle >= _SETTLE_CAP:
                self.phase = _DONE
                return _DONE
        return self.phase
