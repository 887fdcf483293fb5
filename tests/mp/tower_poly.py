# games/tower/poly_viper.poly() against framebuf's FrameBuffer.poly() (fill, then outline):
# the same pixels, over random polygons in views of random heights: convex ones (the pieces'
# parts, at any angle and scale), any ones (concave, self-crossing: drawn, or refused with 0),
# degenerate ones (one point, two, on a line, horizontal and vertical edges) and ones partly or
# wholly outside the view, one to three in a call as a piece's parts (a part the kernel refuses
# is drawn by framebuf, with the rest, as draw.py does); a convex one is never refused (unless
# its stamp is reused, below). Every other call has a random clip rectangle: the kernel's pixels
# inside it are framebuf's, outside it the view is untouched (a part left to framebuf is drawn
# whole, as draw.py draws it). Prints "POLY OK <parts drawn> <refused>" (the unix port: viper).
import framebuf
from array import array

from games.tower import poly_viper

_seed = 2024


def rnd(n):
    global _seed
    _seed = (_seed * 1103515245 + 12345) & 0x7FFFFFFF
    return (_seed >> 8) % n


def sin_q(a):       # a coarse integer sine (Q8) over 0..63 (a quarter turn: 16)
    t = (0, 25, 50, 74, 98, 121, 142, 162, 181, 198, 213, 226, 237, 245, 251, 255, 256)
    a &= 63
    if a < 16:
        return t[a]
    if a < 32:
        return t[32 - a]
    if a < 48:
        return -t[a - 32]
    return -t[64 - a]


def convex(z, cx, cy, r):
    """A convex polygon: points on an ellipse at increasing angles, rounded."""
    n = 3 + rnd(6)
    rx = 1 + rnd(r)
    ry = 1 + rnd(r)
    a0 = rnd(64)
    angles = sorted(rnd(64) for _ in range(n))
    k = 0
    for a in angles:
        z[k] = cx + (rx * sin_q(a0 + a + 16)) // 256
        z[k + 1] = cy + (ry * sin_q(a0 + a)) // 256
        k += 2
    return n


def anything(z, cx, cy, r):
    n = 1 + rnd(8)
    for k in range(n):
        z[2 * k] = cx + rnd(2 * r + 1) - r
        z[2 * k + 1] = cy + rnd(2 * r + 1) - r
    return n


def special(z, cx, cy, r):
    kind = rnd(5)
    if kind == 0:                       # one point
        z[0] = cx
        z[1] = cy
        return 1
    if kind == 1:                       # a segment
        z[0] = cx
        z[1] = cy
        z[2] = cx + rnd(2 * r + 1) - r
        z[3] = cy + rnd(2 * r + 1) - r
        return 2
    if kind == 2:                       # an axis-aligned rectangle
        w = rnd(r + 1)
        h = rnd(r + 1)
        for k, (x, y) in enumerate(((cx, cy), (cx + w, cy), (cx + w, cy + h), (cx, cy + h))):
            z[2 * k] = x
            z[2 * k + 1] = y
        return 4
    if kind == 3:                       # collinear points
        n = 3 + rnd(3)
        dx = rnd(7) - 3
        dy = rnd(7) - 3
        for k in range(n):
            z[2 * k] = cx + k * dx
            z[2 * k + 1] = cy + k * dy
        return n
    n = convex(z, cx, cy, r)            # convex, reversed (clockwise)
    for k in range(n // 2):
        for c in (0, 1):
            t = z[2 * k + c]
            z[2 * k + c] = z[2 * (n - 1 - k) + c]
            z[2 * (n - 1 - k) + c] = t
    return n


buf_a = bytearray(120 * 240)
buf_b = bytearray(120 * 240)
buf_o = bytearray(120 * 240)


def clipped(a, o, x0, y0, x1, y1):
    """o, but a's pixels in the clip (x0..x1, y0..y1 inclusive): what a clipped draw leaves."""
    e = bytearray(o)
    for y in range(y0, y1 + 1):
        r = y * 120
        u = x0
        if u & 1:                       # a first pixel alone in its byte (the low nibble)
            e[r + (u >> 1)] = (e[r + (u >> 1)] & 0xF0) | (a[r + (u >> 1)] & 0x0F)
            u += 1
        v = x1
        if u <= v and not v & 1:        # a last pixel alone in its byte (the high nibble)
            e[r + (v >> 1)] = (e[r + (v >> 1)] & 0x0F) | (a[r + (v >> 1)] & 0xF0)
            v -= 1
        if u < v:
            e[r + (u >> 1):r + (v >> 1) + 1] = a[r + (u >> 1):r + (v >> 1) + 1]
    return e


zz = array("h", bytes(2 * 64))
scratch = array("h", bytes(2 * 3 * 240))
par = array("i", bytes(4 * 13))
drawn = 0
refused = 0
for trial in range(3000):
    for i in range(0, len(buf_a), 97):
        buf_a[i] = buf_b[i] = rnd(256)
    h = 1 + rnd(240)
    fa = framebuf.FrameBuffer(buf_a, 240, h, framebuf.GS4_HMSB)
    fb = framebuf.FrameBuffer(buf_b, 240, h, framebuf.GS4_HMSB)
    r = (4, 20, 64, 300)[rnd(4)]
    cx = rnd(360) - 60
    cy = rnd(h + 120) - 60
    # one to three parts, as a piece has, one after the other in zz
    m = 1 + rnd(3)
    kinds = []
    at = 2 * rnd(3)
    for j in range(m):
        kind = rnd(4)
        z = memoryview(zz)[at:]
        n = (convex, convex, anything, special)[kind](z, cx + rnd(21) - 10, cy + rnd(21) - 10, r)
        kinds.append(kind)
        par[7 + 2 * j] = at
        par[8 + 2 * j] = n
        at += 2 * n
    col = rnd(17) - 1
    edge = rnd(17) - 1
    par[2] = h
    clip = trial % 2 == 1
    if clip:
        x0 = rnd(240)
        x1 = x0 + rnd(240 - x0)
        y0 = rnd(h)
        y1 = y0 + rnd(240 - y0)             # may reach below the view: the view clips
        buf_o[:] = buf_b
    else:
        x0, y0, x1, y1 = 0, 0, 239, h - 1
    par[0] = x0 | x1 << 16
    par[1] = y0 | y1 << 16
    par[3] = col if col >= 0 else 16
    par[4] = edge if edge >= 0 else 16
    par[6] = m
    # the kernel adds 1 to the stamp at every part; the caller's stamp goes on from there. Every
    # 7th call here goes back a few: rows left by earlier calls then look like this call's,
    # which may make the kernel refuse a part, never draw wrong pixels
    stale = trial % 7 == 6
    if stale:
        par[5] = (par[5] - 3) & 0x3FFF
    done = poly_viper.poly(fb, zz, scratch, par)
    if stale:
        par[5] = (par[5] + 8) & 0x3FFF      # fresh stamps again from the next call on
    cy1 = y1 if y1 < h else h - 1
    for j in range(m):
        if clip and j == done:      # the kernel's parts are clipped, framebuf draws the rest whole
            buf_a[:] = clipped(buf_a, buf_o, x0, y0, x1, cy1)
        pz = array("h", zz[par[7 + 2 * j]:par[7 + 2 * j] + 2 * par[8 + 2 * j]])
        if j >= done:               # what the kernel left: framebuf draws it, as draw.py does
            if j == done and kinds[j] < 2 and not stale:
                raise SystemExit("REFUSED a convex polygon %d: %r" % (trial, list(pz)))
            if col >= 0:
                fb.poly(0, 0, pz, col, True)
            if edge >= 0:
                fb.poly(0, 0, pz, edge)
        if col >= 0:
            fa.poly(0, 0, pz, col, True)
        if edge >= 0:
            fa.poly(0, 0, pz, edge)
    if clip and done == m:
        buf_a[:] = clipped(buf_a, buf_o, x0, y0, x1, cy1)
    drawn += done
    refused += m - done
    if buf_a != buf_b:
        for i in range(len(buf_a)):
            if buf_a[i] != buf_b[i]:
                raise SystemExit("PIXELS %d at byte %d (row %d): parts %r h %d col %d edge %d"
                                 % (trial, i, i // 120, list(par[6:7 + 2 * m]), h, col, edge))
print("POLY OK", drawn, refused)
