"""Button pad driver against the GPIO model, and the optional buzzer."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))

import fake_pins  # noqa: E402
from fake_clock import FakeClock  # noqa: E402
from core import buttons as core_buttons  # noqa: E402
from hal import board  # noqa: E402
from hal.buttons import Buttons  # noqa: E402
from hal.sound import Sound  # noqa: E402

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")
HAL_BITS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "PRESS": 16, "A": 32, "B": 64, "X": 128,
            "Y": 256}


@pytest.fixture
def pad():
    bank = fake_pins.Gpio()
    return bank, Buttons([bank.pin(g) for g in board.BUTTONS])


def test_bit_layout_is_the_cores():
    for name, bit in HAL_BITS.items():
        assert getattr(core_buttons, name) == bit


def test_nothing_held_reads_zero(pad):
    bank, b = pad
    assert b.read() == 0


def test_pull_ups_are_on(pad):
    bank, b = pad
    for g in board.BUTTONS:
        assert bank.pull[g] == fake_pins.PULL_UP and bank.func[g] == "sio" and not bank.oe[g]


def test_without_pull_ups_open_switches_would_read_pressed():
    bank = fake_pins.Gpio()
    pins = [bank.pin(g) for g in board.BUTTONS]
    assert all(p.value() == 0 for p in pins)   # rp2 pads reset with the pull-down on


@pytest.mark.parametrize("i,name", list(enumerate(NAMES)))
def test_each_button_sets_its_bit(pad, i, name):
    bank, b = pad
    bank.press(board.BUTTONS[i])
    assert b.read() == HAL_BITS[name]
    bank.release(board.BUTTONS[i])
    assert b.read() == 0


def test_chords(pad):
    bank, b = pad
    for g in (board.BUTTONS[0], board.BUTTONS[3], board.BUTTONS[5], board.BUTTONS[8]):
        bank.press(g)
    assert b.read() == 1 | 8 | 32 | 256
    for g in board.BUTTONS:
        bank.press(g)
    assert b.read() == 511


def test_reference_pin_map():
    assert board.BUTTONS == (2, 18, 16, 20, 3, 15, 17, 19, 21)
    assert (board.LCD_DC, board.LCD_CS, board.LCD_SCK, board.LCD_MOSI, board.LCD_RST,
            board.LCD_BL) == (8, 9, 10, 11, 12, 13)
    assert (board.I2C_SDA, board.I2C_SCL, board.BUZZER) == (4, 5, 14)


# -- sound ---------------------------------------------------------------------------------

def test_tone_plays_then_poll_stops_it_at_the_deadline():
    pwm = fake_pins.PWMModel()
    clock = FakeClock(0x3FFFFFF0)              # across the ticks wrap-around
    s = Sound(pwm, clock)
    assert pwm.duty_u16() == 0
    s.tone(440, 100)
    assert pwm.freq() == 440 and pwm.duty_u16() == 32768 and s.playing
    clock.advance(99)
    s.poll()
    assert s.playing and pwm.duty_u16() == 32768
    clock.advance(1)
    s.poll()
    assert not s.playing and pwm.duty_u16() == 0


def test_stop_silences_and_silly_tones_are_silence():
    pwm = fake_pins.PWMModel()
    s = Sound(pwm, FakeClock())
    s.tone(1000, 500)
    s.stop()
    assert pwm.duty_u16() == 0 and not s.playing
    s.tone(0, 100)
    assert pwm.duty_u16() == 0
    s.tone(50000, 10)
    assert pwm.freq() == 20000
