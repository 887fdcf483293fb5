# Device entry: build the Pico's hardware object, run the console. Kept as source (not .mpy)
# so the board boots it; everything it imports is compiled.
from core.gfx import Gfx

frame = Gfx()           # the 28,800-byte frame first: one block at the start of the heap
from hal import pico  # noqa: E402

hw = pico.build()       # another build: pico.build(board_module)
try:
    from core.console import Console
    Console(hw, frame).run()
except KeyboardInterrupt:
    # Ctrl-C from the USB REPL (mpremote does it first): a watchdog left running would reset
    # the board in the middle of the session.
    pico.stop_watchdog()
    print("picotable: stopped, watchdog off")
