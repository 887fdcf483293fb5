"""The simulator's command line never prints a traceback and loses no file: every bad argument,
missing or unreadable file or folder is one line on stderr naming it and a non-zero exit, before
any game runs; an output never overwrites an input; a write that fails names its flag and file and
leaves the old file whole; a game that --until-end cannot finish exits non-zero; --replay runs the
whole recording."""
import hashlib
import os
import signal
import subprocess
import sys
import time

import pytest

import mprun

SIM = [sys.executable, "-m", "host_sim"]
BOTS = ["--game", "norespect", "--seats", "bot:easy,bot:easy"]
LINUX = sys.platform.startswith("linux")


def sim(*args, cwd=mprun.ROOT, timeout=600, env=None, preexec_fn=None):
    return subprocess.run(SIM + list(args), cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env=None if env is None else dict(os.environ, PYTHONPATH=mprun.ROOT, **env),
                          preexec_fn=preexec_fn)


def write_recording(path, runs, seed=7, head=None):
    """A recording: runs of (count, buttons), no sensor (or the lines `head` after the magic)."""
    lines = ["picotable-input 1"] + (["seed %d" % seed, "settings -", "accel none"] if head is None else head)
    lines += ["%d %d - - -" % r if isinstance(r, tuple) else r for r in runs]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def settings_hex():
    from core import settings_file as SF
    from core.settings import Settings
    s = Settings()
    s.defaults()
    return SF.payload(s).hex()


def snapshot(folder):
    """{path: sha256} of every file under `folder` (symlinks by their target's name)."""
    out = {}
    for top, dirs, names in os.walk(folder):
        for n in names:
            p = os.path.join(top, n)
            if os.path.islink(p):
                out[p] = "-> " + os.readlink(p)
            elif os.path.isfile(p):
                with open(p, "rb") as f:
                    out[p] = hashlib.sha256(f.read()).hexdigest()
            else:
                out[p] = "special"
    return out


@pytest.fixture
def files(tmp_path):
    """Paths for the table, by name: see the dict below. Recordings differ in one line each."""
    t = tmp_path
    (t / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (t / "empty.txt").write_text("")
    (t / "damaged.txt").write_text("picotable-input 1\nseed x\n")
    write_recording(t / "negative.txt", [(-5, 32)])
    rec = write_recording(t / "rec.txt", [(10, 0)])
    write_recording(t / "rec.png", [(10, 0)])                  # a recording may have any name
    write_recording(t / "recset.txt", [(10, 0)], head=["seed 3", "settings " + settings_hex(), "accel none"])
    os.symlink("rec.txt", t / "link.txt")
    os.symlink("rec.png", t / "link.png")
    os.link(rec, t / "hard.txt")
    os.symlink("new.txt", t / "dangling.txt")                   # to a file not made yet
    bad = {"HUGE": ["3 0 99999999999999999999 0 1000"], "BUTTONS": ["3 512 - - -"],
           "LONGRUN": ["10000001 0 - - -"], "FIELDS": ["3 0 - -"], "MIXED": ["3 0 - 5 -"],
           "TOTAL": ["6000000 0 - - -", "4000001 1 - - -"], "NOSTEPS": []}
    for name, runs in bad.items():
        write_recording(t / (name.lower() + ".txt"), runs, head=["seed 1", "settings -", "accel sim"])
    heads = {"BIGSEED": ["seed 1073741824", "settings -", "accel none"],
             "HEX": ["seed 1", "settings zz", "accel none"], "PAYLOAD": ["seed 1", "settings ff", "accel none"],
             "KIND": ["seed 1", "settings -", "accel gyro"], "NOHEAD": []}
    for name, head in heads.items():
        write_recording(t / (name.lower() + ".txt"), [(3, 0)], head=head)
    with open(t / "large.txt", "wb") as f:
        f.write(b"picotable-input 1\n")
        f.truncate(17 << 20)                                   # sparse: 17 MB of (mostly) zeros
    os.mkfifo(t / "fifo")
    (t / "file").write_text("not a folder")
    (t / "dir.png").mkdir()
    names = {"MISSING": "missing.txt", "BINARY": "binary.txt", "EMPTY": "empty.txt", "DAMAGED": "damaged.txt",
             "NEGATIVE": "negative.txt", "REC": "rec.txt", "RECPNG": "rec.png", "RECSET": "recset.txt",
             "LINK": "link.txt", "LINKPNG": "link.png", "HARD": "hard.txt", "DANGLING": "dangling.txt",
             "NEW": "new.txt", "LARGE": "large.txt", "FIFO": "fifo", "FILE": "file", "DIRPNG": "dir.png"}
    names.update({k: k.lower() + ".txt" for k in list(bad) + list(heads)})
    paths = {k: str(t / v) for k, v in names.items()}
    paths.update({"DIR": str(t), "NODIR": str(t / "no" / "such")})
    return paths


# (arguments, what the one line must say); {NAME} is a path from the `files` fixture
BAD = [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--headless", "--frames", "-1"], "--frames: '-1' is not a whole number in 1..10000000"),
    (["--headless", "--frames", "0"], "--frames: '0'"),
    (["--headless", "--frames", "many"], "--frames: 'many'"),
    (["--headless", "--frames", "1e23"], "--frames: '1e23' is not a whole number"),
    (["--headless", "--frames", "10000001"], "--frames: '10000001' is not a whole number in 1..10000000"),
    (["--headless", "--max-frames", "10"], "--max-frames needs --until-end"),
    (["--headless", "--until-end", "--max-frames", "10000001"] + BOTS, "--max-frames: '10000001' is not a whole number in 1..10000000"),
    (["--headless", "--seed", "-3"], "--seed: '-3' is not a whole number in 0..1073741823"),
    (["--headless", "--seed", "1073741824"], "--seed: '1073741824'"),
    (["--headless", "--scale", "0"], "--scale: '0'"),
    (["--headless", "--scale", "2"], "--scale sizes the window: leave it out headless"),
    (["--headless", "--bot-speed", "warp"], "--bot-speed: invalid choice: 'warp'"),
    (["--headless", "--accel", "gyro"], "--accel: invalid choice: 'gyro'"),
    (["--headless", "--game", "chess"], "--game: invalid choice: 'chess'"),
    (["--headless", "--game", "norespect", "--seats", ""], "--seats '': unknown seat ''"),
    (["--headless", "--game", "norespect", "--seats", "bot:superhard,human"], "unknown seat 'bot:superhard'"),
    (["--headless", "--game", "norespect", "--seats", "bot"], "norespect takes 2 to 4 seats, not 1"),
    (["--headless", "--game", "norespect", "--seats", "bot,bot,bot,bot,bot"], "not 5"),
    (["--headless", "--game", "norespect", "--option", "variant"], "--option 'variant': use KEY=VALUE"),
    (["--headless", "--game", "norespect", "--option", "colour=red"], "norespect has no option 'colour'"),
    (["--headless", "--game", "norespect", "--option", "variant=hard"], "--option variant: choose one of base|variation"),
    (["--headless", "--game", "norespect", "--option", "variant=base", "--option", "variant=variation"],
     "--option variant: given 2 times: choose once"),
    (["--headless", "--until-end"], "--until-end needs --game NAME"),
    (["--headless", "--seats", "human,bot"], "--seats needs --game NAME"),
    (["--headless", "--option", "variant=base"], "--option needs --game NAME"),
    (["--headless", "--export-record", "x.jsonl"], "--export-record needs --game NAME"),
    (["--headless", "--games", "0"] + BOTS, "--games: '0'"),
    (["--headless", "--games", "100000000000"] + BOTS, "--games: '100000000000' is not a whole number in 1..10000"),
    (["--headless", "--until-end", "--frames", "10"] + BOTS, "--frames and --until-end do not go together"),
    (["--headless", "--until-end", "--seed", "1073741823", "--games", "2"] + BOTS, "seeds go up to 1073741823"),
    (["--until-end", "--game", "norespect", "--seats", "human,bot:easy"], "needs --replay FILE"),
    (["--screenshot", "x.png"], "--screenshot runs headless only"),
    (["--frames", "5"], "--frames runs headless only"),
    (["--game", "norespect", "--export-record", "x.jsonl"], "--export-record runs headless only"),
    # empty names
    (["--headless", "--screenshot", ""], "--screenshot: an empty name"),
    (["--headless", "--record", ""], "--record: an empty name"),
    (["--headless", "--replay", ""], "--replay: an empty name"),
    (["--headless", "--data", ""], "--data: an empty name"),
    # --replay: what it reads is bounded, every field range-checked, naming the line
    (["--headless", "--replay", "{MISSING}"], "--replay {MISSING}: no such file"),
    (["--headless", "--replay", "{DIR}"], "--replay {DIR}: is a folder, not a file"),
    (["--headless", "--replay", "{BINARY}"], "--replay {BINARY}: not a picotable input recording"),
    (["--headless", "--replay", "{EMPTY}"], "--replay {EMPTY}: not a picotable input recording"),
    (["--headless", "--replay", "{DAMAGED}"], "--replay {DAMAGED} line 2: seed 'x' is not a whole number"),
    (["--headless", "--replay", "{NEGATIVE}"], "--replay {NEGATIVE} line 5: count -5 is out of range 1..10000000"),
    (["--headless", "--replay", "{HUGE}"], "--replay {HUGE} line 5: x 99999999999999999999 is out of range -16000..16000"),
    (["--headless", "--replay", "{BUTTONS}"], "--replay {BUTTONS} line 5: buttons 512 is out of range 0..511"),
    (["--headless", "--replay", "{LONGRUN}"], "--replay {LONGRUN} line 5: count 10000001 is out of range 1..10000000"),
    (["--headless", "--replay", "{TOTAL}"], "--replay {TOTAL} line 6: more than 10000000 steps in all"),
    (["--headless", "--replay", "{FIELDS}"], "--replay {FIELDS} line 5: expected 5 fields (count buttons x y z), found 4"),
    (["--headless", "--replay", "{MIXED}"], "--replay {MIXED} line 5: x '-' is not a whole number"),
    (["--headless", "--replay", "{NOSTEPS}"], "--replay {NOSTEPS}: holds no steps"),
    (["--headless", "--replay", "{BIGSEED}"], "--replay {BIGSEED} line 2: seed 1073741824 is out of range 0..1073741823"),
    (["--headless", "--replay", "{HEX}"], "--replay {HEX} line 3: settings: not hexadecimal"),
    (["--headless", "--replay", "{PAYLOAD}"], "--replay {PAYLOAD} line 3: settings: not a settings payload"),
    (["--headless", "--replay", "{KIND}"], "--replay {KIND} line 4: accel 'gyro': use one of none|sim|sensor"),
    (["--headless", "--replay", "{NOHEAD}"], "--replay {NOHEAD} line 2: expected 'seed ...'"),
    (["--headless", "--replay", "{LARGE}"], "--replay {LARGE}: larger than 16 MB: not a recording"),
    (["--headless", "--replay", "{FIFO}"], "--replay {FIFO}: not a regular file (a device, FIFO or socket is never read)"),
    (["--headless", "--replay", "/dev/zero"], "--replay /dev/zero: not a regular file"),
    (["--headless", "--until-end", "--games", "2", "--replay", "{REC}"] + BOTS, "--replay and --record take one game"),
    (["--headless", "--replay", "{RECSET}", "--bot-speed", "fast"], "--bot-speed: a replay runs with the recording's settings"),
    (["--headless", "--replay", "{REC}", "--accel", "none"], "--accel: a replay reads the recording's sensor (accel none)"),
    # an output never overwrites an input, nor another output (symlinks and hard links count)
    (["--headless", "--replay", "{RECPNG}", "--screenshot", "{RECPNG}"], "--screenshot {RECPNG}: is the --replay file: an output never overwrites an input"),
    (["--headless", "--replay", "{RECPNG}", "--screenshot", "{LINKPNG}"], "--screenshot {LINKPNG}: is the --replay file"),
    (["--headless", "--replay", "{REC}", "--record", "{REC}"], "--record {REC}: is the --replay file"),
    (["--headless", "--replay", "{REC}", "--record", "{LINK}"], "--record {LINK}: is the --replay file"),
    (["--headless", "--replay", "{LINK}", "--record", "{HARD}"], "--record {HARD}: is the --replay file"),
    (["--headless", "--until-end", "--replay", "{REC}", "--export-record", "{HARD}"] + BOTS, "--export-record {HARD}: is the --replay file"),
    (["--headless", "--until-end", "--record", "{NEW}", "--export-record", "{NEW}"] + BOTS, "--export-record {NEW}: is the --record file too: give each output a file of its own"),
    (["--headless", "--until-end", "--record", "{NEW}", "--export-record", "{DANGLING}"] + BOTS, "--export-record {DANGLING}: is the --record file too"),
    # outputs
    (["--headless", "--screenshot", "x.jpg"], "--screenshot x.jpg: the screenshot is a PNG: give a name ending in .png"),
    (["--headless", "--screenshot", "/dev/full"], "--screenshot /dev/full: the screenshot is a PNG"),
    (["--headless", "--screenshot", "{NODIR}/x.png"], "--screenshot {NODIR}/x.png: no such folder"),
    (["--headless", "--screenshot", "{DIRPNG}"], "--screenshot {DIRPNG}: is a folder, not a file"),
    (["--headless", "--record", "{NODIR}/r.txt"], "--record {NODIR}/r.txt: no such folder"),
    (["--headless", "--until-end", "--export-record", "{NODIR}/x.jsonl"] + BOTS, "--export-record {NODIR}/x.jsonl: no such folder"),
    (["--headless", "--data", "{FILE}"], "--data {FILE}: is a file, not a folder"),
    (["--headless", "--data", "{FILE}/sub"], "--data {FILE}/sub: cannot make the folder"),
]
if LINUX:       # a folder where no file can be made, whoever runs the tests (root too)
    BAD += [
        (["--headless", "--data", "/proc"], "--data /proc: settings and saves cannot be kept there ("),
        (["--headless", "--screenshot", "/proc/x.png"], "--screenshot /proc/x.png: cannot make a file in /proc ("),
        (["--headless", "--record", "/proc/r.txt"], "--record /proc/r.txt: cannot make a file in /proc ("),
    ]


@pytest.mark.parametrize("args,says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_a_non_zero_exit_before_anything_runs(files, tmp_path, args, says):
    args = [a.format(**files) for a in args]
    before = snapshot(tmp_path)
    start = time.monotonic()
    r = sim(*args, cwd=tmp_path, timeout=60)            # a window left open would hang: fail
    lines = r.stderr.splitlines()
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("python -m host_sim: ") and says.format(**files) in lines[0], lines[0]
    assert r.stdout == ""                                   # nothing ran: no result line
    assert snapshot(tmp_path) == before                     # every file as it was, nothing new
    assert time.monotonic() - start < 20                    # at once (a FIFO is not waited on)


def test_until_end_that_cannot_finish_exits_non_zero():
    r = sim("--headless", "--until-end", "--max-frames", "20", *BOTS)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "frames=20 unfinished" in r.stdout
    assert r.stderr.splitlines() == ["python -m host_sim: --until-end: 1 of 1 games not over after "
                                     "20 steps (--max-frames)"]


def test_a_finished_game_exits_zero():
    r = sim("--headless", "--until-end", "--seed", "3", *BOTS)
    assert r.returncode == 0 and "winner=" in r.stdout and r.stderr == ""


def _mash(n):
    """A human who presses A now and then (plays the first lit target), n runs of 5 steps."""
    return [(1, 32), (4, 0)] * n


def test_replay_of_a_game_without_until_end_runs_the_whole_recording(tmp_path):
    rec = write_recording(tmp_path / "r.txt", _mash(30))
    r = sim("--headless", "--game", "norespect", "--seats", "human,bot:easy", "--replay", rec)
    assert r.returncode == 0, r.stderr
    assert "frames=150 " in r.stdout                       # 30 x 5 steps, not one frame
    r = sim("--headless", "--game", "norespect", "--seats", "human,bot:easy", "--replay", rec,
            "--frames", "40")
    assert "frames=40 " in r.stdout


def test_replay_with_until_end_plays_the_game_to_its_end(tmp_path):
    rec = write_recording(tmp_path / "r.txt", _mash(2000))
    r = sim("--headless", "--game", "norespect", "--seats", "human,bot:easy", "--replay", rec, "--until-end")
    assert r.returncode == 0, r.stderr
    assert "winner=" in r.stdout and "seed=7 " in r.stdout     # the recording's seed
    short = write_recording(tmp_path / "s.txt", _mash(3))
    r = sim("--headless", "--game", "norespect", "--seats", "human,bot:easy", "--replay", short,
            "--until-end", "--max-frames", "3000")
    assert r.returncode == 1 and "unfinished" in r.stdout      # input ran out: the human waits


def test_help_says_what_replay_does_with_and_without_until_end():
    r = sim("--help")
    text = " ".join(r.stdout.split())
    assert "--headless: the whole recording runs (or the first --frames N steps)" in text
    assert "--game ... --until-end: the game is played to its end, at most --max-frames steps" in text
    assert "exits with status 1" in text


def test_help_and_the_docs_give_the_bounds():
    from host_sim import cli, replay
    text = " ".join(sim("--help").stdout.split())
    assert "--frames and --max-frames up to 10000000 steps" in text and "--games up to 10000" in text
    assert "at most 16 MB and 10000000 steps" in text
    assert (cli.MAX_STEPS, cli.MAX_GAMES, replay.MAX_BYTES) == (10_000_000, 10_000, 16 << 20)
    with open(os.path.join(mprun.ROOT, "docs", "simulator.md")) as f:
        doc = " ".join(f.read().split())
    for said in ("10,000,000 steps", "10,000 games", "16 MB", "-16000..16000", "1,073,741,823"):
        assert said in doc, said


# -- writes that fail ---------------------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("flag,extra", [("--record", []), ("--export-record", ["--until-end"] + BOTS),
                                        ("--screenshot", [])])
def test_a_write_to_a_full_disk_names_its_flag_and_file(tmp_path, flag, extra):
    target = "/dev/full"
    if flag == "--screenshot":                  # a .png name for the screenshot
        target = str(tmp_path / "full.png")
        os.symlink("/dev/full", target)
    r = sim("--headless", flag, target, *extra, cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert r.stderr.splitlines() == ["python -m host_sim: %s %s: disk full (No space left on device)"
                                     % (flag, target)]


def _file_size_limit(limit):
    """preexec_fn: files of the process stop at `limit` bytes (a write beyond fails with EFBIG, as
    on a full disk; SIGXFSZ ignored, as a disk full sends none)."""
    def set_limit():
        import resource
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


@pytest.mark.skipif(not LINUX, reason="RLIMIT_FSIZE")
@pytest.mark.parametrize("flag,name,extra", [
    ("--screenshot", "shot.png", ["--frames", "5"]),
    ("--export-record", "games.jsonl", ["--until-end", "--games", "3"] + BOTS)])
def test_a_write_that_fails_midway_leaves_the_old_file_whole_and_nothing_else(tmp_path, flag, name, extra):
    target = tmp_path / name
    target.write_bytes(b"the old file")
    before = snapshot(tmp_path)
    r = sim("--headless", flag, str(target), *extra, cwd=tmp_path, env={"PYTHONDONTWRITEBYTECODE": "1"},
            preexec_fn=_file_size_limit(1000))      # a screenshot is ~3 KB, three games' records more
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert r.stderr.splitlines()[-1] == "python -m host_sim: %s %s: cannot write it (File too large)" % (flag, target)
    assert snapshot(tmp_path) == before          # the old file, and no temporary one beside it


def test_outputs_replace_a_file_whole_and_follow_symlinks(tmp_path):
    rec = write_recording(tmp_path / "rec.txt", [(5, 0)])
    old = tmp_path / "old.png"
    old.write_bytes(b"x" * 100000)               # longer than the new screenshot
    os.chmod(old, 0o640)
    os.symlink("old.png", tmp_path / "link.png")
    r = sim("--headless", "--replay", rec, "--screenshot", str(tmp_path / "link.png"),
            "--record", str(tmp_path / "again.txt"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "link.png").is_symlink()                  # the link stays, its file is new
    assert old.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and old.stat().st_size < 100000
    assert oct(old.stat().st_mode & 0o777) == oct(0o640)         # with its permissions
    again = (tmp_path / "again.txt").read_text().splitlines()
    assert again[:2] == ["picotable-input 1", "seed 7"] and again[4:] == ["5 0 - - -"]
    assert sorted(os.listdir(tmp_path)) == ["again.txt", "link.png", "old.png", "rec.txt"]
    r = sim("--headless", "--frames", "2", "--screenshot", str(tmp_path / "UPPER.PNG"), cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "UPPER.PNG").read_bytes()[:4] == b"\x89PNG"


# -- the data folder ------------------------------------------------------------------------------
BAD_DATA = {
    "random bytes": (lambda d: [(d / n).write_bytes(bytes((7 * i + 3) % 256 for i in range(300)))
                                for n in ("settings.bin", "suspend.bin")],
                     ["Settings not ours: defaults", "Saved game not ours: discarded"]),
    "folders in their place": (lambda d: [(d / n / "x").mkdir(parents=True) for n in ("settings.bin", "suspend.bin")],
                               ["Settings unreadable: defaults", "Saved game unreadable"]),
}


@pytest.mark.parametrize("what", sorted(BAD_DATA))
def test_bad_files_in_the_data_folder_are_reported_on_stderr(tmp_path, what):
    make, notices = BAD_DATA[what]
    d = tmp_path / "data"
    d.mkdir()
    make(d)
    r = sim("--headless", "--frames", "5", "--data", str(d), cwd=tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == ["python -m host_sim: data folder %s: %s" % (d, n) for n in notices]
    if what == "folders in their place":                           # kept, with what is in them
        assert (d / "settings.bin" / "x").is_dir() and (d / "suspend.bin" / "x").is_dir()


@pytest.mark.parametrize("what", sorted(BAD_DATA))
@pytest.mark.parametrize("game", [None, "nope"])
def test_bad_files_in_the_data_folder_are_all_shown_on_the_screen(tmp_path, capsys, what, game):
    """Every notice the boot posts is drawn, in the launcher and in a game started at once (the
    restart into the game carries every notice waiting, not only the first)."""
    from host_sim import cli
    make, notices = BAD_DATA[what]
    d = tmp_path / "data"
    d.mkdir()
    make(d)
    args = cli.parser().parse_args(["--headless", "--data", str(d)] + (["--game", game, "--seats", "bot,bot"] if game else []))
    cli.check(args)
    run = cli.Run(args, 1, cli._data_dir(args, None))
    if game:
        run.launch(cli.make_setup(args, 1, run.console))
        assert run.console.game is not None
    shown = []
    for _ in range(3 * 75):                     # each notice is up for 75 steps
        run.frame()
        if run.console.notice.last not in shown:
            shown.append(run.console.notice.last)
    assert shown[:2] == notices
    assert capsys.readouterr().err.count("data folder") == 2


def test_a_replay_leaves_the_players_settings_alone(tmp_path):
    """A replay writes the recording's settings into a fresh folder, not into ~/.picotable-sim."""
    home = tmp_path / "home"
    (home / ".picotable-sim").mkdir(parents=True)
    mine = home / ".picotable-sim" / "settings.bin"
    mine.write_bytes(b"the player's own settings")
    rec = write_recording(tmp_path / "r.txt", [(20, 0)], head=["seed 3", "settings " + settings_hex(), "accel none"])
    r = window_run(["--replay", rec], tmp_path, {"HOME": str(home)}, quit_after=None)
    assert r.returncode == 0, r.stderr
    assert mine.read_bytes() == b"the player's own settings"
    assert os.listdir(home / ".picotable-sim") == ["settings.bin"]


# -- the window -----------------------------------------------------------------------------------
WINDOW = """
import sys, threading, time
quit_after = float(sys.argv[1])
if quit_after:
    def close():
        time.sleep(quit_after)
        import pygame               # imported by the simulator by now (as it does: no banner)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    threading.Thread(target=close, daemon=True).start()
from host_sim import cli
sys.exit(cli.main(sys.argv[2:]))
"""


def window_run(args, cwd, env, quit_after=1.5, video="dummy", audio="dummy"):
    """The simulator in its window under SDL's drivers `video` and `audio` (None: not set, SDL
    chooses), closed after `quit_after` s (None: it ends by itself)."""
    e = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY",
                                                          "WAYLAND_DISPLAY")}
    e.update(PYTHONPATH=mprun.ROOT, XDG_RUNTIME_DIR=str(cwd), **env)
    e.update({k: v for k, v in (("SDL_VIDEODRIVER", video), ("SDL_AUDIODRIVER", audio)) if v})
    return subprocess.run([sys.executable, "-c", WINDOW, str(quit_after or 0)] + args, cwd=cwd,
                          capture_output=True, text=True, timeout=60, env=e)


@pytest.mark.skipif(not LINUX, reason="a display is found by DISPLAY or WAYLAND_DISPLAY on Linux")
@pytest.mark.parametrize("video,sdl_says", [(None, "SDL found no display and fell back to its"),
                                            ("x11", "SDL: x11 not available")])
def test_a_window_without_a_display_says_what_to_do(tmp_path, video, sdl_says):
    r = window_run(["--data", str(tmp_path / "d")], tmp_path, {}, quit_after=None, video=video)
    assert r.returncode == 1 and "Traceback" not in r.stderr and r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("python -m host_sim: the window cannot open (%s" % sdl_says)
    assert lines[0].endswith(": set DISPLAY (or WAYLAND_DISPLAY) to a desktop's display, or run without "
                             "a window: --headless (see --help)")


@pytest.mark.parametrize("audio,env", [("alsa", {"ALSA_CONFIG_PATH": os.devnull}), ("nosuchdriver", {})])
def test_without_a_sound_device_the_window_starts_quietly(tmp_path, audio, env):
    """ALSA without a device prints its own errors (here: a configuration with no default PCM);
    the simulator starts silent with one line instead."""
    r = window_run(["--data", str(tmp_path / "d")], tmp_path, env, audio=audio)
    assert r.returncode == 0, r.stderr
    assert "picotable: launcher up" in r.stdout and "pygame" not in r.stdout      # no banner either
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "ALSA lib" not in r.stderr, r.stderr
    assert lines[0].startswith("python -m host_sim: no sound (") and lines[0].endswith(
        "): the simulator runs silent")


# -- --until-end --screenshot: the end drawn whole ------------------------------------------------
ENDS = [("tiptop", "bot,bot", 3), ("norespect", "bot,bot", 3), ("nope", "bot,bot", 3),
        ("nmbr9", "bot,bot", 3), ("tower", "bot:easy,bot:easy", 3)]


@pytest.mark.parametrize("game,seats,seed", ENDS, ids=[e[0] for e in ENDS])
def test_the_screenshot_at_the_end_of_a_game_equals_a_full_redraw(tmp_path, game, seats, seed):
    """Tip Top names the winner in its header a frame before its seat rows and log follow: the
    screenshot is taken once a frame draws nothing, and equals a full redraw of the final state
    (after as many steps again, in which nothing is drawn)."""
    from host_sim import cli, png
    shot = tmp_path / "end.png"
    args = cli.parser().parse_args(["--headless", "--until-end", "--game", game, "--seats", seats,
                                    "--seed", str(seed), "--screenshot", str(shot), "--data", str(tmp_path / "d")])
    cli.check(args)
    run = cli.Run(args, seed, cli._data_dir(args, None))
    assert cli.run_games(args, run) == 0 and run.console.game.game_over
    for _ in range(cli.SETTLE_STEPS):           # the final state: nothing changes any more
        run.frame()
        assert not run.hw.display.last_bytes
    run.console.repaint()
    run.console.render()
    assert shot.read_bytes() == png.encode(240, 240, run.hw.display.rgb())


def test_the_tools_take_no_number_beyond_the_picos_small_ints():
    """host_sim/args.py, shared by the tools: a seed of 10**20 used to run (and be cut to 30 bits)."""
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", "nope_tournament.py"),
                        "--seed", "99999999999999999999", "--games", "1"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == ["python tools/nope_tournament.py: argument --seed: '99999999999999999999' "
                                     "is not a whole number in 0..1073741823 (see --help)"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command,args", [(SIM, ["--help"]), (SIM, ["--headless", "--frames", "3"]),
                                          ([sys.executable, os.path.join(mprun.ROOT, "tools", "bench.py")], ["--help"])])
def test_a_full_standard_output_is_one_line_not_silence(command, args):
    """argparse used to swallow the error of --help > /dev/full and exit 0; a result line gave
    '[Errno 28] No space left on device' naming nothing."""
    with open("/dev/full", "w") as full:
        r = subprocess.run(command + args, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                           cwd=mprun.ROOT)
    assert r.returncode == 1
    prog = "python -m host_sim" if command == SIM else "python tools/bench.py"
    assert r.stderr.splitlines() == [prog + ": standard output: " + (
        "No space left on device" if args == ["--help"] else "disk full (No space left on device)")]


def test_an_output_can_be_standard_output_on_a_pipe():
    """/dev/stdout on a pipe has no real path (/proc/self/fd/1 -> pipe:[n]): written directly."""
    r = sim("--headless", "--until-end", "--export-record", "/dev/stdout", *BOTS)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("game=norespect ") and '"event": "game"' in lines[1]
