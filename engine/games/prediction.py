# Prediction (David Parlett, Original Card Games): rules per seeds/prediction.md (PR-n).
#
# Showcards are 0..24 here: suit * 6 + r with r = 0 Ace, 1 King, 2 Queen,
# 3 Jack, 4 Ten, 5 Two, and 24 the Joker. RANK[i] and SUIT[i] give the rank
# and suit of one; the Joker has the Twos' rank (5: "Twos count as jokers")
# and no suit (4). Then one rule scores a call against a card and a
# prediction against the last card alike (gain(), PR-8, PR-10): the same card
# 4, the same rank 2 (so "Joker" on a Two), the same suit 1, else 0.
# Card sets are 25-bit masks: of showcards (seen) or of grid positions (up).
# Scorecards are counted from the top of the pile, Jokers first (PR-3): the
# state keeps how many have been taken; CUM[i] is the value of the top i.
#
# Move codes (small ints; a turn is two moves by the same seat, PR-6):
#   POINT + p      0..24   point at face-down grid position p (row p // 5, column
#                          p % 5); while calling, point at another one instead
#   CALL + i       32..56  call showcard i (no Two; 24 is "Joker"): the card is turned
#   PREDICT + i    64..88  predict showcard i as the last card (no Two; 24 "Joker")
#   CONTINUE       255     deals the next deal of the match
from engine import codec, const
from engine.bits import popcount
from engine.cards import SUIT_NAMES
from engine.cards import label as card_label
from engine.rng import BLANK, Rng, resumed
from engine.state import CONTINUE, POINTS, Game, State, says, seat_name

# PR-13: points; one round, a deal each, always settles it (173 or more); PR-14:
# nothing secret. The odds are a display option (PR-15).
INFO = Game(seats=(2, 4), options=(("odds", "Odds", ("On", "Off"), "%s"),), hidden=False, reveal=None,
            round="deal", counts=POINTS, goal="Deal {n} of {seats}",
            refusals="engine.games.prediction_refusals")

POINT = const(0)
CALL = const(32)
PREDICT = const(64)
JOKER = const(24)
NCARDS = const(25)
NSCORE = const(30)  # scorecards
_TARGET = const(173)
BONUS = const(10)  # PR-11
UNKNOWN = const(255)  # a face-down card in a view; no prediction, call or position
VERSION = const(2)  # 2: the exact calls (statistics) after the predictions

# Phases.
PREDICTING = const(0)
POINTING = const(1)  # the seat to move points at a card
CALLING = const(2)  # ... and then calls it
BETWEEN = const(3)  # the deal has ended; CONTINUE deals the next one
OVER = const(4)

# Who gets the last card's award (PR-10): by a prediction's gain, or failing that.
BY_LAST = const(5)  # won the most recent scorecard
BY_TURN = const(6)  # nobody won a scorecard: the seat whose turn it would be

RANK = bytes([i % 6 for i in range(24)] + [5])
SUIT = bytes([i // 6 for i in range(24)] + [4])
RANK_NAMES = ("Ace", "King", "Queen", "Jack", "Ten", "Two")
CARD = bytes([s * 13 + (12, 11, 10, 9, 8, 0)[r] for s in range(4) for r in range(6)] + [52])  # engine.cards ids
JOKERS = const(0x1820820)  # the four Twos (5, 11, 17, 23) and the Joker (24)
# The calls and predictions there are (PR-5, PR-6): no Two.
NAMED = bytes([i for i in range(25) if RANK[i] != 5 or i == JOKER])
# Scorecard values from the top of the pile (PR-3) and the value of the top i.
VAL = bytes([10, 10] + [9 - i // 4 for i in range(28)])
CUM = bytes([sum(VAL[:i]) for i in range(NSCORE + 1)])
GAIN_WORDS = {4: "Exact!", 2: "Right rank!", 1: "Right suit!", 0: "Miss."}
# Why the last card's award went to its seat (PR-10), short for the screen.
AWARD_WHY = {4: "predicted it", 2: "predicted rank", 1: "predicted suit", BY_LAST: "scored last",
             BY_TURN: "next in turn"}


def gain(a, b):
    # Scorecards a call a wins on card b (PR-8); also how near prediction a is to the last card b.
    if a == b:
        return 4
    if RANK[a] == RANK[b]:
        return 2
    if SUIT[a] == SUIT[b] and SUIT[a] < 4:
        return 1
    return 0


def label(i):
    # "Qh", "10s", "Jk" (engine.cards labels).
    return card_label(CARD[i])


def call_name(i):
    return "Joker" if i == JOKER else label(i)


def score_label(k):
    # Scorecard k from the top of a full pile: "Jk", "9" ... "3".
    return "Jk" if k < 2 else "%d" % VAL[k]


def taken_points(taken, k):
    # (scorecards, points) that winning k more gives when `taken` are gone (PR-9).
    n = min(k, NSCORE - taken)
    return n, CUM[taken + n] - CUM[taken]


def award(pred, card, last_won, next_seat):
    # Who gets the pile or the bonus when `card` is the last card (PR-10):
    # (seat, why): why is the gain of the nearest prediction (4 exact, 2 rank,
    # 1 suit; at most one seat has each, PR-5), else BY_LAST, else BY_TURN.
    best = 0
    seat = -1
    for q in range(len(pred)):
        c = pred[q]
        if c != UNKNOWN:
            g = gain(c, card)
            if g > best:
                best = g
                seat = q
    if seat >= 0:
        return seat, best
    if last_won >= 0:
        return last_won, BY_LAST
    return next_seat, BY_TURN


def weights(taken):
    # What winning 1, 2 and 4 scorecards is worth with `taken` gone (PR-9):
    # (cards for 1, 2, 4, points for 1, 2, 4).
    n1, v1 = taken_points(taken, 1)
    n2, v2 = taken_points(taken, 2)
    n4, v4 = taken_points(taken, 4)
    return n1, n2, n4, v1, v2, v4


def weigh(c, seen, rank_left, suit_left, w1, w2, w4):
    # The sum over the face-down cards of what call c wins on each, weighing a
    # right suit w1, a right rank w2 and the exact card w4 (PR-8). Divided by
    # the number of face-down cards it is the call's exact expectation, as
    # every face-down card is equally likely to be any unseen one (PR-15).
    # rank_left, suit_left: the face-down cards per RANK and SUIT; seen: the
    # showcards turned.
    exact = 0 if seen >> c & 1 else 1
    v = exact * w4 + (rank_left[RANK[c]] - exact) * w2
    s = SUIT[c]
    if s < 4:
        v += (suit_left[s] - exact) * w1
    return v


def new_game(seed, options=None, seats=2):
    INFO.setup(options, seats)
    s = Prediction(seats)
    rng = Rng(seed)
    s.first0 = rng.below(seats)  # PR-first
    s.first = s.first0
    s._deal(rng)
    return s


def decode(data):
    if len(data) < 25 or data[0] != VERSION:
        raise ValueError("not a Prediction state")
    s = Prediction(data[1])
    s._load(data)
    return s


class Prediction(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER

    def __init__(self, seats):
        self.n = seats
        self.ph = PREDICTING
        self.turn = 0
        self.first0 = 0  # the first caller drawn for deal 1 (PR-first)
        self.first = 0  # this deal's first caller
        self.deal_no = 1
        self.grid = bytearray(NCARDS)  # the showcard at each position; UNKNOWN face down in a view
        self.up = 0  # positions turned
        self.seen = 0  # showcards turned
        self.pred = bytearray([UNKNOWN] * seats)
        self.pos = UNKNOWN  # the position pointed at
        self.prev = UNKNOWN  # the previous call of this deal (PR-7)
        self.taken = 0  # scorecards gone from the pile
        self.last_won = -1  # the seat that won the most recent scorecard
        # The last turn: seat, position, call, gain (PR-8), pile taken before.
        self.turn_log = bytearray([UNKNOWN, 0, 0, 0, 0])
        # The last card's award (PR-10): seat, why (a gain, BY_LAST, BY_TURN),
        # scorecards, points, the card.
        self.award_log = bytearray([UNKNOWN, 0, 0, 0, 0])
        self.pts = [0] * seats  # this deal
        self.totals = [0] * seats  # the finished deals
        # Exact calls per seat in the match (exact_calls()): a match is one
        # round (a deal hands out 188 points or more, PR-13), 24 calls a deal.
        self.exact = bytearray(seats)
        self.hist = []
        self.rng_state = BLANK  # Rng state that deals the next deal; blank in a view
        self.seer = -1  # the seat whose view this is; -1 for the full state
        self.legal_list = []  # the legal moves, made again after every move
        self.rank_left = bytearray(6)  # face-down showcards per RANK
        self.suit_left = bytearray(5)  # ... per SUIT (the Joker's is 4)

    # ----- the deal (PR-2, PR-5)

    def _deal(self, rng):
        for p in range(NCARDS):
            self.grid[p] = p
        rng.shuffle(self.grid)
        self.rng_state = rng.get_state()
        self.up = 0
        self.seen = 0
        for i in range(self.n):
            self.pred[i] = UNKNOWN
            self.pts[i] = 0
        self.pos = UNKNOWN
        self.prev = UNKNOWN
        self.taken = 0
        self.last_won = -1
        self.turn_log[0] = UNKNOWN
        self.award_log[0] = UNKNOWN
        self.ph = PREDICTING
        self.turn = self.first
        self._count()
        self._gen()

    def _count(self):
        # The face-down showcards per rank and suit, for the odds.
        for r in range(6):
            self.rank_left[r] = 0
        for s in range(5):
            self.suit_left[s] = 0
        for i in range(NCARDS):
            if not self.seen >> i & 1:
                self.rank_left[RANK[i]] += 1
                self.suit_left[SUIT[i]] += 1

    # ----- legal moves

    def _gen(self):
        legal_list = self.legal_list
        legal_list.clear()
        ph = self.ph
        if ph == PREDICTING:
            for i in NAMED:
                if self.clash(i) < 0:
                    legal_list.append(PREDICT + i)
        elif ph == POINTING:
            for p in range(NCARDS):
                if not self.up >> p & 1:
                    legal_list.append(POINT + p)
        elif ph == CALLING:
            seen = self.seen
            for i in NAMED:
                if (JOKERS & ~seen) if i == JOKER else not seen >> i & 1:
                    legal_list.append(CALL + i)
            # PR-7: not the previous call, unless nothing else is left.
            if len(legal_list) > 1 and CALL + self.prev in legal_list:
                legal_list.remove(CALL + self.prev)
            for p in range(NCARDS):
                if not self.up >> p & 1 and p != self.pos:
                    legal_list.append(POINT + p)
        elif ph == BETWEEN:
            legal_list.append(CONTINUE)

    def clash(self, i):
        # The seat whose prediction shares i's rank or suit, or is "Joker" too (PR-5), else -1.
        for q in range(self.n):
            c = self.pred[q]
            if c != UNKNOWN and gain(i, c):
                return q
        return -1

    def legal_view(self):
        # The legal moves without a copy: read them, do not keep them.
        return self.legal_list

    def calls(self):
        # The legal calls of the seat to move, as showcards (while calling).
        out = []
        for m in self.legal_list:
            if CALL <= m < PREDICT:
                out.append(m - CALL)
        return out

    # ----- playing

    def check(self, move):
        State.check(self, move)
        if self.seer >= 0 and self.ph == CALLING and CALL <= move < PREDICT:
            raise ValueError("a view cannot turn a face-down card")

    def apply_legal(self, move):
        ph = self.ph
        if move == CONTINUE:
            self.deal_no += 1
            self.first = (self.first + 1) % self.n  # PR-4
            self._deal(resumed(self.rng_state))
            return
        if ph == PREDICTING:
            self.pred[self.turn] = move - PREDICT
            self.turn = (self.turn + 1) % self.n
            if self.turn == self.first:
                self.ph = POINTING
        elif move < CALL:
            self.pos = move - POINT
            self.ph = CALLING
        else:
            self._turn_up(move - CALL)
        self._gen()

    def _turn_up(self, c):
        # PR-8, PR-9: the card pointed at is turned and scored for call c.
        p = self.turn
        k = gain(c, self.grid[self.pos])
        if k == 4:
            self.exact[p] += 1
        turn_log = self.turn_log
        turn_log[0] = p
        turn_log[1] = self.pos
        turn_log[2] = c
        turn_log[3] = k
        turn_log[4] = self.taken
        self._win(p, k)
        self._reveal(self.pos)
        self.prev = c
        self.pos = UNKNOWN
        if popcount(self.up) == NCARDS - 1:
            self._last_card()
        else:
            self.turn = (p + 1) % self.n
            self.ph = POINTING

    def _win(self, seat, k):
        n, v = taken_points(self.taken, k)
        if n:
            self.taken += n
            self.pts[seat] += v
            self.last_won = seat

    def _reveal(self, pos):
        card = self.grid[pos]
        self.up |= 1 << pos
        self.seen |= 1 << card
        self.rank_left[RANK[card]] -= 1
        self.suit_left[SUIT[card]] -= 1

    def _last_card(self):
        # PR-10, PR-11: the last card is turned and the pile, or the bonus, awarded.
        pos = 0
        while self.up >> pos & 1:
            pos += 1
        self._reveal(pos)
        card = self.grid[pos]
        seat, why = award(self.pred, card, self.last_won, (self.turn + 1) % self.n)
        award_log = self.award_log
        award_log[0] = seat
        award_log[1] = why
        award_log[4] = card
        if self.taken < NSCORE:
            award_log[2] = NSCORE - self.taken
            award_log[3] = CUM[NSCORE] - CUM[self.taken]
            self._win(seat, award_log[2])
        else:
            award_log[2] = 0
            award_log[3] = BONUS
            self.pts[seat] += BONUS
        self.hist.append(self.pts[:])
        for i in range(self.n):
            self.totals[i] += self.pts[i]
        # PR-13: after a whole round, a total of 173 or more ends the match.
        if self.deal_no % self.n == 0 and max(self.totals) >= _TARGET:
            self.ph = OVER
        else:
            self.ph = BETWEEN
            self.turn = (self.first + 1) % self.n  # the next deal's first caller

    # ----- protocol answers

    def scores(self):
        return self.totals[:]

    def history(self):
        return [h[:] for h in self.hist]

    def exact_calls(self, seat):
        # The seat's exact calls in the match (engine/figures.py).
        return self.exact[seat]

    def deal_value(self, seat):
        # The deal points ahead of the best other seat.
        best = -1
        for q in range(self.n):
            if q != seat and self.pts[q] > best:
                best = self.pts[q]
        return self.pts[seat] - best

    # ----- accessors for the bots and the table screen

    def deal_points(self):
        return self.pts[:]

    def prediction(self, seat):
        # The showcard seat predicted, UNKNOWN if it has not yet.
        return self.pred[seat]

    def card_at(self, pos):
        # The showcard at a position once turned, else UNKNOWN.
        return self.grid[pos] if self.up >> pos & 1 else UNKNOWN

    def pointed(self):
        return self.pos

    def turn_step(self, move):
        # Whether move is a step of the mover's turn before its decision: a
        # card pointed at (PR-6), which the call follows (firmware/match.py).
        return move < CALL

    def previous_call(self):
        return self.prev

    def face_down(self):
        return NCARDS - popcount(self.up)

    def pile_left(self):
        return NSCORE - self.taken

    def pile_taken(self):
        return self.taken

    def first_caller(self):
        return self.first

    def last_turn(self):
        # (seat, position, call, gain, scorecards taken before) of the last
        # turn of this deal, or None before the first.
        turn_log = self.turn_log
        return None if turn_log[0] == UNKNOWN else (turn_log[0], turn_log[1], turn_log[2], turn_log[3], turn_log[4])

    def last_award(self):
        # (seat, why, scorecards, points, last card) once the deal is over, else None.
        a = self.award_log
        return None if a[0] == UNKNOWN else (a[0], a[1], a[2], a[3], a[4])

    def last_chances(self, i):
        # How many of the 25 cards, if last, would award the pile to the seat
        # to move had it predicted i, with the predictions made so far (PR-10).
        me = self.turn
        saved = self.pred[me]
        self.pred[me] = i
        n = 0
        for card in range(NCARDS):
            if award(self.pred, card, -1, -1)[0] == me:
                n += 1
        self.pred[me] = saved
        return n

    def call_odds(self, c):
        # (scorecards, points) call c is expected to win, each times face_down()
        # (PR-15): exact, in integers.
        n1, n2, n4, v1, v2, v4 = weights(self.taken)
        rl = self.rank_left
        sl = self.suit_left
        return weigh(c, self.seen, rl, sl, n1, n2, n4), weigh(c, self.seen, rl, sl, v1, v2, v4)

    def odds(self):
        # [(call, scorecards, points), ...] for every legal call, the expectations
        # times face_down() (call_odds).
        n1, n2, n4, v1, v2, v4 = weights(self.taken)
        rl = self.rank_left
        sl = self.suit_left
        seen = self.seen
        out = []
        for c in self.calls():
            out.append((c, weigh(c, seen, rl, sl, n1, n2, n4), weigh(c, seen, rl, sl, v1, v2, v4)))
        return out

    # ----- text

    def describe(self, move, you=None):
        # A legal move, before it is applied. you None gives the neutral log
        # form; a seat gets it worded for that player ("You").
        if move == CONTINUE:
            return "Deal %d: %s first" % (self.deal_no + 1, seat_name((self.first + 1) % self.n, you))
        p = self.turn
        if move >= PREDICT:
            return "%s %s" % (says(p, you, "predicts"), call_name(move - PREDICT))
        if move < CALL:
            pos = move - POINT
            return "%s at row %d card %d" % (says(p, you, "points"), pos // 5 + 1, pos % 5 + 1)
        c = move - CALL
        text = "%s %s" % (says(p, you, "calls"), call_name(c))
        card = self.grid[self.pos]
        if card == UNKNOWN:
            return text
        return "%s: %s. %s" % (text, label(card), turn_words(c, gain(c, card), self.taken))

    def result_text(self, you=None):
        # How the deal ended: the last card and who took the pile or the bonus.
        award_log = self.last_award()
        if award_log is None or self.ph < BETWEEN:
            return ""
        seat, why, n, v, card = award_log
        if n:
            got = "+%d card%s (%d pts)" % (n, "" if n == 1 else "s", v)
        else:
            got = "+10 bonus"
        return "Last card %s: %s %s, %s" % (label(card), seat_name(seat, you), got, AWARD_WHY[why])

    # ----- what a seat may see (PR-14)

    def view(self, seat):
        # Everything but the face-down cards (nobody sees those) and the Rng,
        # which would tell the next deal.
        v = self.clone()
        v.seer = seat
        for p in range(NCARDS):
            if not self.up >> p & 1:
                v.grid[p] = UNKNOWN
        v.rng_state = BLANK
        return v

    # ----- copies and bytes

    def blank(self):
        return Prediction(self.n)

    def copy_from(self, src):
        # This state a copy of src (same seats) in its own buffers.
        self.ph = src.ph
        self.turn = src.turn
        self.first0 = src.first0
        self.first = src.first
        self.deal_no = src.deal_no
        self.up = src.up
        self.seen = src.seen
        self.pos = src.pos
        self.prev = src.prev
        self.taken = src.taken
        self.last_won = src.last_won
        self.rng_state = src.rng_state
        self.seer = src.seer
        for buf, other in ((self.grid, src.grid), (self.pred, src.pred), (self.turn_log, src.turn_log),
                           (self.award_log, src.award_log), (self.pts, src.pts), (self.totals, src.totals), (self.exact, src.exact),
                           (self.rank_left, src.rank_left), (self.suit_left, src.suit_left)):
            for i in range(len(other)):
                buf[i] = other[i]
        self.hist.clear()
        for h in src.hist:
            self.hist.append(h[:])
        self.legal_list.clear()
        self.legal_list.extend(src.legal_list)

    def encode(self):
        # 12 bytes of counters, the last turn (5) and award (5), the Rng state
        # (4), the grid (25, UNKNOWN face down in a view), the turned positions
        # (4), the predictions and the exact calls (one a seat each), then the deal points, the match
        # totals and the points of the finished deals (engine.codec).
        out = bytearray([VERSION, self.n, self.ph, self.turn, self.first0, self.first, self.deal_no, self.pos,
                         self.prev, self.taken, self.last_won + 1, self.seer + 1])
        out += self.turn_log
        out += self.award_log
        out += self.rng_state
        out += self.grid
        u = self.up
        out += bytes([u & 255, u >> 8 & 255, u >> 16 & 255, u >> 24])
        out += self.pred
        out += self.exact
        codec.put_ints(out, self.pts)
        codec.put_ints(out, self.totals)
        codec.put_ints(out, self.hist, codec.put_ints)
        return bytes(out)

    def _load(self, data):
        (self.ph, self.turn, self.first0, self.first, self.deal_no, self.pos, self.prev,
         self.taken) = data[2:10]
        self.last_won = data[10] - 1
        self.seer = data[11] - 1
        self.turn_log = bytearray(data[12:17])
        self.award_log = bytearray(data[17:22])
        self.rng_state = bytes(data[22:26])
        self.grid = bytearray(data[26:51])
        self.up = data[51] | data[52] << 8 | data[53] << 16 | data[54] << 24
        at = 55 + self.n
        self.pred = bytearray(data[55:at])
        self.exact = bytearray(data[at:at + self.n])
        at += self.n
        self.seen = 0
        for p in range(NCARDS):
            if self.up >> p & 1:
                self.seen |= 1 << self.grid[p]
        self._count()
        self.pts, at = codec.get_ints(data, at)
        self.totals, at = codec.get_ints(data, at)
        self.hist, at = codec.get_ints(data, at, codec.get_ints)
        self._gen()


def turn_result(call, k, taken):
    # What call won with `taken` scorecards gone before (PR-8, PR-9):
    # (words, scorecards taken, their labels): ("Exact!", 4, "Jk Jk 9 9").
    text = "A Two!" if call == JOKER and k == 2 else GAIN_WORDS[k]
    n = min(k, NSCORE - taken)
    cards = []
    for i in range(taken, taken + n):
        cards.append(score_label(i))
    return text, n, " ".join(cards)


def turn_words(call, k, taken):
    # The same in a line for the screen and the log, with the points the score
    # gains (PR-12), as result_text() words the award: "Exact! +4 cards (38 pts): Jk Jk 9 9".
    text, n, cards = turn_result(call, k, taken)
    if not k:
        return text
    if not n:
        return text + " The pile is empty"
    return "%s +%d card%s (%d pts): %s" % (text, n, "" if n == 1 else "s", taken_points(taken, n)[1], cards)
