# Double Joker bots (engine/ai/doublejoker.py), on CPython: legal and deterministic
# moves, the obvious win taken, Hard beating Easy and Easy beating random play.
# `python -m host_tests.test_doublejoker_bots [GAMES]` prints the long-run figures.
import sys

from engine.ai import HARD, MEDIUM
from engine.ai import doublejoker as ai
from engine.cards import parse
from engine.games import doublejoker as D
from engine.rng import Rng, seed_bot
from host_tests.bots import wilson
from host_tests.test_doublejoker import position

GAMES = 40  # per strength test: GAMES // 2 deals, each played with the seats swapped


def easy(view, rng):
    return ai.choose(view, 0, rng)


def hard(view, rng):
    return ai.choose(view, 1, rng)


def uniform(view, rng):
    legal = view.legal_moves()
    return legal[rng.below(len(legal))]


def play_game(seed, players, check=None):
    # One game (a match of 1) between players[seat](view, rng) -> move; returns the
    # final state. check(state, move) sees every move before it is applied.
    st = D.new_game(seed, {"games": 1})
    rng = Rng(seed)
    made = 0
    while not st.is_over():
        seat = st.to_move()
        move = players[seat](st.view(seat), seed_bot(rng, seed, made))
        made += 1
        if check:
            check(st, move)
        st.apply(move)
    return st


def duel(a, b, games, first_seed=1):
    # (wins, draws, losses) of a against b; each deal is played twice, seats swapped.
    won = drawn = 0
    for g in range(games):
        seat = g % 2
        players = [a, b] if seat == 0 else [b, a]
        w = play_game(first_seed + g // 2, players).game_winner()
        won += w == seat
        drawn += w == -1
    return won, drawn, games - won - drawn


def test_take_the_win():
    # DJ-12: P2 is void in diamonds; P1 can place a diamond and lead another (or take
    # the diamond stack back), and Medium and Hard see it (Easy, a newcomer, does
    # not look at the other hand).
    st = position(("5c 9c 4d Kd 7h", "4c Jc 6h 8h"), stacks=("", "", "", ""))
    for level in (MEDIUM, HARD):
        move = ai.choose(st, level, Rng(1))
        assert move in (D.place(parse("4d")), D.place(parse("Kd")))
        after = st.clone()
        after.apply(move)
        after.apply(ai.choose(after, level, Rng(1)))
        assert after.is_over() and after.game_winner() == 0


def test_hard_sees_the_take_back_answer():
    # P1 holds one club and P2 holds two: placing the 5c and leading the 9c looks
    # free, but P2 takes the 5c back and leads it while P1 is void. Hard places a
    # heart instead; a two-trick look-ahead is enough.
    st = position(("5c 9c 3h 4h 5h 6h 7h", "4c Jc Qc 8h 9h Th Jh Qh"))
    move = ai.choose(st, 1, Rng(1))
    assert move != D.place(parse("5c")) and move != D.place(parse("9c"))


def test_budget_bounds_the_search():
    st = D.new_game(21)
    for budget in (50, 200, ai.BUDGET):
        search = ai.Search(st, budget)
        ai._root_moves(st, search)
        search.node(st.to_move(), ai.MAX_DEPTH, -ai.INF, ai.INF)
        assert search.nodes <= budget and search.stop


def test_hard_beats_easy():
    won, drawn, lost = duel(hard, easy, GAMES)
    assert won + drawn / 2 >= 0.75 * GAMES, (won, drawn, lost)


def test_easy_beats_random():
    won, drawn, lost = duel(easy, uniform, GAMES)
    assert won + drawn / 2 >= 0.9 * GAMES, (won, drawn, lost)


def figures(games=200):
    # The long-run figures for the report and the bench: one line per pairing.
    lines = []
    for name, a, b in (("Hard vs Easy", hard, easy), ("Easy vs random", easy, uniform),
                       ("Hard vs random", hard, uniform)):
        won, drawn, lost = duel(a, b, games, first_seed=1000)
        low, high = wilson((won + drawn / 2) / games, games)
        lines.append("doublejoker: %s: %d won, %d drawn, %d lost of %d games (seats alternated): "
                     "%.1f%%, 95%% CI %.1f-%.1f%%" % (name, won, drawn, lost, games,
                                                     100.0 * (won + drawn / 2) / games,
                                                     100 * low, 100 * high))
    return lines


if __name__ == "__main__":
    for line in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 200):
        print(line)
