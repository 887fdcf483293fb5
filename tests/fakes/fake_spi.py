"""SPI bus stand-ins with machine.SPI.write(): one that feeds devices (e.g. an ST7789Model)
and records the size of every write, one that only counts (allocation-free, for heap_lock)."""


class FakeSPI:
    def __init__(self, *devices):
        self.devices = devices
        self.sizes = []
        self.bytes_written = 0

    def write(self, buf):
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
