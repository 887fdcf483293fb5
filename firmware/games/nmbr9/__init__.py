"""NMBR 9 (rulebook seed 004): 1-4 seats build displays of number tiles; higher is worth more."""
