# The line a linked board shows while a seat of another board is to move
# ("P2 (board 2) is choosing", firmware/link/away.py) covers nothing a table
# needs: a framed band over the last twelve rows once hid Prediction's fifth
# row of cards, Joker Poker's scores, Double Joker's own seat line and the
# bottom of Georgian Joker's hand. For each game, at every such moment of a
# whole linked match, the panel differs from the table drawn alone only
# inside the table's own status line, or room the table leaves empty then.
import pytest

from engine.rng import Rng
from firmware import ui
from firmware.tables import doublejoker as dj, georgian as gj, habitual as hj, jokerpoker as jp, prediction as pr
from host_tests import drive
from host_tests.linked import link_up, new_ring, run
from host_tests.test_link import away_line
from tools.host.link import Play

# game title, setup lines, where the line may go (x0, y0, x1, y1: a box,
# the ends excluded), and whether the table leaves that box empty then.
CASES = [
    # Right of this board's seat line, where its hint goes: the message's two rows stay whole.
    ("Double Joker", ["P1: Person", "P2: Person"], (dj.AWAY_X, dj.FOOT_Y, ui.W, ui.H), True),
    # Between the viewer's stacks and the message, right of a hand of five.
    ("Habitual Joker", ["P1: Person", "P2: Person"], (1 + 5 * hj.HAND_DX, hj.BOARD_Y[1] + hj.BOX_H, ui.W, hj.MSG_Y),
     True),
    # The panel under four seats' lines and the status line; never the grid.
    ("Prediction", ["Players: 4", "P1: Person", "P2: Bot Easy", "P3: Person", "P4: Person"],
     (pr.SPLIT_X + 1, pr.ROWS_Y + 4 * pr.ROW_H + 1 + 6, ui.W, ui.H), True),
    # The message line: the hand above it stays whole.
    ("Georgian Joker", ["P1: Person", "P2: Person", "P3: Bot Easy", "P4: Bot Easy", "Deals: Nines only"],
     (0, gj.MSG_Y, ui.W, ui.H), False),
    # "P2 is arranging": the scores' line under it stays.
    ("Joker Poker", ["Players: 3", "P1: Person", "P2: Person", "P3: Person"], (0, jp.LINE_Y[0], ui.W, jp.LINE_Y[1]),
     False),
]


@pytest.mark.parametrize("title,lines,box,empty", CASES, ids=["dj", "hj", "pr", "gj", "jp"])
def test_the_waiting_line_covers_nothing_the_table_needs(tmp_path, title, lines, box, empty):
    ring = new_ring(tmp_path, 2, 3)
    link_up(ring, title, lines)
    p = Play(ring, Rng(3))
    x0, y0, x1, y1 = box
    seen = set()

    def check():
        for k in range(2):
            d = ring.devs[k]
            g = d.app.stack[0]
            if type(drive.top(d)).__name__ != "Away" or g.bot or (k, len(g.match.moves)) in seen:
                continue
            seen.add((k, len(g.match.moves)))
            alone, fb = drive.blank()
            g.draw(fb)
            panel = d.display.buf
            moved = [(x, y) for y in range(ui.H) for x in range(ui.W)
                     if (panel[(y >> 3) * ui.W + x] ^ alone[(y >> 3) * ui.W + x]) >> (y & 7) & 1]
            assert moved, "no line drawn"
            out = [(x, y) for x, y in moved if not (x0 <= x < x1 and y0 <= y < y1)]
            assert not out, (title, len(g.match.moves), out[:5])
            if empty:
                assert not any(drive.pixels(alone, x0, y0, x1, y1)), "the table draws there then"
            # Where the whole line does not fit, the seat to move has the table's arrow.
            said = "Board %d choosing" if title == "Double Joker" else g.match.short(g.who) + " (board %d) is choosing"
            assert away_line(d) == said % (2 - k)
        return False

    run(p, until=check)  # the whole match
    assert len(seen) > 20
