# The benches. `make bench` runs __main__.py (python -m tools.bench), which
# prints every figure, each line naming what it measured and where; each part
# also runs alone (python -m tools.bench.NAME):
#   pico        the device's figures on the emulated Pico (pico_probe.py runs on it)
#   ui          I2C bytes a press and a move send; the UI's heap under MicroPython
#   poker       the poker evaluator's speed (against treys) and tables
#   wasm        the heap of a title and of every game's match, a soak, the
#               fragmentation, CircuitPython's frame cost: the firmware compiled
#               by mpy-cross under MicroPython's WebAssembly port
#   jokerpoker  Joker Poker's "arrange for me" against exhaustive search
#   clock       the timers they share
# Two generators of Joker Poker's tables from measured deals are run by hand:
# jokerpoker_tables.py (the game's CDF) and jokerpoker_calib.py (its Hard bot's
# CAL and AHEAD).
