"""The game lifecycle: starting a game on a fresh heap, suspend on quit, resume, the end of a game
and "play again". Loaded on demand (an allocation point), so its code is not in memory while the
launcher idles or a game runs.

How a game starts (docs/decisions.md, Memory): the launcher never starts a game beside itself.
launch() writes a start request and restarts the console (hw.restart(): a soft reset on the
board, a new Console on the host); the new console's boot() finds the request, deletes it (so a
request that makes the board crash is not tried twice), and starts the game with no launcher in
memory, on a heap that holds only the frame buffer and the services every game needs. Leaving the
game restarts into the launcher the same way. start() is the start itself, in place: the boot
uses it, and so do tests and tools that run a game on a console directly.

start.bin (magic b"PTgo", version 1), payload:
    kind     1 byte: 0 the launcher, 1 a new game, 2 resume the suspended game
    notice   1 byte n, then n bytes: a notice to show after the restart (n = 0: none)
    setup    a new game's Setup (its bytes: core/setup_bytes.py), then its evening table
             (core/evening.py) or 0
A suspended game is suspend.bin (magic b"PTsv", version 2; version 1 had no start seat in its
Setup): the Setup followed by the game's own snapshot.
"""
import gc

from core import catalog, storage
from core.console import START_FILE, SUSPEND_FILE, SUSPEND_MAGIC
from core.setup import Setup

GO_LAUNCHER = 0                 # what a restart starts: the launcher,
GO_NEW = 1                      # a new game,
GO_RESUME = 2                   # the suspended game
VERSION = 2
START_MAGIC = b"PTgo"


# -- restarts -------------------------------------------------------------------------------
def launch(c, kind, setup=None):
    """Restart the console into `kind` (GO_LAUNCHER, GO_NEW with `setup`, GO_RESUME). The notices
    waiting to be shown go along. Returns False (with a notice) when the request cannot be
    written."""
    notice = c.notice.lines()           # every notice waiting goes along, one a line
    if kind != GO_LAUNCHER or notice is not None:
        p = bytearray((kind, 0))
        if notice is not None:
            t = notice.encode()[:255]
            p[1] = len(t)
            p.extend(t)
        if kind == GO_NEW:
            p.extend(setup.to_bytes())
            p.extend(c.evening.to_bytes() if c.evening is not None else b"\0")
        if not storage.save(c.files, START_FILE, START_MAGIC, 1, p):
            if kind != GO_LAUNCHER:
                c.notice.post("Cannot start: storage failed")
                return False
    if kind != GO_LAUNCHER:
        c.notice.post("Starting...")    # on the glass while the board restarts
        c.render()
    c.hw.restart()
    return True


def parse_request(p):
    """(kind, notice, setup, evening) of a start request's payload (core/bootstrap.py carries it
    out); ValueError (or IndexError, UnicodeError) when it is not a whole request."""
    if p is None:
        raise ValueError("start request")
    kind = p[0]
    at = 2 + p[1]
    notice = bytes(p[2:at]).decode()
    setup = evening = None
    if kind == GO_NEW:
        setup, at = Setup.from_bytes(p, at)
        if p[at]:
            from core.evening import Evening
            evening, at = Evening.from_bytes(p, at)
            if evening.seats != setup.seats:
                raise ValueError("table")
        else:
            at += 1
    if at != len(p) or kind > GO_RESUME:
        raise ValueError("start request")
    return kind, notice, setup, evening


# -- a game ---------------------------------------------------------------------------------
def start(c, name, setup, snapshot=None):
    pkg = catalog.package(name)
    if pkg is None:
        c.notice.post("That game is not available")
        return False
    c.game_name = name
    c.game_setup = setup
    gc.collect()
    c.attach_game(pkg.start(c, setup, snapshot), pkg.help_pages)
    return True


def end(c):
    """The game is over and its result screen was left: count it in the evening's table, drop
    the game, show the table (core/results.py) with "play again"."""
    g = c.game
    setup = c.game_setup
    winners = g.winners if g is not None else 0
    nxt = next_start(setup)             # its package is still loaded
    if c.suspended is not None and c.suspended == c.game_name:
        storage.discard(c.files, SUSPEND_FILE)
        c.suspended = None
    c.drop_game()
    from core.evening import Evening
    ev = c.evening
    if ev is None or ev.seats != setup.seats:
        ev = c.evening = Evening(setup.seats)
    ev.add(winners)
    c.game_setup = setup
    from core.results import Results
    c.push(Results(c, setup, ev, nxt))


def next_start(setup):
    """Who starts the game played again after one played with `setup` (G-2): the next seat
    clockwise after its first player; -1 (the game chooses) when its package says START_DRAW,
    for then who starts is a game action that every game performs (No Respect's start draw)."""
    pkg = catalog.package(setup.game)
    if setup.start < 0 or getattr(pkg, "START_DRAW", False):
        return -1
    return (setup.start + 1) % setup.seats


def play_again(c):
    """The same game, seats and options, a new seed; who starts: next_start (G-2)."""
    s = c.game_setup
    launch(c, GO_NEW, Setup(s.game, s.kinds, s.names, s.options, c.new_seed(), next_start(s)))


def save_game(c):
    """Write the running game to suspend.bin (crash-safe: core/storage.py) and stay in it; the
    launcher offers to resume it. True when saved; a game that is over or cannot be saved is
    not."""
    g = c.game
    if g is None or g.game_over:
        return False
    snap = g.snapshot() if hasattr(g, "snapshot") else None
    if snap is None:
        return False
    payload = bytearray(c.game_setup.to_bytes())
    payload.extend(snap)
    if storage.save(c.files, SUSPEND_FILE, SUSPEND_MAGIC, VERSION, payload):
        c.suspended = c.game_name
        return True
    c.notice.post("Could not save the game")
    return False


def power_work(c, had):
    """Console.power_work(): before the console sleeps or as the battery runs low, the running
    game and settings changed but not yet written (an open settings screen) go to flash; then
    it falls asleep if that is due (core/power.py). The modules not in `had` (this one, and what
    saving loaded) are forgotten again, so a game's heap is as it was."""
    p = c.power
    due = p.due
    p.due = 0
    save_game(c)
    if c.settings.changed:
        from core import settings_file
        if not settings_file.save(c.settings, c.files):
            c.notice.post("Could not save settings")
    import sys
    from core.modules import forget
    for name in list(sys.modules):
        if name not in had:
            forget(name)
    gc.collect()
    if due & 2:                         # core.power.SLEEP: the display off (the panel keeps its
        d = c.hw.display                # picture); steps only poll the keys from now on
        d.set_brightness(0)
        if p.panel:
            d.power(False)
        p.asleep = True
        p.sleeps += 1


def quit(c, suspend):
    g = c.game
    if g is not None and suspend and not g.game_over:
        save_game(c)
    elif g is not None and g.game_over and c.suspended is not None and c.suspended == c.game_name:
        storage.discard(c.files, SUSPEND_FILE)      # a game that is over is not resumed
        c.suspended = None
    c.home()


def resume(c):
    st, ver, payload = storage.load(c.files, SUSPEND_FILE, SUSPEND_MAGIC, VERSION)
    if payload is None:
        msg = storage.message(st)
        c.notice.post("Saved game %s: discarded" % msg if msg else "Saved game missing")
        return _discard(c)
    try:
        setup, at = Setup.from_bytes(payload, 0, ver >= 2)
        return start(c, setup.game, setup, payload[at:])
    except (ValueError, IndexError, KeyError):
        # the game refused its snapshot: nothing of it stays loaded
        c.drop_game()
        c.notice.post("Saved game damaged: discarded")
        return _discard(c)


def _discard(c):
    storage.discard(c.files, SUSPEND_FILE)
    c.suspended = None
    if c.launcher is not None:
        c.launcher.enter(c)
    return False
