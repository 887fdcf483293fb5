"""NOPE! on the 240x240 screen: the table scene (input, bots, hand-off, drawing).

Layout (docs/nope.md has the picture):
    y   0..21   header: who is to move (name) and the play order (clockwise, G-1) on the right;
                below it the hint: what the buttons do, why a choice is refused, or a bot
                "thinking..."
    y  22..57   the seats, three rows of two: seat number, name, cards held (or "out"),
                the seat to move on a lit row
    y  58..141  the top card of the discard pile, large (colour bands with a letter per colour,
                the number or the action's name), the demand it makes, the draw pile and
                discard counts; a nomination being chosen by a human shows its three rows here
    y 142..213  the hand of the seat whose cards may be seen (a scrollable fan; cards that can
                belong to a legal set or be played alone are lit, picked cards are raised with
                their laying order); "hidden" when nobody's hand may be shown
    y 214..239  the log: the last two public events (sets laid, actions, Nope!, who is out)

Private hands (RB-S2): with one human at the table that player's hand is always shown (bots do
not look); with two or more, a hand is shown only after console.hand_off(name) was confirmed
by its owner, and hidden as soon as that player's decision is made.

Nothing allocates after __init__: texts are constants or bytearrays filled in place, numbers
are drawn by gfx.number, the bots think with a fixed budget per step.
"""

from micropython import const

from core import buttons as B
from core import fastpath
from core import palette as P
from core import text as TX
from core.modules import forget
from core.scene import Scene

from games.nope import cards as C
from games.nope import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# rules.py
_E_DRAW = const(4)
# core/setup.py
_ST_HUMAN = const(0)
# art.py's public ones, as _ART_X
_ART_KEY = const(1)         # transparent pixels: an index no image here uses (-1: none is transparent)
# -- end of the copies --

BOT_BUDGET = const(2)       # units of bot thinking per step
_SEATS_Y = const(22)
TOP_Y = const(58)
HAND_Y = const(142)
LOG_Y = const(214)

# UI modes
_M_PLAY = const(1)
_M_OVER = const(2)

# a bot's turn
_S_IDLE = const(0)
_S_THINK = const(1)
_S_PLAY = const(2)           # chosen, played at the next step

# a human's decision
H_PICK = const(0)           # picking the cards of a set (or one action card)
H_TOP = const(1)           # choosing the top card among the picked ones
H_ASK = const(2)           # one action card picked that is both a set and playable alone
H_NOM = const(3)           # a nomination: target, count, colour

# colour index -> palette colour, and the colour a letter is drawn in on it
INK = (P.RED, P.GREEN, P.BLUE, P.YELLOW)
ON_INK = (P.WHITE, P.BLACK, P.WHITE, P.BLACK)
# the label the top card shows for its kind (number cards show their number)
_BIG_LABEL = ("", "JOKER", "RESET", "SEE", "NOM")
SEAT_ORDER = ("1>2", "1>2>3", "1>2>3>4", "1>2>3>4>5", "1>2>3>4>5>6")

# the hint line (at most 29 characters)
HINT_DISCARD = ("", "Set of 1: A pick, X play", "Set of 2: A pick, X play", "Set of 3: A pick, X play")
HINT_NOSET = "No set: B draws a card"
HINT_NOSET_ACT = "No set: B draw, X action"
HINT_DRAWN = "The draw made a set: X play"
HINT_TOP = "Top card: left/right, A"
HINT_ASK = "Alone? A: yes  X: as a set"
HINT_NOM = "Up/down row, left/right, A"
HINT_THINK = "thinking..."
HINT_OVER = "A: continue"


def _ncols(cols):
    return (cols & 1) + ((cols >> 1) & 1) + ((cols >> 2) & 1) + (cols >> 3)


def draw_bands(fb, x, y, w, h, cols, letter_y, marks):
    """A card's face: one vertical band per colour it shows, the colour's letter in its band
    (all four colours say "all", or "*" on a narrow card) and, given `marks` (art frame buffers by colour index) and a
    band wide enough, the colour's shape above it: colour-blind players read letters and shapes
    (the top card; the hand's cards show letters only, their frame budget is tight)."""
    k = _ncols(cols)
    bw = w // k if k else w
    bx = x
    i = 0
    for c in range(4):
        if cols & (1 << c):
            ww = bw if i < k - 1 else x + w - bx
            fb.fill_rect(bx, y, ww, h, INK[c])
            if k < 4:
                fb.text(C.COLOUR_LETTERS[c], bx + (ww >> 1) - 4, letter_y, ON_INK[c])
            if marks is not None and ww >= 10:
                fb.blit(marks[c], bx + (ww >> 1) - 4, letter_y - 11, _ART_KEY)
            bx += ww
            i += 1
    if k == 4:
        # the hand's small cards say "*" (as the log's "Nom*"): "all" filled a card and two
        # cards side by side read "allall"
        lab = "all" if w >= 32 else "*"
        lw = len(lab) << 3
        fb.fill_rect(x + ((w - lw) >> 1) - 1, letter_y - 1, lw + 2, 10, P.BLACK)
        fb.text(lab, x + ((w - lw) >> 1), letter_y, P.WHITE)


class GameScene(Scene):
    pausable = True

    def __init__(self, console, setup, snapshot=None):
        """The fields (listed in games/nope/begin.py's scene()), then the deal or the resumed
        game. begin.py runs once a game and is forgotten here: its code is not on the heap
        while playing (docs/nope.md, Memory)."""
        big = fastpath.load("core.big_viper")   # text_big()'s kernel, where native code runs
        if big is not None:
            big.attach(console.gfx)
        from games.nope import begin
        begin.scene(self, console, setup, snapshot)
        forget("games.nope.begin")

    # -- helpers ------------------------------------------------------------------------------
    def _mark_all(self):
        self._dh = self._ds = self._dt = self._dhand = self._dlog = True
        for s in range(R.MAX_SEATS):
            self._seen[s] = 0xFFFF              # no seat's row is on the screen as it is

    def _new_decision(self):
        """The game waits for a new decision: the human's UI reset (the header and the top
        card's area show it). The hand area follows a frame later (_show_hand)."""
        st = self.st
        self._dh = self._ds = self._dt = True
        self.why = ""
        self.sub = _S_IDLE
        if st.phase == R.P_OVER:
            return
        s = st.to_move()
        if self.kinds[s] == _ST_HUMAN:
            self.hmode = H_NOM if st.phase == R.P_NOMINATE else H_PICK
            if self.hmode == H_NOM:
                self.nrow = 0
                self.ncount = 1
                self.ntarget = st.next_seat(s)
                self.ncol = 0
                while not C.COLS[st.nom_card] & (1 << self.ncol):
                    self.ncol += 1

    def _show_hand(self):
        """The hand area for the decision (or the end): between two humans hidden until
        update() hands the console over; else the shown seat's cards and their lighting (the
        hand area only when they change: a bot's turn seldom touches it)."""
        st = self.st
        if self.humans > 1 and (st.phase == R.P_OVER or self.viewer != st.to_move()):
            self.viewer = -1
        self._fill_hand()

    # -- the scene ------------------------------------------------------------------------------
    def enter(self, console):
        self._mark_all()

    def waits_for_human(self):
        """True while only a human's key moves the game on: the console may then sleep
        (core/power.py). Never while bots play on."""
        if self.mode == _M_OVER:
            return True
        st = self.st
        return not self._due and self.wait <= 0 and st.phase != R.P_OVER \
            and self.kinds[st.to_move()] == _ST_HUMAN

    def update(self, c):
        st = self.st
        due = self._due
        if due:                                 # a play's repaint is spread over two frames
            self._due = False                   # (docs/nope.md): the log and the hand area
            self._make_log()                    # follow a frame after the header, the seats
            self._show_hand()                   # and the top card
        if self.mode == _M_OVER:
            if c.buttons.pressed & B.A:
                c.end_game()
            return
        if due:
            # nothing else in the frame of the log and the hand (with a bot beginning its
            # choice in it: 41.1 ms on the Pico); a human's input counts once the hand shows
            # the new decision
            return
        if self.wait > 0:
            self.wait -= 1
            return
        s = st.to_move()
        if self.kinds[s] == _ST_HUMAN:         # else a bot level
            if self.viewer != s:                # pass-around: the table is covered until
                self.viewer = s                 # s presses A, then redrawn with s's hand
                self._fill_hand()
                c.hand_off(self.setup.names[s])
                return
            self._human_input(c)
            return
        if self.sub == _S_IDLE:
            self.brng.save_into(self.bot_mark, 0)
            self.bot.begin(st, self.kinds[s])
            self.sub = _S_THINK
            self._dh = True
            return                              # one cost per frame: beginning, each step of
        if self.sub == _S_THINK:                 # thinking, and playing the choice
            if self.bot.step(st, BOT_BUDGET):
                self.sub = _S_PLAY
            return
        self._play(self.bot.move)

    def _play(self, m):
        st = self.st
        st.play(m, self.rng)
        self._due = True
        if self.humans > 1 and self.viewer >= 0 and \
                (st.phase == R.P_OVER or self.viewer != st.to_move()):
            self.viewer = -1                    # a hand is hidden as soon as its owner's
            self._fill_hand()                   # decision is made (pass-around)
        if st.phase == R.P_OVER:
            self.mode = _M_OVER
            self.game_over = True
            self._dh = self._ds = self._dt = True
            self.c.beep(880, 120)
            return
        self.wait = self.c.settings.bot_delay
        self._new_decision()

    # -- the hand area (HumanScene in human.py shows hands and takes a human's input) -----------
    def _fill_hand(self):
        """No seat's hand is ever shown at a table of bots: nothing to fill."""

    def _draw_hand(self, g):
        fb = g.fb
        g.dirty(0, HAND_Y, 240, LOG_Y - HAND_Y)        # first: see _draw_seats
        fb.fill_rect(0, HAND_Y, 240, LOG_Y - HAND_Y, P.NAVY)
        if self.viewer < 0:
            fb.text("Hands are hidden", 56, HAND_Y + 30, P.GREY)
        else:
            self._draw_fan(g)                   # HumanScene's

    # -- the log --------------------------------------------------------------------------------
    def _make_log(self):
        """The last two public events of the record, as text."""
        TX.log_lines(self.record, self.lines, self._say)
        self._dlog = True

    def _describe(self, i, buf):
        rec = self.record
        kind = rec.kind(i)
        a = rec.field(i, 0)
        b = rec.field(i, 1)
        names = self.names
        if kind == R.E_DEALER:
            at = TX.put(buf, 0, names[b])
            at = TX.put(buf, at, b" starts")
        elif kind == R.E_FLIP:
            at = TX.put(buf, 0, b"First card: ")
            at = C.put_name(buf, at, a)
        elif kind == R.E_DISCARD:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b":")
            for j in range(b):
                at = TX.put(buf, at, b" ")
                at = C.put_name(buf, at, rec.field(i, 2 + j))
        elif kind == R.E_ACTION:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" plays ")
            at = C.put_name(buf, at, b)
            at = TX.put(buf, at, b" alone")
        elif kind == R.E_NOMINATE:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b"->")
            at = TX.put(buf, at, names[b])
            at = TX.put(buf, at, b": ")
            at = TX.put_int(buf, at, rec.field(i, 2))
            at = TX.put(buf, at, b" ")
            at = TX.put(buf, at, self.colnames[C.colour_index(rec.field(i, 3))])
        elif kind == _E_DRAW:
            # a turn's draw rows (one or two, P-6; a reshuffle may come between) say one line,
            # at the last: the Nope! row after them says it, or else the draw made a set
            k = rec.kind(i + 1) if i + 1 < rec.n else -1
            if k == _E_DRAW or k == R.E_RESHUFFLE or k == R.E_NOPE:
                return False
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" drew ")
            at = TX.put_int(buf, at, self._drawn(i, a))
            at = TX.put(buf, at, b": a set!")
        elif kind == R.E_NOPE:
            at = TX.put(buf, 0, names[a])
            if b:
                at = TX.put(buf, at, b" drew ")
                at = TX.put_int(buf, at, b)
            else:
                at = TX.put(buf, at, b" drew none")    # nothing left to draw (P-6)
            at = TX.put(buf, at, b": Nope!")
        elif kind == R.E_RESHUFFLE:
            at = TX.put(buf, 0, b"Reshuffled: ")
            at = TX.put_int(buf, at, a)
            at = TX.put(buf, at, b" cards")
        elif kind == R.E_OUT:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" is out")
        elif kind == R.E_RESULT:
            w = 0
            for s in range(self.n):
                if a & (1 << s):
                    w = s
            at = TX.put(buf, 0, names[w])
            at = TX.put(buf, at, b" wins!")
        else:
            return False
        TX.end(buf, at)
        return True

    def _drawn(self, i, seat):
        """How many cards `seat` drew in the run of draw rows ending at row i."""
        rec = self.record
        n = 0
        while i >= 0 and (rec.kind(i) == R.E_RESHUFFLE or
                          (rec.kind(i) == _E_DRAW and rec.field(i, 0) == seat)):
            if rec.kind(i) == _E_DRAW:
                n += 1
            i -= 1
        return n

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            self._mark_all()
        if self._dh:
            self._dh = False
            self._draw_header(g)
        if self._ds:
            self._ds = False
            self._draw_seats(g)
        if self._dt:
            self._dt = False
            self._draw_top(g)
        if self._dhand:
            self._dhand = False
            self._draw_hand(g)
        if self._dlog:
            self._dlog = False
            fb = g.fb
            fb.fill_rect(0, LOG_Y, 240, 26, P.BLACK)
            TX.draw(g, self.lines[0], 4, LOG_Y + 3, P.GREY, mark=False)
            TX.draw(g, self.lines[1], 4, LOG_Y + 15, P.WHITE, mark=False)
            g.dirty(0, LOG_Y, 240, 26)

    def _hint(self):
        """The header's second line: a refusal, the buttons, or what a bot does."""
        st = self.st
        if self.mode == _M_OVER:
            return HINT_OVER
        if self.kinds[st.to_move()] != _ST_HUMAN:
            return HINT_THINK if self.sub != _S_IDLE else ""
        if self.why:
            return self.why
        if self.hmode == H_NOM:
            return HINT_NOM
        if self.hmode == H_TOP:
            return HINT_TOP
        if self.hmode == H_ASK:
            return HINT_ASK
        if st.phase == R.P_DRAWN:
            return HINT_DRAWN
        if st.has_set():
            return HINT_DISCARD[st.dcount]
        if st.nlegal > 1:
            return HINT_NOSET_ACT
        return HINT_NOSET

    def _draw_header(self, g):
        st = self.st
        fb = g.fb
        fb.fill_rect(0, 0, 240, _SEATS_Y, P.BLACK)
        if self.mode == _M_OVER:
            fb.text("Game over", 4, 2, P.YELLOW)
        else:
            s = st.to_move()
            w = TX.draw(g, self.names[s], 4, 2, P.YELLOW, mark=False)
            # (" nominates" after 8 letters ran into the order of six seats from x 148)
            fb.text(" to name" if st.phase == R.P_NOMINATE else " to play", 4 + w, 2, P.WHITE)
        order = SEAT_ORDER[self.n - 2]
        fb.text(order, 236 - (len(order) << 3), 2, P.GREY)
        fb.text(self._hint(), 4, 12, P.RED if self.why else P.SILVER)
        g.dirty(0, 0, 240, _SEATS_Y)

    def _draw_seats(self, g):
        """Only the rows that changed (a turn changes two or three: a full-width repaint of
        the seats took 3 ms of a play's frame on the Pico)."""
        st = self.st
        fb = g.fb
        move = st.to_move() if self.mode == _M_PLAY else -1
        over = self.mode == _M_OVER
        for s in range(self.n):
            alive = st.alive[s]
            win = 1 if over and st.winners & (1 << s) else 0
            look = (st.hn[s] << 3) | ((s == move) << 2) | (alive << 1) | win
            if look == self._seen[s]:
                continue
            self._seen[s] = look
            x = (s & 1) * 120
            y = _SEATS_Y + 1 + (s >> 1) * 12
            # the row is marked first, so the number's own mark merges into it
            g.dirty(x, y - 1, 120, 12)
            fb.fill_rect(x, y - 1, 120, 12, P.NAVY)
            if s == move:
                fb.fill_rect(x, y - 1, 120, 11, P.SLATE)
            # the seat, its name and its cards (or out / won) a blank apart, ending at x + 114:
            # a blank before the next seat's box ("1 ANA wins 2 BEN" ran together)
            g.number(s + 1, x + 2, y, P.GREY)
            TX.draw(g, self.names[s], x + 18, y, P.WHITE if alive else P.GREY, mark=False)
            if win:
                fb.text("won", x + 90, y, P.YELLOW)
            elif alive:
                g.number(st.hn[s], x + 90, y, P.CYAN, -1, 2)
            else:
                fb.text("out", x + 90, y, P.RED)

    def _draw_top(self, g):
        """The discard pile's top card, what it demands (or the nomination being made), and the
        sizes of the two piles."""
        st = self.st
        fb = g.fb
        g.dirty(0, TOP_Y, 240, HAND_Y - TOP_Y)        # first: see _draw_seats
        fb.fill_rect(0, TOP_Y, 240, HAND_Y - TOP_Y, P.NAVY)
        y = TOP_Y + 2
        self._draw_card(g, st.top(), 8, y)
        tx = 76
        if self.mode == _M_PLAY and self.hmode == H_NOM \
                and self.kinds[st.to_move()] == _ST_HUMAN and st.phase == R.P_NOMINATE:
            self._draw_nominate(g, tx)
        elif st.phase == R.P_NOMINATE:
            fb.text("A nomination", tx, y + 4, P.WHITE)
            fb.text("is being made", tx, y + 16, P.SILVER)
        else:
            self._draw_demand(g, tx, y)
        fb.text("draw pile", tx, y + 50, P.GREY)
        g.number(st.npile, tx + 88, y + 50, P.WHITE)
        fb.text("discards", tx, y + 62, P.GREY)
        g.number(st.ndisc, tx + 88, y + 62, P.WHITE)

    def _draw_card(self, g, top, x, y):
        """The card `top` large, at x, y: its colour bands, its number or its action's name and
        symbol."""
        fb = g.fb
        fb.rect(x - 1, y - 1, 58, 80, P.WHITE)
        draw_bands(fb, x, y, 56, 78, C.COLS[top], y + 66, self.marks)
        kind = C.KIND[top]
        fb.fill_rect(x + 8, y + 14, 40, 40, P.WHITE)
        if kind == C.K_NUMBER:
            g.text_big(DIGIT[C.NUMBER[top]], x + 12, y + 18, P.BLACK, 4)
            return
        if kind == C.K_JOKER:
            g.text_big("1", x + 12, y + 18, P.BLACK, 4)
        lab = _BIG_LABEL[kind]
        fb.fill_rect(x, y + 2, 56, 10, P.BLACK)
        fb.text(lab, x + 28 - (len(lab) << 2), y + 3, P.WHITE)
        if kind != C.K_JOKER:
            fb.blit(self.symbols[kind], x + 20, y + 26, _ART_KEY)

    def _draw_demand(self, g, tx, y):
        """What the top card demands: the count of cards and the colours they may show."""
        st = self.st
        fb = g.fb
        fb.text("Discard", tx, y + 2, P.SILVER)
        g.number(st.dcount, tx + 64, y + 2, P.WHITE)
        fb.text("card" if st.dcount == 1 else "cards", tx + 80, y + 2, P.SILVER)
        fb.text("of one colour:" if _ncols(st.dcols) > 1 else "of colour:", tx, y + 14, P.SILVER)
        cx = tx
        for c in range(4):
            if st.dcols & (1 << c):
                fb.fill_rect(cx, y + 26, 18, 14, INK[c])
                fb.text(C.COLOUR_LETTERS[c], cx + 5, y + 29, ON_INK[c])
                cx += 22

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
        return "winner=%s turns=%d" % (",".join(w), st.turns)

    def snapshot(self):
        if self.game_over or self.st.phase == R.P_OVER:
            return None
        mark = self.bot_mark                    # a bot that began its choice begins again
        if self.sub == _S_IDLE:
            mark = bytearray(4)
            self.brng.save_into(mark, 0)
        from games.nope import snapshot as SNAP         # a suspend: an allocation point
        return SNAP.dump(self.st, self.rng, mark, self.record)


DIGIT = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
