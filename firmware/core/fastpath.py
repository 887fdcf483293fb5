"""Choose between a `@micropython.viper` module and its pure-Python twin.

Viper modules live apart from their twins because ports without native code (the WebAssembly
port) reject them at compile time, and CPython runs the twins through the host stand-in of
`micropython`. Both versions must give bit-identical results; tests compare them.
"""
import micropython

prefer_pure = False   # tests set this to force the pure twin on a port that has viper


def load(name):
    """Import and return module `name` if viper code runs here, else None."""
    if prefer_pure or getattr(micropython, "STAND_IN", False):
        return None
    try:
        return __import__(name, None, None, ("_",))
    except (SyntaxError, ImportError, NotImplementedError, ValueError):
        # ValueError: an .mpy for another architecture (e.g. armv6m viper on a RISC-V Pico 2)
        return None
