"""The page's console runner (docs/web.md): what main.py is on the board and host_sim.cli.Run in
the simulator. The page's JavaScript calls boot() once, then one Page method per call:

- tick(elapsed_ms): once per animation frame, the console's own fixed-step loop
  (Console.advance: 30 steps a second, catch-up clamped, one render);
- frame(): one step and one render, for replays (the page sets the input and a virtual clock
  step by step, as the simulator's headless runs do);
- launch(): start a game as the launcher starts it, like the simulator's --game.

A restart (hw.restart(): a new game, back to the launcher) builds a new console on the same
hardware, as the simulator does. Each call counts whether it allocated while a game was playing
(the figure the page shows: DESIGN.md section 2 wants none).
"""
import gc
from array import array

from core.console import Console

import webhw


def boot(data, seed=-1, settings_hex="", accel="sim"):
    """A console on a new hardware object; `data` is the folder of settings and saves,
    `settings_hex` settings to write there first (a replay's), `seed` a fixed base for new
    games' seeds (-1: the clock seeds), `accel` the sensor as a recording names it: "sim" (the
    page's tilt), "sensor" (a real one: identical readings may mean it is stuck) or "none"."""
    return Page(data, seed, settings_hex, accel)


class Page:
    def __init__(self, data, seed, settings_hex, accel):
        self.io = array("i", [0] * webhw.SIZE)
        self.hw = webhw.WebHardware(self.io, data, seed, accel)
        if settings_hex:
            from core import settings_file as SF
            from core import storage
            storage.save(self.hw.files, SF.FILE, SF.MAGIC, SF.VERSION, bytes.fromhex(settings_hex))
        # the figure: calls made while a game played, and those of them that allocated
        # (and the console's step count after the first allocating call, -1: none)
        self.stats = array("i", [0, 0, 0, -1])  # game calls, allocating calls, bytes allocated
        self.console = None
        self.restart()

    def io_address(self):
        import uctypes
        return uctypes.addressof(self.io)

    def stats_address(self):
        import uctypes
        return uctypes.addressof(self.stats)

    def restart(self):
        self.console = None
        self.console = Console(self.hw)

    def _playing(self, c):
        """A game is on top (or its hand-off screen): its frames must not allocate. Anything
        else on top (the pause menu, the error screen, results) is an allocation point."""
        top = c.top
        # (a peek at the console's loaded scenes: the hand-off screen is loaded as a game starts)
        return c.game is not None and (top is c.game or top is c._scenes.get("handoff"))

    def _run(self, elapsed):
        """Returns True when the console rendered."""
        c = self.console
        playing = self._playing(c)
        before = gc.mem_alloc()
        try:
            if elapsed < 0:
                c.frame()
                rendered = True
            else:
                rendered = c.advance(elapsed) == 0
        except webhw.Restart:
            self.restart()
            return True
        if playing and self._playing(c):
            grew = gc.mem_alloc() - before
            st = self.stats
            st[0] += 1
            if grew:
                st[1] += 1
                st[2] += grew
                if st[3] < 0:
                    st[3] = c.steps
        return rendered

    def tick(self, elapsed_ms):
        """One animation frame: the steps `elapsed_ms` of real time is worth, then a render."""
        return self._run(elapsed_ms if elapsed_ms > 0 else 0)

    def frame(self):
        """One step and one render (replays)."""
        self._run(-1)

    def launch(self, game, seats, options=""):
        """Start `game` as the launcher does (through a restart): `seats` like the simulator's
        --seats, `options` a digit per game option, the index of its choice (missing ones: the
        first choice). Returns "" or a one-line reason."""
        from core import catalog, session
        from core import setup as SU
        pkg = catalog.package(game)
        if pkg is None:
            return "no game %r" % game
        try:
            kinds = SU.parse_seats(seats)
        except ValueError as e:
            return str(e)
        lo, hi = pkg.SEATS
        if not lo <= len(kinds) <= hi:
            return "%s takes %d to %d seats, not %d" % (game, lo, hi, len(kinds))
        opts = bytearray(len(pkg.OPTIONS))
        for i in range(len(options)):
            k = "0123456789".find(options[i])
            if i >= len(opts) or not 0 <= k < len(pkg.OPTIONS[i][2]):
                return "%s: option %d has no choice %r" % (game, i + 1, options[i])
            opts[i] = k
        c = self.console
        seed = getattr(self.hw, "seed", None)
        setup = SU.Setup(game, kinds, SU.seat_names(kinds, c.settings), opts,
                         seed if seed is not None else c.new_seed())
        try:
            session.launch(c, session.GO_NEW, setup)
        except webhw.Restart:
            self.restart()
        return ""
