# Game records: JSON with game, options, seats (each seat's level; a count in
# the oldest), seed, moves and result. A record replays
# exactly (engine/play.py makes and replays them), and dumps() writes it the same way on CPython
# and MicroPython (sorted keys, no spaces), so records from the two runtimes compare byte for
# byte. The device's save is written by dumps() too: this module is all a match holds of records.


def dumps(obj):
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, int):
        return str(obj)
    if isinstance(obj, str):
        out = ['"']
        for ch in obj:
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif ord(ch) < 32:
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(obj, (list, tuple, bytes, bytearray)):
        return "[" + ",".join([dumps(v) for v in obj]) + "]"
    if isinstance(obj, dict):
        keys = sorted(obj)
        return "{" + ",".join([dumps(k) + ":" + dumps(obj[k]) for k in keys]) + "}"
    raise TypeError("cannot write %r" % (obj,))
