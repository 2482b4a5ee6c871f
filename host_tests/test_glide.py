# runs-on: micropython
# The animations' Glide (firmware/tables) on the panel's frame buffer as each
# runtime has it (MicroPython's framebuf, the project's canvas elsewhere): a
# way's frame lifts the card's pixels from its place, blanks the place, and
# draws them whole k/3 of the way from where the card came; nothing else of
# the frame changes.
import tools.host  # noqa: F401  (CPython: the framebuf stand-in)
from firmware import tables
from firmware.ssd1306 import framebuf


def frame():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    for y in range(64):  # a pattern that tells every pixel from its neighbours
        for x in range(128):
            if (x * 7 + y * 3 + x * y) % 5 < 2:
                fb.pixel(x, y, 1)
    return buf, fb


def test_a_way_frame_moves_the_cards_pixels_only():
    for at in ((54, 28, 21, 11, 54, 45), (107, 5, 15, 14, 48, 42), (3, 50, 19, 9, 90, 1)):
        x, y, w, h, fx, fy = at
        for k in (1, 2):
            buf, fb = frame()
            want = frame()[1]
            g = tables.Glide(at)
            g.k = k
            g.draw(fb)
            px = fx + (x - fx) * k // tables.STEPS
            py = fy + (y - fy) * k // tables.STEPS
            for yy in range(64):
                for xx in range(128):
                    if px <= xx < px + w and py <= yy < py + h:
                        expect = want.pixel(x + xx - px, y + yy - py)  # the card, moved
                    elif x <= xx < x + w and y <= yy < y + h:
                        expect = 0  # its place, blank
                    else:
                        expect = want.pixel(xx, yy)
                    assert fb.pixel(xx, yy) == expect, (at, k, xx, yy)
