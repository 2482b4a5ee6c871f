# Bot play-outs shared by the bots tests (CPython): every seat moves from its
# own view only, by a bot level or uniformly at random.
import math
import os

RANDOM = -1  # a "level" that plays uniformly random legal moves


def play(s, levels, choose, rngs, done):
    # Plays s on until done(s): seat p by levels[p], choose(view, level, rng)
    # for a bot level, a random legal move for RANDOM. -> s.
    while not done(s):
        p = s.to_move()
        view = s.view(p)
        if levels[p] == RANDOM:
            moves = view.legal_moves()
            s.apply(moves[rngs[p].below(len(moves))])
        else:
            s.apply(choose(view, levels[p], rngs[p]))
    return s


def rotated(play_one, a, b, seats, n, first=0):
    # Level a in one seat against level b in the others over n games, a's seat
    # going round: game i (from first) on seed i // seats with a in seat
    # i % seats, play_one(seed, levels) -> its points. -> (a's share of games
    # won, a shared win split; a's points ahead of the others' mean, a list).
    won = 0.0
    ahead = []
    for i in range(first, first + n):
        me = i % seats
        levels = [b] * seats
        levels[me] = a
        pts = play_one(i // seats, levels)
        top = max(pts)
        if pts[me] == top:
            won += 1.0 / pts.count(top)
        ahead.append(ahead_of(pts, me))
    return won / n, ahead


def ahead_of(pts, me):
    # Seat me's points ahead of the others' mean.
    return pts[me] - (sum(pts) - pts[me]) / (len(pts) - 1)


def mean_sd(xs):
    # The mean of xs and their sample standard deviation.
    mean = sum(xs) / len(xs)
    return mean, math.sqrt(sum([(x - mean) ** 2 for x in xs]) / (len(xs) - 1))


def deal_over(s):
    return s.deal_over()


def is_over(s):
    return s.is_over()


def rotated_share(job):
    # The share of match job's win (see rotated_match) its seats of mine took
    # (a shared win split).
    s, me = rotated_match(job)
    pts = s.scores()
    top = max(pts)
    return sum([1.0 / pts.count(top) for q in me if pts[q] == top])


def rotated_match(job):
    # Match i of a series with one seat apart: (game id, seats, i, mine, theirs),
    # mine and theirs each (level, budget; None: the bot's own). Seat i % seats
    # plays mine, every other seat theirs, on the deal of seed i // seats, so
    # the seat goes round on the same deals; with a fifth item "pairs", mine
    # plays two seats of four, 0 and 2 in even matches, 1 and 3 in odd ones, on
    # the deal of seed i // 2 (a side each, swapped on the same deals).
    # -> (the match's end, the seats mine played).
    from engine import registry
    from engine.rng import Rng, seed_bot

    game_id, seats, i, mine, theirs = job[:5]
    # theirs may name a git revision third: that revision's bots module plays it.
    if job[5:] == ("pairs",):
        seed = i // 2
        me = (i % 2, i % 2 + 2)
    else:
        seed = i // seats
        me = (i % seats,)
    game = registry.load(game_id)
    bots = registry.bots(game_id)
    old = bots_at(game_id, theirs[2]) if len(theirs) > 2 else bots
    s = game.new_game(seed, game.INFO.setup({}, seats), seats)
    rng = Rng(seed)
    made = 0
    while not s.is_over():
        p = s.to_move()
        level, budget = (mine if p in me else theirs)[:2]
        player = bots if p in me else old
        seed_bot(rng, seed, made)  # as the device and selfplay seed bots
        if budget is None:
            s.apply(player.choose(s.view(p), level, rng))
        else:
            s.apply(player.choose(s.view(p), level, rng, budget))
        made += 1
    return s, me


_AT = {}


def bots_at(game_id, rev):
    # The bots module of game_id as git revision rev had it, searching with that
    # revision's engine/ai/sampling.py, against the rules of today (a fixed
    # opponent for a measure: its names must still be there). What the game
    # module holds is today's: since Georgian Joker's play-outs moved into
    # engine/games/georgian_tricks.py, a revision's Hard plays them out as
    # today's Medium does, so a change there is measured with a switch in
    # the one tree, not against a revision.
    import subprocess
    import types

    import engine.ai

    key = (game_id, rev)
    if key not in _AT:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

        def module(path):
            text = subprocess.run(["git", "show", "%s:%s" % (rev, path)], cwd=root, capture_output=True, text=True,
                                  check=True).stdout
            mod = types.ModuleType("%s@%s" % (path, rev))
            exec(compile(text, "%s@%s" % (path, rev), "exec"), mod.__dict__)
            return mod

        ours = engine.ai.__dict__.get("sampling")
        engine.ai.sampling = module("engine/ai/sampling.py")  # what its "from engine.ai import sampling" takes
        try:
            _AT[key] = module("engine/ai/%s.py" % game_id)
        finally:
            if ours is None:
                del engine.ai.sampling
            else:
                engine.ai.sampling = ours
    return _AT[key]


def series(jobs, processes=1, progress=None):
    # The mean of rotated_share() over jobs, in as many processes; progress(done,
    # share so far) after each hundred matches when given.
    return each(rotated_share, jobs, processes, lambda got: _mean(got, len(jobs), progress))


def each(fn, jobs, processes, use):
    # use(fn(job) for every job, in order), worked out in as many processes.
    if processes > 1:
        import multiprocessing

        with multiprocessing.Pool(processes) as pool:
            return use(pool.imap(fn, jobs, 4))
    return use(map(fn, jobs))


def _mean(shares, n, progress):
    total = 0.0
    k = 0
    for x in shares:
        total += x
        k += 1
        if progress is not None and k % 100 == 0 and k < n:
            progress(k, total / k)
    return total / n


def wilson(share, n, z=1.96):
    # The 95% Wilson score interval of a share of n trials (sound at 0 and 1 too).
    mid = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half
