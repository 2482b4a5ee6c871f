# Double Joker (Angus Benedek), as specified in seeds/doublejoker.md (rules DJ-1 ...).
#
# Move codes (fixed; the table screen relies on them):
#   PLACE + card   0..51   put that card from hand on the deuce of its suit (pre-lead)
#   TAKE + suit    52..55  take back the whole stack of that suit (pre-lead)
#   PLAY + card    64..115 lead or follow with that card
#   CONTINUE       255     start the next game of the match
# Hands are one 13-bit rank mask per seat and suit (bit r = rank r, 0 = Two never set:
# the deuces stay on the table); stacks keep their ranks in order, bottom first.
from engine import codec
from engine.bits import popcount as count
from engine.cards import SUIT_NAMES, label
from engine.rng import BLANK, Rng
from engine.state import CONTINUE, WINS, Game, State, says

# DJ-4: perfect information, no hand-offs; DJ-15: the best of 1, 3 or 5 games.
INFO = Game(seats=(2, 2), options=(("games", "Match", (3, 1, 5), "best of %d"),), hidden=False,
            reveal=None, round="game", counts=WINS, goal="Game {n}, best of {games}",
            refusals="engine.games.doublejoker_refusals")

PLACE = 0
TAKE = 52
PLAY = 64

PRE = 0  # leader places a card or takes a stack
LEAD = 1  # leader leads a card of the pre-lead suit
FOLLOW = 2  # the other player follows
BETWEEN = 3  # game over, waiting for CONTINUE
OVER = 4  # match over

# How a game ended; the seat recorded with it is the player concerned.
END_NONE = 0
END_EMPTY = 1  # DJ-11: a hand is empty after a trick (seat 2 = both hands)
END_VOID = 2  # DJ-12: the follower cannot follow suit
END_STUCK = 3  # DJ-13: the leader has no pre-lead action that allows a lead



def place(card):
    return PLACE + card


def take(suit):
    return TAKE + suit


def play(card):
    return PLAY + card


def is_code(move):
    return move < TAKE + 4 or PLAY <= move < PLAY + 52 or move == CONTINUE


def decode(data):
    st = DoubleJoker()
    st.ph = data[0]
    st.leader = data[1] & 1
    st.dealer = data[1] >> 1
    st.game_no = data[2]
    st.games = data[3]
    st.seer = data[4] - 1
    st.rng.set_state(data, 6)
    h = st.hands
    for i in range(8):
        h[i] = (data[10 + 2 * i] << 8) | data[11 + 2 * i]
    st.jokers = [data[26], data[27]]
    st.pre = data[28] - 1
    st.lead_card = data[29] - 1
    st.last = None if data[30] == 0 else (data[30] - 1, data[31], data[32])
    st.end = (data[33], data[34], data[35])
    at = 40
    for s in range(4):
        n = data[36 + s]
        st.stacks[s] = bytearray(data[at : at + n])
        at += n
    st.wins, at = codec.get_ints(data, at)
    st.hist, _ = codec.get_ints(data, at, codec.get_ints)
    return st


class DoubleJoker(State):
    INFO = INFO
    PH_BETWEEN = BETWEEN
    PH_OVER = OVER
    decode = staticmethod(decode)

    def __init__(self):
        self.n = 2
        self.ph = PRE
        self.leader = 0
        self.dealer = 1
        self.game_no = 1
        self.games = 3
        self.wins = [0, 0]
        self.hist = []  # each finished game: [1, 0] or [0, 1] by its winner, [0, 0] drawn
        self.seer = -1  # the seat whose view this is; -1 for the whole state
        self.rng = Rng(1)  # deals the next game; a view's is blank
        self.hands = [0] * 8  # seat * 4 + suit
        self._clear_table()

    def _clear_table(self):
        # A new game: empty deuce stacks and joker stacks, no trick under way.
        self.stacks = [bytearray(), bytearray(), bytearray(), bytearray()]
        self.jokers = [0, 0]
        self.pre = -1
        self.lead_card = -1
        self.last = None
        self.end = (END_NONE, 0, 0)

    # --- dealing and flow ---

    def _deal(self):
        # DJ-3: 48 cards, one at a time, alternately, non-dealer first.
        pack = bytearray([s * 13 + r for s in range(4) for r in range(1, 13)])
        self.rng.shuffle(pack)
        h = [0] * 8
        first = 1 - self.dealer
        for i in range(48):
            c = pack[i]
            seat = first if i % 2 == 0 else self.dealer
            h[seat * 4 + c // 13] |= 1 << (c % 13)
        self.hands = h
        self._clear_table()
        self.leader = first  # DJ-5
        self._start_trick()

    def _can_lead(self, seat):
        # DJ-7: a place needs two cards of a suit; a take needs a non-empty stack.
        h = self.hands
        for s in range(4):
            if self.stacks[s] or count(h[seat * 4 + s]) >= 2:
                return True
        return False

    def _start_trick(self):
        if self._can_lead(self.leader):
            self.ph = PRE
        else:
            self._end_game(END_STUCK, self.leader, 0)

    def _end_game(self, kind, seat, suit):
        self.end = (kind, seat, suit)
        w = self.game_winner()
        row = [0, 0]
        if w >= 0:
            self.wins[w] += 1
            row[w] = 1
        self.hist.append(row)
        # DJ-15: stop once the leader in games cannot be caught, or after N games.
        left = self.games - self.game_no
        lead = self.wins[0] - self.wins[1]
        if lead < 0:
            lead = -lead
        self.ph = OVER if left == 0 or lead > left else BETWEEN

    def game_winner(self):
        # Winner of the current game: seat, -1 for a draw, -2 while it goes on.
        kind, seat = self.end[0], self.end[1]
        if kind == END_NONE:
            return -2
        if kind == END_EMPTY:
            j = self.jokers
            if j[0] == j[1]:
                return -1
            return 0 if j[0] < j[1] else 1
        return 1 - seat

    # --- the State protocol ---

    def to_move(self):
        # No `turn` kept: the leader moves, then the follower (State's answer
        # would read self.turn).
        ph = self.ph
        if ph == FOLLOW:
            return 1 - self.leader
        if ph == BETWEEN:
            return self.dealer  # who leads the next game
        if ph == OVER:
            return -1
        return self.leader

    def legal_view(self):
        ph = self.ph
        h = self.hands
        out = []
        if ph == PRE:
            base = self.leader * 4
            for s in range(4):
                m = h[base + s]
                if count(m) >= 2:
                    r = 1
                    while r < 13:
                        if m >> r & 1:
                            out.append(PLACE + s * 13 + r)
                        r += 1
            for s in range(4):
                if self.stacks[s]:
                    out.append(TAKE + s)
        elif ph == LEAD or ph == FOLLOW:
            if ph == LEAD:
                seat, s = self.leader, self.pre
            else:
                seat, s = 1 - self.leader, self.lead_card // 13
            m = h[seat * 4 + s]
            r = 1
            while r < 13:
                if m >> r & 1:
                    out.append(PLAY + s * 13 + r)
                r += 1
        elif ph == BETWEEN:
            out.append(CONTINUE)
        return out

    def holds(self, seat, c):
        return self.hands[seat * 4 + c // 13] >> (c % 13) & 1

    def apply_legal(self, move):
        ph = self.ph
        h = self.hands
        if ph == BETWEEN:
            self.game_no += 1
            self.dealer = 1 - self.dealer  # DJ-14
            self._deal()
        elif ph == PRE:
            base = self.leader * 4
            if move < TAKE:  # DJ-6 place
                s = move // 13
                h[base + s] &= ~(1 << (move % 13))
                self.stacks[s].append(move % 13)
            else:  # DJ-6 take
                s = move - TAKE
                for r in self.stacks[s]:
                    h[base + s] |= 1 << r
                self.stacks[s] = bytearray()
            self.pre = s
            self.ph = LEAD
        elif ph == LEAD:
            c = move - PLAY
            s = c // 13
            h[self.leader * 4 + s] &= ~(1 << (c % 13))
            self.lead_card = c
            self.ph = FOLLOW
            follower = 1 - self.leader
            if not h[follower * 4 + s]:
                self._end_game(END_VOID, follower, s)  # DJ-12
        else:
            c = move - PLAY
            lead = self.lead_card
            follower = 1 - self.leader
            h[follower * 4 + c // 13] &= ~(1 << (c % 13))
            win = self.leader if lead % 13 > c % 13 else follower  # DJ-9
            self.jokers[win] += 2
            self.last = (lead, c, win)
            self.lead_card = -1
            self.pre = -1
            self.leader = follower  # DJ-10
            empty0 = not (h[0] | h[1] | h[2] | h[3])
            empty1 = not (h[4] | h[5] | h[6] | h[7])
            if empty0 or empty1:  # DJ-11
                self._end_game(END_EMPTY, 2 if empty0 and empty1 else (0 if empty0 else 1), 0)
            else:
                self._start_trick()

    def scores(self):
        return [self.wins[0], self.wins[1]]

    def history(self):
        return [h[:] for h in self.hist]

    def deal_value(self, seat):
        w = self.game_winner()
        if w < 0:
            return 0
        return 1 if w == seat else -1

    def describe(self, move, you=None):
        # Describes a legal move of the current position (call it before apply).
        p = self.to_move()
        if move == CONTINUE:
            return "Game %d: %s" % (self.game_no + 1, says(1 - self.dealer, you, "deals"))
        if move < TAKE:
            return "%s %s" % (says(p, you, "places"), label(move))
        if move < PLAY:
            s = move - TAKE
            return "%s back %s (%d)" % (says(p, you, "takes"), SUIT_NAMES[s], len(self.stacks[s]))
        c = move - PLAY
        if self.ph == LEAD:
            return "%s %s" % (says(p, you, "leads"), label(c))
        win = self.leader if self.lead_card % 13 > c % 13 else 1 - self.leader
        return "%s %s - %s the trick" % (says(p, you, "follows"), label(c), says(win, you, "wins"))

    def encode(self):
        # 0 phase, 1 leader | dealer << 1, 2 game number, 3 games in the match, 4 seer
        # + 1, 5 unused, 6-9 rng, 10-25 hand masks (2 bytes each), 26-27 joker stacks,
        # 28 pre-lead suit + 1, 29 led card + 1, 30-32 last trick (lead + 1, follow,
        # winner), 33-35 how the game ended, 36-39 stack sizes, then the stacks'
        # ranks, bottom first, then the games won and each finished game's row
        # of history() (engine.codec).
        out = bytearray(40)
        out[0] = self.ph
        out[1] = self.leader | (self.dealer << 1)
        out[2] = self.game_no
        out[3] = self.games
        out[4] = self.seer + 1
        rs = self.rng.get_state()
        for i in range(4):
            out[6 + i] = rs[i]
        for i in range(8):
            out[10 + 2 * i] = self.hands[i] >> 8
            out[11 + 2 * i] = self.hands[i] & 255
        out[26] = self.jokers[0]
        out[27] = self.jokers[1]
        out[28] = self.pre + 1
        out[29] = self.lead_card + 1
        if self.last is not None:
            out[30] = self.last[0] + 1
            out[31] = self.last[1]
            out[32] = self.last[2]
        out[33] = self.end[0]
        out[34] = self.end[1]
        out[35] = self.end[2]
        for s in range(4):
            out[36 + s] = len(self.stacks[s])
            out.extend(self.stacks[s])
        codec.put_ints(out, self.wins)
        codec.put_ints(out, self.hist, codec.put_ints)
        return bytes(out)

    def view(self, seat):
        # DJ-4: both hands are open, so a view holds all of the table; not the
        # Rng, which would tell the next game's deal.
        v = self.clone()
        v.seer = seat
        v.rng.set_state(BLANK)
        return v

    # --- accessors for the table screen ---

    def hand(self, seat):
        # Cards sorted by suit, then rank.
        out = []
        for s in range(4):
            m = self.hands[seat * 4 + s]
            for r in range(1, 13):
                if m >> r & 1:
                    out.append(s * 13 + r)
        return out

    def stack(self, suit):
        # Cards on that deuce, bottom first.
        return [suit * 13 + r for r in self.stacks[suit]]

    def joker_count(self, seat):
        return self.jokers[seat]

    def trick(self):
        return [] if self.lead_card < 0 else [self.lead_card]

    def last_trick(self):
        return self.last

    def pre_suit(self):
        return self.pre

    def turn_step(self, move):
        # Whether move is the first of the mover's two steps (DJ-6 before
        # DJ-7's lead): the place or take back and the lead make one turn,
        # for a take back and a hint (firmware/match.py).
        return self.ph == PRE

    def result_text(self, you=None):
        # One line on how the last game ended ("" while it goes on).
        kind, seat, suit = self.end
        if kind == END_NONE:
            return ""
        w = self.game_winner()
        if w < 0:
            tail = "game %d drawn" % self.game_no
        else:
            tail = "%s game %d" % (says(w, you, "wins"), self.game_no)
        if kind == END_VOID:
            return "%s follow %s: %s" % (says(seat, you, "cannot"), SUIT_NAMES[suit], tail)
        if kind == END_STUCK:
            return "%s lead: %s" % (says(seat, you, "cannot"), tail)
        who = "Both hands are" if seat == 2 else says(seat, you, "is")
        return "%s out of cards, jokers %d-%d: %s" % (who, self.jokers[0], self.jokers[1], tail)


def new_game(seed, options=None, seats=2):
    options = INFO.setup(options, seats)
    st = DoubleJoker()
    st.games = options["games"]
    st.rng.seed(seed)
    st.dealer = st.rng.below(2)  # DJ-5: the first dealer is drawn, like a cut
    st._deal()
    return st
