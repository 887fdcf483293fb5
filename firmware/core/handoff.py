"""Pass-around hand-off: "Pass to NAME - press A" on an empty screen, so no hand is visible.

A game calls console.hand_off(name) before showing a secret hand; the game scene is uncovered
(and redraws everything) only after its owner presses A.
"""
from core import buttons as B
from core import palette as P
from core.scene import Scene


class Handoff(Scene):
    def __init__(self, console):
        self.name = ""

    def update(self, c):
        if c.buttons.pressed & B.A:
            c.pop()

    def draw(self, g, full):
        if not full:
            return
        g.clear(P.BLACK)
        g.text_center("Pass to", 70, P.SILVER)
        n = len(self.name)
        scale = 3 if n <= 9 else 2
        g.text_big_center(self.name, 100, P.YELLOW, scale)
        g.text_center("- press A -", 150, P.WHITE)
        g.text_center("Nobody else should look.", 200, P.GREY)
