# The Pico 2 (RP2350, Arm cores).
set(PICO_BOARD "pico2")
set(PICO_PLATFORM "rp2350")
