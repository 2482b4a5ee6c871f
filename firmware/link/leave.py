# Leaving a linked match: this board's goodbye on its way round the ring, and
# the notice on the other boards that a board left. A board that left a match
# in play keeps it saved (Resume there rejoins it); the others wait for it or
# leave too. No seat is handed to a bot: a record names each seat a person or
# a bot for the whole match, so a seat that changed mid-match could not be told.
from engine.state import seat_name
from firmware import ui
from firmware.saves import PERSON


class Leaving(ui.Dialog):
    # Until this board's goodbye has been round (session.py goes home then:
    # a frame or two, up to BYE_MS when a board is not heard). saved: the
    # match goes on without this board, and Resume here rejoins it; a
    # finished match has no save. A press leaves at once, the goodbye maybe
    # not heard by all (they show this board as not heard then).
    def __init__(self, app, saved):
        hint = "saved here: Resume rejoins" if saved else "telling the other boards"
        ui.Dialog.__init__(self, app, "Leaving the match", hint)

    def on_button(self, b):
        self.app.quit_match(True)


class Left(ui.Dialog):
    # Another board left: wait for it to come back (the notice goes by itself
    # then), or leave too.
    def __init__(self, app, net, board):
        ui.Dialog.__init__(self, app, names(net, board) + " left the match", "A: wait   B: leave")
        self.net = net
        self.board = board

    def no(self):
        self.app.pop()
        self.net.leave()


def names(net, board):
    # "P2 (board 2)": the person seats a board plays, as every board names them.
    gid, options, seats, owners = net.setup
    mine = [seat_name(q) for q in range(len(seats)) if seats[q] == PERSON and owners[q] == board]
    return "%s (board %d)" % (" ".join(mine), board + 1)


def end_hint(net):
    # The keys the match's end screen offers on a linked board.
    if net.host or not (net.waiting or net.left[0]):
        return "A: again  B: title"
    return "Host left  B: title" if net.left[0] else "Waiting  B: title"  # (for the host)


def end_key(net, b, screen):
    # On the match's end screen: the host's A starts the next match with
    # the same boards, seats and options and a new seed, and the joiners
    # follow (at whatever screen); a joiner's A waits for it; B leaves.
    if b == ui.B:
        net.leave()
    elif b == ui.A and not net.host:
        net.waiting = True
        screen.dirty = True
    elif b == ui.A:
        from firmware.menus import new_seed  # (the end screen's module)

        gid, options, seats, owners = net.setup
        for k in owners:
            if net.left[k]:
                net.app.push(ui.Dialog(net.app, names(net, k) + " left the match"))
                return
        net.begin(gid, options, seats, owners, new_seed(net.app))
