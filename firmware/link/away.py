# The line a linked board shows over its table while a seat of another board
# is to move (firmware/link/session.py makes it): loaded with link play only.
from firmware import ui


class Away(ui.Screen):
    # In link play, while a seat of another board is to move: a line over the
    # table's foot saying who this board waits for, and whether that board is
    # heard (a pulled cable: "Waiting for") or left the match. Presses go to
    # the table beneath (B: the pause menu, the look back); the line goes once
    # the move is in.
    overlay = True
    TEXTS = ("%s (board %d) is choosing", "Waiting for %s (board %d)", "%s (board %d) left the match")

    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        m = game.match
        self.board = m.link[1][game.who] if m.is_person(game.who) else 0  # bots move on the host
        self.quiet = 0  # the index of the line in TEXTS

    def draw(self, fb):
        g = self.game
        if g.bot and not self.quiet:
            return  # the host's bots: seen moving as on one board
        ui.box(fb, 0, 54, ui.W, 10)
        ui.centre(fb, self.TEXTS[self.quiet] % (g.match.short(g.who), self.board + 1), 56, 1, ui.SMALL)

    def on_button(self, b):
        self.game.on_button(b)

    def tick(self, now):
        g = self.game
        if not g.away:
            self.app.pop()
        elif g.b_at is not None:
            g.tick(now)  # B held or let go
        else:
            net = self.app.net
            quiet = 2 if net.left[self.board] else 1 if net.silent(self.board) else 0
            if quiet != self.quiet:
                self.quiet = quiet
                self.dirty = True
