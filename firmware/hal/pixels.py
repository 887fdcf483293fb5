"""GS4_HMSB -> RGB565 conversion for the ST7789 driver: the pure-Python twin of pixels_viper.

convert(src, dst, lut, p) converts p[3] frame bytes of one rectangle, row by row, into
dst[0 : 4 * p[3]]. Each frame byte is two pixels (even x in the high nibble) and `lut` holds the
4 wire bytes for every byte value (256 * 4 bytes). The rectangle is described by p (an
array('i')): p[0] = index in src of the current row's first byte of the rectangle, p[1] = bytes
per rectangle row, p[2] = bytes of the current row already done. On return p[0] and p[2] point
past what was converted, so the next call continues there. Same results as the viper version,
bit for bit (tests/mp/hal_pixels_parity.py); nothing is allocated.
"""
from micropython import const

_STRIDE = const(120)    # bytes per 240-pixel row


def convert(src, dst, lut, p):
    row = p[0]
    wb = p[1]
    col = p[2]
    n = p[3]
    o = 0
    while n > 0:
        run = wb - col
        if run > n:
            run = n
        s = row + col
        for i in range(s, s + run):
            b = src[i] << 2
            dst[o] = lut[b]
            dst[o + 1] = lut[b + 1]
            dst[o + 2] = lut[b + 2]
            dst[o + 3] = lut[b + 3]
            o += 4
        n -= run
        col += run
        if col >= wb:
            col = 0
            row += _STRIDE
    p[0] = row
    p[2] = col
