# The layout guard (host_tests/guard.py), which checks every frame of every
# test through host_tests/conftest.py: what it finds in made-up frames, and a
# tour of every game at 2 and 4 seats (where the game has them), with one
# person and with two, through the table, the pause menu, the rules, the
# scores, the hand-off and the end screens.
import pytest

import tools.host  # noqa: F401  (framebuf stand-in on CPython; before framebuf)
from engine import registry
from engine.rng import Rng
from firmware import font, menus, play, tables, ui
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.match import PERSON, Match
from host_tests import guard
from host_tests.drive import new_device, screens, top

NORMAL = font.NORMAL_SIZE


def found(draw):
    return guard.drawn(draw)[2]


def test_text_on_text_is_found():
    # Issue 21 item 1's kind: one line drawn over another.
    bad = found(lambda fb: (font.text(fb, "BEST ODDS", 67, 41), font.text(fb, "BARRED:", 67, 45)))
    assert bad and "overlaps" in bad[0]
    assert not found(lambda fb: (font.text(fb, "BEST ODDS", 67, 41), font.text(fb, "BARRED:", 67, 47)))


def test_text_leaving_the_panel_is_found():
    assert "leaves the panel" in found(lambda fb: font.text(fb, "P2 CALLED Joker", 90, 20))[0]
    assert "leaves the panel" in found(lambda fb: font.text(fb, "A", 0, 60, 1, NORMAL))[0]
    assert not found(lambda fb: font.text(fb, "A", 122, 57, 1, NORMAL))


def test_a_card_through_a_dot_mask_is_found():
    # Issue 21 item 2: Georgian Joker's dimmed cards.
    def dimmed(fb):
        font.text(fb, "7\x01", 1, 46, 1, NORMAL)
        for dy in range(8):
            for dx in range(dy & 1, 12, 2):
                fb.pixel(1 + dx, 46 + dy, 0)
    assert "not drawn as itself" in found(dimmed)[0]
    assert not found(lambda fb: ui.card(fb, "7\x01", 1, 46, False, True))


def test_an_inverted_label_needs_a_lit_margin():
    # Issue 21 item 3: the selected ten of Habitual Joker's hand, whose
    # highlight began on the label's top row.
    def tight(fb):
        fb.fill_rect(0, 44, 13, 8, 1)
        font.text(fb, font.TEN + font.HEARTS, 1, 44, 0, NORMAL)
    assert "not drawn as itself" in found(tight)[0]
    assert not found(lambda fb: ui.card(fb, font.TEN + font.HEARTS, 1, 44, True))


def test_text_touching_a_line_is_found():
    # A card label against its box's frame (Georgian Joker's trick cards).
    def framed(fb):
        fb.rect(54, 28, 20, 10, 1)
        font.text(fb, "9\x03", 58, 29, 1, NORMAL)
    assert "not drawn as itself" in found(framed)[0]


def test_what_is_let_through():
    # A run crossed out on purpose, a card back's pattern meeting its frame,
    # a descender's tail on a menu line's edge.
    assert not found(lambda fb: ui.strike(fb, "3", 40, 18, NORMAL))
    assert not found(lambda fb: (fb.rect(0, 0, 12, 12, 1), font.text(fb, "\x14\x14", 0, 2, 1, NORMAL)))
    assert not found(lambda fb: ui.item(fb, "P2: Bot Medium", 0, 19, 128, True))
    # ...but not a line through a card, nor the same text twice in one place.
    assert found(lambda fb: (font.text(fb, "K\x04", 0, 0, 1, NORMAL), fb.hline(0, 3, 12, 1)))
    assert found(lambda fb: (font.text(fb, "Q", 0, 0), font.text(fb, "Q", 0, 0)))


def test_double_jokers_two_line_message_stands_clear_of_the_status_line(tmp_path):
    # Issue 21 item 4: "... WINS THE / TRICK" sat on "YOU [joker]0 WON 0" as
    # close as its own two rows are to each other.
    m = Match(str(tmp_path), "doublejoker", {}, [PERSON, 0], 3)
    rng = Rng(3)
    while len(ui.wrap(ui.glyphs(m.message), 27)) < 2:
        legal = m.state.legal_moves()
        m.play(legal[rng.below(len(legal))])
    t = tables.load("doublejoker").Table(m)
    t.refresh(0)
    runs, buf, bad = guard.drawn(t.draw)
    boxes = [guard.box(r, guard.ink) for r in runs]
    message = sorted([b for b in boxes if b is not None and b[0] == 0 and 42 < b[1] < 56])
    status = [b for b in boxes if b is not None and b[1] >= 56]
    assert len(message) == 2 and status
    within = message[1][1] - message[0][3] - 1  # blank rows between the message's rows
    below = min([b[1] for b in status]) - message[1][3] - 1
    assert below > within >= 1
    assert not bad, bad


def tours():
    # (game, seats) for every game at 2 and 4 seats where it has them.
    out = []
    for gid in registry.ids():
        lo, hi = registry.load(gid).INFO.seats
        for n in (2, 4):
            if lo <= n <= hi:
                out.append((gid, n))
    return out


def visit_menus(dev):
    # The pause menu over the table (or the hand-off, once it takes keys), the rules, the scores, and back.
    press = dev.press
    dev.idle()
    before = top(dev)
    press(B)
    assert isinstance(top(dev), play.Pause)
    for label in ("Rules", "Scores"):
        m = top(dev)
        while m.items[m.cur] != label:
            press(DOWN)
        press(A)
        for _ in range(3):
            press(DOWN)
        press(B)
    press(B)
    assert top(dev) is before


def test_a_dialog_leaves_no_sliced_line_of_text_beside_it():
    # A dialog clears the band it sits in edge to edge; where the band's edge
    # fell inside a line of the screen beneath, the half left read as garbage
    # (a hint over a hand, a notice over a table's rows). Rows of text every 7
    # pixels, two upright rules through them, a box at every height: each line
    # is left whole or cleared whole; the rules and what is a line's height
    # away stay.
    for y in range(3, 30):
        h = 22
        runs, buf, bad = guard.drawn(lambda fb: [font.text(fb, "K" * 32, 0, r) for r in range(0, 64, 7)]
                                     + [fb.vline(50, 0, 64, 1), fb.vline(78, 0, 64, 1)] + [ui.box(fb, 4, y, 120, h)])
        for r in [r for r in range(0, 64, 7) if r + 5 <= y or r >= y + h]:  # (lines under the box itself: its own)
            rows = [sum([(buf[(q >> 3) * 128 + x] >> (q & 7)) & 1 for x in range(0, 48)]) for q in range(r, min(r + 5, 64))]
            assert all(rows) or not any(rows), (y, r, rows)  # whole, or gone whole
        top = y - 2
        assert all([(buf[(q >> 3) * 128 + 50] >> (q & 7)) & 1 for q in range(0, max(0, top - 7))]), y  # the rule above


@pytest.mark.parametrize("gid, n", tours())
@pytest.mark.parametrize("people", (1, 2))
def test_every_screen_of_a_tour_passes_the_guard(tmp_path, layout_guard, gid, n, people):
    # A match started as the setup starts it, the people pressing arrows and
    # A at random (B opens the menus once), bots at once, until three rounds
    # are over: every frame drawn passes the guard (conftest.py).
    dev = new_device(tmp_path, seed=5 + n)
    dev.app.bot_delay = 0
    menus.start_match(dev.app, gid, {}, [PERSON] * people + [0] * (n - people))
    dev.frame()
    visit_menus(dev)
    rng = Rng(n * 10 + people)
    keys = (LEFT, RIGHT, UP, DOWN, A, A, A)
    ends = 0
    for t in screens(dev, 9000):
        if isinstance(t, play.GameEnd):
            ends += 1
            if ends == 3:
                break
            dev.idle()  # (it takes keys play.SETTLE_MS after it came)
            dev.press(RIGHT)  # the score sheet, and back
            dev.press(B)
            dev.press(A)
        elif isinstance(t, play.GameScreen) and t.bot and not t.table.holding():
            dev.frame()
        else:
            dev.press(keys[rng.below(len(keys))])
    assert ends == 3 or isinstance(top(dev), play.MatchEnd), (gid, n, ends)
    assert layout_guard.frames > 50 and {"GameScreen", "Pause", "Rules", "GameEnd"} <= layout_guard.seen
    if people == 2 and registry.load(gid).INFO.hidden:
        assert "Handoff" in layout_guard.seen


def test_every_highlight_is_one_cell():
    # ui.cell draws a highlighted cell for the menus and every table: inverted
    # text on a box a pixel up and left of it, as wide as the text and a
    # pixel (or w) and a cell and a pixel high (or h); plain text when off.
    from host_tests.drive import blank

    def frame(paint):
        buf, fb = blank()
        paint(fb)
        return buf

    def by_hand(box, s, x, y, size):
        return frame(lambda fb: (fb.fill_rect(*box, 1), font.text(fb, s, x, y, 0, size)))

    assert frame(lambda fb: ui.cell(fb, "P2", 20, 10, True)) == by_hand((19, 9, 9, 7), "P2", 20, 10, ui.SMALL)
    assert frame(lambda fb: ui.cell(fb, "7", 30, 20, True, NORMAL, 8, 10)) == by_hand(
        (29, 19, 8, 10), "7", 30, 20, NORMAL)
    assert frame(lambda fb: ui.cell(fb, "P2", 20, 10, False)) == frame(lambda fb: font.text(fb, "P2", 20, 10))
    # A menu line: the bar from its left edge, the text two pixels in.
    assert frame(lambda fb: ui.item(fb, "Resume", 0, 10, 128, True)) == by_hand(
        (0, 10, 128, 9), "Resume", 2, 11, NORMAL)
    # A card: 13 x 9 from a pixel up and left; the one-cell Joker centred in it.
    joker = font.card_label(54)
    assert frame(lambda fb: ui.card(fb, joker, 40, 30, True)) == by_hand((39, 29, 13, 9), joker, 43, 30, NORMAL)
