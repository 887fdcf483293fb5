"""NMBR 9 benchmark: the ghost moved over a crowded display and the hard bot's thinking, per
frame, with the bytes allocated; the game's memory.

    micropython bench_nmbr9.py

make bench runs it on the unix port; make bench-pico runs scenario() on the emulated Pico
(tools/pico/nmbr9_frames.py, the part `nmbr9-frames`). The scenario: a two-seat game, seat 0 a
human who places every tile where its ghost starts (the first legal place), seat 1 a hard bot,
bots at "instant" speed. Every frame in which the bot thinks is timed; at the last card the
human's display holds 19 tiles and the ghost is moved over it (the stick along rows, B turning
it every fifth move), each move a press and two idle frames. Lines (PREFIX: `bench nmbr9 ` here,
`bp nmbr9_frame name=` on the board):
    PREFIX ghost ms=M max_ms=W frames=N alloc=A spi_bytes=S     the frames that move the ghost
    PREFIX idle ms=M max_ms=W frames=N alloc=A spi_bytes=S      the frames between them
    PREFIX think ms=M max_ms=W frames=N alloc=A decisions=D frames_per=F decision_ms=T
        decision_max_ms=X                                         the bot's frames and decisions
    PREFIX full ms=M tiles=T                                      a full repaint of that display
ms = milliseconds of this machine (the board's own on the Pico); alloc = bytes allocated over
those frames with the collector off (must be 0). The host adds
    bench nmbr9 memory seats1_bytes=B seats4_bytes=B               the game's heap, started
"""
import gc
import time

from core import buttons as B
from games.nmbr9 import rules as R
from games.nmbr9 import scenes as S

GHOST_MOVES = 80
SEED = 3


class Pad:
    """The console's buttons: `bits` are what is held; the real pad (the board's) is read first,
    so its cost is in every frame."""
    def __init__(self, real=None):
        self.real = real
        self.bits = 0

    def read(self):
        if self.real is not None:
            self.real.read()
        return self.bits


def _press(c, pad, bits):
    pad.bits = bits
    c.frame()
    pad.bits = 0
    c.frame()
    c.frame()


def _line(prefix, what, tot, worst, n, alloc, extra=""):
    n = n or 1
    print("%s%s ms=%.3f max_ms=%.3f frames=%d alloc=%d%s" % (
        prefix, what, tot / 1000 / n, worst / 1000, n, alloc, extra))


def scenario(c, g, prefix):
    """The game g on console c (seat 0 a human, seat 1 a hard bot, c.hw.buttons a Pad) from
    its start to its last card, then the ghost over seat 0's display."""
    pad = c.hw.buttons
    ticks = time.ticks_us
    diff = time.ticks_diff
    tot = worst = n = decisions = cur = dtot = dworst = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    while not g.game_over:
        if g.sub == S.S_HUMAN and g.st.turn == 0:
            if g.st.flipped == R.DECK:
                break                   # the last card: the ghost is measured below
            _press(c, pad, B.A)         # the ghost starts on a legal place (or: no place, skip)
            continue
        thinking = g.sub == S.S_THINK
        t = ticks()
        c.frame()
        d = diff(ticks(), t)
        if thinking:
            tot += d
            n += 1
            cur += d
            worst = d if d > worst else worst
            if g.sub != S.S_THINK:      # the bot has chosen
                decisions += 1
                dtot += cur
                dworst = cur if cur > dworst else dworst
                cur = 0
    m1 = gc.mem_alloc()
    gc.enable()
    _line(prefix, "think", tot, worst, n, m1 - m0, " decisions=%d frames_per=%.1f decision_ms=%.1f "
          "decision_max_ms=%.1f" % (decisions, n / (decisions or 1), dtot / 1000 / (decisions or 1),
                                    dworst / 1000))
    ghost(c, g, pad, prefix)


def ghost(c, g, pad, prefix):
    disp = c.hw.display
    ticks = time.ticks_us
    diff = time.ticks_diff
    mt = mw = mn = ms = it = iw = inn = isp = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    for i in range(GHOST_MOVES):
        row = i // 19
        bits = B.B if i % 5 == 4 else (B.DOWN if i % 19 == 18 else (B.RIGHT if row % 2 == 0
                                                                   else B.LEFT))
        for k in range(3):
            pad.bits = bits if k == 0 else 0
            t = ticks()
            c.frame()
            d = diff(ticks(), t)
            if k == 0:
                mt += d
                mn += 1
                mw = d if d > mw else mw
                ms += disp.last_bytes
            else:
                it += d
                inn += 1
                iw = d if d > iw else iw
                isp += disp.last_bytes
    m1 = gc.mem_alloc()
    gc.enable()
    _line(prefix, "ghost", mt, mw, mn, m1 - m0, " spi_bytes=%d" % (ms // mn))
    _line(prefix, "idle", it, iw, inn, 0, " spi_bytes=%d" % (isp // inn))
    c.repaint()
    t = ticks()
    c.render()
    d = diff(ticks(), t)
    print("%sfull ms=%.3f tiles=%d" % (prefix, d / 1000, g.st.disp[0].n))


def start(c, kinds):
    from core.setup import Setup
    c.settings.bot_speed = 3
    c.start_game("nmbr9", Setup("nmbr9", bytearray(kinds), ["ANA", "Hard 2", "Hard 3", "Hard 4"][
        :len(kinds)], bytearray(0), SEED, 0))
    return c.game


def main():
    from core.gfx import Gfx
    frame = Gfx()
    import fakehw
    from core.console import Console
    mem = []
    for kinds in ((3,), (3, 3, 3, 3)):
        hw = fakehw.Hardware()
        c = Console(hw, frame)
        gc.collect()
        base = gc.mem_alloc()
        start(c, kinds)
        gc.collect()
        mem.append(gc.mem_alloc() - base)
        hw.cleanup()
    hw = fakehw.Hardware()
    hw.buttons = Pad()
    c = Console(hw, frame)
    scenario(c, start(c, (0, 3)), "bench nmbr9 ")
    hw.cleanup()
    print("bench nmbr9 memory seats1_bytes=%d seats4_bytes=%d" % (mem[0], mem[1]))


if __name__ == "__main__":
    main()
