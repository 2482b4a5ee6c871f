# runs-on: micropython
# The contract of engine/state.py, kept by every registered game and by the
# template (engine/games/template.py), at every seat count its INFO allows, over
# seeded random matches:
#   - the legal moves are what apply() and legal() accept; every other int
#     0..255 and anything not an int raises ValueError with a reason, and the
#     state is unchanged byte for byte;
#   - encode()/decode() and clone() round-trip at every position, and a clone is
#     its own (a move on it leaves the original as it was);
#   - the round ends in CONTINUE alone, the match in no move and to_move() -1;
#   - a replay of the record (seed and moves) gives the same record and state;
#   - every bot level plays only legal moves, from a seat's view, the same move
#     for the same view and seed (at every round's end, CONTINUE);
#   - a seat's view reveals nothing that seat may not see: where the game fills
#     views for search (fill), two states that differ only in what the seat
#     cannot see give it equal views.
# The per-game tests keep what is particular to each game.
import json

from engine import play, record, registry
from engine.games import template
from engine.rng import Rng
from engine.state import CONTINUE
from host_tests.check import raises

MATCHES = 2  # seeded random matches per game and seat count
CHECKED = 12  # positions along a match where every byte and every bot are tried
NOT_MOVES = (None, "x", (1,), b"\x01", 256, -1, 1 << 40, 0.5, 3.0, True)


def with_template(test):
    # Runs test with the template game registered as the sixth entry.
    def run():
        saved = registry.GAMES
        registry.GAMES = saved + (template.ENTRY,)
        try:
            test()
        finally:
            registry.unload("template")
            registry.GAMES = saved

    return run


def each_match():
    # (game id, game module, seat count, seed) for every game and seat count.
    for gid in registry.ids():
        game = registry.load(gid)
        lo, hi = game.INFO.seats
        for n in range(lo, hi + 1):
            for k in range(MATCHES):
                yield gid, game, n, 100 * n + k


def options_for(game, seed):
    # Every option's choices in turn, so a short choice ("Nines only") comes up.
    out = {}
    for o in game.INFO.options:
        out[o[0]] = o[2][seed % len(o[2])]
    return game.INFO.setup(out, game.INFO.seats[0])


def random_match(game, n, seed, check):
    # Random legal moves from seed; check(state, moves so far, checked) at
    # every position (checked: one of CHECKED positions spread over the match).
    options = options_for(game, seed)
    state = game.new_game(seed, options, n)
    rng = Rng(seed)
    moves = bytearray()
    while True:
        check(state, moves, rng.below(40) == 0)
        if state.is_over():
            return options, state, moves
        legal = state.legal_moves()
        m = legal[rng.below(len(legal))]
        state.apply(m)
        moves.append(m)


def check_position(game, state, checked):
    data = state.encode()
    legal = state.legal_moves()
    n = state.num_seats()
    for m in legal:
        assert type(m) is int and 0 <= m <= 255, m
    assert len(set(legal)) == len(legal) and list(state.legal_view()) == legal
    if state.is_over():
        assert legal == [] and state.to_move() == -1 and state.deal_over() and state.winner() is not None
    else:
        assert 0 <= state.to_move() < n and legal and state.winner() is None
        if state.deal_over():
            assert legal == [CONTINUE]
    assert len(state.scores()) == n
    for h in state.history():
        assert len(h) == n
    # The bytes and the copies.
    assert game.decode(data).encode() == data
    c = state.clone()
    assert c.encode() == data
    if legal:
        c.apply(legal[-1])
        assert state.encode() == data
    for m in legal:
        assert type(state.describe(m)) is str and state.describe(m)
    for seat in range(n):
        check_view(state, seat)
    if checked:
        check_refusals(state, legal, data)


def check_refusals(state, legal, data):
    for m in range(256):
        assert bool(state.legal(m)) == (m in legal), m
        if m not in legal:
            why = raises(ValueError, state.apply, m)
            assert why, m
            assert state.encode() == data, m
    for bad in NOT_MOVES:
        assert raises(ValueError, state.apply, bad) == "no such move: %r" % (bad,)
        assert state.encode() == data, bad


def check_view(state, seat):
    v = state.view(seat)
    e = v.encode()
    assert v.num_seats() == state.num_seats() and v.to_move() == state.to_move()
    if hasattr(v, "fill") and v.unseen_cards():
        # Another state as seat sees it: the unseen cards dealt otherwise.
        cards = list(v.unseen_cards())
        Rng(len(cards)).shuffle(cards)
        assert v.fill(cards).view(seat).encode() == e


def check_bots(gid, state, seed):
    bots = registry.bots(gid)
    seat = state.to_move()
    legal = state.legal_moves()
    v = state.view(seat)
    for level in range(len(bots.LEVELS)):
        m = bots.choose(v, level, Rng(seed))
        assert m in legal, (gid, level, m)
        assert bots.choose(v.clone(), level, Rng(seed)) == m, (gid, level)


def every_game():
    played = {}
    for gid, game, n, seed in each_match():
        bot_turns = []

        def check(state, moves, checked):
            check_position(game, state, checked)
            if (checked or state.deal_over()) and not state.is_over():
                bot_turns.append(len(moves))
                check_bots(gid, state, seed)  # at a round's end: CONTINUE, at every level

        options, state, moves = random_match(game, n, seed, check)
        # The record replays to the same state and the same record.
        rec = play.make(gid, options, [-1] * n, seed, moves, state)
        line = record.dumps(rec)
        again = play.replay(json.loads(line))
        assert again.encode() == state.encode()
        assert play.record_line(gid, options, seed, [-1] * n, moves, again) == line
        played[gid] = played.get(gid, 0) + len(bot_turns)
    return played


@with_template
def test_every_game_keeps_the_contract():
    played = every_game()
    assert sorted(played) == sorted(registry.ids()) and "template" in played, played
    assert min(played.values()) > 0, played



@with_template
def test_the_device_and_selfplay_seed_bots_alike():
    # engine.rng.seed_bot is the one seeding: a device match of bots alone
    # (firmware.match, as a resumed match replays it) makes selfplay's moves.
    import tools.host  # noqa: F401  (framebuf stand-in on CPython)
    from firmware.match import Match

    for gid in registry.ids():
        game = registry.load(gid)
        n = game.INFO.seats[1]
        options = options_for(game, 1)
        moves = play.play_match(gid, 21, options, [0] * n)[1]
        m = Match("/nowhere", gid, options, [0] * n, 21)
        while not m.state.is_over():
            m.step(m.bot_move())
        assert bytes(m.moves) == bytes(moves), gid
