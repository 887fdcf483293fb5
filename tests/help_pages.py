"""Checks every game's rules pages share (tests/test_<game>_help.py): the pages fit the pause
menu, every line is traced to the rule IDs it states, and every traced ID is restated in the
game's doc."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE_LINES = 17         # a page's title and lines in the pause menu
LINE_CHARS = 29         # characters in a line of the 8-px font across 240 px


def lines(pages):
    """The pages' text lines (titles and blank lines left out)."""
    for page in pages:
        for line in page[1:]:
            if line:
                yield line


def check_fits(pages, least=4):
    assert len(pages) >= least
    for page in pages:
        assert len(page) <= PAGE_LINES, page[0]
        for line in page:
            assert len(line) <= LINE_CHARS, line


def check_traced(pages, trace):
    """Every line has its rule IDs in `trace`, and `trace` names no line the pages lost."""
    have = set(lines(pages))
    untraced = [ln for ln in lines(pages) if ln not in trace]
    assert not untraced, untraced
    stale = [ln for ln in trace if ln not in have]
    assert not stale, stale


def check_stated(doc, pattern, trace, decisions):
    """Every ID the trace uses, and every decision in `decisions`, is stated in docs/`doc` (the
    IDs are what `pattern` finds there, one per line); returns the stated IDs."""
    with open(os.path.join(ROOT, "docs", doc)) as f:
        stated = set(re.findall(pattern, f.read(), re.M))
    used = {i for ids in trace.values() for i in ids}
    assert used <= stated, sorted(used - stated)
    assert decisions <= stated, sorted(decisions - stated)
    return stated
