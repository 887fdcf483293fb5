"""A row of NMBR 9's display cells into the frame buffer, viper version (the board's fast path
for scenes.py's _draw_cells(); without native code the scene draws the same pixels with
framebuf calls, and a test compares the two). A whole repaint of 19 tiles took 39 ms on the
emulated Pico with the framebuf calls, most of it Python walking 400 cells."""
import micropython


@micropython.viper
def row(dst: ptr8, h: ptr8, top: ptr8, col: ptr8, p: ptr32):
    """Cells p[1]..p[2] of row p[0] (h: heights, top: tile ids, 20 x 20 each) as 10 x 10 px
    cells from x 20 + 10 * cell, y 30 + 10 * row of the 240 x 240 GS4_HMSB frame `dst`: a tile's
    square in the colour col[height] framed in col[12] (black) on the sides that border another
    tile; an empty cell col[13] (navy) with a col[14] (slate) dot at its centre, its navy left
    out when p[3] (the screen was just cleared)."""
    cy = int(p[0])
    cx = int(p[1])
    x1 = int(p[2])
    cleared = int(p[3])
    black = int(col[12])
    navy = int(col[13])
    slate = int(col[14])
    y0 = 30 + cy * 10
    while cx <= x1:
        c = cy * 20 + cx
        x0 = 20 + cx * 10
        v = int(h[c])
        l = 0                                   # the sides framed in black
        r = 0
        t = 0
        bt = 0
        fill = navy
        if v:
            fill = int(col[v])
            tp = int(top[c])
            if cx > 0:
                if int(top[c - 1]) != tp:
                    l = 1
            if cx < 19:
                if int(top[c + 1]) != tp:
                    r = 1
            if cy > 0:
                if int(top[c - 20]) != tp:
                    t = 1
            if cy < 19:
                if int(top[c + 20]) != tp:
                    bt = 1
        if v or not cleared:
            o = y0 * 120 + (x0 >> 1)            # x0 is even: 5 whole bytes a pixel row
            y = 0
            while y < 10:
                edge = 0
                if y < t:
                    edge = 1
                if y >= 10 - bt:
                    edge = 1
                b = fill
                if edge:
                    b = black
                b = b | (b << 4)
                k = 0
                while k < 5:
                    dst[o + k] = b
                    k += 1
                if not edge:
                    if l:                       # the first pixel: a high nibble
                        dst[o] = (black << 4) | fill
                    if r:                       # the last (x0 + 9): a low nibble
                        dst[o + 4] = (fill << 4) | black
                o += 120
                y += 1
        if not v:                               # the dot: x0 + 5 is odd, a low nibble
            o = (y0 + 5) * 120 + ((x0 + 5) >> 1)
            dst[o] = (int(dst[o]) & 0xF0) | slate
        cx += 1
