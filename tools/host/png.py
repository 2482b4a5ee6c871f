# A small PNG writer for screenshots of the 128x64 screen: 8-bit grey, each pixel
# blown up to SCALE x SCALE, optionally with a dim grid between pixels so single
# pixels can be counted. Host only (zlib).
import struct
import zlib

ON = 255
OFF = 0
GRID = 40


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_grey(rows, width, height):
    # rows: `height` byte strings of `width` grey levels each.
    raw = b"".join([b"\x00" + bytes(r) for r in rows])  # filter type 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def mono_vlsb_rows(buf, width, height, scale=1, grid=False, invert=False):
    # Grey rows for a MONO_VLSB buffer (the SSD1306 layout: byte = 8 rows of a column).
    on, off = (OFF, ON) if invert else (ON, OFF)
    rows = []
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        line = bytearray()
        for x in range(width):
            v = on if buf[base + x] & bit else off
            line += bytes([v]) * scale
            if grid and scale > 2:
                line[-1] = GRID if v == off else v
        for k in range(scale):
            if grid and scale > 2 and k == scale - 1:
                rows.append(bytes([GRID if b == off else b for b in line]))
            else:
                rows.append(bytes(line))
    return rows
