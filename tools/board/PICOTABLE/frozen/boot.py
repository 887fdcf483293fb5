# The image's boot.py (frozen, so it runs instead of one on the filesystem): the console is
# frozen into the image; '.frozen' goes first on sys.path so that files an earlier `make flash`
# left on the filesystem (/core, /games, /hal) cannot shadow it. The frozen main.py runs next.
import sys

sys.path.remove(".frozen")
sys.path.insert(0, ".frozen")
