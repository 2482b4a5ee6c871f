# A pure-Python stand-in for MicroPython's built-in `framebuf`, for CPython only (the
# simulator and the host tests). It follows the device module pixel for pixel for the
# monochrome formats the firmware uses; tools/host/__init__.py puts it on sys.path
# when no real `framebuf` exists. The built-in 8x8 text is left out: we draw our own font.

MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _MONO:
            raise NotImplementedError("host framebuf draws only MONO_VLSB, MONO_HLSB, MONO_HMSB")
        self.buf = buffer
        self.width = width
        self.height = height
        self.format = format
        self.stride = width if stride is None else stride
        if format == MONO_VLSB:
            need = ((height + 7) // 8) * self.stride
        else:
            need = ((self.stride + 7) // 8) * height
        if len(buffer) < need:
            raise ValueError("buffer too small")

    # One pixel's byte index and bit mask in the buffer.
    def _where(self, x, y):
        if self.format == MONO_VLSB:
            return (y >> 3) * self.stride + x, 1 << (y & 7)
        i = (x + y * ((self.stride + 7) & ~7)) >> 3
        if self.format == MONO_HLSB:
            return i, 0x80 >> (x & 7)
        return i, 1 << (x & 7)

    def _get(self, x, y):
        i, m = self._where(x, y)
        return 1 if self.buf[i] & m else 0

    def _set(self, x, y, c):
        i, m = self._where(x, y)
        if c & 1:
            self.buf[i] |= m
        else:
            self.buf[i] &= ~m & 0xFF

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        x1 = min(self.width, x + w)
        y1 = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format != MONO_VLSB:
            for yy in range(y, y1):
                for xx in range(x, x1):
                    self._set(xx, yy, c)
            return
        buf = self.buf
        while y < y1:
            # One band of rows inside a single 8-row page: one mask for every column.
            page_end = min((y | 7) + 1, y1)
            mask = (0xFF << (y & 7)) & (0xFF >> (8 - (page_end - ((y >> 3) << 3))))
            row = (y >> 3) * self.stride
            if c & 1:
                for i in range(row + x, row + x1):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(row + x, row + x1):
                    buf[i] &= keep
            y = page_end

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x0, y0, x1, y1, c):
        # Bresenham, stepping along the longer axis; ends included.
        dx = abs(x1 - x0)
        dy = abs(y1 - y0)
        sx = 1 if x1 > x0 else -1
        sy = 1 if y1 > y0 else -1
        steep = dy > dx
        if steep:
            x0, y0, dx, dy, sx, sy = y0, x0, dy, dx, sy, sx
        err = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y0, x0, c)
            else:
                self.pixel(x0, y0, c)
            while err >= 0:
                y0 += sy
                err -= 2 * dx
            x0 += sx
            err += 2 * dy
        self.pixel(x1, y1, c)

    def scroll(self, xstep, ystep):
        # Shifts the contents; the strip left behind keeps its old pixels, as on the device.
        w, h = self.width, self.height
        if xstep < 0:
            xs, xe, dx = 0, w + xstep, 1
        else:
            xs, xe, dx = w - 1, xstep - 1, -1
        if ystep < 0:
            ys, ye, dy = 0, h + ystep, 1
        else:
            ys, ye, dy = h - 1, ystep - 1, -1
        for y in range(ys, ye, dy):
            for x in range(xs, xe, dx):
                self._set(x, y, self._get(x - xstep, y - ystep))

    def blit(self, fbuf, x, y, key=-1, palette=None):
        # The key is compared with the colour after the palette, as the device does.
        if x >= self.width or y >= self.height or -x >= fbuf.width or -y >= fbuf.height:
            return
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(self.width, x + fbuf.width)
        y1 = min(self.height, y + fbuf.height)
        if self.format == MONO_VLSB and fbuf.format == MONO_VLSB and palette is None:
            # The font's path: byte and mask arithmetic inline (the simulator's hot loop).
            sb, db = fbuf.buf, self.buf
            for yy in range(y0, y1):
                sy = yy - y
                srow = (sy >> 3) * fbuf.stride - x
                sm = 1 << (sy & 7)
                drow = (yy >> 3) * self.stride
                dm = 1 << (yy & 7)
                keep = ~dm & 0xFF
                for xx in range(x0, x1):
                    c = 1 if sb[srow + xx] & sm else 0
                    if c != key:
                        if c:
                            db[drow + xx] |= dm
                        else:
                            db[drow + xx] &= keep
            return
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                c = fbuf._get(xx - x, yy - y)
                if palette is not None:
                    c = palette._get(c, 0)
                if c != key:
                    self._set(xx, yy, c)

    def text(self, s, x, y, c=1):
        # The port's own 8x8 font is not copied here: each character is drawn
        # in an 8x8 cell with the project's NORMAL glyph, which is as wide as a
        # test of the layout needs.
        from firmware import font

        for ch in s:
            font.text(self, ch, x + 1, y, c, font.NORMAL_SIZE)
            x += 8
