"""The launcher's art: each game's icon and the title lettering are drawn exactly as their PNGs
in assets/core/launcher/ (greyed for games not installed), the art is in memory only while the
launcher is on top, and every incremental redraw equals a full redraw."""
import os
import sys

import pytest

import fakehw
import scene_runner
from core import buttons as B
from core import catalog
from core import palette as P
from core.console import Console
from test_assets import GREYS, ROOT, indices

LAUNCHER_PNGS = os.path.join(ROOT, "assets", "core", "launcher")


@pytest.fixture
def hw():
    h = fakehw.Hardware(b"")
    yield h
    h.cleanup()


def console(hw, suspended=None):
    c = Console(hw)
    if suspended:
        c.suspended = suspended
        c.launcher.enter(c)
        c._full = True
    c.frame()
    return c


def pixel(g, x, y):
    b = g.buf[(x + y * 240) >> 1]
    return b & 15 if x & 1 else b >> 4


@pytest.mark.parametrize("suspended", [None, "norespect"])
def test_the_launcher_shows_each_games_icon_as_drawn_greyed_when_not_installed(hw, suspended):
    c = console(hw, suspended)
    m = c.launcher.menu
    seen = 0
    for r in range(m.n):
        k = c.launcher.kind[r]
        if k >= len(catalog.NAMES):
            continue
        seen += 1
        w, h, px = indices(os.path.join(LAUNCHER_PNGS, catalog.NAMES[k] + ".png"))
        top = m.y + m.tops[r]
        bg = P.SLATE if r == m.sel else P.NAVY
        installed = c.launcher.available[k]
        for (x, y), want in px.items():
            got = pixel(c.gfx, 16 + x, top + y)
            if want is None:
                assert got == bg, (catalog.NAMES[k], x, y)
            elif installed:
                assert got == want, (catalog.NAMES[k], x, y)
            else:
                assert got in GREYS, (catalog.NAMES[k], x, y)
    assert seen == 5
    assert [catalog.NAMES[k] for k in range(5) if c.launcher.available[k]] == \
        ["tower", "norespect", "nope", "tiptop", "nmbr9"]


def test_the_launcher_title_is_the_lettering_png(hw):
    c = console(hw)
    w, h, px = indices(os.path.join(LAUNCHER_PNGS, "title.png"))
    x0 = (240 - w) >> 1
    for (x, y), want in px.items():
        assert pixel(c.gfx, x0 + x, 4 + y) == (P.NAVY if want is None else want), (x, y)


def press(c, bits):
    c.hw.buttons.script = fakehw.steps(bits, 1, 0, 2)
    c.hw.buttons.i = 0
    for _ in range(3):
        c.frame()


def test_the_launcher_art_is_in_memory_only_while_the_launcher_is_on_top(hw):
    c = console(hw)
    assert "core.art_launcher" in sys.modules
    press(c, B.UP)                                   # Settings (the menu wraps)
    press(c, B.A)
    assert type(c.top).__name__ == "SettingsScene" and "core.art_launcher" not in sys.modules
    press(c, B.B)
    assert type(c.top).__name__ == "Launcher" and "core.art_launcher" in sys.modules
    press(c, B.DOWN)                                 # Tower: its setup screen, then a game
    press(c, B.A)
    assert type(c.top).__name__ == "GameSetup" and "core.art_launcher" not in sys.modules
    from core.setup import Setup
    c.start_game("norespect", Setup("norespect", bytearray([3, 3]), ["a", "b"], bytearray(1), 5))
    assert c.game is not None and "core.art_launcher" not in sys.modules
    assert c.launcher.menu.art is None and not any(c.launcher.menu.icons)


@pytest.mark.parametrize("suspended", [None, "tower"])
def test_the_launchers_incremental_redraw_equals_a_full_redraw_at_every_frame(hw, suspended):
    before, during = scene_runner.SCENARIOS["launcher"]
    script = scene_runner.build(before + " " + during + " D1 D1 D1 D1 D1 D1 D1 U1 U1 .20")
    hw.buttons.script = script
    c = Console(hw)
    if suspended:
        c.suspended = suspended
        c.launcher.enter(c)
        c._full = True
    g = c.gfx
    for step in range(len(script) // 2):
        c.frame()
        drawn = bytes(g.buf)
        c.top.draw(g, True)
        c.notice.draw(g, True)
        g.n = 0
        assert bytes(g.buf) == drawn, "frame %d differs from a full redraw" % step


# gfx.image()'s kernel and its pure twin; gfx.text_big()'s kernel and framebuf's rectangles
@pytest.mark.parametrize("script", ["tests/mp/image_twins.py", "tests/mp/big_twins.py"],
                         ids=["image", "text_big"])
def test_the_viper_kernels_and_their_pure_twins_draw_the_same_pixels_clipped_on_every_side(script):
    import mprun
    got = {}
    for port in ("unix", "wasm", "wasm-min", "cpython"):
        r = mprun.run(port, script, cwd=mprun.ROOT)
        assert r.returncode == 0, r.stderr
        got[port] = dict(kv.split("=") for kv in r.stdout.split())
    assert got["unix"]["viper"] == "1"                 # the unix port really runs the kernel
    assert got["unix"]["fast"] == got["unix"]["pure"]
    assert len({got[p][k] for p in got for k in ("fast", "pure")}) == 1, got


@pytest.mark.parametrize("x,y", [(229, 50), (-7, 3), (100, -13), (40, 225)])
def test_an_image_clipped_at_the_screen_edge_draws_exactly_its_visible_part(x, y):
    from core import art_launcher as art
    from core.gfx import Gfx
    g = Gfx()
    g.load_images(True)
    g.fb.fill(P.BLACK)
    g.image(art.TOWER, x, y, art.KEY)
    w, h, px = indices(os.path.join(LAUNCHER_PNGS, "tower.png"))
    for sy in range(240):
        for sx in range(240):
            want = px.get((sx - x, sy - y), None)
            assert pixel(g, sx, sy) == (P.BLACK if want is None else want), (sx, sy)
