"""A tower game in the middle of a placement over a tall stack of mixed pieces: the benchmark's
worst case (tests/mp/bench_tower.py) and the redraw check's falling tower (runs.StackRun).

Seat 0, a human, carries a piece; n pieces stand stacked beside it, each resting a quarter pixel
above the one below, so the stack sways and falls apart by itself. With `foundations` every piece
counts as a foundation and the play area is wide: nothing ends the placement (the benchmark).
Without, the stack's pieces are ordinary tower pieces: the first one to touch the table collapses
the tower and the scene shows the fall (the game's own collapse).
"""
from core.console import Console
from core.setup import Setup
from games.tower import physics as P

U_PLACE = 5             # scenes._U_PLACE: a piece is carried or settling
U_FALL = 6              # scenes._U_FALL: a tower collapses
STACK = (2, 3, 0, 4, 1, 23, 17, 3, 19, 5, 12, 22, 10, 15, 18, 21, 11, 26, 6, 9, 7, 8, 13,
         14, 16, 20, 24, 25, 3, 2)


class Pad:
    def __init__(self):
        self.bits = 0

    def read(self):
        return self.bits


def console(hw, frame, kinds, seed=3):
    """A console on `hw` (its buttons replaced by a Pad) running a game whose first player is
    seat 0 (the first seed from `seed` on)."""
    while True:
        hw.buttons = Pad()
        c = Console(hw, frame)
        c.settings.bot_speed = 3
        c.start_game("tower", Setup("tower", bytearray(kinds), ["A", "B", "C", "D"][:len(kinds)],
                                     bytearray([0, 0, 0]), seed))
        if c.game.st.v[1] == 0:
            return c
        seed += 1


def parts(piece):
    """((first vertex in P.T16, count), ...) of the piece's parts (physics.PT)."""
    pp = P.PT[piece * 8 + 7]
    return [(P.PT[pp + 2 * i], P.PT[pp + 2 * i + 1]) for i in range(P.PT[piece * 8 + 5])]


def _extent(piece, sign):
    """How far the piece reaches below (sign -1) or above (+1) its centroid, Q10 px."""
    far = 0
    for first, k in parts(piece):
        for v in range(first, first + k):
            y = P.T16[260 + 4 * v + 1] * sign
            if y > far:
                far = y
    return far << 4


# A human's climb with the carried piece (tests/mp/runs.py ClimbRun on the host, make
# bench-pico's tower-climb on the board): a stack of CLIMB_PIECES at rest CLIMB_X px right of the
# middle, the piece steered up for the first half of CLIMB_FRAMES and back down for the second.
CLIMB_PIECES = 6
CLIMB_X = 80
CLIMB_FRAMES = 260


def climb_tilt(i):
    """Accelerometer y (milli-g) at climb frame i: the top edge lowered (up), then raised."""
    return -600 if i < CLIMB_FRAMES // 2 else 600


def carrying(c, n, foundations=True, x=72):
    """Seat 0 builds its first piece; n pieces stacked beside it, x px right of the middle; the
    carried piece above the stack (the camera follows it up). Returns the world."""
    g = c.game
    hw = c.hw
    for b in (32, 32, 64):              # A, A: seat 0 builds the first piece at 0; B: seat 1 passes
        while g.wipe < len(g.wfb):      # a view switch being wiped in (a band a step, one band
            c.frame()                   # framebuffer each) takes no input
        hw.buttons.bits = b
        c.frame()
        hw.buttons.bits = 0
        c.frame()
        c.frame()
    while g.wipe < len(g.wfb):
        c.frame()
    if g.sub != U_PLACE:
        raise SystemExit("tower_stack: no placement")
    w = g.tw.w
    if foundations:
        w.set_play_area(-4000 * P.PX, 4000 * P.PX, 4000 * P.PX)   # nothing counts as out here
    car = g.pl.b
    y = 0
    k = 0
    for p in STACK:
        if k >= n:
            break
        if p == w.piece(car):
            continue
        y += P.PX // 4 + _extent(p, -1)
        b = w.add_body(p, x * P.PX + (k % 3 - 1) * P.PX // 2, y)
        y += _extent(p, 1)
        if foundations or k == 0:
            w.set_foundation(b)
        k += 1
    g.pl.ty = y + 20 * P.PX
    g.pl.ytop = y + 80 * P.PX
    w.set_target(0, g.pl.ty, 0)
    c.repaint()                         # the stack was put there behind the scene's back
    return w





# The tower-stack bench (make bench-pico's tower-stack, tools/pico/bench_tower_parts.py): a
# wall of 20 pieces standing in four columns in the view, the camera at the table, the carried
# piece held above the middle. WALL: each column bottom up, (piece, x px). Each piece is put
# resting on the one below (a quarter pixel above it) and the world comes to rest before the
# next, as placements do (3,705 physics steps; put all at once where they came to rest, the
# pieces jolt each other off: their contacts start without their warm impulses).
WALL = ((2, -92), (4, -92), (11, -92), (5, -92), (15, -92), (18, -92),
        (22, -30), (1, -30), (10, -30), (19, -30), (7, -30),
        (26, 30), (17, 30), (3, 30), (9, 30),
        (12, 92), (21, 92), (23, 92), (13, 92), (14, 92))
WALL_CARRY_Y = 126          # px: the carried piece's height, below where the camera would step


def wall(c, foundations=True, settle=600):
    """Seat 0 carries its first piece, held still above the middle at WALL_CARRY_Y, and the
    WALL is built below it. With `foundations` every piece counts as a foundation and the play
    area is wide, so nothing ends the placement; without, only the first does, and the next
    step of the placement finds the other columns on the table: a collapse. Returns the world,
    at rest (asleep); the screen is repainted at the next render."""
    g = c.game
    w = carrying(c, 0, foundations)
    g.pl.ty = WALL_CARRY_Y * P.PX
    g.pl.ytop = (WALL_CARRY_Y + 60) * P.PX
    w.set_target(0, g.pl.ty, 0)
    top = 0
    x0 = None
    for p, x in WALL:
        if x != x0:
            top = 0
            x0 = x
        y = top + P.PX // 4 + _extent(p, -1)
        b = w.add_body(p, x * P.PX, y)
        if foundations or x0 == WALL[0][1] and top == 0:
            w.set_foundation(b)
        for _ in range(settle):
            w.step()
            if w.awake() == 0:
                break
        top = w.y(b) + _extent(p, 1)
    c.repaint()
    return w
