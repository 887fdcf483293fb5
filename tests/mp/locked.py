"""Run console frames with the heap locked for each one, under real MicroPython.

run(console, n) returns the number of frames that failed to run allocation-free: a frame that
allocates raises MemoryError under the lock, which the console turns into its error screen
(console.faults grows) or which escapes here. The lock is taken and released inside this
function, and nothing is printed while it is held.
"""
import micropython

first_bad = -1          # console.steps after the first frame that failed (for the report)


def run(console, n):
    global first_bad
    bad = 0
    for _ in range(n):
        before = console.faults
        micropython.heap_lock()
        try:
            console.frame()
            ok = console.faults == before
        except BaseException:       # noqa: BLE001 - an escaped MemoryError must not hang the VM
            ok = False
        micropython.heap_unlock()
        if not ok:
            bad += 1
            if first_bad < 0:
                first_bad = console.steps
    return bad
