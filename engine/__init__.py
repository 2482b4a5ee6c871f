# Joker Pocket engine: rules, card sets and bots shared by the handheld and the host.

try:  # MicroPython folds const() at compile time; elsewhere it is the value itself
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:

    def const(x):
        return x


def ptr8(buf):
    # Viper's casts of a buffer to raw bytes or 16-bit words: on the board the
    # functions marked "# viper" compile them to machine loads and stores
    # (tools/build.py); everywhere else the buffer is indexed as it is.
    return buf


ptr16 = ptr8
