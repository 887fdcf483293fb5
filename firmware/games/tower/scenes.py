"""The tower game on the 240x240 screen: one scene for the whole game (input, bots, drawing).

Layout (docs/tower.md has the pictures):
    y   0..21   seat chips: name, tokens (shown at all times), tower size; the seat to play has
                a light chip, the seat to answer a yellow underline, a seat that is out is grey
    y  22..199  the main view: the shelf of pieces (choosing), the piece card (auction, push),
                a tower (placing; the camera follows a tall one), the towers side by side (end)
    y 200..239  the prompt: the question or what happens, the last event, the keys

Views follow the rules' phase. Humans answer on the device in turn (pass-around: everything is
public, so no hand-off screen is needed; the prompt names the player). Bots think a fixed
budget per frame (bot.py) and show each visible answer for console.settings.bot_delay steps.

Nothing allocates after __init__: texts are constants or bytearrays drawn glyph by glyph,
numbers go through gfx.number, the towers (towers.py) are made here once.
"""
import framebuf
from array import array

from micropython import const

from core import buttons as B
from core import palette as PAL
from core import text as TX
from core import tilt as T
from core.rng import Rng
from core.scene import Scene

from games.tower import bot as BOT
from games.tower import draw as D
from games.tower import physics as P
from games.tower import place as PL
from games.tower import rules as R
from games.tower import towers as TW

# copies of bot.py constants (tests/test_tower_physics.py checks that they agree)
_A_ACCEPT = const(5)
_A_BUILD = const(1)
_A_PASS = const(4)
_A_PAY = const(6)
_A_PUSH = const(2)
_A_RAISE = const(3)
_J_BID = const(2)
_J_NONE = const(0)
_J_PLACE = const(4)
_J_PUSHED = const(3)
_J_TURN = const(1)
# copies of place.py constants (tests/test_tower_physics.py checks that they agree)
_CARRY = const(1)
_DONE = const(3)
_FELL = const(4)
_FINE = const(512)
_IDLE = const(0)
_QUARTER = const(16384)
_SETTLE = const(2)
# copies of rules.py constants (tests/test_tower_physics.py checks that they agree)
_E_ACCEPT = const(10)
_E_AGAIN = const(3)
_E_BID = const(5)
_E_BUILD = const(4)
_E_COLLAPSE = const(13)
_E_ELIMINATE = const(14)
_E_PASS = const(6)
_E_PAY = const(9)
_E_PLACE = const(12)
_E_PUSH = const(8)
_E_RELEASE = const(11)
_E_RESULT = const(15)
_E_SEED = const(0)
_E_START = const(1)
_E_TURN = const(2)
_E_WIN = const(7)
_MAX_SEATS = const(4)
_NPIECES = const(27)
_P_AUCTION = const(1)
_P_OVER = const(4)
_P_PLACE = const(3)
_P_PUSH = const(2)
_P_TURN = const(0)
_SUPPLY = const(255)
_UNUSED = const(254)
_V_AGAIN = const(14)
_V_COST = const(7)
_V_HIGH = const(3)
_V_HIGHSEAT = const(4)
_V_IN = const(6)
_V_REASON = const(12)
_V_SUPPLY = const(15)
_V_TURNS = const(10)
_V_WINNER = const(11)
# copies of towers.py constants (tests/test_tower_physics.py checks that they agree)
_LIVE = const(1)
_SCRATCH = const(2)


_F_SLEEP = const(2)         # physics_kern: a body asleep
_BOT_BUDGET = const(80)      # bot thinking units per frame, ~1.3 us each on the unix port (bot.py)
_NAME_LEN = const(7)
_MAIN_Y = const(22)
_MAIN_H = const(178)
_PROMPT_Y = const(200)
_TABLE_M = const(166)        # the table line in the main view (main-view y) with the camera at 0
_CAM_STEP = const(40)
_HEAVY = const(8)            # bodies visibly moving from which the tower is drawn every other frame
_FALL_FRAMES = const(45)     # a collapse is shown this long before the tower is cleared
_MAXB = const(32)

# what the scene waits for
_U_IDLE = const(0)
_U_THINK = const(1)          # a bot thinks
_U_SHOW = const(2)           # a bot's answer is on screen, applied after the delay
_U_OPEN = const(3)           # a human enters the opening bid
_U_LOOK = const(4)           # a human looks at the own tower from the shelf
_U_PLACE = const(5)          # a piece is carried or settling
_U_FALL = const(6)           # a tower collapses
_U_AFTER = const(7)          # a placement ended: shown for the bot delay
_U_OVER = const(8)

# views
_V_NONE = const(0)
_V_SHELF = const(1)
_V_CARD = const(2)
_V_TOWER = const(3)
_V_RESULT = const(4)

SEAT_COL = (PAL.CYAN, PAL.ORANGE, PAL.GREEN, PAL.PINK)
_BOT_MIX = const(0x2F00D)
_ONE = (" token", " tokens")



class GameScene(Scene):
    pausable = True

    def __init__(self, console, setup, snapshot=None):
        n = setup.seats
        if not 2 <= n <= _MAX_SEATS:
            raise ValueError("the tower game needs 2-4 seats")
        opts = setup.options
        self.supply_opt = opts[0] if len(opts) > 0 else 0
        self.tilt_opt = opts[1] if len(opts) > 1 else 0
        self.hint_opt = opts[2] if len(opts) > 2 else 0
        if self.supply_opt > 2 or self.tilt_opt > 1 or self.hint_opt > 1:
            raise ValueError("option")
        self.c = console
        self.setup = setup
        self.n = n
        self.kinds = bytearray(setup.kinds)
        self.names = [TX.from_str(setup.names[s], _NAME_LEN) for s in range(n)]
        self.record = R.Record()
        self.st = R.State(n, self.record, self.supply_opt)
        self.rng = Rng(setup.seed)
        self.brng = Rng(setup.seed ^ _BOT_MIX)
        # every tower in its own world (T-8), kept as saved bytes around one World
        self.tw = TW.Towers(n)
        self.bot = BOT.Bot(self.st, self.tw, self.brng)
        self.pl = PL.Placement()
        self.pl.tilt_g = self.tilt_opt == 1
        self.hg = self.bot.g                # the hint's geometry: the bot's (never both at once)
        self.paint = D.Painter()
        g = console.gfx
        self.fbm = framebuf.FrameBuffer(memoryview(g.buf)[_MAIN_Y * 120:(_MAIN_Y + _MAIN_H) * 120],
                                        240, _MAIN_H, framebuf.GS4_HMSB)
        slots = []
        for s in range(n):
            x0 = (240 // n * s) & ~1
            slots.append(framebuf.FrameBuffer(memoryview(g.buf)[_MAIN_Y * 120 + (x0 >> 1):],
                                              240 // n - 2, _MAIN_H, framebuf.GS4_HMSB, 240))
        self.slots = slots
        # dynamic state (saved by snapshot(); see _save_words)
        self.sub = _U_IDLE
        self.wait = 0
        self.cur = 0                        # shelf cursor
        self.amount = 0                     # bid being entered
        self.fall = 0
        self.cam = 0                        # px the tower view is raised by
        self.job = _J_NONE
        # drawing state
        self.view = _V_NONE
        self.vseat = -1
        self.d_head = True
        self.d_main = True
        self.d_prompt = True
        self.d_cell = -1                    # shelf cell to repaint (cursor moved from there)
        self.d_card = False
        self.bx = array("h", [0] * (4 * _MAXB))     # last drawn bounding box per body
        self.mov = bytearray(_MAXB)                  # body was awake when last looked at
        self.key = array("i", [0] * (3 * _MAXB))    # pose of each body as last drawn
        self.half = False                           # heavy motion: this frame was skipped
        self.hint = array("h", [0, 0, 0, 0, 0])    # x, y0, y1, colour, shown
        self.hint_a = -1
        self.hint_t = 0
        self.over = False
        self.game_over = False
        if snapshot is not None:
            from games.tower import save
            save.load(self, snapshot)
        else:
            opt = self.supply_opt | (self.tilt_opt << 2) | (self.hint_opt << 3)
            self.record.add(_E_SEED, setup.seed, n, self.st.v[_V_SUPPLY], opt)
            self.st.start(self.rng)
            self.cur = self._first_supply()
        self._pick_view()

    # -- helpers -------------------------------------------------------------------------------
    def _human(self, s):
        return self.kinds[s] == 0

    def _delay(self):
        return self.c.settings.bot_delay

    def _first_supply(self):
        for p in range(_NPIECES):
            if self.st.owner[p] == _SUPPLY:
                return p
        return 0

    def _answering(self):
        """The seat whose choice the game waits for."""
        st = self.st
        ph = st.phase
        if ph == _P_TURN:
            return st.active
        if ph == _P_AUCTION or ph == _P_PUSH:
            return st.ask
        if ph == _P_PLACE:
            return st.placer
        return -1

    def _pick_view(self):
        st = self.st
        ph = st.phase
        if ph == _P_OVER and self.sub != _U_FALL:
            v = _V_RESULT
            s = -1
        elif self.sub in (_U_PLACE, _U_FALL, _U_AFTER):
            v = _V_TOWER
            s = self.vseat if self.sub != _U_PLACE else st.placer
        elif self.sub == _U_LOOK:
            v = _V_TOWER
            s = st.active
        elif ph == _P_TURN:
            v = _V_SHELF
            s = -1
        else:
            v = _V_CARD
            s = -1
        if v != self.view or s != self.vseat:
            self.view = v
            self.vseat = s
            self.d_main = True
            if v == _V_TOWER:
                self._aim_camera()
        self.d_head = True
        self.d_prompt = True

    # -- the scene -----------------------------------------------------------------------------
    def enter(self, console):
        self.d_head = True
        self.d_main = True
        self.d_prompt = True

    def update(self, c):
        if self.over:
            if c.buttons.pressed & B.A:
                c.end_game()
            return
        sub = self.sub
        if sub == _U_PLACE:
            self._place_step(c)
            return
        if sub == _U_FALL:
            self._fall_step()
            return
        if self.wait > 0:
            self.wait -= 1
            return
        if sub == _U_SHOW:
            self._apply_bot()
            return
        if sub == _U_AFTER:
            self.sub = _U_IDLE
            self._pick_view()
        st = self.st
        if st.phase == _P_OVER:
            self._finish()
            return
        seat = self._answering()
        if self._human(seat):
            self._human_input(c, seat)
        else:
            self._bot_turn(seat)

    # -- bots ----------------------------------------------------------------------------------
    def _bot_turn(self, seat):
        st = self.st
        ph = st.phase
        b = self.bot
        if self.sub != _U_THINK:
            job = _J_TURN if ph == _P_TURN else _J_BID if ph == _P_AUCTION else \
                _J_PUSHED if ph == _P_PUSH else _J_PLACE
            b.begin(job, seat, self.kinds[seat])
            self.job = job
            self.sub = _U_THINK
            self.d_prompt = True
            if job == _J_PLACE:
                self._pick_view()
        if not b.step(_BOT_BUDGET):
            return
        if self.job == _J_PLACE:
            self.job = _J_NONE
            self._begin_place()
            return
        self.job = _J_NONE
        if b.kind == _A_BUILD or b.kind == _A_PUSH:
            self._move_cursor(b.piece)
        self.sub = _U_SHOW
        self.d_prompt = True
        self.wait = self._delay()
        if self.wait == 0:
            self._apply_bot()

    def _apply_bot(self):
        b = self.bot
        st = self.st
        k = b.kind
        self.sub = _U_IDLE
        if k == _A_BUILD:
            st.build(b.piece, b.amount)
        elif k == _A_PUSH:
            st.push(b.piece)
        elif k == _A_RAISE:
            st.bid(b.amount)
        elif k == _A_PASS:
            st.pass_()
        elif k == _A_ACCEPT:
            st.accept()
        elif k == _A_PAY:
            st.pay()
        self._after_rules()

    def _after_rules(self):
        """The rules moved on: pick the view, start what the new phase needs."""
        self.d_head = True
        self.d_prompt = True
        self.d_card = True
        st = self.st
        if st.phase == _P_PLACE and self._human(st.placer):
            self._begin_place()
        elif st.phase == _P_TURN:
            if not st.in_supply(self.cur):
                self.cur = self._first_supply()
        self._pick_view()
        if st.phase == _P_AUCTION or st.phase == _P_PUSH:
            s = st.ask
            if self._human(s):
                self.amount = st.min_raise()

    # -- humans --------------------------------------------------------------------------------
    def _human_input(self, c, seat):
        st = self.st
        ph = st.phase
        p = c.buttons.pressed
        r = c.buttons.repeat
        if ph == _P_TURN:
            if self.sub == _U_LOOK:
                if p & (B.A | B.B):
                    self.sub = _U_IDLE
                    self._pick_view()
                return
            if self.sub == _U_OPEN:
                if self._enter_amount(r, 0, st.tokens[seat]):
                    return
                if p & B.A:
                    self.sub = _U_IDLE
                    st.build(self.cur, self.amount)
                    self._after_rules()
                elif p & B.B:
                    self.sub = _U_IDLE
                    self.d_prompt = True
                return
            if r & B.DIRS:
                self._shelf_move(r)
            elif p & B.A and st.in_supply(self.cur):
                self.sub = _U_OPEN
                self.amount = 0
                self.d_prompt = True
            elif p & B.X and st.in_supply(self.cur):
                st.push(self.cur)
                self._after_rules()
            elif p & B.B:
                self.sub = _U_LOOK
                self._pick_view()
        elif ph == _P_AUCTION:
            if self._enter_amount(r, st.min_raise(), st.max_raise(seat)):
                return
            if p & B.A and st.can_raise(seat, self.amount):
                st.bid(self.amount)
                self._after_rules()
            elif p & B.B:
                st.pass_()
                self._after_rules()
        elif ph == _P_PUSH:
            if p & B.A:
                st.accept()
                self._after_rules()
            elif p & B.B and st.can_pay(seat):
                st.pay()
                self._after_rules()
        elif ph == _P_PLACE:
            self._begin_place()

    def _enter_amount(self, r, lo, hi):
        """Up/down change the amount, kept within lo..hi (a bid above the player's tokens or
        not above the current bid cannot be entered). True when it moved."""
        a = self.amount
        if r & B.UP:
            a += 1
        elif r & B.DOWN:
            a -= 1
        elif r & B.RIGHT:
            a = hi
        elif r & B.LEFT:
            a = lo
        if a > hi:
            a = hi
        if a < lo:
            a = lo
        if a != self.amount:
            self.amount = a
            self.d_prompt = True
            return True
        return (r & B.DIRS) != 0

    def _shelf_move(self, r):
        c = self.cur
        if r & B.LEFT:
            c = c - 1 if c % 6 else c + 5
        elif r & B.RIGHT:
            c = c + 1 if c % 6 != 5 else c - 5
        elif r & B.UP:
            c -= 6
        elif r & B.DOWN:
            c += 6
        if c < 0:
            c += 30
        if c >= 30:
            c -= 30
        if c >= _NPIECES:
            c = _NPIECES - 1 if r & (B.RIGHT | B.DOWN) == 0 else c % 6
        self._move_cursor(c)

    def _move_cursor(self, c):
        if c != self.cur:
            self.d_cell = self.cur
            self.cur = c
            self.d_prompt = True

    # -- placing -------------------------------------------------------------------------------
    def _begin_place(self):
        st = self.st
        s = st.placer
        self.tw.live(s)
        w = self.tw.w
        hg = self.hg
        hg.sky_world(w)
        self.pl.begin(w, st.piece, w.count() == 0, hg.height, self.paint.out)
        self.sub = _U_PLACE
        self.hint_a = -1
        self.hint_t = 0
        self.hint[4] = 0
        self._pick_view()
        self.d_main = True
        self._aim_camera()

    def _place_step(self, c):
        pl = self.pl
        st = self.st
        s = st.placer
        if pl.phase == _CARRY:
            if self._human(s):
                self._carry_input(c)
            else:
                vt = self.bot.steer(pl)
                pl.steer(vt.x, vt.y, self.bot.turn)
                if self.bot.let_go:
                    self._release()
        ph = pl.step()
        if pl.phase == _CARRY or pl.phase == _SETTLE:
            self._follow()
        if ph == _DONE:
            w = pl.w
            b = pl.b
            self.vseat = s
            st.placed(w.x(b), w.y(b), w.angle(b))
            self.tw.commit()
            self.bot.invalidate(s)
            self.sub = _U_AFTER
            self.wait = self._delay()
            self._after_rules()
        elif ph == _FELL:
            self.vseat = s
            st.collapsed(pl.culprit, pl.frames)
            self.bot.invalidate(s)
            self.sub = _U_FALL
            self.fall = _FALL_FRAMES
            self.d_head = True
            self.d_prompt = True
            self.c.beep(220, 200)

    def _carry_input(self, c):
        bt = c.buttons
        p = bt.pressed
        r = bt.repeat
        tl = c.tilt
        turn = 0
        x_held = bt.held & B.X
        sensor = tl.source == T.SENSOR
        if p & B.B:
            turn = _QUARTER
        elif sensor or x_held:
            if r & B.LEFT:
                turn = _FINE
            elif r & B.RIGHT:
                turn = -_FINE
            elif r & B.UP:
                turn = _QUARTER
            elif r & B.DOWN:
                turn = -_QUARTER
        if x_held and not sensor:
            self.pl.steer(0, 0, turn)          # the joystick turns: steering waits
        else:
            self.pl.steer(tl.x, tl.y, turn)
        if p & B.A:
            self._release()

    def _release(self):
        pl = self.pl
        b = pl.release()
        if b >= 0:
            w = pl.w
            self.st.released(w.x(b), w.y(b), w.angle(b))
            self.hint[4] = 0
            self.d_prompt = True

    def _fall_step(self):
        s = self.vseat
        w = self.tw.w
        w.step()
        self.fall -= 1
        if self.fall <= 0:
            self.tw.clear(s)
            self.pl.phase = _IDLE
            self.sub = _U_IDLE
            self.d_main = True
            self._after_rules()

    def _finish(self):
        self.over = True
        self.game_over = True
        self.sub = _U_OVER
        self._pick_view()
        self.d_main = True
        self.c.beep(880, 150)

    # -- camera ---------------------------------------------------------------------------------
    def _aim_camera(self):
        """Raise the view by _CAM_STEP steps so that the tower top (and the carried piece) fit."""
        w = self._view_world()
        if w is None:
            return
        top = 0
        pb = self.paint
        for b in range(w.count()):
            pb.box(w, b, 0, 0, 0)
            if -pb.y0 > top:
                top = -pb.y0
        cam = 0
        while top + 24 - cam > _TABLE_M:
            cam += _CAM_STEP
        if cam != self.cam:
            self.cam = cam
            self.d_main = True

    def _follow(self):
        """Keep the carried piece in view."""
        pl = self.pl
        if pl.phase != _CARRY:
            return
        y = (pl.w.y(pl.b) >> 10) + (pl.rmax >> 10)
        lo = (pl.w.y(pl.b) >> 10) - (pl.rmax >> 10)
        cam = self.cam
        if y - cam > _TABLE_M - 4:
            cam += _CAM_STEP
        elif lo - cam < 8 and cam > 0:
            cam -= _CAM_STEP
        if cam != self.cam:
            self.cam = cam
            self.d_main = True
        pl.extend_top((cam + _TABLE_M) << 10)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, g, full):
        if full:
            g.clear(PAL.NAVY)
            self.d_head = True
            self.d_main = True
            self.d_prompt = True
        if self.d_head:
            self.d_head = False
            self._draw_header(g)
        v = self.view
        if self.d_main:
            self.d_main = False
            self.d_cell = -1
            self.d_card = False
            self._draw_main(g)
        elif v == _V_TOWER:
            self._draw_tower_moving(g)
        elif v == _V_SHELF and self.d_cell >= 0:
            self._draw_cell(g, self.d_cell)
            self._draw_cell(g, self.cur)
            self.d_cell = -1
        elif v == _V_CARD and self.d_card:
            self.d_card = False
            self._draw_card_status(g)
        if self.d_prompt:
            self.d_prompt = False
            self._draw_prompt(g)

    def _draw_header(self, g):
        st = self.st
        w = 240 // self.n
        ans = self._answering() if not self.over else -1
        for s in range(self.n):
            x = s * w
            act = st.active == s and not self.over
            g.fill_rect(x, 0, w, _MAIN_Y, PAL.SLATE if act else PAL.BLACK)
            alive = st.alive[s]
            won = self.over and st.v[_V_WINNER] == s
            nw = TX.draw(g, self.names[s], x + 2, 2, SEAT_COL[s] if alive else PAL.GREY,
                         (w - 12) >> 3)
            if alive:
                g.ellipse(x + 5, 15, 3, 3, PAL.YELLOW, True)
                g.number(st.tokens[s], x + 11, 12, PAL.WHITE)
                g.fill_rect(x + 33, 12, 6, 7, PAL.SILVER)
                g.number(st.tower_size(s), x + 41, 12, PAL.WHITE)
            else:
                g.text("out", x + 11, 12, PAL.RED)
            if won:
                g.text("*", x + 3 + nw, 2, PAL.YELLOW)
            if s == ans and st.phase != _P_TURN:
                g.hline(x + 1, _MAIN_Y - 2, w - 2, PAL.YELLOW)

    def _draw_main(self, g):
        v = self.view
        self.fbm.fill(PAL.NAVY)
        g.dirty(0, _MAIN_Y, 240, _MAIN_H)
        if v == _V_SHELF:
            for p in range(_NPIECES):
                self._draw_cell(g, p)
        elif v == _V_CARD:
            self._draw_card(g)
        elif v == _V_TOWER:
            self._draw_tower_all(g)
        elif v == _V_RESULT:
            self._draw_result(g)

    # shelf
    def _draw_cell(self, g, p):
        col = p % 6
        row = p // 6
        x = col * 40
        y = _MAIN_Y + row * 35
        g.fill_rect(x, y, 40, 35, PAL.NAVY)
        o = self.st.owner[p]
        if o == _SUPPLY:
            self.paint.piece(g.fb, p, x + 20, y + 17, 1, D.PCOL[p], PAL.BLACK)
        elif o != _UNUSED:
            self.paint.piece(g.fb, p, x + 20, y + 17, 1, PAL.SLATE, SEAT_COL[o])
        if p == self.cur:
            g.rect(x, y, 40, 35, PAL.YELLOW)
        g.dirty(x, y, 40, 35)

    # auction / push card
    def _draw_card(self, g):
        st = self.st
        p = st.piece
        if p < 0:
            return
        g.fill_rect(60, _MAIN_Y + 6, 120, 112, PAL.SLATE)
        g.rect(60, _MAIN_Y + 6, 120, 112, PAL.GREY)
        self.paint.piece(g.fb, p, 120, _MAIN_Y + 62, 0, D.PCOL[p], PAL.BLACK)
        g.text_center(P.NAMES[p], _MAIN_Y + 124, PAL.WHITE)
        self._draw_card_status(g)

    def _draw_card_status(self, g):
        st = self.st
        y = _MAIN_Y + 140
        g.fill_rect(0, y, 240, _MAIN_H - 140, PAL.NAVY)
        ph = st.phase
        if ph == _P_AUCTION:
            x = g.text("high bid ", 8, y, PAL.SILVER)
            x += g.number(st.v[_V_HIGH], 8 + x, y, PAL.YELLOW)
            x += g.text(" by ", 8 + x, y, PAL.SILVER)
            TX.draw(g, self.names[st.v[_V_HIGHSEAT]], 8 + x, y, SEAT_COL[st.v[_V_HIGHSEAT]])
        elif ph == _P_PUSH:
            x = g.text("pushed by ", 8, y, PAL.SILVER)
            x += TX.draw(g, self.names[st.active], 8 + x, y, SEAT_COL[st.active])
            x += g.text(", cost ", 8 + x, y, PAL.SILVER)
            g.number(st.v[_V_COST], 8 + x, y, PAL.YELLOW)
        else:
            return
        w = 240 // self.n
        for s in range(self.n):
            x = s * w + 2
            if not st.alive[s]:
                g.text("out", x, y + 14, PAL.GREY)
            elif ph == _P_AUCTION:
                if s == st.v[_V_HIGHSEAT]:
                    g.text("high", x, y + 14, PAL.YELLOW)
                elif st.v[_V_IN] & (1 << s):
                    g.text("in", x, y + 14, PAL.WHITE)
                else:
                    g.text("passed", x, y + 14, PAL.GREY)
            elif s == st.ask:
                g.text("has it", x, y + 14, PAL.YELLOW)

    # towers
    def _table_y(self):
        return _TABLE_M + self.cam

    def _view_world(self):
        """The world of the tower on view (loaded from the saved towers when needed), or None
        while a bot tries placements in it."""
        tw = self.tw
        if self.vseat < 0 or (tw.state == _SCRATCH and self.sub == _U_THINK):
            return None
        if tw.state == _LIVE:
            return tw.w
        return tw.load(self.vseat)

    def _draw_tower_all(self, g):
        w = self._view_world()
        if w is None:
            return
        s = self.vseat
        fb = self.fbm
        ty = self._table_y()
        if ty < _MAIN_H:
            fb.fill_rect(0, ty, 240, _MAIN_H - ty, D.TABLE)
        pb = self.paint
        bx = self.bx
        car = w.carried()
        for b in range(w.count()):
            pb.body(fb, w, b, 120, ty, 0, D.PCOL[w.piece(b)], PAL.WHITE if b == car else PAL.BLACK)
            k = b << 2
            bx[k] = pb.x0
            bx[k + 1] = pb.y0
            bx[k + 2] = pb.x1
            bx[k + 3] = pb.y1
            self.mov[b] = 0 if w.flags(b) & _F_SLEEP else 1
            self._key(w, b)
        self.hint[4] = 0
        if self.sub == _U_PLACE and self.pl.phase == _CARRY:
            self._draw_hint(g, True)
        if self.sub == _U_FALL or (self.sub == _U_AFTER and self.st.phase == _P_OVER
                                  and not self.st.alive[s]):
            g.text_center("collapsed!", _MAIN_Y + 8, PAL.RED)

    def _draw_tower_moving(self, g):
        """Repaint only the box where bodies moved since the last frame: the bodies that moved
        are placed again (screen polygons from the world's vertex cache), the others are drawn
        from their polygons as last placed."""
        w = self._view_world()
        if w is None:
            return
        pb = self.paint
        bx = self.bx
        mov = self.mov
        ty = self._table_y()
        n = w.count()
        x0 = 9999
        y0 = 9999
        x1 = -9999
        y1 = -9999
        key = self.key
        # many bodies visibly moving (a tower falling): draw every other frame, so that physics
        # keeps its 30 steps a second and the display 15 pictures (docs/tower.md)
        moved = 0
        for b in range(n):
            if mov[b] or not w.flags(b) & _F_SLEEP:
                q = 3 * b
                if key[q] != w.x(b) >> 9 or key[q + 1] != w.y(b) >> 9 or \
                        key[q + 2] != w.angle(b) >> 5:
                    moved += 1
        if moved >= _HEAVY:
            self.half = not self.half
            if self.half:
                return
        else:
            self.half = False
        for b in range(n):
            now = 0 if w.flags(b) & _F_SLEEP else 1
            if now or mov[b]:
                mov[b] = now
                # a body whose pose rounds as when it was last drawn looks the same: skip it
                q = 3 * b
                kx = w.x(b) >> 9
                ky = w.y(b) >> 9
                ka = w.angle(b) >> 5
                if key[q] == kx and key[q + 1] == ky and key[q + 2] == ka:
                    continue
                key[q] = kx
                key[q + 1] = ky
                key[q + 2] = ka
                k = b << 2
                if bx[k] < x0:
                    x0 = bx[k]
                if bx[k + 1] < y0:
                    y0 = bx[k + 1]
                if bx[k + 2] > x1:
                    x1 = bx[k + 2]
                if bx[k + 3] > y1:
                    y1 = bx[k + 3]
                pb.box(w, b, 120, ty, 0)
                bx[k] = pb.x0
                bx[k + 1] = pb.y0
                bx[k + 2] = pb.x1
                bx[k + 3] = pb.y1
                if pb.x0 < x0:
                    x0 = pb.x0
                if pb.y0 < y0:
                    y0 = pb.y0
                if pb.x1 > x1:
                    x1 = pb.x1
                if pb.y1 > y1:
                    y1 = pb.y1
                pb.place(w, b, 120, ty, 0)
        hint = self.hint
        show_hint = self.sub == _U_PLACE and self.pl.phase == _CARRY and self.hint_opt == 0
        hx = hint[0]
        hy0 = hint[1]
        hy1 = hint[2]
        hc = hint[3]
        hon = hint[4]
        if show_hint:
            self._hint_geometry()
        else:
            hint[4] = 0
        if hx != hint[0] or hy0 != hint[1] or hy1 != hint[2] or hc != hint[3] or hon != hint[4] \
                or (hon and x1 >= x0):
            # the hint changed, or what is redrawn may cut it: repaint it whole (old and new)
            if hon:
                if hx - 1 < x0:
                    x0 = hx - 1
                if hy0 - 1 < y0:
                    y0 = hy0 - 1
                if hx + 2 > x1:
                    x1 = hx + 2
                if hy1 > y1:
                    y1 = hy1
            if hint[4]:
                if hint[0] - 1 < x0:
                    x0 = hint[0] - 1
                if hint[1] - 1 < y0:
                    y0 = hint[1] - 1
                if hint[0] + 2 > x1:
                    x1 = hint[0] + 2
                if hint[2] > y1:
                    y1 = hint[2]
        if x1 < x0:
            return
        x0 -= 1
        y0 -= 1
        x1 += 2
        y1 += 2
        if x0 < 0:
            x0 = 0
        if y0 < 0:
            y0 = 0
        if x1 > 240:
            x1 = 240
        if y1 > _MAIN_H:
            y1 = _MAIN_H
        if x0 >= x1 or y0 >= y1:
            return
        fb = self.fbm
        if ty >= y1:
            fb.fill_rect(x0, y0, x1 - x0, y1 - y0, D.SKY)
        elif ty <= y0:
            fb.fill_rect(x0, y0, x1 - x0, y1 - y0, D.TABLE)
        else:
            fb.fill_rect(x0, y0, x1 - x0, ty - y0, D.SKY)
            fb.fill_rect(x0, ty, x1 - x0, y1 - ty, D.TABLE)
        car = w.carried()
        for b in range(n):
            k = b << 2
            if bx[k] <= x1 and bx[k + 2] >= x0 and bx[k + 1] <= y1 and bx[k + 3] >= y0:
                pb.fill(fb, w.piece(b), D.PCOL[w.piece(b)], PAL.WHITE if b == car else PAL.BLACK)
        if hint[4]:
            self._draw_hint(g, False)
        g.dirty(x0, _MAIN_Y + y0, x1 - x0, y1 - y0)

    def _key(self, w, b):
        q = 3 * b
        self.key[q] = w.x(b) >> 9
        self.key[q + 1] = w.y(b) >> 9
        self.key[q + 2] = w.angle(b) >> 5

    def _hint_geometry(self):
        """Where the carried piece would come to rest straight below, and whether its centre of
        mass would be over its support: a plumb line, green (supported) or red."""
        pl = self.pl
        w = pl.w
        b = pl.b
        hg = self.hg
        if w.awake():
            self.hint_t = 1             # the tower moves: its skyline is read again at rest
        elif self.hint_t:
            self.hint_t = 0
            hg.sky_world(w, b)
        a = w.angle(b) & 0xFE00
        if a != self.hint_a:
            self.hint_a = a
            hg.profile(pl.piece, a)
        x = w.x(b)
        c0 = hg.column_of(x)
        hg.evaluate(c0, pl.found)
        hint = self.hint
        ty = self._table_y()
        sx = 120 + ((x + 512) >> 10)
        top = ty - ((w.y(b) + 512) >> 10)
        bot = ty - ((hg.ry + 32) >> 6)
        if bot < top:
            bot = top
        hint[0] = sx
        hint[1] = top
        hint[2] = bot
        hint[3] = PAL.GREEN if hg.risk < 300 else PAL.YELLOW if hg.risk < 700 else PAL.RED
        hint[4] = 1

    def _draw_hint(self, g, compute):
        if self.hint_opt != 0:
            return
        if compute:
            self._hint_geometry()
        h = self.hint
        if not h[4]:
            return
        fb = self.fbm
        y = h[1]
        while y < h[2]:
            fb.vline(h[0], y, 3, h[3])
            y += 5
        fb.fill_rect(h[0] - 1, h[1] - 1, 3, 3, h[3])

    def _draw_result(self, g):
        n = self.n
        sw = 240 // n
        st = self.st
        for s in range(n):
            fb = self.slots[s]
            w = self.tw.load(s)
            pb = self.paint
            # fit the tower: halve until it is narrow and low enough
            wid = 0
            hi = 0
            for b in range(w.count()):
                pb.box(w, b, 0, 0, 0)
                if -pb.x0 > wid:
                    wid = -pb.x0
                if pb.x1 > wid:
                    wid = pb.x1
                if -pb.y0 > hi:
                    hi = -pb.y0
            shift = 0
            while shift < 3 and ((wid >> shift) * 2 > sw - 4 or (hi >> shift) > _MAIN_H - 40):
                shift += 1
            ty = _MAIN_H - 30
            fb.fill_rect(0, ty, sw - 2, _MAIN_H - ty, D.TABLE)
            for b in range(w.count()):
                pb.body(fb, w, b, (sw >> 1) - 1, ty, shift, D.PCOL[w.piece(b)], PAL.BLACK)
            x = s * sw
            TX.draw(g, self.names[s], x + 2, _MAIN_Y + _MAIN_H - 24, SEAT_COL[s], (sw - 4) >> 3)
            if st.v[_V_WINNER] == s:
                g.text("winner", x + 2, _MAIN_Y + _MAIN_H - 12, PAL.YELLOW)
            elif not st.alive[s]:
                g.text("out", x + 2, _MAIN_Y + _MAIN_H - 12, PAL.RED)
            else:
                g.text("draw", x + 2, _MAIN_Y + _MAIN_H - 12, PAL.SILVER)

    # prompt
    def _draw_prompt(self, g):
        st = self.st
        g.fill_rect(0, _PROMPT_Y, 240, 240 - _PROMPT_Y, PAL.BLACK)
        y1 = _PROMPT_Y + 3
        y2 = _PROMPT_Y + 14
        y3 = _PROMPT_Y + 27
        self._draw_last_event(g, 4, y2)
        if self.over:
            w = st.v[_V_WINNER]
            if w >= 0:
                x = TX.draw(g, self.names[w], 4, y1, SEAT_COL[w])
                g.text(" wins!", 4 + x, y1, PAL.YELLOW)
            else:
                g.text("Draw: every piece placed", 4, y1, PAL.YELLOW)
            g.text("A: back to the launcher", 4, y3, PAL.GREY)
            return
        seat = self._answering()
        if seat < 0:
            return
        nm = self.names[seat]
        col = SEAT_COL[seat]
        human = self._human(seat)
        sub = self.sub
        ph = st.phase
        x = 4 + TX.draw(g, nm, 4, y1, col)
        if sub == _U_FALL:
            s = self.vseat
            x = 4 + TX.draw(g, self.names[s], 4, y1, SEAT_COL[s])
            g.text("'s tower fell!", x, y1, PAL.RED)
            return
        if sub == _U_AFTER:
            g.text(": placed", x, y1, PAL.WHITE)
            return
        if ph == _P_PLACE:
            if sub == _U_PLACE and self.pl.phase == _SETTLE:
                g.text(": settling...", x, y1, PAL.WHITE)
                return
            if not human and sub != _U_PLACE:
                g.text(": where to put it?", x, y1, PAL.WHITE)
                return
            x += g.text(" places ", x, y1, PAL.WHITE)
            g.text(P.NAMES[st.piece], x, y1, PAL.YELLOW)
            if human:
                g.text("tilt move B/X turn A drop", 4, y3, PAL.GREY)
            return
        if sub == _U_THINK:
            g.text(" is thinking...", x, y1, PAL.SILVER)
            return
        if sub == _U_SHOW:
            self._draw_bot_answer(g, x, y1)
            return
        if ph == _P_TURN:
            if sub == _U_OPEN:
                x += g.text(": opening bid ", x, y1, PAL.WHITE)
                g.number(self.amount, x, y1, PAL.YELLOW)
                g.text("U/D amount  A ok  B back", 4, y3, PAL.GREY)
                return
            x += g.text(st.v[_V_AGAIN] and ": again, " or ": ", x, y1, PAL.WHITE)
            p = self.cur
            if st.in_supply(p):
                g.text(P.NAMES[p], x, y1, PAL.YELLOW)
            else:
                g.text("choose a piece", x, y1, PAL.SILVER)
            if human:
                g.text("A build  X push  B tower" if sub != _U_LOOK else "A/B: back to the shelf",
                       4, y3, PAL.GREY)
        elif ph == _P_AUCTION:
            if human:
                x += g.text(": raise to ", x, y1, PAL.WHITE)
                x += g.number(self.amount, x, y1, PAL.YELLOW)
                g.text(" or pass?", x, y1, PAL.WHITE)
                g.text("U/D amount A raise B pass", 4, y3, PAL.GREY)
            else:
                g.text(": raise or pass?", x, y1, PAL.WHITE)
        elif ph == _P_PUSH:
            x += g.text(": accept or pay ", x, y1, PAL.WHITE)
            x += g.number(st.v[_V_COST], x, y1, PAL.YELLOW)
            g.text("?", x, y1, PAL.WHITE)
            if human:
                g.text("A accept  B pay" if st.can_pay(seat) else "A accept (cannot pay)",
                       4, y3, PAL.GREY)

    def _draw_bot_answer(self, g, x, y):
        b = self.bot
        k = b.kind
        if k == _A_BUILD:
            x += g.text(" builds ", x, y, PAL.WHITE)
            g.text(P.NAMES[b.piece], x, y, PAL.YELLOW)
        elif k == _A_PUSH:
            x += g.text(" pushes ", x, y, PAL.WHITE)
            g.text(P.NAMES[b.piece], x, y, PAL.YELLOW)
        elif k == _A_RAISE:
            x += g.text(" raises to ", x, y, PAL.WHITE)
            g.number(b.amount, x, y, PAL.YELLOW)
        elif k == _A_PASS:
            g.text(" passes", x, y, PAL.WHITE)
        elif k == _A_ACCEPT:
            g.text(" accepts", x, y, PAL.WHITE)
        elif k == _A_PAY:
            x += g.text(" pays ", x, y, PAL.WHITE)
            g.number(self.st.v[_V_COST], x, y, PAL.YELLOW)

    def _draw_last_event(self, g, x, y):
        """The newest event worth telling, in words (the log line)."""
        rec = self.record
        i = rec.n - 1
        while i >= 0:
            k = rec.kind(i)
            if k != _E_TURN and k != _E_RELEASE and k != _E_START and k != _E_SEED:
                break
            i -= 1
        if i < 0:
            return
        a = rec.field(i, 0)
        f1 = rec.field(i, 1)
        f2 = rec.field(i, 2)
        if k == _E_RESULT:
            return
        c = SEAT_COL[a] if 0 <= a < 4 else PAL.WHITE
        x += TX.draw(g, self.names[a], x, y, c)
        if k == _E_AGAIN:
            g.text(" was outbid: again", x, y, PAL.SILVER)
        elif k == _E_BUILD:
            x += g.text(" opens at ", x, y, PAL.SILVER)
            g.number(f2, x, y, PAL.SILVER)
        elif k == _E_BID:
            x += g.text(" bids ", x, y, PAL.SILVER)
            g.number(f2, x, y, PAL.SILVER)
        elif k == _E_PASS:
            g.text(" cannot raise" if f2 else " passes", x, y, PAL.SILVER)
        elif k == _E_WIN:
            x += g.text(" wins it for ", x, y, PAL.SILVER)
            g.number(f2, x, y, PAL.SILVER)
        elif k == _E_PUSH:
            x += g.text(" pushes ", x, y, PAL.SILVER)
            g.text(P.NAMES[f1], x, y, PAL.SILVER)
        elif k == _E_PAY:
            x += g.text(" pays ", x, y, PAL.SILVER)
            g.number(f2, x, y, PAL.SILVER)
        elif k == _E_ACCEPT:
            g.text(" must accept" if rec.field(i, 3) else " accepts", x, y, PAL.SILVER)
        elif k == _E_PLACE:
            x += g.text(" placed ", x, y, PAL.SILVER)
            g.text(P.NAMES[f1], x, y, PAL.SILVER)
        elif k == _E_COLLAPSE:
            g.text("'s tower collapsed", x, y, PAL.RED)
        elif k == _E_ELIMINATE:
            g.text(" is out", x, y, PAL.RED)

    # -- the console's questions ---------------------------------------------------------------
    def result(self):
        st = self.st
        w = st.v[_V_WINNER]
        return "winner=%s reason=%s turns=%d placed=%d rows=%d" % (
            "draw" if w < 0 else str(w), R.REASONS[st.v[_V_REASON]], st.v[_V_TURNS],
            _count(self.record, _E_PLACE), self.record.n)

    # -- suspend / resume (games/tower/save.py, imported only when it is needed) --------------
    def snapshot(self):
        """The whole game as bytes (an allocation point), or None once it is decided."""
        if self.over or self.st.phase == _P_OVER:
            return None
        from games.tower import save
        return save.dump(self)

    def words(self, out):
        """The scene's own state, for save.py."""
        out[0] = self.sub
        out[1] = self.wait
        out[2] = self.cur
        out[3] = self.amount
        out[4] = self.fall
        out[5] = self.cam
        out[6] = self.job
        out[7] = self.vseat

    def set_words(self, words):
        self.sub = words[0]
        self.wait = words[1]
        self.cur = words[2]
        self.amount = words[3]
        self.fall = words[4]
        self.cam = words[5]
        self.job = words[6]
        self.vseat = words[7]
        if not 0 <= self.sub < _U_OVER or not 0 <= self.cur < _NPIECES or \
                not -1 <= self.vseat < self.n:
            raise ValueError("scene state")
        if self.sub == _U_PLACE and self.pl.phase == _CARRY:
            self.hint_a = -1
            self.hg.sky_world(self.pl.w, self.pl.b)


def _count(rec, kind):
    k = 0
    for i in range(rec.n):
        if rec.kind(i) == kind:
            k += 1
    return k
