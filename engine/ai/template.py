# High Card's bots (engine/games/template.py): what a bots module provides.
#   LEVELS, ORDER            the levels' names and the setup's order (engine/ai:
#                            the same ladder in every game, Easy, Medium, Hard;
#                            a seat's level is an index into LEVELS)
#   choose(view, level, rng) a legal move for the seat to move in view (what
#                            that seat may see: State.view), drawing any chance
#                            from rng, which the caller seeds (engine.rng.seed_bot)
from engine.ai import EASY, LEVELS, MEDIUM, ORDER  # noqa: F401  (LEVELS, ORDER: what the setup offers)


def choose(view, level, rng):
    moves = view.legal_moves()
    if len(moves) == 1 or level == EASY:
        return moves[rng.below(len(moves))]  # Easy: any card
    best = max(moves, key=lambda c: c % 13)
    if level == MEDIUM:
        return best  # Medium: its highest card (TP-4 pays the highest)
    # Hard: the highest card when it can still take the trick, else the lowest.
    played = view.trick[1::2]
    if played and max([c % 13 for c in played]) >= best % 13:
        return min(moves, key=lambda c: c % 13)
    return best
