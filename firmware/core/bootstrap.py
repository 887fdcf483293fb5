"""What a console does once, as it is made (then this module is forgotten): read the settings
and the tilt calibration, look for a suspended game, and carry out a start request if there is
one (core/session.py wrote it before the restart: start or resume that game, with no launcher in
memory). Without one the console then makes its launcher, this module's code no longer loaded."""
from core import console as C
from core.modules import forget
from core.scene import Scene


def run(c):
    """True when this console runs a game (or the error screen of one that failed to start);
    False: it is the launcher's."""
    _read_files(c)
    forget("core.settings_file")        # done with the settings: their code can go
    files = c.files
    if files.exists(C.START_FILE) or files.exists(C.START_FILE + ".tmp"):
        try:
            if _start_request(c):       # this console runs that game
                return True
        except Exception as e:          # noqa: BLE001 - e.g. MemoryError: the error screen says
            c.fail(e)
            c._apply()
            return True
        forget("core.session")
        c.evening = None
    forget("core.storage")
    return False


def _read_files(c):
    from core import settings_file, storage
    c.notice.post(settings_file.load(c.settings, c.files))
    for i in range(3):
        c.tilt.cal[i] = c.settings.cal[i]
    c.hw.display.set_brightness((c.settings.brightness + 1) * 10)
    if getattr(c.hw, "after_hang", False):     # the watchdog reset a console that hung
        c.notice.post("Restarted after a hang")
    st, _, p = storage.load(c.files, C.SUSPEND_FILE, C.SUSPEND_MAGIC, 2)
    if p is not None and 0 < p[0] < len(p):
        c.suspended = bytes(p[1:1 + p[0]]).decode()     # the setup starts with the game's name
        return
    if st == storage.MISSING and c.files.exists(C.SUSPEND_FILE):
        c.notice.post("Saved game unreadable")  # e.g. a folder in its place: kept, not resumed
        return
    msg = storage.message(st) if p is None else "damaged"
    if msg:
        c.notice.post("Saved game %s: discarded" % msg)
        storage.discard(c.files, C.SUSPEND_FILE)


def _start_request(c):
    """Carry out the start request (deleted first: whatever it does, it does once, so a request
    that crashes the board is not tried again). True when a game was started."""
    from core import session, storage
    st, _, p = storage.load(c.files, C.START_FILE, session.START_MAGIC, 1)
    storage.discard(c.files, C.START_FILE)
    try:
        kind, notice, setup, evening = session.parse_request(p)
    except (ValueError, IndexError, UnicodeError):
        c.notice.post("Bad start request: ignored")
        return False
    if notice:
        for line in notice.split("\n"):   # the notices the last console had waiting
            c.notice.post(line)
    if kind == session.GO_LAUNCHER:
        return False
    c.evening = evening
    c._stack[0] = Scene()               # no launcher under the game: a blank scene
    if kind == session.GO_RESUME:
        return session.resume(c)
    return session.start(c, setup.game, setup)
