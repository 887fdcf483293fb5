"""The desktop simulator: headless runs, screenshots, exact record/replay, the CLI, the window."""
import os
import subprocess
import sys
import zlib

import mprun

SIM = [sys.executable, "-m", "host_sim"]


def sim(*args, timeout=600):
    return subprocess.run(SIM + list(args), cwd=mprun.ROOT, capture_output=True, text=True,
                          timeout=timeout)


def png_pixels(path):
    """Decode our own 8-bit RGB PNGs (filter 0 rows) to check size and content."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w = int.from_bytes(data[16:20], "big")
    h = int.from_bytes(data[20:24], "big")
    i = data.index(b"IDAT")
    n = int.from_bytes(data[i - 4:i], "big")
    raw = zlib.decompress(data[i + 4:i + 4 + n])
    return w, h, raw


def write_recording(path, steps, accel="sim"):
    lines = ["picotable-input 1", "seed 7", "settings -", "accel " + accel]
    for count, bits in steps:
        lines.append("%d %d 0 0 1000" % (count, bits) if accel != "none" else "%d %d - - -" % (count, bits))
    open(path, "w").write("\n".join(lines) + "\n")


def test_headless_screenshot_of_the_launcher(tmp_path):
    shot = tmp_path / "l.png"
    r = sim("--headless", "--frames", "5", "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    w, h, raw = png_pixels(shot)
    assert (w, h) == (240, 240) and len(raw) == 240 * (240 * 3 + 1)
    assert len(set(raw)) > 4                         # not a blank frame


def test_replay_gives_the_same_screenshot_twice(tmp_path):
    rec = tmp_path / "in.txt"
    # down, down, up, into settings, brightness left, back
    write_recording(rec, [(5, 0), (1, 2), (3, 0), (1, 2), (3, 0), (1, 1), (3, 0), (1, 1), (3, 0),
                          (1, 32), (4, 0), (1, 4), (10, 0)])
    shots = []
    for k in range(2):
        shot = tmp_path / ("r%d.png" % k)
        r = sim("--headless", "--replay", str(rec), "--screenshot", str(shot))
        assert r.returncode == 0, r.stderr
        assert "steps=37" in r.stdout
        shots.append(shot.read_bytes())
    assert shots[0] == shots[1]
    other = tmp_path / "o.png"
    write_recording(rec, [(37, 0)])
    sim("--headless", "--replay", str(rec), "--screenshot", str(other))
    assert other.read_bytes() != shots[0]           # the input really mattered


def test_recording_then_replaying_reproduces_the_frame_exactly(tmp_path):
    from host_sim import cli, replay
    import fakehw
    from core import buttons as B
    rec_path = tmp_path / "rec.txt"
    args = cli.parser().parse_args(["--headless", "--record", str(rec_path), "--seed", "3"])
    run = cli.Run(args, 3, str(tmp_path / "d1"))
    script = fakehw.steps(0, 3, B.UP, 1, 0, 3, B.A, 1, 0, 3, B.RIGHT, 1, 0, 2, B.DOWN, 20, 0, 5)
    run.recorder.inner_buttons = fakehw.Buttons(script)
    run.hw.buttons = run.recorder.buttons
    run.recorder.inner_accel.set(300, -200)
    for _ in range(len(script) // 2):
        run.frame()
    run.close()
    frame1 = bytes(run.console.gfx.buf)
    rp = replay.Replay(str(rec_path))
    args2 = cli.parser().parse_args(["--headless"])
    run2 = cli.Run(args2, rp.seed, str(tmp_path / "d2"), rp)
    while not rp.done:
        run2.frame()
    assert bytes(run2.console.gfx.buf) == frame1
    assert run2.console.tilt.x == run.console.tilt.x and run2.console.tilt.x != 0


def test_help_documents_every_flag():
    r = sim("--help")
    assert r.returncode == 0
    for flag in ("--headless", "--frames", "--replay", "--record", "--screenshot", "--seed", "--game",
                 "--seats", "--option", "--until-end", "--export-record", "--games", "--accel",
                 "blinka", "bot:hard"):
        assert flag in r.stdout, flag


def test_window_opens_takes_a_screenshot_and_closes(tmp_path):
    code = """
import os, sys, threading, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from host_sim import cli
def driver():
    time.sleep(1.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    time.sleep(0.2)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12))
    time.sleep(0.5)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
threading.Thread(target=driver, daemon=True).start()
sys.exit(cli.main(["--data", sys.argv[1], "--record", sys.argv[2]]))
"""
    r = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data"), str(tmp_path / "rec.txt")],
                       cwd=tmp_path, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=mprun.ROOT))
    assert r.returncode == 0, r.stderr
    assert "picotable: launcher up" in r.stdout
    shots = [f for f in os.listdir(tmp_path) if f.endswith(".png")]
    assert len(shots) == 1
    rec = (tmp_path / "rec.txt").read_text().splitlines()
    assert rec[0] == "picotable-input 1" and any(l.split()[1] == "2" for l in rec[4:])  # DOWN held
