"""The game lifecycle: start, suspend on quit, resume, end. Loaded on demand (an allocation
point), so its code is not in memory while the launcher idles.

A suspended game is one storage file (suspend.bin, magic b"PTsv", version 1) whose payload is
the Setup (core/setup.py, starting with the game's name) followed by the game's own snapshot.
"""
import gc

from core import catalog, storage
from core.setup import Setup

FILE = "suspend.bin"
MAGIC = b"PTsv"
VERSION = 1


def start(c, name, setup, snapshot=None):
    pkg = catalog.package(name)
    if pkg is None:
        c.notice.post("That game is not available")
        return False
    c.game_name = name
    c.game_setup = setup
    gc.collect()
    c.attach_game(pkg.start(c, setup, snapshot), pkg.help_pages())
    return True


def end(c):
    if c.suspended is not None and c.suspended == c.game_name:
        storage.discard(c.files, FILE)
        c.suspended = None
    c.home()


def quit(c, suspend):
    g = c.game
    if g is not None and getattr(g, "game_over", False):
        end(c)
        return
    if g is not None and suspend:
        snap = g.snapshot() if hasattr(g, "snapshot") else None
        if snap is not None:
            payload = bytearray(c.game_setup.to_bytes())
            payload.extend(snap)
            if storage.save(c.files, FILE, MAGIC, VERSION, payload):
                c.suspended = c.game_name
            else:
                c.notice.post("Could not save the game")
    c.home()


def resume(c):
    st, _, payload = storage.load(c.files, FILE, MAGIC, VERSION)
    if payload is None:
        msg = storage.message(st)
        c.notice.post("Saved game %s: discarded" % msg if msg else "Saved game missing")
        return _discard(c)
    try:
        setup, at = Setup.from_bytes(payload)
        return start(c, setup.game, setup, payload[at:])
    except (ValueError, IndexError, KeyError):
        # the game refused its snapshot: nothing of it stays loaded
        c._drop_game()
        c.notice.post("Saved game damaged: discarded")
        return _discard(c)


def _discard(c):
    storage.discard(c.files, FILE)
    c.suspended = None
    c.launcher.enter(c)
    return False
