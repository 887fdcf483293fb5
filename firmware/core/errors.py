"""When a scene raises: describe it (file and line), append it to the log on flash, show it.

The log (error.log) is capped at LOG_CAP bytes: when an entry would pass the cap, the older half
is dropped. Pressing A on the error screen returns to the launcher; the console keeps running.
"""
import io
import sys

from micropython import const

from core import buttons as B
from core import palette as P
from core import widgets
from core.scene import Scene

LOG = "error.log"
LOG_CAP = const(4096)
_WRAP = const(29)
_MAX_LINES = const(8)


def describe(exc):
    """(file, line, message) for an exception; file is the module path's last part."""
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    text = buf.getvalue()
    fname = "?"
    line = 0
    for row in text.split("\n"):
        row = row.strip()
        if row.startswith('File "'):
            end = row.find('"', 6)
            fname = row[6:end]
            k = row.find("line ")
            if k >= 0:
                num = ""
                for ch in row[k + 5:]:
                    if not "0" <= ch <= "9":
                        break
                    num += ch
                line = int(num) if num else 0
    slash = fname.rfind("/")
    if slash >= 0:
        fname = fname[slash + 1:]
    msg = type(exc).__name__
    if exc.args:
        msg += ": " + str(exc.args[0])
    return fname, line, msg


def wrap(text, width=_WRAP, max_lines=_MAX_LINES):
    out = []
    while text and len(out) < max_lines:
        out.append(text[:width])
        text = text[width:]
    return out


def append_log(files, entry):
    data = entry.encode()
    size = files.size(LOG)
    if size + len(data) > LOG_CAP:
        old = files.read(LOG) or b""
        keep = old[len(old) // 2:]
        nl = keep.find(b"\n")
        files.write(LOG, keep[nl + 1:] + data)
    else:
        files.append(LOG, data)


class ErrorScreen(Scene):
    """Made for one error: describes it and appends it to the log as it is made."""

    def __init__(self, exc, step, files):
        fname, line, msg = describe(exc)
        self.where = fname + ":" + str(line)
        self.lines = wrap(msg)
        try:
            append_log(files, "step %d: %s:%d: %s\n" % (step, fname, line, msg))
        except OSError:
            self.lines.append("(could not write error.log)")

    def update(self, c):
        if c.buttons.pressed & B.A:
            c.home()

    def draw(self, g, full):
        if not full:
            return
        g.clear(P.NAVY)
        g.fill_rect(0, 0, 240, widgets.HEADER_H, P.RED)
        g.text_big_center("Error", 7, P.WHITE, 2)
        g.text_center("Something went wrong in", 44, P.SILVER)
        g.text_center(self.where, 58, P.YELLOW)
        widgets.lines(g, self.lines, 4, 80, P.WHITE)
        g.text_center("It was written to error.log.", 190, P.GREY)
        widgets.footer(g, "A back to the launcher")
