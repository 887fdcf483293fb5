"""HAL code under real MicroPython: the unix port (64-bit, viper) and the WebAssembly port
(32-bit, pure twin; newest and 1.24.1), through tools/mprun.py with tests/fakes on the module
path."""
import os

import pytest

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP = os.path.join(ROOT, "tests", "mp")
PATHS = (mprun.FIRMWARE, MP, os.path.join(ROOT, "tests", "fakes"))


def run(port, script):
    try:
        res = mprun.run(port, os.path.join(MP, script), paths=PATHS, timeout=600)
    except mprun.MissingPort as e:
        pytest.fail(str(e))
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout


def test_viper_and_pure_conversion_are_identical_on_unix():
    out = run("unix", "hal_pixels_parity.py")
    assert "PARITY OK" in out
    times = dict(line.split()[1:3] for line in out.splitlines() if line.startswith("FRAME_US"))
    shows = dict(line.split()[1:3] for line in out.splitlines() if line.startswith("SHOW_US"))
    print("full frame on the unix port, us: conversion", times, "whole show()", shows)
    assert int(times["viper"]) < int(times["pure"])
    assert "SHOW_US viper" in out and " 115200" in out


@pytest.mark.parametrize("port,want", [("unix", "loaded viper -"), ("wasm-min", "loaded - pure")])
def test_the_driver_keeps_one_pixel_converter_loaded(port, want):
    assert run(port, "hal_converter_loaded.py").strip() == want


def test_show_buttons_accel_allocation_free_on_unix():
    out = run("unix", "hal_show_alloc.py")
    for want in ("viper spi", "pure spi", "viper dma", "pure dma"):
        assert "ALLOC OK " + want in out


@pytest.mark.parametrize("port", [p for p in mprun.LOCKED_PORTS if p != "unix"])
def test_show_buttons_accel_allocation_free_on_32bit_wasm(port):
    out = run(port, "hal_show_alloc.py")
    assert "ALLOC OK pure spi" in out and "ALLOC OK pure dma" in out


@pytest.mark.parametrize("port,kernel", [("unix", "viper"), ("wasm", "pure"), ("wasm-min", "pure")])
def test_real_framebuf_frames_reach_the_controller_model(port, kernel):
    out = run(port, "hal_show_model.py")
    assert "MODEL OK %s spi" % kernel in out and "MODEL OK %s dma" % kernel in out
