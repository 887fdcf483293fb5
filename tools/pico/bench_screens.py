"""Console screens on the board: the scripted scenarios of tests/mp/scene_runner.py.

The scenario's `before` moves bring the console to the screen (untimed); then one frame repaints
the whole screen (timed alone: first_us) and every frame of the `during` moves is timed.
"""
import fakehw
import scene_runner
from benchpico import heap, play, timed_render
from frame_stats import FrameStats


class Scripted(fakehw.Buttons):
    """The scenario's buttons (the test stand-in's replay), read after the real pad, so that
    reading the pins costs what it costs; the pins themselves stay idle."""
    def __init__(self, real):
        fakehw.Buttons.__init__(self)
        self.real = real

    def read(self):
        self.real.read()
        return fakehw.Buttons.read(self)


def screen(frame, hw, name):
    if name not in scene_runner.SCENARIOS:
        print("bp error where=args error=unknown screen %s" % name)
        return
    hw.buttons = Scripted(hw.buttons)
    c, hw, during = scene_runner.prepare(frame, name, hw)
    st = FrameStats()
    live = heap()
    first = timed_render(c)
    play(c, st, len(during) // 2)
    print("bp screen name=%s first_us=%d live=%d faults=%d top=%s %s" % (
        name, first, live, c.faults, type(c.top).__name__, st.fields()))
