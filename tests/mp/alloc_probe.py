"""Debug aid: run a scene scenario like scene_locked, but with the heap unlocked and the
collector off, and print every frame that allocated (and how much).

    micropython -m alloc_probe SCENE [FRAMES]
"""
import gc
import sys

from core.gfx import Gfx

frame = Gfx()
import scene_runner  # noqa: E402


def main(name, frames):
    c, hw, during = scene_runner.prepare(frame, name)
    gc.collect()
    gc.disable()
    for _ in range(frames):
        m0 = gc.mem_alloc()
        c.frame()
        d = gc.mem_alloc() - m0
        if d:
            print("step", c.steps, "allocated", d, type(c.top).__name__)
        if c.faults:
            sys.print_exception(c.last_error)
            break
    gc.enable()
    print("done")


main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 600)
