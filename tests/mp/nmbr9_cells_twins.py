"""NMBR 9's cells drawn by the viper kernel (games/nmbr9/cells_viper.py) and by framebuf calls
(the path without native code), over a game of four hard bots: at sampled frames a whole
repaint (the cleared screen) and a box of cells over a patterned frame, both ways; prints the
CRC of all the frames of each way and whether the kernel was loaded."""
from binascii import crc32

import fakehw
from core.console import Console
from core.gfx import Gfx
from core.setup import Setup

frame = Gfx()
hw = fakehw.Hardware()
c = Console(hw, frame)
c.settings.bot_speed = 3
c.start_game("nmbr9", Setup("nmbr9", bytearray((3, 3, 3, 3)), ["A", "B", "C", "D"],
                            bytearray(0), 4, 0))
g = c.game
kern = g._cells
crcs = [0, 0]
k = 0
while not g.game_over:
    c.frame()
    k += 1
    if k % 40:
        continue
    for way in (0, 1):
        g._cells = kern if way == 0 else None
        c.repaint()
        c.render()
        crcs[way] = crc32(frame.buf, crcs[way])
        for i in range(len(frame.buf)):
            frame.buf[i] = (i * 7 + k) & 255
        g._draw_cells(frame, k % 5, k % 7, 19 - k % 3, 12 + k % 8)
        crcs[way] = crc32(frame.buf, crcs[way])
        frame.n = 0
    g._cells = kern
hw.cleanup()
print("viper=%d fast=%08x pure=%08x frames=%d" % (kern is not None, crcs[0], crcs[1], k))
