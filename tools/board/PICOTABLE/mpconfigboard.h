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

// Python call frames on a stack of their own, not the heap (docs/firmware-image.md, "Call
// frames"). Without it a bytecode function whose frame needs more than 11 words takes it from
// the heap at every call and frees it on return; the allocator looks for the block from the
// lowest free one upward, through everything that is live below it, so those calls got slower
// the more was allocated (a 64 KB block under the console: 322 us a call instead of 40). The
// size is the WebAssembly port's default (2048 words), where the heap-locked proofs run.
#define MICROPY_ENABLE_PYSTACK          (1)
#define PICOTABLE_PYSTACK_WORDS         (2048)
#define MICROPY_BOARD_EARLY_INIT() do { \
        static mp_obj_t picotable_pystack[PICOTABLE_PYSTACK_WORDS]; \
        mp_pystack_init(picotable_pystack, picotable_pystack + PICOTABLE_PYSTACK_WORDS); \
} while (0)
