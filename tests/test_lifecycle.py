"""The game lifecycle (core/session.py, core/bootstrap.py): a game starts through a restart into a
console without the launcher, the start request on flash is carried out once and a bad one is
reported and ignored, quitting and resuming go through restarts too, and "play again" rotates the
start (G-2; No Respect instead begins every game with its start draw, a game action) while the
evening's table (core/evening.py, core/results.py) counts the wins.

The stand-in hardware's restart() raises fakehw.Restart; fakehw.frame() then builds the new
console on the same hardware, as main.py does after the board's soft reset."""
import pytest

import fakehw
import mprun
from norespect_util import draw_winner
from core import buttons as B
from core import catalog, storage
from core.console import Console
from core.evening import SHARE, Evening, tenths
from core.setup import Setup
from games.nmbr9 import rules as N9
from games.norespect import rules as NR
from games.norespect.events import EVENTS as NR_EVENTS
from games.nope import rules as NOPE
from games.tiptop import rules as TT
from games.tower.events import EVENTS

TOWER_EVENTS = [name for name, _ in EVENTS]

START = "start.bin"
MAGIC = b"PTgo"


@pytest.fixture
def hw():
    h = fakehw.Hardware()
    yield h
    h.cleanup()


def frames(c, n=1, bits=0):
    """n frames, the first with `bits` pressed; follows restarts. Returns the console."""
    c.hw.buttons.script = fakehw.steps(bits, 1, 0, n) if bits else b""
    c.hw.buttons.i = 0
    for _ in range(n + (1 if bits else 0)):
        c = fakehw.frame(c)
    return c


def request(hw, payload, magic=MAGIC, version=1):
    storage.save(hw.files, START, magic, version, payload)


def new_game(setup, evening=None, notice=b""):
    p = bytearray((1, len(notice))) + notice + setup.to_bytes()
    p += evening.to_bytes() if evening is not None else b"\0"
    return bytes(p)


def tower(kinds=(3, 1), seed=5, start=-1, options=(2, 0, 0)):
    return Setup("tower", bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)],
                 bytearray(options), seed, start)


def norespect(kinds=(3, 1, 2), seed=5, start=-1):
    return Setup("norespect", bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)],
                 bytearray(1), seed, start)


def nmbr9(kinds=(3, 1, 2), seed=5, start=-1):
    return Setup("nmbr9", bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)],
                 bytearray(0), seed, start)


def nope(kinds=(3, 1, 2), seed=5, start=-1):
    return Setup("nope", bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV", "EVE", "FIN"][:len(kinds)],
                 bytearray(3), seed, start)


def tiptop(kinds=(3, 1, 2), seed=5, start=-1):
    return Setup("tiptop", bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV", "EVE", "FIN", "GUS", "HAL"][:len(kinds)],
                 bytearray(0), seed, start)


def finish(c, limit=60000):
    c.settings.bot_speed = 3
    g = c.game
    n = 0
    while not g.game_over and n < limit:
        c.frame()
        n += 1
    assert g.game_over and not c.faults, c.last_error
    return g


# -- starting a game ---------------------------------------------------------------------------
def test_the_setup_screens_start_restarts_into_the_game_with_no_launcher(hw):
    c = Console(hw)
    c = frames(c, 2, B.A)                       # launcher: the first row, Tower
    assert type(c.top).__name__ == "GameSetup"
    c = frames(c, 2, B.A)                       # "Start"
    assert hw.restarts == 1
    assert c.launcher is None and type(c.game).__name__ == "GameScene"
    assert c.top is c.game and c.game_setup.game == "tower"
    assert list(c.game_setup.kinds) == [0, 2]   # the setup screen's default seats
    assert not hw.files.exists(START)            # carried out once
    assert c.game_setup.start in (0, 1)         # the game chose (G-2) and said whom


def test_a_start_request_is_deleted_before_it_is_carried_out_so_it_cannot_loop(hw):
    request(hw, new_game(tower(options=(7, 0, 0))))     # refused by the game as it starts
    c = Console(hw)
    assert not hw.files.exists(START)
    assert c.game is None and type(c.top).__name__ == "ErrorScreen" and c.faults == 1
    assert "option" in str(c.last_error)
    c = frames(c, 2, B.A)                       # the error screen's A: back to the launcher
    assert hw.restarts == 1 and type(c.top).__name__ == "Launcher" and c.faults == 0


def test_the_boot_log_says_what_the_console_runs(hw, capsys):
    Console(hw).run(1)
    assert capsys.readouterr().out == "picotable: launcher up\n"
    request(hw, new_game(norespect()))
    Console(hw).run(1)
    assert capsys.readouterr().out == "picotable: game norespect up\n"
    request(hw, new_game(tower(options=(7, 0, 0))))     # refused by the game as it starts
    Console(hw).run(1)
    assert capsys.readouterr().out == "picotable: error screen up\n"


def _good():
    return new_game(tower())


BAD = {
    "garbage": (b"\x13\x37" * 20, None, None),
    "truncated": (None, lambda b: b[:len(b) // 2], None),
    "a flipped bit": (None, lambda b: b[:20] + bytes([b[20] ^ 4]) + b[21:], None),
    "foreign magic": (_good(), None, b"PTst"),
    "newer version": (_good(), None, 2),
    "unknown kind": (b"\x07\x00", None, None),
    "trailing bytes": (_good() + b"\x00", None, None),
    "a start seat beyond the seats": (new_game(tower(start=1))[:-2] + b"\x05\x00", None, None),
    "a table of other seats": (new_game(tower(), Evening(3)), None, None),
    "a table with more wins than games": (new_game(tower(), Evening(2))[:-8] + b"\x01\x00\x00\x00" * 2,
                                          None, None),
    "a notice that is not text": (b"\x00\x02\xff\xfe", None, None),
}


@pytest.mark.parametrize("what", list(BAD))
def test_a_damaged_or_foreign_start_request_is_reported_and_ignored(hw, what):
    payload, damage, other = BAD[what]
    if damage is None:
        magic = other if isinstance(other, bytes) else MAGIC
        request(hw, payload, magic, other if isinstance(other, int) else 1)
    else:
        image = storage.pack(MAGIC, 1, _good())
        hw.files.write(START, damage(bytes(image)))
    c = Console(hw)                             # never raises: the launcher comes up
    assert c.launcher is not None and c.game is None and c.faults == 0
    assert not hw.files.exists(START) and not hw.files.exists(START + ".tmp")
    shown = []
    for _ in range(3):
        c = frames(c, 1)
        shown.append(c.notice.last)
    assert "Bad start request: ignored" in shown
    assert hw.restarts == 0


def test_a_request_for_a_game_not_installed_says_so(hw, monkeypatch):
    """Every game is on the device today; a package left off (a smaller build) is absent from
    the import system, as here."""
    import sys
    monkeypatch.setitem(sys.modules, "games.tiptop", None)         # import raises ImportError
    request(hw, new_game(Setup("tiptop", bytearray([3, 3]), ["A", "B"], b"", 1)))
    c = frames(Console(hw), 1)
    assert c.launcher is not None and c.notice.last == "That game is not available"


# -- leaving and resuming -------------------------------------------------------------------------
def test_quit_restarts_into_the_launcher_and_resume_restarts_into_the_same_game(hw):
    request(hw, new_game(norespect()))
    c = Console(hw)
    c.settings.bot_speed = 3
    g = c.game
    for _ in range(200):
        c.frame()
    state, rec = g.st.save(), g.record.dump()
    c = frames(c, 1, B.Y)                       # the pause menu
    c = frames(c, 1, B.UP)                      # "Quit to launcher"
    c = frames(c, 2, B.A)
    assert hw.restarts == 1 and c.launcher is not None and c.suspended == "norespect"
    assert c.launcher.menu.labels[0] == "Resume"
    c = frames(c, 2, B.A)                       # the launcher's Resume row
    assert hw.restarts == 2 and c.launcher is None
    assert c.game.st.save() == state and c.game.record.dump() == rec


def test_a_notice_waiting_at_a_restart_is_shown_after_it(hw):
    request(hw, new_game(norespect()))
    c = Console(hw)
    c.notice.post("Could not save the game")
    c.home()
    c = frames(c, 1)
    assert hw.restarts == 1 and c.launcher is not None
    c = frames(c, 1)
    assert c.notice.last == "Could not save the game"


def test_a_suspended_game_of_the_format_before_the_start_seat_still_resumes(hw):
    c = Console(hw)
    c.start_game("norespect", norespect(seed=9))
    c.settings.bot_speed = 3
    for _ in range(150):
        c.frame()
    g = c.game
    old_setup = g.setup.to_bytes()[:-1]         # version 1: no start seat at the end
    storage.save(hw.files, "suspend.bin", b"PTsv", 1, old_setup + g.snapshot())
    c2 = Console(hw)
    assert c2.suspended == "norespect"
    from core import session
    assert session.resume(c2) and c2.game.st.save() == g.st.save()


# -- play again ---------------------------------------------------------------------------------
def _evening(hw, setup, games):
    """Play `games` games in a row through the results screen's A; per game: (start seat from
    the record, winners from the record, the table's wins after it)."""
    request(hw, new_game(setup))
    c = Console(hw)
    out = []
    for k in range(games):
        g = finish(c)
        rec = g.record
        if setup.game == "tiptop":              # who plays first in the first round
            starts = [rec.field(i, 2) for i in range(rec.n) if rec.kind(i) == TT.E_ROUND][:1]
            winners = 1 << [rec.field(i, 0) for i in range(rec.n) if rec.kind(i) == TT.E_RESULT][0]
        elif setup.game == "nope":              # the dealer row names the first player
            starts = [rec.field(i, 1) for i in range(rec.n) if rec.kind(i) == NOPE.E_DEALER]
            winners = [rec.field(i, 0) for i in range(rec.n) if rec.kind(i) == NOPE.E_RESULT][0]
        else:
            start_kind = {"tower": TOWER_EVENTS.index("start"), "norespect": NR.E_START,
                          "nmbr9": N9.E_START}[setup.game]
            starts = [rec.field(i, 0) for i in range(rec.n) if rec.kind(i) == start_kind]
        if setup.game == "tower":
            result = TOWER_EVENTS.index("result")
            w = [rec.field(i, 0) for i in range(rec.n) if rec.kind(i) == result][0]
            winners = 0 if w == 0xFFFF or w < 0 else 1 << w
        elif setup.game in ("norespect", "nmbr9"):
            result = NR.E_RESULT if setup.game == "norespect" else N9.E_RESULT
            winners = [rec.field(i, 0) for i in range(rec.n) if rec.kind(i) == result][0]
        drawn = -1                              # No Respect: who the start draw made first
        if setup.game == "norespect":
            drawn = draw_winner(setup.seats, [(NR_EVENTS[rec.kind(i)][0], {f: rec.field(i, j) for j, f in
                                               enumerate(NR_EVENTS[rec.kind(i)][1])}) for i in range(rec.n)])
        assert len(starts) == 1 and starts[0] == g.setup.start
        c = frames(c, 2, B.A)                   # leave the game's result screen
        assert c.game is None and type(c.top).__name__ == "Results"
        out.append((starts[0], winners, list(c.evening.wins), c.evening.games, drawn, c.game_setup.seed,
                    c.top.next))
        if k < games - 1:
            c = frames(c, 2, B.A)               # play again
            assert c.launcher is None and c.game is not None
            assert list(c.game_setup.kinds) == list(setup.kinds)
            assert c.game_setup.names == setup.names and c.game_setup.options == setup.options
    return c, out


@pytest.mark.parametrize("setup", [norespect((3, 1, 2), 11), tower((3, 1, 2), 12), nmbr9((1, 2, 1), 13),
                                   nope((3, 1, 2, 2), 13), tiptop((3, 1, 2), 13)],
                         ids=["norespect", "tower", "nmbr9", "nope", "tiptop"])
def test_play_again_rotates_the_start_and_the_table_counts_the_wins_G2(hw, setup):
    c, out = _evening(hw, setup, 4)
    n = setup.seats
    if setup.game == "norespect":       # every game begins with the start draw: its winner starts
        assert all(o[0] == o[4] for o in out) and all(o[6] == -1 for o in out)   # no "Next start"
        assert len({o[0] for o in out}) > 1                 # the draws chose different seats
    else:
        for k in range(1, 4):
            assert out[k][0] == (out[k - 1][0] + 1) % n     # the next seat clockwise starts
        assert all(o[6] == (o[0] + 1) % n for o in out)     # and the table says so
    want = [0] * n
    for k, (start, winners, wins, games, _, _, _) in enumerate(out):
        k_w = bin(winners).count("1")
        for s in range(n):
            if winners >> s & 1:
                want[s] += SHARE // k_w
        assert wins == want and games == k + 1
    assert len({o[5] for o in out}) == 4                    # every game its own seed
    c = frames(c, 2, B.B)                                   # back to the launcher
    assert c.launcher is not None and c.evening is None and type(c.top).__name__ == "Launcher"
    assert hw.restarts == 4


def test_the_next_seed_of_a_fixed_base_is_the_base_plus_the_games_played(hw):
    hw.seed = 40
    c, out = _evening(hw, norespect((3, 1), 40), 3)
    assert [o[5] for o in out] == [40, 41, 42]


def test_a_draw_counts_a_game_and_no_win():
    ev = Evening(3)
    ev.add(0)
    assert ev.games == 1 and list(ev.wins) == [0, 0, 0] and ev.last == 0


def test_shared_wins_are_split_evenly_and_shown_to_a_tenth():
    ev = Evening(4)
    ev.add(0b0011)
    ev.add(0b0111)
    ev.add(0b0001)
    assert list(ev.wins) == [SHARE // 2 + SHARE // 3 + SHARE, SHARE // 2 + SHARE // 3, SHARE // 3, 0]
    assert [tenths(w) for w in ev.wins] == [18, 8, 3, 0]
    ev8 = Evening(8)
    ev8.add(255)
    assert all(w * 8 == SHARE for w in ev8.wins)
    assert tenths(SHARE * 2 // 3) == 7 and tenths(SHARE - 1) == 10


def test_the_table_survives_its_bytes_and_refuses_bad_ones():
    ev = Evening(3)
    for w in (1, 4, 6, 0, 2):
        ev.add(w)
    back, at = Evening.from_bytes(b"x" + ev.to_bytes(), 1)
    assert at == 1 + len(ev.to_bytes())
    assert (back.seats, back.games, back.last, list(back.wins)) == (3, 5, 2, list(ev.wins))
    good = ev.to_bytes()
    for bad in (good[:-1], bytes([0]) + good[1:], bytes([9]) + good[1:], good[:3] + b"\x08" + good[4:],
                good[:1] + b"\x00\x00" + good[3:]):
        with pytest.raises(ValueError):
            Evening.from_bytes(bad)


def test_a_setup_keeps_its_start_seat_in_its_bytes():
    s = tower((3, 1, 2), 77, 2)
    back, at = Setup.from_bytes(s.to_bytes())
    assert (back.start, back.seed, list(back.kinds), at) == (2, 77, [3, 1, 2], len(s.to_bytes()))
    assert Setup.from_bytes(tower(start=-1).to_bytes())[0].start == -1
    with pytest.raises(ValueError):
        Setup.from_bytes(tower((3, 1), 5, 1).to_bytes()[:-1] + b"\x02")     # seat 2 of 2 seats
    old, at = Setup.from_bytes(s.to_bytes()[:-1], 0, False)
    assert old.start == -1 and at == len(s.to_bytes()) - 1


def test_every_text_of_the_results_screen_fits_the_screen(hw):
    c, _ = _evening(hw, norespect((3, 1, 2, 3), 3), 1)
    r = c.top
    drawn = []
    real = c.gfx.text

    def text(s, x, y, col, bg=-1):
        drawn.append((s, x))
        return real(s, x, y, col, bg)
    c.gfx.text = text
    c.repaint()
    c.render()
    assert drawn and all(x >= 0 and x + 8 * len(s) <= 240 for s, x in drawn), drawn
    assert any(s == "A play again  B launcher" for s, _ in drawn)
    assert r.title == catalog.TITLES[catalog.index("norespect")]


# -- under real MicroPython, heap locked ---------------------------------------------------------
# What a running game keeps loaded of the console (docs/decisions.md, Memory): the services its
# frames use, its hand-off screen, and what the game itself imports. Neither the launcher nor a
# setup or settings screen, nor the code that read the files and the start request, nor the pause
# menu (loaded when opened) and the game's rules pages (the pause menu loads them when asked).
GAME_CONSOLE = {"core", "core.console", "core.gfx", "core.palette", "core.fastpath", "core.buttons",
                "core.tilt", "core.notice", "core.settings", "core.scene", "core.setup", "core.modules",
                "core.handoff", "core.text", "core.files", "core.power"}
GAME_USES = {"core.buffers", "core.rng", "core.record", "core.image_viper", "core.image_pure", "core.big_viper"}


@pytest.mark.parametrize("port", ["unix", "wasm-min"])
@pytest.mark.parametrize("make", [tower, norespect, nope, tiptop, nmbr9], ids=lambda f: f.__name__)
def test_a_game_boots_with_only_what_it_runs_loaded_under_micropython(hw, port, make):
    request(hw, new_game(make()))
    r = mprun.run(port, "tests/mp/boot_modules.py", [hw.files.read(START).hex()], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    mode, names = r.stdout.splitlines()[:2]
    assert mode == "game " + make().game
    core = {n for n in names.split() if n.split(".")[0] in ("core", "hal")}
    assert core - GAME_CONSOLE - GAME_USES == set()
    assert GAME_CONSOLE - {"core.handoff"} <= core      # the list above is not stale
    assert "games.%s.help" % make().game not in names.split()  # the pause menu loads the rules


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
@pytest.mark.parametrize("game,kinds,seed,options", [("tower", "31", 5, "200"), ("norespect", "312", 5, "0"),
                                                      ("nmbr9", "121", 5, ""), ("nope", "3122", 5, "000"),
                                                      ("tiptop", "312", 5, "")],
                         ids=["tower", "norespect", "nmbr9", "nope", "tiptop"])
def test_play_again_under_micropython_the_table_and_the_games_run_heap_locked(port, game, kinds, seed,
                                                                             options):
    r = mprun.run(port, "tests/mp/play_again.py", [game, kinds, str(seed), "3", options],
                  cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    rows = [dict(kv.split("=") for kv in ln.split()[1:])
            for ln in r.stdout.splitlines() if ln.startswith("game ")]
    assert len(rows) == 3, r.stdout
    n = len(kinds)
    for k, row in enumerate(rows):
        assert row["results_bad"] == "0", r.stdout          # the table: no allocation per frame
        assert row["game_bad"] == "0", r.stdout
        assert int(row["winners"]) >= 0 and int(row["frames"]) > 100
        if game == "norespect":         # G-2: every game begins with the start draw, its winner starts
            draw = [r.split(".") for r in row["draw"].split(",")]
            names = {NR.E_START_DRAW: "start_draw", NR.E_START: "start"}
            seat = draw_winner(n, [("seed", {})] + [(names[int(kd)], dict(zip(NR_EVENTS[int(kd)][1], map(int, f))))
                                                    for kd, *f in draw])
            assert int(row["start"]) == seat and row["next"] == "-1", r.stdout
        else:
            assert int(row["next"]) == (int(row["start"]) + 1) % n, r.stdout
            if k:
                assert int(row["start"]) == (int(rows[k - 1]["start"]) + 1) % n     # G-2
    want = [0] * n
    for row in rows:
        w = int(row["winners"])
        for s in range(n):
            if w >> s & 1:
                want[s] += SHARE // bin(w).count("1")
    ev = r.stdout.strip().splitlines()[-1]
    assert ev == "evening games=3 wins=" + ",".join(map(str, want)), r.stdout
