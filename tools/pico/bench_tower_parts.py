"""The tower's benchmark lines on the board: tests/mp/bench_tower_physics.py's physics alone,
tests/mp/bench_tower.py's whole frames over 20 bodies (moving, then at rest but awake) and a
human's climb (climb(): the carried piece steered up beside a stack and back down, every frame
timed), a 20-piece wall in view woken as by a landing (stack(): every frame timed) and the
game's collapse of that wall under the console's real-time loop (bench_tower.collapse()), run
with the Pico's hardware. The tilt of those frames is scripted like the host's
stand-in.

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


def frames_boot(what="tower-frames"):
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
        print("bp error where=%s error=%s" % (what, error_text(c.last_error)))
        return
    try:
        frames(frame, hw, c, what)
    except Exception as e:      # noqa: BLE001 - reported as a line, never a traceback
        from benchpico import error_text
        gc.collect()
        print("bp error where=%s error=%s" % (what, error_text(e)))


def frames(frame, hw, c=None, what="tower-frames"):
    """bench_tower.carrying(20) (what="tower-frames"), climb() or bench_tower.collapse() on console c (the game
    frames_boot() started), or on a console it makes (benchpico.main(what): the unix-port smoke
    test)."""
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
    if what == "tower-climb":
        climb(bench_tower.console((0, 0))[1])
    elif what == "tower-stack":
        stack(bench_tower.console((0, 0))[1])
    elif what == "tower-collapse":
        bench_tower.collapse()
    else:
        bench_tower.carrying(20)


def climb(c):
    """A human steers the carried piece up beside tower_stack's climb stack at rest (the camera
    steps up, each step wiped in over a few frames), then back down to the table (the camera
    steps down): every frame timed into FrameStats. Prints
    `bp tower_climb pieces=.. <FrameStats fields> cam_steps=.. cam_max=.. cam_end=.. worst_wipe=..
    worst_cam=.. worst_spi=.. placing=..`: the camera's steps, highest and last camera (px),
    whether the worst frame was a wipe frame (or started one), the camera it drew and the bytes
    it pushed, whether the piece is still being placed."""
    import time
    import tower_stack
    from frame_stats import FrameStats
    g = c.game
    tower_stack.carrying(c, tower_stack.CLIMB_PIECES, False, tower_stack.CLIMB_X)
    acc = c.hw.accel
    acc.y = 0
    c.frame()                   # untimed: the repaint carrying() asks for (the stack put there)
    disp = c.hw.display
    ticks = time.ticks_us
    diff = time.ticks_diff
    mem = gc.mem_alloc
    faults = c.faults
    st = FrameStats()
    steps = cam_max = worst_wipe = worst_cam = worst_spi = 0
    gc.collect()
    st.begin(mem())
    for i in range(tower_stack.CLIMB_FRAMES):
        acc.y = tower_stack.climb_tilt(i)
        cam = g.cam
        wiping = g.wipe < len(g.wfb)
        t0 = ticks()
        c.frame()
        us = diff(ticks(), t0)
        st.add(us, disp.last_bytes, mem())
        if g.cam != cam:
            steps += 1
        if g.cam > cam_max:
            cam_max = g.cam
        if st.max_at == i:
            worst_wipe = 1 if wiping or g.cam != cam else 0
            worst_cam = g.cam
            worst_spi = disp.last_bytes
        if c.faults != faults:
            break
    print("bp tower_climb pieces=%d %s cam_steps=%d cam_max=%d cam_end=%d worst_wipe=%d worst_cam=%d "
          "worst_spi=%d placing=%d" % (tower_stack.CLIMB_PIECES, st.fields(), steps, cam_max, g.cam, worst_wipe,
                                       worst_cam, worst_spi, g.sub == tower_stack.U_PLACE))


# tower-stack's phases: frames timed, and whether every body is woken before each frame
STACK_PHASES = (("woken", 30, False), ("settling", 150, False), ("kept awake", 30, True))


def stack(c):
    """tower_stack.wall()'s 20 pieces standing in view (the camera at the table, the carried
    piece held above them), woken as a landing wakes the tower it lands on; then every frame
    timed into FrameStats, per phase of STACK_PHASES: the first 30 after the wake, the next 150
    (tumbling and settling), then 30 with every body woken before each frame. Prints
    `bp tower_stack phase=NAME cam=.. awake=.. <FrameStats fields>` per phase (awake: the mean
    awake bodies; cam: the camera, px above the table)."""
    import time
    import tower_stack
    from frame_stats import FrameStats
    g = c.game
    w = tower_stack.wall(c)
    c.frame()                   # untimed: the repaint wall() asks for
    disp = c.hw.display
    ticks = time.ticks_us
    diff = time.ticks_diff
    mem = gc.mem_alloc
    faults = c.faults
    w.wake_all()
    for name, n, wake in STACK_PHASES:
        st = FrameStats()
        awake = 0
        gc.collect()
        st.begin(mem())
        for _ in range(n):
            if wake:
                w.wake_all()
            t0 = ticks()
            c.frame()
            us = diff(ticks(), t0)
            st.add(us, disp.last_bytes, mem())
            awake += w.awake()
            if c.faults != faults:
                break
        print("bp tower_stack phase=%s cam=%d awake=%d placing=%d %s" % (
            name.replace(" ", "_"), g.cam, awake // n, g.sub == tower_stack.U_PLACE, st.fields()))
