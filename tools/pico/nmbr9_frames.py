"""NMBR 9's frames on the board (make bench-pico's part `nmbr9-frames`): tests/mp/bench_nmbr9.py's
scenario, the ghost over a crowded display and the hard bot's thinking, in a game started as
the console starts one (a `vpico --boot` run whose main.py calls boot() at every boot): the
first boot is the launcher's, which writes the start request of a human and a hard bot and
restarts; the second boot's console starts that game on a fresh heap, and the scenario runs in
it with the real display (ST7789 on SPI) and the real pad read every frame."""
import gc


def boot():
    from core.gfx import Gfx
    frame = Gfx()                       # first, as main.py does
    from hal import pico
    hw = pico.build()
    from core.console import Console
    c = Console(hw, frame)
    if c.launcher is not None:          # the launcher's boot: start the game through a restart
        from core import session
        from core.setup import Setup
        from bench_nmbr9 import SEED
        session.launch(c, session.GO_NEW, Setup("nmbr9", bytearray((0, 3)), ["ANA", "Hard 2"],
                                                bytearray(0), SEED, 0))
        return
    from benchpico import error_text
    if c.game is None:
        print("bp error where=nmbr9-frames error=%s" % error_text(c.last_error))
        return
    try:
        import bench_nmbr9
        hw.buttons = bench_nmbr9.Pad(hw.buttons)
        c.settings.bot_speed = 3
        bench_nmbr9.scenario(c, c.game, "bp nmbr9_frame name=")
    except Exception as e:      # noqa: BLE001 - reported as a line, never a traceback
        gc.collect()
        print("bp error where=nmbr9-frames error=%s" % error_text(e))
