"""The modules a console's boot leaves loaded: a console booted as main.py boots it, on the
stand-in hardware, with the start request argv[1] (the file's bytes in hex, written by
tests/test_lifecycle.py) on its flash, so that the boot is a game's. Prints what the console
runs, then the loaded modules, sorted.

    boot_modules.py START_BIN_HEX
"""
import sys

from core.gfx import Gfx

frame = Gfx()                       # first, as main.py does
import fakehw  # noqa: E402

hw = fakehw.Hardware()
with open(hw.data + "/start.bin", "wb") as f:
    f.write(bytes.fromhex(sys.argv[1]))
from core.console import Console  # noqa: E402

c = Console(hw, frame)
c.frame()
print(c.mode())
print(" ".join(sorted(sys.modules)))
hw.cleanup()
