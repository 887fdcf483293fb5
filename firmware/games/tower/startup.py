"""Starting a tower game: the code that runs once, when a game starts, is here so that it does
not stay in memory while the game runs. scenes.GameScene() imports this module, build() makes
every object of the game (the scene's fields, the rules, the towers, the bot, the placement, the
painter) and the scene forgets the module again. The classes keep their methods; their fields
are listed here. A resumed game then loads its snapshot (save.py).
"""
import framebuf
import gc
from array import array

from micropython import const

from core import fastpath
from core import text as TX
from core.rng import Rng
from core.tilt import Tilt
from games.tower import bot as BOT
from games.tower import draw as D
from games.tower import geom as G
from games.tower import physics as P
from games.tower import place as PL
from games.tower import rules as R
from games.tower import towers as TW

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_MAXB = const(30)           # bodies: a tower has at most all 27 pieces; 30 for the
                            # issue's 30-body benchmark (about 0.4 KB a world)
_TV = const(260)
_NBOX = const(8)            # boxes of a tower view repainted apart (scenes._draw_tower)
# geom.py
_NCOL = const(120)
_NJ = const(64)
# rules.py
_NPIECES = const(27)
_MAX_SEATS = const(4)
_E_SEED = const(0)
_V_START = const(13)
_V_SUPPLY = const(15)       # pieces in the supply
# place.py
_IDLE = const(0)
# towers.py
_SCRATCH = const(2)
# bot.py
_J_NONE = const(0)          # none
_S_DONE = const(3)
_MAXK = const(4)            # candidates kept for the scratch check
_D_TURN = const(0)
# scenes.py
_MAIN_Y = const(22)
_MAIN_H = const(178)
_U_IDLE = const(0)
_NB = const(4)              # 4: the result of 4 seats is wiped in a tower a step (below)
_D_ALL = const(7)
# -- end of the copies --

_PVMAX = const(8)
_NAME_LEN = const(7)
_BOT_MIX = const(0x2F00D)


def build(sc, console, setup, snapshot, room=None):
    """The fields of scenes.GameScene sc, and everything it holds. room: a list holding the
    block games/tower/__init__.py kept free for the game's big arrays while its modules loaded;
    it is let go and the big arrays are made first, into it."""
    n = setup.seats
    if not 2 <= n <= _MAX_SEATS:
        raise ValueError("seats")
    if room:
        room.pop()
    gc.collect()
    # every tower in its own world (T-8), kept as saved bytes around one World
    sc.tw = towers(n)
    gc.collect()                        # the zeros the World's arrays were copied from
    sc.paint = painter()
    o = sc.opt = bytearray(3)           # supply, table tilt, hint (0 on)
    for i in range(min(3, len(setup.options))):
        o[i] = setup.options[i]
    if o[0] > 2 or o[1] > 1 or o[2] > 1:
        raise ValueError("option")
    sc.c = console
    sc.setup = setup
    sc.n = n
    sc.kinds = bytearray(setup.kinds)
    sc.names = tuple(TX.from_str(setup.names[s], _NAME_LEN) for s in range(n))
    sc.record = R.Record()
    sc.st = R.State(n, sc.record, o[0])
    sc.rng = Rng(setup.seed)
    sc.brng = Rng(setup.seed ^ _BOT_MIX)
    sc.bot = bot(sc.st, sc.tw, sc.brng)     # its geometry also draws the hint
    sc.pl = placement()
    sc.pl.tilt_g = o[1] == 1
    sc.hum = None                       # human.py, loaded only for a game with a human seat
    if min(sc.kinds) == 0:
        from games.tower import human
        sc.hum = human
    _views(sc, console.gfx)
    _state(sc, n)
    if snapshot is None:
        sc.record.add(_E_SEED, setup.seed, n, sc.st.v[_V_SUPPLY], o[0] | (o[1] << 2) | (o[2] << 3),
                      sc.st.tokens[0])
        sc.st.start(sc.rng, setup.start)
        setup.start = sc.st.v[_V_START]     # play again rotates it (G-2)


def _views(sc, gfx):
    """The frame buffers the scene draws into: the main view, and the screen and the main view
    cut short below each band of a wipe."""
    m = memoryview(gfx.buf)
    sc.fbm = _cut(m, _MAIN_Y, _MAIN_H)
    # a view switch is wiped in a band a step (scenes._BAND): the screen and the main view cut
    # short below each band, so that drawing a band draws nothing under it
    sc.pen = D.Pen()
    sc.wfb = (_cut(m, 0, _MAIN_Y + 70), _cut(m, 0, _MAIN_Y + 105), _cut(m, 0, _MAIN_Y + 140),
              gfx.fb)
    sc.wfbm = (_cut(m, _MAIN_Y, 70), _cut(m, _MAIN_Y, 105), _cut(m, _MAIN_Y, 140), sc.fbm)
    sc.paint.views = (sc.fbm, _MAIN_H, sc.wfbm[0], 70, sc.wfbm[1], 105, sc.wfbm[2], 140,
                      sc.wfb[0], _MAIN_Y + 70, sc.wfb[1], _MAIN_Y + 105, sc.wfb[2], _MAIN_Y + 140,
                      gfx.fb, 240)


def _state(sc, n):
    """The scene's state for n seats: what it waits for, and what is on the screen."""
    # dynamic state (save.py saves it)
    sc.sub = _U_IDLE                    # what the scene waits for (scenes._U_*)
    sc.wait = 0                         # steps to show a bot's answer
    sc.cur = 0                          # shelf cursor
    sc.amount = 0                       # bid being entered
    sc.fall = 0                         # steps a collapse is still shown
    sc.cam = 0                          # px the tower view is raised by
    sc.job = _J_NONE                    # the bot's job (bot._J_*)
    # drawing state
    sc.view = 0                         # scenes._VW_*
    sc.vseat = -1                       # whose tower is on view
    sc.wipe = _NB                       # bands of the view wiped in so far (_NB: all of it; -1:
                                        # the first band waits a step, _pick_view)
    sc.oview = 0                        # the view being wiped away, its seat and camera
    sc.ovs = -1
    sc.ocam = 0
    sc.wdrawn = _NB                     # bands of it drawn
    sc.dirt = _D_ALL                    # what to draw (scenes._D_*)
    sc.d_cell = -1                      # shelf cell to repaint (cursor moved from there)
    sc.hd = bytearray(b"\xff" * (3 * n))   # per seat chip: flags, tokens, tower size as drawn
    # per body its bounding box as last drawn, then the boxes to repaint (physics_kern.k_scan)
    sc.bx = array("h", bytes(8 * _MAXB + 8 * _NBOX))
    sc.pose = array("i", bytes(16 * _MAXB))     # per body: x, y (Q6) and angle as drawn, awake
    sc.car = -1                                 # the body drawn as the carried one
    sc.label = False                            # the collapse label is on view
    # the prompt: record rows looked at, where the next starts, the newest worth telling, the
    # newest collapse
    sc.ev = array("h", [0, 0, -1, -1])
    # the balance hint: x, y0, y1, colour, shown; then the same as last drawn
    sc.hint = array("h", bytes(20))
    sc.hint_a = -1                      # angle of the hint's profile
    sc.hint_t = 0                       # 1: read the tower's skyline again once at rest
    sc.hint_c = -1                      # the drop test's column * 2 + foundation (-1: none yet)
    sc.hint_ry = 0                      # and its result: resting height, risk
    sc.hint_risk = 0
    sc.over = False
    sc.game_over = False


def _cut(m, y, h):
    """A FrameBuffer over rows y..y + h - 1 of the screen's bytes m."""
    return framebuf.FrameBuffer(m[y * 120:(y + h) * 120], 240, h, framebuf.GS4_HMSB)


def towers(n, world=None):
    """towers.Towers for n seats, every tower empty, around `world` (a new World if None)."""
    t = TW.Towers()
    t.n = n
    t.pool = bytearray(TW.capacity(n))      # the largest block first
    t.w = world if world is not None else P.World()
    t.off = array("h", bytes(2 * n + 2))    # seat s: pool[off[s]:off[s + 1]]
    t._empty()
    k = t.w.state_size()
    for s in range(n + 1):
        t.off[s] = s * k
        if s < n:
            t.w.serialize(t.pool, s * k)
    t.seat = -1                         # whose tower the world holds, in state:
    t.state = _SCRATCH                  # towers.CLEAN, LIVE, SCRATCH
    return t


def geom():
    """geom.Geom: a tower's skyline, a piece's profile, a drop test's results."""
    g = G.Geom()
    g.sky = array("i", bytes(4 * _NCOL))    # top of the tower per column, Q6 (0: the table)
    g.bot = array("i", bytes(4 * _NJ))      # piece profile: lowest point per relative column
    g.top = array("i", bytes(4 * _NJ))      # highest point
    g.j0 = 0                            # first and last relative column of the profile
    g.j1 = -1
    g.ptop = 0                          # piece's highest point above its centroid, Q6
    g.pflat = 0                         # piece: px of top within 1 px of its highest point
    g.pa2 = 0                           # piece: twice its area
    g.out = array("i", bytes(64))       # scratch: outlines, rotated part vertices (also the
                                        # placement's, never at the same time)
    # tower facts (sky_world())
    g.c_lo = 0                          # first and last column the tower covers
    g.c_hi = -1
    g.height = 0                        # highest point of the tower, Q6
    g.mass = 0                          # sum of twice the areas
    g.momx = 0                          # sum of (twice the area x centroid x in Q2 px)
    g.base0 = 0                         # the foundation's footing on the table, Q2 px
    g.base1 = 0
    g.empty = True
    # results of evaluate()
    g.ry = 0                            # resting centroid height, Q6
    g.margin = 0                        # px of support beyond the centroid (negative: tips)
    g.risk = 0                          # 0..1000 (geom.INVALID: impossible)
    g.score = 0                         # risk plus shaping (lower is better)
    return g


def bot(st, tw, rng):
    """bot.Bot thinking for every bot seat of rules state st, towers tw, generator rng."""
    b = BOT.Bot()
    b.st = st
    b.tw = tw                           # towers.py: every seat's tower, one World
    b.rng = rng
    b.g = geom()
    b.risk = array("h", bytes(2 * _MAX_SEATS * _NPIECES))  # per seat and piece, 0..1000
    b.valid = bytearray(_MAX_SEATS)     # 1: the seat's row is up to date
    b.spent = bytearray(_MAX_SEATS)
    b.risk0 = array("h", bytes(2 * _MAX_SEATS * _NPIECES))     # at the job's start
    b.valid0 = bytearray(_MAX_SEATS)
    b.rng0 = bytearray(4)
    rng.save_into(b.rng0, 0)            # a game without a bot job is saved with it too
    # the job
    b.job = _J_NONE
    b.seat = -1
    b.level = 0
    b.stage = _S_DONE
    b.done = 0                          # actions performed in this job
    b.kind = 0                          # the answer (bot.A_*)
    b.piece = -1
    b.amount = 0
    # row / search progress
    b.rs = -1                           # seat of the row in progress
    b.rp = 0                            # piece
    b.ra = 0                            # angle index
    b.rc = 0                            # next c0
    b.rc1 = 0                           # last c0
    b.rbest = 0                         # best score so far
    b.rrisk = 0                         # and its risk
    b.sky_ok = False
    b.sb = 0                            # next body to add to the skyline
    # placement candidates: c0, angle, score (lower is better), resting centroid height (Q6)
    b.cand = array("i", bytes(16 * _MAXK))
    b.kn = 0
    b.vi = 0                            # candidate being checked
    b.vf = -1                           # frame of the check (-1: not started)
    b.base = array("i", bytes(8 * _MAXB))   # the tower's body positions before the check
    # the plan and the steering
    b.gx = 0                            # goal centroid x, Q10
    b.gy = 0                            # release height of the centroid, Q10
    b.ga = 0                            # goal angle, brads
    b.ready_y = 0                       # a safe height to move sideways at, Q10
    b.dphase = _D_TURN
    b.dframes = 0
    b.vt = Tilt()                       # the synthetic tilt goes through the console's filter
    b.xyz = array("i", [0, 0, 1000])
    b.turn = 0                          # steering output: brads to turn this frame
    b.let_go = False                    # steering output: release now
    return b


def placement():
    """place.Placement, idle."""
    p = PL.Placement()
    p.w = None
    p.phase = _IDLE
    p.b = -1
    p.piece = -1
    p.found = False
    p.tx = 0                            # the target, Q10 px and brads
    p.ty = 0
    p.ta = 0
    p.frames = 0                        # frames since the placement began
    p.settle = 0                        # frames since the release
    p.culprit = -1                      # piece that touched the table / left the area
    p.why = 0                           # 1 it touched the table, 2 it left the play area
    p.tilt_g = False                    # option: table tilt
    p.gx = 0                            # the sideways gravity of the table tilt
    p.rmax = 0                          # the piece's largest vertex distance, Q10
    p.ytop = 0                          # highest target, Q10
    p.out = None                        # outline scratch (array 'i' of 16)
    return p


def painter():
    """draw.Painter."""
    d = D.Painter()
    nv = (len(P.T16) - _TV) >> 2        # vertices of all pieces
    # the screen polygons of every part of every piece as last placed (a piece is in one world
    # only), at twice its first vertex's number in the piece table; then the polygon drawn
    # (cz[vertex count]: views of the end of z), then place()'s bounding box (z[zb:zb + 4])
    z = d.z = array("h", bytes(4 * (nv + _PVMAX) + 8))
    d.zb = 2 * (nv + _PVMAX)
    d.zc = 2 * nv                       # where the cz views start
    m = memoryview(z)
    d.cz = tuple(m[2 * nv:2 * (nv + n)] for n in range(_PVMAX + 1))
    kern = fastpath.load("games.tower.poly_viper")
    d.kern = kern.poly if kern is not None else None
    d.ks = array("h", bytes(2 * 3 * 240)) if kern is not None else None    # per row: 2 crossings, count
    d.kp = array("i", bytes(4 * (7 + 2 * 3)))  # the kernel's: view, colours, stamp, parts
    d.fb = None                         # the view (view())
    d.views = ()                        # (FrameBuffer, its height, ...): _views() fills it in
    # bounding box of the last polygon drawn (screen pixels of the FrameBuffer used)
    d.x0 = 0
    d.y0 = 0
    d.x1 = 0
    d.y1 = 0
    return d
