"""The pause menu every game gets (Y or joystick press): resume, the game's rules, quit.

Quitting suspends the game when it can be saved, so the launcher offers to resume it. The rules
are the running game's help pages: tuples of lines of at most 29 characters, or bytes with the
lines separated by b"\n" (one object a page instead of one a line: less memory).

Neither is kept while the game plays (emulated Pico: about 5 KB for this menu with core.menu and
core.widgets, 1.6-3.4 KB for a game's pages). The console loads this menu when it is opened and
resuming drops it (with core.menu and core.widgets where no launcher uses them); choosing "How
to play" loads the pages (the game's help_pages(), which imports its help module) and leaving
them forgets what that imported. These are allocation points, with the game paused; moving in
the menu and turning the pages allocate nothing.
"""
import gc
import sys

from micropython import const

from core import buttons as B
from core import menu as M
from core import palette as P
from core import text as TX
from core import widgets
from core.scene import Scene

_RESUME = const(0)
_RULES = const(1)
_QUIT = const(2)
_LINES = const(17)


class Pause(Scene):
    def __init__(self, console):
        self.c = console
        m = self.menu = M.Menu(30, 80, 180, 22, 3)
        m.add("Resume")
        m.add("How to play")
        m.add("Quit to launcher")
        self.page = -1          # -1: the menu; else the rules page shown
        self.pages = ()         # the rules pages while they are shown
        self._loaded = ()       # the modules loading them imported
        self._drawn_page = -2

    def enter(self, console):
        self.page = -1
        self.menu.select(_RESUME)

    def update(self, c):
        if self.page >= 0:
            r = c.buttons.repeat
            if r & B.RIGHT and self.page < len(self.pages) - 1:
                self.page += 1
            elif r & B.LEFT and self.page > 0:
                self.page -= 1
            elif c.buttons.pressed & (B.B | B.A):
                self.page = -1
                self._drop_pages()
            return
        act = self.menu.update(c.buttons)
        if act == M.SELECT:
            i = self.menu.sel
            if i == _RESUME:
                self._resume(c)
            elif i == _RULES:
                if self._load_pages(c):
                    self.page = 0
            else:
                c.quit_game(True)
        elif act == M.BACK or c.buttons.pressed & B.Y:
            self._resume(c)

    def _resume(self, c):
        """Back to the game; this menu is forgotten (freed at the next collection, once the
        console no longer holds it) and loaded again when opened."""
        c.pop()
        from core.modules import forget
        if c.launcher is None:
            forget("core.menu")
            forget("core.widgets")
        c.drop_scene("pause")

    def _load_pages(self, c):
        """True when the game's rules pages are loaded; else a notice says why not."""
        before = list(sys.modules)
        try:
            self.pages = c.help_pages() if c.help_pages is not None else ()
            why = None if len(self.pages) else "No rules pages for this game"
        except MemoryError:
            why = "No memory for the rules"
        self._loaded = [k for k in sys.modules if k not in before]
        if why is None:
            return True
        self._drop_pages()
        c.notice.post(why)
        return False

    def _drop_pages(self):
        self.pages = ()
        from core.modules import forget
        for k in self._loaded:
            forget(k)
        self._loaded = ()
        gc.collect()

    def draw(self, g, full):
        if self.page != self._drawn_page:
            full = True
            self._drawn_page = self.page
        if self.page >= 0:
            if full:
                self._draw_page(g)
            return
        if full:
            g.clear(P.NAVY)
            widgets.header(g, "Paused")
            widgets.footer(g, "A choose  B resume")
        self.menu.draw(g, full)

    def _draw_page(self, g):
        pages = self.pages
        g.clear(P.NAVY)
        widgets.header(g, "Rules")
        lines = pages[self.page]
        y = 36
        if isinstance(lines, bytes):
            x = 4
            for i in range(len(lines)):         # glyph by glyph: no str is made
                b = lines[i]
                if b == 10:
                    x = 4
                    y += 11
                elif y < 36 + 11 * _LINES and 32 <= b < 127:
                    TX.glyph(g.fb, b, x, y, P.WHITE)
                    x += 8
            g.dirty(0, 36, 240, 11 * _LINES)
        else:
            for i in range(len(lines) if len(lines) < _LINES else _LINES):
                g.text(lines[i], 4, y, P.WHITE)
                y += 11
        g.fill_rect(0, widgets.FOOTER_Y - 2, 240, 12, P.BLACK)
        g.text("<", 8, widgets.FOOTER_Y, P.SILVER if self.page > 0 else P.SLATE)
        x = g.number(self.page + 1, 92, widgets.FOOTER_Y, P.SILVER)
        g.text("/", 92 + x, widgets.FOOTER_Y, P.SILVER)
        g.number(len(pages), 100 + x, widgets.FOOTER_Y, P.SILVER)
        g.text("B back", 150, widgets.FOOTER_Y, P.SILVER)
        g.text(">", 224, widgets.FOOTER_Y, P.SILVER if self.page < len(pages) - 1 else P.SLATE)
