# Georgian Joker: rules per seeds/georgian.md (GJ-n).
#
# Cards: id = suit * 9 + rank, suits in engine.cards order (0 clubs, 1
# diamonds, 2 hearts, 3 spades), rank 0 = Six, 1 = Seven ... 8 = Ace. The
# black Sixes (ids 0 and 27) are not in the pack (GJ-2); the two Jokers are
# ids 36 and 37 in the pack, and a hand only counts its Jokers (they are
# alike). A hand is one 9-bit rank mask per suit: held[4 * seat + suit].
#
# Move codes (small ints, one byte):
#   0..35          play that card
#   JOKER_HI  36   play a Joker high to a trick someone else led (GJ-13)
#   JOKER_LO  37   ... or low
#   LEAD + 2 * suit + low   40..47   lead a Joker naming suit, high (low = 0)
#                  or low (low = 1) (GJ-14)
#   BID + k        48..57   bid k tricks (GJ-8)
#   TRUMP + suit   60..63   name trump in a 9-card deal (GJ-7); NO_TRUMP 64
#   CONTINUE       255      deals the next deal
# A trick keeps the codes played, so a Joker's choice stays with it.
#
# The state keeps every finished deal's bids and tricks (the score sheet);
# points, phase bonuses and totals are worked out from it (score_sheet), so they
# never go out of step and cost nothing in encode() (engine/games/georgian_bytes.py).
from array import array

from engine import const
from engine.bits import POP8
from engine.cards import SUIT_NAMES, SUITS
from engine.games.georgian_tricks import (HI9, MUST, NO_MOVE, PLAY, PLAY_OUT, R_AT, R_IN, R_JOUT, R_LEAD, R_MODE,
                                          R_MOVE, R_POWER, R_SUIT, R_TRUMP, R_TURN, R_WORLD, REGS, trick)
from engine.rng import BLANK, Rng, resumed
from engine.state import CONTINUE, POINTS, Game, State, says, seat_name

# GJ-1: four seats, two people by default; GJ-4: 24 deals or 16 nines; GJ-22: secret hands.
INFO = Game(seats=(4, 4), options=(("deals", "Deals", ("All 24", "Nines only"), "%s"),), hidden=True,
            reveal=None, round="deal", counts=POINTS, goal="Deal {n} of {deals}", people=2,
            refusals="engine.games.georgian_refusals", encoding="engine.games.georgian_bytes",
            numbers={"All 24": 24, "Nines only": 16})

JOKER_HI = const(36)
JOKER_LO = const(37)
LEAD = const(40)
BID = const(48)
TRUMP = const(60)
NO_TRUMP = const(64)
JOKER = const(36)  # the first Joker's card id (the second is 37)
NONE = const(4)  # trump: none; suit of a Joker
UNSET = const(255)  # a bid not made yet; no turned card (9-card deals)

# Phases of a deal.
CHOOSE = const(0)  # the player left of the dealer names trump (9-card deals)
BIDDING = const(1)
PLAYING = const(2)
BETWEEN = const(3)  # the deal has ended; CONTINUE deals the next one
OVER = const(4)

# GJ-4: cards per deal, and the first deal of each phase (then the end).
SIZES = (bytes(list(range(1, 9)) + [9] * 4 + list(range(8, 0, -1)) + [9] * 4), bytes([9] * 16))
STARTS = ((0, 8, 12, 20, 24), (0, 4, 8, 12, 16))

SUIT = bytes([c // 9 for c in range(36)] + [NONE, NONE])
RANK = bytes([c % 9 for c in range(36)] + [0, 0])
FULL = (0x1FE, 0x1FF, 0x1FF, 0x1FE)  # the ranks each suit has (GJ-2)
DECK = bytes([c for c in range(38) if c != 0 and c != 27])
ABOVE = tuple([(511 << (r + 1)) & 511 for r in range(9)])  # ranks above r
RANK_TEXT = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_WORDS = SUIT_NAMES + ("no trump",)
# Power of a card in the trick: the highest takes it (GJ-12..GJ-17). A Joker
# played high after another high Joker takes it too (see play_card).
_P_JOKER = const(100)  # a Joker played high by a follower
_P_TOP = const(99)  # a Joker led high naming trump
_P_LEAD_HI = const(49)  # a Joker led high naming another suit: only trumps beat it
_P_LEAD_LO = const(1)  # a Joker led low: anything of the suit or a trump beats it
P_TRUMP = const(50)  # + rank
P_SUIT = const(20)  # + rank, of the suit led or named
_REGS = bytearray(REGS)  # the trick's registers for trick(): a card played allocates nothing


def label(c):
    # "Qh", "10s", "Jk": engine.cards' labels, so the screens' glyphs apply.
    if c >= JOKER:
        return "Jk"
    return RANK_TEXT[RANK[c]] + SUITS[SUIT[c]]


def parse(text):
    # The card of a label ("Qh", "10s", "6d"; "Jk" the first Joker).
    text = text.strip()
    if text == "Jk":
        return JOKER
    r = RANK_TEXT.index(text[:-1].upper()) if text[:-1].upper() in RANK_TEXT else -1
    s = SUITS.find(text[-1:].lower())
    if r < 0 or s < 0 or not FULL[s] >> r & 1:
        raise ValueError("not a card: %r" % text)
    return 9 * s + r


def std_card(c):
    # The engine.cards id of card c (for font.card_label): Jokers are 52.
    if c >= JOKER:
        return 52
    return SUIT[c] * 13 + RANK[c] + 4


def popcount9(m):
    return POP8[m & 255] + (m >> 8)


def points(bid, took, n):  # native
    # GJ-18: one player's score for a deal of n cards.
    if bid == took:
        if bid == 0:
            return 50
        if bid == n:
            return 100 * n
        return 50 * bid + 50
    if bid and not took:
        return -300 if n == 9 else -200
    return 10 * took


def joker_lead(suit, low):
    return LEAD + 2 * suit + low


def listed(names):
    # "P2", "You and P4", "P2, P3 and You": names as a sentence lists them.
    if len(names) < 2:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def new_game(seed, options=None, seats=4):
    options = INFO.setup(options, seats)
    s = Georgian()
    s.nines = int(options["deals"] == "Nines only")
    rng = Rng(seed)
    s._draw_dealer(rng)
    s._deal(rng)
    return s


decode = INFO.decode  # engine/games/georgian_bytes.py


class Georgian(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER

    def __init__(self):
        self.n = 4
        self.nines = 0
        self.d = 0  # deal index, 0-based
        self.dealer = 0
        self.ph = BIDDING
        self.turn = 0
        self.lead = 0  # the seat that led the current trick
        self.trump = NONE
        self.turned = UNSET  # the card turned for trump (GJ-6)
        self.in_trick = 0  # cards in the current trick
        self.trick_suit = NONE  # suit led or named in the current trick
        self.best_at = 0  # the trick's best card so far: its index in trick
        self.best_power = 0  # ... and its power
        self.jout = 0  # Jokers played this deal
        self.seer = -1  # the seat whose view this is; -1 a full state
        self.world = False  # a state for search: a deal's end is not recorded
        self.known = False  # legal_list holds the legal moves of this position
        self.pwin = UNSET  # who took the last finished trick (prev)
        # The per-seat and per-card numbers are slices of two buffers, which
        # copy_from() copies at once (a memoryview's slice assigned: a search
        # copies positions hundreds of times a move, and nothing is allocated).
        self.small = memoryview(bytearray(27))
        b = self.small
        self.bids = b[0:4]
        self.taken = b[4:8]
        self.trick = b[8:12]  # codes, in the order played
        self.prev = b[12:16]  # the last finished trick, in seat order
        self.jokers_held = b[16:20]  # Jokers in each hand
        self.hid = b[20:24]  # a view: cards of each hand it cannot see
        self.first3 = b[24:27]  # the chooser's first three cards (GJ-7)
        for i in range(3):
            self.first3[i] = UNSET
        self.big = memoryview(array("h", bytes(80)))
        w = self.big
        self.held = w[0:16]  # the hands: at 4 * seat + suit, a mask of the ranks held
        self.gone = w[16:20]  # cards out of play this deal (played or turned), per suit
        self.ban = w[20:36]  # cards a seat is known not to hold (GJ-11, GJ-14)
        self.deal_points = w[36:40]  # points of the deal once it has ended
        self.legal_list = []  # the legal moves, once known
        self.must_suit = NONE  # must(): the suit the seat to move must play (NONE: any)
        self.must_ranks = 0  # ... and the ranks of it it may play
        self.rng_state = BLANK  # Rng state that deals the next deal
        self.draw = b""  # the cards dealt to find the first dealer, P1 first (GJ-3)
        self.sheet = b""  # per finished deal 4 bytes: bid << 4 | tricks, P1..P4
        self.total = [0, 0, 0, 0]  # worked out from the sheet by score_sheet()


    # ----- the deals (GJ-3 .. GJ-7)

    def _draw_dealer(self, rng):
        # Cards face up, one each from P1 on, until an Ace: its receiver deals.
        deck = bytearray(DECK)
        rng.shuffle(deck)
        i = 0
        while deck[i] >= JOKER or RANK[deck[i]] != 8:
            i += 1
        self.draw = bytes(deck[:i + 1])
        self.dealer = i % 4

    def _deal(self, rng):
        n = SIZES[self.nines][self.d]
        deck = bytearray(DECK)
        rng.shuffle(deck)
        self.rng_state = rng.get_state()
        held = self.held
        for i in range(16):
            held[i] = 0
            self.ban[i] = 0
        for i in range(4):
            self.jokers_held[i] = 0
            self.gone[i] = 0
            self.taken[i] = 0
            self.bids[i] = UNSET
            self.deal_points[i] = 0
        self.jout = 0
        self.in_trick = 0
        self.pwin = UNSET
        first = (self.dealer + 1) % 4
        for i in range(4 * n):
            c = deck[i]
            seat = (first + i) % 4
            if c >= JOKER:
                self.jokers_held[seat] += 1
            else:
                held[4 * seat + SUIT[c]] |= 1 << RANK[c]
        self.turn = self.lead = first
        self.known = False
        if n < 9:
            c = deck[4 * n]
            self.turned = c
            self.trump = SUIT[c]
            if c < JOKER:
                self.gone[SUIT[c]] |= 1 << RANK[c]  # out of play
            self.ph = BIDDING
            for i in range(3):
                self.first3[i] = UNSET
        else:
            self.turned = UNSET
            self.trump = NONE
            self.ph = CHOOSE
            for i in range(3):
                self.first3[i] = deck[4 * i]

    # ----- legal moves

    def cards(self):
        # Cards per hand this deal.
        return SIZES[self.nines][self.d]

    def forbidden(self):
        # The bid the dealer may not make (GJ-9), or -1 (not the dealer's turn,
        # or no bid would make the total).
        if self.ph != BIDDING or self.turn != self.dealer:
            return -1
        k = self.cards()
        for q in range(4):
            if q != self.dealer:
                k -= self.bids[q]
        return k if k >= 0 else -1

    def must(self):
        # What the seat to move must play (GJ-11, GJ-14): into must_suit the
        # suit, must_ranks the ranks.
        v = self.ask(MUST)
        self.must_suit = v >> 9
        self.must_ranks = v & 511

    def legal_view(self):
        # The legal moves without a copy: read only, valid until the state changes.
        if self.known:
            return self.legal_list
        out = self.legal_list
        out.clear()
        ph = self.ph
        if ph == CHOOSE:
            for m in range(TRUMP, NO_TRUMP + 1):
                out.append(m)
        elif ph == BIDDING:
            no = self.forbidden()
            for k in range(self.cards() + 1):
                if k != no:
                    out.append(BID + k)
        elif ph == PLAYING:
            p = self.turn
            b = 4 * p
            jokers = self.jokers_held[p]
            if self.in_trick:
                self.must()
            if not self.in_trick or self.must_suit == NONE:
                for s in range(4):
                    self._add(out, s, self.held[b + s])
                if jokers and not self.in_trick:
                    for m in range(LEAD, LEAD + 8):
                        out.append(m)
            else:
                self._add(out, self.must_suit, self.must_ranks)
            if jokers and self.in_trick:
                out.append(JOKER_HI)
                out.append(JOKER_LO)
        elif ph == BETWEEN:
            out.append(CONTINUE)
        self.known = True
        return out

    @staticmethod
    def _add(out, s, m):
        base = 9 * s
        while m:
            low = m & -m
            m ^= low
            out.append(base + HI9[low])

    def _legal(self, m):
        # Is m legal here? Decided from the masks, no list built (replays of
        # whole matches go through apply()).
        ph = self.ph
        if ph == PLAYING:
            p = self.turn
            if m < JOKER:
                if not self.held[4 * p + SUIT[m]] >> RANK[m] & 1:
                    return False
                if not self.in_trick:
                    return True
                self.must()
                return self.must_suit == NONE or (self.must_suit == SUIT[m] and self.must_ranks >> RANK[m] & 1)
            if m < LEAD:
                return m <= JOKER_LO and self.jokers_held[p] and self.in_trick
            return m < BID and self.jokers_held[p] and not self.in_trick
        if ph == BIDDING:
            return BID <= m <= BID + self.cards() and m - BID != self.forbidden()
        if ph == CHOOSE:
            return TRUMP <= m <= NO_TRUMP
        return ph == BETWEEN and m == CONTINUE

    # ----- playing

    def check(self, move):
        if self.seer >= 0 and (self.hid[0] | self.hid[1] | self.hid[2] | self.hid[3]):
            raise ValueError("a view with unseen cards cannot be played; determinize it")
        State.check(self, move)

    def legal(self, move):
        return self._legal(move)

    def apply_legal(self, move):
        self.known = False
        ph = self.ph
        if ph == PLAYING:
            self.play_card(move)
        elif ph == BIDDING:
            p = self.turn
            self.bids[p] = move - BID
            self.turn = (p + 1) % 4
            if p == self.dealer:
                self.ph = PLAYING
        elif ph == CHOOSE:
            self.trump = move - TRUMP
            for i in range(3):
                self.first3[i] = UNSET
            self.ph = BIDDING
        else:  # CONTINUE
            self.d += 1
            self.dealer = (self.dealer + 1) % 4
            self._deal(resumed(self.rng_state))

    def play_card(self, m):  # native
        # apply_legal's branch for a card, played by trick(); a full state (not
        # a search's world) also keeps what the others learn and the last trick.
        p = self.turn
        lead = self.lead
        led = self.trick_suit
        first = not self.in_trick
        done = self.ask(PLAY, m)
        self._from_regs()
        if not self.world:
            if m < JOKER and not first:
                self._learn(p, SUIT[m], RANK[m], led)
            if done:
                for i in range(4):
                    self.prev[(lead + i) & 3] = self.trick[i]
                self.pwin = self.lead
        if done == 2:
            self._end_deal()

    def play_out(self, first=NO_MOVE):  # native
        # A search's play-out of a deal's tricks, in a world: card first
        # (NO_MOVE: none), then every seat the Medium bot's card
        # (engine/games/georgian_tricks.py), to the deal's end. -> cards played
        n = self.ask(PLAY_OUT, first)
        self._from_regs()
        self._end_deal()
        return n

    def ask(self, mode, move=NO_MOVE):  # native
        # trick() in mode (engine/games/georgian_tricks.py) on this state, its
        # registers copied into _REGS: what it answers. A mode that plays
        # leaves the registers changed there (_from_regs takes them back).
        g = _REGS
        g[R_TURN] = self.turn
        g[R_LEAD] = self.lead
        g[R_TRUMP] = self.trump
        g[R_IN] = self.in_trick
        g[R_SUIT] = self.trick_suit
        g[R_AT] = self.best_at
        g[R_POWER] = self.best_power
        g[R_JOUT] = self.jout
        g[R_WORLD] = 1 if self.world else 0
        g[R_MODE] = mode
        g[R_MOVE] = move
        return trick(self.small, self.big, g)

    def _from_regs(self):  # native
        g = _REGS
        self.turn = g[R_TURN]
        self.lead = g[R_LEAD]
        self.in_trick = g[R_IN]
        self.trick_suit = g[R_SUIT]
        self.best_at = g[R_AT]
        self.best_power = g[R_POWER]
        self.jout = g[R_JOUT]

    def _learn(self, p, s, r, led):
        # Seat p followed with rank r of suit s to a trick of suit led.
        b = 4 * p
        if s != led:
            self.ban[b + led] = 511  # a void shown (GJ-11)
            t = self.trump
            if t != NONE and s != t:
                self.ban[b + t] = 511
        elif self.trick[0] >= LEAD:
            self.ban[b + s] |= ABOVE[r]  # it was the highest it held (GJ-14)

    def _end_deal(self):  # native
        n = SIZES[self.nines][self.d]
        bids = self.bids
        taken = self.taken
        dp = self.deal_points
        for q in range(4):
            dp[q] = points(bids[q], taken[q], n)
        if self.world:  # a search's play-out: the deal's points are all it needs
            self.ph = BETWEEN
            return
        row = bytearray(4)
        for q in range(4):
            row[q] = self.bids[q] << 4 | self.taken[q]
        self.sheet = self.sheet + row
        self.score_sheet()
        self.ph = OVER if self.d + 1 == len(SIZES[self.nines]) else BETWEEN
        self.turn = (self.dealer + 1) % 4  # the next dealer

    def score_sheet(self):
        # The match totals from the sheet: every deal's points and every
        # finished phase's bonus (GJ-18 .. GJ-20). Deal points and bonuses are
        # worked out again when asked, not kept: a 24-deal match would keep a
        # list per deal. The totals are replaced, not changed: copies share them.
        total = [0, 0, 0, 0]
        for i in range(self.deals_done()):
            row = self._row(i)
            for q in range(4):
                total[q] += row[q]
        for ph in range(4):
            done = self.bonus(ph)
            if done is not None:
                for q in range(4):
                    total[q] += done[0][q]
        self.total = total

    def _row(self, i):
        # Deal i's points per seat (GJ-18).
        n = SIZES[self.nines][i]
        out = []
        for q in range(4):
            v = self.sheet[4 * i + q]
            out.append(points(v >> 4, v & 15, n))
        return out

    # ----- protocol answers

    def scores(self):
        return self.total[:]

    def history(self):
        return [self._row(i) for i in range(self.deals_done())]

    def deal_value(self, seat):  # native
        # The deal's points ahead of the others' mean, times 4.
        d = self.deal_points
        return 4 * d[seat] - d[0] - d[1] - d[2] - d[3]

    # ----- accessors for the bots and the table screen

    def deal_no(self):
        return self.d + 1

    def deals(self):
        return len(SIZES[self.nines])

    def phase_of(self, d):
        # The phase (0..3) deal index d belongs to (GJ-4).
        starts = STARTS[self.nines]
        ph = 0
        while d >= starts[ph + 1]:
            ph += 1
        return ph

    def phase_deals(self, ph):
        # The deal indices of phase ph: (first, end).
        starts = STARTS[self.nines]
        return starts[ph], starts[ph + 1]

    def hand(self, seat):
        # A seat's hand as card ids, by suit then rank, its Jokers last (ids
        # 36, 37). In a view, only what the viewer sees (see hand_size).
        out = []
        for s in range(4):
            self._add(out, s, self.held[4 * seat + s])
        for i in range(self.jokers_held[seat]):
            out.append(JOKER + i)
        return out

    def hand_size(self, seat):
        b = 4 * seat
        n = self.jokers_held[seat] + self.hid[seat]
        for s in range(4):
            n += popcount9(self.held[b + s])
        return n

    def suit_mask(self, seat, suit):
        return self.held[4 * seat + suit]

    def jokers(self, seat):
        return self.jokers_held[seat]

    def bid(self, seat):
        # The seat's bid this deal, or -1 before it has bid.
        b = self.bids[seat]
        return -1 if b == UNSET else b

    def tricks(self, seat):
        return self.taken[seat]

    def trick_cards(self):
        # The current trick's codes in the order played; the leader is self.lead.
        return list(self.trick[:self.in_trick])

    def last_trick(self):
        # The last finished trick of this deal: (codes by seat, winner), or None.
        if self.pwin == UNSET:
            return None
        return list(self.prev), self.pwin

    def led_suit(self):
        # The suit led or named in the current trick, NONE before the lead.
        return self.trick_suit if self.in_trick else NONE

    def first_three(self):
        # The chooser's first three cards while trump is chosen (GJ-7); a view
        # of another seat shows none.
        return [c for c in self.first3 if c != UNSET]

    def dealer_draw(self):
        # The cards dealt to find the first dealer: card i went to seat i % 4 (GJ-3).
        return list(self.draw)

    def out(self, suit):
        # The ranks of suit out of play this deal: played, or turned for trump.
        return self.gone[suit]

    def jokers_out(self):
        # Jokers out of play this deal: played, or turned for trump.
        return self.jout + (self.turned == JOKER or self.turned == JOKER + 1)

    def banned(self, seat, suit):
        # Ranks of suit the seat is known not to hold (a void: all of them).
        return self.ban[4 * seat + suit]

    def sheet_row(self, d):
        # A finished deal: (bids, tricks, points), each per seat.
        bids = []
        took = []
        for q in range(4):
            v = self.sheet[4 * d + q]
            bids.append(v >> 4)
            took.append(v & 15)
        return bids, took, self._row(d)

    def deals_done(self):
        return len(self.sheet) // 4

    def phase_total(self, ph):
        # Per seat: the deal points of phase ph so far, with its bonus and
        # strike-outs once it is finished.
        a, z = self.phase_deals(ph)
        out = [0] * 4
        for i in range(a, min(z, self.deals_done())):
            row = self._row(i)
            for q in range(4):
                out[q] += row[q]
        done = self.bonus(ph)
        if done is not None:
            for q in range(4):
                out[q] += done[0][q]
        return out

    def bonus(self, ph):
        # A finished phase's bonus (+) or strike-out (-) per seat, and the deal
        # index each applies to (-1 none); None while the phase goes on (GJ-19).
        a, z = self.phase_deals(ph)
        if z > self.deals_done():
            return None
        rows = [self._row(k) for k in range(a, z)]
        best = [0] * 4  # each seat's highest deal of the phase (the first if equal), from a
        made = []
        for q in range(4):
            exact = True
            for k in range(z - a):
                if rows[k][q] > rows[best[q]][q]:
                    best[q] = k
                v = self.sheet[4 * (a + k) + q]
                if v >> 4 != v & 15:
                    exact = False
            if exact:
                made.append(q)
        adj = [0] * 4
        mark = [-1] * 4
        for q in range(4):
            top = rows[best[q]][q]
            if q in made:
                adj[q] = top  # GJ-19: doubled
                mark[q] = a + best[q]
            elif len(made) == 1 and top > 0:
                adj[q] = -top  # GJ-19: struck out; GJ-20: not with two or more bonuses
                mark[q] = a + best[q]
        return adj, mark

    def exact_so_far(self, seat):
        # Has the seat taken exactly its bid in every finished deal of the
        # current phase? (It can still earn the bonus, GJ-19.)
        a = self.phase_deals(self.phase_of(self.d))[0]
        for i in range(a, len(self.sheet) // 4):
            v = self.sheet[4 * i + seat]
            if v >> 4 != v & 15:
                return False
        return True

    def result_text(self, you=None):
        # Who made their bid, and at a phase's end who earned its bonus (GJ-19).
        if self.ph < BETWEEN:
            return ""
        d = self.deals_done() - 1
        made = [seat_name(q, you) for q in range(4) if self.bids[q] == self.taken[q]]
        if not made:
            text = "Deal %d: no bid made" % (d + 1)
        else:
            text = "Deal %d: %s made %s" % (d + 1, listed(made), "the bid" if len(made) == 1 else "their bids")
        ph = self.phase_of(d)
        if d + 1 == self.phase_deals(ph)[1]:
            adj = self.bonus(ph)[0]
            got = ["%s +%d" % (seat_name(q, you), adj[q]) for q in range(4) if adj[q] > 0]
            if not got:
                return text + ". Phase %d: no bonus" % (ph + 1)
            return text + ". Phase %d bonus: %s%s" % (ph + 1, listed(got), ", others struck" if len(got) == 1
                                                      else "")
        return text

    # ----- text

    def describe(self, move, you=None):
        # A legal move, before it is applied: short text for the screen and the log.
        if move == CONTINUE:
            return "Deal %d: %s" % (self.d + 2, says((self.dealer + 1) % 4, you, "deals"))
        p = self.turn
        if move >= TRUMP:
            what = "no trump" if move == NO_TRUMP else SUIT_WORDS[move - TRUMP] + " trump"
            return "%s %s" % (says(p, you, "names"), what)
        if move >= BID:
            return "%s %d" % (says(p, you, "bids"), move - BID)
        if move >= LEAD:
            how = "low" if move & 1 else "high"
            return "%s Jk %s, %s" % (says(p, you, "leads"), how, SUIT_WORDS[(move - LEAD) >> 1])
        if move >= JOKER:
            return "%s Jk %s" % (says(p, you, "plays"), "high" if move == JOKER_HI else "low")
        return "%s %s" % (says(p, you, "plays" if self.in_trick else "leads"), label(move))

    # ----- hidden information (GJ-22)

    def view(self, seat):
        # What seat may see: no other hand, no dealing Rng; while trump is
        # chosen, only the chooser's first three cards and only to the chooser.
        v = self.clone()
        v.seer = seat
        v.rng_state = BLANK
        for q in range(4):
            if q != seat:
                v._hide(q)
        if self.ph == CHOOSE:
            v._hide(seat)
            if seat == self.turn:
                for c in self.first3:
                    v.jokers_held[seat] += c >= JOKER
                    if c < JOKER:
                        v.held[4 * seat + SUIT[c]] |= 1 << RANK[c]
                v.hid[seat] -= 3
            else:
                for i in range(3):
                    v.first3[i] = UNSET
        v.known = False
        return v

    def _hide(self, q):
        self.hid[q] = self.hand_size(q)
        self.jokers_held[q] = 0
        for s in range(4):
            self.held[4 * q + s] = 0

    def unseen_cards(self):
        # The cards the seer cannot place: in hidden hands or set aside.
        out = []
        b = 4 * self.seer
        for s in range(4):
            self._add(out, s, FULL[s] & ~(self.gone[s] | self.held[b + s]))
        j = 2 - self.jokers_held[self.seer] - self.jokers_out()
        for i in range(j):
            out.append(JOKER + i)
        return out

    def hidden_places(self):
        # Where the unseen cards lie, in fill()'s order (engine.ai.sampling):
        # the four hands' hidden cards, then the cards set aside. A hand's bans:
        # the suits it showed void in, and in a suit named by a led Joker the
        # ranks above the card it had to play.
        out = []
        n = 0
        for q in range(4):
            b = 4 * q
            ban = self.ban
            lo = ban[b] | ban[b + 1] << 9 | ban[b + 2] << 18  # id 27, a black Six, is no card
            out.append((self.hid[q], lo, ban[b + 3] >> 1))
            n += self.hid[q]
        out.append((len(self.unseen_cards()) - n, 0, 0))
        return out

    def fill(self, cards, into=None):  # native
        # A full state for search from a view: cards, the unseen ones in any
        # order, go to the hidden hands in seat order; the rest are set aside
        # and play no part. into: a state to overwrite (its buffers reused).
        s = into if into is not None else Georgian()
        s.copy_from(self)
        held = s.held
        hid = s.hid
        at = 0
        for q in range(4):
            b = 4 * q
            for _ in range(hid[q]):
                c = cards[at]
                at += 1
                if c >= JOKER:
                    s.jokers_held[q] += 1
                else:
                    held[b + SUIT[c]] |= 1 << RANK[c]
            hid[q] = 0
        s.seer = -1
        s.world = True
        s.known = False
        return s

    # ----- copies and bytes

    def blank(self):
        return Georgian()

    def copy_from(self, src):
        # Makes this state a copy of src in its own buffers: no garbage, so a
        # search copies positions again and again. The sheet and what is worked
        # out from it are shared: they are replaced, never changed in place.
        # The counters are georgian_bytes.COUNTERS, named here one by one: a
        # loop of getattr() would cost in the search's hottest copy.
        self.nines = src.nines
        self.d = src.d
        self.dealer = src.dealer
        self.ph = src.ph
        self.turn = src.turn
        self.lead = src.lead
        self.trump = src.trump
        self.turned = src.turned
        self.in_trick = src.in_trick
        self.trick_suit = src.trick_suit
        self.best_at = src.best_at
        self.best_power = src.best_power
        self.jout = src.jout
        self.seer = src.seer
        self.world = src.world
        self.known = False
        self.pwin = src.pwin
        self.small[:] = src.small
        self.big[:] = src.big
        self.rng_state = src.rng_state
        self.draw = src.draw
        self.sheet = src.sheet
        self.total = src.total
