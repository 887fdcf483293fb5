"""No Respect on the 240x240 screen: the board scene (input, bots, drawing).

Layout (docs/norespect.md has the picture):
    y   0..27   header: whose turn (name in the seat's colour), a hint line, the pool count,
                and the drawn tile large on the right
    y  28..217  four seat panels of 120 x 95, clockwise: seat 1 top left, 2 top right,
                3 bottom right, 4 bottom left (G-1). A panel: the name row, three columns of
                four circles (circle 1 at the bottom) and the three discard circles below.
                A pile shows its value and "x2" (stacked) or "x3" (capped); a capped column has
                a red frame, a completed one a green frame; an eliminated seat is grey.
                With fewer than four seats a free panel shows the unseen tiles per value.
    y 219..238  the log: the last two moves (bots' too), the newest below in white

A human's turn lights up the legal targets only (cyan); the joystick moves the choice (yellow,
the tile shown in place) between them, A plays it; B or X steps to the next target. A bot's
choice is shown the same way for `bot_delay` steps before it is played. Everything is public,
so there is no hand-off screen in pass-around play; the header always names the player to move.

Nothing allocates after __init__: texts are constants or bytearrays filled in place, numbers
are drawn by gfx.number, the bot thinks with a fixed budget per step.
"""
from array import array

from micropython import const

from core import buttons as B
from core import fastpath
from core import palette as P
from core import text as TX
from core.record import Record
from core.rng import Rng
from core.gfx import DIGITS
from core.scene import Scene

from games.norespect import rules as R
from games.norespect import snapshot as SNAP
from games.norespect.bot import Bot
from games.norespect.events import CAPACITY, FIELDS

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_HUMAN = const(0)
# core/settings.py
_SET_NAME_LEN = const(8)
# -- end of the copies --

BOT_BUDGET = const(2)       # units of bot thinking per step (docs/norespect.md: cost per unit)
_HEADER_H = const(28)
_PANEL_W = const(120)
_PANEL_H = const(95)
_PANEL_Y = const(28)
_LOG_Y = const(220)
_CELL_W = const(32)
_CELL_H = const(14)
_LINE = const(29)           # a log line: 29 characters from x = 4 fit the 240 px

# UI modes
M_START = const(0)         # showing the start draw
M_PLAY = const(1)
M_OVER = const(2)

# what the game waits for during a turn
S_IDLE = const(0)
S_THINK = const(1)         # a bot thinks
S_SHOW = const(2)          # a bot's choice is shown before it is played

SEAT_COLOURS = (P.CYAN, P.ORANGE, P.GREEN, P.PINK)
_ACTIONS = ("build", "stack", "discard", "cap")   # by move kind; 3 = a stack that caps
_BOT_RNG_MIX = const(0x2A5A5)      # tools/norespect_tournament.py reads it: the same games


def panel_x(seat):
    """Left edge of a seat's panel: clockwise around the screen (G-1)."""
    return _PANEL_W if seat == 1 or seat == 2 else 0


def panel_y(seat):
    return _PANEL_Y + (_PANEL_H if seat >= 2 else 0)


def cell_x(col):
    """Left edge of the circles of global column col (seat * 3 + column)."""
    return panel_x(col // 3) + 5 + (col % 3) * 38


def cell_y(col, p):
    """Top edge of circle p (0 = bottom, -1 = the discard circle) of global column col."""
    if p < 0:
        return panel_y(col // 3) + 78
    return panel_y(col // 3) + 12 + (3 - p) * 15


class GameScene(Scene):
    pausable = True

    def __init__(self, console, setup, snapshot=None):
        n = setup.seats
        if not 2 <= n <= 4:
            raise ValueError("No Respect needs 2-4 seats")
        variant = setup.options[0] if len(setup.options) else 0
        if variant > 1:
            raise ValueError("variant")
        self.c = console
        big = fastpath.load("core.big_viper")   # text_big()'s kernel, where native code runs
        if big is not None:
            big.attach(console.gfx)
        self.setup = setup
        self.n = n
        self.kinds = bytearray(setup.kinds)
        self.names = [TX.from_str(setup.names[s], _SET_NAME_LEN) for s in range(n)]
        self.record = Record(CAPACITY[variant], FIELDS)
        self.st = R.State(n, variant, self.record)
        self.rng = Rng(setup.seed)
        self.brng = Rng(setup.seed ^ _BOT_RNG_MIX)
        self.bot = Bot(n, variant, self.brng)
        self.bot_mark = bytearray(4)            # bot generator when this turn's tile was drawn
        self.tx = bytearray(R.MAX_MOVES)        # target centres of the legal moves
        self.ty = bytearray(R.MAX_MOVES)
        self.lines = (bytearray(_LINE), bytearray(_LINE))
        self._say = self._describe              # bound once: the log's describer
        self.sel = -1                           # index in st.moves of the chosen target
        self.shown = -1                         # move whose choice is on screen (-1: none)
        self.wait = 0
        self.sub = S_IDLE
        self.game_over = False
        self.mode = M_START
        # what to redraw: whole panels and name rows (bit per seat), columns (bit per global
        # column), the header, the log
        self._dpanel = 15
        self._dname = 0
        self._dcol = 0
        self._dirty_header = True
        self._dirty_log = True
        self._lit = 0                           # columns showing targets (to clear them)
        self._free = 1 << n if n < 4 else 0     # the first panel without a seat: unseen tiles
        if snapshot is not None:
            SNAP.load(snapshot, self.st, self.rng, self.brng, self.record, setup)
            self.brng.save_into(self.bot_mark, 0)
            self.mode = M_START if self.st.turns == 0 and self.st.phase == R.P_DRAW else M_PLAY
        else:
            self.record.add(R.E_SEED, setup.seed, n, variant)
            # who goes first: the start draw is a game action, so every game performs it, games
            # played again too (G-2; a start seat in the setup is not used: the package's
            # START_DRAW tells play again not to rotate it)
            setup.start = self.st.start_draw(self.rng)
            self.brng.save_into(self.bot_mark, 0)
        if self.mode == M_START:
            self.wait = self._delay() * 3
        if self.st.phase == R.P_PLAY:
            self._turn_targets()
        self._make_log()

    # -- helpers ------------------------------------------------------------------------------
    def _delay(self):
        return self.c.settings.bot_delay

    def _human(self, seat):
        return self.kinds[seat] == _ST_HUMAN

    def _any_human(self):
        for s in range(self.n):
            if self.kinds[s] == _ST_HUMAN:
                return True
        return False

    def _targets(self):
        """Centres of the targets of the legal moves, and the default choice."""
        st = self.st
        for i in range(st.nlegal):
            m = st.moves[i]
            kind = m >> 4
            col = ((m >> 2) & 3) * 3 + (m & 3)
            if kind == R.BUILD:
                y = cell_y(col, st.h[col])
            elif kind == R.STACK:
                y = cell_y(col, st.h[col] - 1)
            else:
                y = cell_y(col, -1)
            self.tx[i] = cell_x(col) + 16
            self.ty[i] = y + 7
        self.sel = 0 if st.nlegal else -1

    def _mark_move(self, m):
        """The column of a move's target is redrawn."""
        if m >= 0:
            self._dcol |= 1 << (((m >> 2) & 3) * 3 + (m & 3))

    def _mark_targets(self):
        st = self.st
        for i in range(st.nlegal):
            self._mark_move(st.moves[i])

    def _mark_all(self):
        self._dpanel = 15
        self._dirty_header = True
        self._dirty_log = True

    # -- the scene ------------------------------------------------------------------------------
    def enter(self, console):
        self._mark_all()

    def waits_for_human(self):
        """True while only a human's key moves the game on: the console may then sleep
        (core/power.py). Never while bots play on."""
        if self.mode == M_OVER:
            return True
        if self.mode == M_START:
            return self._any_human()
        st = self.st
        return self.wait <= 0 and st.phase == R.P_PLAY and self._human(st.turn)

    def update(self, c):
        st = self.st
        pressed = c.buttons.pressed
        if self.mode == M_OVER:
            if pressed & B.A:
                c.end_game()
            return
        if self.mode == M_START:
            if self.wait > 0:
                self.wait -= 1
            if (self._any_human() and pressed & B.A) or (not self._any_human() and self.wait <= 0):
                self.mode = M_PLAY
                self._mark_all()
                self.wait = 0
            return
        if self.wait > 0:
            self.wait -= 1
            return
        if st.phase == R.P_DRAW:
            self._begin_turn()
            return
        seat = st.turn
        if st.nlegal == 0:                      # no place for the tile: out (N-2)
            if self._human(seat) and not pressed & B.A:
                return
            self._dpanel |= 1 << seat
            st.forfeit()
            self._after_action()
            return
        if self._human(seat):
            self._human_input(c)
            return
        if self.sub == S_IDLE:
            self.bot.begin(st, self.kinds[seat])
            self.sub = S_THINK
        if self.sub == S_THINK:
            if not self.bot.step(st, BOT_BUDGET):
                return
            m = self.bot.move
            for i in range(st.nlegal):
                if st.moves[i] == m:
                    self.sel = i
            self.shown = m
            self._mark_move(m)
            self._dirty_header = True           # "thinking..." becomes the chosen play
            self.sub = S_SHOW
            self.wait = self._delay()
            return                              # played at the next step: one cost per frame
        if self.sub == S_SHOW:
            self.sub = S_IDLE
            self._play(self.bot.move)

    def _begin_turn(self):
        st = self.st
        self.brng.save_into(self.bot_mark, 0)
        st.draw(self.rng)
        self._dirty_header = True
        self._dpanel |= self._free            # the unseen-tiles panel
        if st.phase == R.P_OVER:
            self._after_action()
            return
        self.sub = S_IDLE
        self._turn_targets()
        if not self._human(st.turn):
            self.wait = self._delay()           # the drawn tile is seen before the bot plays

    def _turn_targets(self):
        """A tile was drawn (or a game resumed with one): its targets, lit for a human."""
        st = self.st
        self._targets()
        if self._human(st.turn):
            self._mark_targets()
            self.shown = st.moves[self.sel] if st.nlegal else -1
            self._lit = self._dcol

    def _human_input(self, c):
        st = self.st
        r = c.buttons.repeat
        p = c.buttons.pressed
        if p & B.A and 0 <= self.sel < st.nlegal:
            self._play(st.moves[self.sel])
            return
        old = self.sel
        if r & B.DIRS:
            self.sel = self._nav(r)
        elif p & (B.B | B.X):
            self.sel = old + 1 if old + 1 < st.nlegal else 0
        if self.sel != old:
            self._mark_move(st.moves[old])
            self.shown = st.moves[self.sel]
            self._mark_move(self.shown)
            self._dirty_header = True

    def _nav(self, r):
        """The nearest legal target in the pushed direction (else the next/previous one)."""
        st = self.st
        cur = self.sel
        x0 = self.tx[cur]
        y0 = self.ty[cur]
        best = -1
        bd = 1 << 20
        for i in range(st.nlegal):
            if i == cur:
                continue
            dx = self.tx[i] - x0
            dy = self.ty[i] - y0
            if r & B.RIGHT:
                a = dx
                b = dy
            elif r & B.LEFT:
                a = -dx
                b = dy
            elif r & B.DOWN:
                a = dy
                b = dx
            else:
                a = -dy
                b = dx
            if a <= 0:
                continue
            if b < 0:
                b = -b
            d = a + 2 * b
            if d < bd:
                bd = d
                best = i
        if best >= 0:
            return best
        if r & (B.RIGHT | B.DOWN):
            return cur + 1 if cur + 1 < st.nlegal else 0
        return cur - 1 if cur > 0 else st.nlegal - 1

    def _play(self, m):
        st = self.st
        self._mark_move(m)
        self._dcol |= self._lit
        self._dname |= 1 << st.turn
        self._lit = 0
        st.play(m)
        self.shown = -1
        self.sel = -1
        self._after_action()

    def _after_action(self):
        st = self.st
        self._dname |= 1 << st.turn           # the turn marker moves
        self._dirty_header = True
        self._make_log()
        self._dirty_log = True
        if st.phase == R.P_OVER:
            self.mode = M_OVER
            self.game_over = True
            # the name rows lose the turn marker and show the winners; the columns already
            # marked (the winning build, the last forfeit's panel) are all else that changes:
            # every panel redrawn made the game-over frame 40 ms on the Pico
            self._dname = (1 << self.n) - 1
            self._dpanel |= self._free
            self.c.beep(880, 120)
            return
        self.wait = self._delay()
        # a clear (variation) empties a column and its discard circle; an elimination greys (or,
        # in the variation, empties) the whole panel; tiles back in the pool change the unseen
        rec = self.record
        k = rec.kind(rec.n - 1)
        if k == R.E_CLEAR:
            self._dcol |= 1 << (rec.field(rec.n - 1, 0) * 3 + rec.field(rec.n - 1, 1))
            self._dpanel |= self._free
        elif k == R.E_ELIMINATE:
            self._dpanel |= 1 << rec.field(rec.n - 1, 0) | self._free

    # -- the log --------------------------------------------------------------------------------
    def _make_log(self):
        """The last two log-worthy events of the record, as text, plus the result line."""
        TX.log_lines(self.record, self.lines, self._say)

    def _describe(self, i, buf):
        rec = self.record
        kind = rec.kind(i)
        a = rec.field(i, 0)
        b = rec.field(i, 1)
        c = rec.field(i, 2)
        d = rec.field(i, 3)
        names = self.names
        at = 0
        if kind == R.E_START:
            at = TX.put(buf, 0, names[a])
            # rounds 0: no draw, only in games saved before every game drew (G-2)
            at = TX.put(buf, at, b" starts: highest draw" if b else b" starts: in turn")
        elif kind == R.E_BUILD:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" builds ")
            at = TX.put_int(buf, at, b)
            at = TX.put(buf, at, b": col " if d == 4 else b" on col ")
            at = TX.put_int(buf, at, c + 1)
            if d == 4:
                at = TX.put(buf, at, b" done")
        elif kind == R.E_STACK or kind == R.E_CAP:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" stacks " if kind == R.E_STACK else b" caps ")
            if c == a:
                at = TX.put(buf, at, b"own ")
            else:
                at = TX.put(buf, at, names[c])
                at = TX.put(buf, at, b"'s ")
            at = TX.put_int(buf, at, b)
        elif kind == R.E_DISCARD:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" discards ")
            at = TX.put_int(buf, at, b)
        elif kind == R.E_CLEAR:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" col ")
            at = TX.put_int(buf, at, b + 1)
            at = TX.put(buf, at, b" back to pool")
        elif kind == R.E_ELIMINATE:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" is out (drew ")
            at = TX.put_int(buf, at, b)
            at = TX.put(buf, at, b")")
        elif kind == R.E_RESULT:
            # one winner by name; a shared win (pool end only) by count: the panels say who
            k = 0
            for s in range(self.n):
                if a & (1 << s):
                    k += 1
                    w = s
            if k == 1:
                at = TX.put(buf, 0, names[w])
                at = TX.put(buf, at, b" wins")
            else:
                at = TX.put_int(buf, 0, k)
                at = TX.put(buf, at, b" share the win")
            at = TX.put(buf, at, (b"", b": 3 columns", b": last left", b": pool empty")[b])
        else:
            return False
        TX.end(buf, at)
        return True

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            self._mark_all()
        if self._dirty_header:
            self._draw_header(g)
            self._dirty_header = False
        dp = self._dpanel
        dn = self._dname
        dc = self._dcol
        if dp | dn | dc:
            self._dpanel = 0
            self._dname = 0
            self._dcol = 0
            for s in range(4):
                if dp & (1 << s):
                    self._draw_panel(g, s)
                    continue
                if s >= self.n or self.mode == M_START:
                    continue
                if dn & (1 << s):
                    self._draw_name(g, s)
                for c in range(3):
                    if dc & (1 << (s * 3 + c)):
                        self._draw_column(g, s * 3 + c, True)
        if self._dirty_log:
            self._dirty_log = False
            fb = g.fb
            fb.fill_rect(0, _LOG_Y - 1, 240, 20, P.BLACK)
            TX.draw(g, self.lines[0], 4, _LOG_Y, P.GREY, mark=False)
            TX.draw(g, self.lines[1], 4, _LOG_Y + 10, P.WHITE, mark=False)
            g.dirty(0, _LOG_Y - 1, 240, 20)

    # The board's pieces draw on the frame buffer directly and mark their whole area once: one
    # dirty-rectangle merge per piece instead of one per primitive (half the cost of a frame).
    def _draw_header(self, g):
        st = self.st
        fb = g.fb
        fb.fill_rect(0, 0, 240, _HEADER_H, P.BLACK)
        seat = st.turn
        # the left part ends before the pool count at x = 164: at most 20 characters
        if self.mode == M_OVER:
            fb.text("Game over", 4, 3, P.YELLOW)
            fb.text("A: continue", 4, 15, P.SILVER)
        elif self.mode == M_START:
            fb.text("Who starts?", 4, 3, P.YELLOW)
            w = TX.draw(g, self.names[seat], 4, 15, SEAT_COLOURS[seat], mark=False)
            fb.text(" starts - A" if self._any_human() else " starts", 4 + w, 15, P.SILVER)
        else:
            w = TX.draw(g, self.names[seat], 4, 3, SEAT_COLOURS[seat], mark=False)
            fb.text(" to play", 4 + w, 3, P.WHITE)
            if st.phase != R.P_PLAY:
                fb.text("draws a tile", 4, 15, P.SILVER)      # the bot delay between turns
            elif st.nlegal == 0:
                fb.text("No place: out! (A)" if self._human(seat) else "No place: out!", 4, 15, P.RED)
            elif self._human(seat):
                t = _ACTIONS[self._action(self.shown)]
                fb.text("A: ", 4, 15, P.WHITE)
                fb.text(t, 28, 15, P.WHITE)
                fb.text("(stick)", 44 + (len(t) << 3), 15, P.GREY)
            elif self.sub == S_SHOW:                                # the bot's choice is shown
                fb.text("plays: ", 4, 15, P.WHITE)
                fb.text(_ACTIONS[self._action(self.shown)], 60, 15, P.WHITE)
            else:
                fb.text("thinking...", 4, 15, P.SILVER)
        fb.text("pool", 164, 3, P.GREY)
        n = st.pool_n
        if n >= 10:
            fb.text(DIGITS[n // 10], 168, 15, P.SILVER)
        fb.text(DIGITS[n % 10], 176, 15, P.SILVER)
        v = st.drawn
        g.dirty(0, 0, 240, _HEADER_H)
        if v and self.mode == M_PLAY:
            fb.fill_rect(208, 1, 30, 26, P.WHITE)
            g.text_big(DIGITS[v], 211, 2, P.BLACK, 3)
        else:
            fb.rect(208, 1, 30, 26, P.SLATE)

    def _action(self, m):
        """What move m does (an index in _ACTIONS): build, stack, discard, or a stack that caps."""
        k = m >> 4
        if k == R.STACK and self.st.top_pile(((m >> 2) & 3) * 3 + (m & 3)) == 2:
            return 3
        return k

    def _draw_panel(self, g, s):
        px = panel_x(s)
        py = panel_y(s)
        g.fill_rect(px, py, _PANEL_W, _PANEL_H, P.NAVY)
        if s >= self.n:
            if self._free & (1 << s):
                self._draw_pool(g, px, py)
            return
        self._draw_name(g, s)
        if self.mode == M_START:
            self._draw_start(g, s, px, py)
            return
        for c in range(3):
            self._draw_column(g, s * 3 + c, False)

    def _draw_name(self, g, s):
        """The name row: turn marker, name in the seat's colour, out / wins."""
        px = panel_x(s)
        py = panel_y(s)
        st = self.st
        fb = g.fb
        alive = st.alive[s]
        turn = self.mode != M_OVER and st.turn == s
        won = self.mode == M_OVER and st.winners & (1 << s)
        fb.fill_rect(px + 1, py + 1, _PANEL_W - 2, 9, P.SLATE if turn or won else P.NAVY)
        if turn or won:
            fb.text(">" if turn else "*", px + 2, py + 2, P.YELLOW)
        TX.draw(g, self.names[s], px + 12, py + 2, SEAT_COLOURS[s] if alive else P.GREY, mark=False)
        if not alive:
            fb.text("out", px + 92, py + 2, P.RED)
        elif won:
            fb.text("wins", px + 84, py + 2, P.YELLOW)
        g.dirty(px + 1, py + 1, _PANEL_W - 2, 9)

    def _draw_column(self, g, col, clear):
        """One column: its four circles (pile value, x2 / x3), its frame (green: completed, red:
        capped), its discard circle, and the targets in it when a play is being chosen."""
        st = self.st
        fb = g.fb
        s = col // 3
        alive = st.alive[s]
        h = st.h[col]
        x = cell_x(col)
        fy = cell_y(col, 3)
        dy = cell_y(col, -1)
        if clear:
            fb.fill_rect(x - 3, fy - 2, _CELL_W + 6, dy + 16 - (fy - 2), P.NAVY)
        for p in range(4):
            y = cell_y(col, p)
            k = (col << 2) + p
            if p < h:
                pile = st.pile[k]
                fb.fill_rect(x, y, _CELL_W, _CELL_H, P.SLATE if alive else P.BLACK)
                fb.text(DIGITS[st.val[k]], x + 5, y + 3, P.WHITE if alive else P.GREY)
                if pile == 2:
                    fb.text("x2", x + 15, y + 3, P.YELLOW)
                elif pile == 3:
                    fb.text("x3", x + 15, y + 3, P.RED)
            else:
                fb.rect(x + 8, y + 2, 16, 10, P.SLATE)
        if h == 4:
            fb.rect(x - 2, fy - 2, _CELL_W + 4, 4 * 15 + 3, P.GREEN)
        elif st.capped(col):
            fb.rect(x - 2, fy - 2, _CELL_W + 4, 4 * 15 + 3, P.RED)
        d = st.disc[col]
        if d:
            fb.ellipse(x + 16, dy + 7, 7, 7, P.WHITE if alive else P.GREY, True)
            fb.text(DIGITS[d], x + 12, dy + 4, P.BLACK)
        else:
            fb.ellipse(x + 16, dy + 7, 7, 7, P.GREY)
        if st.phase == R.P_PLAY and self.mode == M_PLAY:
            human = self._human(st.turn)
            for i in range(st.nlegal):
                m = st.moves[i]
                if ((m >> 2) & 3) * 3 + (m & 3) != col:
                    continue
                chosen = m == self.shown
                if human or chosen:
                    self._draw_target(fb, i, m, chosen)
        g.dirty(x - 3, fy - 2, _CELL_W + 6, dy + 16 - (fy - 2))

    def _draw_target(self, fb, i, m, chosen):
        st = self.st
        x = self.tx[i] - 16
        y = self.ty[i] - 7
        kind = m >> 4
        col = ((m >> 2) & 3) * 3 + (m & 3)
        v = DIGITS[st.drawn]
        if kind == R.DISCARD:
            if chosen:
                fb.ellipse(x + 16, y + 7, 7, 7, P.YELLOW, True)
                fb.text(v, x + 12, y + 4, P.BLACK)
            else:
                fb.ellipse(x + 16, y + 7, 8, 8, P.CYAN)
            return
        fb.rect(x - 1, y - 1, _CELL_W + 2, _CELL_H + 2, P.YELLOW if chosen else P.CYAN)
        if chosen:
            if kind == R.BUILD:
                fb.fill_rect(x, y, _CELL_W, _CELL_H, P.YELLOW)
                fb.text(v, x + 5, y + 3, P.BLACK)
            else:
                fb.rect(x, y, _CELL_W, _CELL_H, P.YELLOW)
                fb.fill_rect(x + 15, y + 3, 16, 8, P.SLATE)
                fb.text("x3" if st.top_pile(col) == 2 else "x2", x + 15, y + 3, P.YELLOW)

    def _draw_start(self, g, s, px, py):
        """The start draw: this seat's tiles, one per round it took part in."""
        rec = self.record
        x = px + 12
        g.text("drew", px + 12, py + 24, P.SILVER)
        for i in range(rec.n):
            if rec.kind(i) == R.E_START_DRAW and rec.field(i, 0) == s and x < px + 100:
                g.fill_rect(x, py + 40, 20, 22, P.WHITE)
                g.text_big(DIGITS[rec.field(i, 1)], x + 2, py + 43, P.BLACK, 2)
                x += 24
        if self.st.start_seat == s:
            g.text("starts!", px + 12, py + 72, P.YELLOW)

    def _draw_pool(self, g, px, py):
        """A free panel (2-3 seats): the unseen tiles per value (public: 10 minus those seen)."""
        st = self.st
        g.text("unseen tiles", px + 8, py + 4, P.GREY)
        for v in range(1, 9):
            row = (v - 1) & 3
            x = px + 10 + ((v - 1) >> 2) * 56
            y = py + 20 + row * 16
            g.number(v, x, y, P.WHITE)
            g.text(":", x + 8, y, P.GREY)
            g.number(st.pool[v], x + 20, y, P.SILVER, -1, 2)
        if st.variant:
            g.text("variation", px + 8, py + 84, P.PURPLE)

    # -- the console's questions --------------------------------------------------------------
    @property
    def winners(self):
        """Once the game is over: a bit per winning seat (shared wins: several)."""
        return self.st.winners

    def result(self):
        st = self.st
        w = []
        for s in range(self.n):
            if st.winners & (1 << s):
                w.append(str(s))
        return "winner=%s reason=%s turns=%d" % (",".join(w), R.REASONS[st.reason], st.turns)

    def snapshot(self):
        if self.game_over or self.st.phase == R.P_OVER:
            return None
        st = self.st
        if st.phase == R.P_PLAY:
            mark = self.bot_mark
        else:
            mark = bytearray(4)
            self.brng.save_into(mark, 0)
        return SNAP.dump(st, self.rng, mark, self.record)

