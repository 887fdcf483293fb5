"""Scenario: suspend and resume No Respect at several turns under real MicroPython.

    norespect_resume.py

For each game (all seats bots, "instant"): play it through once, then for several turns T play a
fresh console to turn T (heap locked per frame), take the snapshot the pause menu would save,
start a new game from it (console.start_game(..., snapshot), an allocation point) and play on
with the heap locked. The continuation must give the identical record and final state. One line
per resume: `resume seed=S at=T phase=P same=1 bad=0`, then `done resumes=N bad=B differ=D`.
"""
import gc
from binascii import crc32

from core.gfx import Gfx

frame = Gfx()

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402

GAMES = ((11, (3, 1, 2), 0), (12, (2, 3), 1), (13, (1, 3, 3, 2), 0))
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")


def new_game(seed, kinds, variant, snap=None):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3
    c.start_game("norespect", Setup("norespect", bytearray(kinds), NAMES[:len(kinds)],
                                    bytearray([variant]), seed), snap)
    gc.collect()
    return c, c.game


def to_end(c, g):
    bad = 0
    n = 0
    while not g.game_over and n < 30000 and not c.faults:
        bad += locked.run(c, 1)
        n += 1
    return bad + c.faults


def fingerprint(g):
    return crc32(g.record.dump(), crc32(g.st.save()))


def main():
    resumes = 0
    bad = 0
    differ = 0
    for seed, kinds, variant in GAMES:
        c, g = new_game(seed, kinds, variant)
        bad += to_end(c, g)
        want = fingerprint(g)
        turns = g.st.turns
        for k in range(1, 5):
            at = turns * k // 5
            phase = 1 + (k & 1)         # rules.P_DRAW or rules.P_PLAY
            c1, g1 = new_game(seed, kinds, variant)
            n = 0
            while not g1.game_over and n < 30000 and not (g1.st.turns >= at and g1.st.phase == phase
                                                             and g1.mode == 1):
                bad += locked.run(c1, 1)
                n += 1
            if g1.game_over:
                continue
            snap = g1.snapshot()
            c2, g2 = new_game(seed, kinds, variant, snap)
            same0 = g2.st.save() == g1.st.save()
            bad += to_end(c2, g2)
            same = same0 and fingerprint(g2) == want
            resumes += 1
            if not same:
                differ += 1
            print("resume seed=%d at=%d phase=%d same=%d bad=%d" % (seed, g1.st.turns, phase,
                                                                    1 if same else 0, bad))
    print("done resumes=%d bad=%d differ=%d" % (resumes, bad, differ))


main()
