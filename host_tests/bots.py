# Bot play-outs shared by the bots tests (CPython): every seat moves from its
# own view only, by a bot level or uniformly at random.
import math

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


def deal_over(s):
    return s.deal_over()


def is_over(s):
    return s.is_over()


def wilson(share, n, z=1.96):
    # The 95% Wilson score interval of a share of n trials (sound at 0 and 1 too).
    mid = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half
