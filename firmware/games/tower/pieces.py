"""The tower game's piece set (T-1): a data table, no code.

Each entry is (name, parts), the name as bytes (no str is interned for it); each part is a flat tuple x0, y0, x1, y1, ... of one convex
polygon in whole pixels, y up, counter-clockwise, at most 8 vertices. A piece has 1 to 3
parts; parts of one piece may share edges but never overlap. The origin of a piece is
arbitrary: the physics measures everything from the centroid it computes. Density is
uniform, so mass, centroid and moment of inertia follow from the polygons alone
(games/tower/physics.py computes them once at import, in exact integer arithmetic).
tests/test_tower_physics.py checks convexity, winding, sizes and that no two pieces are alike.
"""

PIECES = (
    # -- convex pieces --
    (b"long plank", ((0, 0, 68, 0, 68, 8, 0, 8),)),
    (b"short plank", ((0, 0, 40, 0, 40, 8, 0, 8),)),
    (b"beam", ((0, 0, 56, 0, 56, 14, 0, 14),)),
    (b"brick", ((0, 0, 32, 0, 32, 16, 0, 16),)),
    (b"big cube", ((0, 0, 26, 0, 26, 26, 0, 26),)),
    (b"small cube", ((0, 0, 16, 0, 16, 16, 0, 16),)),
    (b"pole", ((0, 0, 10, 0, 10, 56, 0, 56),)),
    (b"ramp", ((0, 0, 44, 0, 44, 22),)),
    (b"roof", ((0, 0, 48, 0, 24, 24),)),
    (b"spire", ((0, 0, 18, 0, 9, 50),)),
    (b"bucket", ((6, 0, 26, 0, 32, 28, 0, 28),)),
    (b"frustum", ((0, 0, 40, 0, 30, 20, 10, 20),)),
    (b"half-disc", ((-22, 0, 22, 0, 19, 11, 11, 19, 0, 22, -11, 19, -19, 11),)),
    (b"ball", ((14, 0, 10, 10, 0, 14, -10, 10, -14, 0, -10, -10, 0, -14, 10, -10),)),
    (b"egg", ((0, -14, 9, -10, 12, -1, 9, 10, 0, 17, -9, 10, -12, -1, -9, -10),)),
    (b"hexagon nut", ((15, 0, 8, 13, -8, 13, -15, 0, -8, -13, 8, -13),)),
    (b"diamond", ((0, -17, 11, 0, 0, 17, -11, 0),)),
    (b"parallelogram", ((0, 0, 36, 0, 48, 16, 12, 16),)),
    (b"house", ((0, 0, 30, 0, 30, 20, 15, 34, 0, 20),)),
    (b"die", ((3, 0, 19, 0, 22, 3, 22, 19, 19, 22, 3, 22, 0, 19, 0, 3),)),
    # -- compound pieces --
    (b"L", ((0, 0, 34, 0, 34, 10, 0, 10),
           (0, 10, 10, 10, 10, 44, 0, 44))),
    (b"T", ((17, 0, 29, 0, 29, 34, 17, 34),
           (0, 34, 46, 34, 46, 44, 0, 44))),
    (b"arch", ((0, 0, 10, 0, 10, 22, 0, 22),
              (42, 0, 52, 0, 52, 22, 42, 22),
              (0, 22, 52, 22, 52, 32, 0, 32))),
    (b"step", ((0, 0, 44, 0, 44, 12, 0, 12),
              (0, 12, 22, 12, 22, 24, 0, 24))),
    (b"cross", ((13, 0, 23, 0, 23, 44, 13, 44),
               (0, 24, 13, 24, 13, 34, 0, 34),
               (23, 24, 36, 24, 36, 34, 23, 34))),
    (b"tree", ((11, 0, 19, 0, 19, 12, 11, 12),
              (0, 12, 30, 12, 15, 46))),
    (b"egg cup", ((2, 0, 22, 0, 22, 4, 2, 4),
                 (9, 4, 15, 4, 15, 12, 9, 12),
                 (4, 12, 20, 12, 24, 17, 24, 26, 0, 26, 0, 17))),
)

COMPOUND_FIRST = 20     # index of the first compound piece
