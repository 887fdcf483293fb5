"""make bench-pico without the emulator: its messages and exit status when something is missing or
wrong, its parsers and tables fed a recorded log of real vpico runs, the ballast search, and the
board harness (tools/pico) compiled for armv6m and run on the unix port with the stand-in
hardware, so that it cannot rot between emulator runs."""
import io
import os
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

import bench_pico as BP  # tools/ is on sys.path (conftest.py)
import mprun
import scene_runner

ROOT = mprun.ROOT
TOOL = os.path.join(ROOT, "tools", "bench_pico.py")
SAMPLE = os.path.join(ROOT, "tests", "samples", "bench_pico.log")
NRUNS = 18      # runs in the sample (the rules screen recorded later, on its own)
# a run in which the harness caught a MemoryError (tower-frames started over the launcher, before
# the game was started through a restart as now)
FAILED = os.path.join(ROOT, "tests", "samples", "bench_pico_failed.log")
VPICO_VARS = ("VPICO", "VPICO_ASSETS", "VPICO_UF2", "VPICO_BOOTROM", "VPICO_RP2040JS")


def tool(args, **env):
    clean = {k: v for k, v in os.environ.items() if k not in VPICO_VARS}
    clean.update(env)
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          env=clean, cwd=ROOT, timeout=120)


def one_line_exit_2(r):
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bench-pico: "), r.stderr
    return lines[0]


# -- set-up and argument errors ------------------------------------------------------------------
def test_without_vpico_says_how_to_set_it_and_exits_2():
    line = one_line_exit_2(tool([]))
    assert "VPICO=/path/to/vpico.mjs" in line and "docs/bench.md" in line


def test_vpico_path_that_does_not_exist():
    line = one_line_exit_2(tool([], VPICO="/nonexistent/vpico.mjs"))
    assert "/nonexistent/vpico.mjs" in line


def test_missing_assets_name_the_repositories_and_the_setup_script(tmp_path):
    vpico = tmp_path / "vpico.mjs"
    vpico.write_text("")
    line = one_line_exit_2(tool([], VPICO=str(vpico), VPICO_ASSETS=str(tmp_path / "assets")))
    for word in ("RPI_PICO-20241129-v1.24.1.uf2", "wokwi/rp2040js",
                 "kubernetes-sigs/dra-example-driver", str(tmp_path / "setup-assets.sh"),
                 "VPICO_ASSETS"):
        assert word in line


@pytest.mark.parametrize("target", [["bench-pico"], ["bench", "PICO=1"]])
def test_make_targets_without_vpico_exit_2(target):
    env = {k: v for k, v in os.environ.items() if k not in VPICO_VARS}
    r = subprocess.run(["make", "-s"] + target, capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=300)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "bench-pico: no virtual Pico" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args,words", [
    (["bogus"], "unknown part 'bogus'"),
    (["--only", "screens,nothing"], "unknown part 'nothing'"),
    (["--seeds", "x"], "--seeds"),
    (["--seeds", ""], "--seeds"),
    (["--ballast-step", "0"], "--ballast-step"),
    (["--frames", "-3"], "--frames"),
    (["--nope"], "unrecognized arguments"),
    (["--replay", "/nonexistent.log"], "/nonexistent.log"),
])
def test_argument_errors_are_one_line_and_exit_2(args, words):
    assert words in one_line_exit_2(tool(args, VPICO="/nonexistent/vpico.mjs"))


def test_every_game_of_the_catalog_has_its_whole_games_and_ballast_parts():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from core import catalog
    assert BP.GAMES == catalog.NAMES
    for g in catalog.NAMES:
        assert g in BP.PARTS and "ballast-" + g in BP.PARTS
        assert BP.RUNNERS[g] is not None and g in BP.TITLES


def test_parts_are_chosen_by_name_glob_or_word():
    assert BP.select([]) == list(BP.PARTS)
    assert BP.select(["tower"]) == ["tower"]
    assert BP.select(["tower*"]) == ["tower", "tower-human", "tower-physics", "tower-frames",
                                     "tower-climb", "tower-stack", "tower-collapse"]
    assert BP.select(["*tower*"]) == ["tower", "tower-human", "tower-physics", "tower-frames",
                                      "tower-climb", "tower-stack", "tower-collapse", "ballast-tower"]
    assert BP.select(["stack"]) == ["tower-stack"] and BP.select(["push"]) == ["push"]
    assert BP.select(["climb"]) == ["tower-climb"] and "tower-climb" in BP.RUNNERS
    assert BP.select(["ballast"]) == ["ballast-" + g for g in BP.GAMES]
    assert BP.select(["*nope"]) == ["nope", "ballast-nope"]
    assert BP.select(["physics", "screens"]) == ["screens", "tower-physics"]


# -- parsing ------------------------------------------------------------------------------------
def test_fields_keep_the_error_text_whole():
    f = BP.parse_fields("result=nostart launcher=84000 free=63808 error=MemoryError: memory "
                        "allocation failed, allocating 2344 bytes")
    assert f == {"result": "nostart", "launcher": "84000", "free": "63808",
                 "error": "MemoryError: memory allocation failed, allocating 2344 bytes"}
    assert BP.parse_fields("a=1 b=2") == {"a": "1", "b": "2"}


def test_lines_of_the_harness_and_of_the_tests_benches():
    assert BP.parse_line("bp hw heap=45000") == {"kind": "hw", "heap": "45000"}
    assert BP.parse_line("bench tower frame_20awake ms=41.000 alloc=0 spi_bytes=11594") == {
        "kind": "tower_frame", "name": "frame_20awake", "ms": "41.000", "alloc": "0",
        "spi_bytes": "11594"}
    assert BP.parse_line("bodies 20 awake 20 contacts 30 ms_per_frame 21.012 alloc_per_frame 0") == {
        "kind": "physics", "bodies": "20", "awake": "20", "contacts": "30", "ms": "21.012",
        "alloc": "0"}
    climb = BP.parse_line("bp tower_climb pieces=6 frames=260 mean_us=20100 p95_us=32000 "
                          "max_us=41250 max_at=35 over40=1 late_at=35 spi_mean=19921 "
                          "spi_max=54432 peak=9 alloc_frames=0 alloc_at=-1 gc_frames=0 "
                          "cam_steps=21 cam_max=440 cam_end=40 worst_wipe=0 worst_cam=120 "
                          "placing=1")
    assert climb["kind"] == "tower_climb" and climb["pieces"] == "6" and climb["late_at"] == "35"
    assert (climb["max_us"], climb["spi_max"], climb["cam_end"]) == ("41250", "54432", "40")
    assert BP.parse_line("picotable: accelerometer MPU-6050") is None


def test_frames_over_budget_cell_lists_where_they_are():
    assert BP.late_cell({"over40": "0", "late_at": "-"}) == "0"
    assert BP.late_cell({"over40": "2", "late_at": "0,95"}) == "2 (at 0, 95)"
    assert BP.late_cell({"over40": "9", "late_at": "1,2,3,4,5,6,7,8"}) == \
        "9 (at 1, 2, 3, 4, 5, 6, 7, 8, ...)"
    assert BP.late_cell({"over40": "3"}) == "3"             # a log from before late_at


def test_exception_line_of_a_traceback():
    err = ("[vpico] run (raw)\nTraceback (most recent call last):\n  File \"<stdin>\", line 1, in "
           "<module>\nMemoryError: memory allocation failed, allocating 8192 bytes\n")
    assert BP.last_error_line(err) == "MemoryError: memory allocation failed, allocating 8192 bytes"


def test_a_traceback_on_the_boards_stdout_is_the_runs_error():
    # the console's own start failing under a large ballast: MicroPython prints it on stdout
    out = ("picotable: watchdog off (/nowdt)\nTraceback (most recent call last):\n  File "
           "\"main.py\", line 3, in <module>\nMemoryError: memory allocation failed, allocating "
           "640 bytes\nMicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040\n>>> \n"
           "==== vpico summary ====\nend: exception\n")
    run = BP.read_run(out, "", 1, 13.1)
    assert run.failure() == "no report: MemoryError: memory allocation failed, allocating 640 bytes"
    assert BP.expected_failure("ballast-norespect", run)        # the search's answer
    assert not BP.expected_failure("norespect", run)            # a game part: a broken run
    assert BP.read_run(out, "", 0, 13.1).failure() == "no report: vpico ended: exception (exit 0)"


def sample_runs():
    return BP.Replay(SAMPLE).runs


def test_the_recorded_log_is_read_run_by_run():
    runs = sample_runs()
    assert "flash" in runs and "screen launcher" in runs and "physics" in runs
    assert "tower-frames" in runs and "life norespect 3333 seed 1 games 1 frames 30000" in runs
    assert len(runs) == NRUNS


def test_the_recorded_vpico_summary_is_read():
    out, err, code, wall = sample_runs()["life norespect 3333 seed 1 games 1 frames 30000"]
    s = BP.parse_summary(out.partition("==== vpico summary ====")[2])
    # the figures as vpico printed them in the sample (read off the text, by hand)
    assert s["end"] == "finished"
    assert s["run_ms"] == 49823.3
    assert s["speed"] == 0.11
    assert s["sck_mhz"] == 62.5
    assert (s["spi_bytes"], s["pixel_bytes"], s["display_frames"]) == (5977929, 5973168, 195)
    assert (code, wall) == (0, 470.2)


def test_a_lifecycle_run_gives_the_game_and_the_launcher_around_it():
    run = BP.Replay(SAMPLE).execute("life norespect 3333 seed 1 games 1 frames 30000", [], 0)
    r = BP.game_record(run)
    # boot 0 (launcher), boot 1 (the game), boot 2 (the launcher again), read off the sample
    assert (r["launcher"], r["live_start"], r["live_end"], r["launcher_after"]) == (
        "94688", "135216", "136464", "94688")
    assert (r["result"], r["frames"], r["turns"], r["first_us"]) == ("finished", "3304", "64", "50916")
    assert BP.game_record(BP.Run([], {}, 1, "", 0)) is None


def replay(*args, seeds="1", log=SAMPLE):
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = BP.main(list(args) + ["--replay", log, "--seeds", seeds])
    return code, buf.getvalue()


def test_tables_from_a_recorded_log():
    code, out = replay("screens", "tower-physics", "tower-frames", "norespect", "norespect-bots")
    assert code == 0, out
    assert "Heap 233,664 bytes." in out
    # the rows hold the board's figures as it printed them (sample, read by hand)
    assert "| launcher | 153 | 49.1 | 3.3 | 15.7 | 15.7 (88) | 0 | 3415 / 30720 | 98.8 | 98.9 | 0 |" in out
    assert "| pause | 124 | 32.5 | 6.6 | 41.8 | 43.3 (0) | 12 (at 0, 6, 9, 12, 18, 21, 68, 74, ...) |" in out
    assert "| 20 bodies | 20 | 30 | 21.1 | 0 bytes/step |" in out
    assert "| 20 bodies tumbling | 62.5 | 83.2 | 53285 | 20 | 0 | - |" in out   # no wipes= yet
    assert "| 20 bodies at rest, awake | 46.1 | 60.9 | 20931 | 18 | 0 |" in out
    assert ("| norespect | 1 | finished | 3304 | 50.9 | 7.3 | 10.0 | 56.3 (3303) | 2 (at 58, 3303) "
            "| 1666 / 114240 | 132.0 / 133.3 | 133.6 | 92.5 / 92.5 | 0 |") in out
    assert ("| easy | 1 | 239 | 61 | 3.9 | 13.3 | 30.5 | 56.0 (238) | 2 (at 58, 238) | 23017 / 114240 "
            "| 0 |") in out
    assert "(tower-physics: 1 vpico runs, 4 s emulated, 31 s wall)" in out


def test_a_failure_the_harness_caught_is_a_row_not_a_crash():
    code, out = replay("tower-frames", log=FAILED)
    assert code == 0
    assert ("| tower frames | **failed: MemoryError: memory allocation failed, allocating 1985 bytes "
            "(in tower-frames)** |") in out


def test_ballast_rows_and_the_answer_from_a_recorded_log():
    code, out = replay("ballast-norespect")
    assert code == 0, out
    # 233,664 - 135,216 bytes live at the start without ballast: 96 KB is the top step
    assert ("|  | 96 | **nostart at start: MemoryError: memory allocation failed, allocating 5121 "
            "bytes** | - | - | 25.5 |") in out
    assert "|  | 72 | finished, 3304 frames | 204.0 | 205.5 |  |" in out
    assert "largest ballast with which the game starts and finishes: **72 KB**" in out
    assert "tried from 96 KB down" in out


def test_a_run_missing_from_the_log_is_no_report_and_exit_1():
    code, out = replay("tower", seeds="5")
    assert code == 1
    assert ("**no report: no run 'life tower 3333 seed 5 games 1 frames 30000' in the replayed "
            "log**") in out


# -- the ballast search ---------------------------------------------------------------------------
def test_ballast_top_leaves_room_for_the_live_heap():
    assert BP.ballast_top(233664, 173000, 8192) == 57344       # 60,664 free: 7 steps
    assert BP.ballast_top(233664, 240000, 8192) == 0


def test_search_down_finds_the_largest_passing_step_even_when_a_smaller_one_fails():
    asked = []

    def probe(size):
        asked.append(size // 1024)
        return size // 1024 in (0, 8, 16, 32)       # 24 fails: fragmentation is not monotonic

    assert BP.search_down(probe, 56 * 1024, 8 * 1024) == 32 * 1024
    assert asked == [56, 48, 40, 32]
    assert BP.search_down(lambda s: False, 16 * 1024, 8 * 1024) == -1


# -- the board harness ----------------------------------------------------------------------------
def mpy_arch(path):
    with open(path, "rb") as f:
        h = f.read(4)
    assert h[0:1] == b"M" and h[1] == 6, path
    return h[2] >> 2


def test_the_board_tree_holds_the_harness_compiled_for_armv6m(tmp_path):
    tree = BP.build_tree(str(tmp_path / "tree"))
    harness = [f for f in os.listdir(BP.HARNESS) if f.endswith(".py")]
    assert "benchpico.py" in harness
    for name in harness + list(BP.MP_HELPERS):
        assert mpy_arch(os.path.join(tree, name[:-3] + ".mpy")) in (0, 4), name   # none / armv6m
    assert mpy_arch(os.path.join(tree, "hal", "pixels_viper.mpy")) == 4
    assert not os.path.exists(os.path.join(tree, "main.py"))   # nothing runs at boot
    assert os.path.exists(os.path.join(tree, "nowdt"))


def smoke(*args, heapsize=None):
    r = mprun.run("unix", "tests/mp/pico_harness_smoke.py", args, cwd=ROOT, heapsize=heapsize,
                  paths=mprun.DEFAULT_PATHS + (BP.HARNESS,), timeout=600)
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, (r.stdout, r.stderr)
    return [rec for rec in map(BP.parse_line, r.stdout.splitlines()) if rec]


def only(records, kind):
    hits = [r for r in records if r["kind"] == kind]
    assert len(hits) == 1, records
    return hits[0]


def test_frame_stats():
    f = only(smoke("stats"), "stats")
    # 100 frames of 1, 2 ... 100 ms: the 95th is 95 ms, in the bin [95, 95.25) ms
    assert f["frames"] == "100" and f["mean_us"] == "50500" and f["p95_us"] == "95250"
    assert (f["max_us"], f["max_at"], f["over40"]) == ("100000", "99", "60")
    assert f["late_at"] == "40,41,42,43,44,45,46,47"           # the first 8 over 40 ms
    assert (f["spi_mean"], f["spi_max"]) == ("50", "100")
    # frame 7 (index 6) took 64 bytes, frame 8 gave them back
    assert (f["peak"], f["alloc_frames"], f["alloc_at"], f["gc_frames"]) == ("1064", "1", "6", "1")


@pytest.mark.parametrize("name", ["launcher", "pause", "error"])
def test_harness_screen_on_the_unix_port(name):
    rec = only(smoke("screen", name), "screen")
    during = scene_runner.build(scene_runner.SCENARIOS[name][1])
    assert int(rec["frames"]) == len(during) // 2
    assert rec["alloc_frames"] == "0" and int(rec["live"]) > 0 and int(rec["peak"]) >= int(rec["live"])
    assert int(rec["spi_max"]) > 0 or name == "error"


def test_harness_tower_parts_and_bad_part_on_the_unix_port():
    recs = smoke("physics")
    assert [r["bodies"] for r in recs if r["kind"] == "physics"] == ["10", "20", "30"]
    frames = [r for r in smoke("tower-frames") if r["kind"] == "tower_frame"]
    assert [r["name"] for r in frames] == ["frame_20moving", "frame_20awake"]
    assert all(r["alloc"] == "0" and r["wipes"] == "0" for r in frames)   # the camera settled
    assert only(smoke("nonsense"), "error")["error"] == "unknown part nonsense"


def test_harness_tower_climb_on_the_unix_port():
    """The climb's line: every frame timed, the camera up several steps and back down, the piece
    still being placed, no frame allocating."""
    r = only(smoke("tower-climb"), "tower_climb")
    assert r["frames"] == "260" and r["alloc_frames"] == "0" and r["placing"] == "1"
    assert int(r["cam_steps"]) >= 4 and int(r["cam_max"]) >= 80
    assert 0 <= int(r["max_at"]) < 260 and int(r["spi_max"]) >= int(r["worst_spi"]) > 0


def test_harness_tower_collapse_on_the_unix_port():
    """The collapse's line: the stack fell and its fall was drawn, in steps of the real-time
    loop (the stand-in clock moves only when the loop sleeps: the figures mean something on a
    Pico alone)."""
    r = only(smoke("tower-collapse"), "tower_frame")
    assert r["name"] == "collapse_20" and r["fell"] == "1"
    assert int(r["drawn"]) >= 2 and float(r["seconds"]) > 0 and float(r["drawn_per_s"]) > 0


def test_the_collapse_row_and_a_stack_that_did_not_fall(capsys):
    lines = ["bench tower collapse_20 fell=1 seconds=1.52 drawn=43 drawn_per_s=27.5 "
             "steps_per_s=31.0 ms_per_drawn=36.4", "bench tower collapse_20 fell=0"]

    class Board:
        def boot(self, label, main_py, seconds):
            assert label == "tower-collapse" and 'frames_boot("tower-collapse")' in main_py
            return BP.Run([BP.parse_line(x) for x in lines], {}, 0, "", 1.0)

    BP.part_tower_collapse(Board(), None)
    out = capsys.readouterr().out
    assert "| 20 pieces | 1.52 | 43 | 27.5 | 31.0 | 36.4 |" in out
    assert "| 20 pieces | **did not fall** |" in out


def test_the_climb_row_says_the_worst_frame_the_late_ones_and_the_camera(capsys):
    line = ("bp tower_climb pieces=6 frames=260 mean_us=20100 p95_us=32000 max_us=41250 max_at=35 "
            "over40=1 late_at=35 spi_mean=19921 spi_max=54432 peak=9 alloc_frames=0 alloc_at=-1 "
            "gc_frames=0 cam_steps=21 cam_max=440 cam_end=40 worst_wipe=1 worst_cam=120 "
            "worst_spi=54432 placing=1")

    class Board:
        def boot(self, label, main_py, seconds):
            assert label == "tower-climb" and 'frames_boot("tower-climb")' in main_py
            return BP.Run([BP.parse_line(line)], {}, 0, "", 1.0)

    assert Board().boot("tower-climb", 'frames_boot("tower-climb")', 1).reported()
    BP.part_tower_climb(Board(), None)
    out = capsys.readouterr().out
    assert ("| 6 pieces beside | 260 | 20.1 | 32.0 | 41.2 (35, a wipe, 54432 bytes) | 1 (35) "
            "| 19921 / 54432 | 0 | 21 steps, up to 440 px, back to 40 px |") in out
