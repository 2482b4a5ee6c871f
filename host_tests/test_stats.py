# runs-on: micropython
# The board's statistics file and each game's own figure (issue 24 item 4),
# under MicroPython as under CPython: engine/figures.py against counts made
# move by move from whole games of random legal moves; firmware/stats.py's
# file the same bytes on both runtimes, every entry checked when read, a
# damaged file zeros and said once, a failed write leaving the old file whole.
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import figures, registry
from engine.rng import Rng
from engine.state import CONTINUE
from firmware import saves, stats
from firmware.saves_reading import SaveError
from host_tests.test_storage import names, put, scratch

registry.forget([stats.__name__])  # as on the board: in memory for a match's end or its screen alone


def random_match(gid, seats, seed, options=None, seen=None):
    # A whole match of random legal moves; seen(state, move) before each move
    # of a round, seen(state, None) at each round's end.
    st = registry.load(gid).new_game(seed, options, seats)
    rng = Rng(seed)
    while not st.is_over():
        legal = st.legal_moves()
        m = legal[rng.below(len(legal))]
        if seen is not None and m != CONTINUE:
            seen(st, m)
        st.apply(m)
        if st.deal_over() and seen is not None:
            seen(st, None)
    return st


def counted(gid, seats, seed, options, tally):
    # figures' count for every seat against tally(state, move, counts), made move by move.
    counts = [0] * seats

    def seen(st, m):
        tally(st, m, counts)

    st = random_match(gid, seats, seed, options, seen)
    label, count = figures.figure(gid)
    assert [count(st, q) for q in range(seats)] == counts, (gid, seed, counts)
    return counts


def test_georgian_bids_made():
    # GJ-18: a deal whose tricks equal the bid, told at each deal's end.
    def tally(st, m, counts):
        if m is None:
            for q in range(4):
                counts[q] += st.bid(q) == st.tricks(q)

    got = counted("georgian", 4, 21, {"deals": "Nines only"}, tally)
    assert sum(got) > 0


def test_joker_poker_bets_won():
    # JP-16, JP-17: a hand the seat won alone or tied takes its bet back.
    def tally(st, m, counts):
        if m is None:
            for h in range(3):
                for q in st.hand_winners(h):
                    counts[q] += 1

    for seats in (2, 3, 4):
        got = counted("jokerpoker", seats, 30 + seats, None, tally)
        assert sum(got) >= 9  # every hand of three deals is won by someone


def test_prediction_exact_calls():
    # PR-8: a call of the exact card gains 4.
    PR = registry.load("prediction")

    def tally(st, m, counts):
        if m is not None and PR.CALL <= m < PR.PREDICT:  # a call: the card is turned
            after = st.clone()
            after.apply(m)
            seat, pos, call, gain, taken = after.last_turn()
            counts[seat] += gain == 4

    for seed in range(3):
        counted("prediction", 2 + seed, 40 + seed, None, tally)


def test_prediction_state_keeps_its_exact_calls_in_its_bytes():
    st = random_match("prediction", 3, 7)
    back = registry.load("prediction").decode(st.encode())
    assert [back.exact_calls(q) for q in range(3)] == [st.exact_calls(q) for q in range(3)]
    assert back.encode() == st.encode()


def test_habitual_cards_scored():
    # HJ-score: the points each play gives its mover and the other seat.
    def tally(st, m, counts):
        if m is not None:
            a, b = st.gain(m)
            counts[st.to_move()] += a
            counts[1 - st.to_move()] += b

    counted("habitual", 2, 9, {"deals": 1}, tally)


def test_double_joker_has_no_figure():
    assert figures.figure("doublejoker") is None


def test_averages_in_tenths():
    assert [stats.tenths(t, n) for t, n in ((43, 2), (1, 3), (2, 3), (-10, 3), (-1, 30), (0, 1), (4521, 1))] == \
        ["21.5", "0.3", "0.7", "-3.3", "0.0", "0.0", "4521.0"]


ENTRIES = [["doublejoker", 2, 1, 1, 2, 0, 0, 0, 0, 0, 3, 4, 0], ["georgian", 4, 0, 0, 0, 0, 2, 1, 1, 1, 4210, 6200, 19]]
FILE = (b'JPSTATS 1 c3b26089 110\n[["doublejoker", 2, 1, 1, 2, 0, 0, 0, 0, 0, 3, 4, 0], '
        b'["georgian", 4, 0, 0, 0, 0, 2, 1, 1, 1, 4210, 6200, 19]]')


def test_file_is_the_same_bytes_everywhere_and_reads_back():
    root = scratch()
    stats.write(root, ENTRIES)
    with open(root + "/" + stats.NAME, "rb") as f:
        assert f.read() == FILE
    assert stats.read(root) == (ENTRIES, None)
    assert names(root) == [stats.NAME]


def test_every_entry_is_checked():
    def file(entries):
        import json

        return saves.pack(stats.MAGIC, stats.VERSION, json.dumps(entries).encode())

    good = ENTRIES[0]
    for bad, why in (
        ({"doublejoker": 1}, "not statistics"),
        ([good[:-1]], "wrong entry"),  # a number short
        ([["nosuchgame"] + good[1:]], "wrong entry"),
        ([good[:1] + [5] + good[2:]], "wrong entry"),  # five seats
        ([good[:4] + [True] + good[5:]], "wrong entry"),
        ([good[:4] + [1.5] + good[5:]], "wrong entry"),
        ([good[:4] + [1 << 40] + good[5:]], "wrong entry"),
        ([good[:3] + [2] + good[4:]], "wrong counts"),  # won more than played
        ([good[:3] + [-1] + good[4:]], "wrong counts"),
        ([good[:12] + [-1]], "wrong counts"),
        ([good[:2] + [0] * 8 + good[10:]], "wrong counts"),  # no match played: the screen's averages divided by 0
        ([good, good], "wrong entry"),  # twice
        ([ENTRIES[1], good], "wrong entry"),  # out of order
    ):
        try:
            stats.decode(file(bad))
        except SaveError as e:
            assert e.args[0] == why, (bad, e.args)
        else:
            raise AssertionError("read: %r" % (bad,))
    assert stats.decode(file(ENTRIES)) == ENTRIES


def test_damaged_file_gives_zeros_and_says_so_once():
    root = scratch()
    put(root, {stats.NAME: FILE.replace(b"4210", b"4211")})  # a flipped digit
    assert stats.read(root) == ([], "Statistics reset; old file moved to stats.bad: checksum wrong")
    assert stats.read(root) == ([], None) and names(root) == ["stats.bad"]
    # A damaged copy beside a whole newer one (a write cut before its rename).
    put(root, {stats.NAME: b"JPSTATS 1 00000000 2\n[]", "stats.tmp": FILE})
    assert stats.read(root) == (ENTRIES, "Statistics safe; a damaged copy moved to stats.bad: checksum wrong")
    assert names(root) == ["stats.bad", "stats.bad.1", stats.NAME]


def test_a_refused_write_leaves_the_old_file_whole():
    # The storage fails the new file (a full flash): the old one stays and
    # the app says so; nothing else is touched.
    root = scratch()
    stats.write(root, ENTRIES)
    put(root, {saves.NAME: b"a save", "settings.jp": b"settings"})
    shown = []

    class App:
        def push(self, screen):
            shown.append(" ".join(screen.rows))

    app = App()
    app.root = root
    real = saves.put

    def full(root, name, data):
        with open(saves.path(root, saves.tmp_name(name)), "wb") as f:
            f.write(data[:10])
        raise OSError(28, "ENOSPC")

    saves.put = full
    try:
        stats.count(app, ("doublejoker", 2, 0, True, 2, 0))
    finally:
        saves.put = real
    assert shown == ["Statistics not kept: the storage refused the file"]
    assert stats.read(root) == (ENTRIES, None)
    assert names(root) == [saves.NAME, "settings.jp", stats.NAME]  # the cut copy went too
    for name, data in ((saves.NAME, b"a save"), ("settings.jp", b"settings")):
        with open(root + "/" + name, "rb") as f:
            assert f.read() == data


def test_counting_adds_to_its_entry_in_order():
    root = scratch()
    shown = []

    class App:
        def push(self, screen):
            shown.append(screen)

    app = App()
    app.root = root
    for got in (("georgian", 4, 2, False, -150, 3), ("doublejoker", 2, 0, True, 2, 0), ("georgian", 4, 3, True, 900, 5),
                ("jokerpoker", 3, 1, False, 12, 4), ("jokerpoker", 2, 1, True, 20, 5), ("georgian", 4, 2, True, 300, 7)):
        stats.count(app, got)
    assert shown == []
    assert stats.read(root)[0] == [
        ["doublejoker", 2, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0],
        ["georgian", 4, 0, 0, 0, 0, 2, 1, 1, 1, 900, 1050, 15],  # best of -150, 900, 300
        ["jokerpoker", 2, 0, 0, 1, 1, 0, 0, 0, 0, 20, 20, 5],
        ["jokerpoker", 3, 0, 0, 1, 0, 0, 0, 0, 0, 12, 12, 4],
    ]
    assert os.stat(root + "/" + stats.NAME)[6] < 512
