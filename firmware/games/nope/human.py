"""NOPE!'s table with human seats: the hand area (a scrollable fan of the shown seat's cards,
lit when they can be played, picked ones raised with their laying order) and a human's input
(picking a set and its top card, an action card alone, drawing, a nomination); UI-1 in
docs/nope.md. games/nope/__init__.py's start() makes a HumanScene when a seat is human and a
GameScene (scenes.py) for a table of bots, which then never loads this module's code.

Nothing allocates after the start (as scenes.py).
"""
from micropython import const

from core import buttons as B
from core import palette as P
from core import text as TX

from games.nope import cards as C
from games.nope import rules as R
from games.nope.scenes import (DIGIT, H_ASK, H_NOM, H_PICK, H_TOP, HAND_Y, HINT_NOSET, INK,
                               LOG_Y, TOP_Y, GameScene, draw_bands)

_FAN = const(9)             # cards of the hand on screen at once
_CARD_W = const(24)
_CARD_STEP = const(26)
_CARD_H = const(38)
_CARD_Y = const(164)        # a card's top edge; a picked card is raised by 8
# the label a card shows for its kind (number cards show their number)
_LABEL = ("", "J1", "Rs", "Se", "No")

# why a choice is refused (the hint line, at most 29 characters)
WHY_COUNT = ("", "Pick 1 card", "Pick 2 cards", "Pick 3 cards")
WHY_NONE = "Pick cards first (A)"
WHY_COLOUR = "They share no colour asked"
WHY_SET = "You hold a set: no drawing"
WHY_ALONE = "Not playable alone now"
WHY_MAX = "At most 3 cards"


class HumanScene(GameScene):
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

    def _scroll(self):
        if self.cur < self.first:
            self.first = self.cur
        elif self.cur >= self.first + _FAN:
            self.first = self.cur - _FAN + 1
        if self.first > 0 and self.first + _FAN > self.hn:
            self.first = self.hn - _FAN if self.hn > _FAN else 0

    def _refuse(self, why):
        self.why = why
        self._dh = True

    def _human_input(self, c):
        r = c.buttons.repeat
        p = c.buttons.pressed
        if self.hmode == H_NOM:
            self._nominate_input(r, p)
            return
        old = self.cur
        if r & B.LEFT:
            self._move(-1)
        elif r & B.RIGHT:
            self._move(1)
        if self.cur != old:
            self._dhand = True
        if self.hmode == H_ASK:
            if p & B.A:
                self._play(R.action_move(self.hc[self._picked(1)]))
            elif p & B.X:
                self._play(R.set_move(self.hc[self._picked(1)]))
            elif p & B.B:
                self.hmode = H_PICK
                self._refuse("")
            return
        if self.hmode == H_TOP:
            if p & B.A and self.pick[self.cur]:
                self._play(self._set_of_picks(self.cur))
            elif p & B.B:
                self.hmode = H_PICK
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
        """Left/right: the next card (in H_TOP: the next picked card)."""
        i = self.cur
        for _ in range(self.hn):
            i += d
            if i < 0 or i >= self.hn:
                return
            if self.hmode != H_TOP or self.pick[i]:
                break
        else:
            return
        if self.hmode == H_TOP and not self.pick[i]:
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
            self.hmode = H_ASK
            self._refuse("")
            return
        if alone:
            self._play(R.action_move(self.hc[last]))
            return
        if why == R.OK:
            if self.npick == 1:
                self._play(m)
                return
            self.hmode = H_TOP
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

    def _draw_nominate(self, g, tx):
        fb = g.fb
        y = TOP_Y + 2
        for row in range(3):
            ry = y + row * 14
            if row == self.nrow:
                fb.fill_rect(tx - 2, ry - 2, 164, 12, P.SLATE)
            fb.text(("Who:", "Count:", "Colour:")[row], tx, ry, P.SILVER)
        TX.draw(g, self.names[self.ntarget], tx + 64, y, P.WHITE, mark=False)
        g.number(self.ncount, tx + 64, y + 14, P.WHITE)
        fb.text(C.COLOUR_NAMES[self.ncol], tx + 64, y + 28, INK[self.ncol])

    def _draw_fan(self, g):
        """The shown hand (GameScene._draw_hand cleared the area)."""
        v = self.viewer
        fb = g.fb
        w = TX.draw(g, self.names[v], 4, HAND_Y + 4, P.YELLOW, mark=False)
        TX.draw(g, b"'s hand:", 4 + w, HAND_Y + 4, P.SILVER, mark=False)   # (core.text's ')
        g.number(self.hn, 4 + w + 72, HAND_Y + 4, P.WHITE)
        mine = self._mine                       # its owner's turn: lit cards, the cursor
        end = self.first + _FAN
        if end > self.hn:
            end = self.hn
        for i in range(self.first, end):
            code = self.hc[i]
            x = 3 + (i - self.first) * _CARD_STEP
            y = _CARD_Y - (8 if self.pick[i] else 0)
            lit = mine and self.lit[code]
            draw_bands(fb, x, y, _CARD_W, _CARD_H, C.COLS[code], y + _CARD_H - 10, None)
            fb.fill_rect(x + 4, y + 3, 16, 10, P.WHITE)
            kind = C.KIND[code]
            if kind == C.K_NUMBER:
                fb.text(DIGIT[C.NUMBER[code]], x + 8, y + 4, P.BLACK)
            else:
                fb.text(_LABEL[kind], x + 4, y + 4, P.BLACK)
            fb.rect(x - 1, y - 1, _CARD_W + 2, _CARD_H + 2, P.CYAN if lit else P.BLACK)
            if self.pick[i]:
                fb.fill_rect(x + 8, y + 15, 8, 10, P.BLACK)
                fb.text(DIGIT[self.pick[i]], x + 8, y + 16, P.YELLOW)
            if mine and i == self.cur:
                fb.fill_rect(x, _CARD_Y + _CARD_H + 2, _CARD_W, 3, P.YELLOW)
                fb.rect(x - 2, y - 2, _CARD_W + 4, _CARD_H + 4, P.YELLOW)
        if self.first > 0:
            fb.text("<", 0, _CARD_Y + _CARD_H + 6, P.WHITE)
        if end < self.hn:
            fb.text(">", 232, _CARD_Y + _CARD_H + 6, P.WHITE)
