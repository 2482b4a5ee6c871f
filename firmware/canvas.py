# The project's own 1-bit canvas for ports without `framebuf` (CircuitPython):
# the part of framebuf.FrameBuffer the screens use (fill, fill_rect, hline,
# vline, rect, line, pixel, blit), on the same MONO_VLSB buffer, pixel for
# pixel as framebuf draws (host_tests/test_canvas.py compares the two on both
# runtimes). It works a byte (eight rows of a column) at a time, not a pixel at
# a time. MicroPython imports it only on a port built without framebuf.
MONO_VLSB = 0


class FrameBuffer:
    def __init__(self, buf, width, height, format=MONO_VLSB, stride=None):
        if format != MONO_VLSB:
            raise ValueError("this canvas draws MONO_VLSB only")
        self.buf = buf
        self.width = width
        self.height = height
        self.stride = width if stride is None else stride
        self.pages = (height + 7) >> 3
        # Rows that exist in the last page (all of them when height is a multiple of 8).
        self.last_mask = 0xFF >> ((8 - height & 7) & 7)
        self._blank = None  # a blank buffer's bytes, made on the first fill(0)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = (y >> 3) * self.stride + x
        m = 1 << (y & 7)
        if c is None:
            return 1 if self.buf[i] & m else 0
        if c & 1:
            self.buf[i] |= m
        else:
            self.buf[i] &= ~m & 0xFF
        return None

    def fill(self, c):
        # Every frame starts with fill(0): one copy, not a loop over the bytes.
        if c & 1 or self.last_mask != 0xFF or self.stride != self.width:
            self.fill_rect(0, 0, self.width, self.height, c)
            return
        n = self.pages * self.width
        if self._blank is None:
            self._blank = bytes(n)
        if n == len(self.buf):
            self.buf[:] = self._blank
        else:
            self.buf[0:n] = self._blank

    def fill_rect(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x0 >= x1 or y0 >= y1:
            return
        buf = self.buf
        while y0 < y1:
            # The rows of this band that fall in one page share one mask.
            end = min((y0 | 7) + 1, y1)
            mask = (0xFF << (y0 & 7)) & (0xFF >> (((y0 | 7) + 1) - end))
            row = (y0 >> 3) * self.stride
            if c & 1:
                for i in range(row + x0, row + x1):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(row + x0, row + x1):
                    buf[i] &= keep
            y0 = end

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
        # Bresenham along the longer axis, both ends drawn, as framebuf does.
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

    def blit(self, src, x, y, key=-1, palette=None):
        # src: a MONO_VLSB buffer with .buf .width .height (this class or a
        # framebuf). A source pixel takes its colour through the palette (a
        # 2x1 buffer) and is drawn unless that colour is the key.
        c0 = 0 if palette is None else palette.pixel(0, 0)
        c1 = 1 if palette is None else palette.pixel(1, 0)
        # Per source byte b: the pixels that become 1 and those that become 0.
        on_set = (1 if c1 != key and c1 else 0) | (2 if c0 != key and c0 else 0)
        on_clear = (1 if c1 != key and not c1 else 0) | (2 if c0 != key and not c0 else 0)
        if not on_set and not on_clear:
            return
        sx0 = max(0, -x)
        sx1 = min(src.width, self.width - x)
        if src.height == 8 and self.last_mask == 0xFF and on_set + on_clear == 1:
            self._strip(src, x, y, sx0, sx1, on_set == 1)
            return
        sbuf = src.buf
        sstride = getattr(src, "stride", src.width)
        dbuf = self.buf
        stride = self.stride
        pages = self.pages
        for sp in range((src.height + 7) >> 3):
            valid = 0xFF >> max(0, sp * 8 + 8 - src.height)
            top = y + sp * 8
            dp = top >> 3
            shift = top & 7
            lo_ok = 0 <= dp < pages
            hi_ok = shift and 0 <= dp + 1 < pages
            if not lo_ok and not hi_ok:
                continue
            lo_mask = self.last_mask if dp == pages - 1 else 0xFF
            hi_mask = self.last_mask if dp + 1 == pages - 1 else 0xFF
            srow = sp * sstride
            lo_row = dp * stride + x
            hi_row = lo_row + stride
            for sx in range(sx0, sx1):
                b = sbuf[srow + sx]
                unset = ~b & valid
                b &= valid
                ones = (b if on_set & 1 else 0) | (unset if on_set & 2 else 0)
                zeros = (b if on_clear & 1 else 0) | (unset if on_clear & 2 else 0)
                if lo_ok:
                    i = lo_row + sx
                    dbuf[i] = (dbuf[i] | ((ones << shift) & lo_mask)) & ~((zeros << shift) & lo_mask) & 0xFF
                if hi_ok:
                    i = hi_row + sx
                    dbuf[i] = (dbuf[i] | ((ones >> (8 - shift)) & hi_mask)) & ~((zeros >> (8 - shift)) & hi_mask) & 0xFF

    def _strip(self, src, x, y, sx0, sx1, lit):
        # The font's case: an 8-row strip whose set pixels are drawn in one
        # colour (lit: 1) and whose clear pixels are left alone.
        sbuf = src.buf
        dbuf = self.buf
        stride = self.stride
        dp = y >> 3
        shift = y & 7
        lo_ok = 0 <= dp < self.pages
        hi_ok = shift and 0 <= dp + 1 < self.pages
        lo = dp * stride + x
        hi = lo + stride
        back = 8 - shift
        for sx in range(sx0, sx1):
            b = sbuf[sx]
            if not b:
                continue
            if lit:
                if lo_ok:
                    dbuf[lo + sx] |= (b << shift) & 0xFF
                if hi_ok:
                    dbuf[hi + sx] |= b >> back
            else:
                if lo_ok:
                    dbuf[lo + sx] &= ~(b << shift) & 0xFF
                if hi_ok:
                    dbuf[hi + sx] &= ~(b >> back) & 0xFF
