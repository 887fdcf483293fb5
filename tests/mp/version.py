# Prints the running MicroPython's version as X.Y.Z (tests/test_ports.py).
import sys

print("%d.%d.%d" % sys.implementation.version[:3])
