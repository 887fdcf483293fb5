"""copy(dst, src): dst[:] = src between byte arrays or arrays, without allocating.

Writing `dst[:] = src` builds a slice object on the heap on MicroPython 1.24 (the supported
minimum; 1.26 and newer build it on the C stack for a bytearray or a memoryview, never for an
array), so inside a game's frames it would allocate on the board. A slice object made once at import and reused
allocates nothing on any port and keeps the C copy: 72 bytes take 17 us on the emulated Pico
(1.24.1, 125 MHz), where a Python loop over the bytes takes 615 us.
"""


class _Slicer:
    def __getitem__(self, key):
        return key


_WHOLE = _Slicer()[:]       # slice(None, None, None): MicroPython cannot call slice() itself


def copy(dst, src):
    """dst[:] = src for buffers of the same length and type; allocation-free."""
    dst[_WHOLE] = src
