"""Draw a fixed, seeded set of framebuf operations and print a checksum after each one.

Runs unchanged under real MicroPython (unix and WebAssembly ports) and under CPython with
host_sim/shims first on sys.path; tests/test_framebuf_parity.py compares the outputs line by line.

    framebuf_ops.py CONFIG [dump=N] [frames-only]

CONFIG is "gs4" (the console's 240x240 GS4_HMSB frame), "others" (every other format, and GS4 at
an odd size, at odd sizes and strides), "errors" (argument checks), "wide" (colours and keys
beyond 32 bits, 64-bit ports only), or one config's name.
Each output line is "<config> <op index> <op description> <crc32 of the whole buffer>" (pixel
reads add the value read, failing calls the exception's type). With dump=N the script stops
after op N of each config and prints "DUMP <config> <hex of the buffer>".
With frames-only, a blit's source or palette given as a tuple (buffer, w, h, format[, stride])
is given as a FrameBuffer over the same bytes instead: MicroPython before 1.26 blits only from
FrameBuffers (a tuple source raises TypeError, a tuple palette is silently ignored), so this is
how the same pixels are asked of 1.24. The output lines are the same in both forms.
"""
import sys
import array
import binascii
import framebuf

# name, format, width, height, stride (None: the default)
CONFIGS = (
    ("gs4_240", framebuf.GS4_HMSB, 240, 240, None),
    ("gs4_33x9s38", framebuf.GS4_HMSB, 33, 9, 37),
    ("mvlsb_37x21", framebuf.MONO_VLSB, 37, 21, None),
    ("mvlsb_19x13s23", framebuf.MVLSB, 19, 13, 23),
    ("mhlsb_35x19", framebuf.MONO_HLSB, 35, 19, None),
    ("mhlsb_21x7s45", framebuf.MONO_HLSB, 21, 7, 45),
    ("mhmsb_29x17", framebuf.MONO_HMSB, 29, 17, None),
    ("rgb565_23x13s25", framebuf.RGB565, 23, 13, 25),
    ("gs2_31x15", framebuf.GS2_HMSB, 31, 15, None),
    ("gs2_13x11s17", framebuf.GS2_HMSB, 13, 11, 17),
    ("gs8_27x11s30", framebuf.GS8, 27, 11, 30),
)
GROUPS = {
    "gs4": ("gs4_240",),
    "others": tuple(c[0] for c in CONFIGS if c[0] != "gs4_240"),
}

BPP = {framebuf.MONO_VLSB: 1, framebuf.MONO_HLSB: 1, framebuf.MONO_HMSB: 1,
       framebuf.GS2_HMSB: 2, framebuf.GS4_HMSB: 4, framebuf.GS8: 8, framebuf.RGB565: 16}
FRAMES_ONLY = False         # set by the frames-only argument (see above)
ALIGN = {framebuf.MONO_HLSB: 8, framebuf.MONO_HMSB: 8, framebuf.GS2_HMSB: 4,
         framebuf.GS4_HMSB: 2}


class Rng:
    """xorshift32: the same numbers on every Python."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def int(self, lo, hi):
        """A number in lo..hi, both included."""
        return lo + self.next() % (hi - lo + 1)

    def pick(self, seq):
        return seq[self.next() % len(seq)]


def buf_size(fmt, w, h, stride):
    """Bytes a frame needs (stride already rounded like the C code does)."""
    if fmt == framebuf.MONO_VLSB:
        return ((h + 7) // 8) * stride
    return (stride * h * BPP[fmt] + 7) // 8


def make_frame(rng, fmt, w, h, stride, slack=3):
    """A frame over a buffer of seeded random bytes, with a few spare bytes at the end."""
    s = stride if stride is not None else w
    a = ALIGN.get(fmt, 1)
    s = (s + a - 1) // a * a
    n = buf_size(fmt, w, h, s) + slack
    buf = bytearray(n)
    for i in range(n):
        buf[i] = rng.next() & 0xFF
    if stride is None:
        fb = framebuf.FrameBuffer(buf, w, h, fmt)
    else:
        fb = framebuf.FrameBuffer(buf, w, h, fmt, stride)
    return buf, fb


def colours(fmt):
    if fmt == framebuf.RGB565:
        return (0, 1, 0xF800, 0x07E0, 0x001F, 0xFFFF, 0x1ABCD, 0x12345, -1, -2, 0x8000, 65536)
    return tuple(range(16)) + (16, 17, 31, 255, 256, 257, 0x1F0, -1, -2, -15, -16, 1000001)


def colour(rng, fmt):
    if rng.next() & 1:
        return rng.pick(colours(fmt))
    if fmt == framebuf.RGB565:
        return rng.int(-70000, 140000)
    return rng.int(-300, 300)


TEXTS = (
    "".join(chr(c) for c in range(32, 80)),
    "".join(chr(c) for c in range(80, 128)),
    "Hello, World! 0123456789",
    "~`|{}[]\\^_@#$%&*",
    "\u00e9t\u00e9 \u00fc\u00df \u20ac5",     # multi-byte UTF-8: each byte >127 draws glyph 127
    "tab\there\nnl\r\x01\x1f\x7f",
    "cut\x00hidden",
    "",
    "A",
    "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM",
)

# polygons as vertex lists, drawn at random offsets; scaled into the frame at run time
SHAPES = (
    [0, 0, 10, 0, 0, 10],                                    # triangle
    [0, 0, 20, 0, 20, 12, 0, 12],                            # rectangle
    [10, 0, 13, 7, 20, 7, 14, 12, 16, 20, 10, 15, 4, 20, 6, 12, 0, 7, 7, 7],   # star (concave)
    [0, 0, 20, 20, 20, 0, 0, 20],                            # bow tie (self-intersecting)
    [0, 0, 16, 0, 16, 16, 8, 4, 0, 16],                      # concave notch
    [0, 10, 10, 0, 20, 10, 10, 20],                          # diamond
    [0, 0, 30, 3, 5, 6, 28, 9, 2, 12, 25, 15],               # zig-zag, self-intersecting
    [0, 0, 12, 0],                                           # a horizontal line
    [5, 5],                                                  # one vertex
    [0, 0, 0, 0, 0, 0],                                      # all on one point
    [0, 0, 5, 5, 10, 10, 15, 15],                            # collinear
    [0, 5, 10, 5, 10, 0, 20, 0, 20, 10, 0, 10],              # horizontal edges, local minima
    [3, 0, 6, 4, 9, 0, 12, 8, 0, 8],                         # two local maxima at the top
    [0, 0, 7, 1, 3, 9, 1],                                   # odd length: last value ignored
    [-6, -4, 9, -3, 14, 11, -2, 8],                          # negative coordinates
)


def describe(vals):
    return "[" + ",".join(str(v) for v in vals) + "]"


def gen_ops(rng, fmt, w, h):
    """The op list for one frame: (description, callable taking the frame)."""
    ops = []
    cols = colours(fmt)
    mx = w + 12
    my = h + 12

    def add(desc, fn):
        ops.append((desc, fn))

    # fill with every colour (and out-of-range ones)
    for c in cols:
        add("fill %d" % c, lambda fb, c=c: fb.fill(c))
    add("fill 0", lambda fb: fb.fill(0))
    # single pixels, on and off the frame, and reading them back
    for _ in range(120):
        x = rng.int(-3, w + 2)
        y = rng.int(-3, h + 2)
        c = colour(rng, fmt)
        add("pixel %d %d %d" % (x, y, c), lambda fb, x=x, y=y, c=c: fb.pixel(x, y, c))
    for _ in range(40):
        x = rng.int(-2, w + 1)
        y = rng.int(-2, h + 1)
        add("getpixel %d %d" % (x, y), lambda fb, x=x, y=y: fb.pixel(x, y))
    # hline, vline, fill_rect, rect (zero and negative sizes included)
    for _ in range(60):
        x = rng.int(-12, mx)
        y = rng.int(-12, my)
        n = rng.int(-4, w + 20)
        c = colour(rng, fmt)
        add("hline %d %d %d %d" % (x, y, n, c), lambda fb, x=x, y=y, n=n, c=c: fb.hline(x, y, n, c))
        x = rng.int(-12, mx)
        y = rng.int(-12, my)
        n = rng.int(-4, h + 20)
        c = colour(rng, fmt)
        add("vline %d %d %d %d" % (x, y, n, c), lambda fb, x=x, y=y, n=n, c=c: fb.vline(x, y, n, c))
    for _ in range(60):
        x = rng.int(-20, mx)
        y = rng.int(-20, my)
        ww = rng.int(-3, w + 25)
        hh = rng.int(-3, h + 25)
        c = colour(rng, fmt)
        kind = rng.int(0, 2)
        if kind == 0:
            add("fill_rect %d %d %d %d %d" % (x, y, ww, hh, c),
                lambda fb, a=(x, y, ww, hh, c): fb.fill_rect(*a))
        elif kind == 1:
            add("rect %d %d %d %d %d" % (x, y, ww, hh, c),
                lambda fb, a=(x, y, ww, hh, c): fb.rect(*a))
        else:
            add("rect fill %d %d %d %d %d" % (x, y, ww, hh, c),
                lambda fb, a=(x, y, ww, hh, c): fb.rect(a[0], a[1], a[2], a[3], a[4], True))
    # every colour as a fill_rect at odd and even x
    for i in range(len(cols)):
        x = i * 3 - 2
        add("fill_rect col %d" % cols[i],
            lambda fb, x=x, c=cols[i]: fb.fill_rect(x, 1, 5, max(1, h - 2), c))
    # lines: random, far off the frame, and the special directions
    for _ in range(70):
        a = (rng.int(-40, w + 40), rng.int(-40, h + 40), rng.int(-40, w + 40),
             rng.int(-40, h + 40), colour(rng, fmt))
        add("line %d %d %d %d %d" % a, lambda fb, a=a: fb.line(*a))
    for a in ((3, 3, 3, 3, 1), (0, 0, w - 1, h - 1, 2), (w - 1, 0, 0, h - 1, 3), (0, 2, w, 2, 4),
              (2, h, 2, -1, 5), (-5, -5, w + 5, h + 5, 6), (w + 5, -3, -5, h + 3, 7),
              (1, 1, 4, 2, 8), (4, 2, 1, 1, 9), (1, 1, 2, 6, 10), (2, 6, 1, 1, 11),
              (0, 0, 5, 5, 12), (5, 5, 0, 0, 13), (-1000, 3, 1000, 4, 14), (3, -900, 5, 900, 15)):
        add("line %d %d %d %d %d" % a, lambda fb, a=a: fb.line(*a))
    # ellipses, filled and not, with quadrant masks
    for i in range(60):
        cx = rng.int(-10, w + 10)
        cy = rng.int(-10, h + 10)
        rx = rng.pick((0, 0, 1, 2, 3, rng.int(0, w // 2 + 6), rng.int(0, w)))
        ry = rng.pick((0, 1, 2, 3, rng.int(0, h // 2 + 6), rng.int(0, h)))
        c = colour(rng, fmt)
        fill = rng.int(0, 1)
        m = rng.pick((None, 15, 0, 1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 14, 0x1F, 0x21, -1))
        if m is None:
            add("ellipse %d %d %d %d %d %d" % (cx, cy, rx, ry, c, fill),
                lambda fb, a=(cx, cy, rx, ry, c, fill): fb.ellipse(*a))
        else:
            add("ellipse %d %d %d %d %d %d %d" % (cx, cy, rx, ry, c, fill, m),
                lambda fb, a=(cx, cy, rx, ry, c, fill, m): fb.ellipse(*a))
    for a in ((w // 2, h // 2, w // 2, h // 2, 5), (w // 2, h // 2, 0, h // 3, 6),
              (w // 2, h // 2, w // 3, 0, 7), (3, 3, -2, 4, 8), (3, 3, 4, -2, 9)):
        add("ellipse %d %d %d %d %d" % a, lambda fb, a=a: fb.ellipse(*a))
        add("ellipse %d %d %d %d %d fill" % a,
            lambda fb, a=a: fb.ellipse(a[0], a[1], a[2], a[3], a[4], 1))
    # polygons: fixed shapes scaled and moved, and random ones
    codes = ("h", "b", "i", "bytes")
    for i in range(len(SHAPES) * 4):
        shape = SHAPES[i % len(SHAPES)]
        scale = rng.pick((1, 1, 2, 3, max(1, w // 24)))
        pts = [v * scale for v in shape]
        x = rng.int(-15, w)
        y = rng.int(-15, h)
        c = colour(rng, fmt)
        fill = rng.int(0, 1)
        code = codes[i % 4]
        if code == "bytes" and (min(pts) < 0 or max(pts) > 255):
            code = "h"
        if code == "b" and (min(pts) < -128 or max(pts) > 127):
            code = "h"
        add("poly %d %d %s %s %d %d" % (x, y, code, describe(pts), c, fill),
            lambda fb, a=(x, y, code, pts, c, fill): poly(fb, *a))
    for _ in range(50):
        n = rng.int(1, 9)
        pts = []
        for _ in range(n):
            pts.append(rng.int(-25, w + 25))
            pts.append(rng.int(-25, h + 25))
        c = colour(rng, fmt)
        fill = rng.int(0, 1)
        add("poly 0 0 h %s %d %d" % (describe(pts), c, fill),
            lambda fb, a=(0, 0, "h", pts, c, fill): poly(fb, *a))
    # text: every printable character, bytes > 127, control characters, partly off the frame
    for i in range(len(TEXTS) * 3):
        t = i % len(TEXTS)
        x = rng.int(-30, w + 4)
        y = rng.int(-9, h + 2)
        c = colour(rng, fmt)
        if i < len(TEXTS):
            x = 0 if i % 2 else 3
            y = (i * 8) % max(1, h - 7)
        if i == 1:
            add("text#%d %d %d default colour" % (t, x, y),
                lambda fb, a=(TEXTS[t], x, y): fb.text(*a))
        else:
            add("text#%d %d %d %d" % (t, x, y, c), lambda fb, a=(TEXTS[t], x, y, c): fb.text(*a))
    add("text bytes", lambda fb: fb.text(b"by\xfftes", 1, 1, 3))
    # blit from every format, with keys and palettes, and from the tuple form
    for i in range(60):
        add_blit(add, rng, fmt, w, h, i)
    for i in range(60, 90):      # GS4 sprites (the console's art) at every x parity, keyed or not
        add_blit(add, rng, fmt, w, h, i, framebuf.GS4_HMSB)
    # scroll
    for a in ((1, 0), (-1, 0), (0, 1), (0, -1), (3, 2), (-5, 3), (7, -2), (-2, -6), (0, 0),
              (w, 0), (-w, 0), (0, h), (0, -h), (w - 1, 0), (1 - w, h - 1), (2, -(h - 1)),
              (w + 3, 1), (1, -h - 2), (rng.int(-w, w), rng.int(-h, h)),
              (rng.int(-w, w), rng.int(-h, h))):
        add("scroll %d %d" % a, lambda fb, a=a: fb.scroll(*a))
    # a last round of mixed drawing over the scrolled frame
    for _ in range(20):
        a = (rng.int(-10, w), rng.int(-10, h), rng.int(-2, w), rng.int(-2, h), colour(rng, fmt))
        add("fill_rect %d %d %d %d %d" % a, lambda fb, a=a: fb.fill_rect(*a))
        add("text %d %d" % (a[0], a[1]), lambda fb, a=a: fb.text("End?", a[0], a[1], a[4]))
    return ops


def poly(fb, x, y, code, pts, c, fill):
    if code == "bytes":
        coords = bytes(pts)
    else:
        coords = array.array(code, pts)
    fb.poly(x, y, coords, c, fill)


SRC_FORMATS = (framebuf.MONO_VLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.GS2_HMSB,
               framebuf.GS4_HMSB, framebuf.GS8, framebuf.RGB565)
MAXVAL = {framebuf.MONO_VLSB: 1, framebuf.MONO_HLSB: 1, framebuf.MONO_HMSB: 1,
          framebuf.GS2_HMSB: 3, framebuf.GS4_HMSB: 15, framebuf.GS8: 255, framebuf.RGB565: 0xFFFF}


def add_blit(add, rng, fmt, w, h, i, sfmt=None):
    if sfmt is None:
        sfmt = SRC_FORMATS[i % len(SRC_FORMATS)]
    sw = rng.int(1, 19)
    sh = rng.int(1, 13)
    sstride = rng.pick((None, sw, sw + rng.int(1, 9)))
    sbuf, src = make_frame(rng, sfmt, sw, sh, sstride, slack=0)
    x = rng.int(-sw - 2, w + 1)
    y = rng.int(-sh - 2, h + 1)
    key = rng.pick((None, -1, 0, 1, 2, 3, 15, 255, rng.int(0, MAXVAL[sfmt]), 0x10000, -2))
    pal = None
    kind = rng.int(0, 5)
    if kind >= 4 and sfmt != framebuf.RGB565:
        pfmt = rng.pick(SRC_FORMATS)
        pw = MAXVAL[sfmt] + 1 + rng.int(0, 3)
        pbuf, pal = make_frame(rng, pfmt, pw, 1, None, slack=0)
        if kind == 5 and not FRAMES_ONLY:
            pal = (bytes(pbuf), pw, 1, pfmt)
    if kind == 3 and not FRAMES_ONLY:
        s = sstride if sstride is not None else sw
        src = (bytes(sbuf), sw, sh, sfmt, s) if sstride is not None else (bytes(sbuf), sw, sh, sfmt)
    desc = "blit#%d fmt %d %dx%d stride %s at %d %d key %s pal %s" % (
        i, sfmt, sw, sh, sstride, x, y, key, "none" if pal is None else "kind%d" % kind)
    if pal is not None:
        add(desc, lambda fb, a=(src, x, y, -1 if key is None else key, pal): fb.blit(*a))
    elif key is not None:
        add(desc, lambda fb, a=(src, x, y, key): fb.blit(*a))
    else:
        add(desc, lambda fb, a=(src, x, y): fb.blit(*a))
    if i % 15 == 7:
        # the frame onto itself, overlapping (the C code copies pixel by pixel, in order)
        a = (rng.int(-5, 5), rng.int(-5, 5))
        add("blit self %d %d" % a, lambda fb, a=a: fb.blit(fb, a[0], a[1]))
        add("blit self tuple %d %d key 1" % a, lambda fb, a=a: fb.blit(fb, a[0], a[1], 1))


def run_config(name, dump):
    fmt, w, h, stride = None, 0, 0, None
    for c in CONFIGS:
        if c[0] == name:
            fmt, w, h, stride = c[1], c[2], c[3], c[4]
    seed = 12345
    for ch in name:
        seed = (seed * 31 + ord(ch)) & 0xFFFFFFFF
    rng = Rng(seed)
    buf, fb = make_frame(rng, fmt, w, h, stride)
    print("%s start %08x" % (name, binascii.crc32(buf) & 0xFFFFFFFF))
    ops = gen_ops(rng, fmt, w, h)
    for i in range(len(ops)):
        desc, fn = ops[i]
        try:
            r = fn(fb)
            extra = "" if r is None else " -> %d" % r
        except Exception as e:
            extra = " raised " + type(e).__name__
        print("%s %d %s%s %08x" % (name, i, desc, extra, binascii.crc32(buf) & 0xFFFFFFFF))
        if dump == i:
            print("DUMP %s %s" % (name, binascii.hexlify(buf).decode()))
            return


def try_call(label, fn):
    try:
        r = fn()
        print("errors %s ok %s" % (label, "None" if r is None else "value"))
    except Exception as e:
        print("errors %s raised %s" % (label, type(e).__name__))


def run_errors():
    """Argument checks: which calls fail and with which exception type."""
    FB = framebuf.FrameBuffer
    b = bytearray(64)
    fb = FB(b, 8, 8, framebuf.GS4_HMSB)
    try_call("ctor ok", lambda: FB(bytearray(32), 8, 8, framebuf.GS4_HMSB))
    try_call("ctor stride", lambda: FB(bytearray(40), 8, 8, framebuf.GS4_HMSB, 10))
    try_call("ctor kw", lambda: FB(bytearray(32), 8, 8, framebuf.GS4_HMSB, stride=8))
    try_call("ctor small", lambda: FB(bytearray(31), 8, 8, framebuf.GS4_HMSB))
    try_call("ctor vlsb small", lambda: FB(bytearray(8 * 2 - 1), 8, 9, framebuf.MONO_VLSB))
    try_call("ctor vlsb ok", lambda: FB(bytearray(8 * 2), 8, 9, framebuf.MONO_VLSB))
    try_call("ctor vlsb stride", lambda: FB(bytearray(10 + 8), 8, 9, framebuf.MONO_VLSB, 10))
    try_call("ctor hlsb odd", lambda: FB(bytearray(2 * 3), 9, 3, framebuf.MONO_HLSB))
    try_call("ctor hlsb odd small", lambda: FB(bytearray(2 * 3 - 1), 9, 3, framebuf.MONO_HLSB))
    try_call("ctor gs2 stride", lambda: FB(bytearray(2 * 2 + 2), 5, 3, framebuf.GS2_HMSB, 6))
    try_call("ctor gs2 stride small", lambda: FB(bytearray(2 * 2 + 1), 5, 3, framebuf.GS2_HMSB, 6))
    try_call("ctor rgb", lambda: FB(bytearray(2 * 7 * 3), 7, 3, framebuf.RGB565))
    try_call("ctor rgb small", lambda: FB(bytearray(2 * 7 * 3 - 1), 7, 3, framebuf.RGB565))
    try_call("ctor gs8 stride", lambda: FB(bytearray(9 * 2 + 7), 7, 3, framebuf.GS8, 9))
    try_call("ctor gs8 stride small", lambda: FB(bytearray(9 * 2 + 6), 7, 3, framebuf.GS8, 9))
    try_call("ctor width 0", lambda: FB(bytearray(32), 0, 8, framebuf.GS4_HMSB))
    try_call("ctor height -1", lambda: FB(bytearray(32), 8, -1, framebuf.GS4_HMSB))
    try_call("ctor width big", lambda: FB(bytearray(32), 70000, 1, framebuf.GS8))
    try_call("ctor stride < width", lambda: FB(bytearray(64), 8, 8, framebuf.GS4_HMSB, 7))
    try_call("ctor format", lambda: FB(bytearray(64), 8, 8, 7))
    try_call("ctor format -1", lambda: FB(bytearray(64), 8, 8, -1))
    try_call("ctor bytes", lambda: FB(bytes(64), 8, 8, framebuf.GS4_HMSB))
    try_call("ctor int", lambda: FB(5, 8, 8, framebuf.GS4_HMSB))
    try_call("ctor float", lambda: FB(bytearray(64), 8.0, 8, framebuf.GS4_HMSB))
    try_call("ctor 3 args", lambda: FB(bytearray(64), 8, 8))
    try_call("ctor 6 args", lambda: FB(bytearray(64), 8, 8, framebuf.GS4_HMSB, 8, 1))
    try_call("ctor array", lambda: FB(array.array("H", range(16)), 8, 4, framebuf.GS4_HMSB))
    try_call("ctor memoryview", lambda: FB(memoryview(b), 8, 8, framebuf.GS4_HMSB))
    try_call("fill float", lambda: fb.fill(1.5))
    try_call("fill None", lambda: fb.fill(None))
    try_call("fill_rect float", lambda: fb.fill_rect(0, 0.0, 1, 1, 1))
    try_call("fill_rect kw", lambda: fb.fill_rect(0, 0, 1, 1, c=1))
    try_call("fill_rect 4 args", lambda: fb.fill_rect(0, 0, 1, 1))
    try_call("hline str", lambda: fb.hline(0, 0, "1", 1))
    try_call("vline None", lambda: fb.vline(0, 0, 1, None))
    try_call("pixel float", lambda: fb.pixel(1.0, 1))
    try_call("pixel out float", lambda: fb.pixel(100, 1.5))
    try_call("pixel set None", lambda: fb.pixel(1, 1, None))
    try_call("pixel out set None", lambda: fb.pixel(100, 1, None))
    try_call("pixel get", lambda: fb.pixel(1, 1))
    try_call("pixel get out", lambda: fb.pixel(-1, 1))
    try_call("pixel bool", lambda: fb.pixel(True, False, True))
    try_call("rect fill None", lambda: fb.rect(0, 0, 2, 2, 1, None))
    try_call("rect 8 args", lambda: fb.rect(0, 0, 2, 2, 1, 1, 1))
    try_call("line float", lambda: fb.line(0, 0, 2, 2.5, 1))
    try_call("ellipse m None", lambda: fb.ellipse(4, 4, 2, 2, 1, 0, None))
    try_call("ellipse 9 args", lambda: fb.ellipse(4, 4, 2, 2, 1, 0, 15, 1))
    try_call("ellipse float", lambda: fb.ellipse(4, 4, 2.0, 2, 1))
    try_call("poly list", lambda: fb.poly(0, 0, [1, 2, 3, 4], 1))
    try_call("poly tuple", lambda: fb.poly(0, 0, (1, 2, 3, 4), 1))
    try_call("poly float array", lambda: fb.poly(0, 0, array.array("f", [1, 2, 3, 4]), 1))
    try_call("poly empty float array", lambda: fb.poly(0, 0, array.array("f", [1]), 1))
    try_call("poly empty", lambda: fb.poly(0, 0, array.array("h"), 1))
    try_call("poly empty colour None", lambda: fb.poly(0, 0, array.array("h"), None))
    try_call("poly colour None", lambda: fb.poly(0, 0, array.array("h", [1, 2]), None))
    try_call("poly x float", lambda: fb.poly(0.5, 0, array.array("h", [1, 2]), 1))
    try_call("text int", lambda: fb.text(65, 0, 0))
    try_call("text bytearray", lambda: fb.text(bytearray(b"A"), 0, 0))
    try_call("text bytes", lambda: fb.text(b"A", 0, 0))
    try_call("text 6 args", lambda: fb.text("A", 0, 0, 1, 2))
    try_call("text colour None", lambda: fb.text("A", 0, 0, None))
    try_call("blit int", lambda: fb.blit(5, 0, 0))
    try_call("blit tuple 3", lambda: fb.blit((bytes(32), 8, 8), 0, 0))
    try_call("blit tuple 6", lambda: fb.blit((bytes(32), 8, 8, 2, 8, 1), 0, 0))
    try_call("blit list", lambda: fb.blit([bytes(32), 8, 8, 2], 0, 0))
    try_call("blit tuple small", lambda: fb.blit((bytes(31), 8, 8, 2), 0, 0))
    try_call("blit tuple bad format", lambda: fb.blit((bytes(32), 8, 8, 9), 0, 0))
    try_call("blit tuple str", lambda: fb.blit(("x" * 32, 8, 8, 2), 0, 0))
    try_call("blit key None", lambda: fb.blit(fb, 0, 0, None))
    try_call("blit key float", lambda: fb.blit(fb, 0, 0, 1.0))
    try_call("blit palette None", lambda: fb.blit(fb, 0, 0, -1, None))
    try_call("blit palette int", lambda: fb.blit(fb, 0, 0, -1, 3))
    try_call("blit 7 args", lambda: fb.blit(fb, 0, 0, -1, None, 1))
    try_call("blit out of frame float key", lambda: fb.blit(fb, 100, 0, 1.5))
    try_call("scroll float", lambda: fb.scroll(1.0, 0))
    try_call("scroll big", lambda: fb.scroll(100, 0))
    try_call("FrameBuffer1", lambda: framebuf.FrameBuffer1(bytearray(8), 8, 8))
    try_call("FrameBuffer1 stride", lambda: framebuf.FrameBuffer1(bytearray(10), 8, 8, 10))
    print("errors consts %d %d %d %d %d %d %d %d" % (
        framebuf.MONO_VLSB, framebuf.MVLSB, framebuf.RGB565, framebuf.GS4_HMSB,
        framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.GS2_HMSB, framebuf.GS8))
    print("errors bytes(fb) %s" % binascii.hexlify(bytes(fb)).decode())

    class Sub(framebuf.FrameBuffer):
        def __init__(self, w, h):
            self.w = w
            super().__init__(bytearray(w * h), w, h, framebuf.GS8)

    s = Sub(4, 3)
    s.fill(7)
    s.pixel(1, 1, 9)
    fb.blit(s, 1, 2, 9)
    print("errors subclass %d %d %s" % (s.w, s.pixel(1, 1), binascii.hexlify(b).decode()))


def run_wide():
    """Colours and keys beyond 32 bits: the C code truncates them to uint32_t. Only the 64-bit
    unix port accepts such ints (the 32-bit ports raise OverflowError), so the parity test runs
    this group on the unix port only."""
    big = 1 << 32
    cases = (
        (framebuf.GS4_HMSB, 16, 4), (framebuf.MONO_HLSB, 16, 4), (framebuf.MONO_VLSB, 16, 8),
        (framebuf.MONO_HMSB, 16, 4), (framebuf.GS2_HMSB, 16, 4), (framebuf.GS8, 16, 4),
        (framebuf.RGB565, 16, 4),
    )
    for fmt, w, h in cases:
        b = bytearray(buf_size(fmt, w, h, w))
        fb = framebuf.FrameBuffer(b, w, h, fmt)
        src_b = bytearray(buf_size(framebuf.GS8, 4, 2, 4))
        src = framebuf.FrameBuffer(src_b, 4, 2, framebuf.GS8)
        for i in range(8):
            src.pixel(i % 4, i // 4, i)
        ops = (
            ("fill big", lambda: fb.fill(big * 16 + 3)),
            ("fill 2**32", lambda: fb.fill(big)),
            ("fill 2**32+1", lambda: fb.fill(big + 1)),
            ("fill_rect -2**40+5", lambda: fb.fill_rect(1, 1, 5, 2, -(big << 8) + 5)),
            ("hline 2**33", lambda: fb.hline(0, 0, 9, big * 2)),
            ("pixel 2**32+2", lambda: fb.pixel(3, 3, big + 2)),
            ("pixel 2**32", lambda: fb.pixel(4, 3, big)),
            ("line 2**32+7", lambda: fb.line(0, 3, 15, 0, big + 7)),
            ("text 2**32", lambda: fb.text("#", 8, 0, big)),
            ("text 2**32+6", lambda: fb.text("#", 0, 0, big + 6)),
            ("ellipse 2**34+1", lambda: fb.ellipse(8, 2, 5, 2, big * 4 + 1, True)),
            ("poly 2**32+4",
             lambda: fb.poly(0, 0, array.array("h", [0, 0, 9, 1, 2, 3]), big + 4, True)),
            ("blit key 2**32+3", lambda: fb.blit(src, 2, 1, big + 3)),
            ("blit key -2**32+5", lambda: fb.blit(src, 9, 1, 5 - big)),
            ("blit key 2**33", lambda: fb.blit(src, 5, 0, big * 2)),
        )
        for label, fn in ops:
            try:
                fn()
                extra = ""
            except Exception as e:
                extra = " raised " + type(e).__name__
            print("wide %d %s%s %s" % (fmt, label, extra, binascii.hexlify(b).decode()))


def main(argv):
    which = argv[1] if len(argv) > 1 else "gs4"
    global FRAMES_ONLY
    dump = None
    for a in argv[2:]:
        if a == "frames-only":
            FRAMES_ONLY = True
        elif a.startswith("dump="):
            dump = int(a[5:])
    if which == "errors":
        run_errors()
        return
    if which == "wide":
        run_wide()
        return
    for name in GROUPS.get(which, (which,)):
        run_config(name, dump)


if __name__ == "__main__":
    main(sys.argv)
