"""The evening's score table: wins per seat over the games played in a row with "play again".

It lives from the first game's end until the players go back to the launcher, carried from one
game to the next in the start request (core/session.py). A win is worth SHARE units; seats that
share a win (a tie) split it evenly; a draw (no winner) gives none. SHARE divides by every seat
count up to MAX_SEATS, so shares are exact.
"""
from array import array

from micropython import const

SHARE = const(840)          # 1 to 8 seats divide it
MAX_SEATS = const(8)


class Evening:
    def __init__(self, seats):
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError("seats")
        self.seats = seats
        self.games = 0              # games played so far
        self.last = 0               # winners of the last game (bit per seat; 0: a draw)
        self.wins = array("i", [0] * seats)     # per seat, in SHARE units

    def add(self, winners):
        """Count a game that ended with `winners` (bit per seat; 0: a draw)."""
        winners &= (1 << self.seats) - 1
        k = 0
        for s in range(self.seats):
            if winners & (1 << s):
                k += 1
        if self.games < 0xFFFF:
            self.games += 1
        self.last = winners
        for s in range(self.seats):
            if winners & (1 << s):
                self.wins[s] += SHARE // k

    def to_bytes(self):
        out = bytearray(4 + 4 * self.seats)
        out[0] = self.seats
        out[1] = self.games & 255
        out[2] = self.games >> 8
        out[3] = self.last
        for s in range(self.seats):
            v = self.wins[s]
            for i in range(4):
                out[4 + 4 * s + i] = (v >> (8 * i)) & 255
        return bytes(out)

    @staticmethod
    def from_bytes(data, at=0):
        """(Evening, next offset); ValueError when the bytes are not a table."""
        try:
            ev = Evening(data[at])
            ev.games = data[at + 1] | (data[at + 2] << 8)
            ev.last = data[at + 3]
            at += 4
            total = 0
            for s in range(ev.seats):
                v = data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)
                ev.wins[s] = v
                total += v
                at += 4
        except IndexError:
            raise ValueError("truncated table")
        if ev.last >> ev.seats or total > ev.games * SHARE:
            raise ValueError("table")
        return ev, at


def tenths(units):
    """Wins in SHARE units as tenths of a win, rounded to the nearest (1/3 of a win -> 3)."""
    return (units * 10 + SHARE // 2) // SHARE
