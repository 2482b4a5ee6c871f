# Screens and the drawing helpers they share.
#
# A screen lives on the app's stack. draw(fb) paints it whole (the app clears the
# frame first and draws only when a screen set `dirty`), on_button(b) takes one
# press, tick(now) runs every frame for screens that act on time (bots). An
# `overlay` screen (dialog, pause menu) is drawn over the screen beneath it.
from engine import cards, const
from firmware import font
from firmware.text import wrap  # noqa: F401  (the screens' word wrap)
from firmware.buttons import UP, DOWN, LEFT, RIGHT, A, B

W = const(128)
H = const(64)
SMALL = const(0)
NORMAL = const(1)
ROW = const(9)  # menu row pitch: an 8 px NORMAL cell plus a line for the highlight
OVERLAY_ROWS = const(5)  # lines a framed menu shows (the pause menu) within the panel's height
RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Screen:
    overlay = False
    transient = None  # the modules loaded for screens like this alone (a tuple of names), dropped when none is left (App._left)

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def draw(self, fb):
        pass

    def on_button(self, b):
        pass

    def tick(self, now):
        pass

    def shown(self):
        # Back on top of the stack after the screen above it was popped.
        self.dirty = True

    def busy(self):
        # True while the screen will change by itself (a bot to move).
        return False


def centre(fb, s, y, c=1, size=NORMAL):
    return font.text(fb, s, (W - font.width(s, size)) // 2, y, c, size)


def header(fb, s):
    # Inverted title bar across the top, NORMAL font.
    fb.fill_rect(0, 0, W, ROW, 1)
    font.text(fb, s, 2, 1, 0, NORMAL)


def cell(fb, s, x, y, on, size=SMALL, w=0, h=0, left=1, top=1):
    # Text at (x, y), and when on (the selection, the seat to move, a winner)
    # inverted on its box: from `left` pixels left of the text and `top` above
    # it, w wide (the text and its left margin unless given) and h high (the
    # cell and its top margin unless given). Every highlighted cell of the
    # menus and tables is drawn here. -> the x after the text.
    if on:
        fb.fill_rect(x - left, y - top, w or font.width(s, size) + left, h or font.CELL_H[size] + top, 1)
    return font.text(fb, s, x, y, 0 if on else 1, size)


def item(fb, s, x, y, w, selected, size=NORMAL):
    # One line of a list w wide; the selected one is drawn inverted.
    cell(fb, s, x + 2, y + 1, selected, size, w, left=2)


def card(fb, label, x, y, on=False, mark=False):
    # A card a player may choose, in NORMAL with its top-left at (x, y), drawn
    # the one way every table draws one: selected (on), inverted with a pixel
    # of margin all round; marked, underlined (the cards that may be played
    # when some may not, or the card picked to be moved); else plain. Never
    # dimmed: every card a player holds stays readable. It takes 13 x 10
    # pixels from (x - 1, y - 1); a one-cell label (the Joker) is centred.
    if mark and not on:
        fb.hline(x, y + 8, 11, 1)
    centred = 3 if len(label) == 1 else 0
    cell(fb, label, x + centred, y, on, NORMAL, 13, left=1 + centred)


def strike(fb, s, x, y, size=SMALL):
    # s crossed through: a choice that is not allowed, a score that does not
    # count. Told to the layout guard, which lets the line through.
    end = font.text(fb, s, x, y, 1, size)
    fb.hline(x - 1, y + font.CELL_H[size] // 2 - 1, end - x + 1, 1)
    if font.record is not None:
        font.record(fb, s, x, y, font.STRUCK, size)


def glyphs(s):
    # Card labels in engine texts ("P1 leads Qs", "10h,") drawn with the font's
    # suit glyphs; a ten keeps its two digits (the one-cell ten is too fine in
    # SMALL, the font of messages); other words are left alone.
    words = s.split(" ")
    for i in range(len(words)):
        w = words[i]
        n = len(w)
        while n and w[n - 1] in ",.:;)":
            n -= 1
        core = w[:n]
        if (2 <= n <= 3 and core[-1] in cards.SUITS and core[:-1] in RANK_WORDS) or core == "Jk":
            c = cards.parse(core)
            words[i] = (core[:-1] + font.SUIT_CHARS[c // 13] if c < cards.JOKER else font.card_label(c)) + w[n:]
        elif n == 3 and core[:2] == "Jk":
            words[i] = font.JOKER_CHAR + w[2:]  # Joker Poker's red and black Jokers, "Jkr" "Jkb" (JP-1)
    return " ".join(words)


def box(fb, x, y, w, h):
    # A framed panel for dialogs drawn over another screen; the band it sits
    # in is cleared edge to edge so no cut-off scraps show beside it (to the
    # panel's edge when that is a few rows away: the pause menu at its tallest),
    # and on to the nearest dark row when the band's edge cuts a line of text:
    # its sliced half read as garbage.
    top = y - 2 if y > 4 else 0
    bottom = y + h + 2 if y + h < H - 4 else H
    if top > 0 and _lit(fb, top - 1):
        top = _dark(fb, top - 1, -1, top)
    if bottom < H and _lit(fb, bottom):
        bottom = _dark(fb, bottom, 1, bottom)
    fb.fill_rect(0, top, W, bottom - top, 0)
    fb.rect(x, y, w, h, 1)


def _lit(fb, y):
    # More than two lit pixels in row y: text or a card, not the crossing of a
    # table's upright rules.
    n = 0
    for x in range(W):
        if fb.pixel(x, y):
            n += 1
            if n > 2:
                return True
    return False


def _dark(fb, y, step, edge):
    # The band's edge moved past the rows from y (going step) up to a dark row
    # within a line of text's height (6), else where it was.
    for k in range(1, 7):
        r = y + step * k
        if r < 0 or r >= H or not _lit(fb, r):
            return r + 1 if step < 0 else r
    return edge


class Menu(Screen):
    # A titled list of lines: UP/DOWN move, A selects, B goes back, LEFT/RIGHT
    # change the value of a setting line. Subclasses override select/adjust.
    # As an overlay it is a framed box over the screen beneath (pause menu).
    def __init__(self, app, title, items, footer=""):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.footer = footer
        self.cur = 0
        self.top = 0

    def draw(self, fb):
        if self.overlay:
            n = min(len(self.items), OVERLAY_ROWS)  # more scroll, as a full-screen menu's
            x, y, w = 4, (H - (n + 1) * ROW - 4) // 2, W - 8
            box(fb, x, y, w, (n + 1) * ROW + 4)
            fb.fill_rect(x, y, w, ROW + 1, 1)
            centre(fb, self.title, y + 1, 0)
            top = y + 1
            x += 1
            y += ROW + 2
            w -= 2
        else:
            header(fb, self.title)
            x, y, w = 0, ROW + 1, W
            top = 1
            n = self.visible_rows()
        if self.cur < self.top:
            self.top = self.cur
        elif self.cur >= self.top + n:
            self.top = self.cur - n + 1
        i = self.top
        while i < len(self.items) and i < self.top + n:
            item(fb, self.items[i], x, y, w, i == self.cur)
            i += 1
            y += ROW
        # More lines above or below: arrows at the right end of the title bar
        # (a line may be as wide as the screen).
        if self.top > 0:
            font.text(fb, font.UP, x + w - 13, top, 0, NORMAL)
        if self.top + n < len(self.items):
            font.text(fb, font.DOWN, x + w - 7, top, 0, NORMAL)
        if self.footer:
            centre(fb, self.footer, H - 6, 1, SMALL)

    def visible_rows(self):
        # The lines a full-screen menu shows at once, under its title, over its foot.
        return (H - ROW - 1 - (7 if self.footer else 0)) // ROW

    def on_button(self, b):
        n = len(self.items)
        if b == UP:
            self.cur = (self.cur - 1) % n
        elif b == DOWN:
            self.cur = (self.cur + 1) % n
        elif b == LEFT or b == RIGHT:
            self.adjust(self.cur, 1 if b == RIGHT else -1)
        elif b == A:
            self.select(self.cur)
        elif b == B:
            self.back()
        self.dirty = True

    def select(self, i):
        pass

    def adjust(self, i, d):
        pass

    def back(self):
        self.app.pop()


class Dialog(Screen):
    # A framed message over the screen beneath: A calls yes(), B calls no();
    # both just close it unless a subclass says otherwise.
    overlay = True
    COLS = 19

    def __init__(self, app, message, hint="A ok"):
        Screen.__init__(self, app)
        self.rows = wrap(message, self.COLS)
        self.hint = hint

    def draw(self, fb):
        h = (len(self.rows) + 1) * ROW + 5
        y = (H - h) // 2
        box(fb, 4, y, W - 8, h)
        for i in range(len(self.rows)):
            centre(fb, self.rows[i], y + 3 + i * ROW)
        centre(fb, self.hint, y + 3 + len(self.rows) * ROW, 1, SMALL)

    def on_button(self, b):
        if b == A:
            self.yes()
        elif b == B:
            self.no()

    def yes(self):
        self.app.pop()

    def no(self):
        self.app.pop()
