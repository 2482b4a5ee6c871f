# runs-on: micropython
# The project's own canvas (firmware/canvas.py, what CircuitPython draws on and
# the host's framebuf) against MicroPython's framebuf in C: the run under
# MicroPython is the one that compares (on CPython both sides are the canvas,
# which keeps the test's own code honest). Random drawing of every kind the screens use, clipped at
# every edge, must leave the very same bytes; and the screens drawn by the font
# through the canvas are the screens drawn through framebuf.
import tools.host  # noqa: F401  (CPython: the framebuf stand-in)
import framebuf

from engine.rng import Rng
from firmware import canvas, font

W = 128
H = 64


def pair(w=W, h=H):
    a = bytearray(w * ((h + 7) // 8))
    b = bytearray(len(a))
    return a, framebuf.FrameBuffer(a, w, h, framebuf.MONO_VLSB), b, canvas.FrameBuffer(b, w, h, canvas.MONO_VLSB)


def coord(rng, span):
    return rng.below(span + 40) - 20  # off both edges now and then


def test_random_drawing_matches_framebuf():
    rng = Rng(12)
    for h in (H, 13):  # a height that ends inside a page too
        a, fa, b, fb = pair(W, h)
        for step in range(1500):
            kind = rng.below(8)
            x, y = coord(rng, W), coord(rng, h)
            w, hh = rng.below(60) - 5, rng.below(30) - 5
            c = rng.below(2)
            if kind == 0:
                args = ("fill_rect", x, y, w, hh, c)
            elif kind == 1:
                args = ("hline", x, y, w, c)
            elif kind == 2:
                args = ("vline", x, y, hh, c)
            elif kind == 3:
                args = ("rect", x, y, w, hh, c)
            elif kind == 4:
                args = ("line", x, y, coord(rng, W), coord(rng, h), c)
            elif kind == 5:
                args = ("pixel", x, y, c)
            elif kind == 6:
                args = ("fill", c) if rng.below(20) == 0 else ("pixel", x, y, c)
            else:
                args = ("rect", x, y, w, hh, c, True)
            getattr(fa, args[0])(*args[1:])
            getattr(fb, args[0])(*args[1:])
            assert fa.pixel(x, y) == fb.pixel(x, y)
            assert a == b, "after %d steps: %r" % (step, args)


def test_blit_with_key_and_palette_matches_framebuf():
    rng = Rng(5)
    a, fa, b, fb = pair()
    fa.fill(1)
    fb.fill(1)
    for sw, sh in ((8, 8), (32, 8), (5, 13), (20, 3)):
        src = bytearray(sw * ((sh + 7) // 8))
        for i in range(len(src)):
            src[i] = rng.below(256)
        fs = framebuf.FrameBuffer(src, sw, sh, framebuf.MONO_VLSB)
        cs = canvas.FrameBuffer(src, sw, sh, canvas.MONO_VLSB)
        for key in (-1, 0, 1):
            for inverse in (False, True):
                pal = bytearray(b"\x01\x00") if inverse else bytearray(b"\x00\x01")
                fp = framebuf.FrameBuffer(pal, 2, 1, framebuf.MONO_VLSB)
                cp = canvas.FrameBuffer(pal, 2, 1, canvas.MONO_VLSB)
                for _ in range(12):
                    x, y = coord(rng, W), coord(rng, H)
                    fa.blit(fs, x, y, key, fp)
                    fb.blit(cs, x, y, key, cp)
                    assert a == b, (sw, sh, key, inverse, x, y)
                fa.blit(fs, 3, 70)  # wholly below: nothing
                fb.blit(cs, 3, 70)
                assert a == b


def test_font_text_through_the_canvas():
    # Text drawn as on CircuitPython (the font's strips are canvases there too)
    # is text drawn through framebuf.
    strips, inverse = font.STRIPS, font.INVERSE
    try:
        _font_text()
    finally:
        font.STRIPS, font.INVERSE = strips, inverse


def _font_text():
    a, fa, b, fb = pair()
    native = (font.STRIPS, font.INVERSE)
    own = (tuple([(w, canvas.FrameBuffer(font.STRIP, w, 8)) for w, _ in font.STRIPS]),
           canvas.FrameBuffer(bytearray(b"\x01\x00"), 2, 1))
    rng = Rng(9)
    for i in range(40):
        s = "".join([chr(32 + rng.below(95)) for _ in range(1 + rng.below(30))]) + font.card_label(i)
        x, y, c = coord(rng, W), coord(rng, H), rng.below(2)
        if i % 5 == 0:
            y = rng.below(8)  # the top page, often left of the edge
            x = -rng.below(20)
        size = rng.below(2)
        if rng.below(4) == 0:
            fa.fill_rect(x, y, 60, 9, 1 - c)
            fb.fill_rect(x, y, 60, 9, 1 - c)
        font.STRIPS, font.INVERSE = native
        end = font.text(fa, s, x, y, c, size)
        font.STRIPS, font.INVERSE = own
        assert font.text(fb, s, x, y, c, size) == end
        assert a == b, (s, x, y, c, size)
