"""The scene protocol. Scenes are made once and reused; the console keeps them on a stack.

    enter(console)      it became the top scene (pushed, or uncovered by a pop)
    update(console)     one fixed step: read console.buttons / console.tilt, change state
    draw(gfx, full)     draw what changed since the last draw; everything when `full`

Scene changes requested during update (console.push/pop/home) take effect after it.
A scene with `pausable = True` (every game) gets the pause menu on Y or joystick press.
A game scene with `secrets = False` never calls console.hand_off(): its hand-off screen is not
loaded (memory) when the game starts.

    waits_for_human()   True while nothing happens here until someone presses a key: only then
                        may the console sleep (core/power.py). Console screens wait; a game says
                        when it does (a human's turn, its result screen), never while bots play on
A scene with `tilt_input = True` is steered by tilt: moving the console counts as input there
(the backlight does not dim under a player who steers).
"""


class Scene:
    pausable = False
    secrets = True
    tilt_input = False

    def waits_for_human(self):
        return not self.pausable        # a game that does not say never lets the console sleep

    def enter(self, console):
        pass

    def update(self, console):
        pass

    def draw(self, g, full):
        pass
