# The Georgian Joker table driven through the buttons on the simulator's host
# stand-ins: the first dealer's draw, whole short deals where every choice of
# the people (bids, trump, cards, a Joker's suit and high or low) is steered
# with the arrows over legal choices only, finished tricks held until A, the
# hand-off summary of bids, the score sheet from the pause menu and the end
# screens, resume mid-deal (a finished trick held again), the line that spells
# out a led Joker, and no hidden card ever drawn. Rule ids (GJ-n) are those of
# seeds/georgian.md.
import sys

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine import registry
from engine.games import georgian as G
from engine.rng import Rng
from firmware import font, play, ui
from firmware.buttons import A, B, DOWN, RIGHT, UP
from firmware.match import PERSON
from firmware.play import Pause
from firmware.tables import georgian as table
from host_tests import drive
from host_tests.drive import (blank, frame_of, match_at, menu_pick, new_device, pixels, press, resume, seat_lines,
                              set_up, shows, steer, top)
from host_tests.guard import drawn as guarded
from host_tests.test_georgian import sheet_state

MAX_FRAMES = 20000
BYTES = "engine.games.georgian_bytes"  # the state as bytes: the host's tests and tools alone
REFUSALS = "engine.games.georgian_refusals"  # why a move is refused: a damaged save's replay alone


def start(dev, seats, deals="All 24"):
    # Title -> Georgian Joker -> the four seats ("Person", "Bot Hard", ...),
    # the Deals option -> Start.
    menu_pick(dev, "Georgian Joker")
    assert top(dev).items[:4] == ["P1: Person", "P2: Person", "P3: Bot Medium", "P4: Bot Medium"]  # GJ-1
    set_up(dev, seat_lines(seats, players=False) + ["Deals: " + deals])
    g = [s for s in dev.app.stack if isinstance(s, play.GameScreen)][0]  # (under a hand-off with people sharing)
    assert g.match.game_id == "georgian"
    global table  # an earlier test's game switch unloads the table: the app loads it afresh
    table = sys.modules[type(g.table).__module__]
    return g


def person_move(dev, g, rng, checks):
    # One move of the person to move through the cursor: the choices offered
    # are exactly the legal ones; a Joker takes a second step.
    st = g.match.state
    t = g.table
    legal = st.legal_moves()
    n = len(g.match.moves)
    ph = st.phase()
    m = legal[rng.below(len(legal))]
    if ph == G.BIDDING:
        assert t.mode == table.BIDS and sorted([s[2] for s in t.opts.spots]) == legal  # GJ-8, GJ-9
        if st.forbidden() >= 0:
            assert G.BID + st.forbidden() not in legal
            # Why, in the message line: the bids would sum to the cards dealt.
            assert t._message() == "Your bid: not %d (sum %d = cards)" % (st.forbidden(), st.cards())
            assert sum([st.bid(q) for q in range(4) if st.bid(q) >= 0]) + st.forbidden() == st.cards()
            checks["forbidden"] += 1
        assert t.opts.selected() == min(legal)  # the lowest bid, whatever was chosen before: A alone bids no more
        steer(dev, t.opts, m)
        press(dev, A)
        checks["bids"] += 1
    elif ph == G.CHOOSE:
        assert t.mode == table.TRUMPS and [s[2] for s in t.opts.spots] == legal  # GJ-7
        assert len(t.hand) == 3 and t.opts.selected() == legal[0]
        steer(dev, t.opts, m)
        press(dev, A)
        checks["trumps"] += 1
    else:
        assert t.mode == table.CARDS
        cards = [c for c in legal if c < G.JOKER]
        jokers = [c for c in legal if c >= G.JOKER]
        offered = sorted([s[2] for s in t.cards.spots])
        assert offered == sorted(cards + ([G.JOKER] if jokers else []))  # GJ-11, GJ-14
        if m >= G.JOKER:
            steer(dev, t.cards, G.JOKER)
            press(dev, A)
            assert t.mode == table.JOKER and len(g.match.moves) == n  # the second step (GJ-13, GJ-14)
            assert sorted([s[2] for s in t.opts.spots]) == jokers
            low = 0 if st.tricks(st.to_move()) < st.bid(st.to_move()) else 1  # high while the bid needs tricks
            assert t.opts.selected() == (G.joker_lead(0, low) if G.LEAD in legal else G.JOKER_HI + low)
            steer(dev, t.opts, m)
            checks["jokers"] += 1
        else:
            steer(dev, t.cards, m)
        if t.mode == table.CARDS:
            # Issue 21: every card of the hand crisp, as the shared card look
            # draws it: the chosen one inverted; while some may not be played,
            # the ones that may underlined, the others plain (never dimmed).
            some = len(t.cards.spots) < len(t.hand)
            for i in range(len(t.hand)):
                c = t.hand[i]
                x = t._hand_x(i)
                buf, fb = blank()
                ui.card(fb, table.card_text(c), x, table.HAND_Y, x == t.cards.at()[1], some and t._plays(c))
                box = (x - 1, table.HAND_Y - 1, x + 12, table.HAND_Y + 9)
                assert pixels(dev.display.buf, *box) == pixels(buf, *box), (c, some)
            checks["restricted"] += some
        press(dev, A)
        checks["cards"] += 1
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] == m


def play_deals(dev, deals, seed):
    # Plays `deals` deals from the game screen: the people's moves by
    # person_move(), bots between, every finished trick held until A.
    rng = Rng(seed)
    checks = {"bids": 0, "trumps": 0, "cards": 0, "jokers": 0, "forbidden": 0, "held": 0, "ends": 0,
              "handoffs": 0, "restricted": 0, "lasts": 0}

    def ended(t):
        checks["ends"] += 1
        st = t.game.match.state
        d = st.deals_done() - 1
        bids, took, pts = st.sheet_row(d)
        assert sum(took) == st.cards() and pts == st.history()[-1]  # GJ-18
        assert " ".join(t.rows).startswith("Deal %d:" % (d + 1))
        # Where the match is (GJ-4), not its length ("Deals: All 24") as it
        # was; the round's end says what A leads to.
        assert t.standings.goal == "Deal %d of %d" % (d + 1, st.deals())
        goal = "Next: deal %d of %d" % (d + 2, st.deals())
        assert drive.drawn(dev, 0, 47, ui.W, 55, lambda fb: ui.centre(fb, goal, 48, 1, ui.SMALL))

    def handoff(t):
        lines = t.game.table.handoff_lines(t.seat)
        st = t.game.match.state
        assert lines[2].split()[1:] == [("-" if st.bid(q) < 0 else "%d" % st.bid(q)) for q in range(4)]
        # The last finished trick, every card of it under its seat's name and
        # the winner's marked: the people who played to it before its last
        # card saw neither the cards after theirs nor who took it (a review).
        last = st.last_trick()
        if st.phase() == G.PLAYING and last is not None:
            cards = [table.play_text(c) for c in last[0]]
            cards[last[1]] = ">" + cards[last[1]]
            assert [w for w in lines[-1].split(" ") if w] == ["last"] + cards and len(lines) == 5  # (the ten is a newline)
            checks["lasts"] += 1
        else:
            assert not lines[-1].startswith("last")
        checks["handoffs"] += 1

    def held(t):
        n = len(t.match.moves)
        for _ in range(20):
            dev.frame()
        assert len(t.match.moves) == n and top(dev) is t  # bots wait too
        checks["held"] += 1
        press(dev, A)
        assert not t.table.holding()

    def person(t):
        assert t.match.is_person(t.who)
        person_move(dev, t, rng, checks)

    drive.play_deals(dev, person, held, deals, ended, handoff)
    return checks


def test_first_deals_through_the_buttons_one_person(tmp_path):
    registry.forget([BYTES, REFUSALS])  # loaded by earlier tests' encode() and illegal moves
    dev = new_device(tmp_path / "one", 7, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Hard", "Bot Medium"])
    st = g.match.state
    # GJ-3: the draw for the first dealer is shown first, and waits for A.
    assert g.table.holding() and g.table.held == table.DRAW
    draw = st.dealer_draw()
    assert shows(dev, table.card_text(draw[0]), 16, 11, table.SMALL)
    press(dev, A)
    assert not g.table.holding()
    checks = play_deals(dev, 3, 1)
    # Deals of 1, 2 and 3 cards: one trick held per card dealt (6 tricks).
    assert checks["ends"] == 3 and checks["held"] == 6 and checks["bids"] == 3 and checks["cards"] == 6
    assert checks["handoffs"] == 0  # one person: no hand-off
    # The end screen's RIGHT opens the game's own score sheet.
    press(dev, RIGHT)
    sheet = top(dev)
    assert isinstance(sheet, table.Sheet) and len(sheet.rows) == 3
    assert list(sheet.rows) == [0, 1, 2]  # deals 1..3, no phase finished
    at = "DEAL 3/24"  # the deal just scored, as the end screen under it says
    assert drive.drawn(dev, 60, 0, ui.W, ui.ROW, lambda fb: (ui.header(fb, "Sheet"),
                                                               font.text(fb, at, ui.W - 2 - font.width(at), 2, 0)))
    press(dev, A)
    end = top(dev)
    assert isinstance(end, play.GameEnd)
    # With a sheet of its own the end screen keeps the last deal's points only.
    assert end.standings.history is None and end.standings.last == sheet.st.history()[-1]
    # A match on the device never asks for a state's bytes, nor why a move is refused.
    assert BYTES not in sys.modules and REFUSALS not in sys.modules


def test_two_people_pass_the_device_and_see_the_bids(tmp_path):
    dev = new_device(tmp_path / "two", 8, bot_delay=60)
    g = start(dev, ["Person", "Person", "Bot Medium", "Bot Medium"])
    # GJ-3: no draw screen to press through; the first hand-off names the dealer.
    assert not g.table.holding()
    dev.idle()
    h = top(dev)
    assert isinstance(h, play.Handoff)
    dealer = (len(g.match.state.dealer_draw()) - 1) % 4
    assert h.game.table.handoff_lines(h.seat)[-1] == "First Ace: P%d deals" % (dealer + 1)
    checks = play_deals(dev, 3, 2)
    assert checks["ends"] == 3 and checks["handoffs"] >= 4 and checks["lasts"] > 0, checks  # GJ-22
    assert g.table.handoff_lines(0)[0].startswith("Deal 3/24, 3 cards")


def test_nine_card_deals_trump_choice_and_jokers(tmp_path):
    # Nines only: trump named on three cards (GJ-7), nine cards in one row.
    dev = new_device(tmp_path / "nines", 4, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Person", "Bot Medium"], "Nines only")
    press(dev, A)
    checks = play_deals(dev, 4, 5)
    assert checks["ends"] == 4 and checks["cards"] == 2 * 9 * 4
    assert checks["trumps"] >= 1 and checks["jokers"] >= 1 and checks["forbidden"] >= 1
    assert checks["restricted"] >= 10  # following suit with cards that may not be played
    assert g.match.state.deals_done() == 4 and g.match.state.bonus(0) is not None


def reach(dev, g, want):
    # Presses A (or lets bots move) until want(state, table) holds.
    st = g.match.state
    for _ in range(MAX_FRAMES):
        t = top(dev)
        if t is g and not g.table.holding() and want(st, g.table):
            return
        if isinstance(t, play.GameScreen) and (t.table.holding() or (not t.bot and t.end == play.NONE)):
            if t.table.mode == table.CARDS and t.table.cards.selected() >= G.JOKER:
                press(dev, RIGHT)  # keep the Jokers
            press(dev, A)
        elif isinstance(t, (play.GameEnd, play.Handoff)):
            press(dev, A)
        else:
            dev.frame()
    raise AssertionError("never reached")


def test_joker_second_step_and_back(tmp_path):
    dev = new_device(tmp_path / "joker", 9, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"], "Nines only")
    reach(dev, g, lambda st, t: t.mode == table.CARDS and st.jokers(0) and st.in_trick == 0)
    t = g.table
    n = len(g.match.moves)
    steer(dev, t.cards, G.JOKER)
    press(dev, A)
    # Led: a suit and high or low, eight choices where the hand was (GJ-14).
    assert t.mode == table.JOKER and len(t.opts.spots) == 8
    assert all([s[0] == table.HAND_Y for s in t.opts.spots])
    press(dev, B)  # back to the cards, nothing played
    assert t.mode == table.CARDS and len(g.match.moves) == n and top(dev) is g
    press(dev, B)
    assert isinstance(top(dev), Pause)  # from the first step: the menu
    press(dev, B)
    steer(dev, t.cards, G.JOKER)
    press(dev, A)
    steer(dev, t.opts, G.joker_lead(2, 1))
    press(dev, A)
    st = g.match.state
    assert g.match.moves[-1] == G.joker_lead(2, 1) and st.led_suit() == 2
    text = table.play_text(G.joker_lead(2, 1))  # the Joker, the heart it named, low
    x, y = table.BOX[0]
    assert shows(dev, text, x + (table.BOX_W + 1 - table.font.width(text, table.NORMAL)) // 2,
                 y + table.LABEL_DY)


def test_joker_high_and_low_on_the_keys_shown(tmp_path):
    # GJ-13, GJ-14: the Joker's step shows UP for high and DOWN for low, and
    # those keys choose them: led, for the suit under the cursor; played to a
    # trick, between HIGH and LOW. LEFT/RIGHT still walk every choice.
    dev = new_device(tmp_path / "keys", 9, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"], "Nines only")
    t = g.table
    reach(dev, g, lambda st, t: t.mode == table.CARDS and st.jokers(0) and st.in_trick == 0)
    steer(dev, t.cards, G.JOKER)
    press(dev, A)
    assert t.mode == table.JOKER and "\x12high \x13low" in t._message()
    for s in range(4):
        steer(dev, t.opts, G.joker_lead(s, 0))
        press(dev, DOWN)
        assert t.opts.selected() == G.joker_lead(s, 1)
        press(dev, DOWN)
        assert t.opts.selected() == G.joker_lead(s, 1)
        press(dev, UP)
        assert t.opts.selected() == G.joker_lead(s, 0)
    press(dev, DOWN)
    press(dev, A)
    assert g.match.moves[-1] == G.joker_lead(3, 1)
    reach(dev, g, lambda st, t: t.mode == table.CARDS and st.in_trick > 0 and G.JOKER_HI in t.legal)
    steer(dev, t.cards, G.JOKER)
    press(dev, A)
    assert t.mode == table.JOKER
    press(dev, UP)
    assert t.opts.selected() == G.JOKER_HI
    press(dev, DOWN)
    assert t.opts.selected() == G.JOKER_LO
    press(dev, UP)
    assert t.opts.selected() == G.JOKER_HI
    press(dev, A)
    assert g.match.moves[-1] == G.JOKER_HI


def test_sheet_from_the_pause_menu_any_time(tmp_path):
    dev = new_device(tmp_path / "sheet", 3, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"])
    press(dev, B)  # over the first dealer's draw
    menu_pick(dev, "Scores")
    sheet = top(dev)
    assert isinstance(sheet, table.Sheet) and not sheet.rows
    press(dev, A)
    press(dev, B)
    assert top(dev) is g and g.table.holding()
    reach(dev, g, lambda st, t: st.deals_done() == 8 and st.phase() == G.BIDDING)
    press(dev, B)
    menu_pick(dev, "Scores")
    sheet = top(dev)
    st = g.match.state
    # Eight deals and phase 1's subtotals with its bonus (GJ-19).
    assert len(sheet.rows) == 9 and sheet.rows[-1] == table.Sheet.PHASE + 0  # phase 1's totals
    assert st.phase_total(0) == st.scores()
    assert sheet.top == len(sheet.rows) - sheet.ROWS  # the latest rows
    press(dev, DOWN)
    assert sheet.top == len(sheet.rows) - sheet.ROWS  # already at the bottom
    for _ in range(len(sheet.rows)):
        press(dev, UP)
    assert sheet.top == 0
    press(dev, B)
    assert isinstance(top(dev), Pause)


def test_other_hands_are_never_drawn_gj22(tmp_path):
    # Two positions that differ only in the other hands draw the same frame.
    for d in (4, 8):
        m = match_at(tmp_path, "georgian", [PERSON, PERSON, 0, 0],
                     lambda s: s.d == d and s.phase() == G.PLAYING and s.in_trick == 1)
        st = m.state
        viewer = st.to_move()
        a = frame_of(m, viewer, table)
        x = (viewer + 1) % 4  # the two seats still to play: hands of the same size
        y = (viewer + 2) % 4
        for s in range(4):
            st.held[4 * x + s], st.held[4 * y + s] = st.held[4 * y + s], st.held[4 * x + s]
        st.jokers_held[x], st.jokers_held[y] = st.jokers_held[y], st.jokers_held[x]
        assert frame_of(m, viewer, table) == a
        own = frame_of(m, x, table)
        assert own != a


def test_resume_mid_deal(tmp_path):
    root = tmp_path / "resume"
    dev = new_device(root, 12, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Hard", "Bot Medium"])
    reach(dev, g, lambda st, t: st.deals_done() == 3 and t.mode == table.CARDS and st.in_trick > 0)
    want = g.match.state.encode()
    moves = list(g.match.moves)
    dev, g = resume(root, "Georgian Joker")
    assert g.match.state.encode() == want and list(g.match.moves) == moves
    assert g.table.mode == table.CARDS and not g.table.holding()  # no draw shown again


def held_trick(dev, g, won):
    # Presses A (or lets bots move) until the table holds a finished trick
    # that won(winner) likes, with more tricks to come in the deal.
    st = g.match.state
    for _ in range(MAX_FRAMES):
        t = top(dev)
        if t is g and g.table.held == table.TRICK and st.hand_size(0) and won(st.last_trick()[1]):
            return
        if isinstance(t, (play.GameEnd, play.Handoff)) or t is g and (g.table.holding() or g.my_turn()):
            press(dev, A)
        else:
            dev.frame()
    raise AssertionError("never reached")


def test_an_arrow_goes_on_from_a_trick_when_you_lead_next(tmp_path):
    # A review: every held trick cost a press of A. When the person leads
    # next an arrow goes on too, and moves their cursor; when a bot does,
    # arrows mean nothing (A goes on).
    for won in (lambda q: q == 0, lambda q: q != 0):
        dev = new_device(tmp_path / ("you" if won(0) else "them"), 7, bot_delay=60)
        g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"])
        held_trick(dev, g, won)
        while won(0) and len(g.table.cursor.spots) < 2:  # (a choice to move over)
            press(dev, A)
            held_trick(dev, g, won)
        moves = list(g.match.moves)
        was = g.table.cursor.selected()
        press(dev, RIGHT)
        assert list(g.match.moves) == moves
        if won(0):
            assert not g.table.holding() and g.table._message() == "Your lead"
            assert g.table.cursor.selected() != was
        else:
            assert g.table.holding()


def test_results_go_on_after_four_times_bot_speed_when_set(tmp_path):
    # Settings, Results: Go on: a finished trick goes on by itself after four
    # times Bot speed (a review: 144 of a match's 360 presses were A on a
    # trick); A still goes on at once.
    dev = new_device(tmp_path / "goon", 7, bot_delay=60)
    dev.app.results = 240
    g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"])
    for won in (lambda q: q != 0, lambda q: q == 0):
        held_trick(dev, g, won)
        moves = list(g.match.moves)
        dev.wait(200)
        assert g.table.holding() and list(g.match.moves) == moves
        dev.wait(60)
        assert not g.table.holding()
        if won(0):
            # An A pressed as it went was meant for the trick: it plays no card
            # (a review); a moment later A plays.
            dev.press(A)
            assert list(g.match.moves) == moves and g.my_turn()
            dev.wait(play.SETTLE_MS)
            dev.press(A)
            assert len(g.match.moves) == len(moves) + 1
    held_trick(dev, g, lambda q: True)
    press(dev, A)
    assert not g.table.holding()


def test_resume_holds_the_finished_trick_until_a(tmp_path):
    # A finished trick waits for A after the power went as before it: the A
    # that sees it out plays no card and clears the trick, whoever took it,
    # and the line says who.
    for won in (lambda q: q == 0, lambda q: q != 0):
        root = tmp_path / ("you" if won(0) else "them")
        dev = new_device(root, 7, bot_delay=60)
        g = start(dev, ["Person", "Bot Medium", "Bot Medium", "Bot Medium"])
        held_trick(dev, g, won)
        said = g.table._message()
        winner = g.match.state.last_trick()[1]
        assert said == "%s took the trick  A: next" % g.match.short(winner)
        moves = list(g.match.moves)
        dev, g = resume(root, "Georgian Joker")
        assert g.table.holding() and g.table._message() == said
        assert shows(dev, ui.glyphs(said), 0, table.MSG_Y, table.SMALL)
        for _ in range(20):
            dev.frame()
        assert list(g.match.moves) == moves  # bots wait too
        assert g.table._trick()[0].count(-1) == 0
        press(dev, A)
        assert not g.table.holding() and list(g.match.moves) == moves
        # Seen out, the trick leaves the table: shown on, it read as a trick
        # still going on (a review); look back shows it again.
        assert g.table._trick()[:2] == ([-1, -1, -1, -1], winner)
        if winner == 0:
            assert g.table.mode == table.CARDS and g.table._message() == "Your lead"
        else:  # until the bot leads, the line still says who took it, not the card before
            assert g.table._message() == "%s took the trick" % g.match.short(winner)


def test_resume_with_people_sharing_holds_nothing(tmp_path):
    # Held, the table would show the first person's hand to whoever has the
    # device; the hand-off stops it instead (GJ-22).
    root = tmp_path / "two"
    dev = new_device(root, 8, bot_delay=60)
    g = start(dev, ["Person", "Person", "Bot Medium", "Bot Medium"])
    held_trick(dev, g, lambda q: True)
    dev = new_device(root, 99)
    press(dev, A)  # Resume
    g = [s for s in dev.app.stack if isinstance(s, play.GameScreen)][0]
    assert g.match.state.in_trick == 0 and not g.table.holding()


def test_a_led_joker_says_what_it_asks_gj14(tmp_path):
    # A bot leads a Joker: the line names its suit, high or low, and what that
    # leaves the person to play (GJ-14): their highest card of the suit, else
    # a trump, else any card (a Joker any time, GJ-11).
    def asks(want):
        def at(s):
            if s.phase() != G.PLAYING or not s.in_trick or s.to_move() != 0 or s.trick_cards()[0] < G.LEAD:
                return False
            s.must()
            return want == ("highest" if s.must_suit == s.led_suit() else "any" if s.must_suit == G.NONE else
                            "trump")
        return at

    for want, seed in (("highest", 1), ("trump", 2), ("any", 2)):
        root = tmp_path / want
        root.mkdir()
        m = match_at(root, "georgian", [PERSON, 0, 0, 0], asks(want), seed)
        st = m.state
        led = st.trick_cards()[0]
        s = st.led_suit()
        suit = font.SUIT_CHARS[s]
        dev, g = resume(root, "Georgian Joker")
        t = g.table
        assert t.mode == table.CARDS
        said = {"highest": "play your highest " + suit, "trump": "no %s, play a trump" % suit,
                "any": "no %s, play any card" % suit}[want]
        said = "%s %s %s: %s" % (font.JOKER_CHAR, "low" if led & 1 else "high", suit, said)
        assert t._message() == said and len(said) <= 32
        assert shows(dev, said, 0, table.MSG_Y, table.SMALL)
        cards = [c for c in st.legal_moves() if c < G.JOKER]
        if want == "highest":
            assert cards == [max([c for c in st.hand(0) if c < G.JOKER and G.SUIT[c] == s])]
        elif want == "trump":
            assert cards and all([G.SUIT[c] == st.trump != s for c in cards])
        assert sorted([p[2] for p in t.cards.spots]) == sorted(cards + ([G.JOKER] if st.jokers(0) else []))


def ended_on(rows, you=None):
    # The deal-over text of a Nines match whose finished deals are rows
    # ((bids), (tricks)), the last just played.
    s = sheet_state(rows)
    s.ph = G.BETWEEN
    for q in range(4):
        s.bids[q], s.taken[q] = rows[-1][0][q], rows[-1][1][q]
    return s.result_text(you)


def test_deal_over_lists_who_made_the_bid_gj18_gj19():
    # The deal-over screen names who took exactly their bid (GJ-18) as a
    # sentence: "P2, P3 and You", not "P2 P3 You"; so do a phase's bonuses (GJ-19).
    miss = ((1, 1, 1, 1), (0, 0, 0, 0))
    assert ended_on([((1, 0, 0, 2), (1, 0, 1, 0))], 0) == "Deal 1: You and P2 made their bids"
    assert ended_on([((0, 1, 1, 1), (1, 1, 1, 0))], 0) == "Deal 1: P2 and P3 made their bids"
    assert ended_on([((2, 0, 0, 3), (1, 0, 0, 3))], 3) == "Deal 1: P2, P3 and You made their bids"
    assert ended_on([((2, 1, 0, 3), (1, 0, 0, 3))]) == "Deal 1: P3 and P4 made their bids"
    assert ended_on([((2, 1, 0, 3), (1, 0, 1, 3))], 3) == "Deal 1: You made the bid"
    assert ended_on([miss]) == "Deal 1: no bid made"
    both = ((1, 1, 0, 0), (1, 1, 1, 1))
    assert ended_on([both] * 4, 1) == "Deal 4: P1 and You made their bids. Phase 1 bonus: P1 +100 and You +100"
    assert ended_on([miss] * 3 + [both]) == "Deal 4: P1 and P2 made their bids. Phase 1: no bonus"


def test_the_hand_off_counts_one_card(tmp_path):
    # GJ-4: the first deal has one card: the hand-off says "1 card", then "2 cards".
    dev = new_device(tmp_path / "one", 8, bot_delay=60)
    g = start(dev, ["Person", "Person", "Bot Medium", "Bot Medium"])
    for want in ("Deal 1/24, 1 card, trump ", "Deal 2/24, 2 cards, trump "):
        for _ in range(MAX_FRAMES):
            t = top(dev)
            if isinstance(t, play.Handoff) and g.match.state.deal_no() == int(want[5]):
                break
            if isinstance(t, (play.GameEnd, play.Handoff)) or t is g and (g.table.holding() or g.my_turn()):
                press(dev, A)
            else:
                dev.frame()
        line = t.game.table.handoff_lines(t.seat)[0]
        assert line.startswith(want) and len(line) == len(want) + 1


def test_deal_over_screen_after_resume(tmp_path):
    # Resumed at a deal's end: its last trick is held as before the power
    # went, then the deal-over screen lists who made their bids (GJ-18).
    root = tmp_path / "end"
    root.mkdir()
    m = match_at(root, "georgian", [PERSON, 0, 0, 0], lambda s: s.ph == G.BETWEEN and
                 len([q for q in range(4) if s.bid(q) == s.tricks(q)]) == 3)
    st = m.state
    names = [m.short(q) for q in range(4) if st.bid(q) == st.tricks(q)]
    dev, g = resume(root, "Georgian Joker")
    assert g.table.held == table.TRICK
    press(dev, A)
    dev.idle()
    end = top(dev)
    assert isinstance(end, play.GameEnd)
    said = "Deal %d: %s, %s and %s made their bids" % (st.deals_done(), names[0], names[1], names[2])
    assert " ".join(end.rows).startswith(said)


def test_the_dealer_is_marked_all_deal_long(tmp_path):
    # Issue: past the deal's first line ("Deal 2: P2 deals") the table never
    # said who deals, though who bids last and the bid forbidden (GJ-8, GJ-9)
    # and the first lead (GJ-10) follow from it. A chip, DLR on a lit cell,
    # follows the dealer's name wherever the dealer sits (the four deals
    # walk it round the table), bidding and playing, at no other seat, and
    # the frame passes the layout guard.
    places = set()
    for d in range(4):
        for ph in (G.BIDDING, G.PLAYING):
            m = match_at(tmp_path, "georgian", [PERSON, 0, 0, 0],
                         lambda s: s.d == d and s.ph == ph)
            t = table.Table(m)
            t.refresh(0)
            t.release()  # (the first deal opens on the draw for the dealer)
            runs, buf, bad = guarded(t.draw)
            assert not bad, bad
            dealer = m.state.dealer
            r = dealer % 4  # where the dealer sits, seen from P1 (the viewer)
            chips = [run for run in runs if run[0] == table.CHIP and run[3] == 0]
            assert len(chips) == 1, (d, ph, runs)
            x, y = chips[0][1], chips[0][2]
            names = [run for run in runs if run[2] == y and run[1] < x and m.short(dealer) in run[0]]
            assert len(names) == 1 and y == table.INFO[r][1], (d, ph, runs)
            name = names[0]
            assert x == name[1] + font.width(name[0]) + table.CHIP_GAP + 1  # right after the name
            places.add(r)
    assert places == {0, 1, 2, 3}
