# The link play screens before a match: host or join, the host's setup and
# lobby (which board plays each person seat), the joiner's lobby. The match
# itself is the usual game screen, run by session.py's moves.
from firmware import ui
from firmware.menus import Setup, asked, new_seed
from firmware.saves import PERSON
from firmware.tables import playable
from engine import registry

MODULES = ("firmware.link.lobby",)


class LinkMenu(ui.Menu):
    # "Join a match", then "Host <game>" for each game.
    transient = MODULES

    def __init__(self, app):
        self.games = playable()
        ui.Menu.__init__(self, app, "Link play", ["Join a match"] + ["Host " + registry.title(g) for g in self.games])

    def select(self, i):
        app = self.app
        if i == 0:
            # (Joining took a match saved here without a word: a review. Resume
            # rejoins a linked match.)
            asked(app, "join", self._join)
        else:
            app.push(LinkSetup(app, self.games[i - 1]))

    def _join(self):
        from firmware.link.session import Session

        app = self.app
        app.net = Session(app, False, new_seed(app))
        app.push(JoinLobby(app))


class LinkSetup(Setup):
    # The game's usual setup; Start opens the lobby. A person seat is a
    # person on some board, chosen there; a link has two boards at least, so
    # the setup opens with two people at least (a bot seat of the last setup
    # made a person), not with a board left out.
    transient = MODULES

    def __init__(self, app, game_id):
        Setup.__init__(self, app, game_id)
        seats = self.seats
        for i in range(self.n):
            if seats[: self.n].count(PERSON) < 2 and seats[i] != PERSON:
                seats[i] = PERSON
        self.relabel()

    def start(self, options, seats):
        from firmware.link.session import Session

        app = self.app
        app.net = Session(app, True, new_seed(app))
        app.push(HostLobby(app, self.game_id, options, seats))


class HostLobby(ui.Menu):
    # Each person seat and its board (LEFT/RIGHT), then Start. Until the host
    # changes a line, person seats go round the boards linked so far; the foot
    # says what the line under the cursor does.
    transient = MODULES

    def __init__(self, app, game_id, options, seats):
        self.game_id = game_id
        self.options = options
        self.seats = seats
        self.people = [i for i in range(len(seats)) if seats[i] == PERSON]
        self.owners = [0] * len(seats)
        self.edited = False
        ui.Menu.__init__(self, app, "", [])
        self.cur = len(self.people)

    def boards(self):
        return len(self.app.net.roster)

    def draw(self, fb):
        nb = self.boards()
        if max(self.owners) >= nb:
            self.edited = False  # a board left the lobby: the seats go round those left
        if not self.edited:
            for k in range(len(self.people)):
                self.owners[self.people[k]] = k % nb
        self.title = "Lobby: %d board%s" % (nb, "" if nb == 1 else "s")
        self.items = ["%s: board %d" % ("P%d" % (i + 1), self.owners[i] + 1) for i in self.people] + ["Start"]
        if self.cur < len(self.people):
            self.footer = "\x10\x11: the board P%d plays on" % (self.people[self.cur] + 1)
        else:
            self.footer = "A starts; boards join till then"
        ui.Menu.draw(self, fb)

    def adjust(self, i, d):
        if i < len(self.people):
            s = self.people[i]
            self.owners[s] = (self.owners[s] + d) % self.boards()
            self.edited = True

    def select(self, i):
        nb = self.boards()
        if nb < 2:
            self.app.push(ui.Dialog(self.app, "No board has joined yet"))
            return
        for b in range(nb):
            if b not in [self.owners[s] for s in self.people]:
                # (and how to give it one: it said only that)
                self.app.push(ui.Dialog(self.app, "Board %d has no seat: in the setup (B) make one more seat a Person"
                                        % (b + 1)))
                return
        self.app.net.begin(self.game_id, self.options, self.seats, self.owners, new_seed(self.app))

    def back(self):
        self.app.unlink()
        self.app.pop()


class JoinLobby(ui.Screen):
    # Which board this one is, until the host starts the match.
    transient = MODULES

    def draw(self, fb):
        net = self.app.net
        ui.header(fb, "Link play: join")
        if net.late:
            ui.centre(fb, "A match is on", 20)
            ui.centre(fb, "Join when the host hosts again", 32, 1, ui.SMALL)
        elif net.board is None:
            ui.centre(fb, "Looking for", 20)
            ui.centre(fb, "the host...", 30)
        else:
            ui.centre(fb, "This is board %d of %d" % (net.board + 1, len(net.roster)), 20)
            ui.centre(fb, "The host seats the boards", 32, 1, ui.SMALL)
            ui.centre(fb, "and starts", 39, 1, ui.SMALL)
        ui.centre(fb, "B: back", 57, 1, ui.SMALL)

    def on_button(self, b):
        if b == ui.B:
            self.app.unlink()
            self.app.pop()
