"""Tip Top on the 240x240 screen: the table scene (input, bots, hand-off, drawing).

Layout (docs/tiptop.md has the picture):
    y   0..20   header: whose turn (name in the seat's colour) and the round; the prompt line
                (at most 21 characters: a blank before the round's number at x 184)
    y  22..66   the total, large, the limit, the pile's top card, the direction of play (an
                arrow) and the deck's size
    y  68..75   a bar: how close the total is to the limit (green, yellow, red)
    y  80..127  the seats in two columns of four (seats 1-4, 5-8, clockwise, G-1): turn marker,
                name, chips; "out" for a seat without chips
    y 132..195  a hand of up to four cards: the viewer's face up (white, navy numerals; cards
                that may not be played greyed on its turn, the chosen one framed), else the
                player's card backs
    y 200..237  the log: the last three events, the newest below in white

Whose hand is shown (G-4): with one human, that human's hand, always; with several, only the
hand of the human whose turn it is, after that player confirmed the hand-off screen
(console.hand_off), and it is hidden again once the card is played; bots' hands never (their
chosen card is shown framed on the pile before it is played). A human picks a card with the stick
(left/right, or B/X for the next), A plays it; a card that may not be played is greyed and A on
it says why in the prompt. Nothing allocates after __init__: texts are constants or bytearrays
filled in place, numbers are drawn from one-character strings.

A frame does little (every frame within 40 ms on the Pico): each part of the screen is redrawn
only when its picture changed, and a bot's turn takes four frames at least: it thinks (nothing
drawn), its card is shown on the pile, it is played (the total, the pile, the seats' markers
change), and the log's line is written in the next frame; a new round is dealt a frame after
the lost round's line.
"""
from micropython import const

from core import buffers
from core import buttons as B
from core import fastpath
from core import palette as P
from core import text as TX
from core.gfx import DIGITS
from core.modules import forget
from core.record import Record
from core.rng import Rng
from core.scene import Scene

from games.tiptop import art
from games.tiptop import rules as R
from games.tiptop.bot import Bot

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# core/setup.py
_ST_HUMAN = const(0)
# core/settings.py
_SET_NAME_LEN = const(8)
# -- end of the copies --

_LINE = const(29)           # a log or prompt line: 29 characters from x = 4 fit the 240 px
# The parts below are redrawn one by one, each in its own box. Boxes of parts that change
# together never touch (a row or column apart), so that the display driver pushes each box
# alone rather than the rectangle around them (core.gfx merges touching dirty rectangles).
_HEAD_H = const(21)         # the header: rows 0..20 (row 21 stays background)
_TOP_Y = const(22)
_TOP_H = const(45)          # the top's parts: rows 22..66; the bar from row 68
_BAR_X = const(8)
_BAR_Y = const(68)
_BAR_W = const(224)
_SEATS_Y = const(80)
_SEAT_H = const(12)
_HAND_Y = const(132)
_CARD_W = const(52)
_CARD_H = const(64)
_CARD_STEP = const(58)
_CARD_X = const(6)
_PILE_X = const(152)
# the top's parts (_draw_top), as indices of what each shows now
_T_TOTAL = const(0)         # and 1: the total's two digit cells
_T_LIMIT = const(2)
_T_PILE = const(3)
_T_DIR = const(4)
_T_DECK = const(5)
_T_BAR = const(6)           # the bar's length
_T_BAR_C = const(7)         # and its colour
_TOP_PARTS = const(8)
_BLANK = const(10)          # a digit cell with no digit
_LOG_Y = const(200)
_SLOT_BACK = const(1)       # a hand slot's picture code (_slot_code): a card back; 0 none
_SLOT_FACE = const(2)       # and from 2 on: a card face up
_UNPAINTED = const(0xFF)    # a part's code before the first paint (b"\xff" below)
# record capacity (rows) by seats, 100 + 200 a seat but at most 1,500 (8 seats: 9,000 bytes,
# which keeps the 8-seat game within 128 KB on the Pico): the longest of 800 bot games per seat
# count took 50 % (2 seats: 248 of 500 rows) to 91 % of it (8 seats: 1,361 of 1,500). A longer
# game goes on, its rows beyond are counted in record.lost; docs/tiptop.md, The record
_ROWS_BASE = const(100)
_ROWS_PER_SEAT = const(200)
_ROWS_MAX = const(1500)

# the game's moments (what the scene waits for)
M_PLAY = const(0)           # a round is played
M_ROUND = const(1)          # a round was lost: shown until A (humans in) or a pause (bots)
M_OVER = const(2)

S_IDLE = const(0)           # a bot's turn: waiting, then it chooses (a frame that draws nothing)
S_SHOW = const(1)           # its card is shown before it is played
S_CHOSEN = const(2)         # it has chosen: the next frame shows the card

SEAT_COLOURS = (P.CYAN, P.ORANGE, P.GREEN, P.PINK, P.YELLOW, P.WHITE, P.SILVER, P.PURPLE)
# card names in the log and the prompt, by kind (bytes: drawn with core.text); labels under the
# special cards' art
CARD_NAMES = (b"0", b"1", b"2", b"3", b"4", b"5", b"x2", b"-10", b"Spin Out", b"Top Out",
              b"Topsy Turvy")
_LABELS = ("", "", "", "", "", "", "", "", "SPIN", "TOP", "TURVY")
_CARD_COLOURS = (P.SLATE, P.SLATE, P.SLATE, P.SLATE, P.SLATE, P.SLATE, P.ORANGE, P.FOREST,
                 P.CYAN, P.RED, P.PURPLE)


def _art(kind):
    """The art of a special card (numbers are drawn as digits)."""
    if kind == R.DOUBLE:
        return art.DOUBLE
    if kind == R.MINUS:
        return art.MINUS
    if kind == R.SPIN:
        return art.SPIN
    if kind == R.TOP:
        return art.TOP
    return art.TURVY


def seat_x(s):
    return 0 if s < 4 else 120


def seat_y(s):
    return _SEATS_Y + (s & 3) * _SEAT_H


def card_x(slot):
    return _CARD_X + slot * _CARD_STEP


class GameScene(Scene):
    pausable = True

    def __init__(self, console, setup, snapshot=None):
        n = setup.seats
        if not 2 <= n <= R.MAX_SEATS:
            raise ValueError("Tip Top needs 2-8 seats")
        self.c = console
        big = fastpath.load("core.big_viper")   # text_big()'s kernel, where native code runs
        if big is not None:
            big.attach(console.gfx)
        self.setup = setup
        self.n = n
        self.kinds = bytearray(setup.kinds)
        self.names = [TX.from_str(setup.names[s], _SET_NAME_LEN) for s in range(n)]
        self.humans = 0
        self.human = -1                         # the only human's seat (one human), else -1
        for s in range(n):
            if self.kinds[s] == _ST_HUMAN:
                self.humans += 1
                self.human = s
        if self.humans != 1:
            self.human = -1
        self.record = Record(min(_ROWS_BASE + _ROWS_PER_SEAT * n, _ROWS_MAX), R.FIELDS, "b")
        self.st = R.State(n, self.record)
        self.rng = Rng(setup.seed)
        self.bot = Bot()
        self.lines = (bytearray(_LINE), bytearray(_LINE), bytearray(_LINE))
        self.why = bytearray(_LINE)             # the prompt's reason a card may not be played
        self.sel = 0                            # the human's chosen slot
        self.shown = -1                         # a bot's chosen slot, shown on the pile
        self.revealed = False                   # the player to move has passed the hand-off
        self.wait = 0
        self.sub = S_IDLE
        self.mode = M_PLAY
        self.game_over = False
        # the frames after a play (or a lost round, a deal) share its drawing: in the next
        # frame the seat rows and the hand take their new picture, in the one after the log
        self._settle = 0                        # 2: the frame of the play, 1: the next one
        # what each part of the screen shows now (a part is redrawn only when it differs): the
        # seat rows, the hand's slots, and the top's total, limit, pile, arrow, deck and bar
        # (all _UNPAINTED until the first paint, which draws every part)
        self._seat_shown = bytearray(b"\xff" * R.MAX_SEATS)
        self._slot_shown = bytearray(b"\xff" * R.HAND)
        self._top_shown = bytearray(b"\xff" * _TOP_PARTS)
        self._hv_seat = 0
        self._hv_mine = False
        # what to redraw
        self._d_header = True
        self._d_log = True
        if snapshot is not None:
            from games.tiptop import snapshot as SNAP
            SNAP.load(snapshot, self.st, self.rng, self.record, setup)
            forget("games.tiptop.snapshot")     # no memory for it while the game is played
            if self.st.phase == R.P_ROUND:
                self.mode = M_ROUND
                self.wait = self._delay() * 3
        else:
            first = getattr(setup, "start", -1)
            setup.start = self.st.begin(self.rng, setup.seed, first)   # G-2: play again rotates
            self.wait = self._delay()
        self._turn_begins()
        self._make_log()

    # -- helpers ------------------------------------------------------------------------------
    def _delay(self):
        return self.c.settings.bot_delay

    def _human_turn(self):
        return self.mode == M_PLAY and self.kinds[self.st.turn] == _ST_HUMAN

    def _humans_in(self):
        for s in range(self.n):
            if self.kinds[s] == _ST_HUMAN and self.st.chips[s]:
                return True
        return False

    def viewer(self):
        """The seat whose hand is face up: the only human's, or the human to move once it has
        passed the hand-off; -1: nobody's (card backs)."""
        if self.human >= 0:
            return self.human
        if self.revealed and self._human_turn():
            return self.st.turn
        return -1

    def _turn_begins(self):
        """A new turn (or round): the human's choice starts on its first legal card."""
        st = self.st
        self.shown = -1
        self.sub = S_IDLE
        self.sel = st.moves[0] if st.nlegal else 0
        TX.end(self.why, 0)
        self._d_header = True

    # -- the scene ------------------------------------------------------------------------------
    def enter(self, console):
        if console.gfx._draw is None:           # the art's kernel: loaded as the game starts
            console.gfx.load_images(True)
        self._mark_all()

    def _mark_all(self):
        self._d_header = True
        self._d_log = True

    def waits_for_human(self):
        """True while only a human's key moves the game on: the console may then sleep
        (core/power.py). Never while bots play on."""
        if self.mode == M_OVER:
            return True
        if self._settle:
            return False
        if self.mode == M_ROUND:
            return self._humans_in()
        return self.kinds[self.st.turn] == _ST_HUMAN

    def update(self, c):
        st = self.st
        pressed = c.buttons.pressed
        if self._settle:
            self._settle -= 1
            if not self._settle:                # the log of the last play, two frames after it
                self._make_log()
                self._d_log = True
            # a bot's turn waits a frame (it may think in the log's), the next deal two
            if self.mode == M_ROUND or (self._settle and self.mode == M_PLAY and self.kinds[st.turn]):
                return
        if self.mode == M_OVER:
            if pressed & B.A:
                c.end_game()
            return
        if self.mode == M_ROUND:
            if self.wait > 0:
                self.wait -= 1
            if (self._humans_in() and pressed & B.A) or (not self._humans_in() and self.wait <= 0):
                st.next_round(self.rng)
                self.mode = M_PLAY
                self.revealed = False
                self.wait = self._delay()
                self._turn_begins()
                self._after()
            return
        seat = st.turn
        if self.kinds[seat] == _ST_HUMAN:
            if self.humans > 1 and not self.revealed:
                self.revealed = True            # the hand stays hidden until its owner says A
                self._d_header = True
                c.hand_off(self.setup.names[seat])
                return
            self._human_input(c)
            return
        if self.wait > 0:
            self.wait -= 1
            return
        if st.nlegal == 0:                      # a bot without a legal card: stuck (O-4)
            st.stuck()
            self._after()
            return
        if self.sub == S_IDLE:                  # thinking: the choice is drawn in the next frame
            self.bot.begin(st, self.kinds[seat])
            self.sub = S_CHOSEN
            return
        if self.sub == S_CHOSEN:                # the chosen card turned up, framed on the pile
            self.shown = self.bot.move
            self.sub = S_SHOW
            self.wait = self._delay()
            self._d_header = True
            return
        self._play(self.bot.move)

    def _human_input(self, c):
        st = self.st
        p = c.buttons.pressed
        r = c.buttons.repeat
        if st.nlegal == 0:                      # stuck: A confirms the lost round (O-4)
            if p & B.A:
                st.stuck()
                self._after()
            return
        if p & B.A:
            if self._legal(self.sel):
                self._play(self.sel)
            else:
                self._explain(self.sel)
            return
        step = 0
        if r & B.RIGHT or p & (B.B | B.X):
            step = 1
        elif r & B.LEFT:
            step = -1
        if step:
            k = self.sel
            for _ in range(R.HAND):
                k = (k + step) % R.HAND
                if st.card(st.turn, k) != R.EMPTY:
                    break
            if k != self.sel:
                self.sel = k
                if self.why[0]:
                    TX.end(self.why, 0)
                    self._d_header = True

    def _legal(self, slot):
        st = self.st
        for i in range(st.nlegal):
            if st.moves[i] == slot:
                return True
        return False

    def _explain(self, slot):
        """Why the chosen card may not be played (RB-12, O-2), in the prompt line."""
        st = self.st
        c = st.card(st.turn, slot)
        buf = self.why
        if c == R.MINUS:
            at = TX.put(buf, 0, b"-10 needs 10 or more")
        else:
            at = TX.put(buf, 0, CARD_NAMES[c])
            at = TX.put(buf, at, b" would pass ")
            at = TX.put_int(buf, at, st.limit)
        TX.end(buf, at)
        self._d_header = True
        self.c.beep(220, 60)

    def _play(self, slot):
        st = self.st
        st.play(slot, self.rng)
        if self.humans > 1:
            self.revealed = False               # the next player must not see this hand
        self.wait = self._delay()
        self._after()

    def _after(self):
        """After a play or a lost round: what changed, and the next moment."""
        st = self.st
        self._turn_begins()
        self._settle = 2                        # the seats and hand, then the log, come later
        if st.phase == R.P_OVER:
            self.mode = M_OVER
            self.game_over = True
            self.c.beep(880, 120)
        elif st.phase == R.P_ROUND:
            self.mode = M_ROUND
            self.revealed = False
            self.wait = self._delay() * 3
            self.c.beep(330, 100)

    # -- the log --------------------------------------------------------------------------------
    def _make_log(self):
        """The last three log-worthy events of the record, as text (never a hand, G-4)."""
        rec = self.record
        i = rec.n - 1
        k = 2
        lines = self.lines
        for j in range(3):
            TX.end(lines[j], 0)
        while i >= 0 and k >= 0:
            if self._describe(i, lines[k]):
                k -= 1
            i -= 1

    def _describe(self, i, buf):
        rec = self.record
        kind = rec.kind(i)
        a = rec.field(i, 0)
        b = rec.field(i, 1)
        c = rec.field(i, 2)
        d = rec.field(i, 3)
        e = rec.field(i, 4)
        names = self.names
        if kind == R.E_ROUND:
            at = TX.put(buf, 0, b"Round ")
            at = TX.put_int(buf, at, a)
            at = TX.put(buf, at, b": ")
            at = TX.put(buf, at, names[b])
            at = TX.put(buf, at, b" deals")
        elif kind == R.E_PLAY:
            at = TX.put(buf, 0, names[a])
            if b <= R.MINUS:
                at = TX.put(buf, at, b" plays ")
                at = TX.put(buf, at, CARD_NAMES[b])
                at = TX.put(buf, at, b": ")
                at = TX.put_int(buf, at, c)
            elif b == R.TURVY:
                at = TX.put(buf, at, b": Turvy, limit ")
                at = TX.put_int(buf, at, d)
            else:
                at = TX.put(buf, at, b": ")
                at = TX.put(buf, at, CARD_NAMES[b])
                at = TX.put(buf, at, b", ")
                at = TX.put_int(buf, at, c)
        elif kind == R.E_RESHUFFLE:
            at = TX.put(buf, 0, b"Deck reshuffled: ")
            at = TX.put_int(buf, at, a)
            at = TX.put(buf, at, b" cards")
        elif kind == R.E_LIMITS:
            at = TX.put(buf, 0, b"Limit cards reshuffled")
        elif kind == R.E_LOSE:
            at = TX.put(buf, 0, names[a])
            if b == R.W_STUCK:
                at = TX.put(buf, at, b" stuck: loses a chip")
            else:
                at = TX.put(buf, at, b": ")
                at = TX.put_int(buf, at, d)
                at = TX.put(buf, at, b" > ")
                at = TX.put_int(buf, at, e)
                at = TX.put(buf, at, b", loses chip")
        elif kind == R.E_OUT:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" is out")
        elif kind == R.E_RESULT:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" wins the game")
        else:
            return False
        TX.end(buf, at)
        return True

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, g, full):
        """Redraw what changed: the header and the log when marked, and every part of the top,
        seat row and hand slot whose picture differs from what it shows (full: everything)."""
        if full:
            g.clear(P.NAVY)
            self._mark_all()
        if self._d_header:
            self._d_header = False
            self._draw_header(g)
        self._draw_top(g, full)
        # In the frame of a play (or a lost round, a deal) the seat rows and the hand keep their
        # picture, and take the new one in the next frame, with the log: a play's frame stays
        # light. They are drawn from their codes alone, so a full redraw shows what is on the
        # screen. Among several humans a face-up hand is never kept: it is hidden in the frame
        # its turn ends (G-4). The only human's own hand may wait (nobody else looks at it): a
        # deal's frame would otherwise redraw the top and the whole hand, 51 ms on the Pico.
        wait = self._settle == 2 and self._slot_shown[0] != _UNPAINTED
        shown = self._seat_shown
        for s in range(self.n):
            k = shown[s] if wait else self._seat_code(s)
            if full or k != shown[s]:
                shown[s] = k
                self._draw_seat(g, s, k)
        v = self.viewer()
        self._hand_view(v)
        shown = self._slot_shown
        if wait and self.human < 0:
            for slot in range(R.HAND):
                if shown[slot] >= _SLOT_FACE:
                    wait = False
        for slot in range(R.HAND):
            k = shown[slot] if wait else self._slot_code(v, slot)
            if full or k != shown[slot]:
                shown[slot] = k
                self._draw_slot(g, slot, k)
        if self._d_log:
            self._d_log = False
            fb = g.fb
            g.dirty(0, _LOG_Y, 240, 40)
            fb.fill_rect(0, _LOG_Y, 240, 40, P.BLACK)
            for j in range(3):
                TX.draw(g, self.lines[j], 4, _LOG_Y + 3 + 12 * j, P.WHITE if j == 2 else P.GREY,
                        mark=False)

    def _draw_header(self, g):
        st = self.st
        fb = g.fb
        g.dirty(0, 0, 240, _HEAD_H)            # first: what is drawn below merges into it
        fb.fill_rect(0, 0, 240, _HEAD_H, P.BLACK)
        s = st.turn
        if self.mode == M_OVER:
            w = TX.draw(g, self.names[st.winner], 4, 2, SEAT_COLOURS[st.winner], mark=False)
            fb.text(" wins!", 4 + w, 2, P.YELLOW)
            fb.text("A: continue", 4, 12, P.SILVER)
        elif self.mode == M_ROUND:
            w = TX.draw(g, self.names[st.loser], 4, 2, SEAT_COLOURS[st.loser], mark=False)
            fb.text(" loses a chip", 4 + w, 2, P.RED)
            fb.text("A: next round" if self._humans_in() else "next round...", 4, 12, P.SILVER)
        else:
            w = TX.draw(g, self.names[s], 4, 2, SEAT_COLOURS[s], mark=False)
            fb.text(" to play", 4 + w, 2, P.WHITE)
            human = self.kinds[s] == _ST_HUMAN
            if human and self.viewer() != s:
                fb.text("pass the console", 4, 12, P.SILVER)
            elif human and st.nlegal == 0:
                fb.text("Stuck! A: lose a chip", 4, 12, P.RED)
            elif human and self.why[0]:
                TX.draw(g, self.why, 4, 12, P.RED, mark=False)
            elif human:
                fb.text("A: play  <>: choose", 4, 12, P.SILVER)
            elif self.sub == S_SHOW:
                fb.text("plays ", 4, 12, P.WHITE)
                TX.draw(g, CARD_NAMES[st.card(s, self.shown)], 52, 12, P.YELLOW, mark=False)
            elif st.nlegal == 0:
                fb.text("No card fits!", 4, 12, P.RED)
            else:
                fb.text("thinking...", 4, 12, P.SILVER)
        fb.text("round", 184, 2, P.GREY)
        g.number(st.round, 184, 12, P.SILVER)

    def _pile_code(self):
        """The pile's picture: its top card (or a bot's chosen card, framed, while it is shown
        before it is played) as card + 1 (0: empty), + 16 when framed."""
        st = self.st
        if self.sub == S_SHOW and self.mode == M_PLAY:
            return st.card(st.turn, self.shown) + 17
        return st.pile[st.pile_n - 1] + 1 if st.pile_n else 0

    def _draw_top(self, g, full):
        """The parts of the top that changed: the total (large: two digit cells), the limit, the
        pile's top card, the direction, the deck and the bar (RB-7, RB-12). Each part repaints
        its own box, marked dirty before it draws (what it draws then merges into the box)."""
        self._draw_total(g, full)
        self._draw_limit(g, full)
        self._draw_pile(g, full)
        self._draw_dir_deck(g, full)
        self._draw_bar(g, full)

    def _draw_total(self, g, full):
        # the total's left cell shows its tens (its only digit below 10), the right its ones
        t = self.st.total
        shown = self._top_shown
        for cell in range(2):
            k = (t // 10 if t >= 10 else t) if cell == 0 else (t % 10 if t >= 10 else _BLANK)
            if full or shown[_T_TOTAL + cell] != k:
                shown[_T_TOTAL + cell] = k
                x = cell * 44
                g.dirty(x, _TOP_Y, 44, _TOP_H)
                g.fb.fill_rect(x, _TOP_Y, 44, _TOP_H, P.NAVY)
                if k != _BLANK:
                    g.text_big(DIGITS[k], x + 4, _TOP_Y + 3, P.WHITE, 5)

    def _draw_limit(self, g, full):
        limit = self.st.limit
        shown = self._top_shown
        if full or shown[_T_LIMIT] != limit:
            shown[_T_LIMIT] = limit
            fb = g.fb
            g.dirty(88, _TOP_Y, 60, _TOP_H)
            fb.fill_rect(88, _TOP_Y, 60, _TOP_H, P.NAVY)
            fb.text("limit", 96, _TOP_Y + 4, P.GREY)
            g.text_big(DIGITS[limit // 10], 92, _TOP_Y + 19, P.YELLOW, 3)
            g.text_big(DIGITS[limit % 10], 116, _TOP_Y + 19, P.YELLOW, 3)

    def _draw_pile(self, g, full):
        k = self._pile_code()
        shown = self._top_shown
        if full or shown[_T_PILE] != k:
            shown[_T_PILE] = k
            fb = g.fb
            g.dirty(_PILE_X - 4, _TOP_Y, 48, _TOP_H)
            fb.fill_rect(_PILE_X - 4, _TOP_Y, 48, _TOP_H, P.NAVY)
            if k & 16:
                fb.rect(_PILE_X - 2, _TOP_Y, 40, 44, P.YELLOW)
            if k:
                self._draw_card(g, (k & 15) - 1, _PILE_X, _TOP_Y + 2, 36, 40, False)
            else:
                fb.rect(_PILE_X, _TOP_Y + 2, 36, 40, P.SLATE)

    def _draw_dir_deck(self, g, full):
        """The direction of play (an arrow) above the cards left in the deck."""
        st = self.st
        fb = g.fb
        shown = self._top_shown
        k = 1 if st.dir > 0 else 0
        if full or shown[_T_DIR] != k:
            shown[_T_DIR] = k
            g.dirty(196, _TOP_Y, 44, 26)
            fb.fill_rect(196, _TOP_Y, 44, 26, P.NAVY)
            a = art.CLOCKWISE if k else art.COUNTER
            g.image(a, 218 - (a[1] >> 1), _TOP_Y + 12 - (a[2] >> 1), art.KEY)
        if full or shown[_T_DECK] != st.deck_n:
            shown[_T_DECK] = st.deck_n
            g.dirty(196, _TOP_Y + 26, 44, _TOP_H - 26)
            fb.fill_rect(196, _TOP_Y + 26, 44, _TOP_H - 26, P.NAVY)
            fb.text("deck", 200, _TOP_Y + 28, P.GREY)
            g.number(st.deck_n, 208, _TOP_Y + 37, P.SILVER)

    def _draw_bar(self, g, full):
        """How close the total is to the limit: its length in 224 px, and its colour."""
        st = self.st
        fb = g.fb
        shown = self._top_shown
        t = st.total
        w = t * _BAR_W // st.limit if st.limit else 0
        if w > _BAR_W:
            w = _BAR_W                  # a Topsy Turvy's limit below the total (O-3)
        k = t * 100 // st.limit if st.limit else 0
        colour = P.GREEN if k < 60 else (P.YELLOW if k < 85 else P.RED)
        old = shown[_T_BAR]
        if full or colour != shown[_T_BAR_C]:
            fb.fill_rect(_BAR_X, _BAR_Y, _BAR_W, 8, P.SLATE)
            if w:
                fb.fill_rect(_BAR_X, _BAR_Y, w, 8, colour)
            g.dirty(_BAR_X, _BAR_Y, _BAR_W, 8)
        elif w != old:                  # the same colour: only the stretch between the two ends
            a = w if w < old else old
            fb.fill_rect(_BAR_X + a, _BAR_Y, (old - w if w < old else w - old), 8,
                         P.SLATE if w < old else colour)
            g.dirty(_BAR_X + a, _BAR_Y, (old - w if w < old else w - old), 8)
        shown[_T_BAR] = w
        shown[_T_BAR_C] = colour

    def _seat_code(self, s):
        """What seat s's row shows, as one byte: its chips and its marker."""
        st = self.st
        if self.mode == M_PLAY and st.turn == s:
            m = 1
        elif self.mode == M_OVER and st.winner == s:
            m = 2
        elif self.mode == M_PLAY and st.next_seat(st.turn, st.dir) == s:
            m = 3
        else:
            m = 0
        return (st.chips[s] << 2) | m

    def _slot_code(self, v, slot):
        """What hand slot `slot` shows, as one byte (after _hand_view(v)): 0 nothing, 1 a card
        back, else 2 + the card face up x 4 + 2 when greyed + 1 when framed (chosen)."""
        st = self.st
        c = st.card(self._hv_seat, slot)
        if c == R.EMPTY:
            return 0
        mine = self._hv_mine
        if v < 0:
            return _SLOT_BACK
        return _SLOT_FACE + (c << 2) + (2 if mine and not self._legal(slot) else 0) + \
            (1 if mine and slot == self.sel else 0)

    def _hand_view(self, v):
        """Whose cards the hand area shows (_hv_seat) and whether the viewer is to play
        (_hv_mine)."""
        st = self.st
        self._hv_seat = v if v >= 0 else (st.loser if self.mode == M_ROUND else st.turn)
        self._hv_mine = v >= 0 and self._human_turn() and st.turn == v

    def _draw_seat(self, g, s, k):
        """Seat s's row as its code k says (_seat_code): turn marker (grey: the next to play; a
        star: the winner), name, chips or "out"."""
        x = seat_x(s)
        y = seat_y(s)
        fb = g.fb
        m = k & 3
        g.dirty(x, y, 120, _SEAT_H)
        fb.fill_rect(x, y, 120, _SEAT_H, P.SLATE if m == 1 or m == 2 else P.NAVY)
        if m == 1:
            fb.text(">", x + 2, y + 2, P.YELLOW)
        elif m == 2:
            fb.text("*", x + 2, y + 2, P.YELLOW)
        elif m == 3:
            fb.text(">", x + 2, y + 2, P.GREY)
        chips = k >> 2
        TX.draw(g, self.names[s], x + 12, y + 2, SEAT_COLOURS[s] if chips else P.GREY, mark=False)
        if not chips:
            fb.text("out", x + 88, y + 2, P.RED)
        for k in range(chips):
            fb.ellipse(x + 85 + 9 * k, y + 5, 3, 3, P.YELLOW, True)

    def _draw_slot(self, g, slot, k):
        """Hand slot `slot` as its code k says (_slot_code): nothing, a card back (the viewer
        sees no hand, or a bot's card not chosen), or a card face up, greyed and framed."""
        fb = g.fb
        x = card_x(slot)
        g.dirty(x - 3, _HAND_Y - 3, _CARD_STEP, _CARD_H + 6)
        fb.fill_rect(x - 3, _HAND_Y - 3, _CARD_STEP, _CARD_H + 6, P.NAVY)
        if k == _SLOT_BACK:
            fb.fill_rect(x, _HAND_Y, _CARD_W, _CARD_H, P.BLUE)
            g.image(art.BACK, x + 10, _HAND_Y + 16, art.KEY)
        elif k:
            k -= _SLOT_FACE                     # the card x 4 + 2 when greyed + 1 when framed
            self._draw_card(g, k >> 2, x, _HAND_Y, _CARD_W, _CARD_H, k & 2)
            if k & 1:
                fb.rect(x - 2, _HAND_Y - 2, _CARD_W + 4, _CARD_H + 4, P.YELLOW)
                fb.rect(x - 3, _HAND_Y - 3, _CARD_W + 6, _CARD_H + 6, P.YELLOW)

    def _draw_card(self, g, c, x, y, w, h, greyed):
        """Card c face up in a w x h frame: a number as a large digit, a special card as its
        art (and its label when the card is hand size); greyed: it may not be played now."""
        fb = g.fb
        fb.fill_rect(x, y, w, h, P.SILVER if greyed else P.WHITE)
        fb.rect(x, y, w, h, P.GREY)
        big = w >= _CARD_W
        if c <= 5:
            k = 4 if big else 3
            g.text_big(DIGITS[c], x + ((w - (k << 3)) >> 1), y + ((h - (k << 3)) >> 1),
                       P.GREY if greyed else P.NAVY, k)
            return
        img = _art(c)                           # centred on the card (the art is cropped)
        g.image(img, x + ((w - img[1]) >> 1), y + (24 if big else 20) - (img[2] >> 1), art.KEY,
                art.GREYED if greyed else None)
        lab = _LABELS[c]
        if big and lab:
            fb.text(lab, x + ((w - (len(lab) << 3)) >> 1), y + 48, P.GREY if greyed else _CARD_COLOURS[c])

    # -- the console's questions --------------------------------------------------------------
    @property
    def winners(self):
        """Once the game is over: the winner's bit (the last seat with chips, RB-17)."""
        w = self.st.winner
        return 1 << w if w >= 0 else 0

    def result(self):
        st = self.st
        return "winner=%d rounds=%d plays=%d" % (st.winner, st.round, st.plays)

    def snapshot(self):
        if self.game_over or self.st.phase == R.P_OVER:
            return None
        from games.tiptop import snapshot as SNAP   # a save is an allocation point
        data = SNAP.dump(self.st, self.rng, self.record)
        forget("games.tiptop.snapshot")
        return data
