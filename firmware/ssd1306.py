# Our SSD1306 driver for I2C panels. The app draws on `fb`; show() sends only the
# columns that changed since the last show, page by page, by comparing with a shadow
# copy of what the panel holds. A full frame costs about 23 ms at 400 kHz, one page
# about 3 ms, so a cursor move that touches one or two pages is cheap.
try:
    import framebuf
except ImportError:  # CircuitPython has no framebuf: the project's own canvas
    from firmware import canvas as framebuf


def init_commands(height, flip):
    # Sent once at power-up, in the datasheet's order: display off, timing and
    # geometry, charge pump, addressing, orientation, levels, then RAM output.
    return bytes((
        0xAE,  # display off while configuring
        0xD5, 0x80,  # clock divide 1, oscillator default
        0xA8, height - 1,  # multiplex ratio
        0xD3, 0x00,  # no vertical offset
        0x40,  # start line 0
        0x8D, 0x14,  # charge pump on (the module is powered from 3V3 only)
        0x20, 0x00,  # horizontal addressing: a column/page window fills row by row
        0xA0 if flip else 0xA1,  # segment remap: column 0 on the left...
        0xC0 if flip else 0xC8,  # ...and COM scan: row 0 on top; flip turns 180 degrees
        0xDA, 0x12 if height == 64 else 0x02,  # COM pins: alternate for 64 rows
        0x81, 0xCF,  # contrast
        0xD9, 0xF1,  # pre-charge 15 clocks, discharge 1 (internal charge pump)
        0xDB, 0x40,  # VCOMH deselect level
        0x2E,  # no scrolling
        0xA4,  # show RAM contents
        0xA6,  # normal, not inverted
    ))


class SSD1306:
    def __init__(self, i2c, addr=0x3C, width=128, height=64, flip=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buf = bytearray(width * self.pages)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.shadow = bytearray(len(self.buf))  # what the panel's RAM holds
        self.bytes_sent = 0
        self.pages_sent = 0
        # Preallocated so show() makes no garbage beyond memoryview slices.
        mv = memoryview(self.buf)
        sv = memoryview(self.shadow)
        self._page = [mv[p * width:(p + 1) * width] for p in range(self.pages)]
        self._shadow_page = [sv[p * width:(p + 1) * width] for p in range(self.pages)]
        self._window = bytearray(b"\x00\x21\x00\x00\x22\x00\x00")
        self._vec = [b"\x40", mv]
        self._c0 = bytearray(self.pages)  # per page: first changed column, 255 if none
        self._c1 = bytearray(self.pages)  # per page: last changed column
        self._cmd1 = bytearray(2)
        self._cmd2 = bytearray(3)
        self.mounted = flip  # how the board mounts the panel (its profile)
        self.init(flip)

    def init(self, flip=False):
        self.flip = flip
        cmds = b"\x00" + init_commands(self.height, flip)
        self.i2c.writeto(self.addr, cmds)
        self.bytes_sent += len(cmds)
        self.fb.fill(0)
        self.show_full()  # the panel's RAM holds noise at power-up
        self.power(True)

    def _command(self, a, b=-1):
        if b < 0:
            buf = self._cmd1
        else:
            buf = self._cmd2
            buf[2] = b
        buf[1] = a
        self.i2c.writeto(self.addr, buf)
        self.bytes_sent += len(buf)

    def contrast(self, v):
        self._command(0x81, v & 0xFF)

    def power(self, on):
        self._command(0xAF if on else 0xAE)

    def turn(self, over):
        # Turns the picture 180 degrees from how the board mounts the panel, or
        # back. The segment remap applies only to data written after it, so
        # the whole frame goes again.
        flip = self.mounted != over
        if flip != self.flip:
            self.flip = flip
            self._command(0xA0 if flip else 0xA1)
            self._command(0xC0 if flip else 0xC8)
            self.show_full()

    def invert(self, on):
        self._command(0xA7 if on else 0xA6)

    def _send(self, c0, c1, p0, p1, data):
        # Sets the column/page window, then streams the bytes that fill it.
        w = self._window
        w[2] = c0
        w[3] = c1
        w[5] = p0
        w[6] = p1
        self.i2c.writeto(self.addr, w)
        self._vec[1] = data
        self.i2c.writevto(self.addr, self._vec)
        self.bytes_sent += 8 + len(data)
        self.pages_sent += p1 - p0 + 1

    def show_full(self):
        self._send(0, self.width - 1, 0, self.pages - 1, self.buf)
        self.shadow[:] = self.buf

    def show(self):
        # Per page, the span from the first to the last changed column goes out; when
        # every page changed from edge to edge, one full-frame transfer does instead.
        last = self.width - 1
        c0s = self._c0
        c1s = self._c1
        changed = 0
        edge_to_edge = 0
        for p in range(self.pages):
            page = self._page[p]
            old = self._shadow_page[p]
            if page == old:
                c0s[p] = 255  # unchanged
                continue
            c0 = 0
            while page[c0] == old[c0]:
                c0 += 1
            c1 = last
            while page[c1] == old[c1]:
                c1 -= 1
            c0s[p] = c0
            c1s[p] = c1
            changed += 1
            if c0 == 0 and c1 == last:
                edge_to_edge += 1
        if not changed:
            return
        if edge_to_edge == self.pages:
            self.show_full()
            return
        for p in range(self.pages):
            c0 = c0s[p]
            if c0 != 255:
                self._send(c0, c1s[p], p, p, self._page[p][c0:c1s[p] + 1])
        self.shadow[:] = self.buf
