# Which pixel converter a display driver leaves loaded (tests/test_hal_micropython.py): the
# viper one where viper runs, else the pure twin; never both (memory: docs/decisions.md).
import sys

import rigs

rigs.DisplayRig()
print("loaded", "viper" if "hal.pixels_viper" in sys.modules else "-",
      "pure" if "hal.pixels" in sys.modules else "-")
