"""Scenario: bring the console to one scene, then run frames with scripted input and the heap
locked for every frame (tests/mp/scene_runner.py). Runs on the unix port, the WebAssembly port
and CPython.

    scene_locked.py SCENE [FRAMES]

Prints one line: scene=... bad=... faults=... top=... crc=... peak=... bytes=...
  bad    frames that allocated (or raised) under the lock
  crc    CRC-32 of the frame buffer at the end (pixel parity across ports)
  peak   highest gc.mem_alloc() seen after boot and after each frame
"""
import sys

from core.gfx import Gfx

frame = Gfx()           # the frame buffer first, as the board's main.py does
import scene_runner  # noqa: E402

scene_runner.main(frame, sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 600)
