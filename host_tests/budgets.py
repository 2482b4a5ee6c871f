# What a top bot's budget buys: in whole matches, the game's top bot given 2,
# 1/2 and 1/4 of its budget in one seat against the same bot at its budget in
# every other seat, the seat going round on the same deals (match i: seat
# i % seats, deal seed i // seats); its share of the matches won (a shared win
# split) with the 95% Wilson interval, against chance 1/seats. On CPython:
#   python -m host_tests.budgets GAME [SEATS] [MATCHES] [PROCESSES]
# With four seats, "pairs BUDGET" after those: the top bot at its budget in two
# seats against it at BUDGET in the other two, the sides swapped on the same
# deals; with "before REV", against the Hard of git revision REV at its own
# budget (issue 25's measure of Georgian Joker's Hard: the Hard of before is
# fc906b8's, python -m host_tests.budgets georgian 4 400 2 before fc906b8);
# "at BUDGET" after those gives the first side that budget instead of its
# own; "from K" at the end starts at match K (deal K // 2), to go on with
# more deals than a run measured before.
import sys

from engine import registry
from engine.ai import HARD
from host_tests.bots import series, wilson

FACTORS = ((2, 1), (1, 2), (1, 4))  # the budget times a / b


def budget_of(game_id):
    # The top bot's budget per decision (Joker Poker's is its arranger's).
    if game_id == "jokerpoker":
        from engine import arrange

        return arrange.DECIDE
    return registry.bots(game_id).BUDGET


def figures(game_id, seats, matches, processes=1):
    base = budget_of(game_id)
    out = []
    for a, b in FACTORS:
        jobs = [(game_id, seats, i, (HARD, base * a // b), (HARD, base)) for i in range(matches)]
        won = series(jobs, processes)
        lo, hi = wilson(won, matches)
        out.append("%s, %d seats: Hard at %s its budget (%d) against Hard at %d: won %.3f [%.3f, %.3f] of %d "
                   "matches, seats rotated (chance %.3f)" % (game_id, seats, "2x" if a > b else "1/%d" % b,
                                                              base * a // b, base, won, lo, hi, matches, 1.0 / seats))
    return out


def paired(game_id, matches, theirs, processes=1, rev=None, first=0, mine=None):
    # theirs: the other side's budget (None: its own), rev: its git revision;
    # first: the first match (its deal first // 2: two matches a deal); mine:
    # the first side's budget (None: its own).
    base = budget_of(game_id) if mine is None else mine
    other = (HARD, theirs) if rev is None else (HARD, theirs, rev)
    jobs = [(game_id, 4, i, (HARD, base), other, "pairs") for i in range(first, first + matches)]
    won = series(jobs, processes)
    lo, hi = wilson(won, matches)
    return ("%s, 4 seats: Hard at %s in two seats against Hard%s at %s in two: won %.3f [%.3f, %.3f] "
            "of %d matches (deals %d-%d), sides swapped on the same deals (chance 0.500)" % (
                game_id, ("its budget (%d)" if mine is None else "a budget of %d") % base,
                "" if rev is None else " of " + rev, "its own budget" if theirs is None else theirs,
                won, lo, hi, matches, first // 2, (first + matches - 1) // 2))


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) > 5 and args[4] in ("pairs", "before"):
        opts = dict(zip(args[6::2], [int(x) for x in args[7::2]]))
        if len(args) % 2 or not set(opts) <= {"at", "from"}:
            sys.exit("after %s %s: only \"at BUDGET\" and \"from K\", got %s" % (args[4], args[5], args[6:]))
        first = opts.get("from", 0)
        pairs = args[4] == "pairs"
        print(paired(args[0], int(args[2]), int(args[5]) if pairs else None, int(args[3]), None if pairs else args[5],
                     first, opts.get("at")), flush=True)
        sys.exit()
    gid = args[0]
    n = int(args[1]) if len(args) > 1 else registry.load(gid).INFO.seats[1]
    for line in figures(gid, n, int(args[2]) if len(args) > 2 else 400, int(args[3]) if len(args) > 3 else 1):
        print(line, flush=True)
