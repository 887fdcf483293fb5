"""CPython stand-in for MicroPython's `micropython` module (host only, never copied to the board).

`const` returns its argument; `viper` and `native` leave the function as it is. Code that has a
viper fast path asks `core.fastpath.load()` for it, which sees STAND_IN and keeps the pure-Python
twin, so CPython always runs the same pure code as the 32-bit WebAssembly port.
"""

STAND_IN = True


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def heap_lock():
    return 0


def heap_unlock():
    return 0


def mem_info(*args):
    print("mem_info: not available on CPython")
