"""The simulator shows dim, sleep and wake, and a battery: --timeouts DIM,SLEEP shortens the
timeouts, --vsys VOLTS|usb gives the console a battery (core/power.py, core/battery.py)."""
import subprocess
import sys

import pytest

from core import buttons as B
from core import battery as BT

SIM = [sys.executable, "-m", "host_sim"]


@pytest.mark.parametrize("args,says", [
    (["--vsys", "9"], "--vsys"), (["--vsys", "x"], "--vsys"), (["--vsys", ""], "--vsys"),
    (["--timeouts", "5"], "--timeouts"), (["--timeouts", "5,x"], "--timeouts"),
    (["--timeouts", "-1,5"], "--timeouts"), (["--timeouts", "1,2,3"], "--timeouts")])
def test_bad_power_options_are_one_line_and_exit_2(args, says):
    r = subprocess.run(SIM + ["--headless"] + args, capture_output=True, text=True)
    assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def run_for(tmp_path, *argv):
    from host_sim import cli
    import fakehw
    args = cli.parser().parse_args(["--headless", "--record", str(tmp_path / "r.txt")] + list(argv))
    cli.check(args)
    run = cli.Run(args, 1, str(tmp_path / "d"))
    pad = fakehw.Pad()
    run.recorder.inner_buttons = pad
    run.hw.buttons = run.recorder.buttons
    return run, pad


def test_headless_with_short_timeouts_it_dims_sleeps_and_a_key_wakes_it(tmp_path):
    run, pad = run_for(tmp_path, "--timeouts", "1,3")
    d = run.hw.display
    for _ in range(40):
        run.frame()
    assert d.brightness == 20 and d.on                       # dimmed after 30 steps
    for _ in range(60):
        run.frame()
    assert not d.on and d.brightness == 0                    # asleep after 90
    assert d.rgb_palette(True)[5] == (0, 0, 0)               # the window shows it dark
    pad.bits = B.DOWN
    run.frame()
    pad.bits = 0
    for _ in range(3):
        run.frame()
    assert d.on and d.brightness == 80 and run.console.launcher.menu.sel == 0   # DOWN only woke it
    run.close()


def test_a_recording_with_a_sleep_in_it_replays_exactly(tmp_path):
    from host_sim import cli, replay
    run, pad = run_for(tmp_path, "--timeouts", "1,2")
    for k in range(200):
        pad.bits = B.DOWN if k in (100, 110, 111) else 0     # wakes it; moves (held 2 steps)
        run.frame()
    run.close()
    end = bytes(run.console.gfx.buf)
    sel = run.console.launcher.menu.sel
    rp = replay.Replay(str(tmp_path / "r.txt"))
    args = cli.parser().parse_args(["--headless", "--timeouts", "1,2"])
    run2 = cli.Run(args, rp.seed, str(tmp_path / "d2"), rp)
    while not rp.done:
        run2.frame()
    assert run2.console.power.sleeps == run.console.power.sleeps == 2     # again after 111
    assert bytes(run2.console.gfx.buf) == end and run2.console.launcher.menu.sel == sel == 1


@pytest.mark.parametrize("vsys,level", [("3.9", 3), ("3.6", 1), ("3.3", 0), ("usb", BT.PLUG)])
def test_vsys_sets_the_battery_the_launcher_shows(tmp_path, vsys, level):
    run, pad = run_for(tmp_path, "--vsys", vsys)
    for _ in range(5):
        run.frame()
    assert run.console.power.gauge.level == level
    run.close()


def test_without_vsys_there_is_no_gauge(tmp_path):
    run, pad = run_for(tmp_path)
    run.frame()
    assert run.console.power.gauge is None
    run.close()


def test_the_window_dims_goes_dark_and_says_so(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from host_sim.display import SimDisplay
    from host_sim.window import Window
    d = SimDisplay()
    d.buf = bytearray(b"\x55" * 28800)                       # a white screen (palette 5)
    d.palette[5] = 0xFFFF
    w = Window(d, None)
    inside = (w.screen_rect.centerx, w.screen_rect.centery)
    d.set_brightness(100)
    lit = w.surface.get_at(inside)[0]
    d.set_brightness(20)
    dim = w.surface.get_at(inside)[0]
    assert lit > 200 and 40 <= dim <= 60 and w._power_caption() == "backlight 20 %"
    d.power(False)
    assert w.surface.get_at(inside)[:3] == (0, 0, 0) and w._power_caption().startswith("asleep")
    d.power(True)
    assert w.surface.get_at(inside)[0] == dim
    pygame.quit()
