"""Random power cuts while the console writes its files, on the emulated Pico's own LittleFS
(issue 23; docs/hardware.md, "Saves that survive a power cut").

    python tools/powercut.py [--cuts N] [--seed S] [--out DIR] [--vpico PATH]
    python tools/powercut.py --table [--out DIR ...]

A chain of vpico runs (VPICO or --vpico: the path of vpico.mjs, with tools/pico/vpico_power.mjs
loaded before it). Run k boots from the flash image run k-1 left, exactly as it was left, checks
what the console finds (tools/pico/powercut.py: it boots to the launcher; every file is its old
or its new version, never lost, never damaged and taken), rewrites the three files, then writes
them round after round until the power is cut at a random instant: a uniform time in the first
rounds' span (measured by a calibration run). A cut that falls inside a flash erase or program
leaves it part-done (the hook's model); else vpico's --seconds stops the emulation between two
instructions. Its flash image is the next run's. Every run is a line of OUT/log.jsonl; the
chain resumes from it, so it can be stopped and started again. --table prints the table of a
log, or the sum of several chains' logs (--out repeated: chains with other seeds run side by
side). Runs take 20-120 s of wall time each: hours for 300 cuts (run it in the background).
Exit status: 0 done and nothing lost, 1 a file lost or damaged and taken, or a run failed,
2 something to set up first.
"""
import json
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_pico  # noqa: E402
from host_sim.args import Parser, whole  # noqa: E402  (bench_pico put the root on sys.path)

ROOT = bench_pico.ROOT
OUT = os.path.join(ROOT, "build", "powercut")
HOOK = os.path.join(ROOT, "tools", "pico", "vpico_power.mjs")
FILES = ("settings", "suspend", "scores")
START_MS = 3000                 # tools/pico/powercut.py's START_MS
SPAN_ROUNDS = 3                 # cuts fall in the time of the first 3 rounds of writes


class Chain:
    def __init__(self, vpico, out, seed):
        self.vpico = vpico
        self.out = out
        self.rng = random.Random(seed)
        self.log_path = os.path.join(out, "log.jsonl")
        self.tree = os.path.join(out, "tree")

    def flash(self, k):
        return os.path.join(self.out, "flash-%d.bin" % k)

    def vpico_run(self, k, stmt, seconds, flash_in=None, flash_out=None, env=None, root=None):
        """(stdout, stderr, exit status, the hook's report, the watchdog's registers)."""
        report = os.path.join(self.out, "report.json")
        wdt = os.path.join(self.out, "wdt.json")
        for p in (report, wdt):
            if os.path.exists(p):
                os.remove(p)
        cmd = ["node", "--import", HOOK, self.vpico, "--quiet", "--seconds", "%.6f" % seconds,
               "--wall-timeout", "900", "--run", stmt]
        if root:
            cmd += ["--root", root]
        if flash_in:
            cmd += ["--flash-in", flash_in]
        if flash_out:
            cmd += ["--flash-out", flash_out]
        e = dict(os.environ, PICOTABLE_REPORT=report, PICOTABLE_WDT_OUT=wdt, **(env or {}))
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=e)
        rep = read_json(report)
        regs = read_json(wdt)
        return p.stdout, p.stderr, p.returncode, rep, regs

    def entries(self):
        if not os.path.exists(self.log_path):
            return []
        with open(self.log_path) as f:
            return [json.loads(ln) for ln in f if ln.strip()]

    def append(self, entry):
        with open(self.log_path, "a") as f:
            f.write(json.dumps(entry) + "\n")

    def setup(self):
        os.makedirs(self.out, exist_ok=True)
        bench_pico.build_tree(self.tree)
        out, err, code, _, _ = self.vpico_run(0, "import powercut\npowercut.setup()", 120,
                                              flash_out=self.flash(0), root=self.tree)
        if "pc setup ok" not in out:
            raise bench_pico.SetupError("the first flash image failed: %s" % _tail(out, err))
        out, err, code, _, _ = self.vpico_run(1, "import powercut\npowercut.main(1)", 60,
                                              flash_in=self.flash(0))
        rounds = [int(m) for m in re.findall(r"pc round k=1 r=\d+ ms=(\d+)", out)]
        if len(rounds) < SPAN_ROUNDS:
            raise bench_pico.SetupError("the calibration run wrote no rounds: %s" % _tail(out, err))
        span = sum(rounds[:SPAN_ROUNDS])
        self.append({"calibration": {"round_ms": rounds, "span_ms": span}})
        progress("calibration: a round of three files takes %s ms; cuts fall in %d ms after "
                 "the first %d ms" % ("/".join(map(str, rounds[:5])), span, START_MS))

    def run(self, cuts):
        if not self.entries():
            self.setup()
        log = self.entries()
        span = log[0]["calibration"]["span_ms"]
        done = [e for e in log if "k" in e]
        for _ in range(len(done)):          # the same instants again after a resume
            self.rng.random()
        prev = done[-1] if done else None
        k = prev["k"] + 1 if prev else 1
        while k <= cuts + 1:
            last = k == cuts + 1            # the last boot only checks the last cut
            cut_ms = START_MS + self.rng.random() * span
            # the last boot only checks: it runs past the writes (its flash is not kept), so a
            # slow mount (LittleFS after hundreds of cuts: 2.5 s was too short once) still checks
            seconds = (START_MS + 1000) / 1000 if last else cut_ms / 1000
            env = {} if last else {"PICOTABLE_CUT_MS": "%.6f" % cut_ms,
                                   "PICOTABLE_CUT_SEED": str(k)}
            t = time.monotonic()
            out, err, code, rep, regs = self.vpico_run(
                k, "import powercut\npowercut.main(%d)" % k, seconds, self.flash(k - 1),
                None if last else self.flash(k), env)
            entry = {"k": k, "wall_s": round(time.monotonic() - t, 1), "exit": code}
            m = re.search(r"pc verify (.*)", out)
            entry["verify"] = dict(kv.split("=", 1) for kv in m.group(1).split()) if m else None
            if prev is not None:
                entry["previous"] = judge(prev, entry["verify"])
            if not last:
                entry["cut_ms"] = round(cut_ms, 3)
                entry["cut"] = (rep or {}).get("cut") or "between operations"
                entry["ledger"] = ledger(regs, k)
            if entry["verify"] is None:
                entry["error"] = _tail(out, err)
            self.append(entry)
            j = entry.get("previous") or {}
            progress("cut %d at %.1f ms (%s): the boot after cut %d: %s" % (
                k, cut_ms, _where(entry.get("cut")), k - 1, j.get("summary", "-")))
            if k >= 2 and os.path.exists(self.flash(k - 2)) and k - 2 > 0:
                os.remove(self.flash(k - 2))        # keep the last two images
            prev = entry
            k += 1


def ledger(regs, k):
    """What was being written at the cut: SCRATCH2 = k << 12 | round << 4 | file << 1 | done."""
    if not regs:
        return None
    v = regs["scratch"][2]
    return {"k": v >> 12, "round": (v >> 4) & 255, "file": (v >> 1) & 7, "done": v & 1,
            "ok": (v >> 12) == k}


def judge(cut_entry, verify):
    """How the files of a cut came through: per file 'old', 'new', 'same' (not being written:
    as it was), 'lost' (missing or refused) or 'wrong' (taken, but neither version)."""
    res = {"launcher": bool(verify) and verify.get("launcher") == "1",
           "accepted": bool(verify) and verify.get("accepted") == "1"}
    lg = cut_entry.get("ledger")
    if not verify or not lg or not lg["ok"]:
        res["summary"] = "no check (%s)" % ("no boot" if not verify else "no ledger")
        res["bad"] = True
        return res
    k = cut_entry["k"]
    cur = k * 16 + lg["round"]
    files = {}
    bad = not res["launcher"] or not res["accepted"]
    for f, name in enumerate(FILES):
        got = verify[name]
        writing = f == lg["file"] and not lg["done"]
        want = cur if f < lg["file"] or (f == lg["file"] and lg["done"]) else cur - 1
        if writing:
            state = "new" if got == str(cur) else "old" if got == str(cur - 1) else \
                "lost" if got == "lost" else "wrong"
        else:
            state = "same" if got == str(want) else "lost" if got == "lost" else "wrong"
        files[name] = state
        bad = bad or state in ("lost", "wrong")
    res["files"] = files
    res["writing"] = FILES[lg["file"]] if not lg["done"] else None
    res["bad"] = bad
    res["summary"] = "%s%s" % (" ".join("%s=%s" % kv for kv in files.items()),
                               "" if not bad else " BAD")
    return res


def table(entries):
    """The figures: per file the cuts that fell while it was written and how it came through;
    the cuts between two file writes; where the cuts fell."""
    rows = {name: {"cuts": 0, "old": 0, "new": 0, "lost": 0, "wrong": 0} for name in FILES}
    between = {"cuts": 0, "same": 0, "lost": 0, "wrong": 0}
    where = {"erase": 0, "program": 0, "between operations": 0}
    launcher = checked = 0
    by_k = {e["k"]: e for e in entries if "k" in e}
    for k, e in sorted(by_k.items()):
        nxt = by_k.get(k + 1)
        if "cut" not in e or not nxt or "previous" not in nxt:
            continue
        j = nxt["previous"]
        checked += 1
        launcher += 1 if j.get("launcher") else 0
        cut = e["cut"]
        where[cut["inside"] if isinstance(cut, dict) else cut] += 1
        files = j.get("files") or {}
        if j.get("writing"):
            r = rows[j["writing"]]
            r["cuts"] += 1
            r[files[j["writing"]]] += 1
        else:
            between["cuts"] += 1
            between["same" if all(v == "same" for v in files.values()) else "lost"] += 1
    lines = ["| file being written at the cut | cuts | old | new | lost | damaged and taken |",
             "|---|---|---|---|---|---|"]
    for name in FILES:
        r = rows[name]
        lines.append("| %s | %d | %d | %d | %d | %d |" % (
            {"settings": "settings.bin", "suspend": "suspend.bin (a suspended game)",
             "scores": "nmbr9.bin (NMBR 9's scores)"}[name], r["cuts"], r["old"], r["new"],
            r["lost"], r["wrong"]))
    lines.append("| none (between two saves) | %d | %d (all as they were) | - | %d | %d |" % (
        between["cuts"], between["same"], between["lost"], between["wrong"]))
    total = sum(r["cuts"] for r in rows.values()) + between["cuts"]
    lost = sum(r["lost"] + r["wrong"] for r in rows.values()) + between["lost"] + between["wrong"]
    lines.append("")
    lines.append("%d cuts checked, %d boots to the launcher; cuts inside a flash erase %d, inside "
                 "a program %d, between operations %d; lost or damaged and taken: %d" % (
                     checked, launcher, where["erase"], where["program"],
                     where["between operations"], lost))
    return "\n".join(lines), checked, lost, launcher


def _offset(entries, by):
    """A chain's entries with their cut numbers moved by `by` (k, and the judged cut's k)."""
    out = []
    for e in entries:
        if "k" in e:
            e = dict(e, k=e["k"] + by)
        out.append(e)
    return out


def progress(msg):
    sys.stderr.write("[powercut] %s\n" % msg)
    sys.stderr.flush()


def read_json(path):
    """A JSON file's contents, or None when it is missing or not JSON."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _tail(out, err):
    text = (err.strip() or out.strip()).splitlines()
    return text[-1] if text else "no output"


def _where(cut):
    if isinstance(cut, dict):
        return "%.0f %% into a %s" % (100 * cut["fraction"], cut["inside"])
    return cut or "-"


def main(argv=None):
    p = Parser(prog="python tools/powercut.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--cuts", type=whole(1, 100000), default=300, help="power cuts (default 300)")
    p.add_argument("--seed", type=whole(0), default=23, help="the cut instants' seed")
    p.add_argument("--out", action="append", default=None,
                   help="state and log folder (default build/powercut; repeated with --table: "
                        "the chains' logs together)")
    p.add_argument("--vpico", default=None, help="vpico.mjs (default: $VPICO)")
    p.add_argument("--table", action="store_true", help="print the table of the log and stop")
    a = p.parse_args(argv)
    outs = a.out or [OUT]
    if len(outs) > 1 and not a.table:
        p.error("one --out for a chain (several only with --table)")
    chains = [Chain(None, os.path.abspath(o), a.seed) for o in outs]
    if not a.table:
        try:
            chains[0].vpico = bench_pico.vpico_path(a.vpico)
            bench_pico.check_assets(chains[0].vpico)
            chains[0].run(a.cuts)
        except bench_pico.SetupError as e:
            sys.stderr.write("powercut: %s\n" % e)
            return 2
    entries = []
    for i, c in enumerate(chains):      # the chains' cuts numbered apart (k is per chain)
        entries += _offset(c.entries(), 100000 * i)
    text, checked, lost, launcher = table(entries)
    print(text)
    return 1 if lost or launcher < checked or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
