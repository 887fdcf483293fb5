"""ST7789 driver against the register-level controller model (CPython, pure conversion), with
the pixels written by SPI.write() and streamed through the DMA channel's stand-in
(tests/fakes/fake_spi.FakeDMA: a transfer reads its buffer only when it is waited for)."""
import os
import random
import sys
from array import array

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))

import framebuf  # noqa: E402  (host_sim's stand-in, pixel-exact with the real one)
import fake_st7789 as M  # noqa: E402
from rigs import DisplayRig  # noqa: E402

PAL = array("H", [0x0000, 0xFFFF, 0xF800, 0x07E0, 0x001F, 0xFFE0, 0x07FF, 0xF81F,
                  0x8410, 0x4208, 0xFC00, 0x8000, 0x0400, 0x0010, 0x1234, 0xABCD])
INIT = ["HWRESET", "SWRESET", "SLPOUT", "COLMOD", "MADCTL", "INVON", "NORON", "DISPON"]


def frame():
    buf = bytearray(120 * 240)
    return buf, framebuf.FrameBuffer(buf, 240, 240, framebuf.GS4_HMSB)


def rects(*rs):
    a = array("h")
    for r in rs:
        a.extend(r)
    return a


def pattern(fb, seed=1):
    rnd = random.Random(seed)
    for _ in range(40):
        fb.fill_rect(rnd.randrange(240), rnd.randrange(240), rnd.randrange(1, 80),
                     rnd.randrange(1, 80), rnd.randrange(16))
    fb.text("picotable 0123", 3, 100, 1)
    fb.line(0, 0, 239, 239, 5)
    for x in range(240):
        fb.pixel(x, 7, x & 15)     # every colour next to every other, odd and even x


@pytest.fixture(params=["spi", "dma"])
def rig(request):
    r = DisplayRig(dma=request.param == "dma")
    r.display.set_palette(PAL)
    yield r
    if r.dma is not None:           # every transfer waited for, none broke the contract
        assert r.dma.errors == []
        assert r.dma.pending is None


def test_init_sequence_in_order_with_the_datasheet_waits(rig):
    m = rig.model
    assert m.commands() == INIT
    assert m.ignored == []
    assert dict(m.log)[M.COLMOD] == b"\x55"
    assert dict(m.log)[M.MADCTL] == b"\x70"
    assert m.ready() and m.inverted and m.madctl == 0x70
    assert m.errors == []


def test_model_rejects_an_init_without_waits():
    # the same driver with sleep_ms doing nothing: the controller is still busy after the
    # resets, so the init test above would fail if the driver's waits went missing
    r = DisplayRig(wait=False)
    assert r.model.ignored
    assert not r.model.ready()


def test_madctl_comes_from_the_board():
    r = DisplayRig(madctl=0x00)
    assert dict(r.model.log)[M.MADCTL] == b"\x00"


def test_show_one_rect_window_commands_and_big_endian_pixels(rig):
    buf, fb = frame()
    fb.fill(0)
    fb.fill_rect(10, 20, 6, 3, 2)          # red
    fb.pixel(11, 21, 15)                   # 0xABCD at an odd x
    before = len(rig.model.log)
    rig.display.show(buf, rects((10, 20, 16, 23)), 1)
    new = rig.model.log[before:]
    assert [c for c, _ in new] == [M.CASET, M.RASET, M.RAMWR]
    assert new[0][1] == bytes([0, 10, 0, 15])
    assert new[1][1] == bytes([0, 20, 0, 22])
    assert rig.model.writes[-1] == [10, 15, 20, 22, 6 * 3 * 2]
    assert rig.display.last_bytes == 36
    assert rig.model.pixel(10, 20) == 0xF800
    assert rig.model.pixel(11, 21) == 0xABCD
    k = (21 * 240 + 11) * 2
    assert rig.model.gram[k:k + 2] == b"\xab\xcd"      # high byte first on the wire
    assert rig.model.pixel(9, 20) == 0 and rig.model.pixel(16, 20) == 0


def test_full_frame_matches_the_palette_pixel_for_pixel(rig):
    buf, fb = frame()
    pattern(fb)
    rig.display.show(buf, rects((0, 0, 240, 240)), 1)
    assert rig.display.last_bytes == 115200
    assert rig.model.pixel_bytes == 115200
    assert rig.model.errors == []
    want = bytearray()
    for y in range(240):
        for x in range(240):
            c = PAL[fb.pixel(x, y)]
            want.append(c >> 8)
            want.append(c & 255)
    assert rig.model.gram == want


@pytest.mark.parametrize("seed", range(6))
def test_dirty_rects_write_only_their_windows(rig, seed):
    rnd = random.Random(seed)
    buf, fb = frame()
    pattern(fb, seed)
    sentinel = b"\x5a\xa5" * (240 * 240)
    rig.model.gram[:] = sentinel
    rs = []
    for _ in range(rnd.randrange(1, 6)):
        x0 = rnd.randrange(0, 120) * 2
        x1 = rnd.randrange(x0 // 2 + 1, 121) * 2
        y0 = rnd.randrange(240)
        y1 = rnd.randrange(y0 + 1, 241)
        rs.append((x0, y0, x1, y1))
    first = len(rig.model.writes)
    rig.display.show(buf, rects(*rs), len(rs))
    windows = rig.model.writes[first:]
    assert [w[:4] for w in windows] == [[x0, x1 - 1, y0, y1 - 1] for x0, y0, x1, y1 in rs]
    assert [w[4] for w in windows] == [2 * (x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in rs]
    assert rig.display.last_bytes == sum(2 * (x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in rs)
    inside = set()
    for x0, y0, x1, y1 in rs:
        inside.update((x, y) for y in range(y0, y1) for x in range(x0, x1))
    for y in range(240):
        for x in range(240):
            got = rig.model.pixel(x, y)
            assert got == (PAL[fb.pixel(x, y)] if (x, y) in inside else 0x5AA5), (x, y)


@pytest.mark.parametrize("w,h", [(2, 1), (240, 1), (16, 16), (32, 16), (32, 17), (64, 16), (64, 17), (34, 31),
                                 (238, 239), (200, 100), (2, 240)])
def test_every_rect_size_arrives_whole(rig, w, h):
    # sizes around the 256-byte chunk (frame bytes) and with many power-of-two remainders
    buf, fb = frame()
    pattern(fb, w * h)
    x0 = (240 - w) // 2 & ~1
    y0 = 240 - h
    rig.display.show(buf, rects((x0, y0, x0 + w, y0 + h)), 1)
    assert rig.model.writes[-1][4] == 2 * w * h == rig.display.last_bytes
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            assert rig.model.pixel(x, y) == PAL[fb.pixel(x, y)]
    # the window ends exactly where the data does: it has wrapped back to its start
    assert (rig.model._col, rig.model._row) == (x0, y0)


def test_chunk_writes_are_bounded(rig):
    buf, _ = frame()
    first = len(rig.spi.sizes)
    rig.display.show(buf, rects((0, 0, 240, 240)), 1)
    sizes = rig.spi.sizes[first:]
    pixel_writes = [s for s in sizes if s > 4]
    assert max(pixel_writes) == 1024
    assert sum(pixel_writes) == 115200
    assert len(pixel_writes) == 113       # 112 full chunks + one 512-byte remainder


def test_dma_transfers_are_whole_chunks_from_two_buffers():
    # the wire sees the same bytes as without DMA; chunks alternate between two buffers, so the
    # one being converted into is never the one a transfer is reading
    r = DisplayRig(dma=True)
    r.display.set_palette(PAL)
    buf, fb = frame()
    pattern(fb, 3)
    seen = []
    start = r.dma.start
    r.dma.start = lambda b, n: (seen.append(id(b)), start(b, n))
    r.display.show(buf, rects((0, 0, 240, 240), (10, 20, 16, 23)), 2)
    assert r.dma.sizes == [1024] * 112 + [512] + [36]
    assert len(set(seen)) == 2
    assert all(a != b for a, b in zip(seen, seen[1:-1]))    # alternating within a rectangle
    assert r.dma.errors == [] and r.dma.pending is None
    assert r.model.pixel_bytes == 115200 + 36


def test_dma_model_sees_a_buffer_changed_in_flight():
    # the stand-in must be able to fail: a transfer's buffer overwritten before it is waited
    # for arrives overwritten, and a SPI.write() during a transfer is reported
    r = DisplayRig(dma=True)
    b = bytearray(b"\x12\x34" * 8)
    r.display.cs(0)
    r.display._window(0, 0, 7, 0)
    r.dma.start(b, 16)
    b[0] = 0xAB
    r.dma.finish()
    assert r.model.pixel(0, 0) == 0xAB34
    r.dma.start(b, 16)
    r.spi.write(b"\x00")
    r.dma.finish()
    assert r.dma.errors == ["SPI.write() while a DMA transfer is running"]


def test_show_nothing_sends_nothing(rig):
    buf, fb = frame()
    rig.display.show(buf, rects((0, 0, 240, 240)), 1)
    seen = rig.model.bytes_seen
    sizes = len(rig.spi.sizes)
    rig.display.show(buf, rects((0, 0, 240, 240)), 0)
    assert rig.display.last_bytes == 0
    assert rig.model.bytes_seen == seen and len(rig.spi.sizes) == sizes


def test_empty_and_offscreen_rects_are_skipped(rig):
    buf, _ = frame()
    first = len(rig.model.writes)
    rig.display.show(buf, rects((10, 10, 10, 20), (0, 250, 240, 260), (230, 0, 250, 2)), 3)
    assert rig.model.writes[first:] == [[230, 239, 0, 1, 2 * 10 * 2]]
    assert rig.display.last_bytes == 40
    assert rig.model.errors == []


def test_all_pixel_traffic_has_cs_low(rig):
    # the model only hears bytes clocked with CS low: every byte sent must have been heard
    buf, _ = frame()
    total = sum(rig.spi.sizes)
    seen = rig.model.bytes_seen
    rig.display.show(buf, rects((0, 0, 32, 32)), 1)
    sent = sum(rig.spi.sizes) - total
    assert sent == 2 * 32 * 32 + 3 + 8
    assert rig.model.bytes_seen - seen == sent
    assert rig.bank.level(9) == 1            # deselected afterwards


def test_offsets_move_the_window():
    r = DisplayRig(xoff=0, yoff=80)
    r.display.set_palette(PAL)
    buf, _ = frame()
    r.display.show(buf, rects((0, 0, 8, 8)), 1)
    assert r.model.writes[-1][:4] == [0, 7, 80, 87]


def test_palette_table_changes_the_colours(rig):
    buf, fb = frame()
    fb.fill(3)
    rig.display.show(buf, rects((0, 0, 4, 1)), 1)
    assert rig.model.pixel(0, 0) == 0x07E0
    pal = array("H", PAL)
    pal[3] = 0x1111
    rig.display.set_palette(pal)
    rig.display.show(buf, rects((0, 0, 4, 1)), 1)
    assert rig.model.pixel(0, 0) == 0x1111


@pytest.mark.parametrize("pct,duty", [(0, 0), (50, 32767), (100, 65535), (-5, 0), (180, 65535),
                                      (10, 6553)])
def test_brightness_is_backlight_duty(rig, pct, duty):
    rig.display.set_brightness(pct)
    assert rig.backlight.duty_u16() == duty
