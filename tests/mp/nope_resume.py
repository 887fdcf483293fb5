"""Scenario: suspend and resume NOPE! at several moments under real MicroPython.

    nope_resume.py

For each game (all seats bots, "instant"): play it through once, then for several frame counts F
play a fresh console F frames (heap locked per frame), take the snapshot the pause menu would
save (a bot may be in the middle of thinking), start a new game from it (console.start_game(...,
snapshot), an allocation point) and play on with the heap locked. The continuation must give the
identical record. One line per resume: `resume seed=S at=F same=1 bad=0`, then
`done resumes=N bad=B differ=D`.
"""
import gc
from binascii import crc32

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from games.nope import snapshot as SNAP  # noqa: E402

GAMES = ((11, (3, 1, 2)), (12, (2, 3)), (13, (1, 3, 3, 2, 3, 1)))
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6")


def new_game(seed, kinds, snap=None):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3
    c.start_game("nope", Setup("nope", bytearray(kinds), NAMES[:len(kinds)], bytearray(3), seed), snap)
    gc.collect()
    return c, c.game


def to_end(c, g):
    bad = 0
    n = 0
    while not g.game_over and n < 30000 and not c.faults:
        bad += locked.run(c, 1)
        n += 1
    return bad + c.faults, n


def main():
    resumes = 0
    bad = 0
    differ = 0
    for seed, kinds in GAMES:
        c, g = new_game(seed, kinds)
        b, frames = to_end(c, g)
        bad += b
        want = crc32(g.record.dump())
        for k in range(1, 5):
            at = frames * k // 5 + k        # not only at turn boundaries
            c1, g1 = new_game(seed, kinds)
            for _ in range(at):
                bad += locked.run(c1, 1)
            if g1.game_over:
                continue
            snap = g1.snapshot()
            c2, g2 = new_game(seed, kinds, snap)
            same0 = SNAP.save_state(g2.st) == SNAP.save_state(g1.st)
            b, _ = to_end(c2, g2)
            bad += b
            same = same0 and crc32(g2.record.dump()) == want
            resumes += 1
            if not same:
                differ += 1
            print("resume seed=%d at=%d same=%d bad=%d" % (seed, at, 1 if same else 0, bad))
    print("done resumes=%d bad=%d differ=%d" % (resumes, bad, differ))


main()
