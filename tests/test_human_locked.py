"""A human's input paths, heap locked for every frame, on every locked port (mprun.LOCKED_PORTS:
64-bit unix, 32-bit WebAssembly newest and 1.24.1): the pause menu and every rules page, then
whole games where the human seats play from mashed buttons (tests/mp/human_locked.py): moving the
cursor, stepping through the targets, playing, the start and result screens. The tower's human
paths (shelf, bids, pushes, carrying with the sensor, with the joystick and with a failing
sensor) have their own scenario with tilt: tests/test_tower_mp.py, tower_human.py."""
import re

import pytest

import mprun

# game -> ((seat kinds: 0 human, 1-3 bots), seed, options, record events a human must have made)
GAMES = {
    "norespect": ((("030", 3, "0", {"build", "stack", "cap", "discard"}),
                   ("20", 5, "1", {"build", "discard"}))),
    "nmbr9": ((("02", 3, "", {"place", "level"}),)),
    # NOPE!: a human against a hard bot, and pass-around (two humans, hand-offs) with a bot
    "nope": ((("03", 13, "000", {"discard", "draw", "nope", "nominate"}),
              ("010", 1, "000", {"discard", "draw", "nope", "action", "nominate"}))),
    "tiptop": ((("030", 4, "", {"play", "lose"}),         # two humans: hand-offs
                ("03", 7, "", {"play", "lose"}))),
}
LINE = re.compile(r"human game=(\w+) seed=(\d+) frames=(\d+) bad=(\d+) faults=(\d+) "
                  r"pages=(\d+)/(\d+) tour=(\d) help=(\d+) pause=(\d+) kept=(-?\d+),(-?\d+),(-?\d+) "
                  r"over=(\d) acts=(\S*)")
# bytes a tour of the pause menu and the rules pages may leave on the heap: the names MicroPython
# interned loading their modules (never freed); the pages are 2-4 KB a game, the pause menu 6 KB
KEPT = 512


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_human_input_paths_run_heap_locked(game, port):
    for kinds, seed, options, must in GAMES[game]:
        r = mprun.run(port, "tests/mp/human_locked.py", [game, kinds, str(seed), options],
                      cwd=mprun.ROOT)
        assert r.returncode == 0, (port, r.stdout, r.stderr)
        m = LINE.search(r.stdout)
        assert m, r.stdout + r.stderr
        _, _, frames, bad, faults, seen, pages, tour, helps, pauses, *kept, over, acts = m.groups()
        assert bad == "0" and faults == "0", (port, kinds, r.stdout, r.stderr)
        assert seen == pages != "0" and tour == "1", r.stdout        # every rules page, then back
        # the pause menu and the rules pages are loaded only while shown (not at the start), and
        # leaving them gives their memory back (the unix port: on the WebAssembly ports the
        # collector does not run inside a script, so their figure says nothing)
        assert helps == "010" and pauses == "010", r.stdout
        if port == "unix":
            assert all(int(k) < KEPT for k in kept), r.stdout
        assert over == "1" and int(frames) > 100, r.stdout           # a whole game
        done = {a.split(":")[0] for a in acts.split(",") if a}
        assert must <= done, (kinds, acts)                           # the humans really played
