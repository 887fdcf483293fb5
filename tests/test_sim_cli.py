"""The simulator's command line never prints a traceback: every bad argument, missing or unreadable
file or folder is one line on stderr naming it and a non-zero exit, before any game runs; a game
that --until-end cannot finish exits non-zero; --replay runs the whole recording."""
import subprocess
import sys

import pytest

import mprun

SIM = [sys.executable, "-m", "host_sim"]
BOTS = ["--game", "norespect", "--seats", "bot:easy,bot:easy"]


def sim(*args, cwd=mprun.ROOT, timeout=600):
    return subprocess.run(SIM + list(args), cwd=cwd, capture_output=True, text=True, timeout=timeout)


def write_recording(path, runs, seed=7):
    """A recording: runs of (count, buttons), no sensor."""
    lines = ["picotable-input 1", "seed %d" % seed, "settings -", "accel none"]
    lines += ["%d %d - - -" % r for r in runs]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.fixture
def files(tmp_path):
    """Paths for the table: {MISSING}, {BINARY}, {EMPTY}, {DAMAGED}, {NEGATIVE}, {REC}, {DIR},
    {FILE}, {NODIR} (a folder that does not exist)."""
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "damaged.txt").write_text("picotable-input 1\nseed x\n")
    write_recording(tmp_path / "negative.txt", [(-5, 32)])
    write_recording(tmp_path / "rec.txt", [(10, 0)])
    (tmp_path / "file").write_text("not a folder")
    return {"MISSING": str(tmp_path / "missing.txt"), "BINARY": str(tmp_path / "binary.txt"),
            "EMPTY": str(tmp_path / "empty.txt"), "DAMAGED": str(tmp_path / "damaged.txt"),
            "NEGATIVE": str(tmp_path / "negative.txt"), "REC": str(tmp_path / "rec.txt"),
            "DIR": str(tmp_path), "FILE": str(tmp_path / "file"), "NODIR": str(tmp_path / "no" / "such")}


# (arguments, what the one line must say); {NAME} is a path from the `files` fixture
BAD = [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--headless", "--frames", "-1"], "--frames: '-1' is not a whole number >= 1"),
    (["--headless", "--frames", "0"], "--frames: '0'"),
    (["--headless", "--frames", "many"], "--frames: 'many'"),
    (["--headless", "--max-frames", "10"], "--max-frames needs --until-end"),
    (["--headless", "--seed", "-3"], "--seed: '-3' is not a whole number in 0..1073741823"),
    (["--headless", "--seed", "1073741824"], "--seed: '1073741824'"),
    (["--headless", "--scale", "0"], "--scale: '0'"),
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
    (["--headless", "--until-end"], "--until-end needs --game NAME"),
    (["--headless", "--seats", "human,bot"], "--seats needs --game NAME"),
    (["--headless", "--option", "variant=base"], "--option needs --game NAME"),
    (["--headless", "--export-record", "x.jsonl"], "--export-record needs --game NAME"),
    (["--headless", "--games", "0"] + BOTS, "--games: '0'"),
    (["--headless", "--until-end", "--frames", "10"] + BOTS, "--frames and --until-end do not go together"),
    (["--headless", "--until-end", "--seed", "1073741823", "--games", "2"] + BOTS, "seeds go up to 1073741823"),
    (["--until-end", "--game", "norespect", "--seats", "human,bot:easy"], "needs --replay FILE"),
    (["--screenshot", "x.png"], "--screenshot runs headless only"),
    (["--frames", "5"], "--frames runs headless only"),
    (["--game", "norespect", "--export-record", "x.jsonl"], "--export-record runs headless only"),
    (["--headless", "--replay", "{MISSING}"], "--replay {MISSING}: no such file"),
    (["--headless", "--replay", "{DIR}"], "--replay {DIR}: is a folder, not a file"),
    (["--headless", "--replay", "{BINARY}"], "--replay {BINARY}: not a picotable input recording"),
    (["--headless", "--replay", "{EMPTY}"], "--replay {EMPTY}: not a picotable input recording"),
    (["--headless", "--replay", "{DAMAGED}"], "--replay {DAMAGED}: damaged input recording"),
    (["--headless", "--replay", "{NEGATIVE}"], "--replay {NEGATIVE}: damaged input recording"),
    (["--headless", "--until-end", "--games", "2", "--replay", "{REC}"] + BOTS, "--replay and --record take one game"),
    (["--headless", "--screenshot", "{NODIR}/x.png"], "--screenshot {NODIR}/x.png: no such folder"),
    (["--headless", "--screenshot", "{DIR}"], "--screenshot {DIR}: is a folder, not a file"),
    (["--headless", "--record", "{NODIR}/r.txt"], "--record {NODIR}/r.txt: no such folder"),
    (["--headless", "--until-end", "--export-record", "{NODIR}/x.jsonl"] + BOTS, "--export-record {NODIR}/x.jsonl: no such folder"),
    (["--headless", "--data", "{FILE}"], "--data {FILE}: is a file, not a folder"),
    (["--headless", "--data", "{FILE}/sub"], "--data {FILE}/sub: cannot make the folder"),
]


@pytest.mark.parametrize("args,says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_a_non_zero_exit_before_anything_runs(files, tmp_path, args, says):
    args = [a.format(**files) for a in args]
    r = sim(*args, cwd=tmp_path, timeout=60)            # a window left open would hang: fail
    lines = r.stderr.splitlines()
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("python -m host_sim: ") and says.format(**files) in lines[0], lines[0]
    assert r.stdout == ""                                   # nothing ran: no result line


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
