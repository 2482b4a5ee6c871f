# Joker Pocket host pipeline. Every tool is pinned: Python packages by requirements.lock
# (installed into .venv), the MicroPython WebAssembly port by package-lock.json (npm ci).
#   make test                    everything CI runs (works on a fresh clone)
#   make build BOARD=pico        the board's filesystem in build/device
#   make deploy BOARD=pico [PORT=/dev/ttyACM0]
#   make deploy BOARD=pico-circuitpython [DRIVE=/path/to/CIRCUITPY]
#   make check                   pyright over engine/ and firmware/ against the boards' stubs
#   make pico [BOARD=pico] [ARGS=...]  the built tree on an emulated Pico (tools/pico), headless
#   make sim [ARGS=...]   make bench   make selfplay [GAME=.. SEED=.. GAMES=.. SEATS=.. LEVELS=1,0 RUNTIME=micropython]
#   make ladder [MATCHES=800] [UPPER=Medium,Hard]  each bot level against the one below (host_tests/ladder.py)
#   make web                     the page in build/web (any static host serves it)
#   make web-serve [WEB_PORT=8000]  serves it on http://127.0.0.1:WEB_PORT/
#   make shots                   the README's pictures: the simulator's (tools/shots), and make page-shot
#   make page-shot               the page in headless Chromium: tools/page/page.png (no network)
#   make clean                   build outputs; make distclean also drops .venv and node_modules

SYSTEM_PYTHON ?= /usr/bin/env python3
VENV := .venv
PY := $(VENV)/bin/python
BOARD ?= pico
PORT ?=
DRIVE ?=
ARGS ?=
GAME ?= all
SEED ?= 1
GAMES ?= 10
LEVELS ?=
SEATS ?=
OPTIONS ?=
RUNTIME ?= cpython
WEB_PORT ?= 8000
SELFPLAY := $(PY) -m tools.selfplay --game $(GAME) --seed $(SEED) --games $(GAMES) \
	$(if $(SEATS),--seats $(SEATS)) $(if $(LEVELS),--levels $(LEVELS)) $(if $(OPTIONS),--options $(OPTIONS))
# Joker Poker also with its Hard bot at 3 seats (the run above plays it with 4 Easy seats).
JPSELFPLAY := $(PY) -m tools.selfplay --game jokerpoker --seed 101 --games 12 --levels 1,0,1

PYRIGHT := node_modules/.bin/pyright

.PHONY: test deps browser build deploy pico sim shots page-shot bench ladder selfplay selfplay-check check web web-serve clean distclean

# Every host test, the emulated Pico's too, on every core (pytest-xdist: a file's
# tests stay on one worker, so its module fixtures are made once; the longest
# files go first, host_tests/conftest.py), and the MicroPython port's tests
# beside them, their output last.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test: deps build
	$(MAKE) --no-print-directory check web selfplay-check
	{ $(PY) -m tools.micropython --include tools/host -m tools.mptest > build/mptest.log 2>&1; \
	  echo $$? > build/mptest.rc; } & \
	$(PY) -m pytest host_tests/ -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder -q -rs --durations=12 -p no:cacheprovider; rc=$$?; \
	wait; cat build/web-figures.txt 2>/dev/null; cat build/mptest.log; \
	test $$rc = 0 && test "$$(cat build/mptest.rc)" = 0

deps: $(VENV)/.installed node_modules/.installed browser

$(VENV)/.installed: requirements.lock
	test -x $(PY) || $(SYSTEM_PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check --no-input -q -r requirements.lock
	touch $@

node_modules/.installed: package-lock.json package.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Chromium for the browser tests (host_tests/test_web.py, driven by playwright-core
# from package-lock.json), from Debian's packages. Where it cannot be installed
# those tests are skipped and say why (under CI they fail).
browser:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	      chromium; } >/dev/null || echo "chromium could not be installed: the browser tests will be skipped"; \
	  else echo "no chromium, and no root with apt-get to install it: the browser tests will be skipped"; fi; }

build: $(VENV)/.installed
	$(PY) -m tools.build build --board $(BOARD)

deploy: $(VENV)/.installed
	$(PY) -m tools.build deploy --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE))

sim: $(VENV)/.installed
	$(PY) -m tools.sim $(ARGS)

# The built tree on the emulated Pico: script words press its GPIOs (tools/pico).
pico: build node_modules/.installed
	$(PY) -m tools.pico --board $(BOARD) $(ARGS)

# The README's screenshots, from the simulator script tools/shots.sim, and the page's.
shots: $(VENV)/.installed page-shot
	rm -rf build/shots-root
	$(PY) -m tools.sim --seed 7 --root build/shots-root --script tools/shots.sim --shot-dir tools/shots
	rm -rf build/shots-link
	$(PY) -m tools.sim --seed 7 --boards 2 --root build/shots-link --script tools/shots-link.sim --shot-dir tools/shots

web: $(VENV)/.installed node_modules/.installed
	$(PY) -m tools.web build

web-serve: web
	$(PY) -m tools.web serve --port $(WEB_PORT)

# The page with a game on its screen, as the README shows it (tools/page/shot.mjs).
page-shot: web
	$(PY) -m tools.web shot

bench: deps
	$(PY) -m tools.bench $(ARGS)

# The bots' ladder, every game and seat count: Medium against Easy takes a few
# minutes, Hard against Medium most of an hour (Georgian Joker's Hard).
MATCHES ?= 800
UPPER ?= Medium,Hard
ladder: $(VENV)/.installed
	$(PY) -m host_tests.ladder all 0 $(MATCHES) 1 $(UPPER)

# Type checks (pyright, strictness "basic"; the Optional rules off, as a closed
# match sets its parts to None): engine/ and firmware/ against the Pico's
# MicroPython stubs, the CircuitPython seam against CircuitPython's.
check: deps
	$(PYRIGHT) -p tools/check/micropython.json
	$(PYRIGHT) -p tools/check/circuitpython.json

selfplay: deps
	$(SELFPLAY) --runtime $(RUNTIME)

# The same bot matches on both runtimes must print the same bytes.
selfplay-check: deps
	mkdir -p build
	$(SELFPLAY) --runtime cpython > build/selfplay-cpython.jsonl
	$(SELFPLAY) --runtime micropython > build/selfplay-micropython.jsonl
	$(JPSELFPLAY) --runtime cpython >> build/selfplay-cpython.jsonl
	$(JPSELFPLAY) --runtime micropython >> build/selfplay-micropython.jsonl
	cmp build/selfplay-cpython.jsonl build/selfplay-micropython.jsonl
	@echo "selfplay: $$(wc -l < build/selfplay-cpython.jsonl) matches identical on CPython and MicroPython"

clean:
	rm -rf build .pytest_cache
	find . -name __pycache__ -type d -not -path './$(VENV)/*' -not -path './node_modules/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
