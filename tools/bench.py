"""make bench: frame cost, allocations and memory of every scene under the real unix MicroPython.

Runs each tests/mp/bench_*.py on the 64-bit unix port from compiled .mpy files (the form the
board runs) and prints their lines, then a table of the console's scenes. Host figures only:
device figures come from the emulated Pico (tools/bench_pico.py, make bench-pico). Figures,
not pass/fail: the README's table is copied from this output.

    python tools/bench.py [FRAMES]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mprun  # noqa: E402

sys.path.insert(0, mprun.ROOT)
from host_sim.args import Parser, whole  # noqa: E402


def fields(line):
    return dict(kv.split("=", 1) for kv in line.split() if "=" in kv)


def main(argv):
    p = Parser(prog="python tools/bench.py", description="frame cost, allocations and memory (make bench)")
    p.add_argument("frames", nargs="?", type=whole(1), default=300, help="frames of the console bench")
    frames = str(p.parse_args(argv).frames)
    try:
        mprun.unix_binary()
        mprun.wasm_runner()
    except mprun.MissingPort as e:
        raise SystemExit("python tools/bench.py: %s" % e)
    benches = sorted(f for f in os.listdir(mprun.MP_TESTS) if f.startswith("bench_") and f.endswith(".py"))
    console_rows = []
    failed = 0
    for name in benches:
        args = [frames] if name == "bench_console.py" else []
        r = mprun.run("unix", os.path.join("tests", "mp", name), args, mpy=True, cwd=mprun.ROOT)
        print("## %s (unix port, .mpy)" % name)
        sys.stdout.write(r.stdout)
        if r.returncode:
            failed += 1
            sys.stdout.write(r.stderr)
        for line in r.stdout.splitlines():
            if line.startswith("bench console "):
                console_rows.append((line.split()[2], fields(line)))
        print()
    print("## heap in use on the 32-bit port (WebAssembly: object sizes like the Pico's; .mpy "
          "bytecode, pure kernels instead of viper; collected between top-level calls)")
    for args in (["launcher"], ["norespect", "2"], ["norespect", "4"], ["tower", "2"], ["tower", "4"],
                 ["nope", "2"], ["nope", "6"], ["tiptop", "2"], ["tiptop", "8"], ["nmbr9", "1"],
                 ["nmbr9", "4"]):
        r = mprun.run("wasm", os.path.join("tests", "mp", "mem_state.py"), args, mpy=True,
                      cwd=mprun.ROOT, then="import gc; gc.collect(); print(gc.mem_alloc())")
        if r.returncode:
            failed += 1
            print("bench memory32 %s failed: %s" % (" ".join(args), r.stderr.strip()[-200:]))
        else:
            print("bench memory32 %s heap=%s" % ("_".join(args), r.stdout.strip()))
    print()
    if console_rows:
        print("| scene | frames | host ms/frame (max) | allocations/frame "
              "| peak gc.mem_alloc() | SPI bytes/frame (max) | idle: SPI bytes/frame (max) |")
        print("|---|---|---|---|---|---|---|")
        for scene, f in console_rows:
            print("| %s | %s | %s (%s) | %s | %.1f KB | %s (%s) | %s (%s) |" % (
                scene, f["frames"], f["host_ms"], f["max_ms"], f["alloc"],
                int(f["peak"]) / 1024, f["spi_bytes"], f["spi_max"], f["idle_bytes"], f["idle_max"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
