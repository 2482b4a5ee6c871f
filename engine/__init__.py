# Joker Pocket engine: rules, card sets and bots shared by the handheld and the host.

try:  # MicroPython folds const() at compile time; elsewhere it is the value itself
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:

    def const(x):
        return x
