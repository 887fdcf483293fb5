"""The MicroPython ports the proofs run on: the supported minimum is one constant
(tools/mprun.py MIN_VERSION), the `wasm-min` port really is that version, and the README says it."""
import json
import os
import re

import mprun


def version_on(port):
    r = mprun.run(port, "tests/mp/version.py", cwd=mprun.ROOT)
    assert r.returncode == 0, r.stderr
    return tuple(int(x) for x in r.stdout.split()[0].split("."))


def test_minimum_port_is_the_minimum_version():
    assert version_on("wasm-min") == mprun.MIN_VERSION


def test_newest_ports_are_newer_than_the_minimum():
    assert version_on("wasm") > mprun.MIN_VERSION
    assert version_on("unix") > mprun.MIN_VERSION


def test_package_json_pins_the_minimum():
    with open(os.path.join(mprun.WASM_DIR, "package.json")) as f:
        deps = json.load(f)["dependencies"]
    assert deps["micropython-min"].endswith("@%d.%d.%d" % mprun.MIN_VERSION)


def test_readme_states_the_minimum():
    with open(os.path.join(mprun.ROOT, "README.md")) as f:
        text = f.read()
    stated = set(re.findall(r"MicroPython (\d+\.\d+\.\d+) or newer", text))
    assert stated == {"%d.%d.%d" % mprun.MIN_VERSION}
