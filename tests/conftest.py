"""pytest set-up: the core importable under CPython exactly as the simulator sees it."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))

from host_sim import boot  # noqa: E402

boot.install()
