"""Make the README's pictures with the simulator: the launcher (headless, 240x240) and the
simulator window (SDL's dummy video driver, no screen needed).

    python tools/screenshots.py [OUT_DIR]     (default docs/img)
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv):
    sys.path.insert(0, ROOT)
    from host_sim.args import Parser
    p = Parser(prog="python tools/screenshots.py", description=__doc__.split("\n")[0])
    p.add_argument("out", nargs="?", default=os.path.join(ROOT, "docs", "img"), help="output folder")
    out = p.parse_args(argv).out
    if not os.path.isdir(os.path.dirname(os.path.abspath(out))):
        p.error("%s: its parent folder does not exist" % out)
    if os.path.exists(out) and not os.path.isdir(out):
        p.error("%s: is a file, not a folder" % out)
    os.makedirs(out, exist_ok=True)
    launcher = os.path.join(out, "launcher.png")
    subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--frames", "2",
                    "--screenshot", launcher], cwd=ROOT, check=True)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, ROOT)
    from host_sim import cli
    import pygame
    args = cli.parser().parse_args(["--data", os.path.join(out, ".simdata")])
    run = cli.Run(args, 1, args.data)
    run.window.accel.set(250, 120)          # a little tilt, to show the indicator
    for _ in range(3):
        run.console.frame()
    run.window._paint_body(32)              # A lit, as while pressing it
    path = os.path.join(out, "simulator.png")
    pygame.image.save(run.window.surface, path)
    import shutil
    shutil.rmtree(args.data, ignore_errors=True)
    print("wrote", launcher, path)


if __name__ == "__main__":
    main(sys.argv[1:])
