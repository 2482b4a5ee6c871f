# runs-on: micropython
# The one door for moves (engine/state.py State.check; every game's refusals
# at every position: host_tests/test_contract.py) as firmware.match.Match takes
# a save's moves, whose replay used to describe a move before checking it; a
# setup's options; the codec.
from engine import codec, registry
from engine.state import Game, one_of
from host_tests.check import raises


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
