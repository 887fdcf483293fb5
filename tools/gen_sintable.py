"""Print the quarter-wave sine table used by firmware/core/fixed.py (257 entries, Q14)."""
import math

vals = [round(math.sin(math.pi / 2 * i / 256) * 16384) for i in range(257)]
for i in range(0, 257, 12):
    print("    " + " ".join("%d," % v for v in vals[i:i + 12]))
