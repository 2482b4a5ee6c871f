# Habitual Joker (Simon Bates): rules per seeds/habitual.md (HJ-n).
#
# Cards: 0..51 as in engine.cards, Jokers 52 and 53. The ranks form a circle
# (... Q K A 2 3 ...), so rank r neighbours UP[r] and DN[r].
# A card set is a pair of words: word 0 holds cards 0..25 (clubs, diamonds),
# word 1 cards 26..53 (hearts, spades, then the two Jokers at bits 26 and 27),
# so no word passes 28 bits. Per-seat sets are lists [w0 seat 0, w1 seat 0,
# w0 seat 1, w1 seat 1]; card c is bit B[c] of word 2 * seat + W[c].
#
# Move codes (small ints; targets are seen from the mover):
#   0..52     a card from hand to the mover's spares (any Joker is JOKER = 52)
#   64 + 10 * t + j   a play onto stack target t: 0..3 the mover's own stacks,
#             4..7 the opponent's; j = 2 * suit + d is the card of that suit one
#             rank above (d = 0) or below (d = 1) the stack's top card; j = 8 a
#             Joker from hand, j = 9 a Joker from the mover's spares.
#   CONTINUE  (255) deals the next deal of the match.
# A card is in the mover's hand or spares, never both, so a code says where from.
# card_of(), from_spares(), target_of(), gain() and move_for() translate for the UI.
from engine import codec, const
from engine.bits import members, popcount
from engine.cards import label
from engine.rng import BLANK, Rng, resumed
from engine.listed import listed_view
from engine.state import CONTINUE, WINS, Game, State, says, seat_name

# HJ-21: the best of 1, 3 or 5 deals; HJ-22: secret hands, Open hands skips hand-offs.
INFO = Game(seats=(2, 2),
            options=(("deals", "Match", (3, 1, 5), "best of %d"), ("open", "Open hands", ("Off", "On"), "%s")),
            hidden=True, reveal="open", round="deal", counts=WINS, goal="Deal {n}, best of {deals}",
            refusals="engine.games.habitual_refusals")

# Phases. The cut is made at once by new_game() (see cut_cards()).
TURNS = const(0)  # the players alternate
SOLO = const(1)  # one player has stopped; the other plays on alone
BETWEEN = const(2)  # the deal has ended; CONTINUE deals the next one
OVER = const(3)  # the match has ended

# How a deal ended (HJ-stop, HJ-caught).
END_NONE = const(0)
_END_CAUGHT = const(1)  # the trailing player can no longer catch up
END_STUCK = const(2)  # a player could not play while the other led
_END_SOLO = const(3)  # the player playing alone went ahead
_END_NEITHER = const(4)  # neither player could play
_END_ALONE = const(5)  # the player playing alone could not play on
_END_OUT = const(6)  # both players are out of cards

JOKER = const(52)
SPARES = const(8)  # target of a play to one's own spares
STACK = const(64)  # first stack move code
UNKNOWN = const(255)  # a store card in a view
LAST_SEAT = const(0)  # in HabitualJoker.last: 1 + the seat that made the last play, 0 none
VERSION = const(2)

UP = bytes([(r + 1) % 13 for r in range(13)])
DN = bytes([(r + 12) % 13 for r in range(13)])
# NB[r]: the cards of ranks UP[r] and DN[r] in both suits of a word.
NB = tuple([((1 << UP[r]) | (1 << DN[r])) * 0x2001 for r in range(13)])
JOKERS = const(0xC000000)  # both Jokers: bits 26, 27 of word 1
W = bytes([int(c >= 26) for c in range(54)])
B = tuple([1 << (c - 26 * W[c]) for c in range(54)])
BIT = {}  # a single bit -> its index in the word
for _i in range(28):
    BIT[1 << _i] = _i
del _i
# J[54 * r + c]: code part j of card c on a top of rank r (c one rank away);
# J_CARD[8 * r + j]: the card that code part j means on a top of rank r.
J = bytes([(c // 13) * 2 + (c % 13 != UP[r]) if c < JOKER else 0
           for r in range(13) for c in range(54)])
J_CARD = bytes([(j >> 1) * 13 + (DN[r] if j & 1 else UP[r]) for r in range(13) for j in range(8)])
# The stacks seat p may play to, in target order: ORDER[p] all 8, ORDER[p + 2]
# only its own (the opponent has stopped).
ORDER = ((0, 1, 2, 3, 4, 5, 6, 7), (4, 5, 6, 7, 0, 1, 2, 3), (0, 1, 2, 3), (4, 5, 6, 7))


def _copy(dst, src):
    # Element by element: a slice assignment would leave a slice object behind.
    for i in range(len(src)):
        dst[i] = src[i]


def distance(rank):
    # Circular distance to the Ace (HJ-cut): K and 2 are 1, 7 and 8 are 6.
    return min(12 - rank, rank + 1)


def _cards(words, seat):
    # The cards of a seat's pair of words, sorted.
    out = []
    for w in (0, 1):
        m = words[2 * seat + w]
        while m:
            low = m & -m
            m ^= low
            out.append(BIT[low] + 26 * w)
    return out


def target_of(move):
    # 0..3 own stack, 4..7 opponent's stack, SPARES; -1 for CONTINUE.
    if move == CONTINUE:
        return -1
    if move < STACK:
        return SPARES
    return (move - STACK) // 10


def new_game(seed, options=None, seats=2):
    options = INFO.setup(options, seats)
    s = HabitualJoker()
    s.deals = options["deals"]
    rng = Rng(seed)
    s._cut(rng)
    s._deal(rng)
    return s


def decode(data):
    s = HabitualJoker()
    s._load(data)
    return s


class HabitualJoker(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER
    legal_view = listed_view  # (engine/listed.py)

    def __init__(self):
        self.n = 2
        self.ph = TURNS
        self.turn = 0
        self.dealer = 0
        self.deal_no = 1
        self.deals = 3
        self.stop = 0  # a bit per seat that has stopped this deal
        self.end = END_NONE
        self.cut = (0, 0)
        self.pts = [0, 0]
        self.wins = [0, 0]
        self.hist = []
        self.left = 0  # non-Joker cards not yet on a stack
        self.seer = -1  # the seat whose view this is; -1 for the full state
        self.nhid = 0  # cards of the opponent's hand hidden from the seer
        self.rng_state = BLANK  # Rng state that deals the next deal
        self.hand_words = [0, 0, 0, 0]  # hands
        self.spare_words = [0, 0, 0, 0]  # spares
        self.piled = [0, 0]  # every card on a stack (seat 0 slots only)
        self.dead = 0  # Jokers discarded in the deal (bits 26, 27 of word 1)
        self.unseen = [0, 0]  # cards the seer cannot place: hidden hand and store
        self.top = bytearray(8)  # stack k = 4 * seat + i
        self.size = bytearray(8)
        self.block = bytearray(8)  # 0 open, 1 conditional, 2 Joker
        self.key = bytearray(8)  # the unblocking card of a conditional block
        self.fits0 = [0] * 8  # per stack: cards that may go on it, word 0 (see _mask)
        self.fits1 = [0] * 8  # and word 1
        self.store = b""
        self.pos = 0  # the next card to draw from store
        self.legal_list = []  # the last moves generated: those of the seat to move once known
        self.known = False
        self.own = None  # the store of a state filled from a view (see fill())
        # The last play of the deal, all of it public (see unplay()): LAST_SEAT
        # 1 + its seat (0: none yet), then its move code, the card, whether it
        # came from hand, and the stack's top, block and key before it. Not in
        # encode(): a replay (saves, records) rebuilds it.
        self.last = bytearray(7)

    # ----- the cut and the deal (HJ-cut, HJ-deal)

    def _cut(self, rng):
        # Each seat cuts one of the 52 cards; the one nearer the Ace deals.
        while True:
            a = rng.below(52)
            b = rng.below(51)
            if b >= a:
                b += 1
            da = distance(a % 13)
            db = distance(b % 13)
            if da != db:
                break
        self.cut = (a, b)
        self.dealer = 0 if da < db else 1

    def _deal(self, rng):
        deck = bytearray(range(54))
        rng.shuffle(deck)
        self.rng_state = rng.get_state()
        self.hand_words = [0, 0, 0, 0]
        self.spare_words = [0, 0, 0, 0]
        self.piled = [0, 0]
        self.dead = 0
        self.unseen = [0, 0]
        self.pts = [0, 0]
        self.stop = 0
        self.end = END_NONE
        self.block = bytearray(8)
        self.key = bytearray(8)
        self.size = bytearray(8)
        self.last[LAST_SEAT] = 0
        d = self.dealer
        order = (1 - d, d)  # the non-dealer gets the first card of each pair
        at = 0
        for rnd in range(5):
            for seat in order:
                c = deck[at]
                at += 1
                self.hand_words[2 * seat + W[c]] |= B[c]
            if rnd < 4:
                for seat in order:
                    c, at = self._face_up(deck, at)
                    self.top[4 * seat + rnd] = c
                    self.size[4 * seat + rnd] = 1
                    self.piled[W[c]] |= B[c]
        for rnd in range(3):
            for seat in order:
                c, at = self._face_up(deck, at)
                self.spare_words[2 * seat + W[c]] |= B[c]
        for k in range(8):
            self._mask(k)
        self.store = bytes(deck[at:])
        self.pos = 0
        self.left = 44
        self.ph = TURNS
        self._pass_turn(d)

    def _face_up(self, deck, at):
        # A Joker dealt face up is out of play this deal; the next card replaces it.
        while deck[at] >= JOKER:
            self.dead |= B[deck[at]]
            at += 1
        return deck[at], at + 1

    # ----- legal moves

    def gen_moves(self, p):
        # Every legal move of seat p, found by mask operations (HJ-joker, HJ-cblock),
        # into self.legal_list (one list for the state's life: no garbage per move); -> how many.
        out = self.legal_list
        out.clear()
        i = 2 * p
        hand_words = self.hand_words
        spare_words = self.spare_words
        ha = hand_words[i]
        hb = hand_words[i + 1]
        sa = spare_words[i]
        sb = spare_words[i + 1]
        xa = ha | sa
        xb = hb | sb
        fits0 = self.fits0
        fits1 = self.fits1
        top = self.top
        jt = J
        bit = BIT
        jokers = xb & JOKERS
        base = STACK
        for k in ORDER[p + 2 * (self.ph == SOLO)]:
            m = xa & fits0[k]
            if m:
                r54 = top[k] % 13 * 54
                while m:
                    low = m & -m
                    m ^= low
                    out.append(base + jt[r54 + bit[low]])
            m = xb & fits1[k]
            if m:
                r54 = top[k] % 13 * 54 + 26
                while m:
                    low = m & -m
                    m ^= low
                    out.append(base + jt[r54 + bit[low]])
            if jokers and base >= STACK + 40 and not self.block[k]:
                if hb & JOKERS:
                    out.append(base + 8)
                if sb & JOKERS:
                    out.append(base + 9)
            base += 10
        if popcount(sa) + popcount(sb) < 3:
            m = ha
            while m:
                low = m & -m
                m ^= low
                out.append(bit[low])
            m = hb & ~JOKERS
            while m:
                low = m & -m
                m ^= low
                out.append(bit[low] + 26)
            if hb & JOKERS:
                out.append(JOKER)
        return len(out)

    def _mask(self, k):
        # fits0[k], fits1[k]: the cards that may go on stack k now (Jokers aside).
        b = self.block[k]
        if b == 0:
            self.fits0[k] = self.fits1[k] = NB[self.top[k] % 13]
        elif b == 1:
            u = self.key[k]
            self.fits0[k] = 0 if W[u] else B[u]
            self.fits1[k] = B[u] if W[u] else 0
        else:
            self.fits0[k] = self.fits1[k] = 0

    # ----- reading a move (the UI and describe() use these)

    def stack_of(self, move):
        # The stack index k of a stack move by the seat to move.
        return (4 * self.turn + (move - STACK) // 10) & 7

    def card_of(self, move):
        if move < STACK:
            return move
        j = (move - STACK) % 10
        if j >= 8:
            return JOKER
        return J_CARD[self.top[self.stack_of(move)] % 13 * 8 + j]

    def from_spares(self, move):
        if move < STACK:
            return False
        j = (move - STACK) % 10
        if j >= 8:
            return j == 9
        c = self.card_of(move)
        return bool(self.spare_words[2 * self.turn + W[c]] & B[c])

    def gain(self, move):
        # (points to the mover, points to the opponent) of a legal move (HJ-score).
        if move == CONTINUE or move < STACK or (move - STACK) % 10 >= 8:
            return (0, 0)
        if target_of(move) >= 4:
            return (0, 1)
        if self.from_spares(move):
            return (0, 0)
        return (1, 0)

    def move_for(self, card, target, spare=False):
        # The code for playing card (from spares if spare) to target, or -1 when
        # that card can never go there; legal_moves() still decides legality.
        if card >= JOKER:
            if target == SPARES:
                return JOKER
            return STACK + 10 * target + (9 if spare else 8)
        if target == SPARES:
            return card
        k = (4 * self.turn + target) & 7
        r = self.top[k] % 13
        if self.block[k] == 2 or card % 13 not in (UP[r], DN[r]):
            return -1
        return STACK + 10 * target + J[r * 54 + card]

    # ----- playing

    def check(self, move):
        if self.unseen[0] or self.unseen[1]:
            raise ValueError("a view with unseen cards cannot be played; determinize it")
        State.check(self, move)

    def apply_legal(self, move):
        if move == CONTINUE:
            self.dealer = 1 - self.dealer
            self.deal_no += 1
            self._deal(resumed(self.rng_state))
            return
        p = self.turn
        i = 2 * p
        hand_words = self.hand_words
        last = self.last
        last[LAST_SEAT] = 1 + p
        last[1] = move
        if move < STACK:
            c = move
            if c == JOKER:
                x = hand_words[i + 1] & JOKERS
                c = BIT[x & -x] + 26
            hand_words[i + W[c]] ^= B[c]
            self.spare_words[i + W[c]] |= B[c]
            drew = True
        else:
            k = (4 * p + (move - STACK) // 10) & 7
            j = (move - STACK) % 10
            owner = k >> 2
            last[4] = self.top[k]
            last[5] = self.block[k]
            last[6] = self.key[k]
            if j >= 8:
                drew = j == 8
                words = hand_words if drew else self.spare_words
                x = words[i + 1] & JOKERS
                words[i + 1] ^= x & -x
                c = BIT[x & -x] + 26
                self.block[k] = 2
            else:
                top = self.top[k]
                c = J_CARD[top % 13 * 8 + j]
                w = i + W[c]
                drew = bool(hand_words[w] & B[c])
                if drew:
                    hand_words[w] ^= B[c]
                else:
                    self.spare_words[w] ^= B[c]
                if drew or owner != p:
                    self.pts[owner] += 1
                self.left -= 1
                if self.block[k] == 1:
                    self.block[k] = 0  # c is the unblocking card
                elif owner != p and c // 13 == top // 13:
                    self.block[k] = 1
                    r = c % 13
                    self.key[k] = c - r + (UP[r] if r == UP[top % 13] else DN[r])
            self.top[k] = c
            self.size[k] += 1
            self.piled[W[c]] |= B[c]
            self._mask(k)
        last[2] = c
        last[3] = drew
        if drew and self.pos < len(self.store):
            c = self.store[self.pos]
            self.pos += 1
            hand_words[i + W[c]] |= B[c]
        self.known = False
        if abs(self.pts[0] - self.pts[1]) > self.left:
            self._end(_END_CAUGHT)
        else:
            self._pass_turn(1 - p)

    def _pass_turn(self, q):
        # Seat q is due to move (HJ-stop): it plays if it can; if not it stops, and
        # the other seat p either leads (the deal ends) or plays on alone.
        p = 1 - q
        if self.ph == TURNS:
            if self.gen_moves(q):
                self.turn = q
                self.known = True
                return
            self.stop |= 1 << q
            if self.pts[p] > self.pts[q]:
                self._end(END_STUCK)
                return
            self.ph = SOLO
            alone = False
        elif self.pts[p] > self.pts[q]:
            self._end(_END_SOLO)
            return
        else:
            alone = True
        self.turn = p
        if self.gen_moves(p):
            self.known = True
        elif not (self.hand_words[0] | self.hand_words[1] | self.hand_words[2] | self.hand_words[3]
                  | self.spare_words[0] | self.spare_words[1] | self.spare_words[2] | self.spare_words[3]):
            self.stop = 0  # nobody stopped: the cards ran out (HJ-19)
            self._end(_END_OUT)
        elif alone:
            self._end(_END_ALONE)  # stop keeps the one who stopped first
        else:
            self.stop |= 1 << p
            self._end(_END_NEITHER)

    def _end(self, why):
        # The deal is over (HJ-match): count it and see whether the match is decided.
        self.end = why
        self.known = False
        a, b = self.pts
        self.hist.append([a, b])
        if a != b:
            self.wins[0 if a > b else 1] += 1
        left = self.deals - self.deal_no
        if left == 0 or abs(self.wins[0] - self.wins[1]) > left:
            self.ph = OVER
        else:
            self.ph = BETWEEN
            self.turn = 1 - self.dealer  # the next dealer, who plays first

    # ----- protocol answers and accessors

    def scores(self):
        return self.wins[:]

    def deal_value(self, seat):
        d = self.pts[seat] - self.pts[1 - seat]
        return (d > 0) - (d < 0)

    def hand(self, seat):
        # A seat's hand, sorted; in a view a hidden hand is empty (see hand_size).
        return _cards(self.hand_words, seat)

    def hand_size(self, seat):
        n = popcount(self.hand_words[2 * seat]) + popcount(self.hand_words[2 * seat + 1])
        if self.seer >= 0 and seat != self.seer:
            n += self.nhid
        return n

    def spares(self, seat):
        return _cards(self.spare_words, seat)

    def stack_top(self, seat, i):
        return self.top[4 * seat + i]

    def stack_len(self, seat, i):
        return self.size[4 * seat + i]

    def stack_block(self, seat, i):
        return self.block[4 * seat + i]

    def stack_key(self, seat, i):
        # The card that unblocks a conditionally blocked stack, else -1.
        k = 4 * seat + i
        return self.key[k] if self.block[k] == 1 else -1

    def store_count(self):
        return len(self.store) - self.pos

    def deal_points(self):
        return self.pts[:]

    def points(self, seat):
        return self.pts[seat]

    def own_plays(self, seat):
        # How many plays seat has onto its own stacks: its hand and spares
        # against the masks of the cards each stack takes (see _mask).
        i = 2 * seat
        xa = self.hand_words[i] | self.spare_words[i]
        xb = self.hand_words[i + 1] | self.spare_words[i + 1]
        n = 0
        for k in range(4 * seat, 4 * seat + 4):
            n += popcount(xa & self.fits0[k]) + popcount(xb & self.fits1[k])
        return n

    def history(self):
        return self.hist[:]

    def stopped(self, seat):
        return bool(self.stop >> seat & 1)

    def cut_cards(self):
        # The deciding cut of the match: (card of seat 0, card of seat 1).
        return self.cut

    def discarded(self):
        # The Jokers dealt face up this deal and put out of play.
        return members(self.dead, 26)

    def live(self, c):
        # Is card c still to be played: not on a stack, not discarded?
        return not (self.piled[W[c]] | (self.dead if W[c] else 0)) & B[c]

    def result_text(self, you=None):
        if self.ph < BETWEEN:
            return ""
        a, b = self.pts
        if a == b:
            text = "Deal %d tied %d-%d" % (self.deal_no, a, b)
        else:
            text = "%s deal %d, %d-%d" % (says(0 if a > b else 1, you, "wins"), self.deal_no, max(a, b), min(a, b))
        lead = 0 if a > b else 1
        why = self.end
        if why == _END_CAUGHT:
            return text + ": %s catch up" % says(1 - lead, you, "cannot")
        if why == END_STUCK:
            return text + ": %s play" % says(1 - lead, you, "cannot")
        if why == _END_SOLO:
            return text + ": %s ahead alone" % says(lead, you, "went")
        if why == _END_ALONE:
            return text + ": %s play on" % says(0 if self.stop == 2 else 1, you, "cannot")
        if why == _END_OUT:
            return text + ": both out of cards"
        return text + ": neither can play"

    # ----- text

    def describe(self, move, you=None):
        # A legal move, before it is applied. you None gives the neutral log
        # form; a seat gets it worded for that player ("your", "you").
        if move == CONTINUE:
            return "Deal %d: %s" % (self.deal_no + 1, says(1 - self.dealer, you, "deals"))
        p = self.turn
        head = "" if you == p else seat_name(p) + ": "
        c = self.card_of(move)
        if move < STACK:
            return head + label(c) + " to spares"
        k = self.stack_of(move)
        owner = k >> 2
        if owner == you:
            where = " on your "
        elif owner == p:
            where = " on own "
        else:
            where = " on %s's " % seat_name(owner)
        src = "spare " if self.from_spares(move) else ""
        text = head + src + label(c) + where + label(self.top[k])
        if c >= JOKER:
            return text + ", blocked for good"
        g = self.gain(move)
        if g[0] or g[1]:
            s = p if g[0] else 1 - p
            text += ", +1 " + ("you" if s == you else seat_name(s))
        if self.block[k] == 1:
            return text + ", unblocks"
        if owner != p and c // 13 == self.top[k] // 13:
            return text + ", blocks"
        return text

    # ----- hidden information (HJ-hidden)

    def view(self, seat):
        # What seat may see: never the opponent's hand, the store order nor the
        # Rng (Open hands only skips the device's hand-off screens, HJ-22).
        # Moves of unseen cards are not listed.
        v = self.clone()
        v.seer = seat
        q = 1 - seat
        u = v.unseen
        u[0] = v.hand_words[2 * q]
        u[1] = v.hand_words[2 * q + 1]
        v.nhid = popcount(u[0]) + popcount(u[1])
        v.hand_words[2 * q] = 0
        v.hand_words[2 * q + 1] = 0
        for at in range(self.pos, len(self.store)):
            c = self.store[at]
            u[W[c]] |= B[c]
        v.store = bytes([UNKNOWN]) * self.store_count()
        v.pos = 0
        v.rng_state = BLANK  # the dealing Rng would give the store order away
        v.known = False
        return v

    def unplay(self):
        # On a view at its seat's turn: the position before the opponent's
        # last play, as the seat saw it (what the bots read that play
        # against): the stack as it was, a card from the spares back there, a
        # card from hand back among the unseen, the opponent to move. Hand
        # sizes, the store and the points stay as they are now. False, and
        # nothing changed, when the last play of the deal was not the
        # opponent's while both played.
        p = self.turn
        q = 1 - p
        last = self.last
        if self.seer != p or self.ph != TURNS or last[LAST_SEAT] != 1 + q:
            return False
        move = last[1]
        c = last[2]
        w = W[c]
        if move < STACK:
            self.spare_words[2 * q + w] ^= B[c]
        else:
            k = (4 * q + (move - STACK) // 10) & 7
            self.top[k] = last[4]
            self.size[k] -= 1
            self.block[k] = last[5]
            self.key[k] = last[6]
            self._mask(k)
            self.piled[w] ^= B[c]
            if not last[3]:
                self.spare_words[2 * q + w] |= B[c]
        if last[3]:
            self.unseen[w] |= B[c]
        self.turn = q
        self.known = False
        last[LAST_SEAT] = 0
        return True

    def unseen_cards(self):
        return _cards(self.unseen, 0)

    def hidden_places(self):
        # Where the unseen cards lie, in fill()'s order, as engine.ai.sampling
        # takes them: (how many, banned cards 0..27, banned cards 28..55).
        return [(self.nhid, 0, 0), (self.store_count(), 0, 0)]

    def fill(self, cards, into=None):
        # A full state from a view: cards, exactly the unseen ones in any order,
        # go first to the hidden hand, then to the store in that order. into: a
        # state to overwrite (search loops: its buffers are reused).
        s = into if into is not None else HabitualJoker()
        s.copy_from(self)
        q = 2 * (1 - self.seer)
        n = self.nhid
        for i in range(n):
            c = cards[i]
            s.hand_words[q + W[c]] |= B[c]
        m = len(cards) - n
        buf = s.own
        if buf is None or len(buf) != m:
            buf = s.own = bytearray(m)
        for i in range(m):
            buf[i] = cards[n + i]
        s.store = buf
        s.pos = 0
        s.unseen[0] = s.unseen[1] = 0
        s.nhid = 0
        s.seer = -1
        return s

    # ----- copies and bytes

    def blank(self):
        return HabitualJoker()

    def copy_from(self, src):
        # Makes this state a copy of src in its own buffers: no garbage, so search
        # loops can copy a position again and again. The store is shared: play
        # only reads it.
        self.ph = src.ph
        self.turn = src.turn
        self.dealer = src.dealer
        self.deal_no = src.deal_no
        self.deals = src.deals
        self.stop = src.stop
        self.end = src.end
        self.cut = src.cut
        self.left = src.left
        self.seer = src.seer
        self.nhid = src.nhid
        self.rng_state = src.rng_state
        self.dead = src.dead
        self.store = src.store
        self.pos = src.pos
        self.known = src.known
        _copy(self.pts, src.pts)
        _copy(self.wins, src.wins)
        _copy(self.hand_words, src.hand_words)
        _copy(self.spare_words, src.spare_words)
        _copy(self.piled, src.piled)
        _copy(self.unseen, src.unseen)
        _copy(self.fits0, src.fits0)
        _copy(self.fits1, src.fits1)
        _copy(self.top, src.top)
        _copy(self.size, src.size)
        _copy(self.block, src.block)
        _copy(self.key, src.key)
        _copy(self.last, src.last)
        # Lists that grow and shrink: clear() and extend() free what they replace.
        self.hist.clear()
        self.hist.extend(src.hist)
        self.legal_list.clear()
        self.legal_list.extend(src.legal_list)

    def _where(self, c):
        # Location of card c in encode(): 0 store, 1-2 hand, 3-4 spares, 5 a
        # stack, 6 discarded, 7 unseen.
        w = W[c]
        bit = B[c]
        for seat in (0, 1):
            if self.hand_words[2 * seat + w] & bit:
                return 1 + seat
            if self.spare_words[2 * seat + w] & bit:
                return 3 + seat
        if self.piled[w] & bit:
            return 5
        if w and self.dead & bit:
            return 6
        if self.unseen[w] & bit:
            return 7
        return 0

    def encode(self):
        # 13 bytes of counters, the Rng state (4), a location nibble per card (27),
        # top, size, block and key of the 8 stacks (32), the store (its count, then
        # its cards unless this is a view), then the deal points, the deals won and
        # the points of the finished deals (engine.codec).
        out = bytearray([VERSION, self.ph, self.turn, self.dealer, self.deal_no, self.deals,
                         self.stop, self.end, self.cut[0], self.cut[1], self.left,
                         255 if self.seer < 0 else self.seer, self.nhid])
        out += self.rng_state
        for c in range(0, 54, 2):
            out.append(self._where(c) | self._where(c + 1) << 4)
        out += self.top
        out += self.size
        out += self.block
        out += self.key
        out.append(self.store_count())
        if self.seer < 0:
            out += self.store[self.pos:]
        codec.put_ints(out, self.pts)
        codec.put_ints(out, self.wins)
        codec.put_ints(out, self.hist, codec.put_ints)
        return bytes(out)

    def _load(self, data):
        if len(data) < 77 or data[0] != VERSION:
            raise ValueError("not a Habitual Joker state")
        (self.ph, self.turn, self.dealer, self.deal_no, self.deals, self.stop,
         self.end) = data[1:8]
        self.cut = (data[8], data[9])
        self.left = data[10]
        self.seer = -1 if data[11] == 255 else data[11]
        self.nhid = data[12]
        self.rng_state = bytes(data[13:17])
        for c in range(54):
            loc = (data[17 + c // 2] >> (4 * (c & 1))) & 15
            w = W[c]
            if loc == 1 or loc == 2:
                self.hand_words[2 * (loc - 1) + w] |= B[c]
            elif loc == 3 or loc == 4:
                self.spare_words[2 * (loc - 3) + w] |= B[c]
            elif loc == 5:
                self.piled[w] |= B[c]
            elif loc == 6:
                self.dead |= B[c]
            elif loc == 7:
                self.unseen[w] |= B[c]
        self.top = bytearray(data[44:52])
        self.size = bytearray(data[52:60])
        self.block = bytearray(data[60:68])
        self.key = bytearray(data[68:76])
        for k in range(8):
            self._mask(k)
        n = data[76]
        at = 77
        if self.seer < 0:
            self.store = bytes(data[at:at + n])
            at += n
        else:
            self.store = bytes([UNKNOWN]) * n
        self.pts, at = codec.get_ints(data, at)
        self.wins, at = codec.get_ints(data, at)
        self.hist, at = codec.get_ints(data, at, codec.get_ints)
