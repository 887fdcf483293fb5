"""NOPE!: the code that runs once as a game starts: the fields of the scene, of the rules
state and of the bot (their __init__ call scene(), state() and bot() here), the record's head,
the shuffle, the deal and the first face-up card. The scene forgets this module once the game
has started, so its code is not on the heap while playing (docs/nope.md, Memory); tests and
tools that build states keep it loaded.
"""
from array import array

import framebuf

from micropython import const

from core import text as TX
from core.modules import forget
from core.record import Record
from core.rng import Rng

from games.nope import bot as B
from games.nope import cards as C
from games.nope import rules as R

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# rules.py
_P_DEAL = const(0)          # nothing dealt yet
_T_START = const(0)         # turned up from the deck at the start
# scenes.py
_M_PLAY = const(1)
_S_IDLE = const(0)
# core/setup.py
_ST_HUMAN = const(0)
_ST_NORMAL = const(2)
# core/settings.py
_SET_NAME_LEN = const(8)
# scenes.py's public ones, as _SC_X
_SC_H_PICK = const(0)       # picking the cards of a set (or one action card)
# -- end of the copies --

# the record (its kinds: events.py): the longest of 950 bot games (2-6 seats, the options) had
# 534 rows (docs/nope.md); a longer game keeps its first 640 rows and counts the rest in
# Record.lost. 8-bit fields (the seed and turn numbers in 7-bit digits): 640 x 6 bytes
CAPACITY = const(640)
FIELDS = const(5)
TYPECODE = "b"
_LINE = const(29)           # a log line: 29 characters from x = 4 fit the 240 px
_BOT_RNG_MIX = const(0x2B0B5)      # tools/nope_tournament.py reads it: the same games
_MAX_MOVES = const(80)      # 4 colours x 17 heads + 10 actions + draw; or 5 x 3 x 4 nominations
_MAX_CAND = const(24)       # candidates a hard bot looks at
_E_DEAL = const(2)          # the record's "deal" row (events.py)


def scene(sc, console, setup, snapshot):
    """games.nope.scenes.GameScene's fields, then the deal, or the saved game `snapshot`
    (ValueError when it is damaged)."""
    n = setup.seats
    if not 2 <= n <= R.MAX_SEATS:
        raise ValueError("NOPE! needs 2-6 seats")
    deal, noact, alone = _options(setup.options)
    sc.c = console
    sc.setup = setup
    sc.n = n
    sc.kinds = bytearray(setup.kinds)
    sc.names = [TX.from_str(setup.names[s], _SET_NAME_LEN) for s in range(n)]
    sc.colnames = [TX.from_str(t, 6) for t in C.COLOUR_NAMES]
    sc.record = Record(CAPACITY, FIELDS, TYPECODE)
    _art(sc)
    sc.st = R.State(n, deal, 0 if noact else 1, alone, sc.record)
    sc.rng = Rng(setup.seed)
    sc.brng = Rng(setup.seed ^ _BOT_RNG_MIX)
    sc.bot = B.Bot(n, deal, 0 if noact else 1, alone, sc.brng)
    sc.bot_mark = bytearray(4)            # bot generator as the bot began this choice
    _viewer(sc)
    _hand_fields(sc)
    _table_fields(sc)
    _begin(sc, setup, snapshot)


def _options(o):
    """The table's options (P-7, P-2): the younger players' deal, no action cards, action
    cards only with a set; each 0 or 1, a missing one 0."""
    deal = o[0] if len(o) > 0 else 0
    noact = o[1] if len(o) > 1 else 0
    alone = o[2] if len(o) > 2 else 0
    if deal > 1 or noact > 1 or alone > 1:
        raise ValueError("option")
    return deal, noact, alone


def _art(sc):
    """The card art (assets/games/nope through make assets) copied into small writable frame
    buffers for FrameBuffer.blit; art.py itself is forgotten: no bytes kept twice."""
    from games.nope import art
    sc.marks = (_sprite(art.MARK_R), _sprite(art.MARK_G), _sprite(art.MARK_B), _sprite(art.MARK_Y))
    sc.symbols = (None, None, _sprite(art.ACT_RESET), _sprite(art.ACT_SEE), _sprite(art.ACT_NOM))
    forget("games.nope.art")


def _viewer(sc):
    """The count of human seats, and the seat whose hand is shown: the only human, or (2+
    humans) the one handed to (-1 until then)."""
    sc.humans = 0
    for s in range(sc.n):
        if sc.kinds[s] == _ST_HUMAN:
            sc.humans += 1
            solo = s
    sc.viewer = solo if sc.humans == 1 else -1


def _hand_fields(sc):
    """The hand area's fields (human.py shows the hand and takes a human's input)."""
    sc.hc = bytearray(C.NCARDS)           # the shown hand, card by card, in code order
    sc.hn = 0
    sc._drawn_for = -2                    # whose hand the hand area shows (-1 hidden)
    sc._mine = False                      # the hand shows its owner's turn (lit cards)
    sc.lit = bytearray(C.NCODES)          # per code: lit in the hand (a legal set's top
                                            # or an action card playable alone)
    sc.pick = bytearray(C.NCARDS)         # per hand entry: its laying order 1..3, 0 not
    sc.npick = 0
    sc.cur = 0                            # cursor in the hand
    sc.first = 0                          # first hand entry on screen
    sc.hmode = _SC_H_PICK
    sc.why = ""                           # a refusal shown in the hint line
    sc.nrow = 0                           # nomination: row, and the choices
    sc.ntarget = 0
    sc.ncount = 1
    sc.ncol = 0


def _table_fields(sc):
    """The log, the turn's progress and what is to be redrawn."""
    sc.lines = (bytearray(_LINE), bytearray(_LINE))
    sc._due = False                       # the rest of a play, a frame after it
    sc._seen = array("H", bytes(2 * R.MAX_SEATS))    # what each seat's row shows
    sc._say = sc._describe              # bound once: the log's describer
    sc.sub = _S_IDLE
    sc.wait = 0
    sc.game_over = False
    sc.mode = _M_PLAY
    sc._dh = True                          # dirty: header, seats, top, hand, log
    sc._ds = True
    sc._dt = True
    sc._dhand = True
    sc._dlog = True


def _begin(sc, setup, snapshot):
    """The deal, or the saved game; then the first decision, the hand area and the log."""
    st = sc.st
    if snapshot is not None:
        from games.nope import snapshot as SNAP     # only to suspend or resume
        SNAP.load(snapshot, st, sc.rng, sc.brng, sc.record, setup)
    else:
        st.record_head(setup.seed)
        st.deal(sc.rng, setup.start)      # G-2: the dealer's left starts
        setup.start = st.start_seat
    sc.brng.save_into(sc.bot_mark, 0)
    sc._new_decision()
    sc._show_hand()
    sc._make_log()
    if st.phase != R.P_OVER and sc.kinds[st.to_move()] != _ST_HUMAN:
        sc.wait = 1         # the first frame paints the whole table; a bot begins a frame later
                            # (its beginning took 10 ms of that frame on the Pico: 36.8 ms)


def _sprite(img):
    """An art image (pixels, width, height, format) as a frame buffer of its own: MicroPython
    1.24 blits only from a writable one."""
    return framebuf.FrameBuffer(bytearray(img[0]), img[1], img[2], img[3])


def state(st, nseats, deal, actions, alone, record):
    """rules.State's fields (its __init__ says what the options mean)."""
    if not 2 <= nseats <= R.MAX_SEATS:
        raise ValueError("seats")
    st.n = nseats
    st.opt_deal = 1 if deal else 0
    st.actions = 1 if actions else 0
    st.alone = 1 if alone else 0
    st.two = 1 if nseats == 2 else 0        # P-6: as dealt, whatever happens later
    st.record = record
    st.hand = bytearray(R.MAX_SEATS * R.NC)     # count per seat per code
    st.hn = bytearray(R.MAX_SEATS)            # cards in hand
    st.cc = bytearray(R.MAX_SEATS * 4)        # cards in hand showing each colour
    st.alive = bytearray(R.MAX_SEATS)
    st.pile = bytearray(C.NCARDS)           # draw pile, pile[npile - 1] on top
    st.disc = bytearray(C.NCARDS)           # discard pile, disc[ndisc - 1] on top
    st.drew = bytearray(2)                  # the cards drawn this turn
    st.moves = array("i", [0] * _MAX_MOVES)
    st.reset()


def bot(b, nseats, rng):
    """bot.Bot's fields."""
    b.rng = rng
    b.n = nseats
    b.unseen = bytearray(C.NCODES)     # per code: cards this seat cannot see
    b.ucol = array("i", [0] * 4)       # unseen cards showing each colour
    b.nunseen = 0
    b.buf = bytearray(C.NCARDS)        # cards of one colour, sorted by keep
    b.flat = bytearray(C.NCARDS)       # hard: the unseen cards one by one (sampling)
    b.cand = array("i", [0] * _MAX_CAND)
    b.score = array("i", [0] * _MAX_CAND)
    b.ncand = 0
    b.victim = bytearray(_MAX_CAND)     # hard: the seat each candidate's demand hits
    b.dem = bytearray(_MAX_CAND)        # hard: that demand, count << 4 | colours
    b.hits = bytearray(_MAX_CAND)       # hard: samples where the victim holds a set
    b.loss = array("i", [0] * _MAX_CAND)   # hard: cards the victims lose, summed
    b.cols4 = bytearray(4 * R.MAX_SEATS)  # hard: a sampled hand's colour counts
    b.act4 = bytearray(R.MAX_SEATS)    # hard: colours of its action cards
    b.hit = 0                          # the seat demand_after()'s demand hits
    b.best = 0                         # normal, spread over units: the best value yet
    b.nk = 0                           # _nominee's count and colour index
    b.nc = 0
    b.cc4 = array("i", [0] * 4)
    b.level = _ST_NORMAL
    b.seat = 0
    b.move = -1
    b.thinking = False
    b.i = 0
    b.j = 0


def record_head(st, seed):
    """The record's first two rows: the seed (in 7-bit digits: 8-bit fields), then the seats
    and the options."""
    seed &= 0x3FFFFFFF
    st._rec(R.E_SEED, seed >> 28, (seed >> 21) & 127, (seed >> 14) & 127, (seed >> 7) & 127,
            seed & 127)
    st._rec(R.E_OPTIONS, st.n, st.opt_deal, st.actions, st.alone)


def hand_size(st):
    """Cards dealt to each player: 7, or 8 with two players (P-6) or younger players (P-7)."""
    return 8 if st.two or st.opt_deal else 7


def deal(st, rng, start=-1):
    """Shuffle (G-3), choose the dealer (G-2: at random for the first game; with `start`,
    the seat before it, so that `start` plays first), deal one card at a time clockwise
    from the dealer's left, and turn up the first card of the discard pile."""
    if st.phase != _P_DEAL:
        raise ValueError("dealt")
    n = 0
    for code in range(1, C.NCODES):
        for _ in range(C.deck_count(code, st.actions)):
            st.pile[n] = code
            n += 1
    st.npile = n
    rng.shuffle(st.pile, n)
    if start < 0:
        st.dealer = rng.below(st.n)
    else:
        st.dealer = (start + st.n - 1) % st.n
    first = (st.dealer + 1) % st.n
    st.start_seat = first
    st._rec(R.E_DEALER, st.dealer, first)
    for _ in range(hand_size(st)):
        s = first
        for _ in range(st.n):
            st.npile -= 1
            code = st.pile[st.npile]
            st.give(s, code)
            st._rec(_E_DEAL, s, code)
            s = s + 1 if s + 1 < st.n else 0
    st.npile -= 1
    top = st.pile[st.npile]
    st.disc[0] = top
    st.ndisc = 1
    st.how = _T_START
    st.turn = first
    _first_card(st, top)


def _first_card(st, top):
    """The first face-up card (RB-R3, RB-V3, RB-M6): a Nominate is carried out by the first
    player as if they had laid it; every other card makes its demand (a Joker and a Reset one
    card of choice, a See-through one card of its colour)."""
    d = R.demand_of(top)
    st.pd = d
    if C.KIND[top] == C.K_NOM:
        st._rec(R.E_FLIP, top, 0, 0)
        st.dcount = 0
        st.dcols = 0
        st.nom_seat = st.turn
        st.nom_card = top
        st.phase = R.P_NOMINATE
    else:
        st._set_demand(d)
        st._rec(R.E_FLIP, top, st.dcount, st.dcols)
        st.phase = R.P_TURN
    st.legal()
