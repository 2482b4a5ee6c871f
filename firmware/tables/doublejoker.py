# The Double Joker table. Perfect information: both hands are shown, one row
# per suit: the left seat's ranks | the deuce stack | the right seat's ranks.
#
#   P2 Easy  [joker] 4  won 0     Game 1/3     the left seat: joker stack, games won
#     3 5 9 J Q | [club] Q x3 | 4 6 8 K A      suit rows (T = ten): top card, count
#   ...
#   P2 leads Q[spade]              [Q spade]   describe() of the last move, the lead
#   You  [joker] 2  won 0          A: follow   the right seat, and what A does now
#
# The right seat is the person's against a bot (and in link play this board's
# person's); two people at one board keep P1 there and P2 on the left, so the
# picture never turns round, and the message names
# who is to play in large letters when the turn passes to the other. The
# cursor visits only legal choices, on the mover's side: in the pre-lead step
# a card of the hand (place it) or a stack (take it back), then a card to
# lead or to follow with; a seat's turn after the other's starts on its
# lowest choice. A finished trick stays, both cards with the winner's
# inverted, until A (firmware/play.py: or what else goes on from a held
# table), when a person is at the table; so does a lead the other cannot
# follow, which ends the game (DJ-12), saying why.
from engine import const
from engine.cards import label
from engine.state import CONTINUE, says
from firmware import font, ui
from firmware.tables import Base, Cursor

RANKS = "23456789TJQKA"  # one SMALL cell each: T reads better than a squeezed 10
SUITS = "\x01\x02\x03\x04"
_CW = const(4)  # SMALL cell width
_TOP_Y = const(1)
ROW0 = const(11)  # y of the clubs row
PITCH = const(8)
OPP_END = const(48)  # the opponent's ranks end here, right-aligned towards the stacks
STACK_X = const(52)
_STACK_W = const(27)  # the stack's frame, from STACK_X - 2
MINE_X = const(80)
MSG_Y = const(45)
TEXT_Y = const(44)  # the message's rows: two stand clear of the status line
FOOT_Y = const(58)
AWAY_X = const(60)


class Table(Base):
    # Right of this board's seat line, where its hint goes on its turn: the
    # message keeps both rows (the seat line ends by x 58: "You", a joker
    # count of two digits, "won 9").
    AWAY = (AWAY_X, FOOT_Y, ui.W - AWAY_X, 1, True)

    def offer(self, move):
        self.cursor.select(move)

    def __init__(self, match):
        self.match = match
        self.g = match.game
        self.cursor = Cursor()
        self.viewer = 0
        self.right = 0  # the seat drawn on the right and at the bottom
        self.texts = ["", "", "", "", "", "", "", ""]  # ranks per suit: left seat 0-3, right seat 4-7
        self.seen = -1  # moves made at the last refresh
        self.held = False  # a finished trick, or the lead that ended the game, shown until A
        self.chose = -1  # the seat whose choices the cursor was last on
        self.said = ""  # the message: the last move, with the lead's pre-lead step

    def refresh(self, viewer):
        self.viewer = viewer
        m = self.match
        st = m.state
        g = self.g
        n = len(m.moves)
        if n != self.seen:
            # A trick just finished (not one replayed on resume) is held until
            # A when a person is there, and so is a lead that ended the game
            # (DJ-12), else gone with the end's screen; a lead is told with
            # the place or take back just before it.
            last = m.moves[-1] if n else CONTINUE
            new = self.seen == n - 1
            played = g.PLAY <= last < CONTINUE
            led = played and len(st.trick()) > 0
            self.held = new and played and (not led or st.deal_over()) and m.persons() > 0
            msg = m.message
            if new and led:  # one sentence: "You place 8\x03, you lead 10\x03"
                msg = self.said + ", " + ("you" + msg[3:] if msg.startswith("You ") else msg)
            self.said = msg
            if new and led and st.deal_over():
                # A lead the other cannot follow (DJ-12): why the game ended, at
                # once (the lead is the card at the right); it came only after A.
                self.said = m.result_text()
            self.seen = n
        self.right = 0 if m.persons_here() == 2 and not m.info.hidden else viewer
        hands = (self._by_suit(st.hand(1 - self.right)), self._by_suit(st.hand(self.right)))
        for s in range(4):
            self.texts[s] = "".join([RANKS[c % 13] for c in hands[0][s]])
            self.texts[4 + s] = "".join([RANKS[c % 13] for c in hands[1][s]])
        spots = []
        low = CONTINUE
        if st.to_move() == viewer and m.is_person(viewer) and not self.held:
            side = hands[1 if viewer == self.right else 0]
            for mv in st.legal_moves():
                if mv == CONTINUE:
                    continue
                low = min(low, mv)
                if g.TAKE <= mv < g.PLAY:
                    s = mv - g.TAKE
                    spots.append((ROW0 + s * PITCH, STACK_X, mv))
                else:
                    c = mv - g.PLAY if mv >= g.PLAY else mv
                    s = c // 13
                    spots.append((ROW0 + s * PITCH, self._rank_x(viewer != self.right, s) + _CW * side[s].index(c), mv))
        self.cursor.set(spots)
        if spots and viewer != self.chose:
            # A seat's turn after the other's (two people): its lowest choice
            # (move codes go by suit, then rank), whichever side it sits; the
            # spot nearest the other's last, across the stacks, was P2's
            # highest card and P1's lowest.
            self.cursor.select(low)
            self.chose = viewer

    def _rank_x(self, left, s):
        # Where a seat's ranks of suit s start: the left seat's end at the stacks.
        return OPP_END - font.width(self.texts[s]) if left else MINE_X

    def holding(self):
        return self.held

    def release(self):
        self.held = False
        self.refresh(self.viewer)

    def landing(self, mover):
        # A card led, or followed to a trick held, goes to the trick at the
        # right of the message; a card placed goes to its deuce stack. It
        # comes from its suit's row on the mover's side.
        g = self.g
        mv = self.match.moves[-1]
        if mv < g.TAKE:
            c = mv
            at = (STACK_X + 6, ROW0 + c // 13 * PITCH - 2, _STACK_W - 8, 9)
        elif g.PLAY <= mv < CONTINUE and (self.held or self.match.state.trick()):
            c = mv - g.PLAY
            at = (ui.W - 17, MSG_Y - 1, 17, 11)
        else:
            return None
        return at + (MINE_X if mover == self.right else OPP_END - 13, ROW0 + c // 13 * PITCH - 1)

    @staticmethod
    def _by_suit(cards):
        out = [[], [], [], []]
        for c in cards:
            out[c // 13].append(c)
        return out

    def draw(self, fb):
        st = self.match.state
        right = self.right
        sel = self.cursor.at()
        self._player(fb, 1 - right, _TOP_Y)
        t = "Game %d/%d" % (st.game_no, st.games)
        font.text(fb, t, ui.W - font.width(t), _TOP_Y)
        fb.hline(0, ROW0 - 3, ui.W, 1)
        pre = st.pre_suit()
        for s in range(4):
            y = ROW0 + s * PITCH
            t = self.texts[s]
            font.text(fb, t, OPP_END - font.width(t), y)
            self._stack(fb, s, y, sel, s == pre)
            font.text(fb, self.texts[4 + s], MINE_X, y)
        if sel is not None and sel[1] != STACK_X:
            # The selected card of the mover's hand: a bar under it (the
            # ranks stand too close together for one to be inverted).
            fb.hline(sel[1] - 1, sel[0] + 6, _CW + 1, 1)
        fb.hline(0, MSG_Y - 3, ui.W, 1)
        fb.vline(STACK_X - 4, ROW0 - 3, MSG_Y - ROW0, 1)
        fb.vline(MINE_X - 3, ROW0 - 3, MSG_Y - ROW0, 1)
        self._message(fb, st)
        self._player(fb, right, FOOT_Y)
        hint = self._hint(st)
        font.text(fb, hint, ui.W - font.width(hint), FOOT_Y)

    def _message(self, fb, st):
        # The cards on the table as little cards at the right: the card led, or
        # the finished trick held with its winner's card inverted; left of
        # them what happened, or (two people) who is to play, in large letters.
        x = ui.W
        trick = st.trick()
        if trick:  # (held too when it ended the game)
            x = self._card(fb, x - 17, trick[0], False)
        elif self.held:
            lead, follow = st.last_trick()[:2]
            won = lead % 13 > follow % 13  # by the lead (DJ-9)
            self._card(fb, x - 17, follow, not won)
            x = self._card(fb, x - 35, lead, won)
        who = st.to_move()
        moves = self.match.moves
        opening = not moves or moves[-1] == CONTINUE
        if not self.held and self.match.persons_here() == 2 and (st.phase() == self.g.FOLLOW or opening):
            # The turn passed to the other person: their name, large.
            t = self._opening(who) if opening else self.match.short(who) + " to follow"
            font.text(fb, t, 0, MSG_Y, 1, ui.NORMAL)
            return
        rows = ui.wrap(ui.glyphs(self.said or self._opening(who)), x // _CW)
        for i in range(min(2, len(rows))):
            font.text(fb, rows[i], 0, TEXT_Y + 6 * i)

    @staticmethod
    def _card(fb, x, card, inverted):
        # A card of the trick, framed (or filled) 17 x 11; returns its left x.
        if not inverted:
            fb.rect(x, MSG_Y - 1, 17, 11, 1)
        ui.cell(fb, font.card_label(card), x + 3, MSG_Y + 1, inverted, ui.NORMAL, 17, 11, left=3, top=2)
        return x

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
            fb.fill_rect(STACK_X + 6, y - 2, _STACK_W - 8, 9, 1)
        elif chosen:
            fb.rect(STACK_X + 6, y - 2, _STACK_W - 8, 9, 1)
        c = 0 if on else 1
        font.text(fb, SUITS[s], STACK_X, y - 1, 1, ui.NORMAL)
        if cards:
            font.text(fb, RANKS[cards[-1] % 13], STACK_X + 8, y, c)
            n = "x%d" % len(cards)
            font.text(fb, n, STACK_X + _STACK_W - 3 - font.width(n), y, c)
        else:
            font.text(fb, "2", STACK_X + 8, y, c)

    def _opening(self, seat):
        return says(seat, self.match.you, "leads") + " first"

    def _hint(self, st):
        g = self.g
        if self.held:
            return "A: next"
        phase = st.phase()
        if phase == g.BETWEEN or phase == g.OVER or not self.match.persons():
            return ""  # bots only: the arrow shows who moves
        who = st.to_move()
        if not self.match.is_person(who):
            return self.match.short(who) + " thinking..."
        if who != self.viewer:
            return ""  # another board's person (link play): its line over the table says so
        m = self.cursor.selected()
        if g.TAKE <= m < g.PLAY:
            return "A: take back"
        # The card the cursor is on, named: its bar is small.
        card = " " + ui.glyphs(label(m - g.PLAY if m >= g.PLAY else m))
        if m < g.TAKE:
            return "A: place" + card
        return ("A: lead" if phase == g.LEAD else "A: follow") + card
