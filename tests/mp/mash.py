"""Human seats' input for whole-game runs: keys from a seeded generator (tests/mp/runs.py, the
board bench's lifecycle runs), CPython and MicroPython."""
from core.rng import Rng

# no Y (256) and no joystick press (16): those open the pause menu, toured on its own
KEYS = (1, 2, 4, 8, 32, 64, 128, 0, 0, 0, 32, 32, 128 | 4, 128 | 8)


class Mash:
    """Buttons from a seeded generator: a key from KEYS held 1-4 steps, then released."""
    def __init__(self, seed, keys=KEYS):
        self.rng = Rng(seed)
        self.keys = keys
        self.left = 0
        self.bits = 0
        self.no_a = False

    def read(self):
        if self.left == 0:
            x = self.rng.next16()
            b = self.keys[x % len(self.keys)] if self.bits == 0 else 0
            if self.no_a:
                b &= ~32
            self.bits = b
            self.left = 1 + (x >> 8) % 4
        self.left -= 1
        return self.bits
