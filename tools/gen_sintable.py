"""Print the quarter-wave sine table used by firmware/core/fixed.py (257 entries, Q14)."""
import math
import os
import sys


def main(argv):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from host_sim.args import Parser
    Parser(prog="python tools/gen_sintable.py", description=__doc__).parse_args(argv)
    vals = [round(math.sin(math.pi / 2 * i / 256) * 16384) for i in range(257)]
    for i in range(0, 257, 12):
        print("    " + " ".join("%d," % v for v in vals[i:i + 12]))


if __name__ == "__main__":
    main(sys.argv[1:])
