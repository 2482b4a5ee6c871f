# The column bytes firmware/font.py's text() draws for a character, for the tests
# that check its glyphs (test_font.py, under MicroPython too) and the layout guard.
from firmware import font


def glyph(ch, size):
    # The column bytes font.text() draws for ch: its cell (the box past 127),
    # SMALL's suits from their own table, 6 wide.
    o = ord(ch)
    if o > 127:
        o = 0
    if size == font.SMALL_SIZE and 0 < o < 5:
        return bytes(font.SMALL_SUITS[(o - 1) * font.SUIT_W:o * font.SUIT_W])
    cw = font.CELL_W[size]
    return bytes(font._DATA[size][o * cw:o * cw + cw])
