# The emulated Pico: tools/pico/board.py (Python side), pico.mjs (rp2040js), __main__.py (make pico); its bench is tools/bench/pico.py.
