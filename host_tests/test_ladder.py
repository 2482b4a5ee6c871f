# The bots' ladder (issue 25): Easy, Medium, Hard in every game. Each rung
# above the one below on a fixed set of deals (host_tests/ladder.py, the
# figures at 800 matches and more are in the README), the level indices of
# saves and records kept (a save of before the ladder resumes with the same
# bots), the setup offering the levels weakest first.
import json
import os

from engine import registry
from engine.ai import EASY, HARD, LEVELS, MEDIUM, ORDER
from firmware import saves
from firmware.buttons import A, LEFT, RIGHT
from host_tests.ladder import TARGET, below, holds, rung
from host_tests.drive import menu_pick, new_device, press, top

BEFORE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "levels_before_ladder.json")
# Games whose Hard plays better since on purpose (issue 25 item 3): it no
# longer makes main's moves, so there only Medium's are checked.
HARD_SINCE = ("habitual", "georgian", "jokerpoker")

# Medium against Easy, seats rotated on the same deals: (game, seats, matches),
# each asserted to hold (the share at least TARGET, the lower bound above
# chance). Each count is the fewest, rounded up to forty, at which a bot
# winning the share measured at 800 matches or more (README, Bots) would fail
# on other draws at most once in twenty, as for HARD_RUNGS below: Habitual
# Joker's 0.644-0.653 and Prediction's 0.356 with four seats sit close to
# their targets, so they need 1,080 and 920.
EASY_RUNGS = (
    ("doublejoker", 2, 160),
    ("habitual", 2, 1080),
    ("prediction", 2, 200),
    ("prediction", 3, 400),
    ("prediction", 4, 920),
    ("georgian", 4, 80),
    ("jokerpoker", 2, 60),
    ("jokerpoker", 4, 60),
)
HARD_MATCHES = 240
# Hard against Medium where the rung holds (Joker Poker's do not: README,
# Bots): (game, seats, matches), each asserted to hold, the share at least
# TARGET and the lower bound above chance. The bots' random draws are a sample
# too: issue 23's seeding (the device's) moved Prediction's two seats from
# 0.644 to 0.680 of 800. So each count is the fewest, rounded up to forty (ten
# deals at least), at which a bot winning the mean of those two shares would
# fail on other draws at most once in twenty: that share 1.645 standard errors
# over TARGET and 3.6 (1.96 + 1.645) over chance. Prediction's share is only
# about 0.04 over TARGET at every seat count, so it needs 344-479 matches.
HARD_RUNGS = (
    ("doublejoker", 2, 40),
    ("prediction", 2, 360),
    ("prediction", 3, 480),
    ("prediction", 4, 360),
    ("georgian", 4, 40),
)


def measured(gid, seats, matches, upper):
    # rung() with its figures printed.
    won, lo, hi = rung(gid, seats, matches, upper)
    print("%s, %d seats: %s against %s %.3f [%.3f, %.3f] of %d" % (
        gid, seats, LEVELS[upper], LEVELS[below(upper)], won, lo, hi, matches))
    return won, lo, hi


def test_medium_beats_easy_by_the_target_in_every_game():
    for gid, seats, matches in EASY_RUNGS:
        won, lo, hi = measured(gid, seats, matches, MEDIUM)
        assert holds(won, lo, seats), (gid, seats, won, lo)


def test_hard_beats_medium_by_the_target_where_the_rung_holds():
    for gid, seats, matches in HARD_RUNGS:
        won, lo, hi = measured(gid, seats, matches, HARD)
        assert holds(won, lo, seats), (gid, seats, won, lo)


def test_habitual_hard_beats_medium_by_the_target():
    # Issue 25 item 3: Habitual Joker's Hard at least 0.72 against Medium
    # (README, Bots: 800 matches). On the first HARD_MATCHES of those deals
    # the interval's lower end clears the rung's target for two seats (the
    # Hard of before, random playouts, falls short of it here: 0.669 [0.607, 0.725]).
    won, lo, hi = measured("habitual", 2, HARD_MATCHES, HARD)
    assert lo > TARGET[2], (won, lo)


def test_joker_poker_hard_is_clearly_above_medium_with_four_seats():
    # Joker Poker's Hard rungs fall short of TARGET (README, Bots), but with four
    # seats Hard takes clearly more than a seat's share: 0.320 of 4,000 matches,
    # so 600 deals (as HARD_RUNGS counts them, against chance alone) hold its
    # interval above chance; Medium in Hard's seat wins 0.25 of them.
    won, lo, hi = measured("jokerpoker", 4, 600, HARD)
    assert lo > 0.25, (won, lo)


def test_levels_keep_their_indices_and_the_setup_offers_them_weakest_first():
    # Saves, records and remembered setups hold indices: 0 and 1 were Easy and
    # Hard, so 0 is Medium now (the same bot) and the newcomer's Easy is new.
    assert (LEVELS[MEDIUM], LEVELS[HARD], LEVELS[EASY]) == ("Medium", "Hard", "Easy") and (MEDIUM, HARD) == (0, 1)
    assert [LEVELS[k] for k in ORDER] == ["Easy", "Medium", "Hard"]
    for gid in registry.ids():
        bots = registry.bots(gid)
        assert (bots.LEVELS, bots.ORDER) == (LEVELS, ORDER), gid


def test_setup_goes_round_person_easy_medium_hard(tmp_path):
    dev = new_device(tmp_path / "setup")
    menu_pick(dev, "Double Joker")
    s = top(dev)
    while s.items[s.cur] != "P2: Bot Medium":  # a new player's default
        s.cur -= 1
    seen = []
    for _ in range(4):
        press(dev, RIGHT)
        seen.append(s.items[s.cur])
    assert seen == ["P2: Bot Hard", "P2: Person", "P2: Bot Easy", "P2: Bot Medium"]
    press(dev, LEFT)
    assert s.items[s.cur] == "P2: Bot Easy"


def test_a_save_of_before_the_ladder_resumes_with_the_same_bots(tmp_path):
    # The matches of levels 0 and 1 that main played before the ladder (the
    # device's way: Match.bot_move, every seat a bot), saved half way: resumed
    # here, the bots make the very moves main's made.
    with open(BEFORE) as f:
        before = json.load(f)
    assert len(before) == 9  # every game and seat count
    for key in sorted(before):
        gid = key.split()[0]
        was = before[key]
        moves = bytes.fromhex(was["moves"])
        root = str(tmp_path / key.replace(" ", "-"))
        os.makedirs(root)
        saves.write(root, {"game": gid, "options": registry.load(gid).INFO.setup({}, len(was["seats"])),
                           "seed": was["seed"], "seats": was["seats"], "moves": moves[:len(moves) // 2]})
        dev = new_device(root)
        assert top(dev).items[0] == "Resume " + registry.title(gid)
        press(dev, A)
        m = dev.app.match
        assert [m.player(q)[3:] for q in range(2)] == ["Medium", "Hard"]
        if gid in HARD_SINCE:
            # Medium makes each of its moves of main's match; Hard's are main's.
            for move in moves[len(moves) // 2:]:
                if m.seats[m.state.to_move()] == MEDIUM:
                    assert m.bot_move() == move, key
                m.play(move)
        else:
            while not m.state.is_over():
                m.play(m.bot_move())
        assert bytes(m.moves) == moves, key


def test_a_setup_with_easy_is_remembered(tmp_path):
    # The setup started last comes back as it was, Easy seats included
    # (firmware/settings.py keeps the indices; 2 is Easy).
    root = tmp_path / "remember"
    dev = new_device(root)
    menu_pick(dev, "Double Joker")
    s = top(dev)
    s.cur = s.items.index("P2: Bot Medium")
    press(dev, LEFT)
    assert s.items[s.cur] == "P2: Bot Easy"
    press(dev, A)
    assert dev.app.match.seats == [-1, EASY] and dev.app.match.player(1) == "P2 Easy"
    dev.app.quit_match()
    dev = new_device(root)
    menu_pick(dev, "Double Joker")
    assert "P2: Bot Easy" in top(dev).items
