# Leaving a linked match: this board's goodbye on its way round the ring, and
# the notice on the other boards that a board left. A board that left keeps
# the match saved (Resume there rejoins it); the others wait for it or leave
# too. No seat is handed to a bot: a record names each seat a person or a bot
# for the whole match, so a seat that changed mid-match could not be told.
from firmware import ui


class Leaving(ui.Dialog):
    # Until this board's goodbye has been round (session.py goes home then).
    def __init__(self, app):
        ui.Dialog.__init__(self, app, "Leaving the match", "saved here: Resume rejoins")

    def on_button(self, b):
        pass


class Left(ui.Dialog):
    # Another board left: wait for it to come back (the notice goes by itself
    # then), or leave too.
    def __init__(self, app, net, board):
        ui.Dialog.__init__(self, app, net.names(board) + " left the match", "A: wait   B: leave")
        self.net = net
        self.board = board

    def no(self):
        self.app.pop()
        self.net.leave()
