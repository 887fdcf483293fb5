"""Frame figures gathered on the board without a table per frame (the heap is the thing measured).

begin() takes gc.mem_alloc() before the first frame, add() takes one frame: its time, the SPI
pixel bytes it pushed and gc.mem_alloc() after it.
Times go into a histogram of 0.25 ms bins up to 128 ms (the 95th percentile is read from it,
rounded up to a bin edge), sums are folded into whole seconds / millions so that every number
stays a small int: add() allocates nothing.
"""
from array import array

from micropython import const

BIN_US = const(250)
_BINS = const(512)          # 0 .. 128 ms; the last bin also holds every longer frame
BUDGET_US = const(40000)    # frames over this are counted (the console's frame budget)
_LATE = const(8)            # indices kept of the first frames over it
_MEGA = const(1000000)


class FrameStats:
    def __init__(self):
        self.hist = array("H", (0 for _ in range(_BINS)))
        self.n = 0
        self.t_s = 0            # the time sum is t_s seconds + t_us
        self.t_us = 0
        self.max_us = 0
        self.max_at = -1        # index of the worst frame (0 = the first one measured)
        self.over = 0           # frames over BUDGET_US
        self.late = array("i", (-1 for _ in range(_LATE)))  # the first of them (indices)
        self.spi_m = 0          # the SPI sum is spi_m millions + spi
        self.spi = 0
        self.spi_max = 0
        self.mem = 0            # gc.mem_alloc() before the next frame
        self.peak = 0
        self.alloc_frames = 0   # frames after which more of the heap was in use
        self.alloc_at = -1      # the first of them
        self.gc_frames = 0      # frames after which less was in use: a collection ran inside

    def begin(self, mem):
        self.mem = mem
        self.peak = mem

    def add(self, us, spi, mem):
        k = us // BIN_US
        if k >= _BINS:
            k = _BINS - 1
        h = self.hist
        if h[k] < 65535:
            h[k] += 1
        if us > self.max_us:
            self.max_us = us
            self.max_at = self.n
        if us > BUDGET_US:
            if self.over < _LATE:
                self.late[self.over] = self.n
            self.over += 1
        self.n += 1
        t = self.t_us + us
        if t >= _MEGA:
            self.t_s += 1
            t -= _MEGA
        self.t_us = t
        s = self.spi + spi
        if s >= _MEGA:
            self.spi_m += 1
            s -= _MEGA
        self.spi = s
        if spi > self.spi_max:
            self.spi_max = spi
        if mem > self.mem:
            if self.alloc_frames == 0:
                self.alloc_at = self.n - 1
            self.alloc_frames += 1
        elif mem < self.mem:
            self.gc_frames += 1
        if mem > self.peak:
            self.peak = mem
        self.mem = mem

    def p95_us(self):
        """Upper edge of the bin holding the 95th percentile; -1 when it is beyond the bins."""
        want = (self.n * 95 + 99) // 100
        seen = 0
        for k in range(_BINS):
            seen += self.hist[k]
            if seen >= want:
                return -1 if k == _BINS - 1 else (k + 1) * BIN_US
        return 0

    def fields(self):
        """The figures as `key=value` text (allocates: call it after the measured frames)."""
        n = self.n if self.n else 1
        late = ",".join(str(i) for i in self.late if i >= 0) or "-"
        return ("frames=%d mean_us=%d p95_us=%d max_us=%d max_at=%d over40=%d late_at=%s "
                "spi_mean=%d spi_max=%d peak=%d alloc_frames=%d alloc_at=%d gc_frames=%d" % (
                    self.n, (self.t_s * _MEGA + self.t_us) // n, self.p95_us(), self.max_us,
                    self.max_at, self.over, late, (self.spi_m * _MEGA + self.spi) // n,
                    self.spi_max, self.peak, self.alloc_frames, self.alloc_at, self.gc_frames))
