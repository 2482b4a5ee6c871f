# Look back (issue 24): what happened since the person at the table last
# moved, in words, newest first: every move since (their own the oldest),
# each finished trick and who took it (above the card that ended it), a round's result (bets won, bids made,
# the last card's award) and the scores; the last finished trick drawn as a
# trick where the game has tricks; pages break between moves (paged()). Opened by holding B on a table
# (firmware/play.py). Nothing is kept between moves: the lines are made when
# it opens, by replaying from the copy of the state the match keeps from just
# before that person's last decision (firmware.aids.mark), and this module is dropped
# when the screen closes.
from engine.state import CONTINUE, says
from firmware import font, tables, ui
from firmware.aids import start

MOST = 48  # lines kept: six pages; the oldest go first
_COLS = 32  # SMALL cells across the panel
_ROWS = 9  # SMALL rows under the title bar
_TRICK_ROWS = 4  # rows the drawn trick takes on the first page
_Y = ui.ROW + 2


def made(match, viewer, hide=0):
    # -> (title, lines newest first, the last finished trick as [(name, label,
    # won)] or None, where each move's lines start among them), from the
    # viewer's last decision, or from the deal when they have made none (all
    # bots, say; the replay then costs a resume's time), up to the last
    # `hide` moves, whose outcome the table still keeps back.
    you = match.you
    n, st, mine = start(match, viewer)
    if mine and match.stepped == viewer:
        # The viewer is in the middle of a turn (a card pointed at, or
        # placed): the moves before it are the news, so from the deal. (Not
        # the viewer to move again after a whole move: Double Joker's
        # follower leads next, DJ-10.)
        n, st, mine = start(match, None)
    if not mine:
        title = "The last moves"
    else:
        title = "Since your move" if viewer == you or match.persons() == 1 else "Since %s moved" % match.short(viewer)
    entries = []  # per move, its lines, oldest first
    trick = None
    kept = 0
    said = ""  # the last move's text
    secret = match.game_id == "jokerpoker"  # arrangements and bets stay secret until the reveal (JP-15)
    for m in match.moves[n:len(match.moves) - hide]:
        mover = st.to_move()
        before = trick_of(st)
        if secret and mover != viewer and not st.deal_over():
            text = "%s arranges and bets" % match.short(mover)
        else:
            text = st.describe(m, you)
            if mover == you and m != CONTINUE and not text.startswith("You"):
                text = "You: " + text  # a game that words its player's own move without them
        st.apply_legal(m)
        # What the move did, then what followed from it: read from the end. A
        # seat's secret moves are told once.
        lines = [text] if text != said else []
        said = text
        after = trick_of(st)
        if after is not None and after != before:
            trick = drawn(match, after, mover)
            if "trick" not in text:  # Double Joker's follow already names the winner
                lines.append(says(after[-1], you, "takes") + " the trick")
        if st.deal_over():
            r = st.result_text(you)
            if r:
                lines.append(r)
            names = [match.short(i) for i in range(len(match.seats))]
            lines.append("Scores: " + ", ".join(["%s %d" % (names[i], v) for i, v in enumerate(st.scores())]))
        if not lines:
            continue
        rows = []
        for t in reversed(lines):
            rows.extend(ui.wrap(ui.glyphs(t), _COLS))
        entries.append(rows)
        kept += len(rows)
        while kept > MOST:
            kept -= len(entries.pop(0))
    out = []
    heads = []
    for i in range(len(entries) - 1, -1, -1):
        heads.append(len(out))
        out.extend(entries[i])
    if not out:
        out.append("Nothing yet")
        heads.append(0)
    return title, out, trick, heads


def trick_of(st):
    # The last finished trick of a game that has tricks, else None.
    f = getattr(st, "last_trick", None)
    return f() if f is not None else None


def drawn(match, t, mover):
    # The trick as cards to draw: [(seat name, label, won)] in playing order
    # (Double Joker: (lead, follow, winner), the mover followed) or seat order
    # (Georgian Joker: (codes by seat, winner)).
    if match.game_id == "doublejoker":
        lead, follow, win = t
        return [(match.short(1 - mover), font.card_label(lead), win != mover),
                (match.short(mover), font.card_label(follow), win == mover)]
    codes, win = t
    text = tables.load(match.game_id).play_text
    return [(match.short(i), text(codes[i]), i == win) for i in range(len(codes))]


def paged(heads, n, first):
    # Where each page starts among n lines whose moves start at heads, the
    # first page `first` rows high (the trick above them), the others _ROWS:
    # a page breaks between moves, never in one's lines ("...wins the" then
    # "trick" over the page), unless the move's lines fill more than a page.
    starts = [0]
    room = first
    for k in range(len(heads)):
        at = heads[k]
        end = heads[k + 1] if k + 1 < len(heads) else n
        if end - at > room and at > starts[-1]:
            starts.append(at)  # the move whole on the next page
            room = _ROWS
        while end - at > room:  # longer than the page: the rest on the next
            at += room
            starts.append(at)
            room = _ROWS
        room -= end - at
    return starts


class LookBack(ui.Screen):
    # The lines a page at a time: UP/DOWN (or LEFT/RIGHT) turn pages, A the
    # next page, B (or A on the last) goes back to the table.
    transient = ("firmware.aids.lookback", "firmware.aids")

    def __init__(self, app, match, viewer, hide=0):
        ui.Screen.__init__(self, app)
        self.title, self.lines, self.trick, heads = made(match, viewer, hide)
        self.page = 0
        self.starts = paged(heads, len(self.lines), _ROWS - (_TRICK_ROWS if self.trick else 0))
        self.pages = len(self.starts)

    def _first(self, page):
        # The index of the page's first line.
        return self.starts[page] if page < self.pages else len(self.lines)

    def draw(self, fb):
        ui.header(fb, self.title)
        # Where a page is in the look back, or on the only one how to leave it.
        t = "%d/%d" % (self.page + 1, self.pages) if self.pages > 1 else "B: back"
        font.text(fb, t, ui.W - 2 - font.width(t), 2, 0)
        y = _Y
        if self.page == 0 and self.trick:
            self._trick(fb)
            y += _TRICK_ROWS * 6
        i = self._first(self.page)
        end = self._first(self.page + 1)
        while i < len(self.lines) and i < end:
            font.text(fb, self.lines[i], 0, y)
            y += 6
            i += 1

    def _trick(self, fb):
        # The cards as the tables draw a trick: framed (wider for a Joker's
        # named suit and high or low), the winner's filled, each seat's name
        # under its card.
        trick = self.trick or ()
        step = ui.W // max(1, len(trick))
        mid = step // 2
        for name, label, won in trick:
            lw = font.width(label, ui.NORMAL)
            w = max(17, lw + 5)
            x = mid - w // 2
            if won:
                fb.fill_rect(x, _Y, w, 11, 1)
            else:
                fb.rect(x, _Y, w, 11, 1)
            font.text(fb, label, x + (w - lw + 1) // 2, _Y + 2, 0 if won else 1, ui.NORMAL)
            font.text(fb, name, mid - font.width(name) // 2, _Y + 13)
            mid += step

    def on_button(self, b):
        if b == ui.B or (b == ui.A and self.page == self.pages - 1):
            self.app.pop()
            return
        if b == ui.UP or b == ui.LEFT:
            self.page = max(0, self.page - 1)
        else:
            self.page = min(self.pages - 1, self.page + 1)
        self.dirty = True
