# The Double Joker table. Perfect information: both hands are shown, one row
# per suit: the opponent's ranks | the deuce stack | the viewer's ranks.
#
#   P2 Easy  [joker] 4  won 0     Game 1/3     opponent: joker stack, games won
#     3 5 9 J Q | [club] Q x3 | 4 6 8 K A      suit rows (T = ten): top card, count
#   ...
#   P2 leads Q[spade]              [Q spade]   describe() of the last move, the lead
#   You  [joker] 2  won 0          A: follow   the viewer, and what A does now
#
# The cursor visits only legal choices: in the pre-lead step a card of the
# viewer's hand (place it) or a stack (take it back), then a card to lead or
# to follow with.
from engine.cards import label
from engine.state import CONTINUE, seat_name
from firmware import font, ui
from firmware.tables import Base, Cursor

RANKS = "23456789TJQKA"  # one SMALL cell each: T reads better than a squeezed 10
SUITS = "\x01\x02\x03\x04"
CW = 4  # SMALL cell width
TOP_Y = 1
ROW0 = 11  # y of the clubs row
PITCH = 8
OPP_END = 48  # the opponent's ranks end here, right-aligned towards the stacks
STACK_X = 52
STACK_W = 27  # the stack's frame, from STACK_X - 2
MINE_X = 80
MSG_Y = 45
TEXT_Y = 44  # the message's rows: two stand clear of the status line
FOOT_Y = 58


class Table(Base):
    def __init__(self, match):
        self.match = match
        self.g = match.game
        self.cursor = Cursor()
        self.viewer = 0
        self.mine = [[], [], [], []]  # the viewer's cards per suit
        self.texts = ["", "", "", "", "", "", "", ""]  # ranks per suit: theirs 0-3, mine 4-7

    def refresh(self, viewer):
        self.viewer = viewer
        st = self.match.state
        self.mine = self._by_suit(st.hand(viewer))
        theirs = self._by_suit(st.hand(1 - viewer))
        for s in range(4):
            self.texts[s] = "".join([RANKS[c % 13] for c in theirs[s]])
            self.texts[4 + s] = "".join([RANKS[c % 13] for c in self.mine[s]])
        spots = []
        if st.to_move() == viewer and self.match.is_person(viewer):
            g = self.g
            for m in st.legal_moves():
                if m == CONTINUE:
                    continue
                if g.TAKE <= m < g.PLAY:
                    s = m - g.TAKE
                    spots.append((ROW0 + s * PITCH, STACK_X, m))
                else:
                    c = m - g.PLAY if m >= g.PLAY else m
                    s = c // 13
                    spots.append((ROW0 + s * PITCH, MINE_X + CW * self.mine[s].index(c), m))
        self.cursor.set(spots)

    @staticmethod
    def _by_suit(cards):
        out = [[], [], [], []]
        for c in cards:
            out[c // 13].append(c)
        return out

    def on_button(self, b):
        if b == ui.A:
            return self.cursor.selected()
        self.cursor.press(b)
        return -1

    def draw(self, fb):
        st = self.match.state
        me = self.viewer
        sel = self.cursor.at()
        self._player(fb, 1 - me, TOP_Y)
        t = "Game %d/%d" % (st.game_no, st.games)
        font.text(fb, t, ui.W - font.width(t), TOP_Y)
        fb.hline(0, ROW0 - 3, ui.W, 1)
        pre = st.pre_suit()
        for s in range(4):
            y = ROW0 + s * PITCH
            t = self.texts[s]
            font.text(fb, t, OPP_END - font.width(t), y)
            self._stack(fb, s, y, sel, s == pre)
            font.text(fb, self.texts[4 + s], MINE_X, y)
        if sel is not None and sel[1] >= MINE_X:
            # The selected card of the viewer's hand: a bar under it (the
            # ranks stand too close together for one to be inverted).
            fb.hline(sel[1] - 1, sel[0] + 6, CW + 1, 1)
        fb.hline(0, MSG_Y - 3, ui.W, 1)
        fb.vline(STACK_X - 4, ROW0 - 3, MSG_Y - ROW0, 1)
        fb.vline(MINE_X - 3, ROW0 - 3, MSG_Y - ROW0, 1)
        cols = 32
        lead = st.trick()
        if lead:
            # The card led, waiting to be followed, as a little card.
            fb.rect(ui.W - 17, MSG_Y - 1, 17, 11, 1)
            font.text(fb, font.card_label(lead[0]), ui.W - 14, MSG_Y + 1, 1, ui.NORMAL)
            cols = 27
        msg = self.match.message or self._opening(st.to_move())
        rows = ui.wrap(ui.glyphs(msg), cols)
        for i in range(min(2, len(rows))):
            font.text(fb, rows[i], 0, TEXT_Y + 6 * i)
        self._player(fb, me, FOOT_Y)
        hint = self._hint(st, me)
        font.text(fb, hint, ui.W - font.width(hint), FOOT_Y)

    def _player(self, fb, seat, y):
        # Name, joker stack (NORMAL joker glyph: the SMALL one is too fine to
        # read) and games won; a right arrow marks the player to move.
        st = self.match.state
        x = 0
        if st.to_move() == seat:
            x = font.text(fb, "\x11", 0, y) + 1
        x = font.text(fb, self.match.player(seat), x, y) + 6
        x = font.text(fb, "\x05", x, y - 1, 1, ui.NORMAL)
        x = font.text(fb, "%d" % st.joker_count(seat), x, y) + 6
        return font.text(fb, "won %d" % st.scores()[seat], x, y)

    def _stack(self, fb, s, y, sel, chosen):
        # Suit glyph (NORMAL), the top card's rank and how many lie on the deuce;
        # the stack chosen before the lead is framed, the selected one inverted,
        # right of the suit (the suits of two rows are a pixel apart).
        cards = self.match.state.stack(s)
        on = sel is not None and sel[0] == y and sel[1] == STACK_X
        if on:
            fb.fill_rect(STACK_X + 6, y - 2, STACK_W - 8, 9, 1)
        elif chosen:
            fb.rect(STACK_X + 6, y - 2, STACK_W - 8, 9, 1)
        c = 0 if on else 1
        font.text(fb, SUITS[s], STACK_X, y - 1, 1, ui.NORMAL)
        if cards:
            font.text(fb, RANKS[cards[-1] % 13], STACK_X + 8, y, c)
            n = "x%d" % len(cards)
            font.text(fb, n, STACK_X + STACK_W - 3 - font.width(n), y, c)
        else:
            font.text(fb, "2", STACK_X + 8, y, c)

    def _opening(self, seat):
        who = self.match.player(seat)
        return who + (" lead first" if who == "You" else " leads first")

    def _hint(self, st, me):
        g = self.g
        ph = st.phase()
        if ph == g.BETWEEN or ph == g.OVER:
            return ""
        who = st.to_move()
        if not self.match.is_person(me):
            return ""  # bots only: the arrow shows who moves
        if not self.match.is_person(who):
            return seat_name(who) + " thinking..."
        if who != me:
            return ""
        m = self.cursor.selected()
        if g.TAKE <= m < g.PLAY:
            return "A: take back"
        # The card the cursor is on, named: its bar is small.
        card = " " + ui.glyphs(label(m - g.PLAY if m >= g.PLAY else m))
        if m < g.TAKE:
            return "A: place" + card
        return ("A: lead" if ph == g.LEAD else "A: follow") + card
