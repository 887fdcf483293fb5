"""The console on CPython (the simulator's core): boot with bad files, notices, the error
screen and its log, settings persistence, tilt fallback, services for games."""
import os

import pytest

import fakehw
import runs
import testgame
from core import buttons as B
from core import errors, storage
from core import tilt as T
from core.console import Console
from core.files import Files
from memfs import MemFS


def make(script=b"", accel="level", fs=None):
    fs = fs or MemFS()
    hw = fakehw.Hardware(script, accel=accel, fresh=False)
    hw.files = Files(fs.os, "/data", fs.open)
    return Console(hw), hw, fs


def press(c, bits, then=2):
    c.hw.buttons.script = fakehw.steps(bits, 1, 0, then)
    c.hw.buttons.i = 0
    for _ in range(1 + then):
        c.frame()


def run(c, n):
    for _ in range(n):
        c.frame()


def notices(c, steps=400):
    """Collect every notice shown over the next steps."""
    return runs.notices(c, steps)


# -- bad files at boot ------------------------------------------------------------------------
@pytest.mark.parametrize("data,expect", [
    (b"garbage that is not a settings file", "not ours"),
    (b"PT", "damaged"),
    (None, None),                                         # missing: silent defaults
])
def test_bad_settings_file_is_reported_once_and_replaced_by_defaults(data, expect):
    fs = MemFS()
    if data is not None:
        fs.files["/data/settings.bin"] = bytearray(data)
    c, hw, _ = make(fs=fs)
    seen = notices(c)
    msgs = [m for m in seen if m.startswith("Settings")]
    if expect:
        assert len(msgs) == 1 and expect in msgs[0]
    else:
        assert msgs == []
    assert c.settings.brightness == 7 and bytes(c.settings.names[0][:3]) == b"ANA"
    assert type(c.top).__name__ == "Launcher" and c.faults == 0
    # the file was replaced by defaults: the next boot does not report it again
    c2, _, _ = make(fs=fs)
    assert [m for m in notices(c2) if m.startswith("Settings")] == []


def test_newer_and_out_of_range_settings_are_rejected():
    fs = MemFS()
    files = Files(fs.os, "/data", fs.open)
    storage.save(files, "settings.bin", b"PTst", 9, bytes(46))
    c, _, _ = make(fs=fs)
    assert any("too new" in m for m in notices(c))
    bad = bytearray(46)
    bad[0] = 99                                            # brightness step out of range
    storage.save(files, "settings.bin", b"PTst", 1, bad)
    c, _, _ = make(fs=fs)
    assert any("invalid" in m for m in notices(c))
    assert c.settings.brightness == 7


def test_damaged_suspended_game_is_reported_and_discarded():
    fs = MemFS()
    fs.files["/data/suspend.bin"] = bytearray(b"PTsv\x01\x00junk")
    c, _, _ = make(fs=fs)
    assert any(m.startswith("Saved game") for m in notices(c))
    assert "/data/suspend.bin" not in fs.files and c.suspended is None


# -- settings ---------------------------------------------------------------------------------
def test_settings_changes_are_saved_on_leaving_and_survive_a_reboot():
    c, hw, fs = make()
    press(c, B.UP)                  # launcher: to "Settings"
    press(c, B.A)
    assert type(c.top).__name__ == "SettingsScene"
    press(c, B.LEFT)                # brightness 80% -> 70%
    assert hw.display.brightness == 70
    press(c, B.DOWN)
    press(c, B.RIGHT)               # sound off
    press(c, B.B)                   # leave: saved
    assert type(c.top).__name__ == "Launcher"
    c2, hw2, _ = make(fs=fs)
    assert c2.settings.brightness == 6 and c2.settings.sound == 0 and hw2.display.brightness == 70


def test_name_editor_types_and_commits():
    c, hw, fs = make()
    for b in (B.UP, B.A, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.A):     # settings, player 1
        press(c, b)
    assert type(c.top).__name__ == "NameEditor"
    for _ in range(3):
        press(c, B.B)                                      # delete "ANA"
    for b in (B.RIGHT, B.A, B.DOWN, B.A):                  # "B", then "L"
        press(c, b)
    for b in (B.DOWN, B.DOWN, B.LEFT, B.LEFT):             # to the OK cell (bottom right)
        press(c, b)
    press(c, B.A)
    assert type(c.top).__name__ == "SettingsScene"
    assert bytes(c.settings.names[0]).rstrip(b"\0") == b"BL"
    assert c.settings.name(0) == "BL"


def test_calibration_stores_the_level_pose():
    c, hw, fs = make()
    hw.accel.x, hw.accel.y = 120, -80
    for b in (B.UP, B.A, B.UP, B.UP, B.A):                 # settings, calibrate tilt
        press(c, b)
    assert type(c.top).__name__ == "Calibrate"
    press(c, B.A, then=20)
    assert abs(c.settings.cal[0] - 120) <= 2 and abs(c.settings.cal[1] + 80) <= 2
    run(c, 30)
    assert c.tilt.x == 0 and c.tilt.y == 0                 # that pose now reads level


# -- tilt sensor notices ----------------------------------------------------------------------
def test_no_sensor_at_boot_says_so_once_and_joystick_tilts():
    c, hw, fs = make(accel=None)
    seen = notices(c, 300)
    assert seen.count("No tilt sensor: joystick tilts") == 1
    assert c.tilt.source == T.BUTTONS


def test_sensor_failing_mid_game_and_coming_back():
    c, hw, fs = make()
    run(c, 5)
    assert c.tilt.source == T.SENSOR
    hw.accel.mode = "fail"
    seen = notices(c, 200)
    assert seen == ["Sensor lost: joystick tilts"] and c.tilt.source == T.BUTTONS
    hw.accel.mode = "level"
    seen = notices(c, 200)
    assert seen == ["Tilt sensor back"] and c.tilt.source == T.SENSOR


# -- errors -----------------------------------------------------------------------------------
def test_scene_error_shows_file_and_line_logs_and_returns_to_the_launcher():
    c, hw, fs = make()
    g = testgame.install(c)
    run(c, 3)
    g.raise_now = True
    run(c, 1)
    scr = c.top
    assert type(scr).__name__ == "ErrorScreen" and c.faults == 1
    assert scr.where.startswith("testgame.py:")
    line = int(scr.where.split(":")[1])
    src = open(os.path.join(os.path.dirname(__file__), "mp", "testgame.py")).read().splitlines()
    assert 'raise ValueError("test error")' in src[line - 1]
    assert "ValueError: test error" in " ".join(scr.lines)
    log = bytes(fs.files["/data/error.log"]).decode()
    assert "testgame.py:%d" % line in log and "test error" in log
    assert c.game is None                                  # the game was dropped
    press(c, B.A)
    assert type(c.top).__name__ == "Launcher"
    run(c, 30)                                             # and the console keeps running
    assert c.faults == 1


def test_error_log_is_capped():
    fs = MemFS()
    files = Files(fs.os, "/data", fs.open)
    for i in range(400):
        errors.append_log(files, "step %d: x.py:1: ValueError: something went wrong\n" % i)
    data = bytes(fs.files["/data/error.log"])
    assert len(data) <= errors.LOG_CAP
    assert data.endswith(b"step 399: x.py:1: ValueError: something went wrong\n")
    assert data.startswith(b"step ")                       # cut at a line boundary


def test_error_in_draw_is_caught_too():
    c, hw, fs = make()
    g = testgame.install(c)
    run(c, 2)

    def bad_draw(gfx, full):
        raise KeyError("draw")
    g.draw = bad_draw
    run(c, 2)
    assert type(c.top).__name__ == "ErrorScreen" and c.faults == 1


# -- launcher ---------------------------------------------------------------------------------
def test_unavailable_game_says_so(monkeypatch):
    """Every game is installed today; a package left off a build is absent from the import
    system, as NMBR 9's is here."""
    import sys
    monkeypatch.setitem(sys.modules, "games.nmbr9", None)          # import raises ImportError
    c, hw, fs = make()
    rows = [c.launcher.kind[i] for i in range(c.launcher.menu.n)]
    missing = [r for r, k in enumerate(rows) if k < 5 and not c.launcher.available[k]]
    assert len(missing) == 1
    for _ in range(missing[0]):
        press(c, B.DOWN)
    before = c.notice.shown
    press(c, B.A)
    run(c, 2)
    assert c.notice.shown == before + 1 and "not available" in c.notice.last
    assert type(c.top).__name__ == "Launcher"


# -- services ---------------------------------------------------------------------------------
def test_pause_menu_quit_returns_to_launcher_and_sound_and_watchdog():
    c, hw, fs = make()
    testgame.install(c)
    run(c, 2)
    press(c, B.Y)
    assert type(c.top).__name__ == "Pause"
    press(c, B.DOWN)
    press(c, B.DOWN)
    press(c, B.A)                                          # quit (the test game cannot be saved)
    assert type(c.top).__name__ == "Launcher" and c.game is None and c.suspended is None
    assert hw.watchdog.calls >= c.steps - 1
    calls = hw.sound.calls
    c.beep(440, 10)
    assert hw.sound.calls == calls + 1
    c.settings.sound = 0
    c.beep(440, 10)
    assert hw.sound.calls == calls + 1


def test_handoff_hides_the_game_until_a():
    c, hw, fs = make()
    g = testgame.install(c)
    run(c, 2)
    press(c, B.X)
    assert type(c.top).__name__ == "Handoff"
    frame = bytes(c.gfx.buf)
    # the game drew "secret hand" in white on green; none of the game's colour is left
    assert not any((b >> 4) == 10 or (b & 15) == 10 for b in frame)   # palette.FOREST
    press(c, B.B)
    assert type(c.top).__name__ == "Handoff"
    press(c, B.A)
    assert c.top is g


# -- the launcher without its art -----------------------------------------------------------
def test_the_launcher_without_its_art_shows_text_rows_and_still_opens_games(monkeypatch):
    """Where the art cannot load (no room for its blocks, or the module missing) the launcher
    draws its rows without icons, and A still opens the first game's setup screen."""
    from core import launcher
    with_art, _, _ = make()
    run(with_art, 10)
    assert with_art.top.menu.art is not None
    monkeypatch.setattr(launcher, "_ART", "core.no_such_art_module")
    c, _, _ = make()
    run(c, 10)
    assert type(c.top).__name__ == "Launcher" and c.top.menu.art is None and c.faults == 0
    assert c.gfx.buf != with_art.gfx.buf                  # the icons and title are not drawn
    c.top.menu.select(0)
    press(c, B.A)
    assert type(c.top).__name__ == "GameSetup" and c.faults == 0
