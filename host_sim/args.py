"""Command-line parsing shared by the simulator and tools/*.py: a bad argument is one line on
stderr (not the usage block, never a traceback) and exit status 2."""
import argparse


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "%s: %s (see --help)\n" % (self.prog, message))


def whole(lo, hi=None):
    """An argparse type: a whole number in lo..hi (hi None: no upper bound)."""
    def parse(text):
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or n < lo or (hi is not None and n > hi):
            raise argparse.ArgumentTypeError("%r is not a whole number %s" % (
                text, ">= %d" % lo if hi is None else "in %d..%d" % (lo, hi)))
        return n
    return parse
