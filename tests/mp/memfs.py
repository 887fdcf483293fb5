"""An in-memory filesystem that can lose power: the model behind the storage tests.

`os` and `open` behave like the board's for what core.files uses. A power cut is armed with
cut(after_bytes, at_rename=...): once that many bytes have been written (or at the chosen
rename), PowerCut is raised and nothing further reaches the medium; what was written before the
cut stays (a write is persisted byte by byte, the worst case). reboot() disarms the cut.
With `fat=True`, rename onto an existing file fails as on FAT.
"""


class PowerCut(BaseException):
    """Not an Exception: nothing in the code under test may catch it."""


class MemFS:
    def __init__(self, fat=False):
        self.files = {}
        self.dirs = set()
        self.fat = fat
        self.budget = -1            # bytes still allowed to be written; -1 = unlimited
        self.rename_cut = -1        # cut at this rename (0 = the next one); -1 = never
        self.written = 0
        self.os = _Os(self)

    def cut(self, after_bytes=-1, at_rename=-1):
        self.budget = after_bytes
        self.rename_cut = at_rename

    def reboot(self):
        self.budget = -1
        self.rename_cut = -1

    def open(self, path, mode="r"):
        if "w" in mode or "a" in mode:
            if "w" in mode:
                self._spend(0)
                self.files[path] = bytearray()
            elif path not in self.files:
                self.files[path] = bytearray()
            return _WFile(self, path)
        if path not in self.files:
            raise OSError(2)
        return _RFile(bytes(self.files[path]))

    def _spend(self, n):
        if self.budget == 0:
            raise PowerCut()


class _Os:
    def __init__(self, fs):
        self.fs = fs

    def mkdir(self, path):
        if path in self.fs.dirs:
            raise OSError(17)
        self.fs.dirs.add(path)

    def stat(self, path):
        if path not in self.fs.files:
            raise OSError(2)
        return (0x8000, 0, 0, 0, 0, 0, len(self.fs.files[path]), 0, 0, 0)

    def remove(self, path):
        if path not in self.fs.files:
            raise OSError(2)
        del self.fs.files[path]

    def rename(self, old, new):
        fs = self.fs
        if fs.rename_cut == 0:
            raise PowerCut()
        if fs.rename_cut > 0:
            fs.rename_cut -= 1
        if old not in fs.files:
            raise OSError(2)
        if fs.fat and new in fs.files:
            raise OSError(17)
        fs.files[new] = fs.files.pop(old)

    def listdir(self, path):
        p = path.rstrip("/") + "/"
        return [k[len(p):] for k in self.fs.files if k.startswith(p)]


class _WFile:
    def __init__(self, fs, path):
        self.fs = fs
        self.path = path

    def write(self, data):
        fs = self.fs
        buf = fs.files[self.path]
        for b in bytes(data):
            if fs.budget == 0:
                raise PowerCut()
            if fs.budget > 0:
                fs.budget -= 1
            buf.append(b)
            fs.written += 1
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class _RFile:
    def __init__(self, data):
        self.data = data

    def read(self):
        return self.data

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False
