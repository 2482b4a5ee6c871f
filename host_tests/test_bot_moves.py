# Every game's top bot, in whole matches of its own (every seat Hard, each
# seat count), makes the moves recorded in host_tests/bot_moves.json: work
# taken out of a decision to make it quicker must not change what it chooses.
# A change made on purpose (a budget, what a bot knows) changes them: then the
# file is written again and the commit says so:
#   python -m host_tests.test_bot_moves --write
import json
import os
import sys

from engine import play, registry

FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot_moves.json")
SEEDS = (1, 2, 3)


def configs():
    # (game id, seat count, the top bot's level) for every seat count of every game.
    out = []
    for gid in registry.ids():
        lo, hi = registry.load(gid).INFO.seats
        top = registry.bots(gid).ORDER[-1]
        for n in range(lo, hi + 1):
            out.append((gid, n, top))
    return out


def matches():
    # {"game seats": [[seed, moves as hex], ...]}: top bots in every seat.
    out = {}
    for gid, n, top in configs():
        out["%s %d" % (gid, n)] = [[s, bytes(play.play_match(gid, s, {}, [top] * n)[1]).hex()] for s in SEEDS]
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
    if sys.argv[1:] != ["--write"]:
        print("usage: python -m host_tests.test_bot_moves --write", file=sys.stderr)
        sys.exit(2)
    with open(FILE, "w") as f:
        json.dump(matches(), f, indent=0, sort_keys=True)
        f.write("\n")
