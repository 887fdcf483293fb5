# Frozen into the image, run in place from flash: the port's own modules (_boot.py mounts the
# filesystem), the image's boot.py, and the whole console: every module of firmware/, main.py
# included, compiled by the release's mpy-cross for the board's CPU. The stock image's extras
# (asyncio, onewire, ds18x20, dht, neopixel) are left out: the console does not use them.
freeze("$(PORT_DIR)/modules")
freeze("$(BOARD_DIR)/frozen")
freeze("$(BOARD_DIR)/../../../firmware")
