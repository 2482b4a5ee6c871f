# Link play (issue 26) through the simulated boards' screens: whole matches of
# every game that hides hands (Habitual Joker, Georgian Joker, Joker Poker) at
# 2 and 4 boards with bytes dropped, corrupted and delayed on the cables; every
# board ends with the record of the same match played unlinked. A pulled cable,
# a reset board and a board whose record differs from the host's.
import pytest

from engine import registry
from engine.rng import Rng
from firmware import font, play, saves, saves_reading, ui
from firmware.buttons import A
from host_tests import drive
from host_tests.linked import link_up, new_ring, record_of, run, unlinked
from tools.host.link import Faults, Play

NOISY = dict(drop=0.004, corrupt=0.004, delay=0.01, delay_ms=90)


def faults(seed):
    return Faults(seed, **NOISY)


def finish(tmp_path, ring, p):
    # Every board ended with the one record, the unlinked match's.
    recs = [record_of(g) for g in p.games]
    for r in recs[1:]:
        assert r == recs[0]
    assert recs[0]["result"] is not None
    assert unlinked(tmp_path / "alone", recs[0]) == recs[0]
    return recs[0]


def private(p, owners):
    # No board was ever shown a hand of a seat that is not its own.
    for k in range(len(p.games)):
        b = p.games[k].match.link[0]
        assert p.seen[k] and all([owners[q] == b for q in p.seen[k]]), (b, p.seen[k])


CASES = [
    # game title, setup lines, boards, each seat's board, fault seed
    ("Habitual Joker", ["P1: Person", "P2: Person", "Match: best of 1"], 2, [0, 1], 1),
    ("Joker Poker", ["Players: 3", "P1: Person", "P2: Person", "P3: Bot Easy"], 2, [0, 1, 0], 2),
    ("Georgian Joker", ["P1: Person", "P2: Person", "P3: Person", "P4: Bot Easy", "Deals: Nines only"], 2,
     [0, 1, 0, 0], 3),
    ("Georgian Joker", ["P1: Person", "P2: Person", "P3: Person", "P4: Person", "Deals: Nines only"], 4,
     [0, 1, 2, 3], 4),
    ("Joker Poker", ["Players: 4", "P1: Person", "P2: Person", "P3: Person", "P4: Person"], 4, [0, 1, 2, 3], 5),
]


@pytest.mark.parametrize("title,lines,boards,owners,seed", CASES, ids=["hj2", "jp2", "gj2", "gj4", "jp4"])
def test_whole_linked_match_with_faults(tmp_path, title, lines, boards, owners, seed):
    f = faults(seed)
    ring = new_ring(tmp_path, boards, seed, f)
    link_up(ring, title, lines)
    p = Play(ring, Rng(seed))
    run(p)
    rec = finish(tmp_path, ring, p)
    assert [g.match.link[1] for g in p.games] == [owners] * boards
    # Board numbers go by when each board joined: the host is board 1.
    numbers = [g.match.link[0] for g in p.games]
    assert numbers[0] == 0 and sorted(numbers) == list(range(boards))
    private(p, owners)
    # The faults happened, and were survived.
    assert f.dropped and f.corrupted and f.delayed
    assert sum([d.app.net.link.reader.bad for d in ring.devs]) > 0
    assert len(rec["moves"]) > 40


def hj_played(tmp_path, seed, moves):
    # Two boards in a Habitual Joker match, a person on each, after `moves` moves.
    ring = new_ring(tmp_path, 2, seed)
    link_up(ring, "Habitual Joker", ["P1: Person", "P2: Person", "Match: best of 1"])
    p = Play(ring, Rng(seed))
    run(p, until=lambda: p.games[1] is not None and len(p.games[1].match.moves) > moves)
    return ring, p


def waiting_shown(dev, text):
    return drive.shows(dev, text, (ui.W - font.width(text, ui.SMALL)) // 2, 56, font.SMALL_SIZE)


def test_pulled_cable_waits_then_goes_on(tmp_path):
    ring = new_ring(tmp_path, 2, 11)
    link_up(ring, "Habitual Joker", ["P1: Person", "P2: Person", "Match: best of 1"])
    p = Play(ring, Rng(11))
    h, j = ring.devs

    def p2_to_move():
        g = p.games[0]
        return g is not None and len(g.match.moves) > 6 and g.end == play.NONE and g.who == 1 and \
            isinstance(drive.top(j), play.GameScreen) and drive.top(j).my_turn()

    run(p, until=p2_to_move)
    g = p.games[0]
    assert waiting_shown(h, "P2 (board 2) is choosing")  # the other board's seat: no hand, no hand-off
    n = len(g.match.moves)
    ring.cable(0).pull()
    ring.cable(1).pull()
    for _ in range(100):  # 3 s
        ring.step(drive.check_frame)
    assert drive.top(h).quiet and waiting_shown(h, "Waiting for P2 (board 2)")
    p.turn(1)  # P2 moves on its own board meanwhile: saved there, not yet sent
    assert len(p.games[1].match.moves) == n + 1 and len(g.match.moves) == n
    for _ in range(30):
        ring.step(drive.check_frame)
    assert len(g.match.moves) == n  # nothing crossed a pulled cable
    ring.cable(0).plug()
    ring.cable(1).plug()
    run(p)
    finish(tmp_path, ring, p)


def test_reset_board_resumes_and_catches_up(tmp_path):
    ring = new_ring(tmp_path, 2, 12, faults(12))
    link_up(ring, "Joker Poker", ["Players: 2", "P1: Person", "P2: Person"])
    p = Play(ring, Rng(12))
    run(p, until=lambda: p.games[1] is not None and len(p.games[1].match.moves) > 20)
    had = len(p.games[1].match.moves)
    d = ring.reset(1)  # board 2 restarts on its storage
    for _ in range(60):  # the host's person plays on meanwhile, up to board 2's turn
        p.turn(0)
        ring.step()
    assert drive.top(d).items[0] == "Resume Joker Poker"
    drive.press(d, A)
    g = d.app.stack[0]
    assert isinstance(g, play.GameScreen) and g.match.link == (1, [0, 1]) and len(g.match.moves) >= had
    for _ in range(40):
        ring.step(drive.check_frame)
    assert list(g.match.moves) == list(p.games[0].match.moves)[: len(g.match.moves)]
    assert len(g.match.moves) >= len(p.games[0].match.moves) - 1
    p.games[1] = g
    run(p)
    finish(tmp_path, ring, p)


def test_board_that_disagrees_takes_the_hosts_record(tmp_path):
    ring, p = hj_played(tmp_path, 13, 10)
    d = ring.reset(1)
    rec, told = saves_reading.read(d.app.root)
    # Its save's last move becomes another legal one: a record the host never had.
    m = p.games[1].match
    st = registry.load(m.game_id).new_game(m.seed, m.options, 2)
    for mv in rec["moves"][:-1]:
        st.apply(mv)
    other = [mv for mv in st.legal_moves() if mv != rec["moves"][-1]][0]
    rec["moves"][-1] = other
    saves.write(d.app.root, rec)
    d = ring.reset(1)
    drive.press(d, A)
    for _ in range(60):
        ring.step(drive.check_frame)
    g = d.app.stack[0]
    assert list(g.match.moves) == list(p.games[0].match.moves)
    p.games[1] = g
    run(p)
    finish(tmp_path, ring, p)


def test_linked_save_and_resume_alone(tmp_path):
    # The save carries the link (an optional field); without a link port the
    # match resumes alone, every person seat on this board (pass-and-play).
    ring, p = hj_played(tmp_path, 14, 4)
    root = ring.devs[1].app.root
    rec, told = saves_reading.read(root)
    assert rec["link"] == {"board": 1, "owners": [0, 1]}
    for k in range(2):
        dev = drive.new_device(root, 99)
        assert drive.top(dev).items[0] == "Resume Habitual Joker"
        drive.press(dev, A)
        g = dev.app.stack[0]
        assert isinstance(g, play.GameScreen) and list(g.match.moves) == rec["moves"]
        assert dev.app.net is None and g.match.link is None and g.match.persons_here() == 2
        assert g.hidden and isinstance(drive.top(dev), play.Handoff)  # two people on one board again
        rec.pop("link", None)
        saves.write(root, rec)  # a save without the field (every save before link play) still loads


def test_bad_link_field_is_refused(tmp_path):
    ring, p = hj_played(tmp_path, 15, 2)
    root = ring.devs[0].app.root
    rec, told = saves_reading.read(root)
    for bad in ({"board": 5, "owners": [0, 1]}, {"board": 0, "owners": [0]}, [0, 1], {"board": 0}):
        rec["link"] = bad
        with pytest.raises(saves_reading.SaveError, match="wrong link"):
            saves_reading._checked(rec)


def test_lobby_refuses_a_start_that_leaves_a_board_out(tmp_path):
    ring = new_ring(tmp_path, 2, 16)
    h, j = ring.devs
    drive.menu_pick(h, "Link play")
    drive.menu_pick(h, "Host Habitual Joker")
    drive.set_up(h, ["P1: Person", "P2: Bot Easy"])
    drive.press(h, A)  # nobody joined yet
    assert isinstance(drive.top(h), ui.Dialog) and " ".join(drive.top(h).rows) == "No board has joined yet"
    drive.press(h, A)
    drive.menu_pick(j, "Link play")
    drive.menu_pick(j, "Join a match")
    for _ in range(40):
        ring.step(drive.check_frame)
    drive.press(h, A)  # one person seat, two boards
    assert isinstance(drive.top(h), ui.Dialog) and "Board 2 has no seat" == " ".join(drive.top(h).rows)
