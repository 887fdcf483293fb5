"""The games' shared constants (docs/firmware-image.md, item 4): each is written by hand once, in
its home module, and the copies the other modules of its game need are written by
tools/gen_consts.py; its --check fails when a copy is stale or edited by hand, a home changed
without running the tool, a name is written by hand twice, or a module reads a `_NAME` that no
home defines. The tower's check is in tests/test_tower_physics.py."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("game", ["nope", "norespect", "tiptop", "nmbr9"])
def test_shared_constants_are_written_once_and_copied_by_the_generator(game):
    res = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_consts.py"), game,
                          "--check"], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
