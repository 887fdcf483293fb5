"""Screen furniture shared by the console's scenes: header bar, footer hint line, panels."""
from core import palette as P

HEADER_H = 30
FOOTER_Y = 230


def header(g, title):
    g.fill_rect(0, 0, 240, HEADER_H, P.SLATE)
    g.text_big_center(title, 7, P.WHITE, 2)


def footer(g, hint):
    g.fill_rect(0, FOOTER_Y - 2, 240, 12, P.BLACK)
    g.text_center(hint, FOOTER_Y, P.SILVER)


def panel(g, x, y, w, h):
    g.fill_rect(x, y, w, h, P.SLATE)
    g.rect(x, y, w, h, P.GREY)


def lines(g, texts, x, y, c, step=11):
    """Draw a tuple of strings one under another; returns the y after the last."""
    for i in range(len(texts)):
        g.text(texts[i], x, y, c)
        y += step
    return y
