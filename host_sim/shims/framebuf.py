"""CPython stand-in for MicroPython's `framebuf` module (host only, never copied to the board).

A pure-Python reimplementation of extmod/modframebuf.c as built into MicroPython 1.27-1.29, with
the same pixel results: the same clipping, the same Bresenham line, midpoint ellipse and
scanline polygon fill (C integer division included), the same 8x8 font (extracted from the real
framebuf by tools/extract_font.py), colours masked like the C code, and the same argument checks
(positional arguments only; a float where an int is needed raises TypeError). Pixel parity with
the real module is tested by tests/test_framebuf_parity.py.

The buffer is the caller's object and is written in place. GS4_HMSB, the console's frame format,
has fast paths (slice assignment for whole bytes in fill_rect/hline/fill, byte-level glyph
tables for text, packed rows for blit and scroll); the other formats share generic code.

Differences that cannot be helped in pure Python:
- a FrameBuffer does not expose the buffer protocol (`memoryview(fb)` fails; `bytes(fb)` works);
- integers are not truncated to the C types, so coordinates beyond +-2**31 do not wrap, and
  values that overflow the port's machine word do not raise OverflowError;
- where the C code reads outside the buffer (a palette index past the palette's buffer), this
  raises IndexError instead of reading whatever memory follows.
"""
import struct

try:
    from font_petme128_8x8 import FONT
except ImportError:  # imported as part of a package
    from .font_petme128_8x8 import FONT

STAND_IN = True

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_MASK_FILL = 0x10
_ELLIPSE_MASK_ALL = 0x0F
_Q1 = 0x01
_Q2 = 0x02
_Q3 = 0x04
_Q4 = 0x08

_NOARG = object()


# ---------------------------------------------------------------------------------------------
# Pixel formats. Each format is a table of plain functions over (buf, stride, ...):
#   get(buf, stride, x, y) -> int           set(buf, stride, x, y, c)   (c masked like the C code)
#   fill(buf, stride, x, y, w, h, c)         already clipped, w >= 1, h >= 1
#   getrow(buf, stride, x, y, n) -> values   (bytes-like when every value fits a byte, else list)
#   setrow(buf, stride, x, y, values, key)   sets each value != key (key -1 for none)
# ---------------------------------------------------------------------------------------------

class _Format:
    __slots__ = ("get", "set", "fill", "getrow", "setrow", "bpp", "align")

    def __init__(self, get, set_, fill, getrow, setrow, bpp, align):
        self.get = get
        self.set = set_
        self.fill = fill
        self.getrow = getrow
        self.setrow = setrow
        self.bpp = bpp
        self.align = align


def _has_key(vals, key):
    """Whether `key` occurs in a row of values (bytes-like rows only hold 0..255)."""
    if key < 0:
        return False
    if type(vals) is list:
        return key in vals
    return key < 256 and key in vals


def _setrow_pixels(set_):
    def setrow(buf, stride, x, y, vals, key):
        for v in vals:
            if v != key:
                set_(buf, stride, x, y, v)
            x += 1
    return setrow


# --- GS4_HMSB: two pixels a byte, even x in the high nibble ----------------------------------

def _gs4_get(buf, stride, x, y):
    b = buf[(x + y * stride) >> 1]
    return b & 15 if x & 1 else b >> 4


def _gs4_set(buf, stride, x, y, c):
    i = (x + y * stride) >> 1
    if x & 1:
        buf[i] = (buf[i] & 0xF0) | (c & 15)
    else:
        buf[i] = (buf[i] & 0x0F) | ((c & 15) << 4)


def _gs4_fill(buf, stride, x, y, w, h, c):
    c &= 15
    half = stride >> 1
    xe = x + w
    if x == 0 and xe == stride:          # whole rows: one slice
        buf[y * half:(y + h) * half] = bytes((c * 0x11,)) * (h * half)
        return
    lead = x & 1                         # an odd first pixel: the low nibble of its byte
    tail = (xe - x - lead) & 1           # an even last pixel after it: a high nibble
    a = (x + lead) >> 1                  # whole bytes [a, b) of the row
    b = (xe - tail) >> 1
    mid = bytes((c * 0x11,)) * (b - a) if b > a else None
    lo = c
    hi = c << 4
    li = x >> 1
    ti = b
    rb = y * half
    for _ in range(h):
        if lead:
            i = rb + li
            buf[i] = (buf[i] & 0xF0) | lo
        if mid is not None:
            buf[rb + a:rb + b] = mid
        if tail:
            i = rb + ti
            buf[i] = (buf[i] & 0x0F) | hi
        rb += half


_LOW4 = bytes(b & 15 for b in range(256))
_SHL4 = bytes((b & 15) << 4 for b in range(256))


def _gs4_setrow(buf, stride, x, y, vals, key):
    if _has_key(vals, key):
        i = (x + y * stride) >> 1
        odd = x & 1
        for v in vals:
            if v != key:
                if odd:
                    buf[i] = (buf[i] & 0xF0) | (v & 15)
                else:
                    buf[i] = (buf[i] & 0x0F) | ((v & 15) << 4)
            if odd:
                i += 1
            odd ^= 1
        return
    if type(vals) is list:
        vals = bytes([v & 15 for v in vals])
    else:
        vals = bytes(vals).translate(_LOW4)
    n = len(vals)
    i = (x + y * stride) >> 1
    k = 0
    if x & 1:
        buf[i] = (buf[i] & 0xF0) | vals[0]
        i += 1
        k = 1
    m = (n - k) >> 1
    if m:
        hi = vals[k:k + 2 * m:2].translate(_SHL4)
        lo = vals[k + 1:k + 2 * m:2]
        buf[i:i + m] = (int.from_bytes(hi, "big") | int.from_bytes(lo, "big")).to_bytes(m, "big")
        i += m
        k += 2 * m
    if k < n:
        buf[i] = (buf[i] & 0x0F) | (vals[k] << 4)


# --- formats with several pixels a byte: GS4_HMSB, GS2_HMSB, MONO_HLSB, MONO_HMSB --------------

def _make_packed(ppb, shifts):
    """get/set/fill/getrow for a format of `ppb` pixels a byte; pixel k of a byte at `shifts[k]`."""
    bpp = 8 // ppb
    pmask = (1 << bpp) - 1
    m1 = ppb - 1
    lg = {2: 1, 4: 2, 8: 3}[ppb]
    rep = 0xFF // pmask                   # replicates a pixel value over a byte
    mono = bpp == 1
    planes = [bytes((b >> s) & pmask for b in range(256)) for s in shifts]

    def norm(c):
        if mono:
            return 1 if c & 0xFFFFFFFF else 0
        return c & pmask

    def get(buf, stride, x, y):
        return (buf[(x + y * stride) >> lg] >> shifts[x & m1]) & pmask

    def set_(buf, stride, x, y, c):
        c = norm(c)
        s = shifts[x & m1]
        i = (x + y * stride) >> lg
        buf[i] = (buf[i] & ~(pmask << s)) | (c << s)

    def span_mask(x0, x1):
        m = 0
        for px in range(x0, x1):
            m |= pmask << shifts[px & m1]
        return m

    def fill(buf, stride, x, y, w, h, c):
        pat = norm(c) * rep
        per_row = stride >> lg
        xe = x + w
        if x == 0 and xe == stride:
            buf[y * per_row:(y + h) * per_row] = bytes((pat,)) * (h * per_row)
            return
        edges = []                        # (byte in row, keep mask, set bits)
        a = x
        if x & m1:
            e = min(xe, (x | m1) + 1)
            m = span_mask(x, e)
            edges.append((x >> lg, ~m & 0xFF, pat & m))
            a = e
        b = a + ((xe - a) & ~m1)
        if b < xe:
            m = span_mask(b, xe)
            edges.append((b >> lg, ~m & 0xFF, pat & m))
        ba = a >> lg
        bb = b >> lg
        mid = bytes((pat,)) * (bb - ba) if bb > ba else None
        rb = y * per_row
        for _ in range(h):
            for off, keep, bits in edges:
                i = rb + off
                buf[i] = (buf[i] & keep) | bits
            if mid is not None:
                buf[rb + ba:rb + bb] = mid
            rb += per_row

    def getrow(buf, stride, x, y, n):
        i = (x + y * stride) >> lg
        j = (x + n - 1 + y * stride) >> lg
        seg = bytes(buf[i:j + 1])
        out = bytearray(len(seg) * ppb)
        for k in range(ppb):
            out[k::ppb] = seg.translate(planes[k])
        off = x & m1
        return out[off:off + n]

    return get, set_, fill, getrow


_gs2 = _make_packed(4, (0, 2, 4, 6))
_mhlsb = _make_packed(8, (7, 6, 5, 4, 3, 2, 1, 0))
_mhmsb = _make_packed(8, (0, 1, 2, 3, 4, 5, 6, 7))
_gs4_getrow = _make_packed(2, (4, 0))[3]


# --- MONO_VLSB: a byte is a column of 8 pixels, bands of 8 rows, LSB at the top ----------------

_VBIT = [bytes((b >> s) & 1 for b in range(256)) for s in range(8)]
_vlsb_tables = {}


def _vlsb_get(buf, stride, x, y):
    return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1


def _vlsb_set(buf, stride, x, y, c):
    i = (y >> 3) * stride + x
    s = y & 7
    buf[i] = (buf[i] & ~(1 << s)) | ((1 if c & 0xFFFFFFFF else 0) << s)


def _vlsb_fill(buf, stride, x, y, w, h, c):
    on = 1 if c & 0xFFFFFFFF else 0
    ye = y + h
    while y < ye:
        band = y >> 3
        top = min(ye, (band + 1) << 3)
        m = 0
        for yy in range(y, top):
            m |= 1 << (yy & 7)
        t = _vlsb_tables.get((m, on))
        if t is None:
            t = bytes((b & ~m) | (m if on else 0) for b in range(256))
            _vlsb_tables[(m, on)] = t
        i = band * stride + x
        buf[i:i + w] = bytes(buf[i:i + w]).translate(t)
        y = top


def _vlsb_getrow(buf, stride, x, y, n):
    i = (y >> 3) * stride + x
    return bytes(buf[i:i + n]).translate(_VBIT[y & 7])


# --- GS8: a byte a pixel ------------------------------------------------------------------------

def _gs8_get(buf, stride, x, y):
    return buf[x + y * stride]


def _gs8_set(buf, stride, x, y, c):
    buf[x + y * stride] = c & 0xFF


def _gs8_fill(buf, stride, x, y, w, h, c):
    c &= 0xFF
    if x == 0 and w == stride:
        buf[y * stride:(y + h) * stride] = bytes((c,)) * (h * stride)
        return
    row = bytes((c,)) * w
    i = x + y * stride
    for _ in range(h):
        buf[i:i + w] = row
        i += stride


def _gs8_getrow(buf, stride, x, y, n):
    i = x + y * stride
    return bytes(buf[i:i + n])


def _gs8_setrow(buf, stride, x, y, vals, key):
    if _has_key(vals, key):
        i = x + y * stride
        for v in vals:
            if v != key:
                buf[i] = v & 0xFF
            i += 1
        return
    i = x + y * stride
    if type(vals) is list:
        vals = bytes([v & 0xFF for v in vals])
    buf[i:i + len(vals)] = vals


# --- RGB565: a little-endian 16-bit word a pixel --------------------------------------------------

def _rgb_get(buf, stride, x, y):
    i = (x + y * stride) << 1
    return buf[i] | (buf[i + 1] << 8)


def _rgb_set(buf, stride, x, y, c):
    i = (x + y * stride) << 1
    buf[i] = c & 0xFF
    buf[i + 1] = (c >> 8) & 0xFF


def _rgb_fill(buf, stride, x, y, w, h, c):
    pair = bytes((c & 0xFF, (c >> 8) & 0xFF))
    if x == 0 and w == stride:
        buf[2 * y * stride:2 * (y + h) * stride] = pair * (h * stride)
        return
    row = pair * w
    i = (x + y * stride) << 1
    for _ in range(h):
        buf[i:i + 2 * w] = row
        i += 2 * stride


def _rgb_getrow(buf, stride, x, y, n):
    i = (x + y * stride) << 1
    return list(struct.unpack("<%dH" % n, bytes(buf[i:i + 2 * n])))


def _rgb_setrow(buf, stride, x, y, vals, key):
    if _has_key(vals, key):
        i = (x + y * stride) << 1
        for v in vals:
            if v != key:
                buf[i] = v & 0xFF
                buf[i + 1] = (v >> 8) & 0xFF
            i += 2
        return
    i = (x + y * stride) << 1
    buf[i:i + 2 * len(vals)] = struct.pack("<%dH" % len(vals), *[v & 0xFFFF for v in vals])


_FORMATS = {
    MONO_VLSB: _Format(_vlsb_get, _vlsb_set, _vlsb_fill, _vlsb_getrow,
                       _setrow_pixels(_vlsb_set), 1, 1),
    RGB565: _Format(_rgb_get, _rgb_set, _rgb_fill, _rgb_getrow, _rgb_setrow, 16, 1),
    GS4_HMSB: _Format(_gs4_get, _gs4_set, _gs4_fill, _gs4_getrow, _gs4_setrow, 4, 2),
    MONO_HLSB: _Format(_mhlsb[0], _mhlsb[1], _mhlsb[2], _mhlsb[3],
                       _setrow_pixels(_mhlsb[1]), 1, 8),
    MONO_HMSB: _Format(_mhmsb[0], _mhmsb[1], _mhmsb[2], _mhmsb[3],
                       _setrow_pixels(_mhmsb[1]), 1, 8),
    GS2_HMSB: _Format(_gs2[0], _gs2[1], _gs2[2], _gs2[3], _setrow_pixels(_gs2[1]), 2, 4),
    GS8: _Format(_gs8_get, _gs8_set, _gs8_fill, _gs8_getrow, _gs8_setrow, 8, 1),
}


# ---------------------------------------------------------------------------------------------
# Buffers and argument checks
# ---------------------------------------------------------------------------------------------

def _byte_buffer(obj, writable):
    """The object's bytes: itself for a bytearray, else a flat unsigned-byte memoryview."""
    if type(obj) is bytearray:
        return obj
    if isinstance(obj, FrameBuffer):  # a FrameBuffer exposes its buffer like the C type
        obj = obj._obj
        if type(obj) is bytearray:
            return obj
    if isinstance(obj, str):
        if writable:
            raise TypeError("object with buffer protocol required")
        obj = obj.encode("utf-8", "surrogatepass")  # a MicroPython str reads as its UTF-8 bytes
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


def _base_object(buf):
    return buf.obj if isinstance(buf, memoryview) else buf


def _int(v):
    """mp_obj_get_int: ints and bools only."""
    if type(v) is int:
        return v
    if isinstance(v, int):
        return int(v)
    raise TypeError("can't convert %s to int" % type(v).__name__)


def _setup(fb, args, writable):
    """framebuf_make_new_helper: check (buf, width, height, format[, stride]), fill in `fb`."""
    width = _int(args[1])
    height = _int(args[2])
    fmt = _int(args[3])
    stride = _int(args[4]) if len(args) >= 5 else width
    if (width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF
            or stride < width):
        raise ValueError()
    f = _FORMATS.get(fmt)
    if f is None:
        raise ValueError("invalid format")
    height_required = height
    width_required = width
    strides_required = height - 1
    if fmt == MONO_VLSB:
        height_required = (height + 7) & ~7
        strides_required = height_required - 8
    elif f.align > 1:
        a = f.align - 1
        stride = (stride + a) & ~a
        width_required = (width + a) & ~a
    buf = _byte_buffer(args[0], writable)
    need = ((strides_required * stride + (height_required - strides_required) * width_required)
            * f.bpp // 8)
    if need > len(buf):
        raise ValueError()
    fb._obj = args[0]
    fb._buf = buf
    fb._width = width
    fb._height = height
    fb._stride = stride
    fb._format = fmt
    fb._f = f
    fb._get = f.get
    fb._set = f.set
    fb._fillfn = f.fill
    return fb


def _readonly_framebuffer(arg):
    """get_readonly_framebuffer: a FrameBuffer, or a (buffer, width, height, format[, stride])."""
    if isinstance(arg, FrameBuffer):
        return arg
    if not isinstance(arg, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(arg).__name__)
    if len(arg) < 4 or len(arg) > 5:
        raise ValueError()
    return _setup(FrameBuffer.__new__(FrameBuffer), tuple(arg), False)


def _fill_clipped(fb, x, y, w, h, c):
    """fill_rect() of modframebuf.c: clip, then the format's fill."""
    width = fb._width
    height = fb._height
    if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= height or x >= width:
        return
    xe = x + w
    if xe > width:
        xe = width
    ye = y + h
    if ye > height:
        ye = height
    if x < 0:
        x = 0
    if y < 0:
        y = 0
    fb._fillfn(fb._buf, fb._stride, x, y, xe - x, ye - y, c)


def _line(fb, x1, y1, x2, y2, col):
    """line() of modframebuf.c (Bresenham, the end point set last)."""
    width = fb._width
    height = fb._height
    buf = fb._buf
    stride = fb._stride
    set_ = fb._set
    dx = x2 - x1
    if dx > 0:
        sx = 1
    else:
        dx = -dx
        sx = -1
    dy = y2 - y1
    if dy > 0:
        sy = 1
    else:
        dy = -dy
        sy = -1
    steep = dy > dx
    if steep:
        x1, y1 = y1, x1
        dx, dy = dy, dx
        sx, sy = sy, sx
    e = 2 * dy - dx
    dx2 = 2 * dx
    dy2 = 2 * dy
    for _ in range(dx):
        if steep:
            if 0 <= y1 < width and 0 <= x1 < height:
                set_(buf, stride, y1, x1, col)
        elif 0 <= x1 < width and 0 <= y1 < height:
            set_(buf, stride, x1, y1, col)
        while e >= 0:
            y1 += sy
            e -= dx2
        x1 += sx
        e += dy2
    if 0 <= x2 < width and 0 <= y2 < height:
        set_(buf, stride, x2, y2, col)


_gs4_key_masks = {}


def _gs4_key_mask(key):
    """Translation table: a source byte -> the nibbles of it to copy (those that are not `key`)."""
    t = _gs4_key_masks.get(key)
    if t is None:
        t = bytes((0 if b >> 4 == key else 0xF0) | (0 if b & 15 == key else 0x0F)
                  for b in range(256))
        _gs4_key_masks[key] = t
    return t


def _blit_gs4_aligned(dst, src, x0, y0, x1, y1, n, y0end, key):
    """GS4_HMSB to GS4_HMSB with source and destination x of the same parity: whole rows of bytes
    merged at once, a nibble copied where the source pixel is not the key. One of x0 and x1 is 0,
    so both are even here: a row starts on a byte boundary."""
    table = _gs4_key_mask(key)
    dbuf = dst._buf
    sbuf = src._buf
    dhalf = dst._stride >> 1
    shalf = src._stride >> 1
    nb = ((x0 + n + 1) >> 1) - (x0 >> 1)       # bytes the row touches
    last = 0xF0 if (x0 + n) & 1 else 0xFF       # an even last pixel: its byte's high nibble only
    full = (1 << (8 * nb)) - 1
    di = (x0 >> 1) + y0 * dhalf
    si = (x1 >> 1) + y1 * shalf
    for _ in range(y0end - y0):
        sb = bytes(sbuf[si:si + nb])
        m = bytearray(sb.translate(table))
        m[-1] &= last
        mi = int.from_bytes(m, "big")
        d = int.from_bytes(dbuf[di:di + nb], "big")
        s = int.from_bytes(sb, "big")
        dbuf[di:di + nb] = ((s & mi) | (d & (mi ^ full))).to_bytes(nb, "big")
        di += dhalf
        si += shalf


def _glyph_points():
    pts = []
    for g in range(96):
        p = []
        for j in range(8):
            bits = FONT[g * 8 + j]
            k = 0
            while bits:
                if bits & 1:
                    p.append((j, k))
                bits >>= 1
                k += 1
        pts.append(tuple(p))
    return tuple(pts)


_GLYPH_POINTS = _glyph_points()
_gs4_glyph_cache = {}


def _gs4_glyphs(stride, parity):
    """Per glyph, the bytes it touches in a GS4_HMSB frame (relative to the glyph's first byte,
    for an x of the given parity): (whole bytes, high-nibble bytes, low-nibble bytes)."""
    key = (stride, parity)
    table = _gs4_glyph_cache.get(key)
    if table is None:
        half = stride >> 1
        table = []
        for pts in _GLYPH_POINTS:
            nib = {}
            for j, k in pts:
                rel = ((parity + j) >> 1) + k * half
                nib[rel] = nib.get(rel, 0) | (1 if (parity + j) & 1 else 2)
            table.append((tuple(r for r, m in nib.items() if m == 3),
                          tuple(r for r, m in nib.items() if m == 2),
                          tuple(r for r, m in nib.items() if m == 1)))
        table = tuple(table)
        _gs4_glyph_cache[key] = table
    return table


def _text_bytes(s):
    if isinstance(s, str):
        data = s.encode("utf-8", "surrogatepass")
    elif isinstance(s, bytes):
        data = s
    else:
        raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
    z = data.find(b"\0")
    if z >= 0:
        data = data[:z]
    return data


# ---------------------------------------------------------------------------------------------
# The FrameBuffer class
# ---------------------------------------------------------------------------------------------

class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format[, stride]), positional arguments only."""

    __slots__ = ("_obj", "_buf", "_width", "_height", "_stride", "_format", "_f",
                 "_get", "_set", "_fillfn", "__dict__")

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("function doesn't take keyword arguments")
        if len(args) < 4:
            raise TypeError("function missing %d required positional arguments" % (4 - len(args)))
        if len(args) > 5:
            raise TypeError("function expected at most 5 arguments, got %d" % len(args))
        _setup(self, args, True)

    def __repr__(self):
        return "<FrameBuffer>"

    def __bytes__(self):
        return bytes(self._buf)

    def __buffer__(self, flags):  # Python 3.12+: the buffer protocol, like the C type
        return memoryview(self._obj)

    def fill(self, c, /):
        c = _int(c)
        self._fillfn(self._buf, self._stride, 0, 0, self._width, self._height, c)

    def fill_rect(self, x, y, w, h, c, /):
        x | y | w | h | c   # TypeError for a non-int, as mp_obj_get_int raises
        _fill_clipped(self, x, y, w, h, c)

    def hline(self, x, y, w, c, /):
        x | y | w | c
        _fill_clipped(self, x, y, w, 1, c)

    def vline(self, x, y, h, c, /):
        x | y | h | c
        _fill_clipped(self, x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False, /):
        x | y | w | h | c
        if f:
            _fill_clipped(self, x, y, w, h, c)
        else:
            _fill_clipped(self, x, y, w, 1, c)
            _fill_clipped(self, x, y + h - 1, w, 1, c)
            _fill_clipped(self, x, y, 1, h, c)
            _fill_clipped(self, x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=_NOARG, /):
        x | y
        if 0 <= x < self._width and 0 <= y < self._height:
            if c is _NOARG:
                return self._get(self._buf, self._stride, x, y)
            self._set(self._buf, self._stride, x, y, _int(c))
        return None

    def line(self, x1, y1, x2, y2, c, /):
        x1 | y1 | x2 | y2 | c
        _line(self, x1, y1, x2, y2, c)

    def ellipse(self, cx, cy, xr, yr, c, f=False, m=_NOARG, /):
        cx | cy | xr | yr | c
        mask = _ELLIPSE_MASK_FILL if f else 0
        if m is _NOARG:
            mask |= _ELLIPSE_MASK_ALL
        else:
            mask |= _int(m) & _ELLIPSE_MASK_ALL
        width = self._width
        height = self._height
        buf = self._buf
        stride = self._stride
        set_ = self._set
        if xr == 0 and yr == 0:
            if mask & _ELLIPSE_MASK_ALL and 0 <= cx < width and 0 <= cy < height:
                set_(buf, stride, cx, cy, c)
            return

        def points(x, y):
            if mask & _ELLIPSE_MASK_FILL:
                if mask & _Q1:
                    _fill_clipped(self, cx, cy - y, x + 1, 1, c)
                if mask & _Q2:
                    _fill_clipped(self, cx - x, cy - y, x + 1, 1, c)
                if mask & _Q3:
                    _fill_clipped(self, cx - x, cy + y, x + 1, 1, c)
                if mask & _Q4:
                    _fill_clipped(self, cx, cy + y, x + 1, 1, c)
            else:
                for q, px, py in ((_Q1, cx + x, cy - y), (_Q2, cx - x, cy - y),
                                  (_Q3, cx - x, cy + y), (_Q4, cx + x, cy + y)):
                    if mask & q and 0 <= px < width and 0 <= py < height:
                        set_(buf, stride, px, py, c)

        two_asquare = 2 * xr * xr
        two_bsquare = 2 * yr * yr
        x = xr
        y = 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        err = 0
        stoppingx = two_bsquare * xr
        stoppingy = 0
        while stoppingx >= stoppingy:        # 1st set of points, y' > -1
            points(x, y)
            y += 1
            stoppingy += two_asquare
            err += ychange
            ychange += two_asquare
            if 2 * err + xchange > 0:
                x -= 1
                stoppingx -= two_bsquare
                err += xchange
                xchange += two_bsquare
        x = 0
        y = yr
        xchange = yr * yr
        ychange = xr * xr * (1 - 2 * yr)
        err = 0
        stoppingx = 0
        stoppingy = two_asquare * yr
        while stoppingx <= stoppingy:        # 2nd set of points, y' < -1
            points(x, y)
            x += 1
            stoppingx += two_bsquare
            err += xchange
            xchange += two_bsquare
            if 2 * err + ychange > 0:
                y -= 1
                stoppingy -= two_asquare
                err += ychange
                ychange += two_asquare

    def poly(self, x, y, coords, c, f=False, /):
        x | y
        try:
            mv = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if mv.format in ("f", "d", "e"):
            if mv.nbytes >= 2 * mv.itemsize:
                raise TypeError("can't convert float to int")
            return
        vals = mv.cast("B").cast(mv.format).tolist() if mv.ndim != 1 else mv.tolist()
        n_poly = len(vals) // 2
        if n_poly == 0:
            return
        c = _int(c)
        if not f:
            px1 = vals[0]
            py1 = vals[1]
            i = n_poly * 2 - 1
            while True:
                py2 = vals[i]
                px2 = vals[i - 1]
                i -= 2
                _line(self, x + px1, y + py1, x + px2, y + py2, c)
                px1 = px2
                py1 = py2
                if i < 0:
                    break
            return
        # An integer scanline fill: for each row, the sorted x where edges cross it, filled
        # between pairs. An edge's bottom pixel is left out (so a shared vertex counts once);
        # local minima and horizontal edges are drawn explicitly.
        ys = vals[1:2 * n_poly:2]
        y_min = min(ys)
        y_max = max(ys)
        # every pixel drawn for a row lies on that row, so rows off the frame draw nothing
        if y_min < -y:
            y_min = -y
        if y_max > self._height - 1 - y:
            y_max = self._height - 1 - y
        width = self._width
        height = self._height
        buf = self._buf
        stride = self._stride
        set_ = self._set
        # edges in the order the C code walks them: (v0, v[n-1]), (v[n-1], v[n-2]), ...
        edges = []
        px1 = vals[0]
        py1 = vals[1]
        i = n_poly * 2 - 1
        while True:
            py2 = vals[i]
            px2 = vals[i - 1]
            i -= 2
            edges.append((px1, py1, px2, py2))
            px1 = px2
            py1 = py2
            if i < 0:
                break
        for row in range(y_min, y_max + 1):
            nodes = []
            for px1, py1, px2, py2 in edges:
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    t = 32 * (px2 - px1) * (row - py1)
                    d = py2 - py1
                    q = abs(t) // abs(d)
                    if (t < 0) != (d < 0):
                        q = -q
                    t = 32 * px1 + q + 16
                    q = abs(t) >> 5
                    nodes.append(q if t >= 0 else -q)
                elif row == (py1 if py1 > py2 else py2):
                    # a local minimum: draw the pixel the rule above leaves out
                    if py1 < py2:
                        px = x + px2
                        py = y + py2
                        if 0 <= px < width and 0 <= py < height:
                            set_(buf, stride, px, py, c)
                    elif py2 < py1:
                        px = x + px1
                        py = y + py1
                        if 0 <= px < width and 0 <= py < height:
                            set_(buf, stride, px, py, c)
                    else:
                        _line(self, x + px1, y + py1, x + px2, y + py2, c)
            if not nodes:
                continue
            nodes.sort()
            yy = y + row
            for k in range(0, len(nodes) - 1, 2):
                a = nodes[k]
                _fill_clipped(self, x + a, yy, nodes[k + 1] - a + 1, 1, c)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = _readonly_framebuffer(fbuf)
        x | y
        key = _int(key)
        pal = None
        if palette is not None:
            pal = _readonly_framebuffer(palette)
        width = self._width
        height = self._height
        sw = source._width
        sh = source._height
        if x >= width or y >= height or -x >= sw or -y >= sh:
            return
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = -x if x < 0 else 0
        y1 = -y if y < 0 else 0
        x0end = min(width, x + sw)
        y0end = min(height, y + sh)
        key &= 0xFFFFFFFF
        if key > 0xFFFF:
            key = -1                          # no pixel value can equal it
        dbase = _base_object(self._buf)
        if (_base_object(source._buf) is dbase
                or (pal is not None and _base_object(pal._buf) is dbase)):
            self._blit_pixels(source, pal, x0, y0, x1, y1, x0end, y0end, key)
            return
        if (pal is None and self._format == GS4_HMSB and source._format == GS4_HMSB
                and not (x0 ^ x1) & 1):
            _blit_gs4_aligned(self, source, x0, y0, x1, y1, x0end - x0, y0end, key)
            return
        sget = source._f.getrow
        sbuf = source._buf
        sstride = source._stride
        dset = self._f.setrow
        dbuf = self._buf
        dstride = self._stride
        n = x0end - x0
        lut = None
        if pal is not None:
            pg = pal._get
            lut = [pg(pal._buf, pal._stride, i, 0) for i in range(pal._width)]
        for row in range(y0, y0end):
            vals = sget(sbuf, sstride, x1, y1, n)
            if lut is not None:
                try:
                    vals = [lut[v] for v in vals]
                except IndexError:  # the C code reads past the palette's width
                    vals = [pal._get(pal._buf, pal._stride, v, 0) for v in vals]
            dset(dbuf, dstride, x0, row, vals, key)
            y1 += 1

    def _blit_pixels(self, source, pal, x0, y0, x1, y1, x0end, y0end, key):
        """blit pixel by pixel in the C order (the source or palette shares the frame's memory)."""
        sget = source._get
        sbuf = source._buf
        sstride = source._stride
        dset = self._set
        dbuf = self._buf
        dstride = self._stride
        for row in range(y0, y0end):
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = sget(sbuf, sstride, cx1, y1)
                if pal is not None:
                    col = pal._get(pal._buf, pal._stride, col, 0)
                if col != key:
                    dset(dbuf, dstride, cx0, row, col)
                cx1 += 1
            y1 += 1

    def scroll(self, xstep, ystep, /):
        xstep = _int(xstep)
        ystep = _int(ystep)
        width = self._width
        height = self._height
        if xstep <= -width or xstep >= width or ystep <= -height or ystep >= height:
            return
        # The C loop walks away from the source, so it reads only pixels it has not written
        # yet: the same as copying from a snapshot.
        snap = bytes(self._buf)
        n = width - abs(xstep)
        dx = xstep if xstep > 0 else 0
        sx = -xstep if xstep < 0 else 0
        getrow = self._f.getrow
        setrow = self._f.setrow
        buf = self._buf
        stride = self._stride
        for yy in range(ystep if ystep > 0 else 0, height + (ystep if ystep < 0 else 0)):
            setrow(buf, stride, dx, yy, getrow(snap, stride, sx, yy - ystep, n), -1)

    def text(self, s, x, y, c=1, /):
        data = _text_bytes(s)
        x | y
        c = _int(c)
        width = self._width
        height = self._height
        buf = self._buf
        stride = self._stride
        set_ = self._set
        gs4 = self._format == GS4_HMSB
        if gs4:
            c &= 15
            cc = c * 0x11
            hi = c << 4
            half = stride >> 1
        for ch in data:
            if ch < 32 or ch > 127:
                ch = 127
            g = ch - 32
            if x + 8 <= 0 or x >= width or y + 8 <= 0 or y >= height:
                pass                                  # nothing of this glyph is visible
            elif 0 <= x and x + 8 <= width and 0 <= y and y + 8 <= height:
                if gs4:
                    full, his, los = _gs4_glyphs(stride, x & 1)[g]
                    base = (x >> 1) + y * half
                    for r in full:
                        buf[base + r] = cc
                    for r in his:
                        i = base + r
                        buf[i] = (buf[i] & 0x0F) | hi
                    for r in los:
                        i = base + r
                        buf[i] = (buf[i] & 0xF0) | c
                else:
                    for j, k in _GLYPH_POINTS[g]:
                        set_(buf, stride, x + j, y + k, c)
            else:
                for j, k in _GLYPH_POINTS[g]:
                    px = x + j
                    py = y + k
                    if 0 <= px < width and 0 <= py < height:
                        set_(buf, stride, px, py, c)
            x += 8


def FrameBuffer1(*args):
    """The legacy constructor: FrameBuffer1(buffer, width, height[, stride]) in MONO_VLSB."""
    if len(args) < 3 or len(args) > 4:
        raise TypeError("function takes 3 or 4 positional arguments")
    return FrameBuffer(args[0], args[1], args[2], MONO_VLSB, args[3] if len(args) > 3 else args[1])
