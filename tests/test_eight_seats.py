"""The core copes with eight seats (Tip Top plays 2-8): eight player names in the settings (the
file's version 2; a version 1 file of four names still loads), the settings menu and the name
editor reach all eight, the setup screen offers eight seats above its footer, every human of
eight gets a name of their own, a Setup of eight seats survives the suspend format, and the
record's 16-bit rows (Tip Top's) save and restore."""
import pytest

import fakehw
import runs
from core import buttons as B
from core import settings as S
from core import settings_file as SF
from core import setup as SU
from core import storage
from core import widgets
from core.console import Console
from core.files import Files
from core.record import Record
from memfs import MemFS


def make(fs=None):
    fs = fs or MemFS()
    hw = fakehw.Hardware(b"", fresh=False)
    hw.files = Files(fs.os, "/data", fs.open)
    return Console(hw), hw, fs


def press(c, bits, then=2):
    c.hw.buttons.script = fakehw.steps(bits, 1, 0, then)
    c.hw.buttons.i = 0
    for _ in range(1 + then):
        c.frame()


def notices(c, steps=200):
    return runs.notices(c, steps)


def test_the_settings_hold_eight_distinct_player_names():
    s = S.Settings()
    names = [s.name(i) for i in range(S.PLAYERS)]
    assert S.PLAYERS == 8 == SU.MAX_SEATS
    assert names == ["ANA", "BEN", "CLEO", "DEV", "EVE", "FIN", "GUS", "HAL"]


def test_eight_names_are_saved_and_loaded_in_a_version_3_file():
    fs = MemFS()
    files = Files(fs.os, "/data", fs.open)
    s = S.Settings()
    s.names[6][:] = b"ZOE\0\0\0\0\0"
    s.brightness = 3
    assert SF.save(s, files)
    st, ver, p = storage.load(files, SF.FILE, SF.MAGIC, 9)
    assert st == storage.OK and ver == 3 and len(p) == 84     # version 3: + dim and sleep
    t = S.Settings()
    assert SF.load(t, files) is None
    assert t.name(6) == "ZOE" and t.name(7) == "HAL" and t.brightness == 3


def test_a_version_1_file_keeps_its_four_names_and_the_defaults_for_players_5_to_8():
    fs = MemFS()
    files = Files(fs.os, "/data", fs.open)
    v1 = bytearray(46)                      # the version 1 layout: four names, then calibration
    v1[0] = 2
    v1[1] = 1
    v1[2] = 0
    for i, name in enumerate((b"ALF", b"BO", b"CY", b"DOT")):
        v1[4 + 9 * i] = len(name)
        v1[5 + 9 * i:5 + 9 * i + len(name)] = name
    v1[40] = 7                              # calibration x = 7
    storage.save(files, SF.FILE, SF.MAGIC, 1, v1)
    c, _, _ = make(fs)
    assert [m for m in notices(c) if m.startswith("Settings")] == []
    s = c.settings
    assert [s.name(i) for i in range(8)] == ["ALF", "BO", "CY", "DOT", "EVE", "FIN", "GUS", "HAL"]
    assert s.brightness == 2 and s.bot_speed == 0 and s.cal[0] == 7


def test_a_bad_name_of_player_7_is_refused_whole():
    s = S.Settings()
    p = SF.payload(s)
    p[SF._name_at(6) + 1] = ord("a")        # lower case: not in the alphabet
    t = S.Settings()
    t.brightness = 1
    assert not SF.apply(t, p) and t.brightness == 1


def test_the_settings_menu_and_the_name_editor_reach_player_8():
    c, hw, fs = make()
    press(c, B.UP)                          # launcher: to "Settings"
    press(c, B.A)
    m = c.top.menu
    labels = [m.labels[i] for i in range(m.n)]
    assert labels[5:13] == ["Player %d" % k for k in range(1, 9)]
    assert m.y + m.tops[m.n] <= widgets.FOOTER_Y - 2            # every row above the footer
    for _ in range(12):                     # down to "Player 8"
        press(c, B.DOWN)
    assert m.sel == 12
    press(c, B.A)
    assert type(c.top).__name__ == "NameEditor" and c.top.player == 7


class Eight:
    """A game package's metadata: 2-8 seats (Tip Top's), no options."""
    TITLE = "Eight"
    SEATS = (2, 8)
    OPTIONS = ()


def test_the_setup_screen_offers_eight_seats_above_its_footer():
    c, hw, fs = make()
    gs = c.scene("setup")
    gs.prepare("eight", Eight)
    m = gs.menu
    assert m.n == 10                        # seats, eight seat rows, start
    assert m.y + m.tops[m.n] <= widgets.FOOTER_Y - 2
    c.push(gs)
    c.frame()
    m.select(0)
    for _ in range(8):
        press(c, B.RIGHT)
    assert gs.count == 8 and m.values[0] == "8" and all(m.enabled[1 + s] for s in range(8))


def test_the_setup_screen_rows_shrink_to_fit_eight_seats_and_four_options():
    class Pkg(Eight):
        OPTIONS = tuple(("k%d" % i, "Option %d" % i, ("a", "b")) for i in range(4))
    c, hw, fs = make()
    gs = c.scene("setup")
    gs.prepare("test", Pkg)
    m = gs.menu
    assert m.n == 14 and m.y + m.tops[m.n] <= widgets.FOOTER_Y - 2
    assert min(m.tops[i + 1] - m.tops[i] for i in range(m.n)) >= 12    # 8 px text in each row


def test_eight_humans_get_eight_different_names():
    s = S.Settings()
    names = SU.seat_names(bytearray(8), s)
    assert len(set(names)) == 8 and names[4] == "EVE"
    mixed = SU.seat_names(bytearray([0, 3, 0, 1, 0, 0, 2, 0]), s)
    assert mixed == ["ANA", "Hard 2", "BEN", "Easy 4", "CLEO", "DEV", "Norm 7", "EVE"]


def test_a_setup_of_eight_seats_survives_the_suspend_format_and_nine_are_refused():
    su = SU.Setup("tiptop", bytearray([0, 1, 2, 3, 3, 2, 1, 0]), ["ANA", "Easy 2", "Norm 3", "Hard 4",
                  "Hard 5", "Norm 6", "Easy 7", "BEN"], bytearray(), 123456789)
    data = su.to_bytes()
    back, at = SU.Setup.from_bytes(data)
    assert at == len(data) and back.seats == 8 and back.names == su.names and back.seed == su.seed
    nine = SU.Setup("tiptop", bytearray(9), ["A"] * 9, bytearray(), 1).to_bytes()
    with pytest.raises(ValueError):
        SU.Setup.from_bytes(nine)


def test_a_record_of_16_bit_rows_keeps_its_rows_at_half_the_size():
    wide = Record(10, 5)
    narrow = Record(10, 5, "h")
    for r in (wide, narrow):
        r.add(1, -1, 32767, -32768, 66, 7)
        r.add(2, 3)
    assert len(narrow.dump()) * 2 == len(wide.dump()) == 2 * 6 * 4
    back = Record(10, 5, "h")
    assert back.restore(narrow.dump()) and back.n == 2
    assert [back.field(0, j) for j in range(5)] == [-1, 32767, -32768, 66, 7] and back.kind(1) == 2
    assert not back.restore(narrow.dump()[:-1])             # not whole rows
    assert not Record(1, 5, "h").restore(narrow.dump())     # more rows than it holds
