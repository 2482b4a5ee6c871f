# The player aids of issue 24 driven through the buttons on the simulator:
# a whole match of every game, one person against the top bots, where the
# person plays every move through the pause menu's Hint ("A: play it"), looks
# back (B held) after every bot move, and takes a move back wherever it is
# offered, then plays it again. Checked: a hint is legal and is what the top
# bot chooses from that seat's view with a bot move's seed; the look back's
# newest line is the last move's, its oldest the person's own last decision,
# no secret of another seat is told, and nothing of it stays loaded once it
# closes; a take back returns to just before the person's last decision, the
# save follows, and the same move played again brings the same record; the
# hints are counted and shown at the end, and kept in the save.
import os
import sys

import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import record, registry
from engine.rng import Rng
from engine.state import CONTINUE
from firmware import font, play, saves, ui
from firmware import saves_reading as reading
from firmware.buttons import A, B
HINT = "Hint"  # the pause menu lines of the aids, as a player reads them
TAKE_BACK = "Take back my move"
from host_tests import drive
from host_tests.drive import check_frame, hold, menu_pick, press, screens, set_up, top

MAX_STEPS = 60000
# (game, setup lines: one person in seat 1, the others the top bots, the shortest match)
GAMES = (
    ("doublejoker", ["P2: Bot Hard", "Match: best of 1"]),
    ("habitual", ["P2: Bot Hard", "Match: best of 1"]),
    ("prediction", ["P2: Bot Hard"]),
    ("georgian", ["P2: Bot Hard", "P3: Bot Hard", "P4: Bot Hard", "Deals: Nines only"]),
    ("jokerpoker", ["Players: 3", "P2: Bot Hard", "P3: Bot Hard"]),
)


def new_device(root, seed):
    return drive.new_device(root, seed, bot_delay=60)


def start(dev, gid, lines):
    menu_pick(dev, registry.title(gid))
    set_up(dev, lines)
    g = top(dev)
    assert isinstance(g, play.GameScreen) and g.match.game_id == gid
    return g


def replayed(match, n):
    # The state after the match's first n moves, played afresh.
    st = match.game.new_game(match.seed, match.options, len(match.seats))
    for m in match.moves[:n]:
        st.apply(m)
    return st


def last_decision(match, seat):
    # The index where seat's last turn began, or -1: its last move that was
    # not a CONTINUE, or the step before it that began the turn (Double
    # Joker's place before the lead, DJ-6; Prediction's point before the
    # call, PR-6: the state's turn_step()).
    st = match.game.new_game(match.seed, match.options, len(match.seats))
    at = -1
    stepped = False
    for i in range(len(match.moves)):
        m = match.moves[i]
        mine = st.to_move() == seat and m != CONTINUE
        if mine and not stepped:
            at = i
        stepped = mine and hasattr(st, "turn_step") and st.turn_step(m)  # (as Match.steps())
        st.apply(m)
    return at


def last_trick(st):
    f = getattr(st, "last_trick", None)
    return f() if f is not None else None


def first_row(text):
    return ui.wrap(ui.glyphs(text), 32)[0]


def look_back(dev, g, checks, at=None):
    # B held on the table (or on the round's end screen at): the look back,
    # checked, then B back to where it was held.
    at = at or g
    m = g.match
    hold(dev, B, play.HOLD_MS + 100)
    lb = top(dev)
    assert type(lb).__name__ == "LookBack", type(lb).__name__
    hide = g.table.unshown()  # moves whose outcome the table keeps back yet (JP-15: a reveal)
    n = len(m.moves) - hide
    if hide and n <= last_decision(m, m.you):
        assert lb.lines == ["Nothing yet"]  # the person's own move, the one being revealed
        press(dev, B)
        assert top(dev) is at
        return
    # The title bar says where the page is, or on the only page how to leave.
    corner = "B: back" if lb.pages == 1 else "1/%d" % lb.pages
    assert [t for t, x, y in drive.recorded(dev, lb) if y == 2 and x > 64] == [corner]
    before = replayed(m, n - 1)
    mover = before.to_move()
    secret = m.game_id == "jokerpoker" and mover != m.you and not before.deal_over()
    want = "%s arranges and bets" % m.short(mover) if secret else before.describe(m.moves[n - 1], m.you)
    # The newest line: the last move, under what followed from it (a trick
    # taken, a round's result and the scores: 3 texts of up to 3 rows).
    assert first_row(want) in lb.lines[:10]
    after = replayed(m, n)
    if not after.deal_over() and last_trick(before) == last_trick(after):
        assert lb.lines[0] == first_row(want)  # nothing followed from it
    if after.deal_over():
        # A round's end: the scores on top, then how it ended (bets won, bids made).
        assert lb.lines[0].startswith("Scores: ")
        r = after.result_text(m.you)
        assert not r or first_row(r) in lb.lines[:4]
        checks["ends"] += 1
    if m.game_id == "jokerpoker":
        # JP-15: another seat's swaps and bets are never told, only that it arranged.
        assert not [t for t in lb.lines if t.startswith("P2: ") or t.startswith("P3: ")], lb.lines
    mine = last_decision(m, m.you)
    if mine >= 0 and n - mine <= 8:
        assert lb.title == "Since your move"
        own = replayed(m, mine).describe(m.moves[mine], m.you)
        if not own.startswith("You"):
            own = "You: " + own  # told as the person's, in a game that words it without them
        assert first_row(own) in lb.lines  # the oldest move told: the person's own
    if lb.trick is not None:
        checks["tricks"] += 1
    checks["looks"] += 1
    press(dev, B)
    assert top(dev) is at and "firmware.aids" not in sys.modules


def pause_items(dev, g):
    # B until the pause menu: a table taking a move in steps goes back a step first.
    for _ in range(3):
        press(dev, B)
        if top(dev) is not g:
            break
    p = top(dev)
    assert isinstance(p, play.Pause) and "firmware.aids.takeback" in sys.modules  # while open
    return p.items


def pick(dev, label):
    menu_pick(dev, label)


def hint(dev, g, checks):
    # Hint from the pause menu: the top bot's choice from the person's view,
    # with a bot move's seed; A plays it.
    m = g.match
    seat = g.who
    n = len(m.moves)
    hints = m.hints[seat]
    pick(dev, HINT)
    h = top(dev)
    assert type(h).__name__ == "Hint"
    dev.idle()
    assert h.move >= 0 and m.state.legal(h.move)
    bots = registry.bots(m.game_id)
    top_level = bots.ORDER[-1]
    rng = Rng(0)
    rng.seed(m.seed ^ (7919 * (n + 1)))
    assert h.move == bots.choose(m.state.view(seat), top_level, rng)
    # In the seat's own words: never a card it cannot see (Prediction's call
    # names the card pointed at only once it is turned, PR-14).
    said = " ".join(h.rows)
    want = "Hard bot's choice: " + ui.glyphs(m.state.view(seat).describe(h.move, m.you))
    assert said == want or said.startswith(want + ", then "), (said, want)
    after = m.state.clone()
    after.apply_legal(h.move)
    if g.match.steps(h.move) and after.to_move() == seat:
        # A turn taken in steps (a card placed, then led; a card pointed at,
        # then called): the hint tells the decision after the step too.
        rng.seed(m.seed ^ (7919 * (n + 2)))
        v = after.view(seat)
        nxt = bots.choose(v, top_level, rng)
        then = v.describe(nxt, m.you)
        then = "you" + then[3:] if then.startswith("You") else then  # (people sharing: "P1 calls")
        assert " ".join(h.rows).endswith(ui.glyphs(", then " + then)), h.rows
        assert h.then == nxt
        checks["steps"] = checks.get("steps", 0) + 1
    move = h.move
    then = h.then
    press(dev, A)
    if g.pending >= 0:  # a slow move (Joker Poker's arrange for me): played once "working" is shown
        assert g.pending == move and len(m.moves) == n
        dev.frame()
    assert top(dev) is g and len(m.moves) == n + 1 and m.moves[-1] == move
    if then >= 0:  # the cursor waits on the hint's next step
        assert (g.table.pick if m.game_id == "prediction" else g.table.cursor).selected() == then
    assert "firmware.aids" not in sys.modules  # the menu's and the hint's modules gone with them
    checks["hints"] += 1
    assert m.hints[seat] == hints + 1
    return move


def saved_moves(root):
    rec, e, kept = reading.get(str(root), saves.NAME, reading.decode)
    return None if rec is None else rec["moves"]


def nothing_shown(m, mine):
    # What each game's rules say the moves since the person's last decision
    # (at mine) may not have shown them for a take back to be offered.
    st = replayed(m, mine)
    g = m.game
    for i in range(mine, len(m.moves)):
        mv = m.moves[i]
        other = st.to_move() != m.you
        assert mv != CONTINUE  # a new deal or game: cards dealt
        if m.game_id == "habitual":
            assert st.from_spares(mv) or (not other and not st.store_count())  # HJ-draw: no card drawn or shown
        elif m.game_id == "prediction":
            assert not g.CALL <= mv < g.PREDICT  # a call turns a card
        elif m.game_id == "georgian":
            assert mv < g.TRUMP and (not other or mv >= g.BID)  # no trump named (the rest dealt), no bot's card
        st.apply(mv)
        assert not st.deal_over()  # the round's result, Joker Poker's reveal (JP-15)


def take_back(dev, g, root, checks):
    # Take back, then the same move again through the hint: the same record.
    m = g.match
    before = bytes(m.moves)
    mine = last_decision(m, m.you)
    nothing_shown(m, mine)
    pick(dev, TAKE_BACK)
    assert top(dev) is g and bytes(m.moves) == before[:mine]
    assert saved_moves(root) == (list(before[:mine]) if mine else None)  # the save follows
    assert m.state.encode() == replayed(m, mine).encode()  # resumed, the match without the undone moves
    assert g.my_turn() and m.state.to_move() == m.you
    assert pause_items(dev, g)[1] == HINT
    hint(dev, g, checks)
    for _ in range(MAX_STEPS):
        if len(m.moves) >= len(before):
            break
        if g.table.holding():
            press(dev, A)
        else:
            dev.frame()
    assert bytes(m.moves) == before  # the same bot replies
    checks["takebacks"] += 1


@pytest.mark.parametrize("gid,lines", GAMES, ids=[g[0] for g in GAMES])
def test_whole_match_with_aids(tmp_path, gid, lines):
    dev = new_device(tmp_path, 11)
    g = start(dev, gid, ["P1: Person"] + lines)
    m = g.match
    checks = {"looks": 0, "tricks": 0, "hints": 0, "takebacks": 0, "refused": 0, "ends": 0}
    seen = 0
    for t in screens(dev, MAX_STEPS):
        check_frame(dev)
        if isinstance(t, play.GameEnd):
            look_back(dev, g, checks, t)  # the round's end told
            press(dev, A)
            continue
        assert t is g, type(t).__name__
        n = len(m.moves)
        if n > seen:
            seen = n
            if n and replayed(m, n - 1).to_move() != m.you:
                look_back(dev, g, checks)
                continue
        if g.my_turn() and not g.table.holding() and g.pending < 0:
            items = pause_items(dev, g)
            assert HINT in items
            if TAKE_BACK in items and checks["takebacks"] < 8:
                take_back(dev, g, tmp_path, checks)
            else:
                mine = last_decision(m, m.you)
                if TAKE_BACK not in items and mine >= 0:
                    with pytest.raises(AssertionError):  # refused only for a card it would show
                        nothing_shown(m, mine)
                    checks["refused"] += 1
                hint(dev, g, checks)
            seen = len(m.moves)
        elif g.table.holding():
            press(dev, A)
        else:
            dev.frame()
    end = top(dev)
    assert isinstance(end, play.MatchEnd), checks
    assert end.hints == [checks["hints"]] + [0] * (len(m.seats) - 1)  # every person move was a hint
    # How the last round ended keeps both its lines over the hints row.
    for i, r in enumerate(end.rows):
        assert drive.shows(dev, r, (ui.W - drive.font.width(r)) // 2, ui.ROW + 12 + 6 * i, drive.font.SMALL_SIZE), r
    assert checks["looks"] > 0 and checks["hints"] > 0
    assert checks["ends"] > 0 or gid in ("doublejoker", "habitual")  # best of 1: its one end may be the person's move
    if gid in ("doublejoker", "georgian"):
        assert checks["tricks"] > 0
    if gid in ("doublejoker", "prediction"):
        assert checks["steps"] > 0
    print(gid, checks)


# A save as the firmware before the aids writes it (main at the branch's start):
# Double Joker, a person against the Hard bot, nine moves made.
OLD_SAVE = (b'JPSAVE 2 62c27095 113\n{"game":"doublejoker","moves":[49,106,115,25,79,87,48,105,114],'
            b'"options":{"games":1},"seats":[-1,1],"seed":12345}')


def test_old_save_resumes_and_a_save_without_hints_is_written_as_before(tmp_path):
    with open(os.path.join(str(tmp_path), saves.NAME), "wb") as f:
        f.write(OLD_SAVE)
    dev = new_device(tmp_path, 3)
    assert top(dev).items[0].startswith("Resume")
    press(dev, A)
    g = top(dev)
    assert isinstance(g, play.GameScreen) and list(g.match.moves) == [49, 106, 115, 25, 79, 87, 48, 105, 114]
    assert g.match.hints == [0, 0]
    assert saves.encode(g.match.record()) == OLD_SAVE  # no hint taken: no new field, the same bytes


def test_hints_are_kept_in_the_save_and_checked(tmp_path):
    dev = new_device(tmp_path, 3)
    g = start(dev, "doublejoker", ["P1: Person", "P2: Bot Hard", "Match: best of 1"])
    checks = {"hints": 0}
    for _ in range(MAX_STEPS):
        if g.my_turn() and not g.table.holding():
            break
        dev.frame()
    pause_items(dev, g)
    hint(dev, g, checks)
    rec = reading.read(str(tmp_path))[0]
    assert rec["hints"] == [1, 0] and rec["moves"] == list(g.match.moves)
    # A power cut, then Resume: the count comes back with the match.
    dev = new_device(tmp_path, 4)
    press(dev, A)
    assert top(dev).match.hints == [1, 0]
    # A count that is not one per seat, or not a count, is a damaged save.
    for bad in ([1], [1, 0, 0], [-1, 0], [True, 0], "1"):
        payload = OLD_SAVE[OLD_SAVE.index(b"\n") + 1:-1] + b',"hints":' + record.dumps(bad).encode() + b"}"
        with pytest.raises(reading.SaveError) as e:
            reading.decode(saves.pack(saves.MAGIC, saves.VERSION, payload))
        assert e.value.args[0] == "wrong hints"


def test_b_before_the_hint_s_search_cancels_it(tmp_path):
    # The hint's dialog says the bot is thinking for a frame before its
    # search; B pressed then went nowhere (the search ran and its answer
    # came up anyway). It goes back to the table, no search, no hint counted.
    dev = new_device(tmp_path, 3)
    g = start(dev, "doublejoker", ["P1: Person", "P2: Bot Hard", "Match: best of 1"])
    for _ in range(MAX_STEPS):
        if g.my_turn() and not g.table.holding():
            break
        dev.frame()
    pause_items(dev, g)
    pick(dev, HINT)
    h = top(dev)
    assert type(h).__name__ == "Hint" and h.move < 0
    press(dev, B)
    assert top(dev) is g and h.move < 0 and g.match.hints == [0, 0]
    assert "firmware.aids.hint" not in sys.modules


def test_take_back_twice_goes_back_two_decisions(tmp_path):
    # The second take back finds the decision before by a replay from the
    # deal (the first spent the match's copy); each time the save follows.
    dev = new_device(tmp_path, 5)
    g = start(dev, "doublejoker", ["P1: Person", "P2: Bot Hard", "Match: best of 1"])
    m = g.match
    checks = {"hints": 0}
    decisions = []
    for _ in range(MAX_STEPS):
        if len(decisions) == 4:
            break
        if g.my_turn() and not g.table.holding():
            before = replayed(m, len(m.moves) - 1) if m.moves else None
            if before is None or before.to_move() != m.you or not before.turn_step(m.moves[-1]):
                decisions.append(len(m.moves))  # a turn's start, not its lead after a place (DJ-6)
            pause_items(dev, g)
            hint(dev, g, checks)
        elif g.table.holding():
            press(dev, A)
        else:
            dev.frame()
    for want in (decisions[-1], decisions[-2]):
        while not g.my_turn() or g.table.holding():
            press(dev, A) if g.table.holding() else dev.frame()
        assert TAKE_BACK in pause_items(dev, g)
        # Six lines: the arrow that says more are below sits at the title
        # bar's end, clear of "hold B: look back" (it touched the last letter).
        look = sys.modules["firmware.aids.takeback"].LOOK  # (loaded while the menu is open)
        texts = dict([(t[0], t[1]) for t in drive.recorded(dev, top(dev))])
        assert texts[look] + font.width(look) + 2 <= texts[font.DOWN], texts
        pick(dev, TAKE_BACK)
        assert len(m.moves) == want and saved_moves(tmp_path) == list(m.moves)
        assert m.state.encode() == replayed(m, want).encode()


@pytest.mark.parametrize("tail", [12, 0])
def test_resumed_match_looks_back_and_takes_back(tmp_path, monkeypatch, tail):
    # A resume keeps the state copies of its last moves only (tail 0: none,
    # as when the person's last decision lies further back): the look back
    # and the take back then find it by a replay, with the same result.
    from firmware import match as match_module

    monkeypatch.setattr(match_module, "_TAIL", tail)
    dev = new_device(tmp_path, 6)
    g = start(dev, "georgian", ["P1: Person", "P2: Bot Hard", "P3: Bot Hard", "P4: Bot Hard", "Deals: Nines only"])
    checks = {"hints": 0}
    bids = 0
    for _ in range(MAX_STEPS):
        if g.my_turn() and not g.table.holding():
            if bids == 2:
                break
            bids += g.match.state.phase() == 1  # BIDDING
            pause_items(dev, g)
            hint(dev, g, checks)
        elif g.table.holding() or not isinstance(top(dev), play.GameScreen):
            press(dev, A)
        else:
            dev.frame()
    moves = list(g.match.moves)
    dev = new_device(tmp_path, 7)  # a power cut
    press(dev, A)  # Resume
    g = top(dev)
    m = g.match
    assert list(m.moves) == moves
    mine = last_decision(m, m.you)
    assert m.marks[m.you] == (-1 if tail == 0 else m.marks[m.you]) and (tail == 0 or m.marks[m.you][0] == mine)
    hold(dev, B, play.HOLD_MS + 100)
    assert top(dev).title == "Since your move"
    assert first_row(replayed(m, mine).describe(m.moves[mine], m.you)) in top(dev).lines
    press(dev, B)
    if TAKE_BACK in pause_items(dev, g):
        pick(dev, TAKE_BACK)
        assert len(m.moves) == mine and m.state.encode() == replayed(m, mine).encode()
    else:
        with pytest.raises(AssertionError):
            nothing_shown(m, mine)
