# runs-on: micropython
# Link play's protocol without boards (issue 26): frames and their CRC, the
# reader's resync after dropped, corrupted and junk bytes, delivery round a
# ring of three (a frame's return is its acknowledgement, a lost one is sent
# again, a duplicate is handled once), and the match message read back.
from engine import registry
from firmware.link import frame, game, ring, session
from firmware.saves import PERSON
from tools.host.devices import FakeClock


def frames_in(data, chunk=7):
    # Every valid frame the reader finds in data, fed a few bytes at a time.
    r = frame.Reader()
    got = []
    i = 0
    while i < len(data):
        k = min(chunk, r.room())
        r.take(data[i : i + k])
        i += k
        n = r.frame()
        while n:
            got.append((frame.kind(r.buf), frame.src(r.buf), frame.seq(r.buf), bytes(r.buf[frame.HEAD : n - 2])))
            r.drop(n)
            n = r.frame()
    return got, r.bad


def test_crc16_is_ccitt():
    assert frame.crc16(b"123456789", 0, 9) == 0x29B1  # CRC-16/CCITT-FALSE's check value


def test_frames_read_back_whole():
    a = frame.pack(4, 0x1234, 7, b"\x00\x05\x7e\x7e")  # start bytes inside a payload are only data
    b = frame.pack(6, 0xBEEF, 255, b"")
    got, bad = frames_in(bytes(a) + bytes(b))
    assert got == [(4, 0x1234, 7, b"\x00\x05\x7e\x7e"), (6, 0xBEEF, 255, b"")] and bad == 0
    assert len(a) == frame.HEAD + 4 + 2


def test_a_corrupted_or_dropped_byte_costs_its_frame_only():
    a = bytes(frame.pack(4, 1, 1, b"abcdef"))
    b = bytes(frame.pack(4, 1, 2, b"ghijkl"))
    for i in range(1, len(a)):
        bent = bytearray(a)
        bent[i] ^= 0x10
        for damaged in (bytes(bent), a[:i] + a[i + 1 :]):
            got, bad = frames_in(b"junk" + damaged + b)
            assert got == [(4, 1, 2, b"ghijkl")], (i, got)
            assert bad >= 4


def test_a_length_too_long_is_skipped():
    a = bytearray(frame.pack(4, 1, 1, b"x"))
    a[1] = frame.MAX_PAYLOAD + 1
    got, bad = frames_in(bytes(a) + bytes(frame.pack(5, 2, 3, b"y")))
    assert got == [(5, 2, 3, b"y")]


def test_payload_too_long_is_refused():
    try:
        frame.pack(4, 1, 1, bytes(frame.MAX_PAYLOAD + 1))
    except ValueError as e:
        assert "at most" in str(e)
    else:
        raise AssertionError("packed")


class Wire:
    # One direction of a cable: what one port writes, the next reads; lose
    # drops the next frames written whole.
    def __init__(self):
        self.buf = bytearray()
        self.lose = 0
        self.carried = 0

    def any(self):
        return len(self.buf)

    def read(self, n):
        out = bytes(self.buf[:n])
        self.buf = self.buf[n:]
        return out or None

    def write(self, data):
        self.carried += len(data)
        if self.lose:
            self.lose -= 1
        else:
            self.buf.extend(data)
        return len(data)


class Port:
    def __init__(self, rx, tx):
        self.rx, self.tx = rx, tx

    def any(self):
        return self.rx.any()

    def read(self, n):
        return self.rx.read(n)

    def write(self, data):
        return self.tx.write(data)


def ring_of(n):
    clock = FakeClock(1000)
    wires = [Wire() for _ in range(n)]
    links = [ring.Link(Port(wires[k - 1], wires[k]), 100 + k, 0, clock) for k in range(n)]
    got = [[] for _ in range(n)]
    return clock, wires, links, got


def step(clock, links, got, ms=30):
    clock.advance(ms)
    for k in range(len(links)):
        links[k].poll(clock.ticks_ms(), lambda kind, p, k=k: got[k].append((kind, bytes(p))))


def test_a_frame_goes_round_the_ring_and_back():
    clock, wires, links, got = ring_of(3)
    t = links[0].send(4, b"\x00\x00\x01")
    assert not links[0].done(t)
    for _ in range(4):
        step(clock, links, got)
    assert got == [[], [(4, b"\x00\x00\x01")], [(4, b"\x00\x00\x01")]]
    assert links[0].done(t) and links[0].idle()


def test_lost_frame_is_sent_again_and_handled_once():
    clock, wires, links, got = ring_of(3)
    wires[2].lose = 1  # the frame's way back to board 0: every board has it, board 0 does not know
    t = links[0].send(5, b"ab")
    for _ in range(3):
        step(clock, links, got)
    assert not links[0].done(t) and got[1] == got[2] == [(5, b"ab")]
    for _ in range(ring.RESEND_MS // 30 + 4):
        step(clock, links, got)
    assert links[0].done(t)
    assert got[1] == got[2] == [(5, b"ab")]  # the copy sent again: passed on, not handled twice
    wires[0].lose = 1  # now lost on the first cable
    t = links[0].send(5, b"cd")
    for _ in range(ring.RESEND_MS // 30 + 6):
        step(clock, links, got)
    assert links[0].done(t) and got[2] == [(5, b"ab"), (5, b"cd")]


def test_posts_go_once():
    clock, wires, links, got = ring_of(2)
    links[1].post(6, b"\x01\x00\x09")
    for _ in range(30):
        step(clock, links, got)
    assert got == [[(6, b"\x01\x00\x09")], []] and links[1].idle()


def test_a_gone_senders_frames_stop_going_round():
    # Frames of a board that reset (a new link id: its old one gone) would go
    # round a ring for ever, passed on by each board, and two of them would be
    # handled again and again (seen keeps one seq a sender): each board drops a
    # frame it passed on less than CIRCLE_MS ago.
    clock, wires, links, got = ring_of(2)
    links[1].send(7, b"\x01")
    links[1].poll(clock.ticks_ms(), None)  # on the cable
    links[1].post(6, b"\x01\x00\x09")
    links[1] = ring.Link(Port(wires[0], wires[1]), 200, 0, clock)  # board 1 reset before they came back
    for _ in range(40):
        step(clock, links, got)
    assert got[0] == got[1] == [(7, b"\x01"), (6, b"\x01\x00\x09")]  # once each
    carried = wires[0].carried + wires[1].carried
    for _ in range(40):
        step(clock, links, got)
    assert wires[0].carried + wires[1].carried == carried  # the line is quiet


class FakeMatch:
    def __init__(self, game_id, options, seats, owners, seed):
        self.game_id = game_id
        self.info = registry.load(game_id).INFO
        self.options = self.info.setup(options, len(seats))
        self.seats = seats
        self.link = (0, owners)
        self.seed = seed
        self.moves = bytearray(b"\x01\x02\x03")


def test_the_match_message_reads_back():
    m = FakeMatch("georgian", {"deals": "Nines only"}, [PERSON, 2, PERSON, PERSON], [0, 0, 1, 2], 0x1ABCDEF3)
    p = game.game_payload(m, 3, [0x0102, 0xFFFE, 7])
    assert len(p) < frame.MAX_PAYLOAD
    got = game.read_game(p)
    assert got == (3, "georgian", m.options, m.seats, [0, 0, 1, 2], 0x1ABCDEF3, [0x0102, 0xFFFE, 7])
    # Bytes no host of this firmware writes, refused before a Match raised
    # outside the session's reading (a review): an option count this game
    # does not have, a seat count it does not have, a bot level there is not.
    m2 = FakeMatch("doublejoker", {}, [PERSON, 1], [0, 1], 5)
    m3 = FakeMatch("doublejoker", {}, [PERSON, 1], [0, 1], 5)
    m3.seats, m3.link = [PERSON, 1, 1], (0, [0, 1, 1])  # three seats, a whole message of them
    for q, at, v in ((m, 2 + 1 + 2 * 4 + 4, 9), (m3, 0, 3), (m2, 4, 9)):
        p = game.game_payload(q, 3, [1, 2])
        p[at] = v
        try:
            game.read_game(p)
        except ValueError as e:
            assert str(e) == "not a match of this firmware"
        else:
            raise AssertionError("read")


def test_digest_covers_seed_and_moves():
    m = FakeMatch("habitual", {}, [PERSON, PERSON], [0, 1], 5)
    d = session.digest(m, 3)
    assert session.digest(m, 2) != d
    m.moves[1] = 9
    assert session.digest(m, 3) != d and session.digest(m, 1) == session.digest(FakeMatch("habitual", {}, [PERSON, PERSON], [0, 1], 5), 1)
    m.seed = 6
    assert session.digest(m, 1) != session.digest(FakeMatch("habitual", {}, [PERSON, PERSON], [0, 1], 5), 1)
