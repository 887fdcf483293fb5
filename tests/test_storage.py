"""Storage: file format, atomic saves under power loss at every byte, bad files reported once."""
import binascii
import struct

import pytest

from core import storage
from core.files import Files
from memfs import MemFS, PowerCut

MAGIC = b"PTts"


def fs_files(fat=False):
    fs = MemFS(fat=fat)
    return fs, Files(fs.os, "/data", fs.open)


def test_layout_magic_version_length_payload_crc():
    img = storage.pack(MAGIC, 3, b"hello")
    assert img[:4] == MAGIC
    assert struct.unpack("<H", img[4:6])[0] == 3
    assert struct.unpack("<I", img[6:10])[0] == 5
    assert img[10:15] == b"hello"
    assert struct.unpack("<I", img[15:19])[0] == binascii.crc32(img[:15]) & 0xFFFFFFFF
    assert len(img) == 19


@pytest.mark.parametrize("mutate,status", [
    (lambda b: b[:-1], storage.CORRUPT),                       # truncated
    (lambda b: b[:7], storage.CORRUPT),                        # truncated inside the header
    (lambda b: b"", storage.CORRUPT),
    (lambda b: b[:12] + bytes([b[12] ^ 1]) + b[13:], storage.CORRUPT),   # a flipped payload bit
    (lambda b: b + b"x", storage.CORRUPT),                     # trailing garbage
    (lambda b: b"XXXX" + b[4:], storage.FOREIGN),              # someone else's file
    (lambda b: storage.pack(MAGIC, 9, b"hello"), storage.NEWER),
])
def test_bad_images_are_classified(mutate, status):
    img = bytes(storage.pack(MAGIC, 1, b"hello"))
    st, ver, payload = storage.unpack(mutate(img), MAGIC, 1)
    assert st == status and payload is None
    assert storage.message(st)


def test_a_snapshot_seal_catches_two_bytes_swapped():
    """seal()'s first Fletcher sum is the bytes' sum, blind to their order; the second weighs
    each byte by its place, so unseal() refuses a body with two bytes swapped."""
    body = bytearray(b"NR\x01" + bytes(range(40)))
    good = storage.seal(bytearray(body))
    assert storage.unseal(good, b"NR", 1, 40) == (good, len(good) - 4)
    swapped = bytearray(good)
    swapped[10], swapped[20] = swapped[20], swapped[10]
    assert storage.fletcher(swapped, len(body))[0] == storage.fletcher(good, len(body))[0]
    with pytest.raises(ValueError, match="checksum"):
        storage.unseal(bytes(swapped), b"NR", 1, 40)


def test_roundtrip_and_missing():
    fs, files = fs_files()
    assert storage.load(files, "a.bin", MAGIC, 1) == (storage.MISSING, 0, None)
    assert storage.save(files, "a.bin", MAGIC, 1, b"payload")
    assert storage.load(files, "a.bin", MAGIC, 1) == (storage.OK, 1, b"payload")
    assert "/data/a.bin.tmp" not in fs.files


@pytest.mark.parametrize("fat", [False, True])
def test_power_cut_at_every_byte_leaves_old_or_new(fat):
    old, new = b"old settings " * 3, b"NEW" * 20
    total = len(storage.pack(MAGIC, 1, new))
    seen = set()
    for renames in (-1, 0):
        for cut in range(total + 2):
            fs, files = fs_files(fat)
            storage.save(files, "s.bin", MAGIC, 1, old)
            fs.cut(after_bytes=cut if renames < 0 else -1, at_rename=renames)
            try:
                storage.save(files, "s.bin", MAGIC, 1, new)
                completed = True
            except PowerCut:
                completed = False
            fs.reboot()
            st, _, got = storage.load(Files(fs.os, "/data", fs.open), "s.bin", MAGIC, 1)  # rebooted
            assert got in (old, new), (cut, renames, got)
            assert st == storage.OK
            if completed:
                assert got == new
            seen.add(got)
    assert seen == {old, new}     # both outcomes really happen across the cut points


def test_cut_between_remove_and_rename_on_fat_takes_the_complete_tmp():
    fs, files = fs_files(fat=True)
    storage.save(files, "s.bin", MAGIC, 1, b"old")
    # write the tmp completely, then lose power right after the old file was removed
    files.write("s.bin.tmp", storage.pack(MAGIC, 1, b"new"))
    files.remove("s.bin")
    st, _, got = storage.load(Files(fs.os, "/data", fs.open), "s.bin", MAGIC, 1)
    assert got == b"new" and st == storage.OK
    assert "/data/s.bin" in fs.files and "/data/s.bin.tmp" not in fs.files


def test_failing_medium_is_reported_not_raised():
    fs, files = fs_files()
    def fail(*a):
        raise OSError(28)      # no space left
    files.write = fail
    assert storage.save(files, "x.bin", MAGIC, 1, b"x") is False
