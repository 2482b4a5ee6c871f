# The layout guard: every run of text a screen draws (firmware.font.record
# reports it) is checked against the frame it ends up in. A frame fails when
#   - a run's ink leaves the panel (part of it is clipped),
#   - the ink boxes of two runs overlap,
#   - a run is not drawn as itself: inside its ink box and one pixel around
#     it, every pixel must be the run's own, in its colour on the other (a dot
#     mask, a line or another run through it, an inverted label whose edge
#     merges with the dark around it; a descender's tail, a run crossed
#     through on purpose and a card back's pattern excepted).
# host_tests/conftest.py checks every frame a simulated device draws, in every
# test, so the guard walks every screen the UI tests reach.
import framebuf

from firmware import font
from host_tests.glyphs import glyph
from tools import sim

W = 128
H = 64


class Guard:
    def __init__(self):
        self.runs = {}  # frame buffer -> [(s, x, y, c, size)] drawn on it since it was last checked
        self.frames = 0  # frames checked
        self.seen = set()  # the screens (class names) checked
        self._ink = {}  # (s, size) -> the run's ink, from ink()

    def record(self, fb, s, x, y, c, size):
        runs = self.runs.get(fb)
        if runs is None:
            runs = self.runs[fb] = []
        if c == font.STRUCK:
            # The run just drawn there is crossed through on purpose.
            for i in range(len(runs) - 1, -1, -1):
                if runs[i][:3] == (s, x, y):
                    runs[i] = (s, x, y, font.STRUCK, size)
                    break
            return
        runs.append((s, x, y, c, size))

    def take(self, fb):
        return self.runs.pop(fb, [])

    def check(self, dev):
        # After a frame the app drew: the top screen's runs in the real frame;
        # under an overlay (a dialog, the pause menu) each visible screen
        # drawn alone, as the overlay's box covers part of the one beneath.
        app = dev.app
        runs = self.take(app.fb)
        stack = app.stack
        i = len(stack) - 1
        while i > 0 and stack[i].overlay:
            i -= 1
        if i == len(stack) - 1 and getattr(stack[i], "glide", None) is None:
            self.frame(runs, dev.display.buf, type(stack[i]).__name__)
            return
        # (A card on its way to its place (Animations) crosses what the table
        # draws: the table at rest, drawn alone, is checked instead.)
        for s in stack[i:]:
            buf = bytearray(W * H // 8)
            fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)
            if getattr(s, "glide", None) is not None:
                s.table.draw(fb)
            else:
                s.draw(fb)
            self.frame(self.take(fb), buf, type(s).__name__)

    def frame(self, runs, buf, name):
        # Raises AssertionError naming the first problem of this frame.
        self.frames += 1
        self.seen.add(name)
        bad = problems(runs, buf, self.ink)
        if bad:
            raise AssertionError("%s: %s\n%s" % (name, "\n".join(bad), sim.half_blocks(sim.pixel_rows(buf))))

    def ink(self, s, size):
        key = (s, size)
        v = self._ink.get(key)
        if v is None:
            v = self._ink[key] = ink(s, size)
        return v


def drawn(draw):
    # draw(fb) on a blank panel: the runs it drew, the frame and its problems.
    g = Guard()
    before = font.record
    font.record = g.record
    buf = bytearray(W * H // 8)
    fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)
    try:
        draw(fb)
    finally:
        font.record = before
    runs = g.take(fb)
    return runs, buf, problems(runs, buf, g.ink)


def ink(s, size):
    # The lit columns of s drawn at (0, 0): (first x, last x, top y, bottom y,
    # column bytes from x = 0), or None when nothing is lit.
    cols = []
    for ch in s:
        cols.extend(glyph(ch, size))
    used = [i for i in range(len(cols)) if cols[i]]
    if not used:
        return None
    rows = 0
    for b in cols:
        rows |= b
    top = 0
    while not rows >> top & 1:
        top += 1
    return used[0], used[-1], top, rows.bit_length() - 1, cols


def box(run, inkf):
    # The ink box of a run on the panel: (x0, y0, x1, y1) inclusive, or None.
    s, x, y, c, size = run
    k = inkf(s, size)
    if k is None:
        return None
    return x + k[0], y + k[2], x + k[1], y + k[3]


def columns(buf):
    # The panel's 128 columns, each as an int of 64 bits (bit y = row y).
    cols = []
    for x in range(W):
        v = 0
        for p in range(H // 8):
            v |= buf[p * W + x] << (8 * p)
        cols.append(v)
    return cols


def show(run):
    s, x, y, c, size = run
    t = "".join([ch if 32 <= ord(ch) < 127 else "\\x%02x" % ord(ch) for ch in s])
    return "%r at (%d,%d)%s%s" % (t, x, y, " NORMAL" if size else "", " inverted" if c == 0 else "")


def problems(runs, buf, inkf):
    # The problems of a frame, worded.
    out = []
    boxes = []
    for r in runs:
        b = box(r, inkf)
        if b is None:
            continue
        if b[0] < 0 or b[1] < 0 or b[2] >= W or b[3] >= H:
            out.append("%s leaves the panel (ink %d..%d, %d..%d)" % (show(r), b[0], b[2], b[1], b[3]))
            continue
        boxes.append((b, r))
    for i in range(len(boxes)):
        a, ra = boxes[i]
        for j in range(i + 1, len(boxes)):
            b, rb = boxes[j]
            if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                out.append("%s overlaps %s" % (show(ra), show(rb)))
    cols = columns(buf)
    for b, r in boxes:
        if r[3] == font.STRUCK or r[0].strip(font.CARD_BACK) == "":
            continue  # crossed through on purpose; a card back's pattern meets its frame
        at = unreadable(r, b, cols, inkf)
        if at is not None:
            out.append("%s is not drawn as itself at pixel (%d,%d)" % (show(r), at[0], at[1]))
    return out


def unreadable(run, b, cols, inkf):
    # The first pixel in the run's ink box, or the pixel around it, that is not
    # the run's own (glyph pixels in its colour, the rest in the other), or None.
    s, x, y, c, size = run
    drawn = inkf(s, size)[4]  # its column bytes
    # A NORMAL descender's tail (row 7 of the cell) may touch what is below:
    # it is read from the letter above it (menu lines are 9 rows apart).
    below = 0 if size and b[3] - y == 7 else 1
    x0, y0, x1, y1 = max(b[0] - 1, 0), max(b[1] - 1, 0), min(b[2] + 1, W - 1), min(b[3] + below, H - 1)
    rows = ((1 << (y1 - y0 + 1)) - 1) << y0
    for px in range(x0, x1 + 1):
        i = px - x
        g = drawn[i] if 0 <= i < len(drawn) else 0
        g = g << y if y >= 0 else g >> -y
        want = g if c else ~g
        diff = (cols[px] ^ want) & rows
        if diff:
            py = 0
            while not diff >> py & 1:
                py += 1
            return px, py
    return None
