# The rules screen: seeds/<game>.md read straight from the file, condensed
# (markdown marks dropped, paragraphs joined, blank lines collapsed) and
# word-wrapped to the SMALL font, in players' words: the section "How to play
# on Joker Pocket" and those after it (the controls, what the table's symbols
# mean; the spec keeps them last) come first, then the file from the top. The
# spec's notes for developers (quoted lines,
# "> ...") are left out, a rule's number loses its game's prefix ("DJ-7."
# reads "7.", a reference to it "rule 7") and "Ruling (DJ-end):" marks go.
# Only an index of where each screen row starts stays in memory; the rows in
# view are re-read from the file when it scrolls.
from engine import const
from firmware import font, ui

COLS = const(31)  # 4 px cells, the last column keeps the scroll bar
ROWS = const(9)
TOP = ui.ROW + 2  # a line clear of the title bar
PITCH = const(6)
HOW = "How to play on Joker Pocket"  # the section shown first
KEYS = "\x10\x11 SECTION  \x12\x13 SCROLL  A PAGE"  # under HOW
# Characters the font lacks: suit and arrow symbols become glyphs, the rest plain ASCII.
SUBST = {
    "\u2663": "\x01", "\u2666": "\x02", "\u2665": "\x03", "\u2660": "\x04", "\u2731": "\x05",
    "\u25c0": "\x10", "\u25b6": "\x11", "\u25b2": "\x12", "\u25bc": "\x13",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
    "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u00d7": "x",
}
HEAD = const(1)  # block kinds
PARA = const(2)
ITEM = const(3)
NOTE = const(4)  # for developers: not shown
KEYS_ROW = const(-3)  # index entries that are no block of the file
BLANK = const(-1)
MISSING = const(-2)


def _plain(line):
    # Drops emphasis and code marks and maps characters the font lacks.
    out = []
    for ch in line:
        if ch == "*" or ch == "`" or ch == "_":
            continue
        if ord(ch) > 126:
            ch = SUBST.get(ch, "?")
        out.append(ch)
    return "".join(out)


def players(text):
    # A block's text as players read it (see the top of the file), copied in
    # slices between the marks found (every block is read when the screen
    # opens: no work per character).
    out = []
    done = 0  # text[:done] is in out
    at = 0  # where to look next
    while True:
        r = text.find("Ruling", at)
        h = text.find("-", at)
        if r < 0 and h < 0:
            break
        if r >= 0 and (h < 0 or r < h):
            at = r + 6
            end = _ruling(text, r)
            if end:
                out.append(text[done:r])
                out.append(text[end:end + 1].upper())  # what the mark began
                done = at = end + 1
            continue
        at = h + 1
        k = h  # a rule id: two or more capitals, "-", a digit
        while k > 0 and "A" <= text[k - 1] <= "Z":
            k -= 1
        if h - k >= 2 and text[at:at + 1].isdigit() and (k == 0 or not (text[k - 1].isalpha() or text[k - 1] == "-")):
            out.append(text[done:k])
            out.append("rule " if k else "")  # a number opening a rule stays bare
            done = at
    out.append(text[done:])
    return "".join(out)


def _ruling(text, i):
    # Where the words after a "Ruling:" or "Ruling (DJ-end):" mark at i begin, or 0.
    if i and text[i - 1] != " ":
        return 0
    j = i + 6
    if text.startswith(" (", j):
        j = text.find(")", j) + 1
    if not 0 < j < len(text) or text[j] != ":":
        return 0
    j += 1
    while j < len(text) and text[j] == " ":
        j += 1
    return j


def _numbered(line):
    # "DJ-7. ..." or "12. ..." opens a block even with no blank line before it.
    n = len(line)
    i = 0
    while i < n and line[i].isalpha() and line[i].isupper():
        i += 1
    if i and i < n and line[i] == "-":
        i += 1
    j = i
    while j < n and line[j].isdigit():
        j += 1
    return i < j < n and (line[j] == "." or (i > 0 and line[j] in ": "))


def read_block(f, pos):
    # The block (heading, paragraph, bullet item or note) starting at or after
    # pos: returns (kind, text, start, end) or None at the end of the file.
    f.seek(pos)
    kind = 0
    parts = []
    start = pos
    while True:
        raw = f.readline()
        if not raw:
            break
        try:
            line = raw.decode().strip()
        except UnicodeError:
            line = "?"
        here = pos
        pos += len(raw)
        if not line:
            if kind:
                break
            start = pos
            continue
        if line[0] == "#":
            if kind:
                pos = here
                break
            return HEAD, _plain(line.lstrip("#").strip()), start, pos
        bullet = line.startswith("- ") or line.startswith("* ")
        if kind and (bullet or _numbered(line) or (line[0] == ">") != (kind == NOTE)):
            pos = here
            break
        if not kind:
            kind = ITEM if bullet else NOTE if line[0] == ">" else PARA
            if bullet:
                line = line[2:]
        parts.append(_plain(line))
    if not kind:
        return None
    return kind, players(" ".join(parts)), start, pos


def block_rows(kind, text):
    if kind == ITEM:
        rows = ui.wrap(text, COLS - 2)
        for i in range(len(rows)):
            rows[i] = ("- " if i == 0 else "  ") + rows[i]
        return rows
    return ui.wrap(text, COLS)


class Rules(ui.Screen):
    # UP/DOWN scroll a row, A a page; LEFT/RIGHT go to the section before or
    # after; B closes.
    transient = (__name__,)  # the module is loaded for this screen only (app.pop drops it)

    def __init__(self, app, game_id, title):
        ui.Screen.__init__(self, app)
        self.title = title
        self.path = app.seeds_dir + "/" + game_id + ".md"
        # Per screen row: file offset of its block (or BLANK, KEYS_ROW) and
        # the row's number within the block, with bit 7 set for a heading.
        self.offs = []
        self.sub = bytearray()
        self.heads = []  # the rows where the sections begin
        self.prev = 0  # the kind of the last block indexed
        self.top = 0
        self.cache = (-1, [])
        try:
            self._index()
        except OSError:
            self.offs = [MISSING]  # shown as "rules file missing"
        if not self.offs:
            self.offs = [BLANK]
        if not self.sub:
            self.sub = bytearray(1)

    def _index(self):
        with open(self.path, "rb") as f:
            # "How to play" and the sections after it (the spec's last) go first.
            how = -1
            pos = 0
            want = HOW.encode()
            while how < 0:
                raw = f.readline()
                if not raw:
                    break
                if raw[:1] == b"#" and raw.strip().lstrip(b"# ") == want:
                    how = pos
                pos += len(raw)
            if how >= 0:
                self._add(f, how, -1)
            self._add(f, 0, how)

    def _add(self, f, pos, end):
        # Indexes the blocks from pos up to end (-1: the end of the file).
        while end < 0 or pos < end:
            b = read_block(f, pos)
            if b is None:
                break
            kind, text, start, pos = b
            if kind == NOTE or (kind == HEAD and not start and not self.offs):
                continue  # a note, or the document's title first: the title bar says it
            # A blank row between blocks, except under a heading and
            # between the items of one list.
            if self.prev and self.prev != HEAD and not (self.prev == ITEM and kind == ITEM):
                self._row(BLANK, 0)
            if kind == HEAD:
                self.heads.append(len(self.offs))
            n = len(block_rows(kind, text))
            for i in range(n):
                self._row(start, i | (128 if kind == HEAD else 0))
            if kind == HEAD and text == HOW:
                self._row(KEYS_ROW, 0)  # this screen's keys, on its first page
            self.prev = kind

    def _row(self, off, sub):
        self.offs.append(off)
        self.sub.append(sub)

    def _text(self, f, i):
        off = self.offs[i]
        if off < 0:
            return KEYS if off == KEYS_ROW else ""
        if self.cache[0] != off:
            b = read_block(f, off)
            self.cache = (off, block_rows(b[0], b[1]))
        rows = self.cache[1]
        k = self.sub[i] & 127
        return rows[k] if k < len(rows) else ""

    def draw(self, fb):
        ui.header(fb, self.title)
        if self.offs[0] == MISSING:
            ui.centre(fb, "Rules file missing", 28)
            return
        n = len(self.offs)
        with open(self.path, "rb") as f:
            i = self.top
            y = TOP
            while i < n and i < self.top + ROWS:
                s = self._text(f, i)
                end = font.text(fb, s, 0, y, 1, 0)
                if self.sub[i] & 128 and end < COLS * 4 - 4:
                    # A heading: a rule on from its words (the rows are too
                    # close together for an inverted bar).
                    fb.hline(end + 1, y + 2, COLS * 4 - end - 2, 1)
                i += 1
                y += PITCH
        # Scroll bar: the thumb's length and place show the part in view.
        if n > ROWS:
            h = ui.H - TOP
            t = max(3, h * ROWS // n)
            y = TOP + (h - t) * self.top // (n - ROWS)
            fb.vline(ui.W - 2, TOP, h, 1)
            fb.fill_rect(ui.W - 3, y, 3, t, 1)

    def on_button(self, b):
        last = max(0, len(self.offs) - ROWS)
        top = self.top
        if b == ui.UP:
            top -= 1
        elif b == ui.DOWN:
            top += 1
        elif b == ui.A:
            top += ROWS - 1
        elif b == ui.RIGHT:
            top = last
            for h in self.heads:
                if h > self.top:
                    top = h
                    break
        elif b == ui.LEFT:
            top = 0
            for h in self.heads:
                if h < self.top:
                    top = h
        elif b == ui.B:
            self.app.pop()
            return
        top = max(0, min(last, top))
        if top != self.top:
            self.top = top
            self.dirty = True

    def rows(self):
        # Every row as text, for tests and the simulator's dump.
        with open(self.path, "rb") as f:
            return [self._text(f, i) for i in range(len(self.offs))]
