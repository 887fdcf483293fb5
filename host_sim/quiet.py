"""C libraries that talk on stderr (ALSA's "ALSA lib ... Unknown PCM default" while SDL looks for
a sound device, SDL's own video probing) are silenced while the simulator probes them: their
failure is reported in one line of ours instead."""
import contextlib
import os
import sys


@contextlib.contextmanager
def c_stderr_silenced():
    """File descriptor 2 goes to the null device for the duration (what C code writes there too)."""
    sys.stderr.flush()
    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
