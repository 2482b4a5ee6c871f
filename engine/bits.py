# Card sets as bit masks that stay inside the small-int range of a 32-bit MicroPython
# port (below 2**30): one 13-bit mask per suit, or a word of at most 28 bits.

# Set bits per byte value, built from the half (i >> 1 has all of i's bits but the
# lowest): 3 ms at import on a Pico, where counting bin() strings took 30.
POP8 = bytearray(256)
for _i in range(1, 256):
    POP8[_i] = POP8[_i >> 1] + (_i & 1)
del _i


def popcount(x):
    # Set bits of a non-negative small int, a byte at a time.
    n = 0
    while x:
        n += POP8[x & 255]
        x >>= 8
    return n


def lowest(x):
    # Index of the lowest set bit, -1 for an empty set.
    if not x:
        return -1
    i = 0
    while not x & 255:
        x >>= 8
        i += 8
    while not x & 1:
        x >>= 1
        i += 1
    return i


def highest(x):
    # Index of the highest set bit, -1 for an empty set.
    i = -1
    while x >= 256:
        x >>= 8
        i += 8
    while x:
        x >>= 1
        i += 1
    return i


def members(x, base=0):
    # The set bits as a list of indices plus base, lowest first.
    out = []
    i = base
    while x:
        if x & 1:
            out.append(i)
        x >>= 1
        i += 1
    return out
