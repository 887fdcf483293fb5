"""The power tools' own logic, without the emulator: how tools/powercut.py judges a cut from the
next boot's check and makes its table, and the one-line errors of powercut.py, power_pico.py
and soak.py (tests/test_tools_cli.py's rule: never a traceback)."""
import os
import subprocess
import sys

import pytest

import mprun
import powercut


def cut(k, rnd, f, done=0, inside="erase"):
    return {"k": k, "cut": {"inside": inside, "fraction": 0.5} if inside else "between operations",
            "ledger": {"k": k, "round": rnd, "file": f, "done": done, "ok": True}}


def boot(settings, suspend, scores, launcher="1", accepted="1"):
    return {"settings": str(settings), "suspend": str(suspend), "scores": str(scores),
            "launcher": launcher, "accepted": accepted}


def test_the_file_being_written_may_be_old_or_new_the_others_exactly_as_they_were():
    c = cut(2, 3, 1)                    # round 3 of run 2: tags 35 (new) and 34 (old)
    assert powercut.judge(c, boot(35, 34, 34))["files"] == \
        {"settings": "same", "suspend": "old", "scores": "same"}
    assert powercut.judge(c, boot(35, 35, 34))["files"]["suspend"] == "new"
    j = powercut.judge(c, boot(35, "lost", 34))
    assert j["files"]["suspend"] == "lost" and j["bad"]
    j = powercut.judge(c, boot(35, "other", 34))
    assert j["files"]["suspend"] == "wrong" and j["bad"]
    j = powercut.judge(c, boot(34, 34, 34))                  # settings went back: a lost write
    assert j["files"]["settings"] == "wrong" and j["bad"]
    assert powercut.judge(c, boot(35, 34, 34, launcher="0"))["bad"]
    assert powercut.judge(c, boot(35, 34, 34, accepted="0"))["bad"]
    assert powercut.judge(cut(2, 3, 1, done=1), boot(35, 35, 34))["writing"] is None


def test_the_table_counts_each_cut_once_by_the_file_it_fell_into():
    log = [{"calibration": {"span_ms": 270}},
           dict(cut(1, 1, 0), verify=boot(0, 0, 0)),
           dict(cut(2, 2, 2, inside="program"), verify=boot(16, 16, 16),
                previous=powercut.judge(cut(1, 1, 0), boot(17, 16, 16))),
           dict(cut(3, 1, 2, done=1, inside=None), verify=boot(34, 34, 33),
                previous=powercut.judge(cut(2, 2, 2, inside="program"), boot(34, 34, "lost"))),
           {"k": 4, "verify": boot(49, 49, 49),
            "previous": powercut.judge(cut(3, 1, 2, done=1, inside=None), boot(49, 49, 49))}]
    text, checked, lost, launcher = powercut.table(log)
    assert checked == 3 and launcher == 3 and lost == 1
    assert "| settings.bin | 1 | 0 | 1 | 0 | 0 |" in text
    assert "| nmbr9.bin (NMBR 9's scores) | 1 | 0 | 0 | 1 | 0 |" in text
    assert "| none (between two saves) | 1 | 1 (all as they were) | - | 0 | 0 |" in text
    assert "inside a flash erase 1, inside a program 1, between operations 1" in text


BAD = [
    ("powercut.py", ["--cuts", "0"], "argument --cuts: '0'"),
    ("powercut.py", ["--vpico", "{NODIR}/v.mjs"], "{NODIR}/v.mjs: no such file"),
    ("powercut.py", [], "no virtual Pico"),
    ("powercut.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("power_pico.py", ["sleeep"], "no part 'sleeep'"),
    ("power_pico.py", ["--vpico", "{NODIR}/v.mjs"], "{NODIR}/v.mjs: no such file"),
    ("power_pico.py", [], "no virtual Pico"),
    ("soak.py", ["--frames", "0"], "argument --frames: '0'"),
    ("soak.py", ["--port", "z80"], "argument --port: invalid choice: 'z80'"),
]


@pytest.mark.parametrize("tool,args,says", BAD, ids=["%s %s" % (t, " ".join(a)) for t, a, _ in BAD])
def test_bad_arguments_are_one_line_and_a_non_zero_exit(tmp_path, tool, args, says):
    paths = {"NODIR": str(tmp_path / "no" / "such")}
    args = [a.format(**paths) for a in args]
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", tool)] + args,
                       cwd=mprun.ROOT, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, VPICO=""))
    assert r.returncode != 0 and "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and says.format(**paths) in lines[0], r.stderr
    assert not os.path.exists(paths["NODIR"])


def test_the_table_of_an_empty_log_says_nothing_was_checked(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", "powercut.py"), "--table",
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "0 cuts checked" in r.stdout
