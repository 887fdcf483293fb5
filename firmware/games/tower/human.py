"""A human's input in the tower game: the shelf, an opening bid, raising or passing, a push, and
steering the carried piece (scenes.GameScene calls these for a human seat). Imported when a game
with a human seat starts; a game of bots only does without it. Allocation-free.
"""
from micropython import const

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# rules.py
_NPIECES = const(27)
_P_TURN = const(0)
_P_AUCTION = const(1)
_P_PUSH = const(2)
_V_PHASE = const(0)
_V_HIGH = const(3)          # auction: the high bid
# place.py
_QUARTER = const(16384)
_FINE = const(512)          # a fine turn: 2.8 degrees
# scenes.py
_U_IDLE = const(0)
_U_OPEN = const(3)          # a human enters the opening bid
_U_LOOK = const(4)          # a human looks at the own tower from the shelf
_D_PROMPT = const(4)
# core/buttons.py
_BT_UP = const(1)
_BT_DOWN = const(2)
_BT_LEFT = const(4)
_BT_RIGHT = const(8)
_BT_A = const(32)
_BT_B = const(64)
_BT_X = const(128)
_BT_DIRS = const(15)
# core/tilt.py
_TL_SENSOR = const(1)
# -- end of the copies --


def answer(sc, c, seat):
    """One step of the seat's input while the game waits for its choice (scene sc)."""
    st = sc.st
    ph = st.v[_V_PHASE]
    p = c.buttons.pressed
    r = c.buttons.repeat
    if ph == _P_TURN:
        _turn(sc, st, seat, p, r)
    elif ph == _P_AUCTION:
        if _amount(sc, r, st.v[_V_HIGH] + 1, st.tokens[seat]):
            return
        if p & _BT_A and st.can_raise(seat, sc.amount):
            st.bid(sc.amount)
            sc._after_rules()
        elif p & _BT_B:
            st.pass_()
            sc._after_rules()
    elif ph == _P_PUSH:
        if p & _BT_A:
            st.accept()
            sc._after_rules()
        elif p & _BT_B and st.can_pay(seat):
            st.pay()
            sc._after_rules()
    else:
        sc._begin_place()


def _turn(sc, st, seat, p, r):
    """The seat's turn (buttons pressed p, repeating r): on the shelf the cursor moves, A builds
    the piece under it after an opening bid, X pushes it, B shows the own tower; then the
    opening bid is entered, or the tower looked at."""
    sub = sc.sub
    if sub == _U_LOOK:
        if p & (_BT_A | _BT_B):
            sc.sub = _U_IDLE
            sc._pick_view()
    elif sub == _U_OPEN:
        if _amount(sc, r, 0, st.tokens[seat]):
            return
        if p & (_BT_A | _BT_B):
            sc.sub = _U_IDLE
            sc.dirt |= _D_PROMPT
            if p & _BT_A:
                st.build(sc.cur, sc.amount)
                sc._after_rules()
    elif r & _BT_DIRS:
        sc._move_cursor(_shelf_step(sc.cur, r))
    elif p & (_BT_A | _BT_X) and st.in_supply(sc.cur):
        if p & _BT_A:
            sc.sub = _U_OPEN
            sc.amount = 0
            sc.dirt |= _D_PROMPT
        else:
            st.push(sc.cur)
            sc._after_rules()
    elif p & _BT_B:
        sc.sub = _U_LOOK
        sc._pick_view()


def _shelf_step(c, r):
    """The shelf cell next to cell c the way the repeating buttons r point: 6 cells a row,
    wrapping round at the edges (the last row is short)."""
    if r & _BT_LEFT:
        c = c - 1 if c % 6 else c + 5
    elif r & _BT_RIGHT:
        c = c + 1 if c % 6 != 5 else c - 5
    elif r & _BT_UP:
        c -= 6
    else:
        c += 6
    if c < 0:
        c += 30
    if c >= 30:
        c -= 30
    if c >= _NPIECES:
        c = _NPIECES - 1 if r & (_BT_RIGHT | _BT_DOWN) == 0 else c % 6
    return c


def _amount(sc, r, lo, hi):
    """Up/down change the amount, kept within lo..hi (a bid above the player's tokens or not
    above the current bid cannot be entered). True when it moved or a direction was pressed."""
    a = sc.amount
    if r & _BT_UP:
        a += 1
    elif r & _BT_DOWN:
        a -= 1
    elif r & _BT_RIGHT:
        a = hi
    elif r & _BT_LEFT:
        a = lo
    if a > hi:
        a = hi
    if a < lo:
        a = lo
    if a != sc.amount:
        sc.amount = a
        sc.dirt |= _D_PROMPT
        return True
    return (r & _BT_DIRS) != 0


def carry(sc, c, pl):
    """One step of steering the carried piece of Placement pl: the tilt moves it, B turns it a
    quarter, the joystick turns it (with a sensor, or while X is held). True: let go (A)."""
    bt = c.buttons
    p = bt.pressed
    r = bt.repeat
    tl = c.tilt
    x_held = bt.held & _BT_X
    sensor = tl.source == _TL_SENSOR
    turn = 0
    if p & _BT_B:
        turn = _QUARTER
    elif sensor or x_held:
        if r & _BT_LEFT:
            turn = _FINE
        elif r & _BT_RIGHT:
            turn = -_FINE
        elif r & _BT_UP:
            turn = _QUARTER
        elif r & _BT_DOWN:
            turn = -_QUARTER
    if x_held and not sensor:
        pl.steer(0, 0, turn)            # the joystick turns: steering waits
    else:
        pl.steer(tl.x, tl.y, turn)
    return p & _BT_A
