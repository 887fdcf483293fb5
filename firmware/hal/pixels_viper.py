"""GS4_HMSB -> RGB565 conversion, viper version (the board's fast path; see hal/pixels.py for
the contract). One 32-bit table load and store per frame byte: `lut` and `dst` are bytearrays,
whose data MicroPython allocates word-aligned, so ptr32 access is aligned on the Cortex-M0+.
"""
import micropython


@micropython.viper
def convert(src: ptr8, dst: ptr32, lut: ptr32, p: ptr32):
    row = int(p[0])
    wb = int(p[1])
    col = int(p[2])
    n = int(p[3])
    o = 0
    while n > 0:
        run = wb - col
        if run > n:
            run = n
        s = row + col
        e = s + run
        while s < e:
            dst[o] = lut[src[s]]
            o += 1
            s += 1
        n -= run
        col += run
        if col >= wb:
            col = 0
            row += 120
    p[0] = row
    p[2] = col
