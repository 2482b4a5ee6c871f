# Bots play matches and print one JSON record per match (seeds S, S+1, ...).
#   python -m tools.selfplay --game doublejoker --seed S --games N [--seats N]
#       [--levels 1,0] [--options k=v,...] [--runtime cpython|micropython]
# --game all plays every registered game (with --seats, every game that seats
# that many). Seats: as many as --levels names, else --seats, else the most the
# game has; every seat plays level 0 unless --levels says otherwise. The loop itself runs on MicroPython too:
# with --runtime micropython this module runs itself under the WebAssembly port,
# and the two runtimes must print the same bytes.
import sys

from engine import play, registry

USAGE = ("usage: python -m tools.selfplay --game ID|all --seed S --games N [--seats N] "
         "[--levels 1,0] [--options k=v,...] [--runtime cpython|micropython]")


def parse_value(text):
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def parse_args(argv):
    # Hand-rolled (MicroPython has no argparse): --name value pairs only.
    opts = {"game": "doublejoker", "seed": "1", "games": "1", "seats": "0", "levels": "", "options": "",
            "runtime": "cpython"}
    i = 0
    while i < len(argv):
        name = argv[i][2:] if argv[i].startswith("--") else None
        if name not in opts or i + 1 >= len(argv):
            raise ValueError("bad argument %r" % argv[i])
        opts[name] = argv[i + 1]
        i += 2
    if opts["runtime"] not in ("cpython", "micropython"):
        raise ValueError("runtime must be cpython or micropython")
    options = {}
    for item in opts["options"].split(","):
        if item:
            key, _, value = item.partition("=")
            options[key] = parse_value(value)
    levels = [int(v) for v in opts["levels"].split(",") if v]
    seats = int(opts["seats"])
    if levels and seats and len(levels) != seats:
        raise ValueError("--levels names %d seats, --seats says %d" % (len(levels), seats))
    return opts["game"], int(opts["seed"]), int(opts["games"]), seats or len(levels), levels, options, opts["runtime"]


def seats_for(game_id, seats):
    # The seat count a game plays at: the given one if it has it (0 if not),
    # else its most.
    lo, hi = registry.load(game_id).INFO.seats
    if not seats:
        return hi
    return seats if lo <= seats <= hi else 0


def records(game_id, seed, games, levels, options, seats=0):
    # A generator of record lines, one per match: seeds seed, seed+1, ...
    if not levels:
        levels = [0] * seats_for(game_id, seats)
    for s in range(seed, seed + games):
        state, moves = play.play_match(game_id, s, options, levels)
        yield play.record_line(game_id, options, s, levels, moves, state)
    registry.unload(game_id)


def steps(argv=None):
    # One step per match, so the WebAssembly port can collect garbage in between
    # (tools/mprun.mjs runs each step as a call of its own).
    argv = sys.argv[1:] if argv is None else argv
    try:
        game_id, seed, games, seats, levels, options, runtime = parse_args(argv)
        ids = registry.ids() if game_id == "all" else [registry.entry(game_id)[0]]
        if game_id != "all" and seats and not seats_for(game_id, seats):
            raise ValueError("%s does not seat %d" % (game_id, seats))
    except ValueError as e:
        print("selfplay: %s\n%s" % (e, USAGE), file=sys.stderr)
        raise SystemExit(2)
    if runtime == "micropython" and sys.implementation.name != "micropython":
        from tools import micropython

        rc, _ = micropython.run(["-m", "tools.selfplay"] + argv, capture=False)
        raise SystemExit(rc)
    for gid in ids:
        if seats and not seats_for(gid, seats):
            registry.unload(gid)
            continue
        for line in records(gid, seed, games, levels, options, seats):
            print(line)
            yield


def main(argv=None):
    for _ in steps(argv):
        pass


if __name__ == "__main__":
    main()
