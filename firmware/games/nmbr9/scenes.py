"""NMBR 9 on the 240x240 screen: one display at a time, the ghost of the tile to place.

Layout (docs/nmbr9.md):
    y   0..27   header: the seat to play (its colour) and what it does; the viewed seat and its
                score ("wins" after it at the end); the cards left (not at the end); the card
                to place, large on the right
    y  30..229  the viewed display: 20 x 20 cells of 10 px from x = 20 (the whole display, no
                scrolling). A cell's colour is its height (level + 1); each tile is framed in
                black against its neighbours and shows its level as a small digit (level 1 and
                up). The ghost (a 2 px frame on each square of the tile) is white where the
                placement is legal, red where not, yellow for a bot's choice.
    y 230..239  the footer: the level and points of a legal ghost, or why it is not legal

The view follows the seat to play; X shows the next seat's display (others' displays are
public), A on someone else's display comes back. A human moves the ghost with the stick, turns
it with B and places it with A; the level is the one it rests on (docs/nmbr9.md: one per
position). Everything is public: no hand-off screen. A bot's choice is shown for `bot_delay`
steps before it is placed.

Nothing allocates after __init__: texts are constants or bytearrays, numbers go through
gfx.number, the bot thinks BOT_BUDGET units a step.
"""
from array import array

from micropython import const

from core import buttons as B
from core import fastpath
from core import palette as P
from core import text as TX
from core.gfx import DIGITS
from core.record import Record
from core.rng import Rng
from core.scene import Scene

from games.nmbr9 import art
from games.nmbr9 import rules as R
from games.nmbr9 import tiles as T
from games.nmbr9.bot import Bot

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_HUMAN = const(0)
# core/settings.py
_SET_NAME_LEN = const(8)
# -- end of the copies --

# units of bot thinking per step; emulated Pico: 40 units made a worst step of 28.5 ms
# (docs/nmbr9.md), 28 leave room for the frame's drawing under 40 ms
BOT_BUDGET = const(28)
# a view change is drawn this many rows of cells a step (the whole display at once took up to
# 66 ms on the emulated Pico; docs/nmbr9.md)
_BAND = const(7)
_BX = const(20)             # the display's left edge and top (px)
_BY = const(30)
_CELL = const(10)
_FOOT_Y = const(230)
_TABLE = const(255)         # in `shown`: the row still shows solitaire's table

M_PLAY = const(0)
M_OVER = const(1)

S_IDLE = const(0)           # the turn has not begun
S_HUMAN = const(1)          # a human moves the ghost
S_THINK = const(2)          # a bot thinks
S_SHOW = const(3)           # a bot's choice is shown before it is placed

SEAT_COLOURS = (P.CYAN, P.ORANGE, P.GREEN, P.PINK)
# by height (level + 1): the cell's colour, and its level digit's colour
LEVEL_COLOURS = (P.NAVY, P.BLUE, P.FOREST, P.PURPLE, P.BROWN, P.CYAN, P.PINK, P.ORANGE,
                 P.SILVER, P.GREY, P.GREEN, P.SLATE)
# cells_viper's colours: LEVEL_COLOURS, then black (borders), navy (empty), slate (their dots)
_CELL_COLOURS = bytes(LEVEL_COLOURS + (P.BLACK, P.NAVY, P.SLATE))
DIGIT_COLOURS = (P.NAVY, P.WHITE, P.WHITE, P.WHITE, P.WHITE, P.BLACK, P.BLACK, P.BLACK,
                 P.BLACK, P.WHITE, P.BLACK, P.WHITE)
_BOT_RNG_MIX = const(0x5A3C9)
# the card's tile as a picture (assets/games/nmbr9/tile_N.png: 4 px a square)
TILE_ART = (art.TILE_0, art.TILE_1, art.TILE_2, art.TILE_3, art.TILE_4, art.TILE_5, art.TILE_6,
            art.TILE_7, art.TILE_8, art.TILE_9)


class GameScene(Scene):
    pausable = True
    secrets = False

    def __init__(self, console, setup, snapshot=None):
        n = setup.seats
        if not 1 <= n <= R.MAX_SEATS:
            raise ValueError("NMBR 9 needs 1-4 seats")
        self.c = console
        big = fastpath.load("core.big_viper")   # text_big()'s kernel, where native code runs
        if big is not None:
            big.attach(console.gfx)
        self.setup = setup
        self.n = n
        self.kinds = bytearray(setup.kinds)
        self.names = [TX.from_str(setup.names[s], _SET_NAME_LEN) for s in range(n)]
        self.record = Record(R.rows(n), R.FIELDS, R.TYPECODE)
        self.st = R.State(n, self.record)
        self.brng = Rng(setup.seed ^ _BOT_RNG_MIX)
        self.bot = Bot(self.brng)
        self.bot_mark = bytearray(4)            # bot generator as the current turn began
        self.mode = M_PLAY
        self.sub = S_IDLE
        self.wait = 0
        self.game_over = False
        self.view = 0                           # the seat whose display is shown
        self.shown = bytearray(R.SIZE)          # per row of cells: the seat whose row it shows
        kern = fastpath.load("games.nmbr9.cells_viper")    # the cells' kernel, where native
        self._cells = kern.row if kern is not None else None   # code runs
        self._cp = array("i", [0] * 4)
        self.gm = -1                            # the ghost's move (-1: no ghost)
        self.gcol = P.WHITE
        self.why = R.OK                         # the ghost: legal, or why not
        self.glevel = 0
        self.can = True                         # the seat to play has a legal place
        self._load_scores(console)
        self.seed = setup.seed & 0x3FFFFFFF
        # what to redraw: the header, the footer, the whole display, a box of cells
        self._dh = True
        self._df = True
        self._dall = True
        self._bx0 = 0
        self._by0 = 0
        self._bx1 = -1
        self._by1 = -1
        self._r0 = 0                            # a band of rows to draw (_r1 < 0: none)
        self._r1 = -1
        self._begin(setup, snapshot)
        for r in range(R.SIZE):
            self.shown[r] = self.view

    def _load_scores(self, console):
        """Solitaire (one human seat): the high-score table, loaded now (an allocation point),
        shown instead of the display by X and on the result screen."""
        self.scores = None
        self.table = False
        self._table_due = False                 # the result screen's table: the next step
        self.pausable = True                    # off on solitaire's result screen (_after)
        if self.n == 1 and self.kinds[0] == _ST_HUMAN:
            from games.nmbr9.scores import Scores     # only here: its code is RAM
            self.scores = Scores()
            console.notice.post(self.scores.load(console.files))

    def _begin(self, setup, snapshot):
        """The saved game `snapshot` resumed, or the first card drawn; the display shown is the
        seat to play."""
        st = self.st
        if snapshot is not None:
            from games.nmbr9 import snapshot as SNAP    # only to suspend or resume
            SNAP.load(snapshot, st, self.brng, self.record, setup)
            self.brng.save_into(self.bot_mark, 0)
            self.view = st.turn
            if st.phase == R.P_OVER:            # (refused by load; kept for clarity)
                raise ValueError("game over")
        else:
            st.head(setup.seed)
            s = st.deal(Rng(setup.seed), setup.start)   # -1: a random seat (G-2)
            setup.start = s
            self.view = s
            self.brng.save_into(self.bot_mark, 0)

    # -- helpers --------------------------------------------------------------------------------
    def _delay(self):
        return self.c.settings.bot_delay

    def _human(self, seat):
        return self.kinds[seat] == _ST_HUMAN

    def _mark_cells(self, x0, y0, x1, y1):
        if self._bx1 < 0:
            self._bx0 = x0
            self._by0 = y0
            self._bx1 = x1
            self._by1 = y1
            return
        if x0 < self._bx0:
            self._bx0 = x0
        if y0 < self._by0:
            self._by0 = y0
        if x1 > self._bx1:
            self._bx1 = x1
        if y1 > self._by1:
            self._by1 = y1

    def _mark_ghost(self):
        m = self.gm
        if m >= 0:
            k = self.st.card * 4 + (m >> 10)
            x = m & 31
            y = (m >> 5) & 31
            self._mark_cells(x, y, x + T.W[k] - 1, y + T.H[k] - 1)

    def _set_ghost(self, m, colour):
        """Show the ghost at move m (-1: none) in `colour` (a bot's choice) or, with colour -1,
        white or red by its legality."""
        self._mark_ghost()
        self.gm = m
        if m >= 0:
            d = self.st.disp[self.st.turn]
            self.why = d.check(self.st.card, m)
            self.glevel = d.level
            if colour < 0:
                colour = P.WHITE if self.why == R.OK else P.RED
            self.gcol = colour
        self._mark_ghost()
        self._df = True

    def _show_table(self, on):
        """Solitaire's table over the display's square (drawn at once), or the display back,
        a band of rows a step as a view change is (all 400 cells at once take over 40 ms on
        the emulated Pico)."""
        if on != self.table:
            self.table = on
            self._df = True
            if on:
                self._dall = True
            else:
                for r in range(R.SIZE):
                    self.shown[r] = _TABLE
                self._switch()

    def _set_view(self, seat):
        """Show `seat`'s display: the header at once, the cells a band of rows a step
        (_switch)."""
        if seat != self.view:
            self.view = seat
            self._dh = True
            self._df = True

    def _switch(self):
        """The next band of rows that still shows another display than the viewed one is made
        to show it (marked for drawing); False when every row shows it. While rows are left,
        no bot thinks and no card is turned (a human's input goes on: it draws little)."""
        v = self.view
        sh = self.shown
        r = 0
        while r < R.SIZE and sh[r] == v:
            r += 1
        if r == R.SIZE:
            return False
        end = min(r + _BAND, R.SIZE)
        for i in range(r, end):
            sh[i] = v
        # drawn on its own, not merged into the box of changed cells (a ghost far away would
        # make that box most of the display)
        if self._r1 < 0 or r < self._r0:
            self._r0 = r
        if end - 1 > self._r1:
            self._r1 = end - 1
        return True

    # -- the scene ------------------------------------------------------------------------------
    def enter(self, console):
        if console.gfx._draw is None:           # the art's kernel: loaded as the game starts
            console.gfx.load_images(True)
        self._dall = True
        self._dh = True
        self._df = True

    def waits_for_human(self):
        """True while only a human's key moves the game on: the console may then sleep
        (core/power.py). Never while bots play on."""
        if self.mode == M_OVER:
            return not self._table_due
        if self.sub != S_HUMAN:
            return False
        sh = self.shown
        for r in range(R.SIZE):                 # a view still being switched (_switch)
            if sh[r] != self.view:
                return False
        return True

    def update(self, c):
        busy = self._switch()
        st = self.st
        pressed = c.buttons.pressed
        if self.mode == M_OVER:
            if self._table_due:
                self._table_due = False
                self._show_table(True)
            elif pressed & B.A:
                self._save_scores(c)
                c.end_game()
            elif pressed & B.X:
                if self.scores is not None:
                    self._show_table(not self.table)
                else:
                    self._set_view((self.view + 1) % self.n)
            return
        if self.sub == S_HUMAN:
            self._human_input(c)
            return
        if busy:                                # no bot thinks, no card turns beside a band
            return
        if self.wait > 0:
            self.wait -= 1
            return
        if st.phase == R.P_FLIP:
            st.flip()
            self._dh = True
            return
        if self.sub == S_IDLE:
            self._begin_turn()
            return
        if self.sub == S_THINK:
            if not self.bot.step(BOT_BUDGET):
                return
            self.sub = S_SHOW
            self._dh = True
            if self.bot.move >= 0:
                self._set_ghost(self.bot.move, P.YELLOW)
            self.wait = self._delay()
            return
        # S_SHOW: the bot's choice was seen; it is placed
        if self.bot.move >= 0:
            self._place(self.bot.move)
        else:
            self._skip()

    def _begin_turn(self):
        st = self.st
        seat = st.turn
        self.brng.save_into(self.bot_mark, 0)
        self._set_view(seat)
        self._dh = True
        self._df = True
        if self._human(seat):
            self.can = st.can_place()           # the ghost starts on the first legal place
            self.sub = S_HUMAN
            m = st.finder.first if self.can else 0
            self._set_ghost(m, -1)
        else:
            self.bot.begin(st, self.kinds[seat])
            self.sub = S_THINK

    def _human_input(self, c):
        st = self.st
        p = c.buttons.pressed
        seat = st.turn
        if self.scores is not None and (p & B.X or self.table and p & B.A):
            self._show_table(not self.table)    # solitaire: X shows the table, A or X goes back
            return
        if self.table:
            return
        if p & B.X:
            self._set_view((self.view + 1) % self.n)
            return
        if self.view != seat:
            if p & B.A:
                self._set_view(seat)
            return
        if not self.can:
            if p & B.A:
                self._skip()
            return
        m = self.gm
        r = m >> 10
        x = m & 31
        y = (m >> 5) & 31
        if p & B.A:
            if self.why == R.OK:
                self._place(m)
            else:
                c.beep(220, 80)
            return
        rep = c.buttons.repeat
        if p & B.B:
            r = (r + 1) % T.DISTINCT[st.card]
        if rep & B.LEFT:
            x -= 1
        if rep & B.RIGHT:
            x += 1
        if rep & B.UP:
            y -= 1
        if rep & B.DOWN:
            y += 1
        k = st.card * 4 + r
        if x > R.SIZE - T.W[k]:
            x = R.SIZE - T.W[k]
        if y > R.SIZE - T.H[k]:
            y = R.SIZE - T.H[k]
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        nm = R.move(r, x, y)
        if nm != m:
            self._set_ghost(nm, -1)

    def _place(self, m):
        st = self.st
        k = st.card * 4 + (m >> 10)
        x = m & 31
        y = (m >> 5) & 31
        self._set_ghost(-1, 0)
        st.place(m)
        # its cells and their neighbours (their frames against it) are redrawn
        self._mark_cells(x - 1 if x else 0, y - 1 if y else 0, min(x + T.W[k], R.SIZE - 1),
                         min(y + T.H[k], R.SIZE - 1))
        self._after()

    def _skip(self):
        self._set_ghost(-1, 0)
        self.st.skip()
        self._after()

    def _after(self):
        st = self.st
        self.sub = S_IDLE
        self._dh = True
        self._df = True
        if st.phase == R.P_OVER:
            self.mode = M_OVER
            self.game_over = True
            self.c.beep(880, 120)
            if self.scores is not None:
                # entered now, written as the result screen is left (an allocation point); the
                # pause menu is off until then, so leaving always goes through A
                self.scores.add(st.disp[0].score, self.names[0], self.seed)
                self.pausable = False
                self._table_due = True          # shown the next step, not beside the header
                                                # and the last tile (115 KB of SPI in one frame)
            best = 0
            for s in range(self.n):             # the view goes to a winner
                if st.winners & (1 << s):
                    best = s
                    break
            self._set_view(best)
            return
        self.wait = self._delay()

    def _over_score(self):
        """This game's score on the result screen's table, -1 while it is played."""
        return self.st.disp[0].score if self.mode == M_OVER else -1

    def _save_scores(self, c):
        if self.scores is not None and self.scores.pending and not self.scores.save(c.files):
            c.notice.post("High scores not saved")

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)                     # the margins and the gap under the header
            self._dall = True
            self._dh = True
            self._df = True
        if self._dh:
            self._dh = False
            self._draw_header(g)
        if self.table:
            self._bx1 = -1
            self._r1 = -1
            if self._dall:
                self._dall = False
                self.scores.draw(g, _BX, _BY, self._over_score())
        elif self._dall:
            self._dall = False
            self._bx1 = -1
            self._r1 = -1
            cleared = full
            for r in range(R.SIZE):
                if self.shown[r] == _TABLE:     # rows still showing the table: it is drawn
                    self.scores.draw(g, _BX, _BY, self._over_score())
                    cleared = False             # (its drawing reaches into the other rows)
                    break
            self._draw_cells(g, 0, 0, R.SIZE - 1, R.SIZE - 1, cleared)
        else:
            if self._r1 >= 0:
                r1 = self._r1
                self._r1 = -1
                self._draw_cells(g, 0, self._r0, R.SIZE - 1, r1)
            if self._bx1 >= 0:
                x0 = self._bx0
                y0 = self._by0
                x1 = self._bx1
                y1 = self._by1
                self._bx1 = -1
                self._draw_cells(g, x0, y0, x1, y1)
        if self._df:
            self._df = False
            self._draw_footer(g)

    def _draw_cells(self, g, x0, y0, x1, y1, cleared=False):
        """Cells x0..x1, y0..y1 (each row of the display it shows: self.shown), then the ghost's
        squares among them (on rows that show the seat to play). `cleared`: the screen was just
        cleared to the background, so an empty cell needs only its dot (a whole empty board's
        400 cells cleared one by one took 10 ms of the game's first frame on the Pico)."""
        if self._cells is not None:
            self._kernel_cells(g, x0, y0, x1, y1, cleared)
            self._draw_ghost(g, x0, y0, x1, y1)
            return
        fb = g.fb
        size = R.SIZE                           # (looked up once: a board's repaint is 400 cells;
        navy = P.NAVY                           # a bound method would allocate: called directly)
        slate = P.SLATE
        black = P.BLACK
        colours = LEVEL_COLOURS
        sq = T.SQ
        sh = self.shown
        for cy in range(y0, y1 + 1):
            if sh[cy] == _TABLE:
                continue
            d = self.st.disp[sh[cy]]
            h = d.h
            top = d.top
            tiles = d.tiles
            py = _BY + cy * _CELL
            c = cy * size + x0
            px = _BX + x0 * _CELL
            for cx in range(x0, x1 + 1):
                v = h[c]
                if not v:
                    if not cleared:
                        fb.fill_rect(px, py, _CELL, _CELL, navy)
                    fb.pixel(px + 5, py + 5, slate)
                else:
                    tp = top[c]
                    l = 1 if cx and top[c - 1] != tp else 0
                    r = 1 if cx < size - 1 and top[c + 1] != tp else 0
                    t = 1 if cy and top[c - size] != tp else 0
                    b = 1 if cy < size - 1 and top[c + size] != tp else 0
                    if l | r | t | b:
                        fb.fill_rect(px, py, _CELL, _CELL, black)
                    fb.fill_rect(px + l, py + t, _CELL - l - r, _CELL - t - b, colours[v])
                    if v > 1:                   # the level, on the tile's first square
                        i = 4 * (tp - 1)
                        q = sq[(tiles[i] * 4 + tiles[i + 1]) * T.MAX_SQUARES]   # its first square
                        if cx == tiles[i + 2] + (q & 3) and cy == tiles[i + 3] + (q >> 2):
                            fb.text(DIGITS[v - 1], px + 2, py + 1, DIGIT_COLOURS[v])
                c += 1
                px += _CELL
        self._draw_ghost(g, x0, y0, x1, y1)

    def _kernel_cells(self, g, x0, y0, x1, y1, cleared):
        """_draw_cells()'s cells by the viper kernel (a row a call), then the level digits: each
        tile's on its first square, where that tile is on top and above level 0."""
        sh = self.shown
        disp = self.st.disp
        p = self._cp
        p[1] = x0
        p[2] = x1
        p[3] = 1 if cleared else 0
        seats = 0                               # the displays these rows show
        for cy in range(y0, y1 + 1):
            if sh[cy] != _TABLE:
                d = disp[sh[cy]]
                p[0] = cy
                self._cells(g.buf, d.h, d.top, _CELL_COLOURS, p)
                seats |= 1 << sh[cy]
        fb = g.fb
        for s in range(self.n):
            if not seats & (1 << s):
                continue
            d = disp[s]
            tiles = d.tiles
            for k in range(d.n):
                i = 4 * k
                q = T.SQ[(tiles[i] * 4 + tiles[i + 1]) * T.MAX_SQUARES]   # its first square
                cx = tiles[i + 2] + (q & 3)
                cy = tiles[i + 3] + (q >> 2)
                if x0 <= cx <= x1 and y0 <= cy <= y1 and sh[cy] == s:
                    c = cy * R.SIZE + cx
                    v = d.h[c]
                    if v > 1 and d.top[c] == k + 1:
                        fb.text(DIGITS[v - 1], _BX + cx * _CELL + 2, _BY + cy * _CELL + 1,
                                DIGIT_COLOURS[v])

    def _draw_ghost(self, g, x0, y0, x1, y1):
        """The ghost's squares among cells x0..x1, y0..y1 (on rows that show the seat to play),
        and the box marked."""
        fb = g.fb
        sh = self.shown
        m = self.gm
        if m >= 0:
            k = self.st.card * 4 + (m >> 10)
            base = k * T.MAX_SQUARES
            gx = m & 31
            gy = (m >> 5) & 31
            col = self.gcol
            turn = self.st.turn
            for i in range(T.COUNT[self.st.card]):
                q = T.SQ[base + i]
                cx = gx + (q & 3)
                cy = gy + (q >> 2)
                if x0 <= cx <= x1 and y0 <= cy <= y1 and sh[cy] == turn:
                    px = _BX + cx * _CELL
                    py = _BY + cy * _CELL
                    fb.rect(px + 1, py + 1, _CELL - 2, _CELL - 2, col)
                    fb.rect(px + 2, py + 2, _CELL - 4, _CELL - 4, col)
        g.dirty(_BX + x0 * _CELL, _BY + y0 * _CELL, (x1 - x0 + 1) * _CELL, (y1 - y0 + 1) * _CELL)

    def _draw_header(self, g):
        st = self.st
        fb = g.fb
        fb.fill_rect(0, 0, 240, 28, P.BLACK)
        seat = st.turn
        if self.mode == M_OVER:
            fb.text("Game over", 4, 3, P.YELLOW)
        else:
            w = TX.draw(g, self.names[seat], 4, 3, SEAT_COLOURS[seat], mark=False)
            if st.phase != R.P_PLACE or self.sub == S_IDLE:
                what = " waits"
            elif self._human(seat):
                what = " to place"
            elif self.sub == S_THINK:
                what = " thinks"
            else:
                what = " places"
            fb.text(what, 4 + w, 3, P.WHITE)
        v = self.view
        w = TX.draw(g, self.names[v], 4, 15, SEAT_COLOURS[v], mark=False)
        fb.text(":", 4 + w, 15, P.SILVER)
        g.number(st.disp[v].score, 20 + w, 15, P.WHITE)
        if self.mode == M_OVER:                 # no cards left to count: the winner says so
            if st.winners & (1 << v):
                fb.text("wins", 120, 15, P.YELLOW)   # after "NAME: 123" and a blank
        else:
            fb.text("left", 150, 3, P.GREY)
            g.number(R.DECK - st.flipped, 150, 15, P.SILVER)
        if st.phase == R.P_PLACE:
            img = TILE_ART[st.card]
            g.image(img, 198 - img[1], 6, art.KEY)     # the tile's shape beside its card
            fb.fill_rect(208, 1, 30, 26, P.WHITE)
            g.text_big(DIGITS[st.card], 211, 2, P.BLACK, 3)
        else:
            fb.rect(208, 1, 30, 26, P.SLATE)
        g.dirty(0, 0, 240, 28)

    def _draw_footer(self, g):
        st = self.st
        fb = g.fb
        fb.fill_rect(0, _FOOT_Y, 240, 240 - _FOOT_Y, P.BLACK)
        if self.mode == M_OVER:
            if self.scores is None:
                fb.text("A: continue  X: view", 4, _FOOT_Y + 1, P.SILVER)
            else:
                fb.text("A: continue  X: display" if self.table else "A: continue  X: scores",
                        4, _FOOT_Y + 1, P.SILVER)
        elif self.sub == S_HUMAN:
            if self.table:
                fb.text("A: back  X: display", 4, _FOOT_Y + 1, P.SILVER)
            elif self.view != st.turn:
                fb.text("A: back  X: next display", 4, _FOOT_Y + 1, P.SILVER)
            elif not self.can:
                fb.text("No place: A sets it aside", 4, _FOOT_Y + 1, P.RED)
            elif self.why != R.OK:
                fb.text(R.REASONS[self.why], 4, _FOOT_Y + 1, P.RED)
            else:
                # "A: level 2 +18", each number as wide as it is, and a blank before the keys
                fb.text("A: level", 4, _FOOT_Y + 1, P.WHITE)
                x = 84 + g.number(self.glevel, 76, _FOOT_Y + 1, P.WHITE)
                fb.text("+", x, _FOOT_Y + 1, P.WHITE)
                g.number(self.glevel * st.card, x + 8, _FOOT_Y + 1, P.WHITE)
                fb.text("B:turn X:view" if self.scores is None else "B:turn X:best", 132,
                        _FOOT_Y + 1, P.GREY)
        g.dirty(0, _FOOT_Y, 240, 240 - _FOOT_Y)

    # -- the console's questions --------------------------------------------------------------
    @property
    def winners(self):
        return self.st.winners

    def result(self):
        st = self.st
        w = []
        for s in range(self.n):
            if st.winners & (1 << s):
                w.append(str(s))
        scores = ",".join(str(st.disp[s].score) for s in range(self.n))
        return "winner=%s scores=%s" % (",".join(w), scores)

    def snapshot(self):
        if self.game_over or self.st.phase == R.P_OVER:
            return None
        from games.nmbr9 import snapshot as SNAP        # a suspend: an allocation point
        mark = self.bot_mark
        if self.sub == S_IDLE:      # no turn begun since the last tile: the generator as it is now
            mark = bytearray(4)
            self.brng.save_into(mark, 0)
        return SNAP.dump(self.record, mark)
