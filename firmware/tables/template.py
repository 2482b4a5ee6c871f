# High Card's table (engine/games/template.py): the viewer's hand along the
# bottom, the trick above it, whose turn it is. What a table answers is in
# firmware/tables/__init__.py.
from engine.games.template import DEALS
from firmware import font, ui
from firmware.tables import Base, Cursor

HAND_Y = 50  # the hand's row
TRICK_Y = 20
PITCH = 20  # between cards
LEFT = 4


class Table(Base):
    def __init__(self, match):
        self.match = match
        self.cursor = Cursor()
        self.viewer = 0
        self.hand = []

    def refresh(self, viewer):
        self.viewer = viewer
        st = self.match.state
        self.hand = st.view(viewer).hands[viewer]
        spots = []
        if st.to_move() == viewer and self.match.is_person(viewer):
            for i in range(len(self.hand)):
                spots.append((HAND_Y, LEFT + PITCH * i, self.hand[i]))
        self.cursor.set(spots)

    def draw(self, fb):
        st = self.match.state
        font.text(fb, "%s to play" % self.match.player(st.to_move()), 0, 0)
        t = st.trick
        for i in range(0, len(t), 2):
            font.text(fb, font.card_label(t[i + 1]), LEFT + PITCH * (i // 2), TRICK_Y, 1, ui.NORMAL)
        sel = self.cursor.at()
        for i in range(len(self.hand)):
            x = LEFT + PITCH * i
            on = sel is not None and sel[1] == x
            if on:
                fb.fill_rect(x - 1, HAND_Y - 1, 14, 10, 1)
            font.text(fb, font.card_label(self.hand[i]), x, HAND_Y, 0 if on else 1, ui.NORMAL)

    def handoff_lines(self, seat):
        return ["deal %d of %d" % (self.match.state.deal_no, DEALS)]
