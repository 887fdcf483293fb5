"""tools/mutants.py: every mutation still applies to the code (its snippet is there exactly once),
docs/testing.md lists each one, and one mutation runs end to end (a copy of the tree, the
baseline passes, the mutated copy fails its test). The whole list is run by hand (minutes)."""
import os
import subprocess
import sys

import mprun
import mutants


def test_every_mutation_applies_once_and_names_its_tests():
    assert len(mutants.MUTATIONS) >= 15
    assert len({m.id for m in mutants.MUTATIONS}) == len(mutants.MUTATIONS)
    for m in mutants.MUTATIONS:
        with open(os.path.join(mprun.ROOT, m.path)) as f:
            assert f.read().count(m.old) == 1, "%s: the snippet is not in %s once" % (m.id, m.path)
        assert m.old != m.new and m.tests and os.path.exists(os.path.join(mprun.ROOT, m.tests[0]))


def test_docs_list_every_mutation():
    with open(os.path.join(mprun.ROOT, "docs", "testing.md")) as f:
        doc = f.read()
    missing = [m.id for m in mutants.MUTATIONS if "`%s`" % m.id not in doc]
    assert missing == []


def test_one_mutation_end_to_end_is_caught():
    r = subprocess.run([sys.executable, os.path.join(mprun.ROOT, "tools", "mutants.py"), "--only",
                        "norespect-second-column"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "norespect-second-column" in r.stdout and " caught" in r.stdout
    assert "1 of 1 mutations caught" in r.stdout


def test_a_mutation_that_no_test_notices_is_reported_as_surviving(tmp_path):
    """The checker itself can fail: a harmless 'mutation' (a comment) survives its tests."""
    m = mutants.Mutation("harmless", "firmware/games/norespect/rules.py",
                         "self.ncompleted(me) == 3:", "self.ncompleted(me) == 3:  # same",
                         ["tests/test_win_conditions.py", "-k", "third_completed_column"], "none")
    assert mutants.check(m, baseline=False) == "SURVIVED"
