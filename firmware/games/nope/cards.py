"""NOPE!'s cards: 41 kinds of card, each a small code 1..41 (0 = no card), as tables.

The deck of 104 is P-1 (docs/nope.md): per colour, single-colour cards 2 x "1", 2 x "2",
1 x "3"; per pair of colours, two-colour cards 4 x "1", 4 x "2", 3 x "3"; Reset x 4 (all four
colours); See-through x 4 (one per colour); Nominate x 6 (one per colour, two with all four);
Joker x 4 ("1", all four colours). Cards of one code are identical, so a hand is a count per code.

Colours are bits: red 1, green 2, blue 4, yellow 8 (colour index 0..3 = red, green, blue, yellow).

    code  1..12   single colour:  1 + colour * 3 + (number - 1)
    code 13..30   two colours:   13 + pair * 3 + (number - 1), pairs RG RB RY GB GY BY
    code 31       Joker ("1", four colours)
    code 32       Reset (four colours)
    code 33..36   See-through red, green, blue, yellow
    code 37..40   Nominate red, green, blue, yellow
    code 41       Nominate with all four colours
"""
from micropython import const

NCODES = const(42)          # codes 0..41; 0 = no card
NCARDS = const(104)
_JOKER = const(31)
_RESET = const(32)
_SEE = const(33)            # + colour index
_NOM = const(37)            # + colour index
_NOM4 = const(41)
FIRST_ACTION = const(32)    # codes 32..41 are action cards
ALL = const(15)             # the four colour bits

# kinds
K_NUMBER = const(0)
K_JOKER = const(1)
K_RESET = const(2)
K_SEE = const(3)
K_NOM = const(4)

# colour bits per code
COLS = bytes((
    0,
    1, 1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 8,
    3, 3, 3, 5, 5, 5, 9, 9, 9, 6, 6, 6, 10, 10, 10, 12, 12, 12,
    15,
    15,
    1, 2, 4, 8,
    1, 2, 4, 8,
    15,
))

# the number a card shows (0: action cards show none)
NUMBER = bytes((
    0,
    1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3,
    1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3,
    1,
    0,
    0, 0, 0, 0,
    0, 0, 0, 0,
    0,
))

KIND = bytes((
    0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1,
    2,
    3, 3, 3, 3,
    4, 4, 4, 4,
    4,
))

# how many of each code the deck holds (P-1)
DECK = bytes((
    0,
    2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1,
    4, 4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 3,
    4,
    4,
    1, 1, 1, 1,
    1, 1, 1, 1,
    2,
))

# the codes that show colour index c, in code order: SHOWS[c * 17 + i], 17 codes per colour
# (3 single, 9 two-colour, Joker, Reset, See-through, Nominate, four-colour Nominate)
PER_COLOUR = const(17)
SHOWS = bytes((
    1, 2, 3, 13, 14, 15, 16, 17, 18, 19, 20, 21, 31, 32, 33, 37, 41,
    4, 5, 6, 13, 14, 15, 22, 23, 24, 25, 26, 27, 31, 32, 34, 38, 41,
    7, 8, 9, 16, 17, 18, 22, 23, 24, 28, 29, 30, 31, 32, 35, 39, 41,
    10, 11, 12, 19, 20, 21, 25, 26, 27, 28, 29, 30, 31, 32, 36, 40, 41,
))

COLOUR_NAMES = ("red", "green", "blue", "yellow")
COLOUR_LETTERS = ("R", "G", "B", "Y")
_LETTERS = b"RGBY"
_WORDS = (b"", b"Joker", b"Reset", b"See", b"Nom")      # by kind


def is_action(code):
    return code >= FIRST_ACTION


def deck_count(code, actions):
    """Copies of `code` in the deck; without action cards (P-7) those are left out."""
    if not actions and code >= FIRST_ACTION:
        return 0
    return DECK[code]


def colour_index(bit):
    """The index 0..3 of a single colour bit."""
    return 0 if bit == 1 else 1 if bit == 2 else 2 if bit == 4 else 3


def put_name(buf, at, code):
    """The card's short name into buf from `at`, clipped; returns the new end: the colour
    letters and the number ("R1", "RG3"), or the action by name with the letter of its colour
    ("Joker", "Reset", "SeeB", "NomY"; "Nom*": all four). Allocation-free (the log)."""
    k = KIND[code]
    cols = COLS[code]
    n = len(buf)
    if k == K_NUMBER:
        for c in range(4):
            if cols & (1 << c) and at < n:
                buf[at] = _LETTERS[c]
                at += 1
        last = 48 + NUMBER[code]
    else:
        w = _WORDS[k]
        for i in range(len(w)):
            if at < n:
                buf[at] = w[i]
                at += 1
        if k < K_SEE:
            return at
        last = 42 if cols == ALL else _LETTERS[colour_index(cols)]
    if at < n:
        buf[at] = last
        at += 1
    return at
