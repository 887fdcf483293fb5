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
numbers go through gfx.number, the towers (towers.py) are made here once. Saving and resuming
are in save.py (imported only then).
"""
from array import array

from micropython import const

from core import modules
from core import text as TX
from core.scene import Scene

from games.tower import draw as D
from games.tower import physics as P
from games.tower import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# physics_kern.py
_DBOX = const(120)          # D16: where the boxes begin
# rules.py
_NPIECES = const(27)
_SUPPLY = const(255)        # owner: in the supply
_UNUSED = const(254)        # owner: not part of this game (short supply options)
_P_TURN = const(0)
_P_AUCTION = const(1)
_P_PUSH = const(2)
_P_PLACE = const(3)
_P_OVER = const(4)
_E_COLLAPSE = const(13)
_V_PHASE = const(0)
_V_ACTIVE = const(1)        # whose turn it is
_V_PIECE = const(2)         # the piece in the auction / push / placement (-1: none)
_V_HIGH = const(3)          # auction: the high bid
_V_HIGHSEAT = const(4)      # auction: its bidder
_V_ASK = const(5)           # auction / push: the seat to answer
_V_IN = const(6)            # auction: bit mask of seats still in
_V_COST = const(7)          # push: the cost to pass it on
_V_PLACER = const(8)
_V_WINNER = const(11)
_V_AGAIN = const(14)        # 1 while the active seat goes on after being outbid
# place.py
_IDLE = const(0)
_CARRY = const(1)
_DONE = const(3)            # placed: tower at rest
_FELL = const(4)            # collapsed
# towers.py
_LIVE = const(1)
_SCRATCH = const(2)
# bot.py
_J_NONE = const(0)          # none
_J_TURN = const(1)          # active seat: Build or Push
_J_BID = const(2)           # asked in an auction
_J_PUSHED = const(3)        # asked on a push
_J_PLACE = const(4)         # where to put the accepted piece
_A_BUILD = const(1)
_A_PUSH = const(2)
_A_RAISE = const(3)
_A_PASS = const(4)
_A_ACCEPT = const(5)
_A_PAY = const(6)
_A_PLACE = const(7)
_S_DONE = const(3)
# core/buttons.py
_BT_A = const(32)
# core/palette.py
_PAL_BLACK = const(0)
_PAL_NAVY = const(1)        # background
_PAL_SLATE = const(2)       # panels
_PAL_GREY = const(3)
_PAL_SILVER = const(4)
_PAL_WHITE = const(5)
_PAL_RED = const(6)
_PAL_ORANGE = const(7)
_PAL_YELLOW = const(8)
_PAL_GREEN = const(9)
_PAL_CYAN = const(11)
_PAL_PINK = const(14)
_PAL_BROWN = const(15)
# core/setup.py
_ST_HUMAN = const(0)
# -- end of the copies --

_BOT_BUDGET = const(64)     # bot thinking units per frame, ~1.3 us each on the unix port (bot.py);
                            # the longest thinking frame on the emulated Pico ~37 ms (46 ms at 80)
_MAIN_Y = const(22)
_MAIN_H = const(178)
_PROMPT_Y = const(200)
_TABLE_M = const(166)       # the table line in the main view (main-view y) with the camera at 0
_CAM_STEP = const(40)
_FALL_FRAMES = const(45)    # a collapse is shown this long before the tower is cleared
_FALL_ITERS = const(2)      # solver iterations while it is shown (physics.World.step): what it
                            # does decides nothing, and fewer keep 20 drawn fps on the Pico

# what the scene waits for (sub)
_U_IDLE = const(0)
_U_THINK = const(1)         # a bot thinks
_U_SHOW = const(2)          # a bot's answer is on screen, applied after the delay
_U_OPEN = const(3)          # a human enters the opening bid
_U_LOOK = const(4)          # a human looks at the own tower from the shelf
_U_PLACE = const(5)         # a piece is carried or settling
_U_FALL = const(6)          # a tower collapses
_U_AFTER = const(7)         # a placement ended: shown for the bot delay
_U_OVER = const(8)

# views
_VW_SHELF = const(1)
_VW_CARD = const(2)
_VW_TOWER = const(3)
_VW_RESULT = const(4)
_VW_TABLE = const(5)        # the table without a tower: a fallen tower is wiped away to it
_VW_LAST = const(_VW_TABLE) # the highest view

# a view switch is wiped in over _NB steps, a band of the main view a step (issue 8: a whole
# view and its push in one frame take 45-87 ms on the Pico); band k is main-view rows
# _BAND[k].._BAND[k + 1] - 1, on the shelf's rows of cells (35 px each)
_NB = const(4)              # 4: the result of 4 seats is wiped in a tower a step (below)
_BAND = b"\x00\x46\x69\x8c\xb2"    # 0, 70, 105, 140, 178

# what to draw at the next draw() (dirt bits)
_D_HEAD = const(1)
_D_MAIN = const(2)
_D_PROMPT = const(4)
_D_CARD = const(8)
_D_ALL = const(7)

SEAT_COL = bytes((_PAL_CYAN, _PAL_ORANGE, _PAL_GREEN, _PAL_PINK))

# every text the scene draws, in one bytes object (a str each would cost about 40 bytes more):
# text _T_X is _TXT[_TAT[_T_X]:_TAT[_T_X + 1] - 1], the texts end with "|"
_TXT = (b"fell|*|high bid | by |pushed by |, cost |has it|high|in|passed|collapsed!|winner|"
        b"draw| wins!|Draw: every piece placed|A: continue|'s tower fell:|"
        b": placed|: settling...|: where to put it?| places |tilt move B/X turn A drop|"
        b" is thinking...|: opening bid |U/D amount  A ok  B back|: again, |: |"
        b"pick a piece|A build  X push  B tower|A/B: back to the shelf|: raise to |"
        b" or pass?|U/D amount A raise B pass|: raise or pass?|: accept or pay |?|"
        b"A accept  B pay|A accept (cannot pay)| cannot raise| must accept|"
        b" was outbid: again| opens at | bids | passes| wins it for | pushes | pays |"
        b" accepts| placed |a piece touched the table| is out: tower fell| builds |"
        b" raises to |a piece left the play area|it was the |")
_TAT = array("H", [0])
for _i in range(len(_TXT)):
    if _TXT[_i] == 124:
        _TAT.append(_i + 1)
del _i
_T_OUT = const(0)           # a seat that is out: "fell" (T-7: out because its tower fell)
_T_STAR = const(1)
_T_HIGHBID = const(2)
_T_BY = const(3)
_T_PUSHEDBY = const(4)
_T_COST = const(5)
_T_HASIT = const(6)
_T_HIGH = const(7)
_T_IN = const(8)
_T_PASSED = const(9)
_T_COLLAPSED = const(10)
_T_WINNER = const(11)
_T_DRAW = const(12)
_T_WINS = const(13)
_T_DRAWN = const(14)
_T_BACK = const(15)
_T_FELL = const(16)
_T_PLACED = const(17)
_T_SETTLING = const(18)
_T_WHERE = const(19)
_T_PLACES = const(20)
_T_KEYS_CARRY = const(21)
_T_THINKING = const(22)
_T_OPENING = const(23)
_T_KEYS_OPEN = const(24)
_T_AGAIN = const(25)
_T_COLON = const(26)
_T_CHOOSE = const(27)
_T_KEYS_SHELF = const(28)
_T_KEYS_LOOK = const(29)
_T_RAISETO = const(30)
_T_ORPASS = const(31)
_T_KEYS_BID = const(32)
_T_RAISEORPASS = const(33)
_T_ACCEPTORPAY = const(34)
_T_QUESTION = const(35)
_T_KEYS_PAY = const(36)
_T_KEYS_ACCEPT = const(37)
_T_CANNOT = const(38)
_T_MUST = const(39)
_T_OUTBID = const(40)
_T_OPENS = const(41)
_T_BIDS = const(42)
_T_PASSES = const(43)
_T_WINSFOR = const(44)
_T_PUSHES = const(45)
_T_PAYS = const(46)
_T_ACCEPTS = const(47)
_T_PLACEDLOG = const(48)
_T_TABLE = const(49)
_T_ISOUT = const(50)
_T_BUILDS = const(51)
_T_RAISES = const(52)
_T_AREA = const(53)
_T_ITWAS = const(54)
_T_NAME = const(64)         # _T_NAME + p: the name of piece p (physics.NAMES)
# the last event in words, by record kind: the text after the player's name, and what follows:
# 1 the number in field 2, 2 the name of the piece in field 1, 3/4 another text when field 2/3
# (forced) is set, 5 the text in red; 9: not told (look further back), 8: nothing (the result)
_EV_TEXT = bytes((0, 0, 0, _T_OUTBID, _T_OPENS, _T_BIDS, _T_PASSES, _T_WINSFOR, _T_PUSHES, _T_PAYS,
                  _T_ACCEPTS, 0, _T_PLACEDLOG, 0, _T_ISOUT, 0, 0))
_EV_ARG = b"\x09\x09\x09\x00\x01\x01\x03\x01\x02\x01\x04\x09\x02\x09\x05\x08\x09"
# a bot's answer (bot.A_*): the text, then 2 a piece's name, 3 the amount, 6 the push cost
_ANS_TEXT = bytes((0, _T_BUILDS, _T_PUSHES, _T_RAISES, _T_PASSES, _T_ACCEPTS, _T_PAYS))


class GameScene(Scene):
    """The game. Its fields are made by startup.py (code that runs only when a game starts)."""
    pausable = True
    secrets = False             # everything is public: no hand-off screen (console.hand_off)
    tilt_input = True           # a human steers the carried piece by tilting the console

    def __init__(self, console, setup, snapshot=None, room=None):
        from games.tower import startup
        startup.build(self, console, setup, snapshot, room)
        modules.forget("games.tower.startup")
        if snapshot is not None:
            from games.tower import save
            save.load(self, snapshot)
            self._pick_view()
        else:
            self._after_rules()

    # -- helpers -------------------------------------------------------------------------------
    def _answering(self):
        """The seat whose choice the game waits for (-1: none)."""
        v = self.st.v
        ph = v[_V_PHASE]
        if ph == _P_TURN:
            return v[_V_ACTIVE]
        if ph == _P_PLACE:
            return v[_V_PLACER]
        if ph == _P_OVER:
            return -1
        return v[_V_ASK]

    def waits_for_human(self):
        """True while only a human's key moves the game on: the console may then sleep
        (core/power.py). Never while bots play on."""
        if self.over:
            return True
        if self.wipe < _NB:
            return False
        sub = self.sub
        if sub == _U_PLACE:                     # a human carries a piece (tilt counts as input)
            return self.pl.phase == _CARRY and self.kinds[self.st.v[_V_PLACER]] == _ST_HUMAN
        if (sub != _U_IDLE and sub != _U_OPEN and sub != _U_LOOK) or self.wait > 0:
            return False
        seat = self._answering()
        return seat >= 0 and self.kinds[seat] == _ST_HUMAN

    def _pick_view(self):
        v = self.st.v
        sub = self.sub
        s = -1
        if v[_V_PHASE] == _P_OVER and sub != _U_FALL and sub != _U_AFTER:
            vw = _VW_RESULT
        elif sub == _U_PLACE or sub == _U_FALL or sub == _U_AFTER:
            vw = _VW_TOWER if self.fall >= 0 else _VW_TABLE
            s = self.vseat if sub != _U_PLACE else v[_V_PLACER]
        elif sub == _U_LOOK:
            vw = _VW_TOWER
            s = v[_V_ACTIVE]
        elif v[_V_PHASE] == _P_TURN:
            vw = _VW_SHELF
        else:
            vw = _VW_CARD
        if vw != self.view or s != self.vseat:
            if self.wipe > 0:
                # the glass shows self.view: it is wiped away (unless a switch earlier in this
                # step already began a wipe, none of it drawn yet)
                self.oview = self.view
                self.ovs = self.vseat
                self.ocam = self.cam
            self.view = vw
            self.vseat = s
            if vw == _VW_TOWER:
                self._aim_camera()
            elif vw == _VW_TABLE:
                self.cam = 0
            if self.oview == _VW_TOWER and vw == _VW_TOWER:
                # another tower (no game switches so): the world holds one tower, so the one
                # wiped away could not be drawn again; a whole repaint
                self.wipe = _NB
                self.dirt |= _D_MAIN
            else:
                # update() moves it on, a band a step; also the game's first view (oview 0: an
                # empty view wiped away), whose whole shelf in one frame took 63 ms on the Pico;
                # its first band waits a step (wipe -1, saved as any wipe): the first frame
                # paints the whole screen
                self.wipe = -1 if self.oview == 0 else 0
                self.wdrawn = 0
        self.dirt |= _D_HEAD | _D_PROMPT

    # -- the scene -----------------------------------------------------------------------------
    def update(self, c):
        if self.over and c.buttons.pressed & _BT_A:
            c.end_game()                # also while the result is still being wiped in
            return
        if self.wipe < _NB:
            # a view is being wiped in (draw() draws the next band): nothing else happens
            # meanwhile, so no band shares its frame with thinking, physics or a human's input
            self.wipe += 1
            return
        if self.over:
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
        seat = self._answering()
        if seat < 0:
            self.over = True
            self.game_over = True
            self.sub = _U_OVER
            self._pick_view()               # the result, already on view (or being wiped in)
            c.beep(880, 150)
        elif self.kinds[seat] == _ST_HUMAN:
            self.hum.answer(self, c, seat)
        else:
            self._bot_turn(seat)

    # -- a placement's steps, a collapse -------------------------------------------------------
    def _place_step(self, c):
        """A piece is carried (steered by a human or a bot), then settles or falls."""
        pl = self.pl
        s = self.st.v[_V_PLACER]
        if pl.phase == _CARRY:
            if self._follow(pl):
                return          # the camera steps: the view is wiped in first (below)
            if self.kinds[s] == _ST_HUMAN:
                go = self.hum.carry(self, c, pl)
            else:
                b = self.bot
                vt = b.steer(pl)
                pl.steer(vt.x, vt.y, b.turn)
                go = b.let_go
            if go and pl.release() >= 0:
                w = pl.w
                b = pl.b
                self.st.released(w.x(b), w.y(b), w.angle(b))
                self.dirt |= _D_PROMPT
                return          # the release and its prompt: the physics steps from the next
                                # step on (with 10 awake bodies both took 41.5 ms on the Pico)
        was = pl.phase
        ph = pl.step()
        if was == _DONE or was == _FELL:
            # a placement that ended in the last step (its physics: placed or collapsed) is
            # recorded in this one (issue 8: both in one frame took up to 64 ms on the Pico)
            self.vseat = s
            self.bot.valid[s] = 0           # its risk row is stale
            if ph == _DONE:
                w = pl.w
                b = pl.b
                self.st.placed(w.x(b), w.y(b), w.angle(b))
                self.tw.commit()
                self.sub = _U_AFTER
                self.wait = self.c.settings.bot_delay
                self._after_rules()
            else:
                self.st.collapsed(pl.culprit, pl.frames, pl.why)
                self.sub = _U_FALL
                self.fall = _FALL_FRAMES
                self.dirt |= _D_HEAD | _D_PROMPT
                self.c.beep(220, 200)

    def _fall_step(self):
        """A collapse is shown (its physics goes on), its tower wiped away, then cleared."""
        if self.fall > 0:
            self.tw.w.step(_FALL_ITERS)
            self.fall -= 1
        elif self.fall == 0:
            self.fall = -1
            self._pick_view()               # the fallen tower is wiped away (_VW_TABLE)
        else:
            self.fall = 0
            self.tw.clear(self.vseat)       # then the tower is gone
            self.pl.phase = _IDLE
            self.sub = _U_IDLE
            self._after_rules()

    # -- bots ----------------------------------------------------------------------------------
    def _bot_turn(self, seat):
        """A bot thinks (a fixed budget a step), then shows its answer. Thinking has frames of
        its own: the frame that starts a job (its prompt, maybe a new view), the one that shows
        the answer and the one that applies it (often a new view: a whole repaint) do not think,
        so that no frame of the Pico adds a budget of thinking to a redraw (issue 8)."""
        b = self.bot
        if self.sub != _U_THINK:
            ph = self.st.v[_V_PHASE]
            job = _J_TURN if ph == _P_TURN else _J_BID if ph == _P_AUCTION else \
                _J_PUSHED if ph == _P_PUSH else _J_PLACE
            b.begin(job, seat, self.kinds[seat])
            self.job = job
            self.sub = _U_THINK
            self.dirt |= _D_PROMPT
            if job == _J_PLACE:
                self._pick_view()
            return
        if b.stage != _S_DONE:
            b.step(_BOT_BUDGET)
            return                      # the answer is taken up by the next frame
        job = self.job
        self.job = _J_NONE
        self.sub = _U_SHOW              # applied by a later frame (_apply_bot)
        if job == _J_PLACE:
            # the placement starts at once, in the next frame; its tower is loaded again (after
            # the bot's trials) in this one, so that that frame does less
            self.tw.load(self.st.v[_V_PLACER])
            return
        if b.kind == _A_BUILD or b.kind == _A_PUSH:
            self._move_cursor(b.piece)
        self.dirt |= _D_PROMPT
        self.wait = self.c.settings.bot_delay

    def _apply_bot(self):
        b = self.bot
        st = self.st
        k = b.kind
        self.sub = _U_IDLE
        if k == _A_PLACE:
            self._begin_place()
            return
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
        self.dirt |= _D_HEAD | _D_PROMPT | _D_CARD
        v = self.st.v
        ph = v[_V_PHASE]
        if ph == _P_PLACE and self.kinds[v[_V_PLACER]] == _ST_HUMAN:
            self._begin_place()
        elif ph == _P_TURN and not self.st.in_supply(self.cur):
            # the cursor on the first supply piece
            self.cur = 0
            for p in range(_NPIECES - 1, -1, -1):
                if self.st.owner[p] == _SUPPLY:
                    self.cur = p
        self._pick_view()
        if (ph == _P_AUCTION or ph == _P_PUSH) and self.kinds[v[_V_ASK]] == _ST_HUMAN:
            self.amount = v[_V_HIGH] + 1

    # -- humans --------------------------------------------------------------------------------
    def _move_cursor(self, c):
        if c != self.cur:
            self.d_cell = self.cur
            self.cur = c
            self.dirt |= _D_PROMPT

    # -- placing -------------------------------------------------------------------------------
    def _begin_place(self):
        v = self.st.v
        tw = self.tw
        tw.load(v[_V_PLACER])
        tw.state = _LIVE                    # the world is the real tower until commit()
        w = tw.w
        g = self.bot.g
        g.sky_world(w)
        self.pl.begin(w, v[_V_PIECE], w.count() == 0, g.height, g.out)
        self.sub = _U_PLACE
        self.hint_a = -1
        self.hint_t = 0
        self.hint[4] = 0
        self._pick_view()
        self.dirt |= _D_MAIN
        self._aim_camera()

    # -- camera ---------------------------------------------------------------------------------
    def _follow(self, pl):
        """Keep the carried piece in view (as drawn, before this step moves it): near the view's
        top or bottom edge the camera steps by _CAM_STEP. The step is wiped in like a view
        switch, the same tower at the new camera a band a step (issue 8: a whole repaint of the
        view, 40.7 ms on the Pico), so True: nothing else happens in this step."""
        y = pl.w.y(pl.b) >> 10
        r = pl.rmax >> 10
        cam = self.cam
        if y + r - cam > _TABLE_M - 4:
            cam += _CAM_STEP
        elif y - r - cam < 8 and cam > 0:
            cam -= _CAM_STEP
        t = (cam + _TABLE_M) << 10              # the target may rise as the camera follows
        if t > pl.ytop:
            pl.ytop = t
        if cam == self.cam:
            return False
        self.oview = _VW_TOWER                  # wiped away: the same tower at the old camera
        self.ovs = self.vseat
        self.ocam = self.cam
        self.cam = cam
        self.wipe = 0
        self.wdrawn = 0
        return True

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
            self.dirt |= _D_MAIN

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, g, full):
        if full:
            g.clear(_PAL_NAVY)
            self.dirt |= _D_ALL
        d = self.dirt
        self.dirt = 0
        if d & _D_HEAD:
            self._draw_header(g, full)
        v = self.view
        if full and self.wipe < _NB:
            # mid-wipe: the view wiped away, then the bands wiped in so far (below)
            g.dirty(0, _MAIN_Y, 240, _MAIN_H)
            self._draw_old(g)
            self.wdrawn = 0
        if self.wdrawn < self.wipe:
            self._draw_bands(g)
        elif self.wipe < _NB:
            # no band in this step: what changed in the view being wiped away (a card's status,
            # in the last band)
            if d & _D_CARD and self.oview == _VW_CARD:
                self._draw_card_status(g)
        elif full or d & _D_MAIN:
            g.dirty(0, _MAIN_Y, 240, _MAIN_H)
            self._draw_view(g, self.fbm, 0, _MAIN_H)
        elif v == _VW_TOWER:
            self._draw_tower(g, False, self.fbm)
        elif v == _VW_SHELF and self.d_cell >= 0:
            self._draw_cell(g, self.d_cell, False)
            self._draw_cell(g, self.cur, False)
            self.d_cell = -1
        elif v == _VW_CARD and d & _D_CARD:
            self._draw_card_status(g)
        if d & _D_PROMPT:
            self._draw_prompt(g)

    def _draw_view(self, g, fbm, r0, r1):
        """The view on main-view rows r0..r1 - 1, drawn whole into fbm (the main view) and g
        (the screen), both cut short at row r1 when a band is wiped in (then g is the Pen, which
        marks nothing). Drawn again over rows above r0 (a tower, a card: all of it in its
        drawing order, so those rows come out as they were), or not at all (shelf rows)."""
        self.d_cell = -1
        fbm.fill_rect(0, r0, 240, r1 - r0, _PAL_NAVY)
        v = self.view
        if v == _VW_SHELF:
            for p in range(r0 // 35 * 6, min(_NPIECES, (r1 + 34) // 35 * 6)):
                self._draw_cell(g, p, True)
        elif v == _VW_CARD:
            p = self.st.v[_V_PIECE]
            if p >= 0:
                g.fill_rect(60, _MAIN_Y + 6, 120, 112, _PAL_SLATE)
                g.rect(60, _MAIN_Y + 6, 120, 112, _PAL_GREY)
                self.paint.piece(g.fb, p, 120, _MAIN_Y + 62, 0, D.PCOL[p], _PAL_BLACK)
                self._say(g, _T_NAME + p, -1, _MAIN_Y + 124, _PAL_WHITE)
                self._draw_card_status(g)
        elif v == _VW_TOWER:
            self._draw_tower(g, True, fbm)
        elif v == _VW_TABLE:
            ty = _TABLE_M + self.cam
            fbm.fill_rect(0, ty, 240, _MAIN_H - ty, _PAL_BROWN)
        elif v == _VW_RESULT:
            self._draw_result(g, fbm, 0, self.n)

    def _draw_bands(self, g):
        """The bands of the view wiped in since the last draw (wdrawn..wipe - 1)."""
        k = self.wipe
        pen = self.pen
        if self.view == _VW_RESULT:
            # the result is wiped in by seat columns, the seats s0..s1 - 1 a step: a band of rows
            # loaded and drew every tower again (the second band took 41 ms on the Pico), two
            # towers a step 42.7 ms
            n = self.n
            sw = 240 // n
            s0 = self.wdrawn * n // _NB
            s1 = k * n // _NB
            if s1 > s0:
                pen.fb = self.wfb[_NB - 1]
                fbm = self.wfbm[_NB - 1]
                fbm.fill_rect(s0 * sw, 0, (s1 - s0) * sw, _MAIN_H, _PAL_NAVY)
                self._draw_result(pen, fbm, s0, s1)
                g.dirty(s0 * sw, _MAIN_Y, (s1 - s0) * sw, _MAIN_H)
            self.wdrawn = k
            return
        r0 = _BAND[self.wdrawn]
        r1 = _BAND[k]
        pen.fb = self.wfb[k - 1]
        self._draw_view(pen, self.wfbm[k - 1], r0, r1)
        g.dirty(0, _MAIN_Y + r0, 240, r1 - r0)
        self.wdrawn = k

    def _draw_old(self, g):
        """The whole view being wiped away (oview, its seat and camera)."""
        v = self.view
        s = self.vseat
        cam = self.cam
        self.view = self.oview
        self.vseat = self.ovs
        self.cam = self.ocam
        self._draw_view(g, self.fbm, 0, _MAIN_H)
        self.view = v
        self.vseat = s
        self.cam = cam

    def _draw_header(self, g, full):
        """The seat chips: those whose content changed since they were drawn (hd: per seat its
        flags, tokens and tower size as last drawn), or all of them."""
        st = self.st
        v = st.v
        w = 240 // self.n
        ans = self._answering() if not self.over else -1
        hd = self.hd
        for s in range(self.n):
            alive = st.alive[s]
            f = (1 if v[_V_ACTIVE] == s and not self.over else 0) | (2 if alive else 0) | \
                (4 if self.over and v[_V_WINNER] == s else 0) | \
                (8 if s == ans and v[_V_PHASE] != _P_TURN else 0)
            k = 3 * s
            size = st.tower_size(s)
            if not full and hd[k] == f and hd[k + 1] == st.tokens[s] and hd[k + 2] == size:
                continue
            hd[k] = f
            hd[k + 1] = st.tokens[s]
            hd[k + 2] = size
            x = s * w
            g.fill_rect(x, 0, w, _MAIN_Y, _PAL_SLATE if f & 1 else _PAL_BLACK)
            nw = TX.draw(g, self.names[s], x + 2, 2, SEAT_COL[s] if alive else _PAL_GREY,
                         (w - 12) >> 3)
            if alive:
                g.ellipse(x + 5, 15, 3, 3, _PAL_YELLOW, True)
                g.number(st.tokens[s], x + 11, 12, _PAL_WHITE)
                g.fill_rect(x + 33, 12, 6, 7, _PAL_SILVER)
                g.number(size, x + 41, 12, _PAL_WHITE)
            else:
                self._say(g, _T_OUT, x + 11, 12, _PAL_RED)
            if f & 4:
                self._say(g, _T_STAR, x + 3 + nw, 2, _PAL_YELLOW)
            if f & 8:
                g.hline(x + 1, _MAIN_Y - 2, w - 2, _PAL_YELLOW)

    def _draw_cell(self, g, p, whole):
        """Shelf cell of piece p: the piece (greyed with its owner's colour when in a tower).
        whole: the whole shelf is drawn on a cleared, dirty main view (the cell is not cleared
        or marked again)."""
        x = (p % 6) * 40
        y = _MAIN_Y + (p // 6) * 35
        if not whole:
            g.fill_rect(x, y, 40, 35, _PAL_NAVY)
        o = self.st.owner[p]
        if o != _UNUSED:
            self.paint.piece(g.fb, p, x + 20, y + 17, 1, D.PCOL[p] if o == _SUPPLY else _PAL_SLATE,
                             _PAL_BLACK if o == _SUPPLY else SEAT_COL[o])
        if p == self.cur:
            g.rect(x, y, 40, 35, _PAL_YELLOW)
        if not whole:
            g.dirty(x, y, 40, 35)

    def _draw_card_status(self, g):
        """Below the piece card: the high bid (auction) or who pushed it (push), each seat."""
        st = self.st
        v = st.v
        y = _MAIN_Y + 140
        g.fill_rect(0, y, 240, _MAIN_H - 140, _PAL_NAVY)
        ph = v[_V_PHASE]
        if ph == _P_AUCTION:
            x = 8 + self._say(g, _T_HIGHBID, 8, y, _PAL_SILVER)
            x += g.number(v[_V_HIGH], x, y, _PAL_YELLOW)
            x += self._say(g, _T_BY, x, y, _PAL_SILVER)
            TX.draw(g, self.names[v[_V_HIGHSEAT]], x, y, SEAT_COL[v[_V_HIGHSEAT]])
        elif ph == _P_PUSH:
            x = 8 + self._say(g, _T_PUSHEDBY, 8, y, _PAL_SILVER)
            x += TX.draw(g, self.names[v[_V_ACTIVE]], x, y, SEAT_COL[v[_V_ACTIVE]])
            x += self._say(g, _T_COST, x, y, _PAL_SILVER)
            g.number(v[_V_COST], x, y, _PAL_YELLOW)
        else:
            return
        w = 240 // self.n
        y += 14
        for s in range(self.n):
            x = s * w + 2
            if not st.alive[s]:
                self._say(g, _T_OUT, x, y, _PAL_GREY)
            elif ph == _P_PUSH:
                if s == v[_V_ASK]:
                    self._say(g, _T_HASIT, x, y, _PAL_YELLOW)
            elif s == v[_V_HIGHSEAT]:
                self._say(g, _T_HIGH, x, y, _PAL_YELLOW)
            elif v[_V_IN] & (1 << s):
                self._say(g, _T_IN, x, y, _PAL_WHITE)
            else:
                self._say(g, _T_PASSED, x, y, _PAL_GREY)

    # towers
    def _view_world(self):
        """The world of the tower on view (loaded from the saved towers when needed), or None
        while a bot tries placements in it."""
        tw = self.tw
        if self.vseat < 0 or (tw.state == _SCRATCH and self.sub == _U_THINK):
            return None
        if tw.state == _LIVE:
            return tw.w
        return tw.load(self.vseat)

    def _draw_tower(self, g, whole, fb):
        """The tower on view: whole, or only what changed since the last frame. A body whose
        screen polygon changed (or whose edge colour did: the carried piece is edged white) is
        placed again from the world's vertex cache; the box around its old and new polygons is
        marked (several such boxes are kept apart, so that bodies moving in two places do not
        repaint everything between them). Each box is cleared and every body overlapping it is
        drawn again in drawing order, cut to the box (the polygon kernel clips; what framebuf
        draws is not cut, and the box grows by it). On top: the balance hint and the collapse
        label. fb: the main view."""
        w = self._view_world()
        if w is None:
            return
        pb = self.paint
        bx = self.bx
        ty = _TABLE_M + self.cam
        n = w.count()
        car = w.carried()
        was = self.car
        self.car = car
        # the bodies whose polygons changed placed again, the boxes to repaint marked (in bx at
        # _DBOX)
        nb = w.k.k_scan(w.w32, w.w16, pb.z, self.pose, bx, n, car, was, ty, pb.zb,
                        1 if whole else 0)
        # the overlays: the hint now and as last drawn (hint[5:10]), the label
        hint = self.hint
        for i in range(5):
            hint[5 + i] = hint[i]
        self._hint()
        ovl = whole or self.label != (self.sub == _U_FALL)
        self.label = self.sub == _U_FALL
        for i in range(5):
            if hint[i] != hint[5 + i]:
                ovl = True
                if hint[9]:                 # erase it
                    nb = w.k.k_mark(bx, nb, hint[5] - 1, hint[6] - 1, hint[5] + 1, hint[7] + 1)
                break
        if nb:
            ovl = True
            pb.view(fb)
            for i in range(_DBOX, _DBOX + (nb << 2), 4):
                x0 = bx[i] - 1 if bx[i] > 0 else 0
                y0 = bx[i + 1] - 1 if bx[i + 1] > 0 else 0
                x1 = bx[i + 2] + 1 if bx[i + 2] < 239 else 239
                y1 = bx[i + 3] + 1 if bx[i + 3] < _MAIN_H - 1 else _MAIN_H - 1
                if x0 > x1 or y0 > y1:
                    continue
                g.dirty(x0, _MAIN_Y + y0, x1 + 1 - x0, y1 + 1 - y0)
                if ty > y0:
                    fb.fill_rect(x0, y0, x1 + 1 - x0, (ty if ty <= y1 else y1 + 1) - y0, _PAL_NAVY)
                if ty <= y1:
                    fb.fill_rect(x0, ty if ty > y0 else y0, x1 + 1 - x0,
                                 y1 + 1 - (ty if ty > y0 else y0), _PAL_BROWN)
                pb.clip(x0, y0, x1, y1)
                # every body in the box drawn again in drawing order, cut to the box; a body that
                # framebuf drew whole (not cut) covers bodies outside it: the box grows by it, so
                # the later ones there are drawn over it again
                for b in range(n):
                    k = b << 2
                    if bx[k] <= x1 and x0 <= bx[k + 2] and bx[k + 1] <= y1 and y0 <= bx[k + 3]:
                        p = w.piece(b)
                        if not pb.fill(p, D.PCOL[p], _PAL_WHITE if b == car else _PAL_BLACK):
                            x0 = max(0, min(x0, bx[k]))
                            y0 = max(0, min(y0, bx[k + 1]))
                            x1 = min(239, max(x1, bx[k + 2]))
                            y1 = min(_MAIN_H - 1, max(y1, bx[k + 3]))
                            pb.clip(x0, y0, x1, y1)
        if ovl:
            if hint[4]:
                y = hint[1]
                while y < hint[2]:
                    fb.vline(hint[0], y, 3, hint[3])
                    y += 5
                fb.fill_rect(hint[0] - 1, hint[1] - 1, 3, 3, hint[3])
                g.dirty(hint[0] - 1, _MAIN_Y + hint[1] - 1, 3, hint[2] - hint[1] + 3)
            if self.label:
                self._say(g, _T_COLLAPSED, -1, _MAIN_Y + 8, _PAL_RED)

    def _hint(self):
        """The balance hint into hint[0:5]: a plumb line from the carried piece's centre of mass
        down to where it would rest, green when the drop test calls it safe, yellow, red when it
        would tip (x, top, bottom, colour, shown)."""
        hint = self.hint
        hint[4] = 0
        pl = self.pl
        if self.sub != _U_PLACE or pl.phase != _CARRY or self.opt[2] != 0:
            return
        w = pl.w
        b = pl.b
        hg = self.bot.g
        if w.awake():
            self.hint_t = 1             # the tower moves: its skyline is read again at rest
        elif self.hint_t:
            self.hint_t = 0
            hg.sky_world(w, b)
            self.hint_c = -1
        a = w.angle(b) & 0xFE00
        if a != self.hint_a:
            self.hint_a = a
            hg.profile(pl.piece, a)
            self.hint_c = -1
        x = w.x(b)
        c = ((x >> 10) + 121) >> 1            # the column under the centroid
        c = 0 if c < 0 else 119 if c > 119 else c
        k = (c << 1) | (1 if pl.found else 0)
        if k != self.hint_c:
            # the drop test again only when its column, the profile or the skyline changed
            # (the tower moving leaves its skyline as it was at rest: above); a piece held still
            # over a moving tower cost 1.4 ms a frame on the Pico
            self.hint_c = k
            hg.evaluate(c, pl.found)
            self.hint_ry = hg.ry
            self.hint_risk = hg.risk
        ty = _TABLE_M + self.cam
        top = ty - ((w.y(b) + 512) >> 10)
        bot = ty - ((self.hint_ry + 32) >> 6)
        hint[0] = 120 + ((x + 512) >> 10)
        hint[1] = top
        hint[2] = bot if bot > top else top
        risk = self.hint_risk
        hint[3] = _PAL_GREEN if risk < 300 else _PAL_YELLOW if risk < 700 else _PAL_RED
        hint[4] = 1

    def _draw_result(self, g, fb, s0, s1):
        """Every tower side by side (those of seats s0..s1 - 1), each scaled to fit its slot
        (the play area keeps it inside), with its owner and the outcome. fb: the main view."""
        sw = 240 // self.n
        st = self.st
        pb = self.paint
        y = _MAIN_Y + _MAIN_H - 12
        for s in range(s0, s1):
            w = self.tw.load(s)
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
            x = s * sw
            fb.fill_rect(x, _MAIN_H - 30, sw - 2, 30, _PAL_BROWN)
            pb.view(fb)
            for b in range(w.count()):
                p = w.piece(b)
                pb.place(w, b, x + (sw >> 1) - 1, _MAIN_H - 30, shift)
                pb.fill(p, D.PCOL[p], _PAL_BLACK)
            x += 2
            TX.draw(g, self.names[s], x, y - 12, SEAT_COL[s], (sw - 4) >> 3)
            if st.v[_V_WINNER] == s:
                self._say(g, _T_WINNER, x, y, _PAL_YELLOW)
            elif not st.alive[s]:
                self._say(g, _T_OUT, x, y, _PAL_RED)
            else:
                self._say(g, _T_DRAW, x, y, _PAL_SILVER)

    # prompt
    def _draw_prompt(self, g):
        st = self.st
        v = st.v
        g.fill_rect(0, _PROMPT_Y, 240, 240 - _PROMPT_Y, _PAL_BLACK)
        y = _PROMPT_Y + 3
        ly = _PROMPT_Y + 14
        y3 = _PROMPT_Y + 27
        sub = self.sub
        rec = self.record
        e = self.ev
        while e[0] < rec.n:                 # the rows added since the last look
            k = rec.buf[e[1]]
            if _EV_ARG[k] != 9:
                e[2] = e[1]                 # the newest event worth telling
            if k == _E_COLLAPSE:
                e[3] = e[1]                 # the newest collapse
            e[1] += R._ROWLEN[k]
            e[0] += 1
        if sub == _U_FALL:
            # a tower falls: whose, and why (its collapse row says)
            j = e[3]
            s = rec.get(j, 0)
            x = 4 + TX.draw(g, self.names[s], 4, y, SEAT_COL[s])
            self._say(g, _T_FELL, x, y, _PAL_RED)
            self._say(g, _T_TABLE if rec.get(j, 4) == 1 else _T_AREA, 4, ly, _PAL_WHITE)
            x = 4 + self._say(g, _T_ITWAS, 4, y3, _PAL_SILVER)
            self._say(g, _T_NAME + rec.get(j, 2), x, y3, _PAL_YELLOW)
            return
        # the log line: the newest event worth telling, in words
        j = e[2]
        if j >= 0 and _EV_ARG[rec.buf[j]] != 8:
            k = rec.buf[j]
            arg = _EV_ARG[k]
            a = rec.get(j, 0)
            x = 4 + TX.draw(g, self.names[a], 4, ly, SEAT_COL[a])
            t = _EV_TEXT[k]
            if arg == 3 and rec.get(j, 2):
                t = _T_CANNOT
            elif arg == 4 and rec.get(j, 3):
                t = _T_MUST
            x += self._say(g, t, x, ly, _PAL_RED if arg == 5 else _PAL_SILVER)
            if arg == 1:
                g.number(rec.get(j, 2), x, ly, _PAL_SILVER)
            elif arg == 2:
                self._say(g, _T_NAME + rec.get(j, 1), x, ly, _PAL_SILVER)
        keys = -1
        if self.over:
            w = v[_V_WINNER]
            if w >= 0:
                x = 4 + TX.draw(g, self.names[w], 4, y, SEAT_COL[w])
                self._say(g, _T_WINS, x, y, _PAL_YELLOW)
            else:
                self._say(g, _T_DRAWN, 4, y, _PAL_YELLOW)
            self._say(g, _T_BACK, 4, y3, _PAL_GREY)
            return
        if sub == _U_AFTER:
            seat = self.vseat               # the placer, whose tower is on view
        else:
            seat = self._answering()
            if seat < 0:
                return
        x = 4 + TX.draw(g, self.names[seat], 4, y, SEAT_COL[seat])
        human = self.kinds[seat] == _ST_HUMAN
        ph = v[_V_PHASE]
        if sub == _U_AFTER:
            self._say(g, _T_PLACED, x, y, _PAL_WHITE)
        elif ph == _P_PLACE:
            if sub == _U_PLACE and self.pl.w.carried() < 0:
                # let go: settling (or settled or fallen in the last step, told in this one)
                self._say(g, _T_SETTLING, x, y, _PAL_WHITE)
            elif not human and sub != _U_PLACE:
                self._say(g, _T_WHERE, x, y, _PAL_WHITE)
            else:
                x += self._say(g, _T_PLACES, x, y, _PAL_WHITE)
                self._say(g, _T_NAME + v[_V_PIECE], x, y, _PAL_YELLOW)
                if human:
                    keys = _T_KEYS_CARRY
        elif sub == _U_THINK:
            self._say(g, _T_THINKING, x, y, _PAL_SILVER)
        elif sub == _U_SHOW:
            b = self.bot
            k = b.kind
            x += self._say(g, _ANS_TEXT[k], x, y, _PAL_WHITE)
            if k <= _A_PUSH:
                self._say(g, _T_NAME + b.piece, x, y, _PAL_YELLOW)
            elif k == _A_RAISE or k == _A_PAY:
                g.number(b.amount if k == _A_RAISE else v[_V_COST], x, y, _PAL_YELLOW)
        elif ph == _P_TURN:
            if sub == _U_OPEN:
                x += self._say(g, _T_OPENING, x, y, _PAL_WHITE)
                g.number(self.amount, x, y, _PAL_YELLOW)
                keys = _T_KEYS_OPEN
            else:
                x += self._say(g, _T_AGAIN if v[_V_AGAIN] else _T_COLON, x, y, _PAL_WHITE)
                if st.in_supply(self.cur):
                    self._say(g, _T_NAME + self.cur, x, y, _PAL_YELLOW)
                else:
                    self._say(g, _T_CHOOSE, x, y, _PAL_SILVER)
                if human:
                    keys = _T_KEYS_SHELF if sub != _U_LOOK else _T_KEYS_LOOK
        elif ph == _P_AUCTION:
            if human:
                x += self._say(g, _T_RAISETO, x, y, _PAL_WHITE)
                x += g.number(self.amount, x, y, _PAL_YELLOW)
                self._say(g, _T_ORPASS, x, y, _PAL_WHITE)
                keys = _T_KEYS_BID
            else:
                self._say(g, _T_RAISEORPASS, x, y, _PAL_WHITE)
        elif ph == _P_PUSH:
            x += self._say(g, _T_ACCEPTORPAY, x, y, _PAL_WHITE)
            x += g.number(v[_V_COST], x, y, _PAL_YELLOW)
            self._say(g, _T_QUESTION, x, y, _PAL_WHITE)
            if human:
                keys = _T_KEYS_PAY if st.can_pay(seat) else _T_KEYS_ACCEPT
        if keys >= 0:
            self._say(g, keys, 4, y3, _PAL_GREY)

    def _say(self, g, t, x, y, c):
        """Text t (_T_*, or _T_NAME + a piece's number: its name) at x, y (centred when x < 0)
        in colour c, glyph by glyph; returns its width."""
        d = _TXT
        if t >= _T_NAME:
            d = P.NAMES
            i = P.NAT[t - _T_NAME]
            e = P.NAT[t - _T_NAME + 1]
        else:
            i = _TAT[t]
            e = _TAT[t + 1] - 1
        w = (e - i) << 3
        if x < 0:
            x = (240 - w) >> 1
        g.dirty(x, y, w, 8)
        fb = g.fb
        while i < e:
            k = d[i]
            if k == 39:
                TX.glyph(fb, k, x, y, c)    # the apostrophe: core.text's own (the font's is an
            else:                           # accent); the rest inline, as core.text.draw does
                fb.text(TX.GLYPHS[k - 32], x, y, c)
            x += 8
            i += 1
        return w

    # -- the console's questions ---------------------------------------------------------------
    @property
    def winners(self):
        """Once the game is over: the winner's bit, or 0 for a draw (T-7)."""
        w = self.st.v[_V_WINNER]
        return 0 if w < 0 else 1 << w

    def result(self):
        """One line for the simulator (allocates; called after the game)."""
        from games.tower.events import result
        return result(self)

    def snapshot(self):
        """The whole game as bytes (an allocation point), or None once it is decided."""
        if self.over or self.st.v[_V_PHASE] == _P_OVER:
            return None
        from games.tower import save
        return save.dump(self)
