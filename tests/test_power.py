"""Dimming, sleep and wake, and the battery gauge (core/power.py) on CPython: when the console
dims and sleeps, that a waking key does nothing else, that it sleeps only while a human is
waited for (never while bots play on), that the running game is saved first, the battery's
levels. The same paths run heap-locked under MicroPython in tests/test_power_mp.py."""
import sys

import pytest

import fakehw
from core import buttons as B
from core import battery as BT
from core import power as PW
from core import session, storage
from core.console import Console, SLEEP_POLL_MS
from core.files import Files
from core.setup import Setup
from memfs import MemFS

DIM = 30 * 30           # steps: the defaults, 30 s and 2 min at 30 steps a second
SLEEP = 120 * 30


def make(battery=None, fs=None, timeouts=None):
    fs = fs or MemFS()
    hw = fakehw.Hardware(b"", fresh=False, battery=battery, power_timeouts=timeouts)
    hw.files = Files(fs.os, "/data", fs.open)
    hw.buttons = fakehw.Pad()
    return Console(hw), hw, fs


def frames(c, n, bits=0):
    c.hw.buttons.bits = bits
    for _ in range(n):
        c.frame()
    c.hw.buttons.bits = 0


def tap(c, bits):
    frames(c, 1, bits)
    frames(c, 2)


def idle_until(c, pred, limit):
    n = 0
    while not pred() and n < limit:
        c.frame()
        n += 1
    return n


# -- dimming ------------------------------------------------------------------------------------
def test_the_backlight_dims_after_30_s_and_the_key_that_lights_it_does_nothing_else():
    c, hw, _ = make()
    full = hw.display.brightness
    assert full == 80 and c.launcher.menu.sel == 0
    n = idle_until(c, lambda: c.power.dimmed, 2 * DIM)
    assert n == DIM and hw.display.brightness == 20          # a quarter of 80 %
    frames(c, 5, B.DOWN)                                     # held: lights it, moves nothing
    assert not c.power.dimmed and hw.display.brightness == full
    frames(c, 3)
    assert c.launcher.menu.sel == 0
    tap(c, B.DOWN)                                           # the next press is a press
    assert c.launcher.menu.sel == 1


def test_input_keeps_it_lit_and_never_means_never():
    c, hw, _ = make()
    for _ in range(4):
        frames(c, DIM - 10)
        tap(c, B.LEFT)
    assert not c.power.dimmed and hw.display.brightness == 80
    c.settings.dim = 0                                       # "never"
    c.settings.sleep = 0
    c.power.configure(c)
    frames(c, SLEEP + 100)
    assert not c.power.dimmed and not c.power.due


def test_tilt_counts_as_input_only_where_a_scene_steers_by_it():
    c, hw, _ = make(timeouts=(2, 0))
    swing = (-400, 400)
    for k in range(100):                                     # at the launcher: tilt is no input
        hw.accel.x = swing[(k // 10) % 2]
        c.frame()
    assert c.power.dimmed
    tap(c, B.B)
    c.top.tilt_input = True                                  # as the tower's game scene says
    for k in range(100):
        hw.accel.x = swing[(k // 10) % 2]
        c.frame()
    assert not c.power.dimmed


# -- sleep and wake at the launcher -------------------------------------------------------------
def test_the_launcher_sleeps_after_2_min_and_wakes_to_the_same_screen():
    c, hw, _ = make()
    n = idle_until(c, lambda: c.power.due, 2 * SLEEP)
    assert n == SLEEP and c.power.due == PW.SLEEP
    picture = bytes(c.gfx.buf)
    c.power_work()
    assert c.power.asleep and not hw.display.on and hw.display.brightness == 0
    shows = hw.display.shows
    frames(c, 50)                                            # asleep: nothing drawn or pushed
    assert hw.display.shows == shows and bytes(c.gfx.buf) == picture
    frames(c, 1, B.A)                                        # A wakes it, and only wakes it
    assert not c.power.asleep and hw.display.on and hw.display.brightness == 80
    assert hw.display.shows == shows + 1 and hw.display.last_bytes == 0     # the same picture
    frames(c, 3, B.A)
    frames(c, 3)
    assert type(c.top).__name__ == "Launcher" and c.launcher.menu.sel == 0


def test_run_idles_in_lightsleep_while_asleep_and_keeps_no_catch_up_debt():
    c, hw, _ = make(timeouts=(1, 2))
    slept = []

    def lightsleep(ms):
        slept.append(ms)
        hw.clock.sleep_ms(ms)
        if len(slept) == 20:
            hw.buttons.bits = B.UP
    hw.lightsleep = lightsleep
    c._lightsleep = lightsleep              # (the console takes hw.lightsleep as it is made)
    c.run(max_frames=200)
    assert slept[:20] == [SLEEP_POLL_MS] * 20 and c.power.sleeps == 1
    assert not c.power.asleep and c.launcher.menu.sel == 0   # UP woke it and moved nothing


# -- games: sleep only while a human is waited for; saved first ---------------------------------
def start(c, game, kinds, options=(), seed=3):
    c.settings.bot_speed = 3
    su = Setup(game, bytearray(kinds), ["ANA", "BEN", "CLEO", "DEV"][:len(kinds)],
               bytearray(options), seed)
    c.start_game(game, su)
    return c.game


GAMES = [("norespect", (0,)), ("nope", (0, 0)), ("tiptop", ()), ("nmbr9", ()),
         ("tower", (0, 0, 0))]


@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_a_bot_only_game_dims_but_never_sleeps_until_it_is_over(game, options):
    c, hw, _ = make(timeouts=(1, 2))
    g = start(c, game, (3, 3), options)
    n = 0
    while not g.game_over and n < 60000:
        c.frame()
        n += 1
        assert not c.power.due, "asked to sleep while bots play, frame %d" % n
    assert g.game_over and c.power.dimmed and not c.faults
    assert idle_until(c, lambda: c.power.due, 200) < 200     # the result screen waits for A


def wait_for_human(c, g, limit=20000):
    n = 0
    while not g.waits_for_human() and n < limit:
        c.frame()
        if type(c.top).__name__ == "Handoff":
            tap(c, B.A)
        n += 1
    assert g.waits_for_human() and not c.faults


@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_a_game_waiting_for_a_human_is_saved_then_sleeps_and_wakes_as_it_was(game, options):
    c, hw, fs = make(timeouts=(1, 2))
    g = start(c, game, (3, 0, 3), options)
    wait_for_human(c, g)
    frames(c, 5)
    snap = g.snapshot()
    picture = bytes(c.gfx.buf)
    had = set(sys.modules)
    idle_until(c, lambda: c.power.due, 200)
    assert c.power.due == PW.SLEEP
    c.power_work()
    assert c.power.asleep and set(sys.modules) == had        # what the save loaded is dropped
    st, ver, p = storage.load(c.files, session.SUSPEND_FILE, session.SUSPEND_MAGIC, 2)
    assert st == storage.OK and p.endswith(snap) and c.suspended == game
    frames(c, 40)
    frames(c, 2, B.A)                                        # wakes it; A does nothing else
    frames(c, 3)
    assert not c.power.asleep and c.top is g and g.snapshot() == snap
    assert bytes(c.gfx.buf) == picture


def test_the_saved_game_resumes_after_a_power_cut_while_asleep():
    c, hw, fs = make(timeouts=(1, 2))
    g = start(c, "norespect", (3, 0, 3))
    wait_for_human(c, g)
    snap = g.snapshot()
    idle_until(c, lambda: c.power.due, 200)
    c.power_work()
    c2, _, _ = make(fs=fs)                                   # the battery went flat: a new boot
    assert c2.suspended == "norespect" and c2.launcher.menu.labels[0] == "Resume"
    c2.launcher.release_art()
    c2._stack[0] = c2.launcher
    assert c2.resume_game() and c2.game.snapshot() == snap


def test_sleep_saves_settings_left_unsaved_on_an_open_settings_screen():
    c, hw, fs = make(timeouts=(1, 2))
    tap(c, B.UP)
    tap(c, B.A)                                              # settings
    tap(c, B.LEFT)                                           # brightness 80 -> 70 %, not saved yet
    idle_until(c, lambda: c.power.due, 200)
    c.power_work()
    c2, hw2, _ = make(fs=fs)
    assert c2.settings.brightness == 6


def test_the_dim_and_sleep_settings_are_kept_and_take_effect_at_once():
    c, hw, fs = make()
    tap(c, B.UP)
    tap(c, B.A)
    for _ in range(3):
        tap(c, B.DOWN)                                       # "Dim after"
    tap(c, B.LEFT)                                           # 30 s -> 15 s
    tap(c, B.DOWN)
    tap(c, B.RIGHT)                                          # "Sleep after" 2 min -> 5 min
    assert c.power.dim_after == 15 * 30 and c.power.sleep_after == 300 * 30
    assert c.top.menu.values[3] == "15 s" and c.top.menu.values[4] == "5 min"
    tap(c, B.B)                                              # leaving saves them
    c2, _, _ = make(fs=fs)
    assert (c2.settings.dim, c2.settings.sleep) == (1, 3) and c2.power.dim_after == 450


# -- the battery ------------------------------------------------------------------------------
def test_gauge_levels_and_the_plug():
    assert [BT.bars(mv) for mv in (4200, 3950, 3949, 3800, 3700, 3500, 3499, 3000)] == \
        [4, 4, 3, 3, 2, 1, 0, 0]
    bat = fakehw.Battery(3700)
    c, hw, _ = make(battery=bat)
    assert c.power.gauge.level == 2
    bat.usb = True
    frames(c, 31)
    assert c.power.gauge.level == BT.PLUG and not c.power.gauge.changed    # (and drawn)


def test_low_battery_warns_once_and_saves_the_game():
    bat = fakehw.Battery(3900)
    c, hw, fs = make(battery=bat)
    g = start(c, "norespect", (3, 0, 3))
    wait_for_human(c, g)
    bat.mv = 3450
    texts = []
    for _ in range(600):                                     # (readings are smoothed: ~9 s)
        c.frame()
        if c.power.due:
            assert c.power.due == PW.SAVE
            c.power_work()
        if c.notice.waiting() and c.notice.waiting() not in texts:
            texts.append(c.notice.waiting())
    assert texts == [BT.LOW_SAVED_TEXT] and c.suspended == "norespect" and not c.power.asleep
    assert storage.load(c.files, session.SUSPEND_FILE, session.SUSPEND_MAGIC, 2)[0] == storage.OK
    frames(c, 300)
    assert not c.power.due                                   # once: no notice every second


def test_critical_battery_saves_and_sleeps_even_while_bots_play():
    bat = fakehw.Battery(3900)
    c, hw, fs = make(battery=bat)
    g = start(c, "norespect", (3, 3, 3))
    c.settings.bot_speed = 0                                 # slow bots: the game goes on
    frames(c, 40)
    bat.mv = 3300
    seen = []
    for k in range(800):
        frames(c, 1, B.RIGHT if k % 7 == 0 else 0)          # someone is even pressing keys
        if c.power.due:
            seen.append(c.power.due)
            c.power_work()
        if c.power.asleep:
            break
    # saved as it passes the low level, again at the critical one, then asleep
    assert seen == [PW.SAVE, PW.SAVE, PW.SLEEP] and c.power.asleep and c.suspended == "norespect"
    assert c.notice.waiting() == BT.CRITICAL_TEXT
    frames(c, 2, B.A)                                        # a look at the screen...
    assert not c.power.asleep
    n = idle_until(c, lambda: c.power.due & PW.SLEEP, 1000)  # ...then asleep again
    assert 300 <= n <= 300 + 30 + 60 + 2


# -- under real MicroPython, every frame heap-locked ---------------------------------------------
import re  # noqa: E402

import mprun  # noqa: E402

LINE = re.compile(r"power scene=(\w+) frames=(\d+) bad=(\d+) faults=(\d+) dims=(\d+) sleeps=(\d+) "
                  r"wakes=(\d+) saved=(\d+) notices=(\d+) over=(\d)")
SCENARIOS = {"launcher": [], "norespect": ["030", "3"], "nope": ["03", "13"], "tiptop": ["030", "4"],
             "nmbr9": ["02", "3"], "tower": ["03", "2"]}


@pytest.mark.parametrize("port", mprun.LOCKED_PORTS)
@pytest.mark.parametrize("scene", list(SCENARIOS))
def test_dim_sleep_wake_and_the_gauge_allocate_nothing_in_frames(scene, port):
    """tests/mp/power_locked.py: every frame locked (dimming, the key that lights the screen,
    the battery's readings and its low notice, the asleep frames, the waking one; in each game a
    human's turn waited on); only saving and falling asleep run between frames."""
    r = mprun.run(port, "tests/mp/power_locked.py", [scene] + SCENARIOS[scene], cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    m = LINE.search(r.stdout)
    assert m, r.stdout + r.stderr
    _, frames, bad, faults, dims, sleeps, wakes, saved, notices, over = m.groups()
    assert bad == "0" and faults == "0", r.stdout + r.stderr
    assert sleeps == wakes == "1" and int(dims) >= 1, r.stdout
    if scene == "launcher":
        assert notices == "1", r.stdout                     # the low battery, once
    else:
        assert saved == "1" and over == "1", r.stdout       # saved as it slept; played to the end


def test_the_gauge_on_the_glass_follows_the_battery_as_a_full_redraw_would_show_it():
    import glass
    bat = fakehw.Battery(3900)
    c, hw, _ = make(battery=bat)
    hw.display = glass.Glass()
    c.hw.display.set_palette(c.gfx.palette)
    c.repaint()
    for mv, usb, want in ((3900, False, 3), (3600, False, 1), (3600, True, BT.PLUG),
                          (3300, False, 0)):
        bat.mv = mv
        bat.usb = usb
        c.power.gauge.mv = mv                                # (no smoothing for this test)
        frames(c, 31)
        assert c.power.gauge.level == want
        on_glass = bytes(hw.display.px)
        c.repaint()
        c.render()
        assert bytes(c.gfx.buf) == on_glass, (mv, usb)
        # green bars, a red last one, a silver plug: at the top right, right of the title
        px = [c.gfx.fb.pixel(x, 12) for x in range(206, 232)]
        assert px.count(9) == (4 * want if want in (2, 3, 4) else 0)          # P.GREEN
        assert px.count(6) == (4 if want == 1 else 0)                         # P.RED
        assert (px.count(4) >= 12) == (want == BT.PLUG)                       # P.SILVER


def test_a_reading_no_board_could_run_at_means_no_gauge_and_no_alarm():
    bat = fakehw.Battery(0)                                  # nothing on the ADC (vpico's default)
    c, hw, _ = make(battery=bat, timeouts=(0, 0))
    frames(c, 200)
    assert c.power.gauge.level == -1 and not c.power.due and c.notice.shown == 0
    bat.mv = 3900                                            # a battery after all
    frames(c, 31)
    assert c.power.gauge.level == 3
