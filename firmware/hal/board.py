"""Reference build: a Pico (Pico W, Pico 2) plugged into a Waveshare Pico-LCD-1.3, an MPU-6050
or LIS3DH on I2C0 and an optional piezo. GPIO numbers as in docs/hardware.md's pin map.

Another build is another board file with the same names (docs/hardware.md), handed to
hal.pico.build(); nothing else changes.
"""
from micropython import const

NAME = "Waveshare Pico-LCD-1.3"

# System clock; the peripheral clock is tied to it so SPI can run at CPU_HZ / 2 (hal.pico).
# 125 MHz on both chips: the RP2350's 150 MHz default would give SPI 150/4 = 37.5 MHz.
CPU_HZ = const(125_000_000)

# ST7789 240x240 on SPI1
LCD_SPI = const(1)
LCD_SCK = const(10)
LCD_MOSI = const(11)
LCD_DC = const(8)       # SPI1's default MISO pin: make this Pin after the SPI object
LCD_CS = const(9)
LCD_RST = const(12)
LCD_BL = const(13)      # backlight, PWM
LCD_BAUD = const(62_500_000)
LCD_MADCTL = const(0x70)    # the orientation Waveshare's own demo uses for this module
LCD_XOFF = const(0)
LCD_YOFF = const(0)

# Buttons (to GND, internal pull-ups), in the bit order of core.buttons:
#         UP DOWN LEFT RIGHT PRESS A   B   X   Y
BUTTONS = (2, 18, 16, 20, 3, 15, 17, 19, 21)

# Accelerometer on I2C0
I2C_ID = const(0)
I2C_SDA = const(4)
I2C_SCL = const(5)
I2C_HZ = const(400_000)

# Board axes from sensor axes: (sensor axis, sign) for board x (right), y (towards the top of
# the screen), z (out of the screen). Identity: breakout behind the board, its X arrow to the
# right, its Y arrow to the top, chip side towards the screen.
ACCEL_AXES = (0, 1, 1, 1, 2, 1)

# Piezo on PWM (None on builds without one)
BUZZER = 14

# Battery gauge (hal/battery.py): VSYS / 3 on this GPIO's ADC, VBUS sense (None: no gauge; a
# Pico W never has one). A diode from the battery to VSYS drops BATTERY_DROP_MV (docs/hardware.md:
# a LiPo charger board with a power path drops about nothing, a Schottky diode about 300 mV).
VSYS_ADC = const(29)
VBUS_SENSE = const(24)
BATTERY_DROP_MV = const(0)
