"""A stand-in game scene for console tests (pause menu, hand-off, error screen). It is never
listed by the launcher: tests put it on the console the way console.start_game does."""
from core import buttons as B
from core import palette as P
from core.scene import Scene

PAGES = (
    ("Test game rules, page one.", "", "Press X to hand off."),
    ("Page two.", "Nothing else."),
    ("Page three.",),
)


class TestGame(Scene):
    pausable = True

    def __init__(self, console):
        self.c = console
        self.count = 0
        self.drawn = -1
        self.game_over = False
        self.raise_now = False

    def update(self, c):
        self.count += 1
        p = c.buttons.pressed
        if p & B.X:
            c.hand_off("ANA")
        elif self.raise_now:
            raise ValueError("test error")

    def draw(self, g, full):
        if full:
            g.clear(P.FOREST)
            g.text("secret hand", 10, 10, P.WHITE)
        t = self.count // 30
        if full or t != self.drawn:
            g.number(t, 100, 100, P.YELLOW, P.FOREST, 6)
            self.drawn = t


def install(console):
    g = TestGame(console)
    console.attach_game(g, PAGES)
    return g
