"""Mutation check: each mutation breaks the code on purpose, and the tests named for it must fail.

    python tools/mutants.py [--list] [--only ID[,ID...]] [--no-baseline] [--keep]

For each mutation: a fresh temporary copy of the tree (never the working tree), the snippet
replaced (it must occur exactly once in its file), then only the named tests run there. First
the same tests run on the unmutated copy and must pass (--no-baseline skips this), or the
mutation would prove nothing. Results: `caught` (the tests failed), `caught (timeout)` (they
hung), `SURVIVED` (they passed: the tests do not catch what they claim), `UNAPPLIED` (the snippet
is no longer in the file: update the list), `BASELINE FAILS`. Prints a table; exits 1 unless every
mutation was caught. docs/testing.md lists the same mutations; `make test` runs one of them end
to end (tests/test_mutants.py). The whole list takes several minutes: it is not part of make test.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from host_sim.args import Parser  # noqa: E402

# what is copied: everything but these names (anywhere in the tree)
SKIP = {".git", ".venv", "node_modules", "build", "__pycache__", ".pytest_cache", "out"}
TIMEOUT = 1200


class Mutation:
    def __init__(self, ident, path, old, new, tests, what):
        self.id = ident
        self.path = path            # relative to the root
        self.old = old              # must occur exactly once
        self.new = new
        self.tests = tests          # pytest arguments: node ids, files, -k expressions
        self.what = what


MUTATIONS = (
    Mutation("setup-alloc", "firmware/core/game_setup.py",
             "        act = m.update(c.buttons)\n",
             "        act = m.update(c.buttons)\n        self.last = [act]\n",
             ["tests/test_console_scenes.py", "-k", "heap_locked and setup"],
             "the game setup screen allocates every frame"),
    Mutation("pause-alloc", "firmware/core/pause.py",
             "            elif c.buttons.pressed & (B.B | B.A):\n",
             "            elif [r] and c.buttons.pressed & (B.B | B.A):\n",
             ["tests/test_human_locked.py", "-k", "norespect and unix"],
             "a rules page of the pause menu allocates every frame"),
    Mutation("pause-at-start", "firmware/core/console.py",
             "        if scene.secrets:\n            self.scene(\"handoff\")\n",
             "        self.scene(\"pause\")\n        if scene.secrets:\n            self.scene(\"handoff\")\n",
             ["tests/test_lifecycle.py", "-k", "boots_with_only and nope and unix"],
             "a game's pause menu is loaded as it starts and kept while it plays"),
    Mutation("pause-kept", "firmware/core/pause.py",
             "        c.drop_scene(\"pause\")\n",
             "        pass\n",
             ["tests/test_human_locked.py", "-k", "nope and unix"],
             "resuming a game keeps its pause menu loaded"),
    Mutation("help-at-start", "firmware/core/session.py",
             "    c.attach_game(pkg.start(c, setup, snapshot), pkg.help_pages)\n",
             "    pkg.help_pages()\n    c.attach_game(pkg.start(c, setup, snapshot), pkg.help_pages)\n",
             ["tests/test_lifecycle.py", "-k", "boots_with_only and nope and unix"],
             "a game's rules pages are loaded as it starts and kept while it plays"),
    Mutation("rules-kept", "firmware/core/pause.py",
             "        for k in self._loaded:\n            forget(k)\n",
             "        for k in ():\n            forget(k)\n",
             ["tests/test_human_locked.py", "-k", "nope and unix"],
             "leaving the rules pages keeps the game's help module loaded"),
    Mutation("st7789-chunk-2k", "firmware/hal/st7789.py",
             "_CHUNK_BITS = const(8)      # _CHUNK = 1 << _CHUNK_BITS\n_CHUNK = const(256) ",
             "_CHUNK_BITS = const(9)      # _CHUNK = 1 << _CHUNK_BITS\n_CHUNK = const(512) ",
             ["tests/test_hal_st7789.py"],
             "the ST7789 driver's chunk buffer back at 2 KB (1 KB more of every game's heap)"),
    Mutation("norespect-human-alloc", "firmware/games/norespect/scenes.py",
             "            self._play(st.moves[self.sel])\n",
             "            self._play(st.moves[self.sel])\n            self.last = [self.sel]\n",
             ["tests/test_human_locked.py", "-k", "norespect and wasm-min"],
             "No Respect allocates when a human plays a tile"),
    Mutation("tower-human-alloc", "firmware/games/tower/human.py",
             "            if p & _BT_A:\n                st.build(sc.cur, sc.amount)\n",
             "            if p & _BT_A:\n                sc.last = [p]\n"
             "                st.build(sc.cur, sc.amount)\n",
             ["tests/test_tower_mp.py", "-k", "human_input and wasm-min"],
             "the tower allocates when a human opens an auction"),
    Mutation("slice-copy", "firmware/core/buffers.py",
             "    dst[_WHOLE] = src\n", "    dst[:] = src\n",
             ["tests/test_norespect_mp.py", "-k", "heap_locked and wasm-min"],
             "buffers copied with a slice (allocates on MicroPython 1.24.1 only)"),
    Mutation("nope-human-alloc", "firmware/games/nope/human.py",
             "        if p & B.A and self.hn:\n            self._toggle(self.cur)\n",
             "        if p & B.A and self.hn:\n            self.last = [p]\n            self._toggle(self.cur)\n",
             ["tests/test_human_locked.py", "-k", "nope and unix"],
             "NOPE! allocates when a human picks a card"),
    Mutation("nope-no-hand-off", "firmware/games/nope/scenes.py",
             "                c.hand_off(self.setup.names[s])\n", "                pass\n",
             ["tests/test_nope_scene.py", "-k", "owner"],
             "NOPE! shows a hand without the hand-off screen (RB-S2)"),
    Mutation("nope-any-set", "firmware/games/nope/human.py",
             "        why = st.set_problem(m)\n", "        why = R.OK\n",
             ["tests/test_nope_scene.py", "-k", "illegal"],
             "NOPE! confirms a selection that is no legal set (RB-H3)"),
    Mutation("nope-pick-not-redrawn", "firmware/games/nope/human.py",
             "            self.pick[i] = self.npick\n        self._dhand = True\n",
             "            self.pick[i] = self.npick\n",
             ["tests/test_redraw.py", "-k", "nope-03-seed1 and every_frame and not fast"],
             "NOPE!'s hand is not redrawn when a card is picked"),
    Mutation("norespect-second-column", "firmware/games/norespect/rules.py",
             "self.ncompleted(me) == 3:", "self.ncompleted(me) >= 2:",
             ["tests/test_win_conditions.py", "-k", "third_completed_column"],
             "No Respect won at the second completed column (N-4)"),
    Mutation("norespect-last-player", "firmware/games/norespect/rules.py",
             "        if self.nalive() == 1:\n", "        if self.nalive() <= 2:\n",
             ["tests/test_win_conditions.py", "-k", "last_player"],
             "No Respect won with two players left (N-4)"),
    Mutation("norespect-pool-end", "firmware/games/norespect/rules.py",
             "        if not self.pool_n:\n", "        if self.pool_n <= 1:\n",
             ["tests/test_win_conditions.py", "-k", "pool"],
             "No Respect ended with one tile left in the pool (N-4)"),
    Mutation("tower-last-standing", "firmware/games/tower/rules.py",
             "        if self.alive_count() == 1:\n", "        if self.alive_count() <= 2:\n",
             ["tests/test_win_conditions.py", "-k", "last_player_in"],
             "the tower game won with two players in it (T-7)"),
    Mutation("tower-draw-early", "firmware/games/tower/rules.py",
             "if v[_V_SUPPLY] <= 0 and", "if v[_V_SUPPLY] <= 1 and",
             ["tests/test_win_conditions.py", "-k", "draw"],
             "the tower game a draw with one piece left in the supply (T-7)"),
    Mutation("tower-draw-towers", "firmware/games/tower/rules.py",
             "and self.alive_count() > 1:", "and self.alive_count() > 2:",
             ["tests/test_win_conditions.py", "-k", "draw"],
             "the tower game a draw only with three players in it or more (T-7)"),
    Mutation("norespect-normal-as-hard", "firmware/games/norespect/bot.py",
             "        self.level = level\n        self.seat = st.turn\n",
             "        level = HARD if level == NORMAL else level\n        self.level = level\n"
             "        self.seat = st.turn\n",
             ["tests/test_norespect_bots.py", "-k", "each_level and hard-normal"],
             "No Respect's normal bot plays as hard (a collapsed ladder)"),
    Mutation("tower-normal-as-hard", "firmware/games/tower/bot.py",
             "        self.level = level\n", "        self.level = _HARD if level == _NORMAL else level\n",
             ["tests/test_tower_mp.py", "-k", "each_level and 32"],
             "the tower's normal bot plays as hard (a collapsed ladder)"),
    Mutation("tower-easy-as-normal", "firmware/games/tower/bot.py",
             "        self.level = level\n", "        self.level = _NORMAL if level == _EASY else level\n",
             ["tests/test_tower_mp.py", "-k", "each_level and 21"],
             "the tower's easy bot plays as normal (a collapsed ladder)"),
    Mutation("tower-no-tie-break", "firmware/games/tower/bot.py",
             "        start = self.rng.below(_NPIECES)\n", "        start = _NPIECES - 1\n",
             ["tests/test_tower_mp.py", "-k", "hard_vs_hard"],
             "the tower's bots take the first of equal best pieces (hard vs hard games repeat)"),
    Mutation("menu-value-not-redrawn", "firmware/core/menu.py",
             "            self.values[i] = value\n            self._redraw[i] = 1\n",
             "            self.values[i] = value\n",
             ["tests/test_redraw.py", "-k", "every_frame and settings"],
             "a menu value changes without its row being redrawn"),
    Mutation("notice-full-repaint", "firmware/core/notice.py",
             "                g.dirty(0, _TOP, 240, 240 - _TOP)\n",
             "                g.all_dirty()\n",
             ["tests/test_redraw.py", "-k", "notice_goes"],
             "the end of a notice pushes the whole screen again"),
    Mutation("notice-stale-strip", "firmware/core/notice.py",
             "        if push:\n            copy(self._under, self._strip)\n",
             "        if start:\n            copy(self._under, self._strip)\n",
             ["tests/test_redraw.py", "-k", "notice and every_frame"],
             "the notice forgets what the scene drew under its banner"),
    Mutation("notice-too-wide", "firmware/core/console.py",
             '"Sensor lost: joystick tilts"', '"Tilt sensor lost: joystick tilts"',
             ["tests/test_text_fits.py", "-k", "constant_text"],
             "the 256 px notice of issue 8 back"),
    Mutation("error-wrap-too-wide", "firmware/core/errors.py",
             "_WRAP = const(29)", "_WRAP = const(30)",
             ["tests/test_text_fits.py", "-k", "error_screen"],
             "the error screen wraps its message at 30 characters from x = 4"),
    Mutation("nmbr9-human-alloc", "firmware/games/nmbr9/scenes.py",
             "        rep = c.buttons.repeat\n",
             "        rep = c.buttons.repeat\n        self.last = [rep]\n",
             ["tests/test_nmbr9_scene.py", "-k", "heap_locked and unix"],
             "NMBR 9 allocates when a human moves the ghost"),
    Mutation("nmbr9-neighbour-frames", "firmware/games/nmbr9/scenes.py",
             "        self._mark_cells(x - 1 if x else 0, y - 1 if y else 0,",
             "        self._mark_cells(x, y,",
             ["tests/test_redraw.py", "-k", "nmbr9 and seed1 and every_frame"],
             "NMBR 9 forgets the frames of the tiles next to one just placed"),
    Mutation("nmbr9-illegal-confirm", "firmware/games/nmbr9/scenes.py",
             "            if self.why == R.OK:\n                self._place(m)\n",
             "            if True:\n                self._place(m)\n",
             ["tests/test_nmbr9_scene.py", "-k", "ghost"],
             "NMBR 9 lets A confirm a red ghost (the scene goes on as if placed)"),
    Mutation("nmbr9-bot-sees-deck", "firmware/games/nmbr9/bot.py",
             "            self.left[v] = st.left(v)\n",
             "            self.left[v] = st.left(v) + (st.deck[st.flipped] == v if st.flipped < 20 else 0)\n",
             ["tests/test_nmbr9_bots.py", "-k", "G4"],
             "the NMBR 9 bot knows the next card (G-4)"),
    Mutation("nmbr9-no-look-ahead", "firmware/games/nmbr9/bot.py",
             "                    if self.kind == HARD and self.total and self.ncand > 1:\n",
             "                    if False:\n",
             ["tests/test_nmbr9_bots.py", "-k", "collapse"],
             "the hard NMBR 9 bot without its look one card ahead"),
    Mutation("framebuf-ellipse", "host_sim/shims/framebuf.py",
             "_fill_clipped(self, cx - x, cy + y, x + 1, 1, c)",
             "_fill_clipped(self, cx - x, cy + y, x, 1, c)",
             ["tests/test_framebuf_parity.py", "-k", "minimum_version_gives"],
             "the simulator's filled ellipse one pixel short in a quadrant"),
    Mutation("tiptop-human-alloc", "firmware/games/tiptop/scenes.py",
             "                self._explain(self.sel)\n",
             "                self._explain(self.sel)\n                self.last = [self.sel]\n",
             ["tests/test_human_locked.py", "-k", "tiptop and unix"],
             "Tip Top allocates when a human presses A on a card that may not be played"),
    Mutation("tiptop-header-alloc", "firmware/games/tiptop/scenes.py",
             "        g.number(st.round, 184, 12, P.SILVER)\n",
             "        fb.text(str(st.round), 184, 12, P.SILVER)\n",
             ["tests/test_tiptop_mp.py", "-k", "whole and unix"],
             "Tip Top's header draws the round through str()"),
    Mutation("tiptop-total-not-redrawn", "firmware/games/tiptop/scenes.py",
             "            if full or shown[_T_TOTAL + cell] != k:",
             "            if full:",
             ["tests/test_redraw.py", "-k", "tiptop-03-seed5 and not micropython"],
             "Tip Top's total is not redrawn when it changes"),
    Mutation("tiptop-hand-kept", "firmware/games/tiptop/scenes.py",
             "        if self.humans > 1:\n            self.revealed = False",
             "        if self.humans > 100:\n            self.revealed = False",
             ["tests/test_tiptop_scene.py", "-k", "two_humans"],
             "Tip Top keeps a human's hand face up after the card is played"),
    Mutation("tiptop-bot-peeks", "firmware/games/tiptop/bot.py",
             "        p = chance(self._bad(un, t, lim), nun, h)\n",
             "        p = 1000\n        nx = st.next_seat(st.turn, st.dir) * R.HAND\n"
             "        for k in range(R.HAND):\n"
             "            if st.hand[nx + k] != R.EMPTY and R.effect(st.hand[nx + k], t, lim) >= 0:\n"
             "                p = 0\n",
             ["tests/test_tiptop_bots.py", "-k", "G4"],
             "Tip Top's hard bot reads the next player's hand (G-4)"),
    Mutation("screen-tiptop-greyed", "firmware/games/tiptop/scenes.py",
             "            k -= _SLOT_FACE                     # the card x 4 + 2 when greyed + 1 when framed\n"
             "            self._draw_card(g, k >> 2, x, _HAND_Y, _CARD_W, _CARD_H, k & 2)\n",
             "            self._draw_card(g, (k - _SLOT_FACE) >> 2, x, _HAND_Y, _CARD_W, _CARD_H, k & 2)\n",
             ["tests/test_tiptop_scene.py", "-k", "look_playable"],
             "Tip Top greys the playable cards and not the others (the slot's code read undecoded)"),
    Mutation("screen-tiptop-prompt", "firmware/games/tiptop/scenes.py",
             'fb.text("Stuck! A: lose a chip", 4, 12, P.RED)',
             'fb.text("No card fits: lose a chip (A)", 4, 12, P.RED)',
             ["tests/test_text_fits.py", "-k", "whole_games and tiptop"],
             "Tip Top's stuck prompt runs through the round's number (the overprint check)"),
    Mutation("screen-nmbr9-left-at-end", "firmware/games/nmbr9/scenes.py",
             "        if self.mode == M_OVER:                 # no cards left to count: the winner says so\n"
             "            if st.winners & (1 << v):\n"
             "                fb.text(\"wins\", 120, 15, P.YELLOW)   # after \"NAME: 123\" and a blank\n"
             "        else:\n",
             "        if self.mode == M_OVER and st.winners & (1 << v):\n"
             "            fb.text(\"wins\", 112, 15, P.YELLOW)\n"
             "        if True:\n",
             ["tests/test_text_fits.py", "-k", "whole_games and nmbr9"],
             "NMBR 9's game-over header: \"wins\" beside the cards left, \"wins 0\" (the overprint check)"),
    Mutation("screen-nmbr9-footer", "firmware/games/nmbr9/scenes.py",
             "                fb.text(\"B:turn X:view\" if self.scores is None else \"B:turn X:best\", 132,",
             "                fb.text(\"B: turn X: view\" if self.scores is None else \"B: turn X: best\", 116,",
             ["tests/test_nmbr9_scene.py", "-k", "footer_of_a_legal_ghost"],
             "NMBR 9's footer: the keys right after the points, \"+18B: turn\" (the overprint check)"),
    Mutation("screen-nope-seat-row", "firmware/games/nope/scenes.py",
             "            TX.draw(g, self.names[s], x + 18, y, P.WHITE if alive else P.GREY, mark=False)\n"
             "            if win:\n"
             "                fb.text(\"won\", x + 90, y, P.YELLOW)\n",
             "            TX.draw(g, self.names[s], x + 14, y, P.WHITE if alive else P.GREY, mark=False)\n"
             "            if win:\n"
             "                fb.text(\"wins\", x + 86, y, P.YELLOW)\n",
             ["tests/test_text_fits.py", "-k", "whole_games and nope"],
             "NOPE!'s winner's row runs into the next seat's, \"wins 2\" (the overprint check)"),
    Mutation("screen-nope-nominates", "firmware/games/nope/scenes.py",
             '" to name" if st.phase',
             '" nominates" if st.phase',
             ["tests/test_text_fits.py", "-k", "whole_games and nope"],
             "NOPE!'s header: an 8-letter name and \" nominates\" run into the order of six seats"),
    Mutation("screen-nope-all", "firmware/games/nope/scenes.py",
             '        lab = "all" if w >= 32 else "*"\n',
             '        lab = "all"\n',
             ["tests/test_text_fits.py", "-k", "whole_games and nope"],
             "NOPE!'s hand: two four-colour cards side by side read \"allall\" (the overprint check)"),
    Mutation("screen-nope-draw-silent", "firmware/games/nope/scenes.py",
             "        elif kind == _E_DRAW:\n",
             "        elif kind == _E_DRAW and False:\n",
             ["tests/test_nope_scene.py", "-k", "draw_leaves or draw_line"],
             "NOPE!'s draw that makes a set leaves no line in the log (8 cards, then 10, silently)"),
    Mutation("screen-apostrophe", "firmware/core/text.py",
             "    if b == 39:\n        fb.fill_rect(",
             "    if b == -1:\n        fb.fill_rect(",
             ["tests/test_core_units.py", "-k", "apostrophe"],
             "core.text draws the apostrophe with the font's glyph, an acute accent"),
    Mutation("screen-apostrophe-probe", "firmware/core/text.py",
             "    if b == 39:\n        fb.fill_rect(",
             "    if b == -1:\n        fb.fill_rect(",
             ["tests/test_text_fits.py", "-k", "whole_games and nope"],
             "the same, caught by the overprint check (NOPE!'s \"ANA's hand:\")"),
    # the web page (docs/web.md): tests/test_web.py in headless Chromium
    Mutation("web-rects-first-only", "web/main.js",
             "for (let k = 0; k < r.length; k += 4) this.screen.draw(",
             "for (let k = 0; k < 4 && k < r.length; k += 4) this.screen.draw(",
             ["tests/test_web.py", "-k", "replayed and norespect"],
             "the page draws only the first of the rectangles a frame reports"),
    Mutation("web-palette-green", "web/screen.js",
             "(g << 2) | (g >> 4)", "(g << 2)",
             ["tests/test_web.py", "-k", "boots"],
             "the page widens green from 6 to 8 bits without its low bits (unlike the simulator)"),
    Mutation("web-motion-mirrored", "web/input.js",
             "  const x = ax * c - ay * s, y = ax * s + ay * c;",
             "  const x = -ax * c - ay * s, y = ax * s + ay * c;",
             ["tests/test_web.py", "-k", "device_motion"],
             "DeviceMotion's x axis mirrored: tilting right steers left"),
    Mutation("web-nan-reading", "web/input.js",
             "  if (![ax, ay, az].every(v => typeof v === \"number\" && Number.isFinite(v))) return null;\n",
             "",
             ["tests/test_web.py", "-k", "not_a_number"],
             "a motion reading that is not a number passed on as a good one"),
    Mutation("web-saves-not-kept", "web/saves.js",
             "    if (io[f.files_seq] !== this.seq) {", "    if (false) {",
             ["tests/test_web.py", "-k", "quit_reload_resume"],
             "the page never copies the console's files to the browser's storage"),
    Mutation("web-storage-unguarded", "web/saves.js",
             "    let s = null;\n    try {\n      s = window.localStorage;\n",
             "    let s = window.localStorage;\n    try {\n",
             ["tests/test_web.py", "-k", "storage_off"],
             "the page assumes the browser's storage is there (it throws when it is off)"),
    Mutation("web-taps-lost", "web/webhw.py",
             "        b = io[BUTTONS] | io[DOWNS]\n", "        b = io[BUTTONS]\n",
             ["tests/test_web.py", "-k", "on_a_phone"],
             "a tap that goes down and up between two steps is lost"),
    Mutation("web-hidden-runs", "web/main.js",
             "    if (this.hidden) return;\n", "",
             ["tests/test_web.py", "-k", "hidden"],
             "a hidden tab keeps the console running"),
    Mutation("web-clock-long-int", "web/webhw.py",
             "        return (((a - b) & _MASK) ^ _HALF) - _HALF\n",
             "        d = (a - b) & _MASK\n        return d - 0x40000000 if d & 0x20000000 else d\n",
             ["tests/test_web.py", "-k", "replayed and tower"],
             "the page's clock subtracts 2**30, a long int on a 32-bit port (allocates in frames)"),
    Mutation("dim-alloc", "firmware/core/power.py",
             "            self.dimmed = True\n",
             "            self.dimmed = [True]\n",
             ["tests/test_power.py", "-k", "allocate_nothing and launcher and wasm-min"],
             "dimming the backlight allocates (in a frame)"),
    Mutation("wake-key-acts", "firmware/core/power.py",
             "                self.mute |= raw\n                raw = 0\n",
             "                pass\n",
             ["tests/test_power.py", "-k", "key_that_lights_it"],
             "the key that lights a dimmed screen also acts"),
    Mutation("sleep-while-bots", "firmware/games/norespect/scenes.py",
             "        return self.wait <= 0 and st.phase == R.P_PLAY and self._human(st.turn)\n",
             "        return self.wait <= 0 and st.phase == R.P_PLAY\n",
             ["tests/test_power.py", "-k", "bot_only and norespect"],
             "No Respect lets the console sleep while its bots play"),
    Mutation("sleep-unsaved", "firmware/core/session.py",
             "    p.due = 0\n    save_game(c)\n",
             "    p.due = 0\n",
             ["tests/test_power.py", "-k", "saved_then_sleeps and tower"],
             "the console falls asleep without saving the running game"),
    Mutation("wake-dark", "firmware/core/power.py",
             "            d.power(True)               # (called directly: a bound method would allocate)\n",
             "            pass\n",
             ["tests/test_power.py", "-k", "launcher_sleeps_after"],
             "a key wakes the console but the panel stays asleep"),
    Mutation("gauge-not-redrawn", "firmware/core/launcher.py",
             "        if gauge is not None and (full or gauge.changed):\n",
             "        if gauge is not None and full:\n",
             ["tests/test_power.py", "-k", "gauge_on_the_glass"],
             "the launcher's gauge is not redrawn when the battery's level changes"),
    Mutation("critical-awake", "firmware/core/battery.py",
             "                due = SLEEP\n",
             "                due = 0\n",
             ["tests/test_power.py", "-k", "critical_battery"],
             "the critical battery level saves but never sleeps"),
    Mutation("hang-unnoticed", "firmware/hal/pico_build.py",
             "    hw.after_hang = take_hang_mark(hw.warm)\n",
             "    hw.after_hang = take_hang_mark(hw.warm) and False\n",
             ["tests/test_hal_pico.py", "-k", "watchdog_reset_of_a_running"],
             "a watchdog reset of a hung console is taken for a power-up"),
    Mutation("slpout-too-soon", "firmware/hal/st7789.py",
             "            self._command(_SLPIN)\n            self._sleep(120)\n",
             "            self._command(_SLPIN)\n            self._sleep(5)\n",
             ["tests/test_hal_pico.py", "-k", "panel_sleeps"],
             "the driver may send SLPOUT 5 ms after SLPIN (the datasheet asks 120 ms)"),
    Mutation("tiptop-turvy-unshuffled", "firmware/games/tiptop/rules.py",
             "            rng.shuffle(self.lims, fresh)\n", "",
             ["tests/test_tiptop_rules.py", "-k", "new_limit_pile_is_shuffled"],
             "Tip Top's Topsy Turvy refills the limit pile without shuffling it (O-3)"),
    Mutation("tiptop-hard-spin-blind", "firmware/games/tiptop/bot.py",
             "        d = -st.dir if c == R.SPIN else st.dir\n        nxt = st.next_seat(st.turn, d)\n",
             "        d = st.dir\n        nxt = st.next_seat(st.turn, d)\n",
             ["tests/test_tiptop_bots.py", "-k", "spin_out_hands"],
             "Tip Top's hard bot ignores that a Spin Out changes who plays next"),
    Mutation("tiptop-chance-replaced", "firmware/games/tiptop/bot.py",
             "        p = p * (bad - i) // (unseen - i)\n", "        p = p * bad // unseen\n",
             ["tests/test_tiptop_bots.py", "-k", "without_replacement"],
             "Tip Top's bots compute a stuck chance as if cards were drawn with replacement"),
    Mutation("tiptop-direction-lost", "firmware/games/tiptop/snapshot.py",
             "st.limit, st.total, 1 if st.dir < 0 else 0, st.deck_n",
             "st.limit, st.total, 0, st.deck_n",
             ["tests/test_tiptop_mp.py", "-k", "uninterrupted and wasm-min"],
             "a suspended Tip Top game forgets a Spin Out's direction"),
    Mutation("rng-sattolo", "firmware/core/rng.py",
             "            j = self.below(i + 1)\n", "            j = self.below(i)\n",
             ["tests/test_core_units.py", "-k", "every_order_alike"],
             "the shuffle draws below(i) (Sattolo's error: cyclic orders only)"),
    Mutation("rng-modulo-bias", "firmware/core/rng.py",
             "        while r >= limit:\n            r = self.next16()\n", "",
             ["tests/test_core_units.py", "-k", "modulo_bias"],
             "below(n) without its rejection limit (modulo bias)"),
    Mutation("storage-first-sum-only", "firmware/core/storage.py",
             "!= a or data[end + 2] | (data[end + 3] << 8) != b:", "!= a:",
             ["tests/test_storage.py", "-k", "swapped"],
             "a snapshot's seal checks its first Fletcher sum only (two bytes swapped pass)"),
    Mutation("nmbr9-stale-bot-mark", "firmware/games/nmbr9/scenes.py",
             "        if self.sub == S_IDLE:      # no turn begun", "        if False:      # no turn begun",
             ["tests/test_nmbr9_scene.py", "-k", "uninterrupted and cpython"],
             "NMBR 9 saved between two turns keeps the last turn's bot generator"),
    Mutation("tower-push-cost-lost", "firmware/games/tower/save.py",
             "        _put(out, st.v[i], 2)\n", "        _put(out, 1 if i == 7 else st.v[i], 2)\n",
             ["tests/test_tower_game.py", "-k", "its_moments"],
             "a tower game saved mid-push forgets the cost of passing the piece on (T-4)"),
    Mutation("tower-why-lost", "firmware/games/tower/save.py",
             '          "ytop", "why")', '          "ytop")',
             ["tests/test_tower_game.py", "-k", "its_moments"],
             "a tower game saved as a collapse ends forgets why it fell (T-2)"),
    Mutation("norespect-start-rotated", "firmware/core/session.py",
             'if setup.start < 0 or getattr(pkg, "START_DRAW", False):', "if setup.start < 0:",
             ["tests/test_lifecycle.py", "-k", "rotates_the_start and norespect"],
             "play again rotates No Respect's first player instead of its start draw (G-2)"),
)


def copy_tree(dst):
    def ignore(_, names):
        return [n for n in names if n in SKIP]
    shutil.copytree(ROOT, dst, ignore=ignore, symlinks=True)
    nm = os.path.join(ROOT, "tools", "wasm", "node_modules")
    if os.path.isdir(nm):       # the WebAssembly ports, shared read-only
        os.symlink(nm, os.path.join(dst, "tools", "wasm", "node_modules"))


def apply(m, root):
    """Apply m in the tree at root; False when its snippet is not there exactly once."""
    path = os.path.join(root, m.path)
    with open(path) as f:
        text = f.read()
    if text.count(m.old) != 1:
        return False
    with open(path, "w") as f:
        f.write(text.replace(m.old, m.new))
    return True


def run_tests(m, root):
    """'pass', 'fail' or 'timeout' for m's tests in the tree at root."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"] + m.tests
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    try:
        r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return "timeout"
    if r.returncode == 5:       # no test collected: the names are stale
        return "none"
    return "pass" if r.returncode == 0 else "fail"


def check(m, baseline=True, keep=False):
    """The outcome of mutation m (one row of the table)."""
    root = tempfile.mkdtemp(prefix="picotable-mutant-")
    try:
        tree = os.path.join(root, "tree")
        copy_tree(tree)
        if baseline:
            r = run_tests(m, tree)
            if r != "pass":
                return "BASELINE FAILS" if r != "none" else "NO TESTS"
        if not apply(m, tree):
            return "UNAPPLIED"
        r = run_tests(m, tree)
        return {"fail": "caught", "timeout": "caught (timeout)", "pass": "SURVIVED",
                "none": "NO TESTS"}[r]
    finally:
        if keep:
            print("kept", root)
        else:
            shutil.rmtree(root, ignore_errors=True)


def main(argv):
    ids = [m.id for m in MUTATIONS]
    ap = Parser(prog="mutants.py", description="apply each mutation to a copy of the tree and "
                "expect its tests to fail")
    ap.add_argument("--list", action="store_true", help="list the mutations and exit")
    ap.add_argument("--only", default="", metavar="ID[,ID...]", help="these mutations only")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the check that the tests pass before the mutation")
    ap.add_argument("--keep", action="store_true", help="keep each mutated copy of the tree")
    opt = ap.parse_args(argv)
    only = [i for i in opt.only.split(",") if i] or None
    unknown = [i for i in only or () if i not in ids]
    if unknown:
        ap.error("--only: unknown mutation %s (--list names them)" % ", ".join(unknown))
    baseline = not opt.no_baseline
    keep = opt.keep
    chosen = [m for m in MUTATIONS if only is None or m.id in only]
    if opt.list:
        for m in chosen:
            print("%-24s %-40s %s" % (m.id, m.path, " ".join(m.tests)))
        return 0
    print("%-24s %-10s %-66s %s" % ("mutation", "seconds", "tests", "result"))
    bad = 0
    for m in chosen:
        t = time.time()
        res = check(m, baseline, keep)
        if not res.startswith("caught"):
            bad += 1
        print("%-24s %-10.0f %-66s %s" % (m.id, time.time() - t, " ".join(m.tests), res), flush=True)
    print("%d of %d mutations caught" % (len(chosen) - bad, len(chosen)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
