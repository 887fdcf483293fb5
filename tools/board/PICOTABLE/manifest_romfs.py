# `python tools/uf2.py build --romfs` (docs/firmware-image.md, "Frozen, ROMFS, or files"): the
# image with the console in a ROMFS partition instead, to measure it: only main.py is frozen.
freeze("$(PORT_DIR)/modules")
freeze("$(BOARD_DIR)/frozen")
module("main.py", base_path="$(BOARD_DIR)/../../../firmware")
