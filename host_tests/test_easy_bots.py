# runs-on: micropython
# The newcomer's Easy (engine/ai/__init__.py EASY) chooses alike on every
# runtime: whole matches of Easy in every seat, for every game and seat count,
# make the moves host_tests/bot_moves.json records for it ("game seats Easy",
# written on CPython by host_tests/test_bot_moves.py), here on MicroPython too;
# each move goes through the rules' own check (State.apply), so each is legal.
# Habitual Joker's Hard too ("habitual 2"), whose playouts changed (issue 25).
import json

from engine import play
from engine.ai import EASY, HARD, LEVELS

FILE = "host_tests/bot_moves.json"


def recorded(level, games=None):
    # Plays every match bot_moves.json records for level (of those games, or
    # all) on this runtime and checks its moves. -> how many matches.
    with open(FILE) as f:
        want = json.load(f)
    suffix = "" if level == HARD else " " + LEVELS[level]
    done = 0
    for key in sorted(want):
        gid, seats = key.split()[:2]
        if key != gid + " " + seats + suffix or (games is not None and gid not in games):
            continue
        for seed, moves in want[key]:
            got = play.play_match(gid, seed, {}, [level] * int(seats))[1]
            assert bytes(got) == bytes.fromhex(moves), "%s seed %d" % (key, seed)
            done += 1
    return done


def test_easy_bots_make_the_recorded_moves():
    assert recorded(EASY) == 27  # 9 games and seat counts, 3 seeds each


def test_habitual_hard_makes_the_recorded_moves():
    # Its search in sampled worlds (engine/ai/habitual.py) draws the same
    # numbers and sums the same ints on both runtimes.
    assert recorded(HARD, ("habitual",)) == 3
