"""The console's files: one flat folder on the board's LittleFS (or a host folder).

The `os` module (and optionally `open`) is passed in: the board's, the host's, or a test's
power-cut model, so the core imports no host paths. Names are plain file names without folders.
"""


class Files:
    def __init__(self, os_module, root, opener=None):
        self.os = os_module
        self.open = opener if opener is not None else open
        self.root = root.rstrip("/")
        try:
            self.os.mkdir(self.root)
        except OSError:
            pass            # exists already

    def path(self, name):
        return self.root + "/" + name

    def read(self, name):
        """The file's bytes, or None when it does not exist or cannot be read."""
        try:
            with self.open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        """Write the whole file, flushed to the medium before returning."""
        with self.open(self.path(name), "wb") as f:
            f.write(data)
            f.flush()
        sync = getattr(self.os, "sync", None)
        if sync:
            sync()

    def append(self, name, data):
        with self.open(self.path(name), "ab") as f:
            f.write(data)
            f.flush()

    def size(self, name):
        try:
            return self.os.stat(self.path(name))[6]
        except OSError:
            return -1

    def rename(self, old, new):
        """Replace `new` by `old`: atomic on LittleFS and POSIX; FAT needs the remove first."""
        try:
            self.os.rename(self.path(old), self.path(new))
        except OSError:
            self.remove(new)
            self.os.rename(self.path(old), self.path(new))

    def remove(self, name):
        try:
            self.os.remove(self.path(name))
        except OSError:
            pass

    def exists(self, name):
        return self.size(name) >= 0
