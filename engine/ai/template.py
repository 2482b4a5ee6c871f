# High Card's bots (engine/games/template.py): what a bots module provides.
#   LEVELS                   the levels' names, weakest first (the setup screen's
#                            "Bot Easy"); a seat's level is an index into it
#   choose(view, level, rng) a legal move for the seat to move in view (what
#                            that seat may see: State.view), drawing any chance
#                            from rng, which the caller seeds (engine.play)
#   SCRATCH                  (optional) modules loaded only to work out a move,
#                            dropped after it (the device's heap)
LEVELS = ("Easy", "Hard")


def choose(view, level, rng):
    moves = view.legal_moves()
    if len(moves) == 1 or level == 0:
        return moves[rng.below(len(moves))]  # Easy: any card
    # Hard: the highest card when it can still take the trick, else the lowest.
    best = max(moves, key=lambda c: c % 13)
    low = min(moves, key=lambda c: c % 13)
    played = view.trick[1::2]
    if played and max([c % 13 for c in played]) >= best % 13:
        return low
    return best
