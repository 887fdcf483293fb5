"""The files a simulator run writes (--screenshot, --record, --export-record, the window's F12)
and the folder it keeps settings and saves in (--data): nothing is lost, every failure is one
line naming the flag and the file.

- An output is never an input, and no two outputs are one file: same_file() compares the files
  themselves (through symlinks and hard links), not their names.
- A folder is writable when a file can really be made in it (probe(); os.access() says yes to
  root everywhere, /proc included).
- A regular file is written under a temporary name beside it and renamed over it once complete
  (Output), so a full disk or an interrupted run leaves the old file, never half a new one. A
  device or a pipe (/dev/stdout, a shell's >(...)) is written directly.
"""
import errno
import os
import stat


class Failed(Exception):
    """A write that failed: its one line says the flag, the file and why."""


def why(e, what="cannot write it"):
    """An OSError in words: "disk full (No space left on device)", else `what` (strerror)."""
    text = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        return "disk full (%s)" % text
    if e.errno == errno.EDQUOT:
        return "over the disk quota (%s)" % text
    return "%s (%s)" % (what, text)


def same_file(a, b):
    """True when paths `a` and `b` are one file: the same file on disk when both exist (a symlink
    or a hard link to it counts), else the same path once symlinks are resolved."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def probe(folder):
    """None when a file can be made in `folder` (one is made, written and removed), else the
    OSError that says why not."""
    name = os.path.join(folder, ".picotable-probe-%d" % os.getpid())
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as e:
        return e
    try:
        os.write(fd, b"picotable")
        os.fsync(fd)
        return None
    except OSError as e:
        return e
    finally:
        os.close(fd)
        os.remove(name)


class Output:
    """One output file of the run, written in one or more pieces (str or bytes), then close()d:
    only then does the file appear whole under its name. Failed on any error (and the temporary
    file is gone)."""

    def __init__(self, flag, path):
        self.flag = flag
        self.path = path
        self._f = None
        self._tmp = None            # the temporary name, while a regular file is being written
        self._target = None

    def _fail(self, e):
        self.discard()
        return Failed("%s %s: %s" % (self.flag, self.path, why(e)))

    def _open(self):
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is None or stat.S_ISREG(mode):
            self._target = os.path.realpath(self.path)     # a symlink's file is replaced, not the link
            folder, base = os.path.split(self._target)
            self._tmp = os.path.join(folder, ".%s.%d.tmp" % (base, os.getpid()))
            self._f = open(self._tmp, "xb")
            if mode is not None:
                os.chmod(self._tmp, stat.S_IMODE(mode))    # the file keeps its permissions
        else:
            self._f = open(self.path, "wb")     # /dev/stdout on a pipe has no real path to resolve

    def write(self, data):
        try:
            if self._f is None:
                self._open()
            self._f.write(data.encode() if isinstance(data, str) else data)
        except OSError as e:
            raise self._fail(e)

    def close(self):
        """The file complete under its name (nothing happens if nothing was written)."""
        if self._f is None:
            return
        try:
            self._f.flush()
            if self._tmp is not None:
                os.fsync(self._f.fileno())
            self._f.close()
            self._f = None
            if self._tmp is not None:
                os.replace(self._tmp, self._target)
                self._tmp = None
        except OSError as e:
            raise self._fail(e)

    def discard(self):
        """Give up: the temporary file removed, the target as it was."""
        f, self._f = self._f, None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
        if self._tmp is not None:
            try:
                os.remove(self._tmp)
            except OSError:
                pass
            self._tmp = None


def write_file(flag, path, data):
    """Write all of `data` to `path` as an Output; Failed on any error."""
    out = Output(flag, path)
    out.write(data)
    out.close()
