"""Integer helpers and the frame loop across ports."""

import mprun
import fakehw
from core.console import Console


def test_rng_and_fixed_point_agree_on_every_port_without_allocating():
    lines = {}
    for port in mprun.LOCKED_PORTS:
        r = mprun.run(port, "tests/mp/core_ports.py", cwd=mprun.ROOT)
        assert r.returncode == 0, r.stderr
        lines[port] = r.stdout.strip()
        assert lines[port].startswith("locked_ok=1"), (port, lines[port])
    r = mprun.run("cpython", "tests/mp/core_ports.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    lines["cpython"] = r.stdout.strip()
    assert len(set(lines.values())) == 1, lines


class SlowClock(fakehw.Clock):
    """Each render takes `cost` ms of (virtual) time."""
    def __init__(self):
        super().__init__()
        self.cost = 0


def run_loop(cost_ms, frames):
    hw = fakehw.Hardware(b"")
    clock = SlowClock()
    hw.clock = clock
    c = Console(hw)
    real_render = c.render

    def render():
        real_render()
        clock.now += clock.cost
    c.render = render
    clock.cost = cost_ms
    c.run(max_frames=frames)
    return c, clock


def test_fixed_step_keeps_game_time_when_rendering_is_fast():
    c, clock = run_loop(5, 60)
    # 60 renders, one step each: two seconds of game time in two seconds of wall time
    assert c.steps == 60 and 1990 <= clock.now <= 2040


def test_catch_up_is_clamped_when_rendering_is_slow():
    c, clock = run_loop(150, 20)          # a render far slower than a step
    # each render may be preceded by at most MAX_CATCHUP steps: the game slows, never spirals
    assert c.steps <= 20 * 3 + 1
    assert c.steps >= 20 * 3 - 3


def test_steps_follow_30_hz_on_a_moderately_slow_render():
    c, clock = run_loop(50, 30)           # 50 ms per render: 1.5 steps per render on average
    # game time = wall time from the end of the first render to the start of the last one
    assert abs(c.steps - (clock.now - 2 * 50) * 30 // 1000) <= 1
