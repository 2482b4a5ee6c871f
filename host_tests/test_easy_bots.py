# runs-on: micropython
# The newcomer's Easy (engine/ai/__init__.py EASY) chooses alike on every
# runtime: whole matches of Easy in every seat, for every game and seat count,
# make the moves host_tests/bot_moves.json records for it ("game seats Easy",
# written on CPython by host_tests/test_bot_moves.py), here on MicroPython too;
# each move goes through the rules' own check (State.apply), so each is legal.
import json

from engine import play
from engine.ai import EASY, LEVELS

FILE = "host_tests/bot_moves.json"


def test_easy_bots_make_the_recorded_moves():
    with open(FILE) as f:
        want = json.load(f)
    done = 0
    for key in sorted(want):
        parts = key.split()
        if len(parts) != 3 or parts[2] != LEVELS[EASY]:
            continue
        for seed, moves in want[key]:
            got = play.play_match(parts[0], seed, {}, [EASY] * int(parts[1]))[1]
            assert bytes(got) == bytes.fromhex(moves), "%s seed %d" % (key, seed)
            done += 1
    assert done == 27  # 9 games and seat counts, 3 seeds each
