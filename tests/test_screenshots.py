"""The pictures in docs/img are what the code draws now: tools/screenshots.py draws every one
again into a temporary folder, and each must equal the committed one pixel for pixel (the
simulator window's picture: its glass, the 240 x 240 screen scaled; the rest of the window is
pygame's text rendering, which may differ between pygame versions). The README shows a picture
of each of the five games, and every picture it shows exists.

When a change to what a screen draws makes this fail: `make screenshots`, look at the new
pictures, commit them."""
import os
import re
import subprocess
import sys

import pytest
from PIL import Image

import mprun
import screenshots

IMG = os.path.join(mprun.ROOT, "docs", "img")
NAMES = [s.name for s in screenshots.SHOTS]


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    out = tmp_path_factory.mktemp("shots")
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", "screenshots.py"), str(out)],
                       capture_output=True, text=True, timeout=900, cwd=mprun.ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    return out


def _pixels(path, box=None):
    with Image.open(path) as im:
        im = im.convert("RGB")
        if box is not None:
            im = im.crop(box)
        return im.size, im.tobytes()


def _first_difference(a, b, width):
    for i in range(0, min(len(a), len(b)), 3):
        if a[i:i + 3] != b[i:i + 3]:
            return (i // 3) % width, (i // 3) // width
    return None


@pytest.mark.parametrize("name", NAMES)
def test_a_committed_picture_is_what_the_code_draws_now(drawn, name):
    committed = os.path.join(IMG, name + ".png")
    assert os.path.exists(committed), "docs/img/%s.png is missing: run make screenshots" % name
    size, now = _pixels(os.path.join(drawn, name + ".png"))
    csize, then = _pixels(committed)
    assert size == csize == (240, 240)
    assert now == then, ("docs/img/%s.png differs from what the code draws now (first at x, y = %s):"
                         " run make screenshots" % (name, _first_difference(now, then, 240)))


def test_the_simulator_window_picture_shows_what_the_code_draws_now(drawn):
    from host_sim.window import Window
    x, y, w, h = Window.glass_rect(2)
    box = (x, y, x + w, y + h)
    size, now = _pixels(os.path.join(drawn, "simulator.png"))
    csize, then = _pixels(os.path.join(IMG, "simulator.png"))
    assert size == csize
    assert _pixels(os.path.join(drawn, "simulator.png"), box) == _pixels(os.path.join(IMG, "simulator.png"), box), \
        "docs/img/simulator.png's screen differs from what the code draws now: run make screenshots"


def test_the_readme_shows_each_game_and_every_picture_it_shows_exists():
    with open(os.path.join(mprun.ROOT, "README.md")) as f:
        readme = f.read()
    shown = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme) + re.findall(r'<img src="([^"]+)"', readme)
    for game in ("tower", "norespect", "nope", "tiptop", "nmbr9"):
        assert "docs/img/%s.png" % game in shown, "the README shows no picture of %s" % game
    for path in shown:
        assert os.path.exists(os.path.join(mprun.ROOT, path)), "the README shows %s, which is missing" % path
        name = os.path.splitext(os.path.basename(path))[0]
        # web-phone.png is the page in a browser: tools/web_figures.py --shot (docs/web.md)
        assert name in NAMES + ["simulator", "web-phone"], "%s is not drawn by make screenshots" % path


def test_the_readme_stays_a_front_door():
    with open(os.path.join(mprun.ROOT, "README.md")) as f:
        lines = f.read().splitlines()
    assert len(lines) <= 150, "the README has %d lines: at most 150 (tables and logs go to docs/)" % len(lines)
