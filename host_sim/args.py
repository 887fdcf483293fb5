"""Command-line parsing shared by the simulator and tools/*.py: a bad argument is one line on
stderr (not the usage block, never a traceback) and exit status 2."""
import argparse
import os
import sys

CEILING = (1 << 30) - 1     # no number on a command line goes beyond the Pico's small ints


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "%s: %s (see --help)\n" % (self.prog, message))

    def _print_message(self, message, file=None):
        """argparse's (it prints --help and the errors), except that a stream that cannot take
        the message (--help > /dev/full) is one line on stderr and status 1, not silence."""
        if not message:
            return
        file = file or sys.stderr
        try:
            file.write(message)
            file.flush()
        except OSError as e:
            if file is sys.stdout:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second complaint
            if not isinstance(e, BrokenPipeError):      # a reader that has read enough: quiet
                sys.stderr.write("%s: standard output: %s\n" % (self.prog, e.strerror or e))
            raise SystemExit(1)


def whole(lo, hi=None):
    """An argparse type: a whole number in lo..hi (hi None: lo..CEILING)."""
    top = CEILING if hi is None else hi

    def parse(text):
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or n < lo or n > top:
            low = hi is None and (n is None or n < lo)      # not a number, or too small
            raise argparse.ArgumentTypeError("%r is not a whole number %s" % (
                text, ">= %d" % lo if low else "in %d..%d" % (lo, top)))
        return n
    return parse
