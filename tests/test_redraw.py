"""What the screen shows is the state: after every incremental render, the glass (what was pushed to
the panel) equals a full redraw of the same state (tests/mp/redraw.py). Every console screen and
whole games of every game, on CPython at every frame and under real MicroPython, heap-locked, on
sampled frames. A new game adds its runs to GAMES."""
import pytest

import mprun
from core.gfx import Gfx

FRAME = Gfx()

import redraw  # noqa: E402
import runs  # noqa: E402

SCREENS = ("launcher", "settings", "names", "calibrate", "setup", "pause", "rules", "handoff", "error")
# (game, seat kinds: 0 human, 1 easy, 2 normal, 3 hard, seed, options)
GAMES = (
    ("norespect", (3, 1), 2, (0,)),
    ("norespect", (3, 1, 2, 3), 2, (1,)),
    ("norespect", (0, 3, 0), 3, (0,)),
    ("tower", (3, 1), 1, (2, 0, 0)),
    ("tower", (2, 3, 1, 3), 2, (2, 0, 0)),
    ("tower", (0, 2), 3, (2, 0, 0)),
    ("norespect", (0, 2), 4, (1,)),
    ("norespect", (2, 0, 3, 0), 5, (0,)),
    ("tower", (0, 3), 4, (0, 0, 0)),            # all 27 pieces
    ("tower", (1, 2, 1), 5, (1, 1, 0)),         # convex pieces, table tilt
    ("tower", (3, 2), 6, (2, 0, 1)),            # no balance hint
    ("nmbr9", (3,), 1, ()),                     # a hard bot alone
    ("nmbr9", (0,), 5, ()),                     # a human alone: the ghost, turns, X, A
    ("nope", (0, 3), 1, (0, 0, 0)),             # a human against a hard bot
    ("nope", (3, 1, 2, 3, 1, 2), 2, (0, 0, 0)),  # six seats
    ("nope", (0, 1, 0), 3, (0, 0, 0)),          # pass-around: hand-offs, hidden hands
    ("nope", (3, 2), 5, (1, 1, 1)),             # younger players, no action cards
    ("tiptop", (0, 3), 5, ()),
    ("tiptop", (0, 2, 0), 3, ()),               # two humans: hand-offs
    ("tiptop", (3, 2, 1, 3, 2, 1, 3, 2), 2, ()),   # eight seats
)
# at a visible bot speed (fast: a bot's drawn tile and its choice stay on screen for 8 steps)
VISIBLE = (
    ("norespect", (0, 3), 6, (0,)),
    ("norespect", (1, 0, 2, 0), 7, (1,)),
    ("tower", (0, 2, 0, 2), 7, (2, 0, 0)),      # a bot's answer, its placement, shown
    ("nmbr9", (1, 2), 7, ()),                   # the view follows the seat to play
    ("nope", (2, 3, 1), 8, (0, 0, 1)),          # each bot turn stays on screen
    ("tiptop", (0, 3), 6, ()),                  # a bot's chosen card, shown before it is played
)
SPEED_FAST = 2
# known failures being fixed (none now; an entry: (game, port or None) -> the reason)
PENDING = {}


def _pending(game, port):
    why = PENDING.get((game, port)) or PENDING.get((game, None))
    return [pytest.mark.xfail(reason=why, strict=True)] if why else []


def _id(g):
    return "%s-%s-seed%d" % (g[0], "".join(map(str, g[1])), g[2])


@pytest.mark.parametrize("name", SCREENS)
def test_console_screen_glass_equals_full_redraw_every_frame(name):
    assert redraw.check(runs.ScreenRun(FRAME, name)) is None


@pytest.mark.parametrize("game,kinds,seed,options,speed",
                         [pytest.param(*g, 3, id=_id(g), marks=_pending(g[0], "cpython")) for g in GAMES]
                         + [pytest.param(*g, SPEED_FAST, id=_id(g) + "-fast", marks=_pending(g[0], "cpython"))
                            for g in VISIBLE])
def test_whole_game_glass_equals_full_redraw_every_frame(game, kinds, seed, options, speed):
    run = runs.GameRun(FRAME, game, kinds, seed, options, speed=speed)
    assert redraw.check(run) is None
    assert run.n > 100                  # a real game was played


# the tower's worst case for drawing: a stack falling apart beside the carried piece, every
# piece a foundation (it sways and tumbles for the whole run) or a real collapse and its fall
STACKS = ((20, False), (26, True))


@pytest.mark.parametrize("pieces,foundations", STACKS)
def test_tower_falling_stack_glass_equals_full_redraw_every_frame(pieces, foundations):
    run = runs.StackRun(FRAME, pieces, foundations)
    assert redraw.check(run) is None
    assert run.n == run.frames


def test_tower_camera_steps_glass_equals_full_redraw_every_frame():
    """The carried piece goes up and down beside a stack: each camera step is wiped in, the
    tower at the old camera below the bands at the new one."""
    run = runs.ClimbRun(FRAME)
    assert redraw.check(run) is None
    assert run.n == run.frames


@pytest.mark.parametrize("name", ("launcher", "pause", "rules"))
@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_console_screen_redraw_under_micropython_heap_locked(port, name):
    r = mprun.run(port, "tests/mp/redraw_run.py", ["screen", name, "3"], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok" in r.stdout and "bad=0" in r.stdout, r.stdout


# per port: a long four-seat No Respect game on the newer ports, the game with humans (a tenth of
# its frames) on the minimum version; the tower's four-seat game and its game with a human, NMBR 9's
# human alone, NOPE!'s six seats and its pass-around game, Tip Top's game with a human, everywhere
SAMPLED = [(GAMES[2] if port == "wasm-min" else GAMES[1], port) for port in mprun.LOCKED_PORTS] + \
    [(g, port) for g in GAMES[4:6] + GAMES[12:13] + GAMES[14:16] + GAMES[17:18]
     for port in mprun.LOCKED_PORTS]


@pytest.mark.parametrize("game,kinds,seed,options,port", [
    pytest.param(*g, port, id=_id(g) + "-" + port, marks=_pending(g[0], port))
    for g, port in SAMPLED])
def test_whole_game_redraw_under_micropython_heap_locked_sampled(game, kinds, seed, options, port):
    r = mprun.run(port, "tests/mp/redraw_run.py",
                  ["game", game, "".join(map(str, kinds)), str(seed), "7", "".join(map(str, options))],
                  cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok" in r.stdout and "bad=0" in r.stdout, r.stdout
    assert int(r.stdout.split("frames=")[1].split()[0]) > 100


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_tower_falling_stack_redraw_under_micropython_heap_locked_sampled(port):
    r = mprun.run(port, "tests/mp/redraw_run.py", ["stack", "20", "3"], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok frames=150 bad=0" in r.stdout, r.stdout


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_tower_camera_steps_redraw_under_micropython_heap_locked_sampled(port):
    r = mprun.run(port, "tests/mp/redraw_run.py", ["climb", "3"], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok frames=260 bad=0" in r.stdout, r.stdout


@pytest.mark.parametrize("port", ("unix", "wasm"))
def test_tower_wall_woken_redraw_under_micropython_heap_locked(port):
    """20 pieces in view tumbling and settling: the tower view repainted in several boxes at
    once (its bodies' polygons drawn by the viper kernel on the unix port, by framebuf on the
    WebAssembly one). Every frame checked; the wall takes minutes to build on CPython."""
    r = mprun.run(port, "tests/mp/redraw_run.py", ["wall", "1"], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok frames=180 bad=0" in r.stdout, r.stdout


# -- a notice over a screen and over a game: the banner comes, the scene draws under it, it goes
# (only its strip is pushed again), a second one follows --
@pytest.mark.parametrize("name", ("launcher", "settings"))
def test_notice_over_a_screen_glass_equals_full_redraw_every_frame(name):
    run = runs.Noticed(runs.ScreenRun(FRAME, name, tail=40), runs.NOTICE_AT, runs.NOTICES)
    assert redraw.check(run) is None


def test_notice_over_a_game_glass_equals_full_redraw_every_frame():
    run = runs.Noticed(runs.GameRun(FRAME, "norespect", (0, 3, 0), 3, (0,)), runs.NOTICE_AT,
                       runs.NOTICES)
    assert redraw.check(run) is None
    assert run.n > 5 + 2 * 75           # both notices came and went


def test_a_notice_goes_without_a_full_repaint():
    """When a banner comes or goes, its strip is pushed, and never the whole screen."""
    run = runs.Noticed(runs.ScreenRun(FRAME, "launcher", tail=40), runs.NOTICE_AT, runs.NOTICES)
    c = run.begin()
    pushed = []
    show = c.hw.display.show

    def spy(buf, rects, n):
        pushed.append([tuple(rects[4 * i:4 * i + 4]) for i in range(n)])
        show(buf, rects, n)
    c.hw.display.show = spy
    changes = []                    # frames where a banner came or went
    state = (False, 0)
    while run.step(c):
        now = (c.notice.active, c.notice.shown)
        if now != state:
            changes.append(len(pushed) - 1)
        state = now
    run.end(c)
    assert len(changes) == 3, changes           # the first comes, the second follows, it goes
    for k in changes:
        assert (0, 228, 240, 240) in pushed[k], (k, pushed[k])
    assert all(r != (0, 0, 240, 240) for rects in pushed[changes[0]:] for r in rects)


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_notice_over_a_game_redraw_under_micropython_heap_locked(port):
    r = mprun.run(port, "tests/mp/redraw_run.py", ["game", "norespect", "31", "1", "3", "0", "30",
                                                   "notice"], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok" in r.stdout and "bad=0" in r.stdout, r.stdout


# the evening's table after a game (core/results.py): a notice comes and goes over it
RESULTS = (("norespect", (3, 1, 2), 4, (0,)), ("tower", (3, 1), 4, (2, 0, 0)))


@pytest.mark.parametrize("game,kinds,seed,options", RESULTS, ids=[g[0] for g in RESULTS])
def test_results_screen_glass_equals_full_redraw_every_frame(game, kinds, seed, options):
    run = runs.ResultsRun(FRAME, game, kinds, seed, options, tail=120)
    assert redraw.check(run) is None
    assert run.left == 0                # the whole tail ran on the results screen


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
def test_results_screen_redraw_under_micropython_heap_locked(port):
    game, kinds, seed, options = RESULTS[1]
    r = mprun.run(port, "tests/mp/redraw_run.py",
                  ["results", game, "".join(map(str, kinds)), str(seed), "3", "".join(map(str, options))],
                  cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    assert "redraw ok" in r.stdout and "bad=0" in r.stdout, r.stdout
