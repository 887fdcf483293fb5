"""The scene protocol. Scenes are made once and reused; the console keeps them on a stack.

    enter(console)      it became the top scene (pushed, or uncovered by a pop)
    update(console)     one fixed step: read console.buttons / console.tilt, change state
    draw(gfx, full)     draw what changed since the last draw; everything when `full`

Scene changes requested during update (console.push/pop/home) take effect after it.
A scene with `pausable = True` (every game) gets the pause menu on Y or joystick press.
A game scene with `secrets = False` never calls console.hand_off(): its hand-off screen is not
loaded (memory) when the game starts.
"""


class Scene:
    pausable = False
    secrets = True

    def enter(self, console):
        pass

    def update(self, console):
        pass

    def draw(self, g, full):
        pass
