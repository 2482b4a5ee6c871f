# The rules screen: seeds/<game>.md read straight from the file, condensed
# (markdown marks dropped, paragraphs joined, blank lines collapsed) and
# word-wrapped to the SMALL font. Only an index of where each screen row starts
# stays in memory; the rows in view are re-read from the file when it scrolls.
from engine import const
from firmware import font, ui

COLS = 31  # 4 px cells, the last column keeps the scroll bar
ROWS = 9
TOP = ui.ROW + 2  # a line clear of the title bar
PITCH = 6
# Characters the font lacks: suit symbols become glyphs, the rest plain ASCII.
SUBST = {
    "\u2663": "\x01", "\u2666": "\x02", "\u2665": "\x03", "\u2660": "\x04",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
    "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u00d7": "x",
}
HEAD = 1  # block kinds
_PARA = const(2)
_ITEM = const(3)


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
    # The block (heading, paragraph or bullet item) starting at or after pos:
    # returns (kind, text, start, end) or None at the end of the file.
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
        if kind and (bullet or _numbered(line)):
            pos = here
            break
        if not kind:
            kind = _ITEM if bullet else _PARA
            if bullet:
                line = line[2:]
        parts.append(_plain(line))
    if not kind:
        return None
    return kind, " ".join(parts), start, pos


def block_rows(kind, text):
    if kind == _ITEM:
        rows = ui.wrap(text, COLS - 2)
        for i in range(len(rows)):
            rows[i] = ("- " if i == 0 else "  ") + rows[i]
        return rows
    return ui.wrap(text, COLS)


class Rules(ui.Screen):
    transient = __name__  # the module is loaded for this screen only (app.pop drops it)

    def __init__(self, app, game_id, title):
        ui.Screen.__init__(self, app)
        self.title = title
        self.path = app.seeds_dir + "/" + game_id + ".md"
        # Per screen row: file offset of its block (-1 = blank row) and the
        # row's number within the block, with bit 7 set for a heading.
        self.offs = []
        self.sub = bytearray()
        self.top = 0
        self.cache = (-1, [])
        try:
            self._index()
        except OSError:
            self.offs = [-2]  # shown as "rules file missing"
        if not self.offs:
            self.offs = [-1]
        if not self.sub:
            self.sub = bytearray(1)

    def _index(self):
        with open(self.path, "rb") as f:
            pos = 0
            prev = 0
            while True:
                b = read_block(f, pos)
                if b is None:
                    break
                kind, text, start, pos = b
                if kind == HEAD and not prev and not self.offs:
                    continue  # the document's title: the screen's title bar says it
                # A blank row between blocks, except under a heading and
                # between the items of one list.
                if prev and prev != HEAD and not (prev == _ITEM and kind == _ITEM):
                    self.offs.append(-1)
                    self.sub.append(0)
                n = len(block_rows(kind, text))
                for i in range(n):
                    self.offs.append(start)
                    self.sub.append(i | (128 if kind == HEAD else 0))
                prev = kind

    def _text(self, f, i):
        off = self.offs[i]
        if off < 0:
            return ""
        if self.cache[0] != off:
            b = read_block(f, off)
            self.cache = (off, block_rows(b[0], b[1]))
        rows = self.cache[1]
        k = self.sub[i] & 127
        return rows[k] if k < len(rows) else ""

    def draw(self, fb):
        ui.header(fb, self.title)
        if self.offs[0] == -2:
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
        elif b == ui.LEFT:
            top -= ROWS - 1
        elif b == ui.RIGHT or b == ui.A:
            top += ROWS - 1
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
