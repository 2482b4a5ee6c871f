# The Prediction table driven through the buttons on the simulator's host
# stand-ins: whole deals with 2, 3 and 4 seats where every choice of the
# person is steered with the arrows over legal choices only, the odds on the
# screen against the engine's, the result of every turn held until A (bots
# wait), pointing again with B, Odds Off, saves and resume mid-turn, and no
# face-down card ever drawn. Rule ids (PR-n) are those of seeds/prediction.md.
import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine.games import prediction as P
from engine.rng import Rng
from firmware import play
from firmware.buttons import A, B, RIGHT
from firmware.match import PERSON
from firmware.play import Pause
from firmware.tables import prediction as table
from host_tests import drive, guard
from host_tests.drive import (frame_of, match_at, menu_pick, new_device, pixels, press, resume, seat_lines, set_up,
                              shows, steer, top)

MAX_FRAMES = 20000


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
        assert st.deal_points()[seat] - before == P.taken_points(taken, k)[1] or st.deal_over()
        assert t.holding() and t.held[2] == c and t.held[3] == k
        words = P.turn_result(c, k, taken)[0]
        assert words + (" +%d" % P.taken_points(taken, k)[0] if P.taken_points(taken, k)[0] else "") in t._lines()
        checks["turns"] += 1
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] == m


def held_waits(dev, g, checks):
    # The turn's result stays until A: nothing moves, whatever the time. The
    # deal's last turn shows the pile as the turn left it; then the last card
    # and who took what was left, and why (PR-10, PR-11), wait for A in turn.
    st = g.match.state
    n = len(g.match.moves)
    for _ in range(40):
        dev.frame()
    assert len(g.match.moves) == n and g.table.holding() and top(dev) is g
    checks["held"] += 1
    aw = st.last_award()
    if aw is not None:
        h = g.table.held
        left = P.NSCORE - h[4] - P.taken_points(h[4], h[3])[0]
        small = table.ui.SMALL
        if left:
            assert shows(dev, "%d LEFT" % left, table.X + 30, 2, small)
        else:
            assert shows(dev, "PILE EMPTY", table.X, 1, small)
        assert left == aw[2]
        press(dev, A)
        for _ in range(40):
            dev.frame()
        assert g.table.holding() and top(dev) is g
        y = table.ROWS_Y + table.ROW_H * st.num_seats() + 1
        assert shows(dev, "LAST CARD", table.X, y + 1, small) and shows(dev, "PILE EMPTY", table.X, 1, small)
        who = g.match.short(aw[0])
        lines = (who + (" +%d CARDS" % aw[2] if aw[2] else " +10 BONUS"), P.AWARD_WHY[aw[1]])
        assert shows(dev, lines[0], table.X, y + 9, small) and shows(dev, lines[1], table.X, y + 15, small)
        checks["awards"] += 1
    press(dev, A)
    assert not g.table.holding()


def play_deals(dev, deals, seed):
    # Plays `deals` deals (or to the match's end) from the game screen: the
    # person's moves by person_move(), bots between, every result held.
    rng = Rng(seed)
    checks = {"odds": 0, "turns": 0, "held": 0, "ends": 0, "awards": 0}

    def ended(t):
        checks["ends"] += 1
        st = t.game.match.state
        assert sum(st.history()[-1]) in (188, 198)  # PR-12
        assert " ".join(t.rows).startswith("Last card")

    drive.play_deals(dev, lambda g: person_move(dev, g, rng, checks), lambda g: held_waits(dev, g, checks), deals,
                     ended)
    return checks


def test_person_against_bots_plays_a_whole_match_two_seats(tmp_path):
    dev = new_device(tmp_path / "two", 11, bot_delay=60)
    start(dev, ["Person", "Bot Hard"])
    checks = play_deals(dev, 99, 1)
    assert isinstance(top(dev), play.MatchEnd) and dev.app.match is None
    # PR-13: two deals make a round, and one round always reaches 173.
    assert checks["ends"] == 1 and checks["turns"] == 24 and checks["held"] == 48
    assert checks["odds"] == 24 and checks["awards"] == 2  # each deal's last card, told on the table


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
    small = table.ui.SMALL
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
                    assert shows(dev, "YOUR TURN:" if who == "You" else who + " TO PREDICT:", table.X, 2, small)
                    named[0] += 1
                elif g.table.mode == table.GRID:
                    y = table.ROWS_Y + table.ROW_H * st.num_seats() + 1
                    assert shows(dev, "YOUR TURN:" if who == "You" else who + " TO CALL:", table.X, y, small)
                    named[1] += 1
                elif len(seats) > 2:
                    assert shows(dev, who, 128 - table.font.width(who), table.CALL_Y + 1, small)
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


def test_resume_mid_turn_with_2_3_4_seats(tmp_path):
    # A power cut while a person is calling: Resume brings back the same
    # match in the same step (saves with every seat count).
    for n in (2, 3, 4):
        root = tmp_path / ("r%d" % n)
        dev = new_device(root, 30 + n, bot_delay=60)
        seats = ["Person"] + ["Bot Medium"] * (n - 1)
        g = start(dev, seats)
        st = g.match.state
        for _ in range(2000):
            if st.phase() == P.CALLING and st.to_move() == 0 and not g.table.holding() and st.face_down() < 23:
                break
            if g.table.holding() or (not g.bot and g.end == play.NONE):
                press(dev, A)
            else:
                dev.frame()
        want = st.encode()
        moves = list(g.match.moves)
        dev, g = resume(root, "Prediction")
        assert g.match.state.encode() == want
        assert list(g.match.moves) == moves and g.match.state.num_seats() == n
        assert g.table.mode == table.PICK and not g.table.holding()
        press(dev, A)  # the call
        assert g.match.state.face_down() == st.face_down() - 1 and g.table.holding()


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
