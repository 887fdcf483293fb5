"""Power cuts on the (emulated) Pico's own LittleFS: the board's half of tools/powercut.py.

    setup()     write the three files at tag 0 (the campaign's first flash image)
    main(k)     boot as main.py boots and check the files the last run was writing, then write
                them again, round after round, until the power is cut

What is written is the console's own code: core/settings_file.save (settings.bin),
core/session.save_game (suspend.bin: a No Respect game's Setup and snapshot) and NMBR 9's
Scores.save (nmbr9.bin), each through core/storage.py (NAME.tmp, flushed, renamed). Their
contents are a function of a tag (k * 16 + round), so the checking run knows the bytes of every
version: the old one and the new one of the file the cut fell into, the others exact.

Which write runs is kept in the watchdog's SCRATCH2 (a register outside the flash, read by the
emulator at the cut): k << 12 | round << 4 | file << 1 | done. Round 0 rewrites all three files
before START_MS (never cut: so no run inherits what an earlier cut left); the cut falls in
rounds 1 and on. Output lines start with "pc ".
"""
import time

import machine
from micropython import const

_LEDGER = const(0x40058014)      # WATCHDOG SCRATCH2 (RP2040)
START_MS = const(3000)           # the writes that may be cut start this long after main()
ROUNDS = const(15)
FILES = ("settings.bin", "suspend.bin", "nmbr9.bin")
_GAME_SEED = const(4242)


def _settings(tag):
    from core import settings as S
    s = S.Settings()
    s.brightness = tag % 10
    s.sound = tag & 1
    s.bot_speed = tag % 4
    s.dim = tag % len(S.DIM_AFTER)
    s.sleep = (tag // 7) % len(S.SLEEP_AFTER)
    n = s.names[0]
    v = tag
    for i in range(S.NAME_LEN):     # the tag in base 36, in player 1's name
        n[i] = S.ALPHABET[v % 36]
        v //= 36
    return s


def _scores(tag):
    from games.nmbr9.scores import Scores
    t = Scores()
    for i in range(3):
        t.add(100 + (tag * 7 + i * 13) % 60, b"P%d" % i, tag * 4 + i)
    return t


def expected(tag, setup, snap):
    """The three payloads of version `tag`."""
    from core import settings_file as SF
    setup.seed = tag
    return (bytes(SF.payload(_settings(tag))), bytes(setup.to_bytes()) + snap,
            bytes(_scores(tag).payload()))


def _read(files, name, magic):
    """The payload the console would take (core/storage.load: NAME, else a whole NAME.tmp),
    read without changing anything; None when neither checks."""
    from core import storage
    st, _, p = storage.unpack(files.read(name), magic, 9)
    if st == storage.MISSING or st == storage.CORRUPT:
        st2, _, p2 = storage.unpack(files.read(name + ".tmp"), magic, 9)
        if st2 == storage.OK:
            return p2
    return p if st == storage.OK else None


def _magics():
    from core import session, settings_file
    from games.nmbr9 import scores
    return (settings_file.MAGIC, session.SUSPEND_MAGIC, scores.MAGIC)


def _boot():
    """As main.py boots: the frame buffer first, the hardware, the console."""
    from core.gfx import Gfx
    frame = Gfx()
    from hal import pico
    hw = pico.build()
    from core.console import Console
    return Console(hw, frame)


def _game(c):
    """A No Respect game in place (a human and two bots): its Setup and snapshot."""
    from core.setup import Setup
    su = Setup("norespect", bytearray((0, 3, 3)), ["ANA", "Hard 2", "Hard 3"], bytearray(1),
               _GAME_SEED, 0)
    c.start_game("norespect", su)
    return c.game_setup, c.game.snapshot()


def _write(c, k, r, tag):
    from core import session, settings_file
    su = c.game_setup
    for fi in range(3):
        machine.mem32[_LEDGER] = (k << 12) | (r << 4) | (fi << 1)
        if fi == 0:
            ok = settings_file.save(_settings(tag), c.files)
        elif fi == 1:
            su.seed = tag
            ok = session.save_game(c)
        else:
            ok = _scores(tag).save(c.files)
        machine.mem32[_LEDGER] = (k << 12) | (r << 4) | (fi << 1) | 1
        if not ok:
            print("pc write-failed k=%d r=%d file=%s" % (k, r, FILES[fi]))


def setup():
    c = _boot()
    su, snap = _game(c)
    _write(c, 0, 0, 0)
    print("pc setup ok snap=%d" % len(snap))


def main(k):
    t0 = time.ticks_ms()
    c = _boot()
    files = c.files
    # what the console found as it booted (checked below, once the game gives the snapshot)
    raw = [_read(files, FILES[i], _magics()[i]) for i in range(3)]
    launcher = c.launcher is not None and c.top is c.launcher
    from core import settings_file as SF
    taken = bytes(SF.payload(c.settings))
    suspended = c.suspended
    c.render()
    su, snap = _game(c)
    found = []
    for i in range(3):
        f = "lost" if raw[i] is None else "other"
        if raw[i] is not None:
            for r in range(ROUNDS + 1):     # which of the last run's versions it holds
                tag = (k - 1) * 16 + r
                if raw[i] == expected(tag, su, snap)[i]:
                    f = str(tag)
                    break
        found.append(f)
    # the console took what it found: it runs with that file's settings, offers that game
    accepted = (raw[0] is None or taken == raw[0]) and (raw[1] is None) == (suspended is None)
    print("pc verify k=%d settings=%s suspend=%s scores=%s launcher=%d accepted=%d resume=%s" % (
        k, found[0], found[1], found[2], 1 if launcher else 0, 1 if accepted else 0,
        suspended or "-"))
    _write(c, k, 0, k * 16)
    wait = START_MS - time.ticks_diff(time.ticks_ms(), t0)
    if wait > 0:
        time.sleep_ms(wait)
    for r in range(1, ROUNDS + 1):
        t = time.ticks_ms()
        _write(c, k, r, k * 16 + r)
        print("pc round k=%d r=%d ms=%d" % (k, r, time.ticks_diff(time.ticks_ms(), t)))
    print("pc done k=%d" % k)
