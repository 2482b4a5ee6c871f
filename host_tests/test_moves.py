# runs-on: micropython
# The one door for moves (engine/state.py State.check): at positions all through
# whole matches of every game and seat count, every byte the rules do not allow
# and anything that is not an int 0..255 (3.0, True, a string, None, bytes, a
# bignum: what a hand-edited save can hold) is refused with ValueError, and the
# state is left exactly as it was; a legal move given as a float or a bool is
# refused as well. The same through firmware.match.Match, whose replay used to
# describe a move before checking it.
from engine import codec, play, registry
from engine.state import Game, one_of
from host_tests.check import raises

NOT_MOVES = (None, "x", "3", (1,), [1], b"\x01", bytearray(b"\x01"), {}, 256, -1, 1 << 40, 0.5)
POSITIONS = 16  # tried along each match


def matches():
    # (game id, seats, moves of a whole match of Easy bots) for every game and seat count.
    out = []
    for gid in registry.ids():
        lo, hi = registry.load(gid).INFO.seats
        for n in sorted(set((lo, hi))):
            out.append((gid, n, play.play_match(gid, 11 + n, {}, [0] * n)[1]))
    return out


def refuses_everything_illegal(state):
    before = state.encode()
    legal = state.legal_moves()
    for m in range(256):
        if m not in legal:
            assert raises(ValueError, state.apply, m), m
            assert state.encode() == before, m
    for bad in NOT_MOVES + (float(legal[0]), legal[0] == 1, legal[-1] + 0.0):
        assert raises(ValueError, state.apply, bad) == "no such move: %r" % (bad,)
        assert state.encode() == before, bad
    return 256 - len(legal) + len(NOT_MOVES) + 3


def test_every_game_refuses_all_but_its_legal_moves():
    tried = {}
    for gid, n, moves in matches():
        mod = registry.load(gid)
        state = mod.new_game(11 + n, mod.INFO.setup({}, n), n)
        every = len(moves) // POSITIONS + 1
        for i in range(len(moves)):
            if i % every == 0:
                tried[gid] = tried.get(gid, 0) + refuses_everything_illegal(state)
            state.apply(moves[i])
        assert state.is_over()
        for m in range(256):
            raises(ValueError, state.apply, m)
    assert sorted(tried) == sorted(registry.ids()) and min(tried.values()) > 3000, tried


def test_match_replay_refuses_a_move_before_describing_it():
    # The first moves that crashed Resume (Prediction 32, Georgian Joker 65,
    # Double Joker 56), every other byte, and moves that are not ints.
    import tools.host  # noqa: F401  (framebuf stand-in on CPython)
    from firmware.match import Match

    for gid in registry.ids():
        mod = registry.load(gid)
        n = mod.INFO.seats[0]
        legal = mod.new_game(5, mod.INFO.setup({}, n), n).legal_moves()
        for m in list(range(256)) + [3.0, True, "1", None]:
            if m in legal and type(m) is int:
                continue
            msg = raises(ValueError, Match, "/nowhere", gid, {}, [0] * n, 5, [m])
            assert msg, (gid, m)
        assert len(Match("/nowhere", gid, {}, [0] * n, 5, legal[:1]).moves) == 1


def test_options_must_be_a_choice_of_its_type():
    info = Game((2, 2), (("games", "Match", (3, 1, 5), "best of %d"), ("open", "Open", ("Off", "On"), "%s")),
                False, None, "game", 0, "")
    assert info.setup({"games": 5}, 2) == {"games": 5, "open": "Off"}
    for bad in ({"games": 3.0}, {"games": True}, {"games": "3"}, {"games": [3]}, {"open": 1}, {"nosuch": 1}):
        assert raises(ValueError, info.setup, bad, 2)
    assert one_of(1, (3, 1)) and not one_of(True, (3, 1)) and not one_of(1.0, (3, 1))


def test_codec_names_data_cut_short():
    out = bytearray()
    codec.put_ints(out, [5, -300, 70000])
    assert codec.get_ints(out, 0) == ([5, -300, 70000], len(out))
    for cut in range(len(out)):
        msg = raises(ValueError, codec.get_ints, out[:cut], 0)
        assert "cut short" in msg, msg
