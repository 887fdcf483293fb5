"""One DMA channel feeding the display's SPI transmit FIFO, so the CPU can convert the next chunk
of pixels while this one goes out on the wire (hal/st7789.py's show()).

The channel (rp2.DMA, claimed like MicroPython's own SPI transfers claim theirs) moves bytes
from a buffer into the SPI data register, paced by the SPI's transmit request (DREQ). Its
control word comes from DMA.pack_ctrl(), whose bit layout is the chip's (it differs between the
RP2040 and the RP2350); the addresses, request numbers and the BUSY bit below are pico-sdk's
(hardware/regs/addressmap.h, dreq.h and dma.h of each chip).

The contract (tests/fakes/fake_spi.py models it for the host's tests):
- start(buf, n) waits until the previous transfer is over, then starts sending buf[0:n]: buf
  must not change until the next start() or finish() returns;
- finish() waits until every byte has left the wire, then empties the receive FIFO (the SPI
  receives a byte for every byte sent; MicroPython's own SPI.write() counts received bytes to
  know when it is done, so stale ones would make it stop early). Only after finish() may the
  chip-select or data/command lines change or SPI.write() be called.
The register work is viper: a Python method call per chunk would cost about as much as the
chunk's time on the wire. Nothing here allocates after __init__.
"""
import sys

import micropython
import rp2
from machine import mem32
from micropython import const

_SR = const(3)              # SSPSR (word index from the SPI's base): status
_DR = const(2)              # SSPDR: data
_ICR = const(8)             # SSPICR: interrupt clear
_DMACR = const(9)           # SSPDMACR: DMA requests
_BSY = const(0x10)          # SSPSR: a frame is being sent or received
_RNE = const(0x04)          # SSPSR: the receive FIFO is not empty
_RORIC = const(0x01)        # SSPICR: clear the receive overrun
_TXDMAE = const(0x02)       # SSPDMACR: transmit DMA request enable
_READ = const(0)            # channel registers (words): READ_ADDR
_CTRL = const(3)            # CTRL_TRIG (read: BUSY)
_COUNT_TRIG = const(7)      # alias 1's TRANS_COUNT_TRIG: write the count and start

# (SPI0 base, SPI1 base, DREQ of SPI0 TX, of SPI1 TX, CTRL's BUSY bit) per chip
_RP2040 = (0x4003C000, 0x40040000, 16, 18, 1 << 24)
_RP2350 = (0x40080000, 0x40088000, 24, 26, 1 << 26)


def chip():
    return _RP2350 if "RP2350" in getattr(sys.implementation, "_machine", "") else _RP2040


@micropython.viper
def _start(regs: ptr32, buf: ptr8, n: int, busy: int):
    while regs[_CTRL] & busy:
        pass
    regs[_READ] = int(buf)
    regs[_COUNT_TRIG] = n


@micropython.viper
def _finish(regs: ptr32, spi: ptr32, busy: int):
    while regs[_CTRL] & busy:
        pass
    while spi[_SR] & _BSY:
        pass
    while spi[_SR] & _RNE:
        x = spi[_DR]            # a received byte, dropped
    spi[_ICR] = _RORIC


class SpiDma:
    def __init__(self, spi_id):
        c = chip()
        self._busy = c[4]
        self.dma = dma = rp2.DMA()
        self._regs = dma.registers          # views of the registers, made once
        self._spi = base = c[spi_id]       # an address: viper's ptr32 takes it as one
        dma.config(write=base + 4 * _DR, count=0,
                   ctrl=dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                      treq_sel=c[2 + spi_id], irq_quiet=True))
        mem32[base + 4 * _DMACR] |= _TXDMAE     # pico-sdk's spi_init() sets it already

    def start(self, buf, n):
        _start(self._regs, buf, n, self._busy)

    def finish(self):
        _finish(self._regs, self._spi, self._busy)

    def close(self):
        self.dma.close()
