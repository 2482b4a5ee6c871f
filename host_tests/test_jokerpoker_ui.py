# The Joker Poker table driven through the buttons on the simulator's host
# stand-ins: a person moves cards between hands, sets the Joker rank, lets
# the device arrange, bets a betting card on each hand and watches the reveal
# hand by hand, every step held until A; people hand the device on without a
# card of anybody's drawn; a match resumes mid-deal. Rule ids (JP-n) are those
# of seeds/jokerpoker.md.
import sys

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine import registry
from engine.ai import jokerpoker_plan as plan
from engine.games import jokerpoker as J
from engine.rng import Rng
from engine.state import says
from firmware import font, play
from firmware.buttons import A, B, RIGHT
from firmware.match import PERSON, Match
from firmware.play import Pause
from firmware.tables import jokerpoker as table
from host_tests import drive, guard
from host_tests.drive import blank, frame_of, hold, match_at, new_device, press, resume, seat_lines, shows, steer, top

MAX_FRAMES = 20000


def start(dev, seats):
    # Title -> Joker Poker -> as many players as seats ("Person", "Bot Hard", ...) -> Start.
    return drive.start(dev, "Joker Poker", seat_lines(seats), "jokerpoker")


def names_shown(dev, t, st, seat, vals=None):
    # Every hand row shows its live name and its place (JP-6, JP-10).
    vals = vals or st.values(seat)
    order = J.positions(vals, len(st.cards(seat)))
    for g in range(3):
        y = table.ROW_Y[t.row[g]]
        assert shows(dev, table.name(vals[g]), table.NAME_X, y + 1, table.SMALL)
        assert shows(dev, "%d" % (order.index(g) + 1), 0, y)


def swap(dev, t, st, seat, rng):
    # A card, then the card of another hand it changes places with (JP-5).
    legal = [m for m in st.legal_moves() if m < J.RANK]
    m = legal[rng.below(len(legal))]
    i, j = J.SWAP_I[m], J.SWAP_J[m]
    movable = set([J.SWAP_I[k] for k in legal] + [J.SWAP_J[k] for k in legal])
    assert sorted([s[2] for s in t.cur.spots if s[2] < J.RANK]) == sorted(movable)
    before = bytearray(st.groups(seat))
    steer(dev, t.cur, i)
    press(dev, A)
    assert t.mode == table.PAIR and t.picked == i and t.cur.selected() == table.PUT_BACK
    assert sorted([s[2] for s in t.cur.spots if s[2] != table.PUT_BACK]) == [
        J.swap_code(i, k) for k in range(len(before)) if J.swap_code(i, k) in legal and k != i]
    steer(dev, t.cur, m)
    press(dev, A)
    now = st.groups(seat)
    assert now[i] == before[j] and now[j] == before[i] and t.mode == table.ARRANGE


def joker_rank(dev, t, st, seat, rng):
    # JP-9: the rank every Joker stands at, the names showing each before A.
    steer(dev, t.cur, J.RANK)
    press(dev, A)
    assert t.mode == table.JOKER
    for _ in range(1 + rng.below(13)):
        press(dev, RIGHT)
    r = t.ranks[t.rank]
    at = J.best_rank(st.cards(seat), st.groups(seat), st.num_seats()) if r == J.BEST else r
    names_shown(dev, t, st, seat, J.group_values(st.cards(seat), st.groups(seat), at, [0, 0, 0]))
    press(dev, A)
    assert t.mode == table.ARRANGE and st.joker_rank(seat) == at


def person_turn(dev, g, rng, checks):
    # One person's whole turn through the cursor: a few swaps, the Joker rank,
    # "arrange for me" now and then, then a betting card on each hand (JP-14).
    st = g.match.state
    t = g.table
    seat = st.to_move()
    assert t.mode == table.ARRANGE and g.viewer == seat
    names_shown(dev, t, st, seat)
    # Whose turn it is, by the betting cards' label (people pass the device on).
    who = g.match.short(seat)
    assert shows(dev, "YOUR BETS" if who == "You" else who + "'S BETS", 0, table.LEFT_Y + 1, table.SMALL)
    for _ in range(rng.below(3)):
        swap(dev, t, st, seat, rng)
        names_shown(dev, t, st, seat)
        checks["swaps"] += 1
    if st.cards(seat)[0] >= J.RED_JOKER:
        joker_rank(dev, t, st, seat, rng)
        checks["jokers"] += 1
    if st.problem(seat) or rng.below(2):
        want = J.propose(st.cards(seat), st.num_seats())
        steer(dev, t.cur, J.AUTO)  # one step from anywhere on the action row
        press(dev, A)  # the frame says it is working, the next one plays it
        assert t.working and g.busy()
        dev.frame()
        assert not t.working and list(st.groups(seat)) == list(want) and not st.problem(seat)
        checks["auto"] += 1
    steer(dev, t.cur, J.BET)
    press(dev, A)
    assert t.mode == table.BETS
    free = st.free_bets(seat)
    chosen = []
    for h in range(3):
        values = sorted([s[2] for s in t.bet_cur.spots])
        assert values == [c for c in range(5) if free[c]]  # JP-14: any unused card, on any hand
        c = values[rng.below(len(values))]
        steer(dev, t.bet_cur, c)
        assert shows(dev, "BET ON HAND %d" % (h + 1), 0, table.LINE_Y[0], table.SMALL)
        press(dev, A)
        chosen.append(c)
        free[c] -= 1
    assert g.match.moves[-1] == J.bet_code(*chosen)
    checks["turns"] += 1


def watch_reveal(dev, g, checks):
    # JP-15..17: hand 1 of every seat, then hand 2, then hand 3, each held until A.
    st = g.match.state
    t = g.table
    n = len(g.match.moves)
    # The running totals after hand 3 are the scores (JP-16, JP-18); after the
    # last A of a match its state is gone (the result comes at once).
    assert t.running(3) == st.scores()
    for h in range(3):
        for _ in range(20):
            dev.frame()
        assert t.holding() and t.step == h and top(dev) is g and len(g.match.moves) == n
        assert shows(dev, "HAND %d OF 3" % (h + 1), 0, 0, table.SMALL)
        # A Joker shows the rank it stands at (JP-9), not only its colour.
        texts = [r[0] for r in guard.drawn(t.draw)[0]]
        assert not [x for x in texts if x in table._JOKERS]
        for q in range(st.num_seats()):
            g_h = J.positions(st.values(q, t.vals), st.hs)[h]
            held = [c for c, k in zip(st.cards(q), st.groups(q)) if k == g_h and c >= J.RED_JOKER]
            if held:
                assert font.rank_char(st.joker_rank(q)) + font.JOKER_CHAR in texts
                checks["jokers shown"] = checks.get("jokers shown", 0) + 1
        won = st.hand_winners(h)
        pot = sum([st.bets(q)[h] for q in range(st.num_seats())])
        if len(won) == 1:
            assert shows(dev, "%s %d" % (says(won[0], g.match.you, "takes"), pot), 0, table.FOOT_Y[1], table.SMALL)
        press(dev, A)
    assert not t.holding()
    checks["reveals"] += 1


def play_deals(dev, deals, seed):
    rng = Rng(seed)
    checks = {"swaps": 0, "jokers": 0, "auto": 0, "turns": 0, "reveals": 0, "ends": 0, "handoffs": 0}

    def ended(t):
        checks["ends"] += 1

    def handoff(t):
        # Everything is secret (JP-15): the hand-off draws no card at all.
        buf, fb = blank()
        t.draw(fb)
        assert bytes(dev.display.buf) == bytes(buf)
        checks["handoffs"] += 1

    drive.play_deals(dev, lambda g: person_turn(dev, g, rng, checks), lambda g: watch_reveal(dev, g, checks), deals,
                     ended, handoff)
    return checks


def test_person_against_a_bot_plays_a_whole_match(tmp_path):
    dev = new_device(tmp_path / "two", 11, bot_delay=60)
    start(dev, ["Person", "Bot Hard"])
    checks = play_deals(dev, 99, 1)
    assert isinstance(top(dev), play.MatchEnd) and dev.app.match is None
    # JP-18: three deals, each revealed hand by hand.
    assert checks["turns"] == 3 and checks["reveals"] == 3 and checks["ends"] == 2
    assert checks.get("jokers shown")  # (three Jokers in 55 cards: some seat held one)
    assert checks["handoffs"] == 0 and checks["swaps"] > 0 and checks["auto"] > 0, checks


def test_the_arranger_comes_with_the_match_and_goes_with_it(tmp_path):
    # Joker Poker's arranger and plans load with its bots when the match starts
    # (on a Pico loading them at a turn cost 80 ms and 9 KB of garbage), stay
    # the same modules through every move and go at the match's end.
    kept = ["engine.arrange", "engine.ai.jokerpoker_plan"]
    registry.forget(kept)  # this test module's own import of the plans aside
    dev = new_device(tmp_path, 11, bot_delay=60)
    start(dev, ["Person", "Bot Hard"])
    loaded = [sys.modules.get(n) for n in kept]
    assert None not in loaded
    steps = []

    def until():
        if dev.app.match is not None:
            steps.append([sys.modules.get(n) for n in kept] == loaded)
        return False

    rng = Rng(2)
    checks = {"swaps": 0, "jokers": 0, "auto": 0, "turns": 0, "reveals": 0}
    drive.play_deals(dev, lambda g: person_turn(dev, g, rng, checks), lambda g: watch_reveal(dev, g, checks),
                     until=until)
    assert checks["turns"] == 3 and checks["auto"] > 0 and len(steps) > 30 and all(steps), checks
    press(dev, B)  # the match's end: back to the title
    assert type(top(dev)).__name__ == "Title" and not set(kept) & set(sys.modules)


def test_four_seats_two_people_hand_off(tmp_path):
    dev = new_device(tmp_path / "four", 24, bot_delay=60)
    start(dev, ["Person", "Bot Medium", "Person", "Bot Hard"])
    checks = play_deals(dev, 1, 4)
    assert checks["turns"] == 2 and checks["reveals"] == 1 and checks["ends"] == 1
    assert checks["handoffs"] == 2  # to P1, then to P3


def test_other_hands_are_never_drawn_jp15(tmp_path):
    # Two deals that differ only in the other seats' cards draw the same frame
    # for the person to move.
    for seats in ([PERSON, 0], [0, PERSON, 0, 1]):
        me = seats.index(PERSON)
        m = match_at(tmp_path, "jokerpoker", seats, lambda s: s.to_move() == me and s.deal_no == 2)
        st = m.state
        a = frame_of(m, me, table)
        hs = st.hs
        mine = set(st.cards(me))
        others = [c for c in range(55) if c not in mine]
        others.reverse()  # the others get other cards than dealt
        k = 0
        for q in range(st.num_seats()):
            if q != me:
                new = J.canonical(others[k:k + hs])
                k += hs
                st.hand[q * hs:(q + 1) * hs] = new
        assert frame_of(m, me, table) == a
        own = st.cards(me)
        spare = [c for c in range(55) if c not in st.hand]
        st.hand[me * hs:(me + 1) * hs] = J.canonical(list(own[:-1]) + spare[:1])
        assert frame_of(m, me, table) != a  # while the viewer's own cards are drawn


def test_bots_alone_are_not_held(tmp_path):
    # The reveal waits for A only when a person is there to press it.
    m = match_at(tmp_path, "jokerpoker", [0, 1, 1], lambda s: s.deal_over())
    t = table.Table(m)
    t.refresh(0)
    assert not t.holding()
    m.seats[1] = PERSON
    t = table.Table(m)
    t.refresh(0)
    assert t.holding() and t.step == 0


def test_b_steps_back_then_pauses(tmp_path):
    dev = new_device(tmp_path / "back", 3, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium"])
    t = g.table
    st = g.match.state
    press(dev, B)
    assert isinstance(top(dev), Pause)  # nothing to step back from
    press(dev, B)
    assert top(dev) is g and t.mode == table.ARRANGE
    steer(dev, t.cur, [s[2] for s in t.cur.spots if s[2] < J.RANK][0])
    press(dev, A)
    assert t.mode == table.PAIR
    press(dev, B)
    assert t.mode == table.ARRANGE and top(dev) is g and not g.match.moves
    if st.problem(0):
        steer(dev, t.cur, J.AUTO)
        press(dev, A)
    steer(dev, t.cur, J.BET)
    press(dev, A)
    press(dev, A)
    assert t.mode == table.BETS and len(t.chosen) == 1
    press(dev, B)
    assert t.mode == table.BETS and not t.chosen
    press(dev, B)
    assert t.mode == table.ARRANGE and top(dev) is g


def test_resume_mid_deal(tmp_path):
    # A power cut while a person arranges: Resume brings back the same deal,
    # arrangement and all, the cursor on the bets (A on "arrange for me", as a
    # new turn starts, undid the arrangement), and the person carries on.
    for seats in (["Person", "Bot Medium"], ["Bot Medium", "Person", "Bot Hard"]):
        root = tmp_path / ("r%d" % len(seats))
        dev = new_device(root, 40 + len(seats), bot_delay=60)
        g = start(dev, seats)
        rng = Rng(len(seats))
        for _ in range(MAX_FRAMES):
            if not g.bot and g.end == play.NONE:
                break
            dev.frame()
        st = g.match.state
        seat = st.to_move()
        for _ in range(2):
            swap(dev, g.table, st, seat, rng)
        want = st.encode()
        moves = list(g.match.moves)
        dev, g = resume(root, "Joker Poker")
        assert g.match.state.encode() == want
        assert list(g.match.moves) == moves and g.table.mode == table.ARRANGE
        assert g.table.cur.selected() == J.BET
        names_shown(dev, g.table, g.match.state, seat)
        checks = play_deals(dev, 1, 5)
        assert checks["turns"] == 1 and checks["reveals"] == 1


def a_until_bet(dev, g, seat):
    # Presses A alone until the seat has bet; returns the presses.
    st = g.match.state
    for k in range(1, 20):
        press(dev, A)
        if st.bets(seat)[0] != J.UNKNOWN:
            return k
    raise AssertionError("A alone did not end the turn")


def test_a_alone_ends_a_turn(tmp_path):
    # A turn starts on "arrange for me", then goes on to the bets; A on a
    # card picked, or on the Jokers' rank they stand at, moves on too.
    dev = new_device(tmp_path / "a", 8, bot_delay=60)
    g = start(dev, ["Person", "Person"])
    press(dev, A)  # the hand-off
    t = g.table
    assert t.cur.selected() == J.AUTO
    assert shows(dev, "A: ARRANGE ALL YOUR CARDS", 0, table.LINE_Y[0], table.SMALL)  # what A does, said
    assert a_until_bet(dev, g, 0) == 5  # arrange, BET, three betting cards
    press(dev, A)  # the hand-off to P2
    st = g.match.state
    steer(dev, t.cur, [s[2] for s in t.cur.spots if s[2] < J.RANK][0])
    if st.cards(1)[0] >= J.RED_JOKER:
        steer(dev, t.cur, J.RANK)
        press(dev, A)
        press(dev, A)  # the rank they stand at: no move, on to BET
        assert t.mode == table.ARRANGE and t.cur.selected() in (J.BET, J.AUTO)
        steer(dev, t.cur, [s[2] for s in t.cur.spots if s[2] < J.RANK][0])
    n = len(g.match.moves)
    press(dev, A)
    press(dev, A)  # the card itself: put back, on to the actions
    assert len(g.match.moves) == n and t.mode == table.ARRANGE and t.cur.selected() == J.AUTO
    a_until_bet(dev, g, 1)
    assert t.holding()  # the reveal


def test_hand_1_on_top_after_arrange_for_me_and_bets_start_as_easy_would(tmp_path):
    # JP-6: after "arrange for me" the rows read hand 1, 2, 3 from the top
    # (a deal where the device's arrangement has its groups in another order);
    # a card moved by hand leaves every row where it is. JP-14: the betting
    # cursor starts on the card Easy would bet on each hand, so A A A bets those.
    for seed in range(1, 40):
        dev = new_device(tmp_path / ("top%d" % seed), seed, bot_delay=60)
        g = start(dev, ["Person", "Bot Medium"])
        st = g.match.state
        t = g.table
        for _ in range(MAX_FRAMES):
            if not g.bot and t.mode == table.ARRANGE:
                break
            dev.frame()
        want = J.propose(st.cards(0), 2)
        rank = J.best_rank(st.cards(0), want, 2)
        if J.positions(J.group_values(st.cards(0), want, rank, [0, 0, 0]), 15) != (0, 1, 2):
            break
    assert t.cur.selected() == J.AUTO
    press(dev, A)
    dev.frame()
    assert list(st.groups(0)) == list(want)
    order = J.positions(st.values(0), 15)
    assert order != (0, 1, 2)
    for h in range(3):
        assert t.row[order[h]] == h and shows(dev, "%d" % (h + 1), 0, table.ROW_Y[h])
    names_shown(dev, t, st, 0)
    rows = list(t.row)
    swap(dev, t, st, 0, Rng(seed))
    assert t.row == rows
    names_shown(dev, t, st, 0)
    steer(dev, t.cur, J.AUTO)
    press(dev, A)
    dev.frame()
    vals = st.values(0)
    order = J.positions(vals, 15)
    assert [t.row[order[h]] for h in range(3)] == [0, 1, 2]
    want = plan.easy_bets(15, 2, st.free_bets(0), [vals[order[h]] for h in range(3)])
    steer(dev, t.cur, J.BET)
    press(dev, A)
    for h in range(3):
        assert t.bet_cur.selected() == want[h]
        press(dev, A)
    assert g.match.moves[-1] == J.bet_code(*want) and want[0] != 0  # not 0 on the strongest hand


def test_look_back_and_scores_keep_the_reveal_back_jp15(tmp_path):
    # JP-15: hands are shown one place at a time; while the reveal is under
    # way, neither look back nor the pause menu's scores tell how the deal
    # ended, and once it is over both do.
    dev = new_device(tmp_path / "reveal", 8, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium"])
    a_until_bet(dev, g, 0)
    t = g.table
    for _ in range(200):
        if t.holding():
            break
        dev.frame()
    st = g.match.state
    assert t.holding() and st.deal_over() and t.unshown() == 1

    def told(at):
        # (B held: the look back, from the table or the round's end screen at.)
        hold(dev, B, play.HOLD_MS + 100)
        lines = top(dev).lines
        press(dev, B)
        assert top(dev) is at
        press(dev, B)  # the pause menu
        p = top(dev)
        p.cur = p.items.index("Scores")
        press(dev, A)
        sheet = top(dev)
        assert type(sheet).__name__ == "ScoreSheet"
        said = [t for t, x, y in drive.recorded(dev, sheet)]
        press(dev, B)
        press(dev, B)
        assert top(dev) is at
        return [x for x in lines if x.startswith("SCORES") or x.startswith("Scores")], sheet.s.history, sheet.s.scores, said

    lines, history, scores, said = told(g)
    assert (lines, history, scores) == ([], [], [0, 0])
    assert "deal 1: not all shown yet" in said  # (not "no deal finished yet" while the table's total grows)
    for _ in range(3):
        press(dev, A)
    assert not t.holding() and t.unshown() == 0
    end = top(dev)
    assert isinstance(end, play.GameEnd)  # the last hand seen: the deal's result at once
    lines, history, scores, said = told(end)
    assert len(lines) == 1 and history == [st.scores()] and scores == st.scores()
    assert not [t for t in said if "shown yet" in t]


def test_the_three_jokers_look_different_jp1_jp7(tmp_path):
    # JP-1, JP-7: the red Joker may be any heart or diamond, the black one any
    # spade or club, the red/black one any card; drawn as one star they could
    # not be told apart (a hint read "swap * *"). The hand rows, the swap line
    # and the texts draw them as the Joker glyph and r, b, and alone.
    from firmware import font, ui

    m = Match(str(tmp_path), "jokerpoker", {}, [PERSON, 0], 74)  # seat 1 holds all three Jokers
    assert set(m.state.cards(0)) >= {J.RED_JOKER, J.RED_JOKER + 1, J.RED_JOKER + 2}
    m.play(J.AUTO)  # (saved: resumed below)
    dev, g = resume(tmp_path, "Joker Poker")
    t = g.table
    st = g.match.state
    cards = list(st.cards(0))
    jk = font.JOKER_CHAR
    want = {J.RED_JOKER: jk + "r", J.RED_JOKER + 1: jk + "b", J.RED_JOKER + 2: jk}
    spots = dict([(s[2], s) for s in t.cur.spots])
    for c, label in want.items():
        y, x = spots[cards.index(c)][:2]
        assert shows(dev, label, x + (3 if len(label) == 1 else 0), y), label  # (one cell: centred)
    red = cards.index(J.RED_JOKER)
    steer(dev, t.cur, red)
    press(dev, A)
    assert t.mode == table.PAIR and shows(dev, "SWAP %sr WITH?  B: BACK" % jk, 0, table.LINE_Y[0], table.SMALL)
    # A hint or the look back: the engine's words drawn with the same labels.
    assert ui.glyphs(st.describe(J.swap_code(red, cards.index(J.RED_JOKER + 1)), 0)) == "swap %sr %sb" % (jk, jk)
    assert ui.glyphs("P2: swap Jk, Jkb.") == "P2: swap %s, %sb." % (jk, jk)
