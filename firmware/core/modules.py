"""Forgetting modules so their memory can be collected (games, on-demand console scenes)."""
import sys


def forget(name):
    """Remove module `name` from sys.modules and from its parent package's attributes."""
    if name in sys.modules:
        del sys.modules[name]
    dot = name.rfind(".")
    if dot > 0:
        parent = sys.modules.get(name[:dot])
        attr = name[dot + 1:]
        if parent is not None and attr in dir(parent):
            try:
                delattr(parent, attr)
            except (AttributeError, TypeError):
                pass


def forget_under(prefix):
    """Forget every loaded module whose name starts with `prefix` (e.g. "games.tower.")."""
    for name in [k for k in sys.modules if k.startswith(prefix)]:
        forget(name)
