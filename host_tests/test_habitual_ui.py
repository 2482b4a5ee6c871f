# The Habitual Joker table driven through the buttons on the simulator's host
# stand-ins: whole matches against a bot and between two people (hand-offs,
# the solo phase), the two-step choice over legal plays only, the gain shown
# before a play, block marks, and the opponent's hand never on the screen.
# Rule ids (HJ-n) are those of seeds/habitual.md.
import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine.cards import label
from engine.games import habitual as hj
from engine.rng import Rng
from engine.state import CONTINUE
from firmware import font, play, ui
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.match import PERSON, Match
from firmware.play import Pause
from firmware.tables import habitual as table
from host_tests import drive, guard
from host_tests.drive import blank, check_frame, pixels, press, screens, seat_lines, steer, top

MAX_FRAMES = 60000
SOLO_TRIES = 12  # two-person matches played at most until one has a solo phase


def start(dev, seats, deals=1, open_hands=False):
    # Title -> Habitual Joker -> seats ("Person", "Bot Medium", ...) and options -> Start.
    drive.start(dev, "Habitual Joker", seat_lines(seats, players=False) + [
        "Match: best of %d" % deals, "Open hands: " + ("On" if open_hands else "Off")], "habitual")


def at_first_choice(root, seed):
    # A person (P1) against Medium, at the person's first choice: (device, game screen).
    dev = drive.new_device(root, seed=seed, bot_delay=60)
    start(dev, ["Person", "Bot Medium"])
    dev.idle()
    return dev, top(dev)


def same_card(st, m, n):
    # Moves m and n play the same card from the same place (either Joker alike).
    return st.card_of(m) == st.card_of(n) and st.from_spares(m) == st.from_spares(n)


def card_choice(st, t, m):
    # The table's card spot for move m: its card, from the hand or the spares.
    c = st.card_of(m)
    spare = st.from_spares(m)
    for s in t.cards.spots:
        v = s[2]
        cc = v - table.SPARE if v >= table.SPARE else v
        if (v >= table.SPARE) == spare and (cc == c or (c >= hj.JOKER and cc >= hj.JOKER)):
            return v
    raise AssertionError("the card of move %d is not selectable" % m)


def gain_tag(st, m, seat, you):
    # What the table must show for m, from the engine's gain() (HJ-score):
    # the seat that scores as the seat's own tag names it ("You" against bots).
    g = st.gain(m)
    if not (g[0] or g[1]):
        return "+0"
    q = seat if g[0] else 1 - seat
    return "+1 " + ("You" if q == you else "P%d" % (q + 1))


def shows_tag(dev, text):
    # The right of the hand row holds exactly `text` in the NORMAL font.
    buf, fb = blank()
    table.font.text(fb, text, 128 - table.font.width(text, table.NORMAL), table.HAND_Y, 1, table.NORMAL)
    box = (72, table.HAND_Y, 128, table.HAND_Y + 8)
    return pixels(dev.display.buf, *box) == pixels(buf, *box)


def choose(dev, m):
    # A play through the buttons: its card, then its target; checks the targets
    # offered are exactly the card's legal plays and that the gain shown before
    # A is the engine's, then that the points move by that gain.
    g = top(dev)
    t = g.table
    st = g.match.state
    seat = st.to_move()
    assert g.viewer == seat and t.cursor is t.cards
    steer(dev, t.cards, card_choice(st, t, m))
    on_card = t.tag()
    assert shows_tag(dev, on_card)
    press(dev, A)
    assert t.cursor is t.targets
    # On the card, the gain A A gives: that of the target the cursor starts on.
    assert on_card == gain_tag(st, t.targets.selected(), seat, g.match.you)
    want = sorted([n for n in st.legal_moves() if same_card(st, m, n)])
    assert sorted([s[2] for s in t.targets.spots]) == want
    steer(dev, t.targets, m)
    assert t.tag() == gain_tag(st, m, seat, g.match.you) and shows_tag(dev, t.tag())
    before = st.deal_points()
    gain = st.gain(m)
    n = len(g.match.moves)
    press(dev, A)
    assert len(g.match.moves) == n + 1 and g.match.moves[-1] == m
    after = g.match.state.deal_points()
    assert after[seat] == before[seat] + gain[0] and after[1 - seat] == before[1 - seat] + gain[1]  # HJ-score


def pick(state, moves):
    # A person's choice that depends only on the position.
    legal = state.legal_moves()
    return legal[Rng(len(moves) * 131 + 7).below(len(legal))]


def check_choices(t, st):
    # HJ-9..11: the cards offered are exactly those of the hand and the spares
    # with a legal play, and a card's targets exactly its plays.
    seat = st.to_move()
    playable = [(min(st.card_of(m), hj.JOKER), st.from_spares(m)) for m in st.legal_moves()]
    held = [(min(c, hj.JOKER), False) for c in st.hand(seat)] + [(min(c, hj.JOKER), True) for c in st.spares(seat)]
    want = sorted([h for h in held if h in playable])
    got = []
    offered = []
    for s in list(t.cards.spots):
        v = s[2]
        got.append((min(v % table.SPARE, hj.JOKER), v >= table.SPARE))
        t._to_targets(v)
        offered += [x[2] for x in t.targets.spots]
        assert t.back()
    assert sorted(got) == want
    assert sorted(set(offered)) == sorted(st.legal_moves())


def test_person_against_bot_plays_a_whole_match(tmp_path):
    # Every play through the cursor (HJ-9..13 checked by choose()), to the end
    # screen of each deal and of the match.
    dev = drive.new_device(tmp_path / "pvb", seed=11, bot_delay=60)
    start(dev, ["Person", "Bot Medium"], deals=3)
    deal_ends = 0
    checked = 0
    for t in screens(dev, MAX_FRAMES):
        if isinstance(t, play.GameEnd):
            deal_ends += 1
            assert "deal %d" % deal_ends in " ".join(t.rows)
            press(dev, A)
        elif isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot:
            assert t.who == t.viewer == 0
            if checked < 6:
                check_choices(t.table, t.match.state)
                checked += 1
            choose(dev, pick(t.match.state, t.match.moves))
        else:
            dev.frame()
            check_frame(dev)
    assert isinstance(top(dev), play.MatchEnd) and dev.app.match is None
    assert deal_ends >= 1 and checked == 6


def test_two_people_hand_off_except_in_the_solo_phase(tmp_path):
    # HJ-hidden: a hand-off screen blanks the table whenever the other person is
    # next; HJ-stop: while one plays on alone there is none between their plays.
    solo_runs = 0
    for k in range(SOLO_TRIES):
        dev = drive.new_device(tmp_path / ("pvp%d" % k), seed=40 + k, bot_delay=60)
        start(dev, ["Person", "Person"])
        handoffs = 0
        since = 0  # hand-offs since the last play
        last = -1  # the seat that made the last play
        for t in screens(dev, MAX_FRAMES):
            if isinstance(t, play.Handoff):
                alone, fb = blank()
                t.draw(fb)
                assert bytes(dev.display.buf) == bytes(alone)  # nothing of the table
                # What came last, for both: at a deal's start the cut and who
                # plays first (why it names that player), else the last play.
                m = t.game.match
                said = " ".join(t.game.table.handoff_lines(t.seat))
                if not m.moves or m.moves[-1] == CONTINUE:
                    assert "plays first" in said and "P%d" % (t.seat + 1) in said, said
                else:
                    assert said == ui.glyphs(m.message), said
                handoffs += 1
                since += 1
                press(dev, A)
            elif isinstance(t, play.GameEnd):
                press(dev, A)
            elif isinstance(t, play.GameScreen) and t.end == play.NONE:
                st = t.match.state
                seat = st.to_move()
                assert t.viewer == seat
                if last >= 0:
                    assert since == (1 if seat != last else 0)
                if seat == last and st.phase() == hj.SOLO:
                    solo_runs += 1
                    assert t.table.status == "P%d stopped: P%d plays on alone" % (2 - seat, seat + 1)
                choose(dev, pick(st, t.match.moves))
                since = 0
                last = seat
            else:
                dev.frame()
        assert isinstance(top(dev), play.MatchEnd) and handoffs >= 2
        if solo_runs:
            return
    raise AssertionError("no solo phase in %d matches" % SOLO_TRIES)


def test_open_hands_skip_the_hand_off(tmp_path):
    # HJ-hidden: with Open hands on, two people play with no hand-off screen,
    # each seeing their own side on their turn.
    dev = drive.new_device(tmp_path / "open", seed=5, bot_delay=60)
    start(dev, ["Person", "Person"], open_hands=True)
    seats = set()
    for _ in range(400):
        t = top(dev)
        assert not isinstance(t, play.Handoff)
        if isinstance(t, play.GameScreen) and t.end == play.NONE:
            assert t.viewer == t.who
            seats.add(t.who)
            choose(dev, pick(t.match.state, t.match.moves))
        else:
            dev.frame()
    assert seats == {0, 1}


def test_b_steps_back_then_pauses(tmp_path):
    # B from the target choice goes back to the same card; from the card
    # choice it opens the pause menu.
    dev, g = at_first_choice(tmp_path / "back", 3)
    t = g.table
    press(dev, RIGHT)
    card = t.cards.selected()
    shown = bytes(dev.display.buf)
    press(dev, A)
    assert t.cursor is t.targets and bytes(dev.display.buf) != shown
    press(dev, B)
    assert top(dev) is g and t.cursor is t.cards and t.cards.selected() == card
    assert bytes(dev.display.buf) == shown  # back where it was
    press(dev, B)
    assert isinstance(top(dev), Pause)


def states_until(seed, want, deals=1):
    # Moves of a match played by a seeded random policy, up to the first
    # position where want(state) holds (or None).
    st = hj.new_game(seed, {"deals": deals})
    rng = Rng(seed)
    moves = []
    while not st.is_over():
        if want(st):
            return moves
        legal = st.legal_moves()
        m = legal[rng.below(len(legal))]
        st.apply(m)
        moves.append(m)
    return None


def table_for(match, viewer):
    t = table.Table(match)
    t.refresh(viewer)
    buf, fb = blank()
    t.draw(fb)
    return t, buf


def find_match(tmp_path, want, seats=(PERSON, 0)):
    for seed in range(1, 400):
        moves = states_until(seed, want)
        if moves is not None:
            return Match(str(tmp_path), "habitual", {"deals": 1, "open": "Off"}, list(seats), seed, moves)
    raise AssertionError("no position found")


def test_never_draws_the_opponents_hand(tmp_path):
    # HJ-hidden: two positions that differ only in the opponent's hand (and
    # the store's order) draw the same frame for the viewer; a different hand
    # of the viewer's own does change it.
    m = find_match(tmp_path, lambda s: s.phase() == hj.TURNS and s.store_count() > 3 and s.to_move() == 0)
    st = m.state
    for viewer in (0, 1):
        v = st.view(viewer)
        unseen = v.unseen_cards()
        a = v.fill(unseen)
        b = v.fill(unseen[::-1])
        assert a.hand(1 - viewer) != b.hand(1 - viewer) and a.hand(viewer) == b.hand(viewer)
        frames = []
        for s in (a, b):
            m.state = s
            frames.append(table_for(m, viewer)[1])
        assert frames[0] == frames[1]
        # The viewer's own hand is drawn: a position with another hand for
        # the viewer draws another frame.
        w = st.view(1 - viewer)
        mine = w.fill(w.unseen_cards()[::-1])
        assert mine.hand(viewer) != st.hand(viewer)
        m.state = mine
        assert table_for(m, viewer)[1] != frames[0]


def box_pixels(buf, side, i):
    x = table.STACK_X[i]
    y = table.BOARD_Y[side]
    return [pixels(buf, x, y + r, x + table.BOX_W, y + r + 1) for r in range(table.BOX_H)]


def lit_inside(rows):
    # The share of a box's inside that is lit.
    inside = [r[1:-1] for r in rows[1:-1]]
    return sum([sum(r) for r in inside]) / (len(inside) * len(inside[0]))


def test_blocks_look_different(tmp_path):
    # HJ-cblock: the top card between two bars, open above and below, over the
    # (small) card that unblocks it, under the bars as wide as the box (a ten's
    # key touched them); HJ-joker: the Joker on a crossed-out box; open stacks
    # framed. Issue 21: none drawn inverted as the cursor's stack is.
    m = find_match(tmp_path, lambda s: 1 in bytes(s.block) and 2 in bytes(s.block))
    st = m.state
    for viewer in (0, 1):
        t, buf = table_for(m, viewer)
        for side in (0, 1):
            seat = viewer if side else 1 - viewer
            for i in range(4):
                rows = box_pixels(buf, side, i)
                kind = st.stack_block(seat, i)
                crossed = rows[1][1] and rows[-2][1] and rows[1][-2] and rows[-2][-2]
                sides = rows[:table.KEY_DY - 1] if kind == 1 else rows
                assert all([r[0] and r[-1] for r in sides])
                assert bool(crossed) == (kind == 2) and all(rows[0]) == (kind != 1), (seat, i, kind)
                if kind == 1:
                    kb, kf = blank()
                    kf.vline(0, 0, table.KEY_DY - 1, 1)
                    kf.vline(table.BOX_W - 1, 0, table.KEY_DY - 1, 1)
                    table.font.text(kf, table.font.card_label(st.stack_top(seat, i)), 2, 1, 1, table.NORMAL)
                    key = ui.glyphs(label(st.stack_key(seat, i)))
                    table.font.text(kf, key, (table.BOX_W + 1 - table.font.width(key)) // 2, table.KEY_DY)
                    assert rows == [pixels(kb, 0, r, table.BOX_W, r + 1) for r in range(table.BOX_H)]
                assert 0 < lit_inside(rows) < 0.4, (seat, i, kind)


def test_a_joker_set_aside_is_shown_hj7(tmp_path):
    # HJ-7: a Joker dealt face up is out of the deal, seen by both; no line
    # said so (a review: "store 29" and nothing else). "\x05 out" stands
    # before the viewer's store, one Joker glyph for each.
    for out in (1, 2):
        for seats in ((PERSON, 0), (0, 1)):  # (a bot's longer name: the Jokers alone)
            m = find_match(tmp_path, lambda s: len(s.discarded()) == out, seats)
            for viewer in (0, 1):
                t = table.Table(m)
                t.refresh(viewer)
                runs, buf, bad = guard.drawn(t.draw)
                said = [r[0] for r in runs]
                assert not bad, bad
                assert font.JOKER_CHAR * out + " out" in said or seats[viewer] != PERSON and font.JOKER_CHAR * out in said, said
    m = find_match(tmp_path, lambda s: s.phase() == hj.TURNS and not s.discarded())
    t = table.Table(m)
    t.refresh(0)
    assert not [r for r in guard.drawn(t.draw)[0] if r[0].endswith(" out")]


def test_only_the_cursor_inverts_a_stack(tmp_path):
    # Issue 21: a target under the cursor is the one inverted stack.
    m = find_match(tmp_path, lambda s: 1 in bytes(s.block) and s.to_move() == 0 and s.phase() == hj.TURNS
                   and any([hj.target_of(legal_list) != hj.SPARES for legal_list in s.legal_moves()]))
    t = table.Table(m)
    t.refresh(0)
    for c in [s[2] for s in t.cards.spots]:
        t._to_targets(c)
        for k in range(len(t.targets.spots)):
            t.targets.i = k
            y, x, legal_list = t.targets.spots[k]
            if x not in table.STACK_X:
                continue  # the free spares slot
            buf, fb = blank()
            t.draw(fb)
            for side in (0, 1):
                for i in range(4):
                    on = table.BOARD_Y[side] == y and table.STACK_X[i] == x
                    assert (lit_inside(box_pixels(buf, side, i)) > 0.6) == on, (side, i, on)
        t.back()


def test_solo_phase_and_deal_end_are_told(tmp_path):
    # HJ-stop: the stopped player's line says so and the message tells who
    # plays on; at the end of the deal the result is shown (HJ-20).
    m = find_match(tmp_path, lambda s: s.phase() == hj.SOLO)
    st = m.state
    p = st.to_move()
    for viewer in (0, 1):
        t, buf = table_for(m, viewer)
        # Named as on every screen: the one person is "you" whichever side is shown.
        mover = "you play" if p == m.you else "P%d plays" % (p + 1)
        stopped = "You" if 1 - p == m.you else "P%d" % (2 - p)
        assert t.status == "%s stopped: %s on alone" % (stopped, mover)
        info, fb = blank()
        side = 1 if viewer == 1 - p else 0
        x = table.font.text(fb, m.player(1 - p), 0, table.INFO_Y[side]) + 8
        table.font.text(fb, "stopped", x, table.INFO_Y[side])
        y = table.INFO_Y[side]
        assert pixels(buf, 0, y, 80, y + 6) == pixels(info, 0, y, 80, y + 6)
    while not m.state.deal_over():
        m.state.apply(m.state.legal_moves()[0])
    t, _ = table_for(m, 0)
    assert t.status and m.result_text().startswith(t.status)


def test_end_screens_tell_each_deal(tmp_path):
    # HJ-match: after every deal its result, then the match's.
    dev = drive.new_device(tmp_path / "bvb", seed=9, bot_delay=60)
    start(dev, ["Bot Medium", "Bot Medium"], deals=3)
    rows = []
    for t in screens(dev, MAX_FRAMES):
        if isinstance(t, play.GameEnd):
            rows.append(" ".join(t.rows))
            press(dev, A)
        else:
            dev.frame()
    end = top(dev)
    assert isinstance(end, play.MatchEnd)
    assert all(["deal %d" % (i + 1) in rows[i].lower() for i in range(len(rows))])
    assert "deal" in " ".join(end.rows)


def test_cursor_starts_on_the_hand_and_moves_only_over_choices(tmp_path):
    dev, g = at_first_choice(tmp_path / "cursor", 8)
    t = g.table
    st = g.match.state
    assert t.cards.at()[0] == table.HAND_Y
    rng = Rng(5)
    values = set([s[2] for s in t.cards.spots])
    for _ in range(60):
        press(dev, (UP, DOWN, LEFT, RIGHT)[rng.below(4)])
        assert t.cards.selected() in values
    press(dev, A)
    targets = set([s[2] for s in t.targets.spots])
    for _ in range(60):
        press(dev, (UP, DOWN, LEFT, RIGHT)[rng.below(4)])
        assert t.targets.selected() in targets and t.targets.selected() in st.legal_moves()
    assert CONTINUE not in targets


TOUR = """import sys
import binascii
import tools.host
from tools.bench.ui import Rig, _mkdir
from firmware import play, ui
from firmware.buttons import A, DOWN, RIGHT
_mkdir(sys.argv[1])
rig = Rig(sys.argv[1], "seeds")
rig.frame()
for b in (DOWN, A, A):  # Habitual Joker, Start: a person against Bot Medium
    rig.press(b)
n = 0
for _ in range(20000):
    t = rig.app.stack[-1]
    if isinstance(t, play.MatchEnd):
        break
    if isinstance(t, play.GameEnd):
        rig.press(A)
    elif isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot:
        for b in [RIGHT] * (n % 3) + [A] + [RIGHT] * (n % 2) + [A]:
            rig.press(b)
        n += 1
    else:
        moves = len(rig.app.match.moves)
        rig.frame()
        if rig.app.match is None or len(rig.app.match.moves) == moves:
            continue
    print("hj: %s %d %08x" % (type(rig.app.stack[-1]).__name__, n, binascii.crc32(rig.display.buf)))
print("hj: end", type(rig.app.stack[-1]).__name__, n)
"""


def test_same_frames_on_micropython(tmp_path):
    # A whole match through the buttons under the real MicroPython: the same
    # screens and frames, CRC for CRC, as on CPython.
    import os
    import subprocess
    import sys

    from tools import micropython

    script = tmp_path / "tour.py"
    script.write_text(TOUR)
    env = dict(os.environ, PYTHONPATH=micropython.ROOT)
    want = subprocess.run([sys.executable, str(script), str(tmp_path / "cpython")], cwd=micropython.ROOT, env=env,
                          stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()
    assert want[-1].startswith("hj: end MatchEnd") and len(want) > 40
    rc, out = micropython.run([str(script), "/tmp/hjtour"],
                              include=["tools/host", "tools/bench/__init__.py", "tools/bench/ui.py"])
    assert rc == 0, out
    assert out.splitlines() == want


def worth(st, m):
    # A target's worth to the mover, worded from describe() as the message
    # line says it: HJ-score points to the mover less those to the opponent
    # first; then a block of the opponent's stack (HJ-joker, HJ-cblock) over
    # none, over opening one of theirs.
    g = st.gain(m)
    w = 2 * (g[0] - g[1])
    t = hj.target_of(m)
    if 4 <= t < 8:
        text = st.describe(m)
        w += -1 if "unblocks" in text else 1 if "block" in text else 0
    return w


def test_target_cursor_starts_on_the_best_target(tmp_path):
    # HJ-score: when a card is picked, the target cursor starts on the target
    # worth most to the mover, so A A never gives away a point that the same
    # card could score for the mover (it used to start on the first target in
    # reading order, the opponent's stacks). Every card of every turn of a
    # deal is tried; the person then plays a card to its default target.
    dev, _ = at_first_choice(tmp_path / "best", 5)
    tried = 0
    first_worse = 0  # cards whose first target in reading order is not the best
    for t in screens(dev, MAX_FRAMES):
        if isinstance(t, play.GameEnd):
            break
        if not (isinstance(t, play.GameScreen) and t.end == play.NONE and not t.bot):
            dev.frame()
            continue
        tb = t.table
        st = t.match.state
        cards = [s[2] for s in tb.cards.spots]
        for c in cards:
            steer(dev, tb.cards, c)
            press(dev, A)
            ws = [worth(st, s[2]) for s in tb.targets.spots]
            assert worth(st, tb.targets.selected()) == max(ws), st.describe(tb.targets.selected())
            first_worse += ws[0] < max(ws)
            tried += 1
            press(dev, B)
        steer(dev, tb.cards, cards[Rng(len(t.match.moves)).below(len(cards))])
        press(dev, A)
        press(dev, A)
    assert tried > 20 and first_worse > 3
