"""The console's 16-colour palette (index -> RGB565) and the names scenes use."""
from micropython import const

BLACK = const(0)
NAVY = const(1)        # background
SLATE = const(2)       # panels
GREY = const(3)
SILVER = const(4)
WHITE = const(5)
RED = const(6)
ORANGE = const(7)
YELLOW = const(8)
GREEN = const(9)
FOREST = const(10)
CYAN = const(11)
BLUE = const(12)
PURPLE = const(13)
PINK = const(14)
BROWN = const(15)


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


# r, g, b per index; kept as data so the simulator and the driver agree by construction
RGB = bytes((
    0, 0, 0, 16, 24, 48, 44, 56, 84, 110, 118, 134,
    190, 196, 206, 255, 255, 255, 224, 60, 56, 244, 140, 40,
    248, 216, 64, 80, 200, 96, 30, 110, 60, 70, 200, 220,
    60, 110, 230, 150, 80, 200, 244, 130, 180, 140, 90, 50,
))


def fill(pal):
    """Write the default palette into `pal` (an array('H') of 16)."""
    for i in range(16):
        pal[i] = rgb565(RGB[3 * i], RGB[3 * i + 1], RGB[3 * i + 2])
