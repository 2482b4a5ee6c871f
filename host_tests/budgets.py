# What a top bot's budget buys: in whole matches, the game's top bot given 2,
# 1/2 and 1/4 of its budget in one seat against the same bot at its budget in
# every other seat, the seat going round on the same deals (match i: seat
# i % seats, deal seed i // seats); its share of the matches won (a shared win
# split) with the 95% Wilson interval, against chance 1/seats. On CPython:
#   python -m host_tests.budgets GAME [SEATS] [MATCHES] [PROCESSES]
import sys

from engine import registry
from engine.rng import Rng, seed_bot
from host_tests.bots import wilson

FACTORS = ((2, 1), (1, 2), (1, 4))  # the budget times a / b


def budget_of(game_id):
    # The top bot's budget per decision (Joker Poker's is its arranger's).
    if game_id == "jokerpoker":
        from engine import arrange

        return arrange.DECIDE
    return registry.bots(game_id).BUDGET


def share(job):
    # Match i with budget `mine` in seat i % seats: the share of its win.
    game_id, seats, i, mine = job
    game = registry.load(game_id)
    bots = registry.bots(game_id)
    top = len(bots.LEVELS) - 1
    base = budget_of(game_id)
    me = i % seats
    seed = i // seats
    s = game.new_game(seed, game.INFO.setup({}, seats), seats)
    rng = Rng(seed)
    made = 0
    while not s.is_over():
        p = s.to_move()
        s.apply(bots.choose(s.view(p), top, seed_bot(rng, seed, made), mine if p == me else base))
        made += 1
    pts = s.scores()
    return 1.0 / pts.count(max(pts)) if pts[me] == max(pts) else 0.0


def figures(game_id, seats, matches, processes=1):
    base = budget_of(game_id)
    out = []
    for a, b in FACTORS:
        jobs = [(game_id, seats, i, base * a // b) for i in range(matches)]
        if processes > 1:
            import multiprocessing

            with multiprocessing.Pool(processes) as pool:
                won = sum(pool.map(share, jobs, 4)) / matches
        else:
            won = sum([share(j) for j in jobs]) / matches
        lo, hi = wilson(won, matches)
        out.append("%s, %d seats: Hard at %s its budget (%d) against Hard at %d: won %.3f [%.3f, %.3f] of %d "
                   "matches, seats rotated (chance %.3f)" % (game_id, seats, "2x" if a > b else "1/%d" % b,
                                                              base * a // b, base, won, lo, hi, matches, 1.0 / seats))
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    gid = args[0]
    n = int(args[1]) if len(args) > 1 else registry.load(gid).INFO.seats[1]
    for line in figures(gid, n, int(args[2]) if len(args) > 2 else 400, int(args[3]) if len(args) > 3 else 1):
        print(line, flush=True)
