"""The core's integer helpers on every port: the same numbers, and no allocation (a bigint on
the 31-bit port would allocate and fail under the heap lock). Prints one line per helper."""
import micropython

from core import fixed
from core.rng import Rng

out = [0, 0, 0, 0]
r = Rng(12345)
buf = bytearray(80)


def work():
    h = 0
    for _ in range(5000):
        h = (h * 31 + r.next16()) & 0xFFFFFF
    for n in (1, 2, 6, 80, 1000, 65535, 65536):
        for _ in range(50):
            h = (h * 31 + r.below(n)) & 0xFFFFFF
    out[0] = h
    h = 0
    for a in range(-70000, 70000, 13):
        h = (h * 31 + fixed.sin(a) + 3 * fixed.cos(a)) & 0xFFFFFF
    out[1] = h
    h = 0
    n = 1
    while n < 0x3FFFFFFF // 3 - 7:           # n * 3 + 7 stays a small int on the 31-bit port
        h = (h * 31 + fixed.isqrt(n)) & 0xFFFFFF
        n = n * 3 + 7
    h = (h * 31 + fixed.isqrt(0x3FFFFFFF)) & 0xFFFFFF
    out[2] = h
    h = 0
    for i in range(80):
        buf[i] = i
    r.shuffle(buf)
    for i in range(80):
        h = (h * 31 + buf[i]) & 0xFFFFFF
    out[3] = h


def main():
    # lock inside a function and unlock before printing (the WebAssembly port hangs otherwise)
    micropython.heap_lock()
    try:
        work()
        ok = 1
    except MemoryError:
        ok = 0
    micropython.heap_unlock()
    print("locked_ok=%d rng=%d sin=%d isqrt=%d shuffle=%d" % (ok, out[0], out[1], out[2], out[3]))


main()
