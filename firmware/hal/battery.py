"""The battery gauge's readings on a Pico or Pico 2: VSYS through the board's divider of 3 on
ADC3 (GP29), and VBUS sense (GP24: high while USB powers the board). A Pico W or Pico 2 W gets
no Battery (hal/pico_build.py): there GP29 is also the radio's SPI clock and VBUS is read through
the radio chip, so reading them would fight the radio's driver.
"""
from micropython import const

_SAMPLES = const(8)         # readings averaged: the ADC and the regulator's ripple are noisy
_FULL_SCALE_MV = const(9900)    # 3.3 V reference times the divider of 3


class Battery:
    def __init__(self, adc, vbus, drop_mv=0):
        self.adc = adc          # machine.ADC on VSYS / 3
        self.vbus = vbus        # machine.Pin, input: 1 while USB powers the board
        self.drop_mv = drop_mv  # a diode between the battery and VSYS drops this much

    def millivolts(self):
        """VSYS in millivolts (allocates nothing: small integers only)."""
        t = 0
        for _ in range(_SAMPLES):
            t += self.adc.read_u16()
        return (t // _SAMPLES) * _FULL_SCALE_MV // 65535

    def external(self):
        return self.vbus.value() == 1
