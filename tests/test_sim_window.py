"""The simulator window's input under SDL's dummy video driver (no screen needed): events are
posted with pygame.event.post, as a keyboard, mouse or gamepad would. A tap that goes down and up
within one console step still reaches the console as a press."""
import pytest

from core import buttons as B


@pytest.fixture
def window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from host_sim.display import SimDisplay
    from host_sim.window import Window
    w = Window(SimDisplay(), None)
    pygame.event.clear()
    yield w
    pygame.quit()


def post(kind, **attrs):
    import pygame
    pygame.event.post(pygame.event.Event(kind, **attrs))


def key(k, down=True):
    import pygame
    post(pygame.KEYDOWN if down else pygame.KEYUP, key=k)


def test_a_key_tapped_within_one_step_is_seen_once(window):
    import pygame
    key(pygame.K_z)
    key(pygame.K_z, False)
    assert window.poll() == B.A
    assert window.poll() == 0


def test_a_held_key_stays_held_until_released(window):
    import pygame
    key(pygame.K_LEFT)
    assert window.poll() == B.LEFT
    assert window.poll() == B.LEFT
    key(pygame.K_LEFT, False)
    assert window.poll() == 0


def test_let_go_and_pressed_again_within_one_step_is_a_second_press(window):
    import pygame
    key(pygame.K_x)
    assert window.poll() == B.B
    key(pygame.K_x, False)
    key(pygame.K_x)
    assert window.poll() == 0                   # the release ...
    assert window.poll() == B.B                 # ... then the new press
    assert window.poll() == B.B                 # held
    key(pygame.K_x, False)
    key(pygame.K_x)
    key(pygame.K_x, False)                      # let go, tapped again, let go: one step
    assert window.poll() == 0
    assert window.poll() == B.B                 # the tap, a step later
    assert window.poll() == 0


def test_a_mouse_click_on_a_drawn_button_within_one_step_is_seen(window):
    import pygame
    pos = next(p for bit, _, p in window.buttons if bit == B.Y)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    assert window.poll() == B.Y
    assert window.poll() == 0


def test_a_gamepad_button_tapped_within_one_step_is_seen(window):
    import pygame
    post(pygame.JOYBUTTONDOWN, button=0, joy=0, instance_id=0)
    post(pygame.JOYBUTTONUP, button=0, joy=0, instance_id=0)
    assert window.poll() == B.A
    assert window.poll() == 0


def test_fast_taps_reach_the_console_as_presses(window, tmp_path):
    """Through the console: every tap, each within one step, moves the launcher's cursor (ten taps
    a second, the fastest the console's debouncing takes: core/buttons.py)."""
    import pygame
    from host_sim.clock import VirtualClock
    from host_sim.hardware import SimHardware, WindowButtons
    from core.console import Console
    hw = SimHardware(WindowButtons(window), None, VirtualClock(), str(tmp_path))
    c = Console(hw)
    for _ in range(3):
        c.frame()
    menu = c.top.menu
    start = menu.sel
    presses = 0
    for _ in range(3):
        key(pygame.K_DOWN)
        key(pygame.K_DOWN, False)
        c.frame()
        presses += bool(c.buttons.pressed & B.DOWN)
        c.frame()                               # the release, ignored for a step (debouncing)
        c.frame()                               # the release
    assert presses == 3
    assert menu.sel == (start + 3) % menu.n
