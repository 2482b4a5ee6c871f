# Linked boards for the tests (tools/host/link.py's ring of simulated
# devices): link play set up through the screens (the host's setup and lobby,
# the joiners'), the match played on every board at once, and what each board
# ended with.
from engine import registry
from engine.play import make, replay
from firmware import play
from firmware.buttons import A
from firmware.match import Match
from host_tests import drive
from tools.host.link import Ring

MAX_STEPS = 40000


def link_up(ring, title, lines):
    # Every board to Link play; board 1 hosts `title` with the setup lines,
    # the others join; the host starts once all are in its lobby.
    h = ring.devs[0]
    for d in ring.devs[1:]:
        drive.menu_pick(d, "Link play")
        drive.menu_pick(d, "Join a match")
    drive.menu_pick(h, "Link play")
    drive.menu_pick(h, "Host " + title)
    drive.set_up(h, lines)
    lobby = drive.top(h)
    for _ in range(200):
        ring.step(drive.check_frame)
        if lobby.title == "Lobby: %d boards" % len(ring.devs) and all([d.app.net.board for d in ring.devs[1:]]):
            break
    assert lobby.title == "Lobby: %d boards" % len(ring.devs)
    for d in ring.devs[1:]:
        assert d.app.net.board == d.app.net.roster.index(d.app.net.link.me) > 0
    drive.press(h, A)
    return lobby


class Play:
    # Plays every board's people by seeded random legal moves through the game
    # screen (choose(): what the table's cursor hands it), A through held
    # tables, hand-offs and round ends. games[k]: board k's game screen.
    def __init__(self, ring, rng):
        self.ring = ring
        self.rng = rng
        self.games = [None] * len(ring.devs)
        self.seen = [set() for _ in ring.devs]  # seats whose hand each board was shown

    def turn(self, k):
        d = self.ring.devs[k]
        t = drive.top(d)
        if isinstance(d.app.stack[0], play.GameScreen):
            self.games[k] = g = d.app.stack[0]
            if g.match.state is not None and not g.bot:
                self.seen[k].add(g.viewer)
        if isinstance(t, (play.GameEnd, play.Handoff)) or isinstance(t, play.GameScreen) and t.table.holding():
            drive.press(d, A)
        elif isinstance(t, play.GameScreen) and t.my_turn() and t.pending < 0:  # (a slow move is played next frame)
            legal = t.match.state.legal_moves()
            t.choose(legal[self.rng.below(len(legal))])

    def run(self, until=None, steps=MAX_STEPS):
        # Until every board shows the match's end (or until() holds). -> steps taken.
        for i in range(steps):
            if until is not None and until():
                return i
            if all([isinstance(drive.top(d), play.MatchEnd) for d in self.ring.devs]):
                return i
            for k in range(len(self.ring.devs)):
                self.turn(k)
            self.ring.step(drive.check_frame)
        raise AssertionError("the linked match did not end")


def record_of(g):
    # A board's match as a record (engine/play.py), its moves replayed by the engine.
    m = g.match
    rec = make(m.game_id, m.options, m.seats, m.seed, m.moves, replay({"game": m.game_id, "options": m.options,
                                                                      "seats": m.seats, "seed": m.seed,
                                                                      "moves": list(m.moves)}))
    return rec


def unlinked(root, rec):
    # The same match on one board without a link: its bots choose the very
    # moves the host's did, and the record is the same.
    m = Match(str(root), rec["game"], rec["options"], rec["seats"], rec["seed"])
    for mv in rec["moves"]:
        if not m.is_person(m.state.to_move()) and len(m.state.legal_moves()) > 1:
            assert m.bot_move() == mv, "a bot of the host chose another move than unlinked"
        m.step(mv)
    registry.forget(m.scratch)
    return make(m.game_id, m.options, m.seats, m.seed, m.moves, m.state)


def new_ring(tmp_path, n, seed, faults=None):
    return Ring(n, tmp_path / "ring", seed, faults, bot_delay=60)
