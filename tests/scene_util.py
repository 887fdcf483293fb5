"""What the games' scene tests (tests/test_<game>_scene.py) drive the console with on CPython:
a console on stand-in hardware with a memory file system, a game played to its end, a press."""
import fakehw
from core.console import Console
from core.files import Files
from memfs import MemFS


def console(speed=3, fs=None):
    """(console, hardware, file system) at bot speed `speed`."""
    fs = fs or MemFS()
    hw = fakehw.Hardware(b"", fresh=False)
    hw.files = Files(fs.os, "/data", fs.open)
    c = Console(hw)
    c.settings.bot_speed = speed
    return c, hw, fs


def finish(c, g, limit=40000):
    """Frames until game g is over (at most `limit`); how many."""
    n = 0
    while not g.game_over and n < limit:
        c.frame()
        n += 1
    assert g.game_over and not c.faults, c.last_error
    return n


def press(c, bits, idle=1):
    """Hold `bits` for a frame, then `idle` frames with nothing pressed."""
    c.hw.buttons.script = fakehw.steps(bits, 1, 0, idle)
    c.hw.buttons.i = 0
    for _ in range(1 + idle):
        c.frame()
