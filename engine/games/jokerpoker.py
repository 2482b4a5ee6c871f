# Joker Poker (Dario De Toffoli, Piatnik): rules per seeds/jokerpoker.md (JP-n).
#
# Cards are engine.cards ids, the Jokers 52 (red), 53 (black), 54 (red/black).
# Each seat holds its cards in canonical order (canonical(): Jokers first, then
# rank high to low) and a group 0, 1 or 2 per card: its three hands, always
# 5/5/5 (with four seats 5/5/3, group 2 the 3-card hand). The device orders the
# groups into hands 1-3, strongest first (JP-6: positions()).
#
# A deal: the seats arrange and bet in turn, seat 0 first, each a run of moves
# whose content view() hides from the others; the last bet reveals and pays
# all three hands at once (the table screen shows them hand by hand).
# Move codes (small ints):
#   SWAP + k      0..104   swap the seat's cards i < j (k = j * (j - 1) / 2 + i)
#                          between two groups
#   RANK + r      105..117 every Joker of the seat stands at rank r (JP-9);
#   RANK + BEST   118      at the rank that suits the arrangement best (best_rank)
#   AUTO          119      the arrangement propose() makes ("arrange for me")
#   BET + 25a + 5b + c  120..244  bet a on hand 1, b on hand 2, c on hand 3: it
#                          ends the seat's turn (the arrangement must be playable)
#   CONTINUE      255      deals the next deal
# Hands and arrangements are valued by engine/poker.py; the arranger
# itself, propose(), is engine/arrange.py, loaded when asked.
from engine import codec, const
from engine.cards import label, rank_label
from engine.poker import NOT_ALLOWED, RED_JOKER, best_rank, canonical, group_values, positions, sort_key, top, value
from engine.rng import BLANK, Rng, resumed
from engine.listed import listed_view
from engine.state import CONTINUE, POINTS, Game, State, seat_name

# JP-3: 2-4 seats; JP-15: everything secret until the reveal, so no open hands;
# JP-18: three deals, points.
INFO = Game(seats=(2, 4), options=(), hidden=True, reveal=None, round="deal", counts=POINTS, goal="Deal {n} of 3",
            refusals="engine.games.jokerpoker_refusals")


def propose(cards, seats, more=None):
    # "Arrange for me" (engine.arrange.propose), loaded when first asked.
    from engine import arrange

    return arrange.propose(cards, seats, more)


# ----- the game

DEALS = const(3)  # JP-18
BETS = bytes((0, 1, 1, 2, 2, 2, 3, 3, 4))  # JP-2: a seat's betting cards
SWAP = const(0)
RANK = const(105)
BEST = const(13)  # RANK + BEST: the Jokers at their best rank
AUTO = const(119)
BET = const(120)
UNKNOWN = const(255)  # a card, group, rank or bet a view does not show
VERSION = const(1)

# Phases.
ARRANGE = const(0)  # seats arrange and bet in turn
BETWEEN = const(1)  # the deal is revealed; CONTINUE deals the next one
OVER = const(2)

# Where a betting card is.
FREE = const(0)  # not bet yet
STAKED = const(1)  # bet this deal, not yet revealed
OUT = const(2)  # out of play (JP-17)
WON = const(3)  # WON + seat: won by that seat, its victory points (JP-16)

ORDER = bytes(sorted(range(55), key=sort_key))  # every card in canonical order
SWAP_I = bytes([i for j in range(15) for i in range(j)])  # the cards a SWAP code names
SWAP_J = bytes([j for j in range(15) for i in range(j)])


JOKER_TEXTS = ("Jkr", "Jkb", "Jk")  # JP-1, JP-7: the red, black and red/black Jokers told apart in texts


def card_text(c):
    # A card as describe() names it: "Kh", "Jkr".
    return JOKER_TEXTS[c - RED_JOKER] if c >= RED_JOKER else label(c)


def swap_code(i, j):
    if i > j:
        i, j = j, i
    return SWAP + j * (j - 1) // 2 + i


def bet_code(a, b, c):
    return BET + 25 * a + 5 * b + c


def bets_of(move):
    # The three betting card values a BET move puts on hands 1, 2 and 3.
    k = move - BET
    return k // 25, k // 5 % 5, k % 5


def taker(seat, winners):
    # Who takes seat's bet on a hand that the seats in `winners` (a bit each)
    # won (JP-16, JP-17): the sole winner takes every bet on it, tied winners
    # take back their own; -1: the bet goes out of play.
    if winners and winners & (winners - 1) == 0:
        w = 0
        while not winners >> w & 1:
            w += 1
        return w
    return seat if winners >> seat & 1 else -1


def problem(values, hs):
    # Why groups of these values may not be played (JP-9, JP-13), or "".
    for g in range(3):
        if values[g] < 0:
            return "no card is left for a Joker"
    if hs == 13 and values[2] > min(values[0], values[1]):
        return "the 3-card hand beats hand 2"
    return ""


def dealt_groups(hs):
    # The arrangement cards are dealt in: the canonical order round the three
    # groups (so up to three Jokers land in different ones), with 13 cards the
    # last four alternating between the 5-card groups.
    return bytearray([i % 3 if i < 9 else (i - 9) % (2 if hs == 13 else 3) for i in range(hs)])


def new_game(seed, options=None, seats=2):
    INFO.setup(options, seats)
    s = JokerPoker(seats)
    s._deal(Rng(seed))
    return s


def decode(data):
    if len(data) < 2 or data[0] != VERSION or not 2 <= data[1] <= 4:
        raise ValueError("not a Joker Poker state")
    s = JokerPoker(data[1])
    s._load(data)
    return s


class JokerPoker(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER
    legal_view = listed_view  # (engine/listed.py)

    def __init__(self, seats):
        n = seats
        hs = 15 if n < 4 else 13
        self.n = n
        self.hs = hs  # cards a seat holds (JP-4)
        self.ph = ARRANGE
        self.turn = 0
        self.deal_no = 1
        self.seer = -1  # the seat whose view this is; -1 for the full state
        self.rng_state = BLANK  # Rng state that deals the next deal
        self.hand = bytearray(n * hs)  # seat s's cards at s * hs, canonical order
        self.group_of = bytearray(n * hs)  # the group of each
        self.joker_ranks = bytearray([BEST] * n)  # the seats' Joker ranks
        self.bet = bytearray([UNKNOWN] * (3 * n))  # the values bet on hands 1-3
        self.bet_state = bytearray(9 * n)  # where each seat's betting cards are
        self.won = bytearray(3)  # per hand, a bit per seat that won it (last deal)
        self.pts = [0] * n
        self.hist = []
        self.legal_list = []  # the legal moves of the seat to move, once known
        self.known = False
        self.vals = [0, 0, 0]  # scratch: group values

    decode = staticmethod(decode)

    # ----- the deal (JP-4)

    def _deal(self, rng):
        deck = bytearray(range(55))
        rng.shuffle(deck)
        self.rng_state = rng.get_state()
        hs = self.hs
        start = dealt_groups(hs)
        for q in range(self.n):
            cards = canonical(deck[q * hs:(q + 1) * hs])
            for i in range(hs):
                self.hand[q * hs + i] = cards[i]
                self.group_of[q * hs + i] = start[i]
            self.joker_ranks[q] = BEST
        for i in range(3 * self.n):
            self.bet[i] = UNKNOWN
        for i in range(3):
            self.won[i] = 0
        self.turn = 0
        self.ph = ARRANGE
        self.known = False

    # ----- a seat's arrangement

    def cards(self, seat):
        # The seat's cards in canonical order (UNKNOWN in a view that hides them).
        return self.hand[seat * self.hs:(seat + 1) * self.hs]

    def groups(self, seat):
        return self.group_of[seat * self.hs:(seat + 1) * self.hs]

    def joker_rank(self, seat):
        # The rank the seat's Jokers stand at now: the chosen one, or for BEST
        # the best for its arrangement; -1 without Jokers (or with no rank that
        # may be played).
        if self.hand[seat * self.hs] < RED_JOKER:
            return -1
        r = self.joker_ranks[seat]
        if r == BEST:
            return best_rank(self.cards(seat), self.groups(seat), self.n)
        return r

    def values(self, seat, out=None):
        # The values of the seat's groups 0, 1, 2 as they stand (NOT_ALLOWED for
        # a group that may not be played).
        out = out if out is not None else [0, 0, 0]
        r = self.joker_rank(seat)
        cards = self.cards(seat)
        groups = self.groups(seat)
        if r < 0 and self.hand[seat * self.hs] >= RED_JOKER:
            # No rank may be played. Where the Jokers could stand, the values
            # at the highest such rank, so problem() tells why (the 3-card
            # hand over hand 2, JP-13), not that no card is left.
            for k in range(12, -1, -1):
                group_values(cards, groups, k, out)
                if min(out) >= 0:
                    return out
            out[0] = out[1] = out[2] = NOT_ALLOWED
            return out
        return group_values(cards, groups, r, out)

    def problem(self, seat):
        # Why the seat's arrangement may not be bet on yet, or "".
        return problem(self.values(seat, self.vals), self.hs)

    def hands(self, seat):
        # The seat's groups in the device's order, hand 1 first (JP-6).
        return positions(self.values(seat, self.vals), self.hs)

    def free_bets(self, seat):
        # How many betting cards of each value 0-4 the seat has left to bet.
        out = [0] * 5
        for k in range(9):
            if self.bet_state[9 * seat + k] == FREE:
                out[BETS[k]] += 1
        return out

    def bets(self, seat):
        # The values the seat bet on hands 1-3 this deal (UNKNOWN before it bet,
        # or while a view hides them).
        return self.bet[3 * seat:3 * seat + 3]

    def betting_cards(self, seat):
        # Where each of the seat's nine betting cards is (FREE, STAKED, OUT,
        # WON + seat), in the order of BETS.
        return self.bet_state[9 * seat:9 * seat + 9]

    def hand_winners(self, pos):
        # The seats that won hand pos (0-2) of the last revealed deal.
        return [q for q in range(self.n) if self.won[pos] >> q & 1]

    def hand_gains(self, pos):
        # The points each seat took from hand pos (0-2) of the last revealed
        # deal (JP-16, JP-17).
        out = [0] * self.n
        for q in range(self.n):
            w = taker(q, self.won[pos])
            if w >= 0:
                out[w] += self.bet[3 * q + pos]
        return out

    # ----- legal moves

    def gen_moves(self, p):
        out = self.legal_list
        out.clear()
        hs = self.hs
        at = p * hs
        hand = self.hand
        group_of = self.group_of
        jg = 0  # a bit per group holding a Joker
        for i in range(hs):
            if hand[at + i] >= RED_JOKER:
                jg |= 1 << group_of[at + i]
        for j in range(1, hs):
            gj = group_of[at + j]
            jj = hand[at + j] >= RED_JOKER
            for i in range(j):
                gi = group_of[at + i]
                if gi != gj and (jj == (hand[at + i] >= RED_JOKER) or not jg >> (gi if jj else gj) & 1):
                    out.append(SWAP + j * (j - 1) // 2 + i)
        if jg:
            for r in range(BEST + 1):
                if r != self.joker_ranks[p]:
                    out.append(RANK + r)
        out.append(AUTO)
        if not self.problem(p):
            have = self.free_bets(p)
            for a in range(5):
                if have[a]:
                    have[a] -= 1
                    for b in range(5):
                        if have[b]:
                            have[b] -= 1
                            for c in range(5):
                                if have[c]:
                                    out.append(BET + 25 * a + 5 * b + c)
                            have[b] += 1
                    have[a] += 1
        return len(out)

    def apply_legal(self, move):
        if move == CONTINUE:
            self.deal_no += 1
            self._deal(resumed(self.rng_state))
            return
        p = self.turn
        at = p * self.hs
        self.known = False
        if move < RANK:
            i = at + SWAP_I[move]
            j = at + SWAP_J[move]
            self.group_of[i], self.group_of[j] = self.group_of[j], self.group_of[i]
        elif move < AUTO:
            self.joker_ranks[p] = move - RANK
        elif move == AUTO:
            g = propose(self.cards(p), self.n)
            if g is not None:
                for i in range(self.hs):
                    self.group_of[at + i] = g[i]
            self.joker_ranks[p] = BEST
        else:
            r = self.joker_rank(p)
            self.joker_ranks[p] = BEST if r < 0 else r  # the rank is fixed with the bet
            a, b, c = bets_of(move)
            for h in range(3):
                v = (a, b, c)[h]
                self.bet[3 * p + h] = v
                self._find(p, v, FREE, STAKED)
            if p + 1 < self.n:
                self.turn = p + 1
            else:
                self._reveal()

    def _find(self, seat, v, was, now):
        # Moves one betting card of value v of the seat from was to now.
        for k in range(9):
            if BETS[k] == v and self.bet_state[9 * seat + k] == was:
                self.bet_state[9 * seat + k] = now
                return

    def _reveal(self):
        # Every seat has bet: hands 1, 2 and 3 are compared and paid (JP-16,
        # JP-17), and the deal's points recorded.
        n = self.n
        best = [[0, 0, 0] for _ in range(n)]  # each seat's hand values, hand 1 first
        for q in range(n):
            v = self.values(q, self.vals)
            order = positions(v, self.hs)
            for h in range(3):
                best[q][h] = v[order[h]]
        gain = [0] * n
        for h in range(3):
            top = max([best[q][h] for q in range(n)])
            mask = 0
            for q in range(n):
                if best[q][h] == top:
                    mask |= 1 << q
            self.won[h] = mask
            for q in range(n):
                v = self.bet[3 * q + h]
                w = taker(q, mask)
                if w < 0:
                    self._find(q, v, STAKED, OUT)
                    continue
                self._find(q, v, STAKED, WON + w)
                gain[w] += v
        for q in range(n):
            self.pts[q] += gain[q]
        self.hist.append(gain)
        self.ph = OVER if self.deal_no == DEALS else BETWEEN
        self.turn = 0

    # ----- protocol answers

    def scores(self):
        return self.pts[:]

    def history(self):
        return [h[:] for h in self.hist]

    def deal_value(self, seat):
        # The last deal's points of seat against the others' mean, times n - 1.
        g = self.hist[-1]
        return self.n * g[seat] - sum(g)

    def result_text(self, you=None):
        # Who took each hand of the deal just revealed, the deal named (under
        # the match's verdict it read as the whole match's).
        if self.ph == ARRANGE:
            return ""
        out = []
        for h in range(3):
            names = " ".join([seat_name(q, you) for q in self.hand_winners(h)])
            out.append(("hand %d " if not h else "%d ") % (h + 1) + (names + " tie" if " " in names else names))
        return "Deal %d: " % self.deal_no + ", ".join(out)

    def describe(self, move, you=None):
        # A legal move, before it is made: "P1: swap Kh 4c", "P2: bet 4 2 0"
        # (worded for seat you: "bet 4 2 0").
        if move == CONTINUE:
            return "Deal %d" % (self.deal_no + 1)
        p = self.turn
        head = "" if you == p else seat_name(p) + ": "
        if move < RANK:
            at = p * self.hs
            i, j = self.hand[at + SWAP_I[move]], self.hand[at + SWAP_J[move]]
            return head + "swap %s %s" % (card_text(i), card_text(j))
        if move < AUTO:
            r = move - RANK
            return head + ("Jokers at their best" if r == BEST else "Jokers as " + rank_label(r))
        if move == AUTO:
            return head + "arrange for me"
        return head + "bet %d %d %d" % bets_of(move)

    # ----- hidden information (JP-15)

    def view(self, seat):
        # What seat may see: while the deal is arranged, only its own cards,
        # groups, Joker rank and bets; every seat's betting cards still to bet
        # (the others' bets of this deal look unbet); never the dealing Rng.
        v = self.clone()
        v.seer = seat
        v.rng_state = BLANK
        if self.ph == ARRANGE:
            hs = self.hs
            for q in range(self.n):
                if q != seat:
                    for i in range(q * hs, (q + 1) * hs):
                        v.hand[i] = UNKNOWN
                        v.group_of[i] = UNKNOWN
                    v.joker_ranks[q] = UNKNOWN
                    for h in range(3 * q, 3 * q + 3):
                        v.bet[h] = UNKNOWN
                    for k in range(9 * q, 9 * q + 9):
                        if v.bet_state[k] == STAKED:
                            v.bet_state[k] = FREE
        return v

    def unseen_cards(self):
        # The cards in no hand this state shows, in card order.
        seen = bytearray(55)
        for c in self.hand:
            if c != UNKNOWN:
                seen[c] = 1
        return [c for c in range(55) if not seen[c]]

    # ----- bytes

    def encode(self):
        # 6 bytes of counters, the Rng state (4), a nibble per card (28: 0 in no
        # hand shown, else 1 + 3 * seat + group), the Joker ranks (n), the bets
        # (3n), a nibble per betting card (9n), the hand winners (3), then the
        # scores and each finished deal's points (engine.codec).
        n = self.n
        out = bytearray([VERSION, n, self.deal_no, self.ph, self.turn, self.seer + 1])
        out += self.rng_state
        loc = bytearray(28)
        for k in range(n * self.hs):
            c = self.hand[k]
            if c != UNKNOWN:
                loc[c >> 1] |= (1 + 3 * (k // self.hs) + self.group_of[k]) << (4 * (c & 1))
        out += loc
        out += self.joker_ranks
        out += self.bet
        bet_state = self.bet_state
        for k in range(0, 9 * n, 2):
            out.append(bet_state[k] | (bet_state[k + 1] << 4 if k + 1 < 9 * n else 0))
        out += self.won
        codec.put_ints(out, self.pts)
        codec.put_ints(out, self.hist, codec.put_ints)
        return bytes(out)

    def _load(self, data):
        n = self.n
        hs = self.hs
        self.deal_no, self.ph, self.turn = data[2], data[3], data[4]
        self.seer = data[5] - 1
        self.rng_state = bytes(data[6:10])
        fill = [q * hs for q in range(n)]
        for c in ORDER:
            loc = data[10 + (c >> 1)] >> (4 * (c & 1)) & 15
            if loc:
                q = (loc - 1) // 3
                self.hand[fill[q]] = c
                self.group_of[fill[q]] = (loc - 1) % 3
                fill[q] += 1
        for q in range(n):
            for k in range(fill[q], (q + 1) * hs):
                self.hand[k] = UNKNOWN
                self.group_of[k] = UNKNOWN
        at = 38
        self.joker_ranks = bytearray(data[at:at + n])
        at += n
        self.bet = bytearray(data[at:at + 3 * n])
        at += 3 * n
        for k in range(9 * n):
            self.bet_state[k] = data[at + k // 2] >> (4 * (k & 1)) & 15
        at += (9 * n + 1) // 2
        self.won = bytearray(data[at:at + 3])
        at += 3
        self.pts, at = codec.get_ints(data, at)
        self.hist, at = codec.get_ints(data, at, codec.get_ints)
