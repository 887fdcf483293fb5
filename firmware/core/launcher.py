"""The launcher: the five games with their icons (unavailable ones greyed), a suspended game to
resume, settings.

Its art (core/art_launcher.py, made by `make assets` from assets/core/launcher/) is imported when
the launcher comes on top and dropped before it opens anything else, so the icons and the title
lettering never take memory from a game or a settings screen.
"""
from micropython import const

from core import catalog
from core import menu as M
from core import palette as P
from core import widgets
from core.modules import forget
from core.scene import Scene

_RESUME = const(254)
_SETTINGS = const(255)
_ART = "core.art_launcher"
_TITLE_Y = const(4)
_LIST_TOP = const(32)         # the rows are centred between the title and the footer
_LIST_END = const(226)
_ICON_ROW = const(32)         # a game row is as tall as its icon; Resume, Settings: 16
_LABEL_X = const(56)
_GAUGE_X = const(206)         # the battery gauge, right of the title


class GameMenu(M.Menu):
    """The launcher's menu: a game row shows its icon left of the title (greyed when the game is
    not installed), and its player count under the title."""

    def __init__(self, size):
        M.Menu.__init__(self, 0, _LIST_TOP, 240, 16, size)
        self.icons = [None] * size     # per row: an image of the art module, or None
        self.art = None                # the art module while the launcher is on top

    def _cell(self, g, i, y, h):
        icon = self.icons[i]
        if icon is None:
            M.Menu._cell(self, g, i, y, h)
            return
        on = self.enabled[i]
        g.image(icon, 16, y, self.art.KEY, None if on else self.art.GREYED)
        g.text(self.labels[i], _LABEL_X, y + 6, P.WHITE if on else P.GREY)
        g.text(self.values[i], _LABEL_X, y + 18, P.SILVER if on else P.GREY)


class Launcher(Scene):
    def __init__(self, console):
        self.c = console
        self.menu = GameMenu(len(catalog.NAMES) + 2)
        self.kind = bytearray(len(catalog.NAMES) + 2)     # per row: game index, or _RESUME / _SETTINGS
        self.available = bytearray(len(catalog.NAMES))
        self._seats = ["not available"] * len(catalog.NAMES)   # "2-4 players" once probed

    def probe(self):
        """Find which games are installed, and their seat ranges (at boot)."""
        for i in range(len(catalog.NAMES)):
            pkg = catalog.package(catalog.NAMES[i])
            self.available[i] = 1 if pkg is not None else 0
            if pkg is not None:
                lo, hi = pkg.SEATS
                self._seats[i] = ("%d-%d players" % (lo, hi) if hi > lo else
                                  "%d player%s" % (lo, "" if lo == 1 else "s"))
            catalog.unload(catalog.NAMES[i], True)     # loaded again when chosen

    def release_art(self):
        """Drop the icons and the title lettering (before anything else is loaded)."""
        m = self.menu
        m.art = None
        for i in range(len(m.icons)):
            m.icons[i] = None
        forget(_ART)
        self.c.gfx.load_images(False)

    def _build(self):
        m = self.menu
        m.clear()
        art = m.art
        r = 0
        if self.c.suspended is not None:
            gi = catalog.index(self.c.suspended)
            m.add("Resume", catalog.TITLES[gi] if gi >= 0 else "?")
            m.icons[r] = None
            self.kind[r] = _RESUME
            r += 1
        for i in range(len(catalog.NAMES)):
            icon = getattr(art, catalog.NAMES[i].upper(), None) if art is not None else None
            m.add(catalog.TITLES[i], self._seats[i], self.available[i], _ICON_ROW if icon else 0)
            m.icons[r] = icon
            self.kind[r] = i
            r += 1
        m.add("Settings")
        m.icons[r] = None
        self.kind[r] = _SETTINGS
        m.y = _LIST_TOP + ((_LIST_END - _LIST_TOP - m.tops[m.n]) >> 1)

    def enter(self, console):
        console.release_scenes()
        if self.menu.art is None:
            try:
                art = __import__(_ART, None, None, ("KEY",))
                console.gfx.load_images(True)
                self.menu.art = art
            except (ImportError, MemoryError):     # the menu works without its pictures
                pass
        sel = self.menu.sel
        self._build()
        self.menu.select(sel if sel < self.menu.n else 0)

    def update(self, c):
        m = self.menu
        act = m.update(c.buttons)
        if act != M.SELECT:
            return
        k = self.kind[m.sel]
        if k < _RESUME and not self.available[k]:
            c.notice.post("That game is not available yet")
            return
        self.release_art()          # what opens next loads with the art's memory free
        if k == _SETTINGS:
            c.push(c.scene("settings"))
        elif k == _RESUME:
            from core import session
            session.launch(c, session.GO_RESUME)
        else:
            s = c.scene("setup")
            s.prepare(catalog.NAMES[k], catalog.package(catalog.NAMES[k]))
            c.push(s)

    def draw(self, g, full):
        if full:
            g.clear(P.NAVY)
            art = self.menu.art
            if art is not None:
                t = art.TITLE
                g.image(t, (240 - t[1]) >> 1, _TITLE_Y, art.KEY)
            else:
                g.text_big_center("picotable", _TITLE_Y, P.YELLOW, 3)
            widgets.footer(g, "A select  up/down move")
        gauge = self.c.power.gauge
        if gauge is not None and (full or gauge.changed):
            gauge.changed = False
            _gauge(g, gauge.level)
        self.menu.draw(g, full)


def _gauge(g, level):
    """The battery at the top right: four bars (red at the last one, none when empty), or a
    plug on USB power (core/battery.py: level 5); nothing at level -1 (no reading)."""
    g.fill_rect(_GAUGE_X, 6, 28, 12, P.NAVY)
    if level < 0:
        return
    if level == 5:
        g.fill_rect(_GAUGE_X + 2, 9, 3, 2, P.SILVER)        # the prongs
        g.fill_rect(_GAUGE_X + 2, 13, 3, 2, P.SILVER)
        g.fill_rect(_GAUGE_X + 5, 7, 7, 10, P.SILVER)       # the plug's body
        g.fill_rect(_GAUGE_X + 12, 11, 12, 2, P.SILVER)     # the cable
        return
    g.rect(_GAUGE_X, 7, 24, 10, P.SILVER)
    g.fill_rect(_GAUGE_X + 24, 10, 2, 4, P.SILVER)
    for i in range(level):
        g.fill_rect(_GAUGE_X + 2 + 5 * i, 9, 4, 6, P.RED if level == 1 else P.GREEN)
