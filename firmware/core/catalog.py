"""The five games the launcher lists, and how a game package is found.

A game is the package games/<name>/ whose __init__ defines TITLE, SEATS (min, max),
OPTIONS (tuples of key, label, choices; the first choice is the default), start(console,
setup, snapshot) returning its scene, and help_pages(); START_DRAW = True when who starts is a
game action every game performs (G-2: play again does not rotate the first player). A game whose
package is not on the device is listed as not available; nothing is faked.
"""

NAMES = ("tower", "norespect", "nope", "tiptop", "nmbr9")
TITLES = ("Tower", "No Respect", "NOPE!", "Tip Top", "NMBR 9")


def index(name):
    for i in range(len(NAMES)):
        if NAMES[i] == name:
            return i
    return -1


def package(name):
    """The game's package module, or None when it is not installed (or not a game yet)."""
    try:
        mod = __import__("games." + name, None, None, ("start",))
    except ImportError:
        return None
    return mod if hasattr(mod, "start") and hasattr(mod, "TITLE") else None


def unload(name, package=False):
    """Forget a game's modules (and with `package` its package module too) so their memory can
    be collected."""
    from core.modules import forget, forget_under
    forget_under("games." + name + ".")
    if package:
        forget("games." + name)
