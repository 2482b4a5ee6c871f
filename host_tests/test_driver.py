# runs-on: micropython
# The SSD1306 driver against a panel model that decodes every byte sent: what goes
# over the bus must rebuild the framebuffer exactly, and only changed spans may go.
import tools.host  # noqa: F401  (CPython: puts the stand-in framebuf on the path)
from engine.rng import Rng
from firmware import font
from firmware.ssd1306 import SSD1306
from host_tests.check import raises
from tools.host.devices import HORIZONTAL, FakeI2C

ROUNDS = 80


def make(addr=0x3C, flip=False):
    bus = FakeI2C((addr,))
    return bus, SSD1306(bus, addr, flip=flip)


def expected_spans(old, new):
    # Per page, (first, last) changed column, computed the slow obvious way.
    spans = []
    for p in range(8):
        cols = [c for c in range(128) if old[p * 128 + c] != new[p * 128 + c]]
        if cols:
            spans.append((p, cols[0], cols[-1]))
    return spans


def scribble(rng, fb):
    op = rng.below(6)
    c = rng.below(2)
    x = rng.below(140) - 6
    y = rng.below(72) - 4
    if op == 0:
        fb.fill_rect(x, y, rng.below(30), rng.below(20), c)
    elif op == 1:
        fb.line(x, y, rng.below(128), rng.below(64), c)
    elif op == 2:
        fb.pixel(x, y, c)
    elif op == 3:
        font.text(fb, "A\x03 10", x, y, c, rng.below(2))
    elif op == 4:
        fb.rect(x, y, rng.below(40), rng.below(30), c)
    elif rng.below(8) == 0:
        fb.fill(c)


def test_init_sequence_is_sane():
    bus, d = make()
    p = bus.panel
    assert p.errors == [], p.errors
    cmds = [c for c, _ in p.commands]
    assert cmds[0] == 0xAE, "display off while configuring"
    assert cmds[-1] == 0xAF, "display on last, after the RAM is cleared"
    assert p.on and p.charge_pump and p.mode == HORIZONTAL
    assert p.mux == 64 and p.com_pins == 0x12 and not p.inverted and not p.all_on
    assert p.seg_remap and p.com_reversed  # row 0 at the top, column 0 at the left
    assert p.ram == bytearray(1024), "power-up noise cleared"
    assert p.data_bytes == 1024
    _, flipped = make(flip=True)
    assert not flipped.i2c.panel.seg_remap and not flipped.i2c.panel.com_reversed
    assert flipped.i2c.panel.errors == []


def test_random_drawing_decodes_back_exactly_and_minimally():
    bus, d = make()
    rng = Rng(1306)
    for _ in range(ROUNDS):
        before = bytes(d.buf)
        for _ in range(1 + rng.below(4)):
            scribble(rng, d.fb)
        spans = expected_spans(before, d.buf)
        sent = d.bytes_sent
        pages = d.pages_sent
        d.show()
        assert bus.panel.ram == d.buf
        assert bus.panel.errors == []
        if len(spans) == 8 and all(s[1] == 0 and s[2] == 127 for s in spans):
            assert d.pages_sent - pages == 8 and d.bytes_sent - sent == 8 + 1024
        else:
            # A 7-byte window command plus a control byte per page, then the span.
            assert d.pages_sent - pages == len(spans)
            assert d.bytes_sent - sent == sum([8 + 1 + c1 - c0 for _, c0, c1 in spans])


def test_no_change_sends_nothing():
    bus, d = make()
    font.text(d.fb, "Q\x04", 60, 30, 1, 1)
    d.show()
    n = bus.transfers
    sent = d.bytes_sent
    d.show()
    font.text(d.fb, "Q\x04", 60, 30, 1, 1)  # drawn again: same pixels
    d.show()
    assert bus.transfers == n and d.bytes_sent == sent


def test_moving_a_card_cursor_sends_at_most_two_pages():
    bus, d = make()
    fb = d.fb
    labels = [font.card_label(c) for c in (0, 8, 21, 34, 51, 52, 17, 30)]
    for y in (20, 24, 40):  # straddling two pages, inside one page, page-aligned
        fb.fill(0)
        for i in range(len(labels)):
            font.text(fb, labels[i], 2 + i * 14, y + 1, 1, 1)
        d.show()
        at = 0
        for nxt in (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0):  # one card at a time
            for i in (at, nxt):  # unhighlight the old card, highlight the new one
                hi = i == nxt
                fb.fill_rect(1 + i * 14, y, 14, 10, 1 if hi else 0)
                font.text(fb, labels[i], 2 + i * 14, y + 1, 0 if hi else 1, 1)
            at = nxt
            pages = d.pages_sent
            sent = d.bytes_sent
            d.show()
            assert d.pages_sent - pages <= 2, (y, nxt)
            assert d.bytes_sent - sent <= 2 * (9 + 30)  # two ~28-column spans at most
            assert bus.panel.ram == d.buf


def test_full_change_goes_as_one_frame():
    bus, d = make()
    n = len(bus.log)
    d.fb.fill(1)
    d.show()
    data = [b for a, b in bus.log[n:] if b[0] == 0x40]
    assert len(data) == 1 and len(data[0]) == 1025
    assert bus.panel.ram == bytearray(b"\xff" * 1024)


def test_contrast_power_invert_reach_the_panel():
    bus, d = make()
    p = bus.panel
    for v in (0, 1, 127, 255):
        d.contrast(v)
        assert p.contrast == v
    d.invert(True)
    assert p.inverted
    d.invert(False)
    assert not p.inverted
    d.power(False)
    assert not p.on
    d.power(True)
    assert p.on
    assert p.errors == []


def test_show_full_resends_everything():
    bus, d = make()
    d.fb.fill_rect(0, 0, 5, 5, 1)
    d.show()
    bus.panel.ram[:] = bytearray(1024)  # the panel lost its RAM (e.g. a brown-out)
    d.show()
    assert bus.panel.ram != d.buf, "show() trusts its shadow copy"
    d.show_full()
    assert bus.panel.ram == d.buf


def test_absent_display_raises_oserror():
    raises(OSError, SSD1306, FakeI2C(()), 0x3C)
    raises(OSError, SSD1306, FakeI2C((0x3D,)), 0x3C)
