"""Scenario: whole Tip Top games with every seat a bot, the heap locked for every frame, then
suspend and resume at several moments of one game.

    tiptop_locked.py [WHICH [resume]]

WHICH: the indices of GAMES to play, as digits (default: all); `resume`: the resume runs too.

Each game starts the way the launcher's start request does (console.start_game("tiptop",
setup)) at bot speed "instant" and runs through locked.run until scene.game_over, then two frames
of its result screen. One line per game:
    game seed=S seats=K frames=F bad=B faults=N rows=R result=winner=W rounds=R plays=P
Then, for the first game of RESUME, at a fifth, two fifths ... of its frames: the snapshot the
pause menu would save, a new game started from it (an allocation point) and played on locked;
the record and state at its end must equal the uninterrupted game's:
    resume seed=S at=F phase=P same=1
then `resumes=N differ=D`, and last `done games=G bad=B`: bad counts frames that allocated (or
raised) under the lock, games not over and resumes that differed.
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

# (seed, seat kinds 1 easy / 2 normal / 3 hard): the smallest and the largest table
GAMES = (
    (1, (3, 1)),
    (2, (2, 3)),
    (3, (3, 2, 1, 3, 2, 1, 3, 2)),
    (4, (1, 2, 3, 3, 2, 1, 1, 3)),
)
RESUME = (5, (3, 1, 2))
NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6", "Bot 7", "Bot 8")
MAX_FRAMES = 30000


def new_game(seed, kinds, snap=None):
    c = Console(fakehw.Hardware(), frame)
    c.settings.bot_speed = 3            # instant (the simulator's --until-end)
    c.start_game("tiptop", Setup("tiptop", bytearray(kinds), NAMES[:len(kinds)], bytearray(0), seed),
                 snap)
    gc.collect()
    return c, c.game


def run(c, g, frames=MAX_FRAMES):
    """Locked frames until the game is over (or `frames` ran); (frames run, bad frames)."""
    n = 0
    bad = 0
    while not g.game_over and n < frames and not c.faults:
        bad += locked.run(c, 1)
        n += 1
    return n, bad


def fingerprint(g):
    return crc32(g.record.dump(), crc32(g.st.save()))


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "0123"
    total = 0
    for ch in which:
        seed, kinds = GAMES[int(ch)]
        c, g = new_game(seed, kinds)
        frames, bad = run(c, g)
        bad += locked.run(c, 2)         # the result screen, locked too
        print("game seed=%d seats=%d frames=%d bad=%d faults=%d rows=%d result=%s"
              % (seed, len(kinds), frames, bad, c.faults, g.record.n, g.result()))
        total += bad + c.faults + (0 if g.game_over else 1)
        c.hw.cleanup()
        gc.collect()
    if len(sys.argv) > 2 and sys.argv[2] == "resume":
        total += resume()
    print("done games=%d bad=%d" % (len(which), total))


def resume():
    """The resume runs: returns the frames that allocated, and the runs that differed."""
    total = 0
    seed, kinds = RESUME
    c, g = new_game(seed, kinds)
    frames, bad = run(c, g)
    total += bad
    want = fingerprint(g)
    resumes = differ = 0
    for k in range(1, 5):
        c1, g1 = new_game(seed, kinds)
        total += run(c1, g1, frames * k // 5)[1]
        snap = g1.snapshot()
        c2, g2 = new_game(seed, kinds, snap)
        same = g2.st.save() == g1.st.save()
        total += run(c2, g2)[1]
        same = same and fingerprint(g2) == want
        resumes += 1
        differ += 0 if same else 1
        print("resume seed=%d at=%d phase=%d same=%d" % (seed, frames * k // 5, g1.st.phase,
                                                          1 if same else 0))
        c1.hw.cleanup()
        c2.hw.cleanup()
        gc.collect()
    print("resumes=%d differ=%d" % (resumes, differ))
    return total + differ


main()
