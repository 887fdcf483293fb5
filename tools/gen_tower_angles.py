"""The tower bots' resting angles of every piece (games/tower/geom.py ANGLES), from the piece
table of games/tower/physics.py: the angles (brads) at which a piece rests on one of its edges.

    python tools/gen_tower_angles.py           print the ANGLES literal for geom.py
    python tools/gen_tower_angles.py --check   exit 1 (saying so) when geom.py's is not that

The table used to be computed as the game started; on the board that made about 150 KB of
garbage while the game's arrays were being allocated (docs/decisions.md, Memory).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from host_sim import boot  # noqa: E402

boot.install()

from games.tower import physics as P  # noqa: E402

_TV = 260
_PW = 8
_PT_NP = 5
_PT_PP = 7

# CORDIC arctangent table: atan(2**-i) in brads
_ATAN = (8192, 4836, 2555, 1297, 651, 326, 163, 81, 41, 20, 10, 5, 3, 1)


def _atan2(y, x):
    """Angle of (x, y) in brads, 0..65535 (integer CORDIC, |x|, |y| < 2**20)."""
    a = 0
    if x < 0:
        x = -x
        y = -y
        a = 32768
    x <<= 8
    y <<= 8
    for i in range(14):
        if y > 0:
            x, y = x + (y >> i), y - (x >> i)
            a += _ATAN[i]
        else:
            x, y = x - (y >> i), y + (x >> i)
            a -= _ATAN[i]
    return a & 0xFFFF


def _verts(piece):
    """(x, y) Q6 of every vertex of every part of a piece, relative to its centroid."""
    out = []
    for first, n in _parts(piece):
        for k in range(first, first + n):
            o = _TV + 4 * k
            out.append((P.T16[o], P.T16[o + 1]))
    return out


def _parts(piece):
    """((first table vertex, count), ...) of the piece's parts."""
    pt = P.PT
    pp = pt[piece * _PW + _PT_PP]
    return [(pt[pp + 2 * i], pt[pp + 2 * i + 1]) for i in range(pt[piece * _PW + _PT_NP])]


def _rot(v, a):
    c = P.cos(a)
    s = P.sin(a)
    return [((x * c - y * s) >> 14, (x * s + y * c) >> 14) for x, y in v]


def _same_set(a, b, tol):
    for x, y in a:
        ok = False
        for u, w in b:
            if abs(u - x) <= tol and abs(w - y) <= tol:
                ok = True
                break
        if not ok:
            return False
    return True


def _rest_angles(piece, most=4):
    """The angles (brads) at which the piece rests on one of its edges, as a tuple, without
    the turns that give the same shape (a brick lying flat twice, the ball eight times); the
    `most` longest resting edges first."""
    verts = _verts(piece)
    cands = []
    for first, n in _parts(piece):
        for k in range(n):
            o0 = _TV + 4 * (first + k)
            o1 = _TV + 4 * (first + (k + 1) % n)
            ex = P.T16[o1] - P.T16[o0]
            ey = P.T16[o1 + 1] - P.T16[o0 + 1]
            a = (49152 - _atan2(-ex, ey)) & 0xFFFF     # outward normal (ey, -ex) turned down
            a = (a + 256) & 0xFE00                     # the fine-turn grid (2.8 degrees)
            r = _rot(verts, a)
            # the edge must be the piece's bottom (its two ends the lowest vertices)
            lo = min(y for _, y in r)
            e0 = _rot([(P.T16[o0], P.T16[o0 + 1])], a)[0][1]
            e1 = _rot([(P.T16[o1], P.T16[o1 + 1])], a)[0][1]
            if e0 - lo > 40 or e1 - lo > 40:
                continue
            dup = False
            for _, b in cands:
                if _same_set(r, _rot(verts, b), 40):
                    dup = True
                    break
            if not dup:
                cands.append((-(ex * ex + ey * ey), a))
    cands.sort()
    return tuple(a for _, a in cands[:most])


def angles():
    """ANGLES[5 * piece]: how many resting angles (1..4), then the angles >> 9 (they are on the
    fine-turn grid of 512 brads), the longest resting edges first."""
    out = bytearray(5 * P.NPIECES)
    for p in range(P.NPIECES):
        a = _rest_angles(p)
        out[5 * p] = len(a)
        for k in range(len(a)):
            out[5 * p + 1 + k] = a[k] >> 9
    return bytes(out)


def literal(b):
    return "(" + "\n    ".join(repr(b[i:i + 20]) for i in range(0, len(b), 20)) + ")"


def main(argv):
    from host_sim.args import Parser
    p = Parser(prog="python tools/gen_tower_angles.py", description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if geom.py's table is not up to date")
    check = p.parse_args(argv).check
    want = angles()
    if check:
        from games.tower import geom
        if bytes(geom.ANGLES) != want:
            print("games/tower/geom.py ANGLES is out of date: run python tools/gen_tower_angles.py")
            return 1
        return 0
    print(literal(want))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
