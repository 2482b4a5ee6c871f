# Bots for Joker Poker (levels: engine/ai/__init__.py). All see only a view
# (JP-15) and make a plan once per turn: the groups to arrange, the Joker rank
# and the three bets. Then each decision is the next step towards it: a swap,
# the rank, the bet. A plan is a
# pure function of what the view shows at the turn (no randomness), so a match
# resumed mid-turn finds the same plan again; the last one is kept, as working
# it out is the costly part. The plans are engine/ai/jokerpoker_plan.py.
from engine.ai import LEVELS, ORDER  # LEVELS, ORDER: every bots module has them
from engine.ai import jokerpoker_plan
from engine.games import jokerpoker as J

_key = None  # what the last plan was made for
_plan = None  # and that plan: (groups, rank, bets)


def choose(view, level, rng=None, budget=None):
    # budget: the arranger's work for a plan (engine/arrange.py DECIDE if None).
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]  # CONTINUE between deals
    p = view.to_move()
    global _key, _plan
    key = (level, budget, p, view.deal_no, bytes(view.cards(p)), bytes(view.bet_state))
    made = _plan if _key == key else None
    if made is None:
        made = jokerpoker_plan.plan(view, level, budget)
        _key = key
        _plan = made
    groups, rank, bets = made
    return step(view, groups, rank, bets, moves)


def step(view, groups, rank, bets, moves):
    # The next move towards the plan: swaps until the groups match (up to
    # naming: the device orders them anyway), then the Joker rank, then the bet.
    p = view.to_move()
    cur = view.groups(p)
    want = _relabel(cur, groups, view.hs)
    for i in range(len(cur)):
        if cur[i] != want[i]:
            m = _swap_for(cur, want, i, moves)
            if m >= 0:
                return m
    if rank >= 0 and view.joker_rank(p) != rank and J.RANK + rank in moves:
        return J.RANK + rank
    m = J.bet_code(bets[0], bets[1], bets[2])
    return m if m in moves else moves[-1]


def _relabel(cur, groups, hs):
    # groups with its group numbers permuted to agree with cur the most (the
    # 3-card group keeps its number).
    best = None
    most = -1
    for perm in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        if hs == 13 and perm[2] != 2:
            continue
        same = 0
        for i in range(hs):
            same += cur[i] == perm[groups[i]]
        if same > most:
            most = same
            best = perm
    return bytearray([best[g] for g in groups])


def _swap_for(cur, want, i, moves):
    # A legal swap that puts card i where it belongs: best with a card that
    # belongs where i is now; -1 if none is legal (two Jokers would meet).
    a = cur[i]
    b = want[i]
    for fits in (True, False):
        for j in range(len(cur)):
            if cur[j] == b and want[j] != b and (want[j] == a) == fits:
                m = J.swap_code(i, j)
                if m in moves:
                    return m
    return -1


def easy_bets(view, seat, vals):
    # The bets Medium would make on hands of these values (hand 1 first) with the
    # seat's betting cards left: where the device's betting cursor starts.
    return jokerpoker_plan.easy_bets(view.hs, view.n, view.free_bets(seat), vals)
