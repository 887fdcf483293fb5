"""Who plays and with which options: the Setup a game starts from.

Seats are numbered clockwise from 0 (G-1). Each seat is a human or a bot of a level; humans
take the players' names from the settings in order, bots are called by level and seat.
`start` is the seat that plays first, or -1: the game chooses (G-2: its starting ritual when that
is a game action, else a random seat) and writes its choice back here, so that "play again" can
rotate it. `to_bytes`/`from_bytes` keep a setup inside a suspended-game save and a start request.
"""
from micropython import const

HUMAN = const(0)
EASY = const(1)
NORMAL = const(2)
HARD = const(3)
KIND_LABELS = ("Human", "Easy bot", "Normal bot", "Hard bot")
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
        out = bytearray()
        g = self.game.encode()
        out.append(len(g))
        out.extend(g)
        out.append(len(self.kinds))
        out.extend(self.kinds)
        for n in self.names:
            b = n.encode()
            out.append(len(b))
            out.extend(b)
        out.append(len(self.options))
        out.extend(self.options)
        for i in range(4):
            out.append((self.seed >> (8 * i)) & 255)
        out.append(self.start & 255)        # -1 as 255
        return bytes(out)

    @staticmethod
    def from_bytes(data, at=0, with_start=True):
        """(Setup, next offset); raises ValueError on a malformed setup. `with_start`: the
        bytes end with the start seat (saves before it had none)."""
        try:
            n = data[at]
            game = bytes(data[at + 1:at + 1 + n]).decode()
            at += 1 + n
            seats = data[at]
            if not 1 <= seats <= MAX_SEATS:
                raise ValueError("seats")
            kinds = bytes(data[at + 1:at + 1 + seats])
            at += 1 + seats
            names = []
            for _ in range(seats):
                n = data[at]
                names.append(bytes(data[at + 1:at + 1 + n]).decode())
                at += 1 + n
            n = data[at]
            options = bytes(data[at + 1:at + 1 + n])
            at += 1 + n
            seed = data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)
            at += 4
            start = -1
            if with_start:
                start = data[at]
                at += 1
        except (IndexError, UnicodeError):
            raise ValueError("truncated setup")
        for k in kinds:
            if k > HARD:
                raise ValueError("seat kind")
        if start == 255:
            start = -1
        elif start >= seats:
            raise ValueError("start seat")
        return Setup(game, kinds, names, options, seed, start), at


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
