"""Fixed-point helpers: integer sine/cosine, square root, clamping.

Angles are in *brads*: 65536 per full turn (0x4000 = 90 degrees), any int accepted (wraps).
sin() and cos() return Q14 (16384 = 1.0). Every intermediate stays below 2**30, so none of
this allocates a bigint on the Pico. The table is the quarter wave sampled at 256 steps
(tools/gen_sintable.py), linearly interpolated on the low 6 bits of the angle.
"""
from array import array

from micropython import const

ONE = const(16384)          # 1.0 in Q14
TURN = const(65536)         # brads per full turn
QUARTER = const(16384)      # brads per 90 degrees

# an array, not a tuple: frozen into picotable.uf2 a tuple keeps ints beyond +-8191 as big
# integers, and arithmetic on them allocates (tests/test_frozen_ints.py)
_SIN = array("h", [
    0, 101, 201, 302, 402, 503, 603, 704, 804, 904, 1005, 1105,
    1205, 1306, 1406, 1506, 1606, 1706, 1806, 1906, 2006, 2105, 2205, 2305,
    2404, 2503, 2603, 2702, 2801, 2900, 2999, 3098, 3196, 3295, 3393, 3492,
    3590, 3688, 3786, 3883, 3981, 4078, 4176, 4273, 4370, 4467, 4563, 4660,
    4756, 4852, 4948, 5044, 5139, 5235, 5330, 5425, 5520, 5614, 5708, 5803,
    5897, 5990, 6084, 6177, 6270, 6363, 6455, 6547, 6639, 6731, 6823, 6914,
    7005, 7096, 7186, 7276, 7366, 7456, 7545, 7635, 7723, 7812, 7900, 7988,
    8076, 8163, 8250, 8337, 8423, 8509, 8595, 8680, 8765, 8850, 8935, 9019,
    9102, 9186, 9269, 9352, 9434, 9516, 9598, 9679, 9760, 9841, 9921, 10001,
    10080, 10159, 10238, 10316, 10394, 10471, 10549, 10625, 10702, 10778, 10853, 10928,
    11003, 11077, 11151, 11224, 11297, 11370, 11442, 11514, 11585, 11656, 11727, 11797,
    11866, 11935, 12004, 12072, 12140, 12207, 12274, 12340, 12406, 12472, 12537, 12601,
    12665, 12729, 12792, 12854, 12916, 12978, 13039, 13100, 13160, 13219, 13279, 13337,
    13395, 13453, 13510, 13567, 13623, 13678, 13733, 13788, 13842, 13896, 13949, 14001,
    14053, 14104, 14155, 14206, 14256, 14305, 14354, 14402, 14449, 14497, 14543, 14589,
    14635, 14680, 14724, 14768, 14811, 14854, 14896, 14937, 14978, 15019, 15059, 15098,
    15137, 15175, 15213, 15250, 15286, 15322, 15357, 15392, 15426, 15460, 15493, 15525,
    15557, 15588, 15619, 15649, 15679, 15707, 15736, 15763, 15791, 15817, 15843, 15868,
    15893, 15917, 15941, 15964, 15986, 16008, 16029, 16049, 16069, 16088, 16107, 16125,
    16143, 16160, 16176, 16192, 16207, 16221, 16235, 16248, 16261, 16273, 16284, 16295,
    16305, 16315, 16324, 16332, 16340, 16347, 16353, 16359, 16364, 16369, 16373, 16376,
    16379, 16381, 16383, 16384, 16384
])


def sin(a):
    """sin(a) in Q14 for an angle a in brads. |result| <= 16384."""
    a &= 0xFFFF
    q = a >> 14             # quadrant 0..3
    r = a & 0x3FFF          # angle inside the quadrant
    if q & 1:
        r = 0x4000 - r      # mirror: 0..16384
    i = r >> 6              # 0..256
    f = r & 63
    v = _SIN[i]
    if f:
        v += ((_SIN[i + 1] - v) * f) >> 6   # |diff| <= 101, product < 6464
    return -v if q & 2 else v


def cos(a):
    """cos(a) in Q14 for an angle a in brads."""
    return sin(a + 0x4000)


def isqrt(n):
    """Floor of the square root of 0 <= n < 2**30, integer-only (bit-by-bit method)."""
    if n <= 0:
        return 0
    r = 0
    bit = 1 << 28
    while bit > n:
        bit >>= 2
    while bit:
        if n >= r + bit:
            n -= r + bit
            r = (r >> 1) + bit
        else:
            r >>= 1
        bit >>= 2
    return r


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def mul_q14(a, b):
    """a * b / 16384, rounded toward minus infinity; caller keeps |a * b| < 2**30."""
    return (a * b) >> 14
