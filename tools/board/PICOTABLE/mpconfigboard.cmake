# picotable's MicroPython board (tools/uf2.py builds it; docs/firmware-image.md): the Raspberry
# Pi Pico with the console frozen into the image; the RP2350 variant is the Pico 2. Pins are the
# stock boards' (RPI_PICO and RPI_PICO2 list the same ones).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")
set(MICROPY_FROZEN_MANIFEST "${MICROPY_BOARD_DIR}/manifest.py")
