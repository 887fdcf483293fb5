"""The tower's benchmark lines on the board: tests/mp/bench_tower_physics.py's physics alone and
tests/mp/bench_tower.py's whole frames over 20 bodies (moving, then at rest but awake), run
with the Pico's hardware. The tilt of those frames is scripted like the host's stand-in.

The frames run in a game started as the console starts one (a `vpico --boot` run whose main.py
calls frames_boot() at every boot): the first boot is the launcher's, which writes the start
request of a two-human tower game and restarts; the second boot's console starts that game on a
fresh heap with no launcher in memory, and bench_tower's stack is built in it and measured."""
import gc


class ScriptedTilt:
    """The real sensor is read (its I2C cost counts); x, y, z (mg) are what the console gets.
    The values are deliberately steady, so the stuck-sensor check is off."""
    stuck_check = False

    def __init__(self, real):
        self.real = real
        self.x = 0
        self.y = 0
        self.z = 1000

    def read(self, xyz):
        ok = self.real.read(xyz)
        xyz[0] = self.x
        xyz[1] = self.y
        xyz[2] = self.z
        return ok


def physics():
    import bench_tower_physics
    for n in (10, 20, 30):
        bench_tower_physics.measure(n)


def frames_boot():
    from core.gfx import Gfx
    frame = Gfx()                       # first, as main.py does
    from hal import pico
    hw = pico.build()
    from core.console import Console
    c = Console(hw, frame)
    if c.launcher is not None:          # the launcher's boot: start the game through a restart
        from core import session
        from core.setup import Setup
        print("bp towerboot what=launcher heap=%d" % gc.mem_alloc())
        session.launch(c, session.GO_NEW, Setup("tower", bytearray(2), ["A", "B"],
                                                bytearray(3), 3, 0))
        return
    if c.game is None:
        from benchpico import error_text
        print("bp error where=tower-frames error=%s" % error_text(c.last_error))
        return
    try:
        frames(frame, hw, c)
    except Exception as e:      # noqa: BLE001 - reported as a line, never a traceback
        from benchpico import error_text
        gc.collect()
        print("bp error where=tower-frames error=%s" % error_text(e))


def frames(frame, hw, c=None):
    """bench_tower.carrying(20) on console c (the game frames_boot() started), or on a console
    it makes (benchpico.main("tower-frames"): the unix-port smoke test)."""
    import bench_tower
    import tower_stack
    if hw.accel is not None:
        hw.accel = ScriptedTilt(hw.accel)
    bench_tower.load()
    bench_tower.frame = frame
    bench_tower.make_hw = lambda: hw
    if c is not None:
        hw.buttons = tower_stack.Pad()
        bench_tower.console = lambda kinds, seed=3: (hw, c)     # the game this boot started
    bench_tower.carrying(20)
