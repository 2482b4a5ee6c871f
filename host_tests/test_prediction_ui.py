# The Prediction table driven through the buttons on the simulator's host
# stand-ins: whole deals with 2, 3 and 4 seats where every choice of the
# person is steered with the arrows over legal choices only (the suit keys
# change only the suit, the rank keys only the rank), the odds on the screen
# against the engine's, the result of every turn held until A in points (bots
# wait; the deal's last card face down until its award), pointing again with
# B, Odds Off, saves and resume mid-turn, and no face-down card ever drawn.
# Rule ids (PR-n) are those of seeds/prediction.md.
import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine.games import prediction as P
from engine.rng import Rng
from firmware import font, play, ui
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.match import PERSON
from firmware.play import Pause
from firmware.tables import prediction as table
from host_tests import drive, guard
from host_tests.drive import (frame_of, match_at, menu_pick, new_device, pixels, press, resume, seat_lines, set_up,
                              shows, steer, top)

MAX_FRAMES = 20000
SMALL = table.ui.SMALL


def start(dev, seats, odds="On"):
    # Title -> Prediction -> as many players as seats ("Person", "Bot Hard",
    # ...), the Odds option -> Start.
    return drive.start(dev, "Prediction", seat_lines(seats) + ["Odds: " + odds], "prediction")


def odds_text(st, c):
    # The odds the call step must show for call c (PR-15), from the engine.
    f = st.face_down()
    cards, pts = st.call_odds(c)
    return table.decimal(cards, f, 2), table.decimal(pts, f, 1)


def person_move(dev, g, rng, checks):
    # One move of the person to move, through the cursor; checks that the
    # choices offered are exactly the legal ones, and what each step shows.
    st = g.match.state
    t = g.table
    legal = st.legal_moves()
    n = len(g.match.moves)
    ph = st.phase()
    if ph == P.PREDICTING:
        assert t.mode == table.PICK  # PR-5: only what is still allowed
        assert sorted([s[2] for s in t.pick.spots]) == legal
        m = legal[rng.below(len(legal))]
        steer(dev, t.pick, m)
        assert shows(dev, table.call_text(m - P.PREDICT), table.X + 30, table.CALL_Y)
        seat = st.to_move()
        press(dev, A)
        assert st.prediction(seat) == m - P.PREDICT
    elif ph == P.POINTING:
        assert t.mode == table.GRID  # PR-6: every face-down card, nothing else
        assert sorted([s[2] for s in t.grid.spots]) == legal
        m = legal[rng.below(len(legal))]
        steer(dev, t.grid, m)
        press(dev, A)
        assert st.phase() == P.CALLING and st.pointed() == m - P.POINT and t.mode == table.PICK
    else:
        calls = [P.CALL + c for c in st.calls()]
        assert t.mode == table.PICK and sorted([s[2] for s in t.pick.spots]) == calls  # PR-7
        m = calls[rng.below(len(calls))]
        steer(dev, t.pick, m)
        c = m - P.CALL
        assert shows(dev, table.call_text(c), table.X + 20, table.CALL_Y)
        if g.match.option("odds") == "On":
            cards, pts = odds_text(st, c)
            assert shows(dev, cards, table.X, table.ODDS_Y)
            assert shows(dev, pts, table.X, table.ODDS_Y + 8)
            checks["odds"] += 1
        seat = st.to_move()
        card = st.grid[st.pointed()]
        taken = st.pile_taken()
        before = st.deal_points()[seat]
        press(dev, A)
        # PR-8: what the turn won, held on the screen until A.
        k = P.gain(c, card)
        lt = st.last_turn()
        assert lt[0] == seat and lt[2:] == (c, k, taken)
        won, pts = P.taken_points(taken, k)
        assert st.deal_points()[seat] - before == pts or st.deal_over()
        assert t.holding() and t.held[2] == c and t.held[3] == k
        # What it won on the panel: the words and the card turned (a miss
        # named none: it showed only as a small cell of the grid), then the
        # points the score gains (PR-12) and the scorecards, a Joker in the
        # pile's glyph, never "JK".
        words = P.turn_result(c, k, taken)[0] + " " + ui.glyphs(P.card_label(P.CARD[card]))
        y = table.ROWS_Y + table.ROW_H * st.num_seats() + 10
        assert shows(dev, words, table.X, y, SMALL)
        if won:
            cards = " ".join([font.JOKER_CHAR if i < 2 else "%d" % P.VAL[i] for i in range(taken, taken + won)])
            assert shows(dev, "+%d PTS %s" % (pts, cards), table.X, y + 6, SMALL)
        # What it waits for, under the result where a row is left (not with
        # four seats and points): it waited for A unasked.
        y += 12 if k else 6
        assert y > 58 or shows(dev, "A: next", table.X, y, SMALL)
        checks["next"] += y <= 58
        checks["turns"] += 1
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] == m


def cell(dev, p):
    # The pixels of grid position p.
    x, y = p % 5 * table.PITCH, p // 5 * table.PITCH
    return pixels(dev.display.buf, x, y, x + table.PITCH - 1, y + table.PITCH - 1)


def held_waits(dev, g, checks):
    # The turn's result stays until A: nothing moves, whatever the time. The
    # turn's card is shown at once (unshown() 0); the deal's last turn shows
    # the pile as the turn left it and the last card face down (unshown() 1:
    # look back and the score sheet must not tell it); then the last card and
    # who took what was left, and why (PR-10, PR-11), wait for A in turn.
    st = g.match.state
    n = len(g.match.moves)
    for _ in range(40):
        dev.frame()
    assert len(g.match.moves) == n and g.table.holding() and top(dev) is g
    checks["held"] += 1
    h = g.table.held
    # The arrow stays on the seat whose turn is held (a review: on the next
    # seat, whose result was shown was unclear).
    arrows = [r for r in guard.drawn(g.table.draw)[0] if r[0] == "\x11"]
    assert len(arrows) == 1 and arrows[0][2] == table.ROWS_Y + h[0] * table.ROW_H + 1, (arrows, h)
    aw = st.last_award()
    if aw is None:
        assert g.table.unshown() == 0
        checks["back"] = cell(dev, [p for p in range(P.NCARDS) if st.card_at(p) == P.UNKNOWN][0])
        assert cell(dev, h[1]) != checks["back"]  # the card turned, lit
    else:
        last = [p for p in range(P.NCARDS) if st.grid[p] == aw[4]][0]
        assert g.table.unshown() == 1 and cell(dev, last) == checks["back"]
        left = P.NSCORE - h[4] - P.taken_points(h[4], h[3])[0]
        if left:
            assert shows(dev, "%d LEFT" % left, table.X + 30, 2, SMALL)
        else:
            assert shows(dev, "PILE EMPTY", table.X, 1, SMALL)
        assert left == aw[2]
        press(dev, A)
        for _ in range(40):
            dev.frame()
        assert g.table.holding() and top(dev) is g
        assert g.table.unshown() == 0 and cell(dev, last) != checks["back"]
        y = table.ROWS_Y + table.ROW_H * st.num_seats() + 1
        assert shows(dev, "LAST CARD", table.X, y + 1, SMALL) and shows(dev, "PILE EMPTY", table.X, 1, SMALL)
        who = g.match.short(aw[0])
        lines = (who + (" +%d PTS" % aw[3] if aw[2] else " +10 BONUS"), P.AWARD_WHY[aw[1]])
        assert shows(dev, lines[0], table.X, y + 9, SMALL) and shows(dev, lines[1], table.X, y + 15, SMALL)
        checks["awards"] += 1
    press(dev, A)
    assert not g.table.holding()


def play_deals(dev, deals, seed, keys=False):
    # Plays `deals` deals (or to the match's end) from the game screen: the
    # person's moves by person_move(), bots between, every result held; with
    # keys, every choice of a call or prediction has its keys tried first.
    rng = Rng(seed)
    checks = {"odds": 0, "turns": 0, "held": 0, "ends": 0, "awards": 0, "back": None, "keys": 0, "next": 0}

    def ended(t):
        checks["ends"] += 1
        st = t.game.match.state
        assert sum(st.history()[-1]) in (188, 198)  # PR-12
        assert " ".join(t.rows).startswith("Last card")

    def person(g):
        if keys and g.table.mode == table.PICK:
            try_keys(dev, g.table.pick)
            checks["keys"] += 1
        person_move(dev, g, rng, checks)

    drive.play_deals(dev, person, lambda g: held_waits(dev, g, checks), deals, ended)
    return checks


def showcard(m):
    # The showcard of a call or prediction move.
    return m - (P.PREDICT if m >= P.PREDICT else P.CALL)


def rank_suit(m):
    # The (rank, suit) of a call or prediction move on the picker.
    i = showcard(m)
    return P.RANK[i], P.SUIT[i]


def try_keys(dev, pick):
    # The picker's keys do what their hint says, whatever is left to choose:
    # LEFT/RIGHT change only the suit, round the rank's calls; UP/DOWN only
    # the rank, round the ranks there are, keeping the suit wherever the rank
    # has it; the call shown is the one chosen.
    start = pick.selected()
    rank, suit = rank_suit(start)
    row = sorted([sp[2] for sp in pick.spots if rank_suit(sp[2])[0] == rank])
    for b in (RIGHT, LEFT):
        seen = []
        for _ in row:
            press(dev, b)
            seen.append(pick.selected())
        assert sorted(seen) == row and pick.selected() == start
    ranks = sorted(set([rank_suit(sp[2])[0] for sp in pick.spots]))
    for b, d in ((DOWN, 1), (UP, -1)):
        r = rank
        for _ in ranks:
            press(dev, b)
            r = ranks[(ranks.index(r) + d) % len(ranks)]
            got = rank_suit(pick.selected())
            has = [sp for sp in pick.spots if rank_suit(sp[2]) == (r, suit)]
            assert got[0] == r and (got[1] == suit or not has)
            m = pick.selected()
            x = table.X + (30 if m >= P.PREDICT else 20)
            assert shows(dev, table.call_text(showcard(m)), x, table.CALL_Y)
        assert pick.selected() == start


def test_person_against_bots_plays_a_whole_match_two_seats(tmp_path):
    dev = new_device(tmp_path / "two", 11, bot_delay=60)
    start(dev, ["Person", "Bot Hard"])
    checks = play_deals(dev, 99, 1)
    assert isinstance(top(dev), play.MatchEnd) and dev.app.match is None
    # PR-13: two deals make a round, and one round always reaches 173.
    assert checks["ends"] == 1 and checks["turns"] == 24 == checks["next"] and checks["held"] == 48
    assert checks["odds"] == 24 and checks["awards"] == 2  # each deal's last card, told on the table


def test_the_suit_keys_change_only_the_suit_the_rank_keys_only_the_rank(tmp_path):
    # Issue: with the Ace of clubs turned up and the Ace of hearts just called
    # (PR-7), RIGHT went Ad, As, then Kc: the suit key changed the rank.
    pick = table.Picker()
    aces = [table.pick_spot(i, P.CALL + i) for i in P.NAMED if P.label(i) not in ("Ac", "Ah")]
    pick.set(aces)
    pick.select(P.CALL + 6)  # Ad
    seen = []
    for b in (RIGHT, RIGHT, LEFT, LEFT, DOWN, UP):
        pick.press(b)
        seen.append(P.label(pick.selected() - P.CALL))
    assert seen == ["As", "Ad", "As", "Ad", "Kd", "Ad"]
    # Through the buttons, every prediction and call of a deal.
    dev = new_device(tmp_path / "keys", 12, bot_delay=60)
    start(dev, ["Person", "Bot Medium"])
    checks = play_deals(dev, 1, 4, keys=True)
    assert checks["keys"] == 13 and checks["ends"] == 1


def test_three_and_four_seats_deal_through_the_buttons(tmp_path):
    for n, seats in ((3, ["Bot Medium", "Person", "Bot Hard"]), (4, ["Person", "Bot Hard", "Person", "Bot Medium"])):
        dev = new_device(tmp_path / ("n%d" % n), 20 + n, bot_delay=60)
        start(dev, seats)
        checks = play_deals(dev, 1, n)
        assert checks["ends"] == 1 and checks["held"] == 24 and checks["awards"] == 1
        people = seats.count("Person")
        assert checks["turns"] == 24 // n * people


def test_each_person_is_named_on_their_choices(tmp_path):
    # With people sharing the device every choice names who makes it: the
    # prediction (PR-5) on its top line, the card to point at (PR-6) under the
    # seats, the call (PR-7) at the end of its line; alone, "YOUR TURN:".
    for seats in (["Person", "Bot Medium", "Person"], ["Bot Medium", "Person"]):
        dev = new_device(tmp_path / ("names%d" % len(seats)), 8, bot_delay=60)
        g = start(dev, seats)
        st = g.match.state
        named = [0, 0, 0]
        for _ in range(MAX_FRAMES):
            t = top(dev)
            if isinstance(t, play.GameEnd):
                break
            if t is g and g.table.holding():
                press(dev, A)
            elif t is g and g.end == play.NONE and not g.bot:
                who = g.match.short(st.to_move())
                ph = st.phase()
                if ph == P.PREDICTING:
                    assert shows(dev, "YOUR TURN:" if who == "You" else who + " TO PREDICT:", table.X, 2, SMALL)
                    named[0] += 1
                elif g.table.mode == table.GRID:
                    y = table.ROWS_Y + table.ROW_H * st.num_seats() + 1
                    assert shows(dev, "YOUR TURN:" if who == "You" else who + " TO CALL:", table.X, y, SMALL)
                    named[1] += 1
                elif len(seats) > 2:
                    assert shows(dev, who, 128 - table.font.width(who), table.CALL_Y + 1, SMALL)
                    named[2] += 1
                press(dev, A)
            else:
                dev.frame()
        people = seats.count("Person")
        assert named[0] == people and named[1] == 24 // len(seats) * people
        assert named[2] == (named[1] if people > 1 else 0)


def test_b_goes_back_to_point_at_another_card_pr6(tmp_path):
    dev = new_device(tmp_path / "back", 3, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium"])
    st = g.match.state
    t = g.table
    for _ in range(400):
        if st.phase() == P.POINTING and st.to_move() == 0 and not t.holding():
            break
        if t.holding() or (not g.bot and st.phase() == P.PREDICTING):
            press(dev, A)
        else:
            dev.frame()
    press(dev, B)
    assert isinstance(top(dev), Pause)  # nothing to step back from
    press(dev, B)
    assert top(dev) is g
    press(dev, A)
    first = st.pointed()
    assert t.mode == table.PICK
    press(dev, B)
    assert t.mode == table.GRID and top(dev) is g and t.grid.selected() == P.POINT + first
    press(dev, A)  # the same card: back to the call, no move
    n = len(g.match.moves)
    assert t.mode == table.PICK and len(g.match.moves) == n
    press(dev, B)
    press(dev, RIGHT)
    press(dev, A)  # another card: pointed at instead
    assert st.pointed() != first and g.match.moves[-1] == P.POINT + st.pointed() and t.mode == table.PICK
    press(dev, A)
    assert st.face_down() == 24 and t.holding()


def test_b_on_the_grid_keeps_the_card_pointed_at_pr6(tmp_path):
    # Reviewers' report: pointed at a card, B to the grid, the cursor moved
    # to another card without A, then the pause menu's hint said "You call
    # A♥" and played it on the first card, hidden behind the grid's cursor.
    # B there now returns to the call on the card still pointed at (the menu
    # opens over it), so what the screen shows is what the hint is about.
    dev = new_device(tmp_path / "keep", 3, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium"])
    st = g.match.state
    t = g.table
    to_own_call(dev, g, 24)
    first = st.pointed()
    press(dev, B)
    assert t.mode == table.GRID and "B: BACK TO CALL" in t._lines()
    press(dev, RIGHT)
    assert t.grid.selected() != P.POINT + first
    press(dev, B)
    assert isinstance(top(dev), Pause) and t.mode == table.PICK and t.grid.selected() == P.POINT + first
    menu_pick(dev, "Hint")
    for _ in range(5):
        dev.frame()
    n = len(g.match.moves)
    press(dev, A)  # play it: the call, on the card pointed at
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] >= P.CALL and st.card_at(first) != P.UNKNOWN


def test_odds_off_hides_the_numbers_pr15(tmp_path):
    dev = new_device(tmp_path / "off", 5, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium"], odds="Off")
    st = g.match.state
    for _ in range(400):
        if st.phase() == P.CALLING and st.to_move() == 0:
            break
        if g.table.holding() or not g.bot:
            press(dev, A)
        else:
            dev.frame()
    assert g.table.mode == table.PICK
    area = pixels(dev.display.buf, table.X, table.CALL_Y + 11, 128, table.CALL_Y + 28)
    assert not any(area)
    g.match.options["odds"] = "On"
    g.dirty = True
    dev.frame()
    assert any(pixels(dev.display.buf, table.X, table.ODDS_Y, 128, table.ODDS_Y + 16))


def test_face_down_cards_are_never_drawn_pr14(tmp_path):
    # Two positions that differ only in where the face-down cards lie draw the
    # same frame, in every step; turning one over changes it.
    for ph in (P.PREDICTING, P.POINTING, P.CALLING):
        m = match_at(tmp_path, "prediction", [PERSON, 0, 0], lambda s: s.phase() == ph and s.face_down() < 20 or
                     (ph == P.PREDICTING and s.phase() == ph and s.to_move() == 0))
        st = m.state
        seat = st.to_move()
        a = frame_of(m, seat, table)
        spots = [p for p in range(25) if st.card_at(p) == P.UNKNOWN]
        cards = [st.grid[p] for p in spots]
        for i in range(len(spots)):
            st.grid[spots[i]] = cards[-1 - i]
        assert frame_of(m, seat, table) == a
        if ph == P.POINTING:
            legal = st.legal_moves()
            m.play(legal[0])
            m.play(P.CALL + st.calls()[0])
            assert frame_of(m, st.to_move(), table) != a


def to_own_call(dev, g, most):
    # A presses until the person (seat 0) calls, a card pointed at, with at
    # most `most` cards face down.
    st = g.match.state
    for _ in range(3000):
        if st.phase() == P.CALLING and st.to_move() == 0 and not g.table.holding() and st.face_down() <= most:
            return
        if g.table.holding() or (not g.bot and g.end == play.NONE):
            press(dev, A)
        else:
            dev.frame()
    raise AssertionError("no call of the person's came")


def test_resume_mid_turn_with_2_3_4_seats(tmp_path):
    # A power cut while a person is calling: Resume brings back the same
    # match in the same step (saves with every seat count).
    for n in (2, 3, 4):
        root = tmp_path / ("r%d" % n)
        dev = new_device(root, 30 + n, bot_delay=60)
        seats = ["Person"] + ["Bot Medium"] * (n - 1)
        g = start(dev, seats)
        st = g.match.state
        to_own_call(dev, g, 22)
        want = st.encode()
        moves = list(g.match.moves)
        dev, g = resume(root, "Prediction")
        assert g.match.state.encode() == want
        assert list(g.match.moves) == moves and g.match.state.num_seats() == n
        assert g.table.mode == table.PICK and not g.table.holding()
        press(dev, A)  # the call
        assert g.match.state.face_down() == st.face_down() - 1 and g.table.holding()
        # A power cut while the turn's result waits for A: it waits again.
        held = g.table.held
        moves = list(g.match.moves)
        dev, g = resume(root, "Prediction")
        assert g.table.holding() and g.table.held == held
        dev.frame()
        assert list(g.match.moves) == moves  # the bots wait for it too


def test_bots_alone_play_on_without_a_press(tmp_path):
    # A turn's result waits for A only when a person is there to press it.
    dev = new_device(tmp_path / "bots", seed=5, bot_delay=60)
    menu_pick(dev, "Prediction")
    set_up(dev, ["P1: Bot Medium", "P2: Bot Medium"])
    for _ in range(20000):
        if isinstance(top(dev), play.MatchEnd):
            break
        if isinstance(top(dev), play.GameEnd):
            dev.press(A)  # the end-of-deal screen still waits, as in every game
        dev.frame()
    assert isinstance(top(dev), play.MatchEnd)


def test_best_odds_and_the_barred_call_stand_apart(tmp_path):
    # Issue 21: on the call screen "BEST ODDS" (PR-15) was drawn over
    # "BARRED: <the call just made>" (PR-7). A call with the best odds chosen
    # while the last call is barred: both are there and the layout guard
    # finds nothing overlapping, leaving the panel or drawn over.
    def barred(s):
        prev = s.previous_call()
        return (s.phase() == P.CALLING and s.to_move() == 0 and prev != P.UNKNOWN
                and P.CALL + prev not in s.legal_moves())
    m = match_at(tmp_path, "prediction", [PERSON, 0], barred)
    m.options["odds"] = "On"
    t = table.Table(m)
    t.refresh(0)
    st = m.state
    best = [i for i in range(len(t.pick.spots)) if st.call_odds(t.pick.spots[i][2] - P.CALL)[1] == t.best]
    assert best
    t.pick.i = best[0]
    runs, buf, bad = guard.drawn(t.draw)
    assert not bad, bad
    texts = [r[0] for r in runs]
    assert "BEST ODDS" in texts and "BARRED:" in texts


def test_look_back_after_pointing_tells_the_calls_before(tmp_path):
    # With a card pointed at, the person's own step is no news: the look back
    # goes on to the turns before it (the previous player's call above all).
    dev = new_device(tmp_path / "lb", 9, bot_delay=60)
    g = start(dev, ["Person", "Bot Medium", "Bot Medium"])
    to_own_call(dev, g, 21)
    g.look_back()
    lines = top(dev).lines
    assert lines[0].startswith("You point at") and [x for x in lines if x.startswith("P3 calls")], lines
    press(dev, B)
    assert top(dev) is g
