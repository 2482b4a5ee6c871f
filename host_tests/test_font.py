# runs-on: micropython
# The fonts: every glyph present, inside its cell and told apart from the others;
# text() draws exactly what width() promises, in either colour; card labels.
import tools.host  # noqa: F401  (CPython: puts the stand-in framebuf on the path)
import framebuf

from engine import cards
from engine.rng import Rng
from firmware import font
from host_tests.glyphs import glyph

SPECIALS = (font.CLUBS, font.DIAMONDS, font.HEARTS, font.SPADES, font.JOKER_CHAR,
            font.TEN, font.LEFT, font.RIGHT, font.UP, font.DOWN, font.CARD_BACK)
PRINTABLE = "".join([chr(c) for c in range(32, 127)])
DESCENDERS = "gjpqy,;"
WIDE = (font.TEN, font.CARD_BACK)  # may use the spacing column of the cell


def canvas(w=256, h=16):
    buf = bytearray(w * ((h + 7) // 8))
    return buf, framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)


def lit(fb, w, h):
    return [(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)]


def test_every_glyph_is_present_and_distinct():
    for size in (0, 1):
        box = glyph("\x00", size)
        seen = {}
        for ch in PRINTABLE + "".join(SPECIALS):
            g = glyph(ch, size)
            if ch == " ":
                assert g == bytes(len(g))
                continue
            assert g != box and any(g), (size, ch)
            if size == 0 and "a" <= ch <= "z":
                assert g == glyph(ch.upper(), 0), "SMALL draws lowercase as uppercase"
                continue
            assert g not in seen, (size, ch, seen.get(g))
            seen[g] = ch
        for ch in ("\x7f", "\x06", "\x1f"):
            assert glyph(ch, size) == box


def differ(a, b, size):
    # Pixels in which two glyphs differ.
    d = int.from_bytes(glyph(a, size), "little") ^ int.from_bytes(glyph(b, size), "little")
    n = 0
    while d:
        d &= d - 1
        n += 1
    return n


def test_glyphs_a_player_must_tell_apart_differ_clearly():
    # Issue 21: the suits (and the Joker) and the ranks of a card, by at least
    # 6 and 3 pixels in SMALL (5x5 suits, 3x5 ranks) and 8 and 6 in NORMAL (5x7); SMALL's T is
    # Double Joker's ten. Inverted, the same pixels differ.
    suits = font.SUIT_CHARS + font.JOKER_CHAR
    for size, ranks, least in ((0, "23456789TJQKA" + font.TEN, (6, 3)), (1, "23456789JQKA" + font.TEN, (8, 6))):
        for group, n in ((suits, least[0]), (ranks, least[1])):
            for i in range(len(group)):
                for b in group[i + 1:]:
                    assert differ(group[i], b, size) >= n, (size, group[i], b)


def test_small_zero_is_round_where_d_is_square():
    # Georgian Joker's dealer chip "DLR" sits among bids and tricks ("0/5"): with a
    # square zero it read "0LR". SMALL's zero has no lit corner; D's left column is
    # whole (its corners lit), and O is square so that it stays apart from the zero.
    corners = 0x11  # rows 0 and 4 of a column
    zero, d = glyph("0", 0), glyph("D", 0)
    assert zero[0] & corners == 0 and zero[2] & corners == 0
    assert d[0] == 0x1f and glyph("O", 0)[0] == 0x1f


def test_glyphs_fit_their_cells():
    for size in (0, 1):
        cw = font.CELL_W[size]
        ch_h = font.CELL_H[size]
        assert len(font._DATA[size]) == 128 * cw
        for code in range(128):
            ch = chr(code)
            g = glyph(ch, size)
            rows = ch_h if ch in WIDE else ch_h - 1  # the last row separates lines...
            if size == 1 and ch in DESCENDERS:
                rows = ch_h  # ...except for descenders in NORMAL
            for b in g:
                assert b < 1 << rows, (size, ch)
            if ch not in WIDE:
                assert g[-1] == 0, (size, ch)  # the last column separates characters
            if size == 0 and ch in font.SUIT_CHARS:
                assert len(g) == font.SUIT_W and g[-2], ch  # 5 wide: in 3 a club read as a cross


def test_text_draws_within_width_and_returns_the_advance():
    rng = Rng(77)
    alphabet = PRINTABLE + "".join(SPECIALS) + "\xe9"
    for size in (0, 1):
        for _ in range(30):
            s = "".join([alphabet[rng.below(len(alphabet))] for _ in range(rng.below(12))])
            buf, fb = canvas()
            x0 = rng.below(20)
            y0 = rng.below(6)
            end = font.text(fb, s, x0, y0, 1, size)
            assert end == x0 + font.width(s, size)
            for x, y in lit(fb, 256, 16):
                assert x0 <= x < end and y0 <= y < y0 + font.CELL_H[size], (s, x, y)


def test_long_text_is_the_same_as_one_char_at_a_time():
    # Over 128 pixels text() blits in several strips; the seams must not show.
    s = (PRINTABLE * 2)[:70]
    for size in (0, 1):
        buf_a, fb_a = canvas(512, 8)
        buf_b, fb_b = canvas(512, 8)
        font.text(fb_a, s, 3, 0, 1, size)
        x = 3
        for ch in s:
            x = font.text(fb_b, ch, x, 0, 1, size)
        assert buf_a == buf_b, size


def test_colour_zero_clears_exactly_the_glyph_pixels():
    for size in (0, 1):
        s = "A\x03 \x0a\x04 ok?"
        buf_a, fb_a = canvas(128, 8)
        font.text(fb_a, s, 1, 0, 1, size)
        buf_b, fb_b = canvas(128, 8)
        fb_b.fill(1)
        font.text(fb_b, s, 1, 0, 0, size)
        assert bytes([0xFF ^ b for b in buf_b]) == bytes(buf_a), size
        # Unlit glyph pixels are transparent: text over a pattern keeps the pattern.
        buf_c, fb_c = canvas(128, 8)
        fb_c.fill_rect(0, 0, 128, 8, 1)
        font.text(fb_c, s, 1, 0, 1, size)
        assert buf_c == bytearray(b"\xff" * len(buf_c))


def test_clipping_at_the_edges():
    for size in (0, 1):
        buf, fb = canvas(128, 8)
        end = font.text(fb, "\x14" * 4, -5, -3, 1, size)
        assert end == -5 + 4 * font.CELL_W[size]
        assert font.text(fb, "XYZ", 200, 0, 1, size) == 200 + 3 * font.CELL_W[size]
        assert any(buf)


def test_card_labels():
    labels = {}
    for c in range(55):
        text = font.card_label(c)
        if c >= cards.JOKER:
            assert text == font.JOKER_CHAR
            continue
        assert len(text) == 2, "every card is two cells, tens included"
        rank = c % 13
        assert text[0] == (font.TEN if rank == 8 else cards.RANKS[rank])
        assert text[1] == font.SUIT_CHARS[c // 13]
        labels[text] = c
    assert len(labels) == 52
    assert font.card_label(cards.HEARTS * 13 + 8) == font.TEN + font.HEARTS
    assert font.card_label(cards.SPADES * 13 + 10) == "Q" + font.SPADES


def test_wrapped_rows_fit_with_the_wider_suits():
    # text.wrap counts a SMALL suit as two cells: a row of cols cells fits
    # cols * 4 pixels however many cards it names.
    from firmware.text import wrap
    said = " ".join(["P%d 1%s, K%s" % (i, s, t) for i in range(4) for s, t in zip(font.SUIT_CHARS, font.SPADES + font.HEARTS + font.DIAMONDS + font.CLUBS)])
    for cols in (12, 20, 27, 32):
        rows = wrap(said, cols)
        assert " ".join(rows) == said
        for r in rows:
            assert font.width(r) <= cols * font.CELL_W[0], (cols, r)
        # A word longer than a row is cut by cells too (it was cut by characters).
        word = "".join([font.CLUBS + "A" + font.HEARTS for _ in range(cols)])
        rows = wrap(word, cols)
        assert "".join(rows) == word and max([font.width(r) for r in rows]) <= cols * font.CELL_W[0]
    assert wrap(font.CLUBS + "x", 1) == [font.CLUBS, "x"]  # a row narrower than a suit still takes one
