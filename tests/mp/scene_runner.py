"""The console scene scenarios (tests/mp/scene_locked.py runs one; so do the pytest checks).

A scenario is two move strings: `before` is run unlocked to reach the scene, `during` is run
with the heap locked for every frame. A move is a letter and a count of steps to hold it, then
two idle steps: U D L R (joystick), P (joystick press), A B X Y (keys), . (nothing). Strings
keep the harness small in memory, so the heap-capped runs measure the console, not the test.
"""
import gc
import sys
from binascii import crc32

import fakehw
import locked
from core import buttons as B
from core.console import Console

_BITS = {"U": B.UP, "D": B.DOWN, "L": B.LEFT, "R": B.RIGHT, "P": B.PRESS,
         "A": B.A, "B": B.B, "X": B.X, "Y": B.Y, ".": 0}

SCENARIOS = {
    # the launcher's A only on rows of games not installed: opening a screen loads it
    "launcher": (".2", "D1 D1 D1 D20 U1 .40 U40 D3 D1 U1 B1 .10 U1 X1 Y1"),
    # settings: change every value, move around (the name editor and the calibration screen
    # are loaded when opened, so each has its own scenario)
    "settings": ("U1 A1", "R1 R1 L1 D1 R1 D1 R1 R1 L3 D1 D1 D1 D1 D1 D1 U1 U1 L20 R3 D20 U1 "
                          "U1 U1 U1 R1 R1 L1 D40"),
    # (no OK, B on an empty name or finished calibration: going back drops the screen, which
    # is a load point; the leaving itself is tested unlocked)
    "names": ("U1 A1 D1 D1 D1 D1 D1 A1",
              "R1 A1 D1 A1 B1 R20 A1 L3 A1 B1 B1 A1 A1 A1 A1 A1 A1 A1 A1 A1 B1 D1 R5 A1 U1 L2 A1"),
    "calibrate": ("U1 A1 U1 U1 A1", "D1 .30 A1 .60 R30 .30 A1 .40 L3"),
    # the tower's setup screen (opening it loads the game's package): every row changed both
    # ways, the seat count down and up, wrapping round; never A on Start nor B (leaving it is
    # a load point: starting the game, or the launcher dropping the screen)
    "setup": ("A1", "U1 R1 R1 L1 U1 L1 L1 R1 U1 R1 U1 L1 R1 R1 U1 L1 L1 L1 R1 U1 L1 R1 R1 U1 "
                    "L1 L1 R1 R1 R1 U1 R1 L1 D1 D1 D1 D1 D1 D1 D1 D1 D1 D1 D20 .30 U1 L1 A1 X1 Y1 "
                    "P1 .20"),
    # pause, rules pages, hand-off and error screen over the test game on a console of its own,
    # as a game runs on the device (no launcher under it). Opening the pause menu, leaving it,
    # choosing "How to play" and leaving the rules are allocation points (the pause menu and the
    # rules are loaded, then dropped: tests/mp/human_locked.py runs them unlocked), so both
    # scenarios are opened before: the pause menu, every row both ways, held keys repeating;
    # the rules, every page forward and back, held keys repeating past both ends
    "pause": (".2 Y1", "D1 D1 D1 U1 U1 U1 .30 D30 U30 D1 .10 X1"),
    "rules": (".2 Y1 D1 A1", "R1 R1 R1 L1 L1 L1 R30 .10 L30 U1 D1 X1 Y1 P1"),
    "handoff": (".2", "X1 .20 A1 .20 X1 B1 Y1 A1 .10 X1 A1"),
    # A would leave the error screen: returning to the launcher is tested unlocked
    "error": (".2", "D1 U1 B1 X1 Y1 .300 D1 U1 P1 D1 D1"),
}


def build(moves):
    """Button script (2 bytes a step) for a move string."""
    steps = 0
    for m in moves.split():
        steps += int(m[1:]) + 2
    out = bytearray(2 * steps)
    i = 0
    for m in moves.split():
        b = _BITS[m[0]]
        for _ in range(int(m[1:])):
            out[i] = b & 255
            out[i + 1] = b >> 8
            i += 2
        i += 4
    return out


_mem = getattr(gc, "mem_alloc", None) or (lambda: 0)     # CPython has no heap figure


def prepare(frame, name, hw=None):
    """A console brought to scene `name`; returns (console, hw, the locked phase's script)."""
    before, during = SCENARIOS[name]
    before = build(before)
    during = build(during)
    if hw is None:
        hw = fakehw.Hardware(before)
    else:
        hw.buttons.script = before
        hw.buttons.i = 0
    c = Console(hw, frame)
    g = None
    if name in ("pause", "rules", "handoff", "error"):
        import testgame
        g = testgame.install(c, True)
    while hw.buttons.i < len(before) // 2:
        c.frame()
    if name == "error":
        g.raise_now = True          # the failure path itself may allocate: outside the lock
        c.frame()
        if type(c.top).__name__ != "ErrorScreen":
            print("error screen not shown")
    hw.buttons.script = during
    hw.buttons.i = 0
    return c, hw, during


def main(frame, name, frames=600):
    c, hw, during = prepare(frame, name)
    gc.collect()
    peak = _mem()
    faults_before = c.faults
    bad = 0
    left = frames
    while left > 0:
        n = 50 if left > 50 else left
        bad += locked.run(c, n)
        left -= n
        m = _mem()
        if m > peak:
            peak = m
    if bad:
        print("first bad frame at step", locked.first_bad)
    print("scene=%s bad=%d faults=%d top=%s crc=%08x peak=%d bytes=%d shows=%d" % (
        name, bad, c.faults - faults_before, type(c.top).__name__, crc32(c.gfx.buf) & 0xFFFFFFFF,
        peak, hw.display.total_bytes, hw.display.shows))
    if c.last_error is not None and c.faults > faults_before:
        sys.print_exception(c.last_error)
    hw.cleanup()
