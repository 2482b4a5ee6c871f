# Linked boards for the tests (tools/host/link.py's ring of simulated
# devices): link play set up through the screens (the host's setup and lobby,
# the joiners'), the match played on every board at once, and what each board
# ended with.
from engine.play import make, replay
from firmware.buttons import A
from firmware.match import Match
from host_tests import drive
from tools.host.link import Ring
from tools.sim import SEEDS, Device

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


def run(p, until=None, steps=MAX_STEPS):
    # Plays on (tools/host/link.py Play) until every board shows the match's
    # end, or until() holds; every frame checked. -> steps taken.
    for i in range(steps):
        if until is not None and until() or p.over():
            return i
        for k in range(len(p.ring.devs)):
            p.turn(k)
        p.ring.step(drive.check_frame)
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
    return make(m.game_id, m.options, m.seats, m.seed, m.moves, m.state)


def new_ring(tmp_path, n, seed, faults=None):
    return Ring(device, n, tmp_path / "ring", seed, faults, bot_delay=60)


def device(root, seed, link):
    return Device(root, seed, seeds_dir=SEEDS, link=link)
