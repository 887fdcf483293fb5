"""A piece's polygons, each filled and outlined, in a GS4_HMSB view, in viper: exactly the pixels
of framebuf's FrameBuffer.poly(0, 0, z, colour, True) then .poly(0, 0, z, edge), part after
part (the pieces' drawing, draw.py), at a fraction of their cost on the board, in one call.

FrameBuffer.poly() fills row by row; for each row it goes over every edge, reading both ends
through MicroPython's generic array access, and computes the edge's crossing with a division.
Here each edge is walked once over its rows, the crossing carried from row to row (the same
integer formula, its quotient and remainder stepped), into per-row scratch; then each row's span
is filled, whole 32-bit words in its middle. framebuf's rules are kept: framebuf goes round the
polygon from vertex i + 1 to vertex i (a crossing is rounded from an edge's first end, a line is
drawn from it); an edge covers the rows from its top end down to the row above its bottom end;
the crossing is (32 x1 + 32 dx (row - y1) / dy + 16) / 32 with C's division (towards zero); a
row's crossings are filled pairwise (here: exactly two); each edge also sets its bottom end's
pixel (a horizontal edge: its row from end to end). The outline is framebuf's line()
(Bresenham, its end pixel included) edge by edge. Rows and columns outside the view are clipped
as framebuf clips them.

A row of a closed polygon is crossed an even number of times. A part of a piece is convex, so
twice; rounding its vertices to pixels could make it slightly concave, so a row crossed four
times or more is not drawn here: poly() returns how many parts it drew (that part not drawn at
all), and the caller draws the rest with framebuf. tests/mp/tower_poly.py compares the pixels with framebuf's over random polygons,
clipped, concave and degenerate ones included.
"""
import micropython
from micropython import const

# p (array 'i'): [0] the clip's columns x0 | x1 << 16, [1] its rows y0 | y1 << 16 (inclusive: only
# pixels inside it are written; Painter.view() sets the whole view), [2] view height (rows), [3]
# fill colour (16: no fill),
# [4] edge colour (16: no outline), [5] a stamp (changed here at every polygon: scratch rows
# written for an earlier one count as empty), [6] parts, then per part its first coordinate in
# z and its vertex count; all non-negative (a 64-bit port's viper reads -1 from an array 'i'
# as 2**32 - 1)
# s (array 'h', 3 * 240): per row its first crossing, its second, stamp * 4 + how many
_HI = const(240)
_CNT = const(480)


@micropython.viper
def poly(buf: ptr8, z: ptr16, s: ptr16, p: ptr32) -> int:
    h = int(p[2])
    cx0 = int(p[0]) & 0xFFFF
    cx1 = int(p[0]) >> 16
    cy0 = int(p[1]) & 0xFFFF
    cy1 = int(p[1]) >> 16
    if cy1 > h - 1:
        cy1 = h - 1
    col = int(p[3])
    edge = int(p[4])
    parts = int(p[6])
    part = 0
    while part < parts:
        first = int(p[7 + 2 * part])
        n = int(p[8 + 2 * part])
        stamp = ((int(p[5]) + 1) & 0x3FFF)
        p[5] = stamp
        stamp = stamp << 2
        part += 1
        if n < 1:
            continue
        if col < 16:
            ymin = 32767
            ymax = -32768
            i = 0
            while i < n:
                y = (int(z[first + 2 * i + 1]) ^ 0x8000) - 0x8000
                if y < ymin:
                    ymin = y
                if y > ymax:
                    ymax = y
                i += 1
            r0 = ymin if ymin > cy0 else cy0
            r1 = ymax if ymax < cy1 else cy1
            # the crossings, edge by edge (framebuf's direction: from vertex i + 1 to vertex i)
            i = 0
            while i < n:
                j = i + 1 if i + 1 < n else 0
                x1 = (int(z[first + 2 * j]) ^ 0x8000) - 0x8000
                y1 = (int(z[first + 2 * j + 1]) ^ 0x8000) - 0x8000
                x2 = (int(z[first + 2 * i]) ^ 0x8000) - 0x8000
                y2 = (int(z[first + 2 * i + 1]) ^ 0x8000) - 0x8000
                i += 1
                if y1 == y2:
                    continue
                d = y2 - y1
                ad = d if d > 0 else 0 - d
                dx = x2 - x1
                adx = dx if dx > 0 else 0 - dx
                row = y1 if y1 < y2 else y2         # rows row..re: top end to above the bottom end
                re = (y2 if y1 < y2 else y1) - 1
                if row < r0:
                    row = r0
                if re > r1:
                    re = r1
                if row > re:
                    continue
                t = row - y1                        # |t| grows with the row when d > 0
                if t < 0:
                    t = 0 - t
                num = 32 * adx * t
                step = 32 * adx if d > 0 else 0 - 32 * adx
                q = num // ad
                r = num - q * ad
                qs = step // ad
                rr = step - qs * ad
                x32 = 32 * x1 + 16
                if dx < 0:                          # the crossing x32 -/+ q, rounded towards zero
                    x32 = 0 - x32                   # (-(x32 - q) when dx < 0: negated back below)
                while row <= re:
                    a = x32 + q
                    node = a >> 5 if a >= 0 else 0 - ((0 - a) >> 5)
                    if dx < 0:
                        node = 0 - node
                    c = int(s[_CNT + row]) ^ stamp  # 0..3: written in this call
                    if c > 3 or c == 0:
                        s[row] = node
                        s[_CNT + row] = stamp + 1
                    elif c == 1:
                        s[_HI + row] = node
                        s[_CNT + row] = stamp + 2
                    else:
                        return part - 1             # concave: framebuf draws it and the rest
                    q += qs
                    r += rr
                    if r >= ad:
                        r -= ad
                        q += 1
                    row += 1
            # the spans: a nibble, whole words, bytes, a nibble
            cb = col & 15
            cc = cb | (cb << 4)
            cw = cc | (cc << 8)
            cw = cw | (cw << 16)
            w32 = ptr32(buf)
            if r1 > ymax - 1:
                r1 = ymax - 1                       # the bottom row has no crossings: its scratch
            row = r0                                # may be an earlier call's
            while row <= r1:
                if int(s[_CNT + row]) == stamp + 2:
                    a = (int(s[row]) ^ 0x8000) - 0x8000
                    b = (int(s[_HI + row]) ^ 0x8000) - 0x8000
                    if a > b:
                        t = a
                        a = b
                        b = t
                    if a < cx0:
                        a = cx0
                    if b > cx1:
                        b = cx1
                    if a <= b:
                        k = row * 120 + (a >> 1)
                        if a & 1:
                            buf[k] = (buf[k] & 0xF0) | cb
                            k += 1
                            a += 1
                        e = row * 120 + ((b + 1) >> 1)  # bytes k..e - 1 whole
                        if a <= b and (b & 1) == 0:
                            buf[e] = (buf[e] & 0x0F) | (cb << 4)
                        while k < e and (k & 3):
                            buf[k] = cc
                            k += 1
                        while k + 4 <= e:
                            w32[k >> 2] = cw
                            k += 4
                        while k < e:
                            buf[k] = cc
                            k += 1
                row += 1
            # each edge's bottom end (a horizontal edge: its row from end to end)
            i = 0
            while i < n:
                j = i + 1 if i + 1 < n else 0
                x1 = (int(z[first + 2 * j]) ^ 0x8000) - 0x8000
                y1 = (int(z[first + 2 * j + 1]) ^ 0x8000) - 0x8000
                x2 = (int(z[first + 2 * i]) ^ 0x8000) - 0x8000
                y2 = (int(z[first + 2 * i + 1]) ^ 0x8000) - 0x8000
                i += 1
                if y1 < y2:
                    x1 = x2
                    y1 = y2
                elif y1 == y2:
                    if x2 < x1:
                        t = x1
                        x1 = x2
                        x2 = t
                    if y1 >= cy0 and y1 <= cy1:
                        if x1 < cx0:
                            x1 = cx0
                        if x2 > cx1:
                            x2 = cx1
                        k = y1 * 120 + (x1 >> 1)
                        if x1 <= x2 and x1 & 1:
                            buf[k] = (buf[k] & 0xF0) | cb
                            k += 1
                            x1 += 1
                        while x1 < x2:
                            buf[k] = cc
                            k += 1
                            x1 += 2
                        if x1 == x2:
                            buf[k] = (buf[k] & 0x0F) | (cb << 4)
                    continue
                if x1 >= cx0 and x1 <= cx1 and y1 >= cy0 and y1 <= cy1:
                    k = y1 * 120 + (x1 >> 1)
                    if x1 & 1:
                        buf[k] = (buf[k] & 0xF0) | cb
                    else:
                        buf[k] = (buf[k] & 0x0F) | (cb << 4)
        if edge < 16:
            cb = edge & 15
            ch = cb << 4
            i = 0
            while i < n:
                j = i + 1 if i + 1 < n else 0
                x1 = (int(z[first + 2 * j]) ^ 0x8000) - 0x8000
                y1 = (int(z[first + 2 * j + 1]) ^ 0x8000) - 0x8000
                x2 = (int(z[first + 2 * i]) ^ 0x8000) - 0x8000
                y2 = (int(z[first + 2 * i + 1]) ^ 0x8000) - 0x8000
                i += 1
                # framebuf's line(x1, y1, x2, y2); none of it when it misses the clip, where it
                # stays in the clip without a check per pixel
                if (x1 < cx0 and x2 < cx0) or (x1 > cx1 and x2 > cx1) or \
                        (y1 < cy0 and y2 < cy0) or (y1 > cy1 and y2 > cy1):
                    continue
                inside = x1 >= cx0 and x1 <= cx1 and x2 >= cx0 and x2 <= cx1 and y1 >= cy0 and \
                    y1 <= cy1 and y2 >= cy0 and y2 <= cy1
                dx = x2 - x1
                sx = 1
                if dx <= 0:
                    dx = 0 - dx
                    sx = -1
                dy = y2 - y1
                sy = 1
                if dy <= 0:
                    dy = 0 - dy
                    sy = -1
                if dy == 0:                         # a row: the pixels from end to end
                    if y1 >= cy0 and y1 <= cy1:
                        a = x1 if x1 < x2 else x2
                        b = x2 if x1 < x2 else x1
                        if a < cx0:
                            a = cx0
                        if b > cx1:
                            b = cx1
                        k = y1 * 120 + (a >> 1)
                        if a <= b and a & 1:
                            buf[k] = (buf[k] & 0xF0) | cb
                            k += 1
                            a += 1
                        while a < b:
                            buf[k] = cb | ch
                            k += 1
                            a += 2
                        if a == b:
                            buf[k] = (buf[k] & 0x0F) | ch
                    continue
                if dx == 0:                         # a column: the same
                    if x1 >= cx0 and x1 <= cx1:
                        a = y1 if y1 < y2 else y2
                        b = y2 if y1 < y2 else y1
                        if a < cy0:
                            a = cy0
                        if b > cy1:
                            b = cy1
                        k = a * 120 + (x1 >> 1)
                        while a <= b:
                            if x1 & 1:
                                buf[k] = (buf[k] & 0xF0) | cb
                            else:
                                buf[k] = (buf[k] & 0x0F) | ch
                            k += 120
                            a += 1
                    continue
                if dy > dx:                         # steep: a pixel a row
                    e = 2 * dx - dy
                    m = 0
                    while m < dy:
                        if inside or (x1 >= cx0 and x1 <= cx1 and y1 >= cy0 and y1 <= cy1):
                            k = y1 * 120 + (x1 >> 1)
                            if x1 & 1:
                                buf[k] = (buf[k] & 0xF0) | cb
                            else:
                                buf[k] = (buf[k] & 0x0F) | ch
                        while e >= 0:
                            x1 += sx
                            e -= 2 * dy
                        y1 += sy
                        e += 2 * dx
                        m += 1
                else:                               # a pixel a column
                    e = 2 * dy - dx
                    m = 0
                    while m < dx:
                        if inside or (x1 >= cx0 and x1 <= cx1 and y1 >= cy0 and y1 <= cy1):
                            k = y1 * 120 + (x1 >> 1)
                            if x1 & 1:
                                buf[k] = (buf[k] & 0xF0) | cb
                            else:
                                buf[k] = (buf[k] & 0x0F) | ch
                        while e >= 0:
                            y1 += sy
                            e -= 2 * dx
                        x1 += sx
                        e += 2 * dy
                        m += 1
                if x2 >= cx0 and x2 <= cx1 and y2 >= cy0 and y2 <= cy1:
                    k = y2 * 120 + (x2 >> 1)
                    if x2 & 1:
                        buf[k] = (buf[k] & 0xF0) | cb
                    else:
                        buf[k] = (buf[k] & 0x0F) | ch
    return parts
