"""Deterministic seeded PRNG: xorshift32 (13, 17, 5) computed on two 16-bit halves.

Every intermediate value stays below 2**29, so it never becomes a bigint on the Pico's 31-bit
small ints and gives the same sequence on CPython, the unix port and the Pico. Its state can be
saved and restored as two 16-bit numbers.
"""


class Rng:
    def __init__(self, seed=1):
        self.hi = 0
        self.lo = 0
        self.seed(seed)

    def seed(self, seed):
        # mix the seed so that small seeds give unrelated streams; never the all-zero state
        s = seed & 0x3FFFFFFF
        self.hi = ((s >> 16) ^ 0x9E37) & 0xFFFF
        self.lo = (s ^ 0x79B9) & 0xFFFF
        if not (self.hi | self.lo):
            self.lo = 1
        for _ in range(8):
            self.next16()

    def next16(self):
        """Advance and return 16 random bits (the high half of the 32-bit state)."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return hi

    def below(self, n):
        """Uniform integer in 0..n-1 for 1 <= n <= 65536 (rejection sampling, no bias)."""
        if n <= 1:
            return 0
        limit = 65536 - (65536 % n)
        r = self.next16()
        while r >= limit:
            r = self.next16()
        return r % n

    def between(self, lo, hi):
        """Uniform integer in lo..hi inclusive (hi - lo < 65536)."""
        return lo + self.below(hi - lo + 1)

    def shuffle(self, seq, n=-1):
        """Fisher-Yates shuffle of the first n items of a bytearray/array/list, in place."""
        if n < 0:
            n = len(seq)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            t = seq[i]
            seq[i] = seq[j]
            seq[j] = t
            i -= 1

    def state(self):
        return (self.hi << 16) | self.lo   # up to 2**32: call only when saving, not per frame

    def save_into(self, buf, at):
        buf[at] = self.hi >> 8
        buf[at + 1] = self.hi & 255
        buf[at + 2] = self.lo >> 8
        buf[at + 3] = self.lo & 255

    def load_from(self, buf, at):
        self.hi = (buf[at] << 8) | buf[at + 1]
        self.lo = (buf[at + 2] << 8) | buf[at + 3]
        if not (self.hi | self.lo):
            self.lo = 1
