"""A win share and its 95 % interval (Wilson score interval), for the tournament tools."""
import math


def interval(wins, games, z=1.96):
    """(low, high) of the 95 % interval of wins / games (wins may be fractional: shared wins)."""
    p = wins / games
    d = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return mid - half, mid + half
