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
from core import palette as P
from core import text as TX
from core.modules import forget
from core.scene import Scene

from games.nope import cards as C
from games.nope import rules as R

BOT_BUDGET = const(2)       # units of bot thinking per step
_SEATS_Y = const(22)
_TOP_Y = const(58)
_HAND_Y = const(142)
_LOG_Y = const(214)
_FAN = const(9)             # cards of the hand on screen at once
_CARD_W = const(24)
_CARD_STEP = const(26)
_CARD_H = const(38)
_CARD_Y = const(164)        # a card's top edge; a picked card is raised by 8

# UI modes
_M_PLAY = const(1)
_M_OVER = const(2)

# a bot's turn
_S_IDLE = const(0)
_S_THINK = const(1)
_S_PLAY = const(2)           # chosen, played at the next step

# a human's decision
_H_PICK = const(0)           # picking the cards of a set (or one action card)
_H_TOP = const(1)           # choosing the top card among the picked ones
_H_ASK = const(2)           # one action card picked that is both a set and playable alone
_H_NOM = const(3)           # a nomination: target, count, colour

_ART_KEY = const(1)          # art.KEY: the art's transparent colour (NAVY, which it never uses)

# colour index -> palette colour, and the colour a letter is drawn in on it
INK = (P.RED, P.GREEN, P.BLUE, P.YELLOW)
ON_INK = (P.WHITE, P.BLACK, P.WHITE, P.BLACK)
# the label a card shows for its kind (number cards show their number)
_LABEL = ("", "J1", "Rs", "Se", "No")
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
WHY_COUNT = ("", "Pick 1 card", "Pick 2 cards", "Pick 3 cards")
WHY_NONE = "Pick cards first (A)"
WHY_COLOUR = "They share no colour asked"
WHY_SET = "You hold a set: no drawing"
WHY_ALONE = "Not playable alone now"
WHY_MAX = "At most 3 cards"


def _ncols(cols):
    return (cols & 1) + ((cols >> 1) & 1) + ((cols >> 2) & 1) + (cols >> 3)


def draw_bands(fb, x, y, w, h, cols, letter_y, marks):
    """A card's face: one vertical band per colour it shows, the colour's letter in its band
    (all four colours say "all") and, in a band wide enough, the colour's shape above it
    (marks: art frame buffers by colour index): colour-blind players read letters and shapes."""
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
            if ww >= 10:
                fb.blit(marks[c], bx + (ww >> 1) - 4, letter_y - 11, _ART_KEY)
            bx += ww
            i += 1
    if k == 4:
        fb.fill_rect(x + (w >> 1) - 13, letter_y - 1, 26, 10, P.BLACK)
        fb.text("all", x + (w >> 1) - 12, letter_y, P.WHITE)


class GameScene(Scene):
    pausable = True

    def __init__(self, console, setup, snapshot=None):
        """The fields (listed in games/nope/begin.py's scene()), then the deal or the resumed
        game. begin.py runs once a game and is forgotten here: its code is not on the heap
        while playing (docs/nope.md, Memory)."""
        from games.nope import begin
        begin.scene(self, console, setup, snapshot)
        forget("games.nope.begin")

    # -- helpers ------------------------------------------------------------------------------
    def _human(self, seat):
        return self.kinds[seat] == 0

    def _delay(self):
        return self.c.settings.bot_delay

    def _mark_all(self):
        self._dh = self._ds = self._dt = self._dhand = self._dlog = True
        for s in range(R.MAX_SEATS):
            self._seen[s] = 0xFFFF              # no seat's row is on the screen as it is

    def _fill_hand(self):
        """The shown seat's cards as a list in code order, picks cleared, and which are lit
        (its owner's turn)."""
        v = self.viewer
        st = self.st
        mine = v >= 0 and st.phase != R.P_OVER and v == st.to_move()
        k = 0
        changed = v != self._drawn_for or mine or self._mine
        if v >= 0:
            row = v * R.NC
            for code in range(1, R.NC):
                for _ in range(st.hand[row + code]):
                    if self.hc[k] != code or self.pick[k]:
                        changed = True
                    self.hc[k] = code
                    self.pick[k] = 0
                    k += 1
        if changed or k != self.hn:         # the hand area is redrawn only when it changes
            self._dhand = True
        self._drawn_for = v
        self._mine = mine
        self._light(mine)
        self.hn = k
        self.npick = 0
        if self.cur >= k:
            self.cur = k - 1 if k else 0
        self._scroll()

    def _scroll(self):
        if self.cur < self.first:
            self.first = self.cur
        elif self.cur >= self.first + _FAN:
            self.first = self.cur - _FAN + 1
        if self.first > 0 and self.first + _FAN > self.hn:
            self.first = self.hn - _FAN if self.hn > _FAN else 0

    def _light(self, mine):
        """self.lit: the codes that can be the top of a legal set or be played alone now."""
        st = self.st
        lit = self.lit
        for code in range(C.NCODES):
            lit[code] = 0
        if not mine or st.phase == R.P_NOMINATE:
            return
        for i in range(st.nlegal):
            m = st.moves[i]
            k = m & 7
            if k == R.HEAD:
                lit[R.head_top(m)] = 1
            elif k == R.ACTION:
                lit[R.action_card(m)] = 1

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
        if self._human(s):
            self.hmode = _H_NOM if st.phase == R.P_NOMINATE else _H_PICK
            if self.hmode == _H_NOM:
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

    def update(self, c):
        st = self.st
        if self._due:                           # a play's repaint is spread over two frames
            self._due = False                   # (docs/nope.md): the log and the hand area
            self._make_log()                    # follow a frame after the header, the seats
            self._show_hand()                   # and the top card (input goes on as ever)
        if self.mode == _M_OVER:
            if c.buttons.pressed & B.A:
                c.end_game()
            return
        if self.wait > 0:
            self.wait -= 1
            return
        s = st.to_move()
        if self._human(s):
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
        self.wait = self._delay()
        self._new_decision()

    # -- a human's input ------------------------------------------------------------------------
    def _refuse(self, why):
        self.why = why
        self._dh = True

    def _human_input(self, c):
        r = c.buttons.repeat
        p = c.buttons.pressed
        if self.hmode == _H_NOM:
            self._nominate_input(r, p)
            return
        old = self.cur
        if r & B.LEFT:
            self._move(-1)
        elif r & B.RIGHT:
            self._move(1)
        if self.cur != old:
            self._dhand = True
        if self.hmode == _H_ASK:
            if p & B.A:
                self._play(R.action_move(self.hc[self._picked(1)]))
            elif p & B.X:
                self._play(R.set_move(self.hc[self._picked(1)]))
            elif p & B.B:
                self.hmode = _H_PICK
                self._refuse("")
            return
        if self.hmode == _H_TOP:
            if p & B.A and self.pick[self.cur]:
                self._play_set(self.cur)
            elif p & B.B:
                self.hmode = _H_PICK
                self._refuse("")
            return
        if p & B.A and self.hn:
            self._toggle(self.cur)
        elif p & B.X:
            self._confirm()
        elif p & B.B:
            if self.st.is_legal(R.DRAW):
                self._play(R.DRAW)
            else:
                self._refuse(WHY_SET)

    def _move(self, d):
        """Left/right: the next card (in _H_TOP: the next picked card)."""
        i = self.cur
        for _ in range(self.hn):
            i += d
            if i < 0 or i >= self.hn:
                return
            if self.hmode != _H_TOP or self.pick[i]:
                break
        else:
            return
        if self.hmode == _H_TOP and not self.pick[i]:
            return
        self.cur = i
        self._scroll()

    def _picked(self, order):
        for i in range(self.hn):
            if self.pick[i] == order:
                return i
        return -1

    def _toggle(self, i):
        if self.pick[i]:
            k = self.pick[i]
            self.pick[i] = 0
            for j in range(self.hn):
                if self.pick[j] > k:
                    self.pick[j] -= 1
            self.npick -= 1
        elif self.npick >= 3:
            self._refuse(WHY_MAX)
            return
        else:
            self.npick += 1
            self.pick[i] = self.npick
        self._dhand = True
        if self.why:
            self._refuse("")

    def _set_of_picks(self, top):
        """The SET move of the picked cards in picking order, `top` (an entry) laid last."""
        a = 0
        b = 0
        k = 0
        for order in range(1, 4):
            i = self._picked(order)
            if i < 0 or i == top:
                continue
            if k == 0:
                a = self.hc[i]
            else:
                b = self.hc[i]
            k += 1
        t = self.hc[top] if top >= 0 else 0
        if k == 0:
            return R.set_move(t)
        if k == 1:
            return R.set_move(a, t)
        return R.set_move(a, b, t)

    def _confirm(self):
        """X: the picked cards as a set (then its top card), or one action card alone."""
        st = self.st
        if self.npick == 0:
            if st.is_legal(R.DRAW):
                self._refuse(HINT_NOSET)
            else:
                self._refuse(WHY_NONE)
            return
        last = self._picked(self.npick)
        m = self._set_of_picks(last)
        why = st.set_problem(m)
        alone = self.npick == 1 and st.is_legal(R.action_move(self.hc[last]))
        if why == R.OK and alone:
            self.hmode = _H_ASK
            self._refuse("")
            return
        if alone:
            self._play(R.action_move(self.hc[last]))
            return
        if why == R.OK:
            if self.npick == 1:
                self._play(m)
                return
            self.hmode = _H_TOP
            self.cur = last
            self._scroll()
            self._dhand = True
            self._refuse("")
            return
        if why == R.WHY_COUNT:
            self._refuse(WHY_COUNT[st.dcount])
        elif why == R.WHY_COLOUR:
            self._refuse(WHY_COLOUR)
        elif self.npick == 1 and C.is_action(self.hc[last]):
            self._refuse(WHY_ALONE)
        else:
            self._refuse(WHY_COUNT[st.dcount])

    def _play_set(self, top):
        self._play(self._set_of_picks(top))

    def _nominate_input(self, r, p):
        st = self.st
        if p & B.A:
            m = R.nominate_move(self.ntarget, self.ncount, self.ncol)
            if st.is_legal(m):
                self._play(m)
            return
        if r & B.UP:
            self.nrow = self.nrow - 1 if self.nrow else 2
        elif r & B.DOWN:
            self.nrow = self.nrow + 1 if self.nrow < 2 else 0
        elif r & (B.LEFT | B.RIGHT):
            d = 1 if r & B.RIGHT else -1
            if self.nrow == 0:
                s = self.ntarget
                for _ in range(self.n):
                    s = (s + d) % self.n
                    if s != st.nom_seat and st.alive[s]:
                        break
                self.ntarget = s
            elif self.nrow == 1:
                self.ncount = (self.ncount + d - 1) % 3 + 1
            else:
                cols = C.COLS[st.nom_card]
                c = self.ncol
                for _ in range(4):
                    c = (c + d) & 3
                    if cols & (1 << c):
                        break
                self.ncol = c
        else:
            return
        self._dt = True

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
        elif kind == R.E_NOPE:
            at = TX.put(buf, 0, names[a])
            at = TX.put(buf, at, b" drew ")
            at = TX.put_int(buf, at, b)
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
            fb.fill_rect(0, _LOG_Y, 240, 26, P.BLACK)
            TX.draw(g, self.lines[0], 4, _LOG_Y + 3, P.GREY, mark=False)
            TX.draw(g, self.lines[1], 4, _LOG_Y + 15, P.WHITE, mark=False)
            g.dirty(0, _LOG_Y, 240, 26)

    def _hint(self):
        """The header's second line: a refusal, the buttons, or what a bot does."""
        st = self.st
        if self.mode == _M_OVER:
            return HINT_OVER
        if not self._human(st.to_move()):
            return HINT_THINK if self.sub != _S_IDLE else ""
        if self.why:
            return self.why
        if self.hmode == _H_NOM:
            return HINT_NOM
        if self.hmode == _H_TOP:
            return HINT_TOP
        if self.hmode == _H_ASK:
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
            fb.text(" nominates" if st.phase == R.P_NOMINATE else " to play", 4 + w, 2, P.WHITE)
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
            g.number(s + 1, x + 2, y, P.GREY)
            TX.draw(g, self.names[s], x + 14, y, P.WHITE if alive else P.GREY, mark=False)
            if win:
                fb.text("wins", x + 86, y, P.YELLOW)
            elif alive:
                g.number(st.hn[s], x + 86, y, P.CYAN, -1, 2)
            else:
                fb.text("out", x + 86, y, P.RED)

    def _draw_top(self, g):
        st = self.st
        fb = g.fb
        g.dirty(0, _TOP_Y, 240, _HAND_Y - _TOP_Y)        # first: see _draw_seats
        fb.fill_rect(0, _TOP_Y, 240, _HAND_Y - _TOP_Y, P.NAVY)
        top = st.top()
        x = 8
        y = _TOP_Y + 2
        fb.rect(x - 1, y - 1, 58, 80, P.WHITE)
        draw_bands(fb, x, y, 56, 78, C.COLS[top], y + 66, self.marks)
        kind = C.KIND[top]
        fb.fill_rect(x + 8, y + 14, 40, 40, P.WHITE)
        if kind == C.K_NUMBER:
            g.text_big(_DIGIT[C.NUMBER[top]], x + 12, y + 18, P.BLACK, 4)
        else:
            if kind == C.K_JOKER:
                g.text_big("1", x + 12, y + 18, P.BLACK, 4)
            lab = _BIG_LABEL[kind]
            fb.fill_rect(x, y + 2, 56, 10, P.BLACK)
            fb.text(lab, x + 28 - (len(lab) << 2), y + 3, P.WHITE)
            if kind != C.K_JOKER:
                fb.blit(self.symbols[kind], x + 20, y + 26, _ART_KEY)
        tx = 76
        if self.mode == _M_PLAY and self.hmode == _H_NOM and self._human(st.to_move()) \
                and st.phase == R.P_NOMINATE:
            self._draw_nominate(g, tx)
        elif st.phase == R.P_NOMINATE:
            fb.text("A nomination", tx, y + 4, P.WHITE)
            fb.text("is being made", tx, y + 16, P.SILVER)
        else:
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
        fb.text("draw pile", tx, y + 50, P.GREY)
        g.number(st.npile, tx + 88, y + 50, P.WHITE)
        fb.text("discards", tx, y + 62, P.GREY)
        g.number(st.ndisc, tx + 88, y + 62, P.WHITE)

    def _draw_nominate(self, g, tx):
        fb = g.fb
        y = _TOP_Y + 2
        for row in range(3):
            ry = y + row * 14
            if row == self.nrow:
                fb.fill_rect(tx - 2, ry - 2, 164, 12, P.SLATE)
            fb.text(("Who:", "Count:", "Colour:")[row], tx, ry, P.SILVER)
        TX.draw(g, self.names[self.ntarget], tx + 64, y, P.WHITE, mark=False)
        g.number(self.ncount, tx + 64, y + 14, P.WHITE)
        fb.text(C.COLOUR_NAMES[self.ncol], tx + 64, y + 28, INK[self.ncol])

    def _draw_hand(self, g):
        st = self.st
        fb = g.fb
        g.dirty(0, _HAND_Y, 240, _LOG_Y - _HAND_Y)      # first: see _draw_seats
        fb.fill_rect(0, _HAND_Y, 240, _LOG_Y - _HAND_Y, P.NAVY)
        v = self.viewer
        if v < 0:
            fb.text("Hands are hidden", 56, _HAND_Y + 30, P.GREY)
            return
        w = TX.draw(g, self.names[v], 4, _HAND_Y + 4, P.YELLOW, mark=False)
        fb.text("'s hand:", 4 + w, _HAND_Y + 4, P.SILVER)
        g.number(self.hn, 4 + w + 72, _HAND_Y + 4, P.WHITE)
        mine = self._mine                       # its owner's turn: lit cards, the cursor
        end = self.first + _FAN
        if end > self.hn:
            end = self.hn
        for i in range(self.first, end):
            code = self.hc[i]
            x = 3 + (i - self.first) * _CARD_STEP
            y = _CARD_Y - (8 if self.pick[i] else 0)
            lit = mine and self.lit[code]
            draw_bands(fb, x, y, _CARD_W, _CARD_H, C.COLS[code], y + _CARD_H - 10, self.marks)
            fb.fill_rect(x + 4, y + 3, 16, 10, P.WHITE)
            kind = C.KIND[code]
            if kind == C.K_NUMBER:
                fb.text(_DIGIT[C.NUMBER[code]], x + 8, y + 4, P.BLACK)
            else:
                fb.text(_LABEL[kind], x + 4, y + 4, P.BLACK)
            fb.rect(x - 1, y - 1, _CARD_W + 2, _CARD_H + 2, P.CYAN if lit else P.BLACK)
            if self.pick[i]:
                fb.fill_rect(x + 8, y + 15, 8, 10, P.BLACK)
                fb.text(_DIGIT[self.pick[i]], x + 8, y + 16, P.YELLOW)
            if mine and i == self.cur:
                fb.fill_rect(x, _CARD_Y + _CARD_H + 2, _CARD_W, 3, P.YELLOW)
                fb.rect(x - 2, y - 2, _CARD_W + 4, _CARD_H + 4, P.YELLOW)
        if self.first > 0:
            fb.text("<", 0, _CARD_Y + _CARD_H + 6, P.WHITE)
        if end < self.hn:
            fb.text(">", 232, _CARD_Y + _CARD_H + 6, P.WHITE)

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


_DIGIT = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
