"""Scenario: suspend and resume Tip Top at several moments under real MicroPython.

    tiptop_resume.py [WHICH]

WHICH: the indices of GAMES to play, as digits (default: all). For each game (all seats bots,
"instant") one console plays it through, the heap locked for every frame; after every STRIDE-th
frame, and after the first frame of each moment (rules phase and the scene's bot step: a bot
waiting or thinking, its card chosen, its card shown; between two rounds, where the pause menu
may open on the "loses a chip" screen), it takes the snapshot the pause menu would save. Once
the game is over, each snapshot starts a new game
(console.start_game(..., snapshot), an allocation point) that plays on locked: its state on
resuming must equal the suspended one, and its end the uninterrupted game's record and state.
One line per resume:
    resume seed=S at=F phase=P sub=U same=1
(phase: rules.P_PLAY 1, P_ROUND 2; sub: the scene's S_IDLE 0 / S_SHOW 1 / S_CHOSEN 2: a bot
waiting or thinking, its card shown, its choice made and not yet shown), then
`done resumes=N bad=B differ=D` (bad: frames that allocated or faulted, games not over).
"""
import gc
import sys
from binascii import crc32

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does

import fakehw  # noqa: E402
import locked  # noqa: E402
from core.console import Console  # noqa: E402
from core.setup import Setup  # noqa: E402
from games.tiptop import rules as R  # noqa: E402
from games.tiptop import snapshot as SNAP  # noqa: E402

# (seed, seat kinds 1 easy / 2 normal / 3 hard, STRIDE): a small and the largest table
GAMES = ((5, (3, 1, 2), 95), (6, (2, 3, 1, 3, 2, 1, 3, 2), 461))
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6", "Bot 7", "Bot 8")


def new_game(seed, kinds, snap=None):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3            # instant
    c.start_game("tiptop", Setup("tiptop", bytearray(kinds), NAMES[:len(kinds)], bytearray(0), seed),
                 snap)
    gc.collect()
    return c, c.game


def run(c, g):
    """Locked frames until the game is over; the frames that allocated or faulted."""
    n = bad = 0
    while not g.game_over and n < 30000 and not c.faults:
        bad += locked.run(c, 1)
        n += 1
    return bad + c.faults + (0 if g.game_over else 1)


def fingerprint(g):
    return crc32(g.record.dump(), crc32(SNAP.save_state(g.st)))


def play(seed, kinds, stride):
    """The uninterrupted game and its snapshots: (bad frames, fingerprint, [(frame, phase, sub,
    snapshot, state)])."""
    c, g = new_game(seed, kinds)
    snaps = []
    n = bad = 0
    seen = 0                            # the moments (phase, bot step) snapshotted, as bits
    while not g.game_over and n < 30000 and not c.faults:
        bad += locked.run(c, 1)
        n += 1
        moment = 1 << (g.st.phase * 4 + g.sub)
        if not g.game_over and (n % stride == 0 or not seen & moment):
            seen |= moment
            snaps.append((n, g.st.phase, g.sub, g.snapshot(), SNAP.save_state(g.st)))
    bad += c.faults + (0 if g.game_over else 1)
    want = fingerprint(g)
    c.hw.cleanup()
    return bad, want, snaps


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "01"
    resumes = bad = differ = 0
    for ch in which:
        seed, kinds, stride = GAMES[int(ch)]
        b, want, snaps = play(seed, kinds, stride)
        bad += b
        for at, phase, sub, snap, state in snaps:
            c, g = new_game(seed, kinds, snap)
            same = SNAP.save_state(g.st) == state
            bad += run(c, g)
            same = same and fingerprint(g) == want
            resumes += 1
            differ += 0 if same else 1
            print("resume seed=%d at=%d phase=%d sub=%d same=%d" % (seed, at, phase, sub,
                                                                   1 if same else 0))
            c.hw.cleanup()
            c = g = None
            gc.collect()
    print("done resumes=%d bad=%d differ=%d" % (resumes, bad, differ))


main()
