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


def help_pages():
    return PAGES


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


def install(console, alone=False):
    """Put the test game on `console` the way console.start_game does. `alone`: as on the
    device, where a game runs on a console of its own (started through a restart, core/session.py):
    the launcher goes first, with its modules, and a blank scene is under the game."""
    if alone:
        import gc
        from core.modules import forget
        console.launcher.release_art()
        console.launcher = None
        console._stack[0] = Scene()
        forget("core.launcher")
        forget("core.catalog")
        gc.collect()
    g = TestGame(console)
    console.attach_game(g, help_pages)
    return g
