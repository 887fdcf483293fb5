# Boot of the stand-in board (run by the unix MicroPython port under tests/fakes/ptyboard.py).
# Like rp2's frozen _boot.py it mounts the board's filesystem at "/": here a host folder through
# VfsPosix, so "/main.py", "/core" and "/data" live in that folder. Then, like a board after
# reset, it runs main.py (mode "boot"), or only mounts (mode "repl": a soft reset in raw REPL).
# usage: micropython -i board_boot.py ROOT boot|repl
import os
import sys

os.umount("/")
os.mount(os.VfsPosix(sys.argv[1]), "/")
os.chdir("/")
sys.path[:] = ["", ".frozen", "/lib"]
if sys.argv[2] == "boot":
    try:
        os.stat("/main.py")
        _main = True
    except OSError:
        _main = False
    if _main:
        try:
            import main
        except BaseException as e:  # like the board: the traceback, then the REPL
            sys.print_exception(e)
    del _main
del os, sys
