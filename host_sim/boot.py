"""Make CPython look like the board to the core: firmware/ first on sys.path, the stand-ins of
`micropython` and `framebuf` next, and `sys.print_exception` (MicroPython's name for printing a
traceback), which the core's error screen uses."""
import os
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_sim", "shims")


def _print_exception(exc, file=sys.stderr):
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=file)


def install():
    for p in (SHIMS, FIRMWARE):
        if p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)
    if not hasattr(sys, "print_exception"):
        sys.print_exception = _print_exception
