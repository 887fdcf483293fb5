"""The launcher: the five games (unavailable ones marked), a suspended game to resume, settings."""
from micropython import const

from core import catalog
from core import menu as M
from core import palette as P
from core import widgets
from core.scene import Scene

_RESUME = const(254)
_SETTINGS = const(255)


class Launcher(Scene):
    def __init__(self, console):
        self.c = console
        self.menu = M.Menu(0, 70, 240, 20, len(catalog.NAMES) + 2)
        self.kind = bytearray(len(catalog.NAMES) + 2)     # per row: game index, or _RESUME / _SETTINGS
        self.available = bytearray(len(catalog.NAMES))
        self._unavailable_notes = [None] * len(catalog.NAMES)
        self._seats = ["n/a"] * len(catalog.NAMES)      # "2-4" once probed: players
        for i in range(len(catalog.NAMES)):
            self._unavailable_notes[i] = catalog.TITLES[i] + ": not available yet"

    def probe(self):
        """Find which games are installed, and their seat ranges (at boot)."""
        for i in range(len(catalog.NAMES)):
            pkg = catalog.package(catalog.NAMES[i])
            self.available[i] = 1 if pkg is not None else 0
            if pkg is not None:
                lo, hi = pkg.SEATS
                self._seats[i] = "%d-%d" % (lo, hi) if hi > lo else "%d" % lo
            catalog.unload(catalog.NAMES[i], True)     # loaded again when chosen

    def _build(self):
        m = self.menu
        m.clear()
        r = 0
        if self.c.suspended is not None:
            gi = catalog.index(self.c.suspended)
            m.add("Resume", catalog.TITLES[gi] if gi >= 0 else "?")
            self.kind[r] = _RESUME
            r += 1
        for i in range(len(catalog.NAMES)):
            m.add(catalog.TITLES[i], self._seats[i], self.available[i])
            self.kind[r] = i
            r += 1
        m.add("Settings")
        self.kind[r] = _SETTINGS

    def enter(self, console):
        console.release_scenes()
        sel = self.menu.sel
        self._build()
        self.menu.select(sel if sel < self.menu.n else 0)

    def update(self, c):
        m = self.menu
        act = m.update(c.buttons)
        if act != M.SELECT:
            return
        k = self.kind[m.sel]
        if k == _SETTINGS:
            c.push(c.scene("settings"))
        elif k == _RESUME:
            c.resume_game()
        elif self.available[k]:
            s = c.scene("setup")
            s.prepare(catalog.NAMES[k], catalog.package(catalog.NAMES[k]))
            c.push(s)
        else:
            c.notice.post(self._unavailable_notes[k])

    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            g.text_big_center("picotable", 14, P.YELLOW, 3)
            g.text_center("a pocket game table", 44, P.SILVER)
            g.text("players", 176, 60, P.GREY)
            widgets.footer(g, "A select  up/down move")
        self.menu.draw(g, full)
