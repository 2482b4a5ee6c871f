# Double Joker's table through the buttons on the simulator's host stand-ins
# (rule ids DJ-n of seeds/doublejoker.md): where the cursor starts when two
# people share the device, and how a game's end is shown.
import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine.games import doublejoker as D
from engine.state import CONTINUE
from firmware import font, play, ui
from firmware.buttons import A, B
from firmware.saves import PERSON
from firmware.tables import doublejoker as table
from host_tests.drive import (choose, drawn, hold, match_at, new_device, press, recorded, resume, screens, setup_match,
                               top)


def lowest(st):
    # The seat's first choice in card order: move codes go by suit, then rank.
    return min([m for m in st.legal_moves() if m != CONTINUE])


def test_two_people_each_start_a_turn_on_their_lowest_choice(tmp_path):
    # Both hands face up (DJ-4), P1's on the right, P2's on the left: when the
    # turn passes to the other person, to follow (DJ-8) or to lead, the cursor
    # starts on their lowest choice whichever side they sit, not on the spot
    # nearest the other's (P2's highest card, P1's lowest). Seed 1: P2's
    # first follow of 6c holds 3 5 7 10 of clubs and starts on the 3.
    dev = new_device(tmp_path, 1)
    setup_match(dev, ["Person", "Person"], games=1)
    g = top(dev)
    last = -1  # the seat that chose last
    turns = {0: 0, 1: 0}
    for t in screens(dev):
        if len(g.match.moves) > 40:
            break
        if t is g and g.table.holding():
            press(dev, A)
        elif t is g and g.end == play.NONE:
            st = g.match.state
            who = st.to_move()
            if who != last:
                assert g.table.cursor.selected() == lowest(st), (who, g.table.cursor.selected(), st.legal_moves())
                turns[who] += 1
            last = who
            legal = [m for m in st.legal_moves() if m != CONTINUE]
            choose(dev, legal[len(g.match.moves) * 7 % len(legal)])
        else:
            press(dev, A)
    assert turns[0] > 3 and turns[1] > 3


def test_a_turn_is_one_sentence(tmp_path):
    # The pre-lead step and the lead, one message: "You place 8\x03, you lead
    # 10\x03" (a review read "..., You lead" with a capital mid-sentence).
    dev = new_device(tmp_path, 1)
    setup_match(dev, ["Person", "Bot Medium"], games=1)
    g = top(dev)
    seen = 0
    for t in screens(dev):
        if len(g.match.moves) > 60:
            break
        if t is g and g.table.holding():
            press(dev, A)
        elif t is g and g.end == play.NONE and g.my_turn():
            st = g.match.state
            legal = [m for m in st.legal_moves() if m != CONTINUE]
            led = st.phase() == D.LEAD  # the pre-lead step was made: this is the lead
            choose(dev, legal[len(g.match.moves) * 7 % len(legal)])
            if led and g.match.state.trick():
                said = g.table.said
                assert said.startswith("You ") and ", you lead " in said and "You lead" not in said, said
                seen += 1
        else:
            press(dev, A)
    assert seen > 3


def void_lead(st):
    # A lead the person (seat 1) may make that the bot cannot follow, or -1.
    if st.phase() != D.LEAD or st.to_move() != 0:
        return -1
    for m in st.legal_moves():
        if not [c for c in st.hand(1) if c // 13 == (m - D.PLAY) // 13]:
            return m
    return -1


def to_a_game_ending_lead(tmp_path):
    # Resumed where the person (seat 1) may lead a card the bot cannot
    # follow, and that lead made through the buttons. -> (device, game screen, lead).
    m = match_at(tmp_path, "doublejoker", [PERSON, 0], lambda st: void_lead(st) >= 0)
    lead = void_lead(m.state)
    dev, g = resume(tmp_path, "Double Joker")
    choose(dev, lead)
    st = g.match.state
    assert st.deal_over() and st.trick() == [lead - D.PLAY]
    return dev, g, lead


def test_the_lead_that_ends_a_game_stays_until_a(tmp_path):
    # DJ-12: a lead the other cannot follow ends the game at once. The table
    # keeps it, the card led boxed, until A, as it keeps a finished trick
    # (DJ-9), where the end's screen came 1.2 s later by itself.
    dev, g, lead = to_a_game_ending_lead(tmp_path)
    for _ in range(200):  # 3 s and more: nothing moves on by itself
        dev.frame()
    assert top(dev) is g and g.table.holding()
    x, y = ui.W - 17, table.MSG_Y - 1
    assert drawn(dev, x, y, x + 17, y + 11, lambda fb: (
        fb.rect(x, y, 17, 11, 1), font.text(fb, font.card_label(lead - D.PLAY), x + 3, y + 2, 1, font.NORMAL_SIZE)))
    said = [t[0] for t in recorded(dev, g)]
    assert "A: next" in said
    # Why the game ended, while the lead is held: a review read "P2 leads Q\x04"
    # with the game already won, the reason only after A.
    why = ui.wrap(ui.glyphs(g.match.state.result_text(g.match.you)), 27)
    assert why[0] in said and why[0].startswith("P2 cannot follow")
    press(dev, A)
    # The end was seen: its screen at once (it came 1.2 s after A, a dead pause).
    assert not g.table.holding() and isinstance(top(dev), play.GameEnd)
    # A second A, a double tap, does not pass it unseen: no key for play.SETTLE_MS.
    end, n = top(dev), len(g.match.moves)
    dev.press(A)
    assert top(dev) is end and end.busy() and len(g.match.moves) == n
    assert not [t for t in recorded(dev, end) if t[0].startswith("A: continue")]  # said once it takes it
    dev.wait(play.SETTLE_MS)
    assert [t for t in recorded(dev, end) if t[0].startswith("A: continue")]
    dev.press(A)
    assert top(dev) is g and len(g.match.moves) == n + 1


def test_b_held_on_a_game_end_screen_looks_back_a_tap_pauses(tmp_path):
    # The round's end screen comes at once after its last position: B held
    # there still looks back over the round (as on the table), a tap opens
    # the pause menu, B closes each back to the end screen.
    dev, g, lead = to_a_game_ending_lead(tmp_path)
    press(dev, A)
    end = top(dev)
    assert isinstance(end, play.GameEnd)
    hold(dev, B, play.HOLD_MS + 100)
    lb = top(dev)
    assert type(lb).__name__ == "LookBack" and lb.lines[0].startswith("Scores: ")
    assert ui.wrap(ui.glyphs(g.match.state.result_text(0)), 32)[0] in lb.lines
    press(dev, B)
    assert top(dev) is end
    press(dev, B)
    assert isinstance(top(dev), play.Pause) and top(dev).items[0] == "Resume"
    press(dev, B)
    assert top(dev) is end


def test_the_game_end_screen_has_no_row_that_repeats_the_result(tmp_path):
    # The game's end screen: how it ended ("You cannot follow clubs: P2
    # wins game 1") and the games won (DJ-15), without the row "game" of
    # this game's 1 and 0, which said again who won it, unexplained, beside
    # "won" with the same numbers after a first game.
    dev, g, lead = to_a_game_ending_lead(tmp_path)
    st = g.match.state
    for _ in range(200):
        if isinstance(top(dev), play.GameEnd):
            break
        if g.table.holding():
            press(dev, A)
        dev.frame()
    end = top(dev)
    assert isinstance(end, play.GameEnd)
    texts = recorded(dev, end)
    labels = [t[0] for t in texts if t[1] == 0]
    assert "won" in labels and "game" not in labels, texts
    assert ui.wrap(ui.glyphs(st.result_text(0)), 32)[0] in [t[0] for t in texts]
