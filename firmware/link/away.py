# The line a linked board shows over its table while a seat of another board
# is to move (firmware/link/session.py makes it): loaded with link play only.
from firmware import font, ui


class Away(ui.Screen):
    # In link play, while a seat of another board is to move: a line over the
    # table saying who this board waits for, and whether that board is heard
    # (a pulled cable: "Waiting for") or left the match. Presses go to the
    # table beneath (B: the pause menu, the look back); the line goes once
    # the move is in.
    overlay = True
    TEXTS = ("%s (board %d) is choosing", "Waiting for %s (board %d)", "%s (board %d) left the match")
    SHORT = ("Board %d choosing", "Waiting: board %d", "Board %d left")  # where TEXTS do not fit

    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        m = game.match
        self.board = m.link[1][game.who] if m.is_person(game.who) else 0  # bots move on the host
        # Who the line names: the seat to move, or for a bot the host's person
        # (the host's leaving was told as "P3 (board 1) left", P3 a bot).
        self.named = game.who
        if not m.is_person(game.who):
            for q in range(len(m.seats)):
                if m.is_person(q) and m.link[1][q] == 0:
                    self.named = q
                    break
        self.spot = game.table.AWAY  # (a band over the foot once hid Prediction's fifth row of cards)
        self.quiet = 0  # the index of the line in TEXTS
        self.heard()  # (a board that left before this seat's turn: said from the first frame)

    def draw(self, fb):
        g = self.game
        if g.bot and not self.quiet:
            return  # the host's bots: seen moving as on one board
        x, y, w, rows, right = self.spot
        fb.fill_rect(x, y, w, rows * font.CELL_H[ui.SMALL], 0)  # the table's own line there
        if self.app.stack[-1] is not self:
            # A notice or menu is over it (ui.box would cut the line), such as
            # "P2 (board 2) left the match": that says what is new, and a line
            # drawn before the notice came would contradict it.
            return
        cols = w // font.CELL_W[ui.SMALL]
        lines = ui.wrap(self.TEXTS[self.quiet] % (g.match.short(self.named), self.board + 1), cols)
        if len(lines) > rows:  # (the seat to move has the table's arrow)
            lines = ui.wrap(self.SHORT[self.quiet] % (self.board + 1), cols)
        for t in lines:
            font.text(fb, t, x + w - font.width(t) if right else x, y)
            y += font.CELL_H[ui.SMALL]

    def on_button(self, b):
        self.game.on_button(b)

    def shown(self):
        self.heard()
        self.dirty = True

    def tick(self, now):
        g = self.game
        if not g.away:
            self.app.pop()
        elif g.b_at is not None:
            g.tick(now)  # B held or let go
        else:
            self.heard()

    def heard(self):
        # What this board knows of the one it waits for: choosing, not heard, or left.
        net = self.app.net
        quiet = 2 if net.left[self.board] else 1 if net.silent(self.board) else 0
        if quiet != self.quiet:
            self.quiet = quiet
            self.dirty = True
