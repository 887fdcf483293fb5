"""Sleep, wake, idling, the battery gauge and a hang, measured on the emulated Pico (issue 23;
docs/hardware.md, "Power").

    python tools/power_pico.py [PART ...] [--vpico PATH] [--out DIR] [--uf2 FILE]

PARTs: idle, sleep, battery, hang (none: all). Each runs vpico (VPICO or --vpico) with
tools/pico/vpico_power.mjs loaded before it, on the console as main.py starts it
(tools/pico/power_harness.py, the official MicroPython 1.24.1 image), and prints its figures:

  idle     the real-time loop at the launcher and in a game waiting for a human (No Respect,
           the human's turn): CPU busy time per frame and the share of time awake, over 10 s
  sleep    the launcher and a game, dimming after 2 s and asleep after 4 s without input (the
           shell's timeouts): the share of time awake asleep, the wake from a key press to the
           lit display, and the screen before the sleep and after the wake, pixel for pixel
  battery  the gauge at a simulated VSYS (3.9 V, USB), and a battery running down in a game
           of a human: the low notice and the save, then at the critical level saved and asleep
  hang     a game saved, then its step stuck in a loop: the watchdog resets the board (the
           hook ends the run there), and the boot after it offers the saved game

--uf2 FILE: another image than vpico's 1.24.1 one, e.g. build/picotable-rp2040.uf2 (make uf2),
whose console is frozen into it: then only the harness is copied onto the board.
PNGs and vpico's outputs go to OUT (default build/power-pico). Exit status: 0 every figure
was taken, 1 one was not, 2 something to set up first.
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_pico  # noqa: E402
from powercut import read_json  # noqa: E402
from host_sim.args import Parser  # noqa: E402

ROOT = bench_pico.ROOT
OUT = os.path.join(ROOT, "build", "power-pico")
HOOK = os.path.join(ROOT, "tools", "pico", "vpico_power.mjs")
PARTS = ("idle", "sleep", "battery", "hang")


class Pico:
    def __init__(self, vpico, out, uf2=None):
        self.vpico = vpico
        self.out = out
        self.uf2 = uf2
        self.base = os.path.join(out, "base.bin")
        self.failed = []

    def setup(self):
        """The compiled firmware and the harness on a fresh board (watchdog off: /nowdt)."""
        os.makedirs(self.out, exist_ok=True)
        tree = os.path.join(self.out, "tree")
        if self.uf2:                # the console is in the image: the harness alone, /nowdt
            shutil.rmtree(tree, ignore_errors=True)
            os.makedirs(tree)
            shutil.copyfile(os.path.join(ROOT, "tools", "pico", "power_harness.py"),
                            os.path.join(tree, "power_harness.py"))
            open(os.path.join(tree, "nowdt"), "w").close()
        else:
            tree = bench_pico.build_tree(tree)
        r = self.run("copy", "print('copied')", 30, root=tree, flash_in=None, flash_out=self.base)
        if "copied" not in r["stdout"]:
            raise bench_pico.SetupError("copying the firmware to vpico failed")

    def run(self, name, stmt, seconds, env=None, inputs=None, png_every=None, root=None,
            flash_in="base", flash_out=None):
        """One vpico run; its stdout, the hook's report and vpico's JSON summary."""
        rep = os.path.join(self.out, name + ".report.json")
        summ = os.path.join(self.out, name + ".json")
        cmd = ["node", "--import", HOOK, self.vpico, "--quiet", "--seconds", str(seconds),
               "--wall-timeout", "3600", "--accel-noise", bench_pico.NOISE_G, "--json", summ] + (["--run", stmt] if stmt else ["--boot"]) + [
               "--png", os.path.join(self.out, name + ".png")]
        if flash_in:
            cmd += ["--flash-in", self.base if flash_in == "base" else flash_in]
        if flash_out:
            cmd += ["--flash-out", flash_out]
        if root:
            cmd += ["--root", root]
        if png_every:
            cmd += ["--png-every", str(png_every)]
        if inputs:
            path = os.path.join(self.out, name + ".jsonl")
            with open(path, "w") as f:
                f.write("\n".join(json.dumps(e) for e in inputs) + "\n")
            cmd += ["--input", path]
        e = dict(os.environ, PICOTABLE_REPORT=rep, **(env or {}))
        if self.uf2:
            e["VPICO_UF2"] = self.uf2
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=e)
        progress("%s: exit %d" % (name, p.returncode))
        return {"stdout": p.stdout, "stderr": p.stderr, "code": p.returncode,
                "report": read_json(rep) or {}, "summary": read_json(summ) or {}}

    def figure(self, label, value):
        if value is None:
            self.failed.append(label)
            value = "not measured"
        print("%-58s %s" % (label, value))


def events(r, what):
    return [e["t_ms"] for e in r["report"].get("events", []) if e["what"] == what]


def backlight(r, pct):
    """When the backlight's PWM duty became pct %."""
    return [e["t_ms"] for e in r["report"].get("events", [])
            if e["what"].startswith("backlight ") and e["what"] != "backlight None %"
            and abs(float(e["what"].split()[1]) - pct) < 0.05]


def first_after(r, what, t):
    later = [x for x in events(r, what) if x >= t]
    return later[0] if later else None


def window(r, i=0):
    w = r["report"].get("windows", [])
    return w[i] if len(w) > i and "busy_pct" in w[i] else None


def ph(r, key):
    """A "ph ran ..." field printed by the harness."""
    for line in r["stdout"].splitlines():
        if line.startswith("ph ran "):
            return dict(kv.split("=") for kv in line.split()[2:]).get(key)
    return None


def part_idle(pico):
    """The real-time loop at 30 Hz with nothing to do: CPU time per frame, share awake."""
    for name, stmt, inputs in (
            ("idle-launcher", "power_harness.launcher(0, 0, 750)", None),
            ("idle-game", "power_harness.game(0, 0, 750, 'norespect', (0, 3, 3))",
             [{"t_ms": 3000, "tap": "A", "hold_ms": 100}])):
        r = pico.run(name, "import power_harness\n" + stmt, 28,
                     env={"PICOTABLE_WINDOWS": "6000-16000"}, inputs=inputs)
        w = window(r)
        what = "the launcher" if name == "idle-launcher" else "No Respect, a human's turn"
        pico.figure("%s: CPU awake per frame (10 s, 300 frames)" % what,
                    "%.2f ms" % (w["busy_ms"] / 300) if w else None)
        pico.figure("%s: share of time awake" % what, "%.2f %%" % w["busy_pct"] if w else None)


def part_sleep(pico):
    for name, stmt, inputs, press in (
            ("sleep-launcher", "power_harness.launcher(2, 4, 300)", [], 12000),
            ("sleep-game", "power_harness.game(2, 4, 360, 'norespect', (0, 3, 3))",
             [{"t_ms": 2500, "tap": "A", "hold_ms": 100}], 12000)):
        inputs = inputs + [{"t_ms": press, "tap": "B", "hold_ms": 150}]
        r = pico.run(name, "import power_harness\n" + stmt, 30, inputs=inputs, png_every=100,
                     env={"PICOTABLE_WINDOWS": "8000-11000"})
        what = "the launcher" if name == "sleep-launcher" else "No Respect, a human's turn"
        slpin = events(r, "SLPIN")
        dim = backlight(r, 20)
        pico.figure("%s: dimmed (backlight 80 -> 20 %%) at" % what,
                    "%.0f ms" % dim[0] if dim else None)
        pico.figure("%s: asleep (SLPIN) at" % what, "%.0f ms" % slpin[0] if slpin else None)
        w = window(r)
        pico.figure("%s: asleep, share of time awake (3 s)" % what,
                    "%.2f %%" % w["busy_pct"] if w else None)
        on = first_after(r, "DISPON", press)
        lit = [t for t in backlight(r, 80) if t >= press]
        pico.figure("%s: key pressed -> display on (DISPON)" % what,
                    "%.1f ms" % (on - press) if on is not None else None)
        pico.figure("%s: key pressed -> backlight lit" % what,
                    "%.1f ms" % (lit[0] - press) if lit else None)
        pico.figure("%s: the same screen after the wake" % what, same_screen(pico, name, slpin, lit))
        if name == "sleep-game":
            pico.figure("%s: the game saved as it fell asleep" % what,
                        "yes" if "saved=1" in r["stdout"] else None)


def same_screen(pico, name, slpin, lit):
    """The snapshot before SLPIN and the one after the backlight came on, byte for byte."""
    if not slpin or not lit:
        return None
    snaps = sorted(f for f in os.listdir(pico.out) if f.startswith(name + "-") and f.endswith("ms.png"))
    def at(t):
        return os.path.join(pico.out, "%s-%06dms.png" % (name, t))
    before = int(slpin[0] // 100) * 100
    after = (int(lit[0] // 100) + 1) * 100
    a, b = at(before), at(after)
    if not (os.path.exists(a) and os.path.exists(b)) or not snaps:
        return None
    with open(a, "rb") as f, open(b, "rb") as g:
        return "yes (%s, %s)" % (os.path.basename(a), os.path.basename(b)) if f.read() == g.read() \
            else "NO: %s differs from %s" % (os.path.basename(a), os.path.basename(b))


def part_battery(pico):
    for name, env in (("gauge-3v9", {"PICOTABLE_VSYS": "3.9"}),
                      ("gauge-3v6", {"PICOTABLE_VSYS": "3.6"}),
                      ("gauge-usb", {"PICOTABLE_VSYS": "4.8", "PICOTABLE_VBUS": "1"})):
        r = pico.run(name, "import power_harness\npower_harness.launcher(0, 0, 90)", 6, env=env)
        pico.figure("gauge at %s: launcher" % name[6:], "%s.png" % name if r["code"] == 0 else None)
    r = pico.run("battery-low", "import power_harness\n"
                 "power_harness.game(0, 0, 850, 'norespect', (0, 3, 3))", 45,
                 env={"PICOTABLE_VSYS": "3.9@0,3.45@4000,3.3@20000"},
                 inputs=[{"t_ms": 2500, "tap": "A", "hold_ms": 100}])
    slpin = events(r, "SLPIN")
    pico.figure("VSYS 3.9 -> 3.45 V at 4 s -> 3.3 V at 20 s: saved, asleep (SLPIN) at",
                "%.0f ms" % slpin[0] if slpin else None)
    pico.figure("  the game saved", "yes" if "saved=1" in r["stdout"] else None)


def part_hang(pico):
    hang_flash = os.path.join(pico.out, "hang.bin")
    wdt = os.path.join(pico.out, "hang.wdt.json")
    with open(os.path.join(ROOT, "firmware", "main.py")) as f:
        main_py = f.read()
    # the watchdog on (no /nowdt) and main.py on the board, as flashed
    prep = "import os\ntry:\n    os.remove('/nowdt')\nexcept OSError:\n    pass\n" \
        "open('/main.py', 'w').write(%r)\n" % main_py
    r = pico.run("hang", prep + "import power_harness\npower_harness.hang(60)", 30,
                 env={"PICOTABLE_WDT": "reset", "PICOTABLE_WDT_OUT": wdt}, flash_out=hang_flash)
    wd = r["report"].get("watchdog")
    saved = [ln for ln in r["stdout"].splitlines() if ln.startswith("ph saved")]
    pico.figure("a game saved, then its step stuck: the watchdog fired at",
                "%.0f ms (%s)" % (wd["t_ms"], saved[0][3:]) if wd and saved else None)
    r = pico.run("hang-boot", None, 8, env={"PICOTABLE_WDT_IN": wdt},
                 flash_in=hang_flash, inputs=[{"t_ms": 4000, "tap": "A", "hold_ms": 100}],
                 png_every=1000)
    up = "picotable: launcher up" in r["stdout"]
    pico.figure("the boot after it: the launcher, 'Restarted after a hang', Resume",
                "hang-boot-003000ms.png" if up else None)
    pico.figure("  A on Resume: the saved game again", "hang-boot.png (%s)" % (
        "game norespect up" if "picotable: game norespect up" in r["stdout"] else "?")
        if up else None)


def progress(msg):
    sys.stderr.write("[power-pico] %s\n" % msg)
    sys.stderr.flush()


def main(argv=None):
    p = Parser(prog="python tools/power_pico.py", description=__doc__.split("\n\n")[0])
    p.add_argument("parts", nargs="*", metavar="PART", help="idle, sleep, battery, hang (default: all)")
    p.add_argument("--vpico", default=None, help="vpico.mjs (default: $VPICO)")
    p.add_argument("--out", default=OUT, help="outputs (default build/power-pico)")
    p.add_argument("--uf2", default=None, help="another MicroPython image (the console frozen in it)")
    a = p.parse_args(argv)
    for part in a.parts:
        if part not in PARTS:
            p.error("no part %r (the parts: %s)" % (part, ", ".join(PARTS)))
    try:
        if a.uf2 is not None and not os.path.isfile(a.uf2):
            raise bench_pico.SetupError("--uf2 %s: no such file (make uf2 builds one)" % a.uf2)
        pico = Pico(bench_pico.vpico_path(a.vpico), a.out, a.uf2 and os.path.abspath(a.uf2))
        bench_pico.check_assets(pico.vpico)
        pico.setup()
    except (bench_pico.SetupError, bench_pico.build.BuildError) as e:
        sys.stderr.write("power_pico: %s\n" % e)
        return 2
    for part in a.parts or PARTS:
        globals()["part_" + part](pico)
    return 1 if pico.failed else 0


if __name__ == "__main__":
    sys.exit(main())
