# Rebuilds the glyph data in firmware/font.py from the glyph art below.
#   python -m tools.fontgen        (then run host_tests/test_font.py and look at a screenshot)
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT = os.path.join(ROOT, "firmware", "font.py")

# Glyph art. Rows top to bottom, 'X' = lit. SMALL: 3 wide x 5 tall
# (specials may use the whole 4x6 cell); NORMAL: 5 wide x 7 tall (descenders may use
# row 8; specials may use the whole 6x8 cell).
SMALL = {
    " ": "... ... ... ... ...",
    "!": ".X. .X. .X. ... .X.",
    '"': "X.X X.X ... ... ...",
    "#": "X.X XXX X.X XXX X.X",
    "$": ".XX XX. .X. .XX XX.",
    "%": "X.X ..X .X. X.. X.X",
    "&": ".X. X.X .X. X.X .XX",
    "'": ".X. .X. ... ... ...",
    "(": "..X .X. .X. .X. ..X",
    ")": "X.. .X. .X. .X. X..",
    "*": "X.X .X. X.X ... ...",
    "+": "... .X. XXX .X. ...",
    ",": "... ... ... .X. X..",
    "-": "... ... XXX ... ...",
    ".": "... ... ... ... .X.",
    "/": "..X ..X .X. X.. X..",
    "0": ".X. X.X X.X X.X .X.",  # oval, where D is square on the left: the dealer chip read "0LR"
    "1": ".X. XX. .X. .X. XXX",
    "2": "XX. ..X .X. X.. XXX",
    "3": "XX. ..X .X. ..X XX.",
    "4": "X.X X.X XXX ..X ..X",
    "5": "XXX X.. XX. ..X XX.",
    "6": ".XX X.. XXX X.X XXX",
    "7": "XXX ..X ..X .X. .X.",  # not the T of Double Joker's rank rows
    "8": ".X. X.X .X. X.X .X.",  # round, so 6 8 9 differ by 4 pixels or more
    "9": ".X. X.X .XX ..X XX.",
    ":": "... .X. ... .X. ...",
    ";": "... .X. ... .X. X..",
    "<": "..X .X. X.. .X. ..X",
    "=": "... XXX ... XXX ...",
    ">": "X.. .X. ..X .X. X..",
    "?": "XX. ..X .X. ... .X.",
    "@": "XXX X.X X.X X.. .XX",
    "A": ".X. X.X XXX X.X X.X",
    "B": "XX. X.X XX. X.X XX.",
    "C": ".XX X.. X.. X.. .XX",
    "D": "XX. X.X X.X X.X XX.",
    "E": "XXX X.. XX. X.. XXX",
    "F": "XXX X.. XX. X.. X..",
    "G": ".XX X.. X.X X.X .XX",
    "H": "X.X X.X XXX X.X X.X",
    "I": "XXX .X. .X. .X. XXX",
    "J": "..X ..X ..X X.X .X.",
    "K": "X.X X.X XX. X.X X.X",
    "L": "X.. X.. X.. X.. XXX",
    "M": "X.X XXX XXX X.X X.X",
    "N": "XX. X.X X.X X.X X.X",
    "O": "XXX X.X X.X X.X XXX",  # square, as the oval is the zero
    "P": "XX. X.X XX. X.. X..",
    "Q": ".X. X.X X.X XX. .XX",
    "R": "XX. X.X XX. X.X X.X",
    "S": ".XX X.. .X. ..X XX.",
    "T": "XXX .X. .X. .X. .X.",
    "U": "X.X X.X X.X X.X XXX",
    "V": "X.X X.X X.X X.X .X.",
    "W": "X.X X.X XXX XXX X.X",
    "X": "X.X X.X .X. X.X X.X",
    "Y": "X.X X.X .X. .X. .X.",
    "Z": "XXX ..X .X. X.. XXX",
    "[": "XX. X.. X.. X.. XX.",
    "\\": "X.. X.. .X. ..X ..X",
    "]": ".XX ..X ..X ..X .XX",
    "^": ".X. X.X ... ... ...",
    "_": "... ... ... ... XXX",
    "`": "X.. .X. ... ... ...",
    "{": ".XX .X. XX. .X. .XX",
    "|": ".X. .X. .X. .X. .X.",
    "}": "XX. .X. .XX .X. XX.",
    "~": "... .XX XX. ... ...",
    # cards and controls (the suits are SMALL_SUITS below)
    "\x05": "X.X .X. XXX .X. X.X",   # joker
    "\x0a": "X.X. XX.X XX.X XX.X X.X.",  # ten in one cell
    "\x10": "..X .XX XXX .XX ..X",   # left
    "\x11": "X.. XX. XXX XX. X..",   # right
    "\x12": "... .X. XXX ... ...",   # up
    "\x13": "... XXX .X. ... ...",   # down
    "\x14": "X.X. .X.X X.X. .X.X X.X. .X.X",  # card back
    "\x00": "XXX XXX XXX XXX XXX",   # unknown character (a hollow box would be the zero)
}

# SMALL's suits are 5 wide (in a 6-wide cell): in 3 columns a club read as a
# cross and a spade as an arrow. They differ by 6 pixels or more
# (host_tests/test_font.py): a club has three lobes where a spade is pointed
# and stands on a foot; a diamond is pointed at both ends, a heart notched.
SMALL_SUITS = (
    ".XXX. X.X.X XXXXX X.X.X ..X..",  # clubs
    "..X.. .XXX. XXXXX .XXX. ..X..",  # diamonds
    "XX.XX XXXXX XXXXX .XXX. ..X..",  # hearts
    "..X.. .XXX. XXXXX X.X.X .XXX.",  # spades
)

NORMAL = {
    " ": "..... ..... ..... ..... ..... ..... .....",
    "!": "..X.. ..X.. ..X.. ..X.. ..X.. ..... ..X..",
    '"': ".X.X. .X.X. .X.X. ..... ..... ..... .....",
    "#": ".X.X. .X.X. XXXXX .X.X. XXXXX .X.X. .X.X.",
    "$": "..X.. .XXXX X.X.. .XXX. ..X.X XXXX. ..X..",
    "%": "XX... XX..X ...X. ..X.. .X... X..XX ...XX",
    "&": ".XX.. X..X. X.X.. .X... X.X.X X..X. .XX.X",
    "'": "..X.. ..X.. .X... ..... ..... ..... .....",
    "(": "...X. ..X.. .X... .X... .X... ..X.. ...X.",
    ")": ".X... ..X.. ...X. ...X. ...X. ..X.. .X...",
    "*": "..... ..X.. X.X.X .XXX. X.X.X ..X.. .....",
    "+": "..... ..X.. ..X.. XXXXX ..X.. ..X.. .....",
    ",": "..... ..... ..... ..... .XX.. ..X.. .X...",
    "-": "..... ..... ..... XXXXX ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .XX.. .XX..",
    "/": "..... ....X ...X. ..X.. .X... X.... .....",
    "0": ".XXX. X...X X..XX X.X.X XX..X X...X .XXX.",
    "1": "..X.. .XX.. ..X.. ..X.. ..X.. ..X.. .XXX.",
    "2": ".XXX. X...X ....X ...X. ..X.. .X... XXXXX",
    "3": "XXXXX ...X. ..X.. ...X. ....X X...X .XXX.",
    "4": "...X. ..XX. .X.X. X..X. XXXXX ...X. ...X.",
    "5": "XXXXX X.... XXXX. ....X ....X X...X .XXX.",
    "6": "..XX. .X... X.... XXXX. X...X X...X .XXX.",
    "7": "XXXXX ....X ...X. ..X.. .X... .X... .X...",
    "8": ".XXX. X...X X...X .XXX. X...X X...X .XXX.",
    "9": ".XXX. X...X X...X .XXXX ....X ...X. .XX..",
    ":": "..... .XX.. .XX.. ..... .XX.. .XX.. .....",
    ";": "..... .XX.. .XX.. ..... .XX.. ..X.. .X...",
    "<": "...X. ..X.. .X... X.... .X... ..X.. ...X.",
    "=": "..... ..... XXXXX ..... XXXXX ..... .....",
    ">": ".X... ..X.. ...X. ....X ...X. ..X.. .X...",
    "?": ".XXX. X...X ....X ...X. ..X.. ..... ..X..",
    "@": ".XXX. X...X ....X .XX.X X.X.X X.X.X .XXX.",
    "A": ".XXX. X...X X...X X...X XXXXX X...X X...X",
    "B": "XXXX. X...X X...X XXXX. X...X X...X XXXX.",
    "C": ".XXX. X...X X.... X.... X.... X...X .XXX.",
    "D": "XXX.. X..X. X...X X...X X...X X..X. XXX..",
    "E": "XXXXX X.... X.... XXXX. X.... X.... XXXXX",
    "F": "XXXXX X.... X.... XXXX. X.... X.... X....",
    "G": ".XXX. X...X X.... X.XXX X...X X...X .XXXX",
    "H": "X...X X...X X...X XXXXX X...X X...X X...X",
    "I": ".XXX. ..X.. ..X.. ..X.. ..X.. ..X.. .XXX.",
    "J": "..XXX ...X. ...X. ...X. ...X. X..X. .XX..",
    "K": "X...X X..X. X.X.. XX... X.X.. X..X. X...X",
    "L": "X.... X.... X.... X.... X.... X.... XXXXX",
    "M": "X...X XX.XX X.X.X X.X.X X...X X...X X...X",
    "N": "X...X X...X XX..X X.X.X X..XX X...X X...X",
    "O": ".XXX. X...X X...X X...X X...X X...X .XXX.",
    "P": "XXXX. X...X X...X XXXX. X.... X.... X....",
    "Q": ".XXX. X...X X...X X...X X.X.X X..X. .XX.X",
    "R": "XXXX. X...X X...X XXXX. X.X.. X..X. X...X",
    "S": ".XXXX X.... X.... .XXX. ....X ....X XXXX.",
    "T": "XXXXX ..X.. ..X.. ..X.. ..X.. ..X.. ..X..",
    "U": "X...X X...X X...X X...X X...X X...X .XXX.",
    "V": "X...X X...X X...X X...X X...X .X.X. ..X..",
    "W": "X...X X...X X...X X.X.X X.X.X X.X.X .X.X.",
    "X": "X...X X...X .X.X. ..X.. .X.X. X...X X...X",
    "Y": "X...X X...X X...X .X.X. ..X.. ..X.. ..X..",
    "Z": "XXXXX ....X ...X. ..X.. .X... X.... XXXXX",
    "[": ".XXX. .X... .X... .X... .X... .X... .XXX.",
    "\\": "..... X.... .X... ..X.. ...X. ....X .....",
    "]": ".XXX. ...X. ...X. ...X. ...X. ...X. .XXX.",
    "^": "..X.. .X.X. X...X ..... ..... ..... .....",
    "_": "..... ..... ..... ..... ..... ..... XXXXX",
    "`": ".X... ..X.. ...X. ..... ..... ..... .....",
    "a": "..... ..... .XXX. ....X .XXXX X...X .XXXX",
    "b": "X.... X.... X.XX. XX..X X...X X...X XXXX.",
    "c": "..... ..... .XXX. X.... X.... X...X .XXX.",
    "d": "....X ....X .XX.X X..XX X...X X...X .XXXX",
    "e": "..... ..... .XXX. X...X XXXXX X.... .XXX.",
    "f": "..XX. .X..X .X... XXX.. .X... .X... .X...",
    "g": "..... ..... .XXXX X...X X...X .XXXX ....X .XXX.",
    "h": "X.... X.... X.XX. XX..X X...X X...X X...X",
    "i": "..X.. ..... .XX.. ..X.. ..X.. ..X.. .XXX.",
    "j": "...X. ..... ..XX. ...X. ...X. ...X. X..X. .XX..",
    "k": "X.... X.... X..X. X.X.. XX... X.X.. X..X.",
    "l": ".XX.. ..X.. ..X.. ..X.. ..X.. ..X.. .XXX.",
    "m": "..... ..... XX.X. X.X.X X.X.X X.X.X X.X.X",
    "n": "..... ..... X.XX. XX..X X...X X...X X...X",
    "o": "..... ..... .XXX. X...X X...X X...X .XXX.",
    "p": "..... ..... XXXX. X...X X...X XXXX. X.... X....",
    "q": "..... ..... .XXXX X...X X...X .XXXX ....X ....X",
    "r": "..... ..... X.XX. XX..X X.... X.... X....",
    "s": "..... ..... .XXXX X.... .XXX. ....X XXXX.",
    "t": ".X... .X... XXX.. .X... .X... .X..X ..XX.",
    "u": "..... ..... X...X X...X X...X X..XX .XX.X",
    "v": "..... ..... X...X X...X X...X .X.X. ..X..",
    "w": "..... ..... X...X X...X X.X.X X.X.X .X.X.",
    "x": "..... ..... X...X .X.X. ..X.. .X.X. X...X",
    "y": "..... ..... X...X X...X X...X .XXXX ....X .XXX.",
    "z": "..... ..... XXXXX ...X. ..X.. .X... XXXXX",
    "{": "...X. ..X.. ..X.. .X... ..X.. ..X.. ...X.",
    "|": "..X.. ..X.. ..X.. ..X.. ..X.. ..X.. ..X..",
    "}": ".X... ..X.. ..X.. ...X. ..X.. ..X.. .X...",
    "~": "..... ..... .X... X.X.X ...X. ..... .....",
    "\x01": "..X.. .XXX. ..X.. XX.XX XXXXX XX.XX ..X..",  # clubs
    "\x02": "..X.. .XXX. .XXX. XXXXX .XXX. .XXX. ..X..",  # diamonds: tall, pointed at both ends
    "\x03": ".X.X. XXXXX XXXXX XXXXX .XXX. ..X.. .....",  # hearts
    "\x04": "..X.. .XXX. XXXXX XXXXX X.X.X ..X.. .XXX.",  # spades
    "\x05": "X...X .X.X. XXXXX .XXX. XXXXX .X.X. X...X",  # joker
    "\x0a": "X..X. X.X.X X.X.X X.X.X X.X.X X.X.X X..X.",  # ten in one cell
    "\x10": "...X. ..XX. .XXX. XXXX. .XXX. ..XX. ...X.",  # left
    "\x11": ".X... .XX.. .XXX. .XXXX .XXX. .XX.. .X...",  # right
    "\x12": "..... ..... ..X.. .XXX. XXXXX ..... .....",  # up
    "\x13": "..... ..... XXXXX .XXX. ..X.. ..... .....",  # down
    "\x14": "X.X.X. .X.X.X X.X.X. .X.X.X X.X.X. .X.X.X X.X.X. .X.X.X",  # card back
    "\x00": "XXXXX X...X X...X X...X X...X X...X XXXXX",  # unknown character
}

START = "# --- glyph data: generated from glyph art; one line per character code 0..127 ---\n"
END = "# --- end of glyph data ---\n"


def columns(art, cw, ch):
    # Column bytes (bit 0 = top row) of one glyph drawn in a cw x ch cell.
    rows = art.split()
    if len(rows) > ch or any(len(r) > cw for r in rows) or set("".join(rows)) - set("X."):
        raise ValueError("glyph %r does not fit a %dx%d cell of X and ." % (art, cw, ch))
    cols = [0] * cw
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            if v == "X":
                cols[x] |= 1 << y
    return cols


def table(art, cw, ch, fold_lower):
    # One source line per character code; codes without art get the box at code 0.
    out = []
    for code in range(128):
        c = chr(code)
        if c not in art and fold_lower and "a" <= c <= "z":
            c = c.upper()
        if c not in art:
            c = "\x00"
        cols = columns(art[c], cw, ch)
        name = repr(chr(code)) if 32 <= code < 127 else "0x%02x" % code
        out.append('    b"%s"  # %s' % ("".join("\\x%02x" % b for b in cols), name))
    return out


def build():
    suits = ['    b"%s"  # %s' % ("".join("\\x%02x" % b for b in columns(art, 6, 5)), name)
             for art, name in zip(SMALL_SUITS, ("clubs", "diamonds", "hearts", "spades"))]
    lines = (["SMALL = ("] + table(SMALL, 4, 6, True) + [")", "SMALL_SUITS = ("] + suits + [")", "NORMAL = ("]
             + table(NORMAL, 6, 8, False) + [")"])
    src = open(FONT).read()
    a = src.index(START) + len(START)
    b = src.index(END)
    open(FONT, "w").write(src[:a] + "\n".join(lines) + "\n" + src[b:])


if __name__ == "__main__":
    build()
