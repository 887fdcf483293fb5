"""The image beside the stock path on the emulated Pico (docs/firmware-image.md, Figures): the
launcher's live heap, a game's live heap as it starts after its start request, the game played
to its end by bots, and the largest ballast block with which it starts and finishes.

    python tools/bench_image.py image|stock GAME KINDS [--ballast KB,KB,...] [--seed S]
                                [--frames N] [--vpico PATH] [--uf2 FILE] [--elf FILE]

image: build/picotable-rp2040.uf2 (make uf2) with only the harness on its filesystem; stock:
vpico's own MicroPython 1.24.1 image with make mpy's tree (main.py left out) and the harness.
GAME: one of core/catalog.py's games.
KINDS: a digit per seat (1 easy, 2 normal, 3 hard). One vpico run is the launcher's boot (its
start request is kept in the flash image), then one run per ballast size is the game's boot on
that flash (tools/pico/image_bench.py says why a boot is a run). VPICO (option or environment):
the path of vpico.mjs. --elf: the image's ELF (make uf2 leaves it in build/uf2/rp2040/cmake/),
read for the address and size of its Python call stack, whose peak use each game reports. Raw
output: build/bench-image/*.log. Exit status: 0 every run reported, 1 a run did not, 2 set-up
or arguments.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
import bench_pico as BP  # noqa: E402
from host_sim.args import Parser, whole  # noqa: E402  (build put the root on sys.path)

ROOT = build.ROOT
OUT = os.path.join(ROOT, "build", "bench-image")
HARNESS = os.path.join(ROOT, "tools", "pico", "image_bench.py")
UF2 = os.path.join(ROOT, "build", "picotable-rp2040.uf2")
ELF = os.path.join(ROOT, "build", "uf2", "rp2040", "cmake", "firmware.elf")


def seat_kinds(text):
    """An argparse type: 2-4 seat digits, 1 easy, 2 normal, 3 hard."""
    if not 2 <= len(text) <= 4 or any(ch not in "123" for ch in text):
        raise argparse.ArgumentTypeError("%r is not 2-4 seat digits of 1 2 3 (bot levels)" % text)
    return text


def sizes(text):
    """An argparse type: ballast sizes in KB, comma-separated, each 0..228."""
    parts = text.split(",")
    if not all(p.isdigit() and int(p) <= 228 for p in parts):
        raise argparse.ArgumentTypeError("%r is not KB sizes 0..228, comma-separated" % text)
    return [int(p) for p in parts]


def tree(which):
    """The filesystem to copy: the harness and /nowdt (no watchdog between runs), and on the
    stock path the compiled console as make mpy builds it, without main.py."""
    root = os.path.join(OUT, which + "-tree")
    if which == "stock":
        build.build(build.SRC, root, "armv6m", quiet=True)
        os.remove(os.path.join(root, "main.py"))
    else:
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
    shutil.copyfile(HARNESS, os.path.join(root, "image_bench.py"))
    open(os.path.join(root, "nowdt"), "w").close()
    return root


def pystack_in(nm_output):
    """(address, words) of the image's Python call stack (the board's picotable_pystack, a
    static in its EARLY_INIT hook) in `arm-none-eabi-nm -S` output, or None."""
    m = re.search(r"^([0-9a-f]+) ([0-9a-f]+) [bBdD] picotable_pystack\b", nm_output, re.M)
    return (int(m.group(1), 16), int(m.group(2), 16) // 4) if m else None


def pystack(elf):
    try:
        return pystack_in(subprocess.run(["arm-none-eabi-nm", "-S", elf], capture_output=True,
                                         text=True).stdout)
    except OSError:
        return None


def vpico(opt, which, name, args, seconds):
    env = dict(os.environ)
    if which == "image":
        env["VPICO_UF2"] = os.path.abspath(opt.uf2)
    cmd = ["node", opt.vpico, "--quiet", "--seconds", str(seconds)] + args
    res = subprocess.run(cmd, capture_output=True, text=True, env=env)
    with open(os.path.join(OUT, name + ".log"), "w") as f:
        f.write(res.stdout + "\n---- stderr\n" + res.stderr)
    lines = [ln.strip() for ln in res.stdout.splitlines() if ln.startswith("ib ")]
    return lines, res


def main(argv):
    ap = Parser(prog="python tools/bench_image.py", description=__doc__.split("\n")[0])
    ap.add_argument("which", choices=("image", "stock"))
    ap.add_argument("game", choices=BP.GAMES)
    ap.add_argument("kinds", type=seat_kinds)
    ap.add_argument("--ballast", type=sizes, default=[0], help="KB taken first, comma-separated")
    ap.add_argument("--seed", type=whole(0, (1 << 30) - 1), default=1)
    ap.add_argument("--frames", type=whole(1), default=30000)
    ap.add_argument("--vpico", default=os.environ.get("VPICO", ""))
    ap.add_argument("--uf2", default=UF2)
    ap.add_argument("--elf", default=ELF)
    opt = ap.parse_args(argv)
    if not os.path.isfile(opt.vpico):
        print("bench_image: no virtual Pico: set VPICO=/path/to/vpico.mjs (or --vpico)",
              file=sys.stderr)
        return 2
    if opt.which == "image" and not os.path.isfile(opt.uf2):
        print("bench_image: %s is missing: run make uf2 first" % opt.uf2, file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    flash = os.path.join(OUT, "%s-%s.flash" % (opt.which, opt.game))
    tag = "%s-%s-%s-%d" % (opt.which, opt.game, opt.kinds, opt.seed)
    try:
        root = tree(opt.which)
    except build.BuildError as e:
        print("bench_image: %s" % e, file=sys.stderr)
        return 2
    lines, res = vpico(opt, opt.which, tag + "-launcher",
                       ["--root", root, "--flash-out", flash, "--run",
                        "import image_bench\nimage_bench.launcher(%r, %r, %d)"
                        % (opt.game, opt.kinds, opt.seed)], 60)
    print("%s: %s" % (opt.which, " | ".join(lines) or "no report: " + res.stderr.strip()[-300:]),
          flush=True)
    ok = bool(lines)
    stack = pystack(opt.elf) if opt.which == "image" and os.path.isfile(opt.elf) else None
    for kb in opt.ballast:
        pre = "_ballast = bytearray(%d)\n" % (kb * 1024) if kb else ""
        lines, res = vpico(opt, opt.which, "%s-%dk" % (tag, kb),
                           ["--flash-in", flash, "--run",
                            pre + "import image_bench\nimage_bench.game(%d, %r)"
                            % (opt.frames, stack)], 900)
        m = re.search(r"^end: (.*)$", res.stdout, re.M)
        print("%s ballast %d KB: %s (vpico end: %s)" % (
            opt.which, kb, " | ".join(lines) or "no report: " + res.stderr.strip()[-300:],
            m.group(1) if m else "?"), flush=True)
        ok = ok and bool(lines)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
