"""Who plays and with which options: the Setup a game starts from.

Seats are numbered clockwise from 0 (G-1). Each seat is a human or a bot of a level; humans
take the players' names from the settings in order, bots are called by level and seat.
`start` is the seat that plays first, or -1: the game chooses (G-2: its starting ritual when that
is a game action, else a random seat) and writes its choice back here, so that "play again" can
rotate it. `to_bytes`/`from_bytes` keep a setup inside a suspended-game save and a start request.

A running game keeps this module loaded (its Setup); the byte form and the setup screen's labels
live in the modules that need them, so they are not in memory while a game plays.
"""
from micropython import const

HUMAN = const(0)
EASY = const(1)
NORMAL = const(2)
HARD = const(3)
KIND_KEYS = ("human", "bot:easy", "bot:normal", "bot:hard")
MAX_SEATS = const(8)         # Tip Top seats 8


class Setup:
    def __init__(self, game, kinds, names, options, seed, start=-1):
        self.game = game                    # package name, e.g. "tower"
        self.kinds = bytearray(kinds)       # per seat: HUMAN / EASY / NORMAL / HARD
        self.names = list(names)            # per seat: str
        self.options = bytearray(options)   # per OPTIONS entry: index of the choice
        self.seed = seed & 0x3FFFFFFF
        self.start = start                  # the first player's seat; -1: the game chooses

    @property
    def seats(self):
        return len(self.kinds)

    def is_bot(self, seat):
        return self.kinds[seat] != HUMAN

    def humans(self):
        n = 0
        for k in self.kinds:
            if k == HUMAN:
                n += 1
        return n

    def to_bytes(self):
        """The setup's bytes, as a start request and a suspended game's save keep it (the
        format is core/setup_bytes.py's, loaded only when one is written or read)."""
        from core.setup_bytes import encode
        return encode(self)

    @staticmethod
    def from_bytes(data, at=0, with_start=True):
        """(Setup, next offset) from bytes written by to_bytes(); raises ValueError on a
        malformed setup. `with_start`: the bytes end with the start seat (saves before it had
        none)."""
        from core.setup_bytes import decode
        return decode(data, at, with_start)


def bot_name(kind, seat):
    return ("", "Easy ", "Norm ", "Hard ")[kind] + str(seat + 1)


def seat_names(kinds, settings):
    """Names for a seat list: humans get the players' names in order (settings.PLAYERS = 8,
    one per seat of the largest game), bots their level."""
    from core.settings import PLAYERS
    names = []
    h = 0
    for s in range(len(kinds)):
        if kinds[s] == HUMAN:
            names.append(settings.name(h % PLAYERS))
            h += 1
        else:
            names.append(bot_name(kinds[s], s))
    return names


def parse_seats(text):
    """'bot:hard,bot:easy,human' -> bytearray of kinds (ValueError with a clear message)."""
    kinds = bytearray()
    for part in text.split(","):
        p = part.strip().lower()
        if p == "bot":
            p = "bot:normal"
        if p not in KIND_KEYS:
            raise ValueError("unknown seat '%s' (use human, bot:easy, bot:normal, bot:hard)" % part)
        kinds.append(KIND_KEYS.index(p))
    return kinds


def option_index(pkg, key):
    for i in range(len(pkg.OPTIONS)):
        if pkg.OPTIONS[i][0] == key:
            return i
    return -1
