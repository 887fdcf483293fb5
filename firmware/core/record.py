"""A game's record: every event as a row of small integers in one preallocated array.

Each game lists its event kinds in games/<name>/events.py as EVENTS: a tuple indexed by kind
code, each entry (name, field names). The simulator turns the rows into JSON lines
(docs/record-format.md). Adding a row allocates nothing; when the array is full further
events are counted in `lost` (the capacity is chosen so that a real game never fills it).
`typecode` is the array's: "i" (32-bit fields, the default), "h" (16-bit, for a game whose
fields all fit -32768..32767: half the memory) or "b" (8-bit: fields within -128..127).
"""
from array import array


class Record:
    def __init__(self, capacity, fields=5, typecode="i"):
        self.width = fields + 1
        self.capacity = capacity
        self.typecode = typecode
        self.size = 1 if typecode == "b" else (2 if typecode == "h" else 4)    # bytes a field
        self.rows = array(typecode, bytes(self.size * capacity * self.width))  # zeros, no temporary list
        self.n = 0
        self.lost = 0

    def clear(self):
        self.n = 0
        self.lost = 0

    def add(self, kind, a=0, b=0, c=0, d=0, e=0):
        if self.n >= self.capacity:
            self.lost += 1
            return
        k = self.n * self.width
        r = self.rows
        r[k] = kind
        w = self.width
        if w > 1:
            r[k + 1] = a
        if w > 2:
            r[k + 2] = b
        if w > 3:
            r[k + 3] = c
        if w > 4:
            r[k + 4] = d
        if w > 5:
            r[k + 5] = e
        self.n += 1

    def kind(self, i):
        return self.rows[i * self.width]

    def field(self, i, j):
        return self.rows[i * self.width + 1 + j]

    def dump(self):
        """The used rows as bytes (for a save; allocates)."""
        return bytes(memoryview(self.rows)[:self.n * self.width])

    def restore(self, data):
        """Load rows written by dump(); False if they do not fit."""
        size = self.size
        words = len(data) // size
        if len(data) % size or words % self.width or words > len(self.rows):
            return False
        memoryview(self.rows)[:words] = array(self.typecode, data)
        self.n = words // self.width
        self.lost = 0
        return True
