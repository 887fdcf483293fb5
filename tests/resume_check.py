"""What the games' resume tests require of a resume scenario's output (tests/mp/resume_run.py):
every resumed game went on as the uninterrupted game, nothing allocated under the lock, and the
cuts included the moments that matter for that game."""
import re

RESUME = re.compile(r"^resume seed=(\d+) at=(\d+) moments=(\S+) same=(\d)$", re.M)
DONE = re.compile(r"^done resumes=(\d+) bad=(\d+) differ=(\d+) moments=(\S*)$", re.M)


def check(out, moments, least):
    """Assert it of the scenario output `out`: at least `least` resumes, all the same as the
    uninterrupted game, bad=0 differ=0, and every name in `moments` among the moments cut at.
    Returns the resume rows (seed, at, moments, same)."""
    rows = RESUME.findall(out)
    assert len(rows) >= least, out
    assert all(row[3] == "1" for row in rows), out
    done = DONE.search(out)
    assert done and done.groups()[:3] == (str(len(rows)), "0", "0"), out
    missing = set(moments) - set(done.group(4).split(","))
    assert not missing, "no cut after %s:\n%s" % (sorted(missing), out)
    return rows
