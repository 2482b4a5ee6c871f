# Signed ints of any size a game's score reaches, in the fewest bytes: zigzag
# (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) then 7 bits a byte, low first, the top
# bit set on every byte but the last. Scores of 0..63 take one byte.


def put_int(out, v):
    # Appends v to the bytearray out.
    z = v << 1 if v >= 0 else ((-v) << 1) - 1
    while z >= 128:
        out.append(128 | (z & 127))
        z >>= 7
    out.append(z)


def get_int(data, at):
    # -> (the int stored at data[at], the index after it); ValueError when the
    # data ends inside it.
    z = 0
    shift = 0
    try:
        while True:
            b = data[at]
            at += 1
            z |= (b & 127) << shift
            if b < 128:
                break
            shift += 7
    except IndexError:
        raise ValueError("an int cut short: no byte %d in %d bytes" % (at, len(data)))
    return (z >> 1 if not z & 1 else -((z + 1) >> 1)), at


def put_ints(out, values, put=put_int):
    # A count, then the ints; put=put_ints writes a list of lists of ints (a
    # match's points per finished round).
    put_int(out, len(values))
    for v in values:
        put(out, v)


def get_ints(data, at, get=get_int):
    # The inverse of put_ints (get=get_ints for a list of lists).
    n, at = get_int(data, at)
    out = []
    for _ in range(n):
        v, at = get(data, at)
        out.append(v)
    return out, at

