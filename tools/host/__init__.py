# Host stand-ins for the board: framebuf (CPython only), fake I2C/pins/clock, PNG output.
# Importing this package on CPython, where no `framebuf` exists, puts this folder on
# sys.path so firmware code's plain `import framebuf` finds the stand-in. MicroPython
# has its own framebuf and never takes that branch.
try:
    import framebuf  # noqa: F401
except ImportError:
    import os
    import sys

    sys.path.append(os.path.dirname(os.path.abspath(__file__)))
