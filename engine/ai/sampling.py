# Determinized search for games with hidden cards. A view answers unseen_cards()
# (the cards its seat cannot place) and fill(cards) (a full state with those cards
# dealt in the given order), so sampling a world is a shuffle and a fill.


def determinize(view, rng, needed=-1):
    # needed >= 0: only that many cards from the front are used before the search
    # looks no further, so only they are drawn at random (a partial shuffle).
    cards = view.unseen_cards()
    n = len(cards)
    if needed < 0 or needed > n:
        needed = n
    for i in range(needed):
        j = i + rng.below(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return view.fill(cards)


def halving(view, moves, budget, rng, rollout, world_cost=0, needed=-1):
    # Flat Monte Carlo with successive halving: each round tries every surviving
    # move in the same sampled worlds, its rollout drawing the same random
    # numbers, then keeps the better half.
    # rollout(state, seat, rng) -> (value, work): value an int, higher is better
    # for seat; work what the rollout cost. world_cost is what sampling a world
    # costs, budget the total, in the same units; each round spends its share.
    # needed: unseen cards a world must deal at random (see determinize).
    # Ties keep the order of moves (best guess first). Integer sums only.
    seat = view.to_move()
    alive = list(moves)
    total = [0] * len(alive)
    rounds = 0
    n = len(alive)
    while n > 1:
        n = (n + 1) // 2
        rounds += 1
    per_round = budget // rounds if rounds else 0
    while len(alive) > 1:
        spent = 0
        while spent < per_round or not spent:
            world = determinize(view, rng, needed)
            spent += world_cost
            mark = rng.get_state()
            for i in range(len(alive)):
                s = world.clone()
                s._apply(alive[i])  # legal in every world: the view listed it
                rng.set_state(mark)
                v, work = rollout(s, seat, rng)
                total[i] += v
                spent += work
        order = sorted(range(len(alive)), key=lambda i: (-total[i], i))
        keep = order[:(len(alive) + 1) // 2]
        keep.sort()
        alive = [alive[i] for i in keep]
        total = [total[i] for i in keep]
    return alive[0]
