# The Georgian Joker table, seen from one seat (the viewer: the person to
# move, or the last person who had the device). Hands are secret (GJ-22): all
# that is drawn comes from state.view(viewer).
#
#   5/24          >P3 0/1           TRUMP     deal / deals; the seat opposite
#   PH1           [ Q# ]             [7#]     phase; the turned card or suit
#   P2 DLR      [J#]    [A#]           P4     the seat on the left (the dealer), on the right
#   1/2           [ 9# ]              0/0     tricks taken / bid
#            YOU 0/1                          the viewer
#   [7#][9#][Q#][K#][A#][Jk]                  the viewer's hand, one row
#   P4 plays A#                               the last move, or what to do
#
# Play goes clockwise (GJ-1): the next seat is on the viewer's left. Each seat
# is named by its trick card; the seat to move is drawn inverted, the leader
# of the trick has ">" before its name, and the dealer a chip after it (an
# inverted DLR, as a dealer button) all deal long: who bids last, the bid
# forbidden and who leads follow from the dealer (GJ-8 .. GJ-10). A Joker in
# a trick shows the suit it named and an arrow: up played high, down played
# low.
# Choosing: LEFT/RIGHT over the legal cards (underlined when some may not be
# played), A plays;
# a Joker then asks high or low (and, led, the suit) in the middle; B steps
# back. A Joker led to the viewer: the last line says what it leaves them to
# play (GJ-14). Bids and trump are picked in the middle the same way. A finished trick
# stays with its winner marked until A (after a resume too; firmware/play.py
# says what else goes on from a held table), and the match
# opens on the deal that found the first dealer (GJ-3), when one person is at
# the table (with more, the first hand-offs name the dealer).
from engine import const
from engine.games import georgian as G
from engine.state import says
from firmware import font, scores, ui
from firmware.tables import Base, Cursor

NORMAL = ui.NORMAL
SMALL = ui.SMALL
HAND_Y = const(46)  # the hand row's labels
HAND_DX = const(14)  # a card and two pixels
MSG_Y = const(58)
_MID_Y = const(18)  # the middle row: the side seats' trick cards, or the choices
# Trick card boxes (left x, top y) by seat relative to the viewer: 0 the
# viewer, 1 on the left, 2 opposite, 3 on the right.
BOX_W = const(21)  # a led Joker's three cells and a column clear of the frame each side
BOX_H = const(11)  # a NORMAL label and a row clear of the frame above and below it
LABEL_DY = const(2)
BOX = ((54, 28), (32, _MID_Y - 1), (54, 7), (76, _MID_Y - 1))
INFO = ((0, 37), (0, 20), (0, 0), (127, 20))  # seat names (opposite: centred; right: right-aligned)
FROM = ((54, HAND_Y - 1), (0, _MID_Y - 1), (54, 0), (107, _MID_Y - 1))  # where each seat's played card comes from
WATCH = const(0)  # nothing to choose
CARDS = const(1)  # a card of the hand
JOKER = const(2)  # the Joker's high or low, and a led Joker's suit
BIDS = const(3)
TRUMPS = const(4)
DRAW = const(1)  # held: the deal that found the first dealer
TRICK = const(2)  # held: a finished trick
HI = "\x12"
LO = "\x13"
CHIP = "DLR"  # the dealer's chip, on a lit cell (a frame would crowd a side seat's score line; a
# lone D read as a boxed 0 beside bids and tricks)
CHIP_W = const(13)
CHIP_GAP = const(2)  # dark columns between a name (inverted on its turn) and the chip


def card_text(c):
    return font.card_label(G.std_card(c))


def play_text(m):
    # A trick card: a card label; a Joker with the suit it named (led) and an
    # arrow for high or low.
    if m < G.JOKER:
        return card_text(m)
    if m >= G.LEAD:
        return font.JOKER_CHAR + font.SUIT_CHARS[(m - G.LEAD) >> 1] + (LO if m & 1 else HI)
    return font.JOKER_CHAR + (HI if m == G.JOKER_HI else LO)


def suit_text(t):
    return "NT" if t == G.NONE else font.SUIT_CHARS[t]


class Table(Base):
    AWAY = (0, MSG_Y, ui.W, 1, False)  # the message line: the hand above stays whole

    def __init__(self, match):
        self.match = match
        self.viewer = 0
        self.v = None  # the viewer's view: all that is drawn
        self.mode = WATCH
        self.cards = Cursor()  # over the hand
        self.opts = Cursor()  # over the choices in the middle
        self.cursor = self.cards
        self.hand = []
        self.legal = []  # the viewer's legal moves when it is their turn
        self.seen = -1  # moves made at the last refresh
        self.held = 0  # DRAW or TRICK: shown until A

    # ----- the state changed, or the device was handed over

    def refresh(self, viewer):
        st = self.match.state
        n = len(self.match.moves)
        if n != self.seen:
            # Held until A with a person at the table: the draw for the first
            # dealer, and a trick just finished; on resume (a fresh table) the
            # last trick again, as before the power went (else A plays a card).
            # With people sharing the device the hand-off before the next
            # one's turn stops the table anyway (it names the first dealer,
            # shows the tricks): held, the table would show a hand before it.
            m = self.match.moves[-1] if n else -1
            people = self.match.persons()
            alone = self.match.persons_here() < 2
            if not n:
                self.held = DRAW if people == 1 else 0
            elif (self.seen == n - 1 or self.seen < 0 and alone) and m < G.BID and st.in_trick == 0 and people:
                self.held = TRICK
            else:
                self.held = 0
            self.seen = n
        self.viewer = viewer
        v = st.view(viewer)
        self.v = v
        self.hand = self._sorted(v.hand(viewer))
        self.mode = WATCH
        self.cursor = self.cards
        self.legal = []
        spots = []
        if st.to_move() == viewer and self.match.is_person(viewer) and not st.deal_over():
            self.legal = v.legal_moves()
            phase = v.phase()
            if phase == G.PLAYING:
                self.mode = CARDS
                for i in range(len(self.hand)):
                    c = self.hand[i]
                    if self._plays(c):
                        spots.append((HAND_Y, self._hand_x(i), c))
            elif phase == G.BIDDING:
                self._choices([(_MID_Y, self._bid_x(m - G.BID), m) for m in self.legal], BIDS, min(self.legal))
            elif phase == G.CHOOSE:
                self._choices([(_MID_Y, 28 + 15 * (m - G.TRUMP), m) for m in self.legal], TRUMPS, min(self.legal))
        self.cards.set(spots)

    def _sorted(self, hand):
        # The Jokers first, then the suits in the pack's order.
        jokers = [c for c in hand if c >= G.JOKER]
        return jokers + [c for c in hand if c < G.JOKER]

    def _plays(self, c):
        if c >= G.JOKER:
            return G.JOKER_HI in self.legal or G.LEAD in self.legal
        return c in self.legal

    def _choices(self, spots, mode, start):
        # The cursor starts on `start` (the lowest bid, the first trump, the
        # Joker as the bid needs it), never where an earlier choice left it:
        # A pressed at once makes no bid or Joker nobody chose.
        self.opts.set(spots)
        self.opts.select(start)
        self.cursor = self.opts
        self.mode = mode

    def _bid_x(self, k):
        # Bids 0..n across the middle, centred.
        n = self.v.cards()
        return 64 - 4 * (n + 1) + 8 * k + 1

    @staticmethod
    def _hand_x(i):
        return 1 + HAND_DX * i

    # ----- buttons

    def on_button(self, b):
        if b == ui.A:
            if self.mode == CARDS:
                c = self.cards.selected()
                if c >= G.JOKER:
                    self._joker()
                    return -1
                return c
            return self.opts.selected() if self.mode != WATCH else -1
        if self.mode == JOKER and (b == ui.UP or b == ui.DOWN):
            # The keys the message shows: UP high, DOWN low (of the same suit, led).
            m = self.opts.selected()
            low = 1 if b == ui.DOWN else 0
            self.opts.select(G.joker_lead((m - G.LEAD) >> 1, low) if m >= G.LEAD else G.JOKER_HI + low)
            return -1
        self.cursor.press(b)
        return -1

    def _joker(self):
        # The second step of playing a Joker (GJ-13, GJ-14): led, a suit and
        # high or low; to a trick, high or low.
        # They take the hand's place, so the trick stays in view. The cursor
        # starts high while the seat's bid needs more tricks, else low.
        spots = []
        v = self.v
        low = 0 if v.tricks(self.viewer) < v.bid(self.viewer) else 1
        if G.LEAD in self.legal:
            for s in range(4):
                spots.append((HAND_Y, 10 + 12 * s, G.joker_lead(s, 0)))
                spots.append((HAND_Y, 76 + 12 * s, G.joker_lead(s, 1)))
            self._choices(spots, JOKER, G.joker_lead(0, low))
        else:
            self._choices([(HAND_Y, 20, G.JOKER_HI), (HAND_Y, 80, G.JOKER_LO)], JOKER, G.JOKER_HI + low)

    def back(self):
        if self.mode == JOKER:
            self.mode = CARDS
            self.cursor = self.cards
            return True
        return False

    def holding(self):
        return self.held != 0

    def release(self):
        self.held = 0

    # ----- what other screens show

    def handoff_lines(self, seat):
        # The deal and the bids (and tricks, and who took the last) so far, for
        # everybody to see; in the first deal the first dealer (GJ-3) when
        # people share the device.
        v = self.match.state
        n = v.cards()
        lines = ["Deal %d/%d, %d card%s, trump %s" % (v.deal_no(), v.deals(), n, "" if n == 1 else "s",
                                                       suit_text(v.trump) if v.phase() != G.CHOOSE else "?")]
        names = "    "
        bids = "bid "
        took = "took"
        for q in range(4):
            names += " %3s" % self.match.short(q)
            b = v.bid(q)
            bids += " %3s" % ("-" if b < 0 else b)
            took += " %3d" % v.tricks(q)
        lines.append(names)
        lines.append(bids)
        if v.phase() == G.PLAYING:
            lines.append(took)
            last = v.last_trick()
            if last is not None:
                # The last finished trick, every seat's card, ">" on the one that
                # took it: who played to it before its last card saw neither the
                # cards after theirs nor who took it (GJ-22: all see every card).
                row = "last"
                for q in range(4):
                    row += " %3s" % ((">" if q == last[1] else "") + play_text(last[0][q]))
                lines.append(row)
        elif v.deal_no() == 1 and self.match.persons() > 1:  # no draw screen then (refresh)
            lines.append("First Ace: %s deals" % self.match.short((len(v.dealer_draw()) - 1) % 4))
        return lines

    def sheet(self, app):
        return Sheet(app, self.match)

    # ----- drawing

    def draw(self, fb):
        if self.held == DRAW:
            self._draw_dealer(fb)
            return
        self._corner(fb)
        shown, lead, win = self._trick()
        for r in range(4):
            q = (self.viewer + r) % 4
            self._seat(fb, r, q, lead)
            m = shown[q]
            if m >= 0:
                x, y = BOX[r]
                on = q == win
                if not on:
                    fb.rect(x, y, BOX_W, BOX_H, 1)
                t = play_text(m)
                dx = (BOX_W + 1 - font.width(t, NORMAL)) // 2  # the ink centred
                ui.cell(fb, t, x + dx, y + LABEL_DY, on, NORMAL, BOX_W, BOX_H, left=dx, top=LABEL_DY)
        if self.mode in (BIDS, TRUMPS, JOKER):
            self._options(fb)
        if self.mode != JOKER:
            self._hand(fb)
        font.text(fb, ui.glyphs(self._message())[:32], 0, MSG_Y)

    def _corner(self, fb):
        # The deal and phase, top left; trump, top right (GJ-4, GJ-6, GJ-7).
        v = self.v
        font.text(fb, "%d/%d" % (v.deal_no(), v.deals()), 0, 0)
        font.text(fb, "PH%d" % (v.phase_of(v.d) + 1), 0, 7)
        font.text(fb, "TRUMP", 108, 0)
        if v.phase() == G.CHOOSE:
            t = "?"
        elif v.turned != G.UNSET:
            t = card_text(v.turned) if v.trump != G.NONE else "NT"
        else:
            t = suit_text(v.trump)
        font.text(fb, t, 127 - font.width(t, NORMAL), 7, 1, NORMAL)

    def _trick(self):
        # What the trick area shows: a code (or -1) per seat, the leader, the
        # winner (-1 while the trick goes on). A finished trick stays until
        # A, or with nobody at the table to press it until the next lead:
        # shown after A it read as a trick still going on.
        v = self.v
        shown = [-1, -1, -1, -1]
        cur = v.trick_cards()
        if cur or v.last_trick() is None or v.phase() < G.PLAYING or (self.held != TRICK and self.match.persons()):
            for i in range(len(cur)):
                shown[(v.lead + i) % 4] = cur[i]
            return shown, (v.lead if v.phase() == G.PLAYING else -1), -1
        codes, win = v.last_trick()
        return codes, -1, win

    def landing(self, mover):
        # A card played goes to the mover's box of the trick, from its hand
        # (the viewer's) or its name.
        if self.match.moves[-1] >= G.BID or self._trick()[0][mover] < 0:
            return None
        r = (mover - self.viewer) % 4
        return BOX[r] + (BOX_W, BOX_H) + FROM[r]

    def _seat(self, fb, r, q, lead):
        v = self.v
        name = ("" if q != lead else ">") + self.match.short(q)
        b = v.bid(q)
        if v.phase() == G.BIDDING or v.phase() == G.CHOOSE:
            score = "bid ?" if b < 0 else "bid %d" % b
        else:
            score = "%d/%d" % (v.tricks(q), b)
        turn = v.to_move() == q and not v.deal_over()
        chip = CHIP_GAP + CHIP_W if q == v.dealer else 0
        x, y = INFO[r]
        if r == 2:
            text = name + " " + score
            x = 64 - (font.width(text) + chip) // 2
            self._name(fb, text, x, y, turn, chip)
            return
        if r == 0:
            self._name(fb, name + " " + score, x, y, turn, chip)
            return
        if r == 3:
            x = 128 - max(font.width(name) + chip, font.width(score))
        self._name(fb, name, x, y, turn, chip)
        font.text(fb, score, x, y + 7)

    @staticmethod
    def _name(fb, text, x, y, turn, chip):
        # A seat's name (inverted on its turn), and the dealer's chip after it.
        x = ui.cell(fb, text, x, y, turn) + CHIP_GAP
        if chip:
            ui.cell(fb, CHIP, x + 1, y, True)

    def _hand(self, fb):
        sel = self.cards.at() if self.cursor is self.cards else None
        # While following suit the cards that may be played are marked.
        some = self.mode == CARDS and len(self.cards.spots) < len(self.hand)
        for i in range(len(self.hand)):
            c = self.hand[i]
            x = self._hand_x(i)
            ui.card(fb, card_text(c), x, HAND_Y, sel is not None and sel[1] == x, some and self._plays(c))

    def _options(self, fb):
        sel = self.opts.at()
        v = self.v
        for y, x, m in self.opts.spots:
            on = sel == (y, x)
            if m >= G.TRUMP:
                t = suit_text(G.NONE if m == G.NO_TRUMP else m - G.TRUMP)
            elif m >= G.BID:
                t = "%d" % (m - G.BID)
            elif m >= G.LEAD:
                t = font.SUIT_CHARS[(m - G.LEAD) >> 1]
            else:
                t = "HIGH" if m == G.JOKER_HI else "LOW"
            ui.cell(fb, t, x, y, on, NORMAL, font.width(t, NORMAL) + 2, 10)
        if self.mode == BIDS:
            no = v.forbidden()
            if no >= 0:  # GJ-9: the dealer's forbidden bid, crossed out
                ui.strike(fb, "%d" % no, self._bid_x(no), _MID_Y, NORMAL)
        elif self.mode == JOKER and G.LEAD in self.legal:
            font.text(fb, HI, 0, HAND_Y, 1, NORMAL)
            font.text(fb, LO, 66, HAND_Y, 1, NORMAL)

    def _message(self):
        v = self.v
        if self.match.notice():
            return self.match.message  # a take back, until a press
        if self.held == TRICK:
            return "%s took the trick  A: next" % self.match.short(v.last_trick()[1])
        if self.mode == CARDS:
            s = v.led_suit()
            if s == G.NONE:
                return "Your lead"
            led = v.trick_cards()[0]
            if led < G.LEAD:
                return "Your turn: %s led" % G.SUIT_WORDS[s]
            return self._called(led, s)
        if self.mode == JOKER:
            return "Jk names a suit: \x12high \x13low" if G.LEAD in self.legal else "Jk: high wins, low loses"
        if self.mode == BIDS:
            # The dealer's barred bid, and why (GJ-9): "not 0" alone read as a
            # rule nobody had told (a review).
            no = v.forbidden()
            return "Your bid" + (": not %d (sum %d = cards)" % (no, v.cards()) if no >= 0 else "")
        if self.mode == TRUMPS:
            return "Name trump on 3 cards"
        if v.phase() == G.CHOOSE:
            return says(v.to_move(), self.match.you, "names") + " trump"
        moves = self.match.moves
        if moves and moves[-1] < G.BID and self.match.state.in_trick == 0:
            return "%s took the trick" % self.match.short(v.last_trick()[1])  # until the next lead, after A
        return self.match.message

    def _called(self, led, s):
        # GJ-14: a led Joker asks for the highest card of the suit it named,
        # else a trump, else anything; the line says which, as it may leave
        # one card (and a Joker) to play.
        v = self.v
        v.must()
        t = font.SUIT_CHARS[s]
        if v.must_suit == s:
            what = "play your highest " + t
        elif v.must_suit != G.NONE:
            what = "no %s, play a trump" % t
        else:
            what = "no %s, play any card" % t
        return "%s %s %s: %s" % (font.JOKER_CHAR, "low" if led & 1 else "high", t, what)

    def _draw_dealer(self, fb):
        # GJ-3: cards dealt face up from P1 until an Ace; its receiver deals.
        draw = self.v.dealer_draw()
        ui.header(fb, "First dealer")
        for q in range(4):
            y = 11 + 8 * q
            font.text(fb, self.match.short(q), 0, y)
            x = 16
            for i in range(q, len(draw), 4):
                ui.cell(fb, card_text(draw[i]), x, y, i == len(draw) - 1, SMALL)
                x += 12
        d = (len(draw) - 1) % 4
        font.text(fb, "First Ace: %s. A: start" % says(d, self.match.you, "deals"), 0, MSG_Y)


class Sheet(scores.ScoreSheet):
    # The score sheet, like the paper one (GJ-18 .. GJ-20): a row per deal
    # (its cards) with each seat's bid and points, an inverted row per
    # finished phase with its subtotals; a doubled score is inverted, a
    # struck-out one crossed through. The totals stay at the bottom; UP/DOWN scroll, A or B
    # closes (as the shared sheet). It keeps the state it was opened on, so it
    # outlives the match.
    PITCH = 7
    LABEL_W = 12
    PHASE = 128  # a row of phase totals

    def __init__(self, app, match):
        ui.Screen.__init__(self, app)
        st = match.state
        self.st = st
        self.names = [match.short(q) for q in range(4)]
        self.rows = bytearray()  # a deal's index, or PHASE + a finished phase
        for i in range(st.deals_done()):
            self.rows.append(i)
            phase = st.phase_of(i)
            if i + 1 == st.phase_deals(phase)[1]:
                self.rows.append(self.PHASE + phase)
        self.top = max(0, len(self.rows) - self.ROWS)

    def _cells(self, fb, y, label, cells, marks=None, c=1):
        font.text(fb, label, 0, y, c)
        w = (ui.W - self.LABEL_W) // 4
        for q in range(4):
            t = cells[q]
            x = self.LABEL_W + q * w + (w - font.width(t)) // 2
            mark = marks[q] if marks else 0
            if mark < 0:
                ui.strike(fb, t, x, y)
                continue
            if c:
                ui.cell(fb, t, x, y, mark > 0)
            else:  # on a row drawn inverted
                font.text(fb, t, x, y, 0)

    def draw(self, fb):
        st = self.st
        ui.header(fb, "Sheet")
        # The deal in play, or between deals the one just scored.
        goal = "deal %d/%d" % (st.deals_done() + (0 if st.deal_over() else 1), st.deals())
        font.text(fb, goal, ui.W - 2 - font.width(goal), 2, 0)
        y = ui.ROW + 1
        self._cells(fb, y, "", self.names)
        y += self.PITCH
        for i in self.rows[self.top:self.top + self.ROWS]:
            if i < self.PHASE:
                bids, took, pts = st.sheet_row(i)
                marks = [0, 0, 0, 0]
                done = st.bonus(st.phase_of(i))
                if done is not None:
                    adj, deal = done
                    for q in range(4):
                        if deal[q] == i:
                            marks[q] = 1 if adj[q] > 0 else -1
                self._cells(fb, y, "%d" % G.SIZES[st.nines][i],
                            ["%d %s" % (bids[q], scores.number(pts[q])) for q in range(4)], marks)
            else:
                phase = i - self.PHASE
                fb.fill_rect(0, y - 1, ui.W, self.PITCH, 1)  # a phase's subtotals, inverted
                self._cells(fb, y, "=%d" % (phase + 1), [scores.number(t) for t in st.phase_total(phase)], None, 0)
            y += self.PITCH
        if not self.rows:
            ui.centre(fb, "no deal finished yet", y, 1, SMALL)
        fb.hline(0, ui.H - self.PITCH - 2, ui.W, 1)
        self._cells(fb, ui.H - self.PITCH + 1, "", [scores.number(t) for t in st.scores()])
        if self.top > 0:
            font.text(fb, font.UP, ui.W - 4, ui.ROW + 1)
        if self.top + self.ROWS < len(self.rows):
            font.text(fb, font.DOWN, ui.W - 4, ui.H - 2 * self.PITCH - 2)

    def lines(self):
        return len(self.rows)
