// picotable's board (tools/uf2.py builds it; docs/firmware-image.md): the stock board with the
// console frozen into the image. The filesystem keeps the stock image's size, and so its place
// at the end of flash: settings and saves in /data survive flashing this image over stock
// MicroPython, and back. MicroPython and the frozen console fill the flash before it.
#if PICO_RP2350
#define MICROPY_HW_BOARD_NAME          "picotable (Raspberry Pi Pico 2)"
#define MICROPY_HW_FLASH_STORAGE_BYTES (3072 * 1024)
#else
#define MICROPY_HW_BOARD_NAME          "picotable (Raspberry Pi Pico)"
#define MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024)
#endif
