"""SPI bus stand-ins with machine.SPI.write(): one that feeds devices (e.g. an ST7789Model)
and records the size of every write, one that only counts (allocation-free, for heap_lock);
and stand-ins for hal/spi_dma.SpiDma, the DMA channel that feeds the same bus."""


class FakeSPI:
    def __init__(self, *devices):
        self.devices = devices
        self.sizes = []
        self.bytes_written = 0
        self.dma = None             # a FakeDMA on this bus: writes must wait for its transfer

    def write(self, buf):
        if self.dma is not None and self.dma.pending is not None:
            self.dma.errors.append("SPI.write() while a DMA transfer is running")
        self.wire(buf)

    def wire(self, buf):
        n = len(buf)
        self.sizes.append(n)
        self.bytes_written += n
        for d in self.devices:
            d.write(buf)


class CountingSPI:
    def __init__(self):
        self.writes = 0
        self.bytes_written = 0

    def write(self, buf):
        self.writes += 1
        self.bytes_written += len(buf)


class FakeDMA:
    """SpiDma's contract (hal/spi_dma.py) on a FakeSPI: start(buf, n) waits for the transfer
    before it, then sends buf[0:n]; finish() waits for the last one. A transfer is modelled as
    reading its buffer as late as real DMA could: when it is waited for. So a buffer changed
    while its transfer runs reaches the wire changed. `lines` are functions giving the levels
    of the bus's control lines (DC, CS): they must be the same when a transfer ends as when it
    started, and SPI.write() must not be called while one runs; `errors` lists what broke."""
    def __init__(self, spi, lines=()):
        self.spi = spi
        self.lines = lines
        self.pending = None         # (buffer, byte count, line levels at the start)
        self.errors = []
        self.sizes = []             # bytes of every transfer, in order
        spi.dma = self

    def _levels(self):
        return [f() for f in self.lines]

    def _complete(self):
        if self.pending is None:
            return
        buf, n, levels = self.pending
        self.pending = None
        if self._levels() != levels:
            self.errors.append("control lines changed during a DMA transfer")
        if n > len(buf):
            self.errors.append("transfer of %d bytes from a %d-byte buffer" % (n, len(buf)))
        self.sizes.append(n)
        self.spi.wire(bytes(buf[:n]))

    def start(self, buf, n):
        self._complete()
        self.pending = (buf, n, self._levels())

    def finish(self):
        self._complete()


class CountingDMA:
    """SpiDma's interface counting bytes, allocation-free (for heap_lock), on a CountingSPI."""
    def __init__(self, spi):
        self.spi = spi
        self.starts = 0
        self.open = False           # a transfer started and not yet finished

    def start(self, buf, n):
        self.starts += 1
        self.open = True
        self.spi.bytes_written += n

    def finish(self):
        self.open = False
