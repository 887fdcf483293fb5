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


def assert_damaged_save_is_discarded(game, su, snap):
    """A suspended game whose snapshot is damaged (one bit flipped) is reported and discarded by
    the console, never half loaded: the game `game` with setup `su` and a good snapshot `snap`."""
    import runs
    from core import session, storage
    fs = MemFS()
    c = console(3, fs)[0]
    damaged = bytearray(snap)
    damaged[40] ^= 4
    # as core/session.py suspends (its file version: the Setup's bytes hold the start seat)
    storage.save(c.files, session.SUSPEND_FILE, session.SUSPEND_MAGIC, session.VERSION,
                 bytearray(su.to_bytes()) + damaged)
    c2 = console(3, fs)[0]
    assert c2.suspended == game
    assert not c2.resume_game()
    assert c2.game is None and c2.suspended is None
    assert "/data/suspend.bin" not in fs.files
    assert any("damaged" in m for m in runs.notices(c2, 200))
