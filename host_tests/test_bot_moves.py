# Every game's top bot and its newcomer's Easy, in whole matches of their own
# (every seat Hard, or every seat Easy, each seat count), make the moves
# recorded in host_tests/bot_moves.json ("game seats" for Hard, "game seats
# Easy"): work taken out of a decision to make it quicker must not change what
# it chooses. A change made on purpose (a budget, what a bot knows) changes
# them: then that level's entries are written again (the others' stay byte
# for byte) and the commit says so:
#   python -m host_tests.test_bot_moves --write Hard|Easy
import json
import os
import sys

from engine import play, registry
from engine.ai import EASY, HARD, LEVELS

FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot_moves.json")
SEEDS = (1, 2, 3)


def key(gid, n, level):
    return "%s %d" % (gid, n) + ("" if level == HARD else " " + LEVELS[level])


def matches(levels=(HARD, EASY)):
    # {key: [[seed, moves as hex], ...]}: the level in every seat, for every
    # seat count of every game.
    out = {}
    for gid in registry.ids():
        lo, hi = registry.load(gid).INFO.seats
        for n in range(lo, hi + 1):
            for level in levels:
                got = [[s, bytes(play.play_match(gid, s, {}, [level] * n)[1]).hex()] for s in SEEDS]
                out[key(gid, n, level)] = got
    return out


def test_top_bots_make_the_recorded_moves():
    with open(FILE) as f:
        want = json.load(f)
    got = matches()
    assert sorted(got) == sorted(want)
    for key in sorted(want):
        for (seed, moves), (seed2, moves2) in zip(want[key], got[key]):
            assert seed == seed2
            if moves != moves2:
                a = bytes.fromhex(moves)
                b = bytes.fromhex(moves2)
                k = 0
                while k < min(len(a), len(b)) and a[k] == b[k]:
                    k += 1
                raise AssertionError("%s seed %d: move %d is now %s, was %s" % (
                    key, seed, k, b[k] if k < len(b) else "the end", a[k] if k < len(a) else "the end"))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--write" or sys.argv[2] not in ("Hard", "Easy"):
        print("usage: python -m host_tests.test_bot_moves --write Hard|Easy", file=sys.stderr)
        sys.exit(2)
    with open(FILE) as f:
        kept = json.load(f)
    kept.update(matches((LEVELS.index(sys.argv[2]),)))
    with open(FILE, "w") as f:
        json.dump(kept, f, indent=0, sort_keys=True)
        f.write("\n")
