# Frames: how a message travels on the cable.
#
#   0x7E  len  kind  src_hi  src_lo  seq  check  payload (len bytes)  crc_hi  crc_lo
#
# src is the sending board's link id (16 bits, drawn at random when the board
# starts link play), seq its frame counter (mod 256). The CRC (CRC-16/CCITT,
# worked bit by bit: no table in the heap) covers everything after the start
# byte; check (the header's bytes summed) lets a reader refuse a damaged
# length at once rather than wait for bytes that never come. A reader that
# finds a bad header or checksum drops one byte and looks for the next start
# byte, so a dropped or corrupted byte costs the frames it touched and the
# stream resyncs by itself.
from engine import const

START = const(0x7E)
HEAD = const(7)  # start, len, kind, src (2), seq, check
MAX_PAYLOAD = const(96)
MAX_FRAME = const(105)  # HEAD + MAX_PAYLOAD + 2


def crc16(buf, start, end):
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= buf[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def pack(kind, src, seq, payload):
    # A frame's bytes; payload is at most MAX_PAYLOAD bytes.
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes (at most %d)" % (n, MAX_PAYLOAD))
    out = bytearray(HEAD + n + 2)
    out[0] = START
    out[1] = n
    out[2] = kind
    out[3] = src >> 8
    out[4] = src & 0xFF
    out[5] = seq & 0xFF
    out[6] = _check(out)
    out[HEAD : HEAD + n] = payload
    c = crc16(out, 1, HEAD + n)
    out[HEAD + n] = c >> 8
    out[HEAD + n + 1] = c & 0xFF
    return out


class Reader:
    # Bytes from the port into one preallocated buffer; frame() finds the next
    # whole, valid frame at its start. bad counts the bytes skipped.
    def __init__(self):
        self.buf = bytearray(2 * MAX_FRAME)
        self.n = 0
        self.bad = 0

    def room(self):
        return len(self.buf) - self.n

    def take(self, data):
        # Appends bytes (at most room()).
        k = len(data)
        self.buf[self.n : self.n + k] = data
        self.n += k

    def frame(self):
        # The length of the valid frame at the buffer's start, junk before it
        # skipped; 0 while no whole frame is there.
        b = self.buf
        while self.n:
            if b[0] != START:
                i = 1
                while i < self.n and b[i] != START:
                    i += 1
                self.drop(i, True)
                continue
            if self.n < HEAD:
                return 0
            if b[1] > MAX_PAYLOAD or b[6] != _check(b):
                self.drop(1, True)
                continue
            end = HEAD + b[1]
            if self.n < end + 2:
                return 0
            c = crc16(b, 1, end)
            if b[end] == c >> 8 and b[end + 1] == c & 0xFF:
                return end + 2
            self.drop(1, True)
        return 0

    def drop(self, k, bad=False):
        # Forgets the first k bytes (a frame handled, or junk).
        if bad:
            self.bad += k
        b = self.buf
        n = self.n - k
        for i in range(n):
            b[i] = b[i + k]
        self.n = n


def _check(b):
    return (b[1] + b[2] + b[3] + b[4] + b[5] + 0x5A) & 0xFF


def kind(buf):
    return buf[2]


def src(buf):
    return (buf[3] << 8) | buf[4]


def seq(buf):
    return buf[5]
