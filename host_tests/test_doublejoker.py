# runs-on: micropython
# Double Joker rules (seeds/doublejoker.md, DJ-n): set positions, seeded deals and
# whole random matches checked at every move.
from engine.cards import SUITS, label, parse
from engine.games import doublejoker as D
from engine.rng import Rng
from engine.state import CONTINUE
from host_tests.check import raises

GAMES = 30  # random matches per whole-game test (shrink for slow runtimes)


def cards(text):
    return [parse(t) for t in text.split()]


def position(hands, stacks=("", "", "", ""), leader=0, jokers=(0, 0), games=1):
    # A position at the start of a trick in game 1: hands as text per seat, stacks as
    # text per suit (clubs, diamonds, hearts, spades), bottom first. Cards named
    # nowhere are out of play (on the joker stacks).
    st = D.DoubleJoker()
    st.games = games
    st.leader = leader
    st.dealer = 1 - leader
    for seat in (0, 1):
        for c in cards(hands[seat]):
            st.hands[seat * 4 + c // 13] |= 1 << (c % 13)
    for s in range(4):
        st.stacks[s] = bytearray([c % 13 for c in cards(stacks[s])])
    st.jokers = list(jokers)
    st._start_trick()
    return st


def play(st, *texts):
    # Applies moves given as text: "place 5c", "take h", "play 9c", "continue".
    for t in texts:
        verb, _, arg = t.partition(" ")
        if verb == "place":
            st.apply(D.place(parse(arg)))
        elif verb == "take":
            st.apply(D.take(SUITS.find(arg)))
        elif verb == "play":
            st.apply(D.play(parse(arg)))
        else:
            st.apply(CONTINUE)
    return st


def in_play(st):
    # DJ-1, DJ-2: every card is a deuce on the table, in a hand, on a deuce stack, on a
    # joker stack (counted) or in the trick.
    n = 4 + st.joker_count(0) + st.joker_count(1)
    seen = []
    for seat in (0, 1):
        seen += st.hand(seat)
    for s in range(4):
        seen += st.stack(s)
    seen += st.trick()
    for c in seen:
        assert c % 13 != 0, "a deuce left the table: %s" % label(c)
    assert len(set(seen)) == len(seen), "a card is in two places"
    return n + len(seen)


def random_match(seed, games, check):
    # Plays a match by uniform random legal moves, calling check(state, rng) before
    # every move; returns the final state.
    st = D.new_game(seed, {"games": games})
    rng = Rng(seed + 7)
    while not st.is_over():
        check(st, rng)
        legal = st.legal_moves()
        st.apply(legal[rng.below(len(legal))])
    check(st, rng)
    return st


def test_deal_24_each_one_at_a_time():
    # DJ-1, DJ-3: the 48 non-deuces dealt alternately, non-dealer first, from the seed.
    for seed in range(GAMES):
        st = D.new_game(seed)
        rng = Rng(seed)
        dealer = rng.below(2)  # DJ-5: drawn first
        pack = bytearray([s * 13 + r for s in range(4) for r in range(1, 13)])
        rng.shuffle(pack)
        assert st.dealer == dealer
        assert st.hand(1 - dealer) == sorted([pack[i] for i in range(0, 48, 2)])
        assert st.hand(dealer) == sorted([pack[i] for i in range(1, 48, 2)])
        assert len(st.hand(0)) == 24 and len(st.hand(1)) == 24
        assert [st.stack(s) for s in range(4)] == [[], [], [], []]
        assert in_play(st) == 52


def test_first_dealer_drawn_non_dealer_leads():
    # DJ-5: the first dealer is drawn from the seed; the non-dealer leads.
    dealers = set()
    for seed in range(max(GAMES, 12)):
        st = D.new_game(seed)
        dealers.add(st.dealer)
        assert st.leader == 1 - st.dealer
        assert st.to_move() == st.leader and st.phase() == D.PRE and st.game_no == 1
    assert dealers == {0, 1}


def test_pre_lead_choices():
    # DJ-6, DJ-7: place a card of a suit held twice or more, or take back a non-empty
    # stack; nothing else, and no place that would leave nothing to lead.
    st = position(("5c 9c Kd 3s", "4c 6d 7h 8s"), stacks=("", "", "4h 8h", ""))
    assert st.legal_moves() == [D.place(parse("5c")), D.place(parse("9c")), D.take(2)]
    placed = play(st.clone(), "place 9c")
    assert placed.stack(0) == cards("9c")
    assert placed.legal_moves() == [D.play(parse("5c"))]
    assert placed.pre_suit() == 0 and placed.to_move() == 0
    taken = play(st.clone(), "take h")
    assert taken.stack(2) == [] and taken.pre_suit() == 2
    assert taken.hand(0) == cards("5c 9c Kd 4h 8h 3s")
    assert taken.legal_moves() == [D.play(parse("4h")), D.play(parse("8h"))]


def test_place_or_take_back_is_the_first_step_of_the_turn():
    # DJ-6, DJ-7: the place or take back and the lead after it are one turn
    # (turn_step(): a take back and a hint treat them so); the lead, a follow
    # and the follower's next lead (DJ-10) each are not a first step.
    st = position(("5c 9c Kd 3s", "4c 6d 7h 8s"), stacks=("", "", "4h 8h", ""))
    assert st.turn_step(D.place(parse("9c"))) and st.turn_step(D.take(2))
    st = play(st, "place 9c")
    assert not st.turn_step(D.play(parse("5c")))
    st = play(st, "play 5c")
    assert not st.turn_step(D.play(parse("4c")))
    st = play(st, "play 4c")
    assert st.to_move() == 1 and st.turn_step(st.legal_moves()[0])


def test_follow_suit():
    # DJ-8: the follower plays a card of the suit led, any of them.
    st = play(position(("5c 9c Kd", "4c Jc 6d")), "place 9c", "play 5c")
    assert st.phase() == D.FOLLOW and st.to_move() == 1
    assert st.trick() == cards("5c")
    assert st.legal_moves() == [D.play(parse("4c")), D.play(parse("Jc"))]


def test_higher_card_wins_and_leader_alternates():
    # DJ-9, DJ-10: the higher card takes both cards to its joker stack; the follower
    # leads next whoever won.
    for follow, winner in (("4c", 0), ("Jc", 1)):
        st = play(position(("5c 9c Kd Qd", "4c Jc 6d 7d")), "place 9c", "play 5c", "play " + follow)
        assert st.last_trick() == (parse("5c"), parse(follow), winner)
        assert st.joker_count(winner) == 2 and st.joker_count(1 - winner) == 0
        assert st.leader == 1 and st.to_move() == 1 and st.phase() == D.PRE
        assert st.trick() == [] and st.pre_suit() == -1
        assert st.hand(0) == cards("Qd Kd") and st.stack(0) == cards("9c")
        assert len(st.hand(1)) == 3 and parse(follow) not in st.hand(1)


def test_out_of_cards_fewer_jokers_wins():
    # DJ-11: after a trick a hand is empty; fewer joker-stack cards wins, equal draws.
    cases = (((4, 2), -1, "P1 is out of cards, jokers 4-4: game 1 drawn"),
             ((6, 2), 1, "P1 is out of cards, jokers 6-4: P2 wins game 1"),
             ((0, 5), 0, "P1 is out of cards, jokers 0-7: P1 wins game 1"))
    for jokers, winner, text in cases:
        # P1 places 5c and leads 9c: no cards left; P2 wins the trick with Jc.
        st = play(position(("5c 9c", "Jc 6d"), jokers=jokers), "place 5c", "play 9c", "play Jc")
        assert st.is_over() and st.phase() == D.OVER
        assert st.game_winner() == winner
        assert st.result_text() == text, st.result_text()
        assert st.deal_value(0) == -st.deal_value(1)
    st = play(position(("5c 9c", "Jc")), "place 5c", "play 9c", "play Jc")
    assert st.result_text().startswith("Both hands are out of cards")


def test_cannot_follow_loses_at_once():
    # DJ-12: the follower void in the suit led loses as soon as it is led.
    st = play(position(("5c 9c Kd", "6d 7h")), "place 9c", "play 5c")
    assert st.is_over() and st.game_winner() == 0
    assert st.legal_moves() == [] and st.trick() == cards("5c")
    assert st.result_text() == "P2 cannot follow clubs: P1 wins game 1"
    assert st.deal_value(0) == 1 and st.deal_value(1) == -1 and st.scores() == [1, 0]


def test_cannot_lead_loses():
    # DJ-13: every stack empty and at most one card per suit: the leader loses when
    # the trick starts (checked after DJ-11).
    st = position(("5c Kd 7h 3s", "4c 6d Qd"))
    assert st.is_over() and st.game_winner() == 1
    assert st.result_text() == "P1 cannot lead: P2 wins game 1"
    # The same hand with a stack to take back can lead.
    st = position(("5c Kd 7h 3s", "4c 6d Qd"), stacks=("", "Jd", "", ""))
    assert st.legal_moves() == [D.take(1)]
    # P2 follows with its last card and could not lead next either: DJ-11 decides, and
    # P2, with the emptier joker stack, wins.
    st = play(position(("5c 9c Kd", "4c")), "place 9c", "play 5c", "play 4c")
    assert st.end[0] == D.END_EMPTY and st.game_winner() == 1


def test_dealer_alternates_and_next_game_is_dealt():
    # DJ-14: CONTINUE deals the next game with the other dealer; the non-dealer leads.
    st = play(position(("5c 9c Kd", "6d 7h"), games=3), "place 9c", "play 5c")
    assert st.phase() == D.BETWEEN and st.legal_moves() == [CONTINUE]
    assert st.to_move() == 1  # the next game's leader
    assert st.describe(CONTINUE) == "Game 2: P1 deals"
    play(st, "continue")
    assert st.game_no == 2 and st.dealer == 0 and st.leader == 1 and st.to_move() == 1
    assert len(st.hand(0)) == 24 and len(st.hand(1)) == 24 and in_play(st) == 52
    assert st.joker_count(0) == 0 and st.last_trick() is None and st.result_text() == ""
    assert st.scores() == [1, 0]


def test_match_lengths_and_end():
    # DJ-15: best of 1, 3 or 5; stop once the leader cannot be caught or after the last
    # game; draws count for nobody.
    for games in (1, 3, 5):
        for seed in range(GAMES):
            ends = []

            def check(st, rng):
                if st.deal_over():
                    ends.append((st.game_no, st.scores(), st.is_over(), st.game_winner(), st.history()))

            st = random_match(seed * 11 + games, games, check)
            for game_no, (w0, w1), over, w, hist in ends:
                lead = w0 - w1 if w0 > w1 else w1 - w0
                assert over == (game_no == games or lead > games - game_no)
                assert w0 + w1 <= game_no
                # The score sheet's rows (history()): one per finished game, the
                # winner's 1 (a draw's none), adding up to the games won.
                assert len(hist) == game_no and hist[-1] == [int(w == 0), int(w == 1)]
                assert [sum(h[0] for h in hist), sum(h[1] for h in hist)] == [w0, w1]
            w0, w1 = st.scores()
            assert st.winner() == (0 if w0 > w1 else (1 if w1 > w0 else -1))
            assert st.to_move() == -1 and st.legal_moves() == []
    assert "not one of (3, 1, 5)" in raises(ValueError, D.new_game, 1, {"games": 2})
    assert "seats must be 2" in raises(ValueError, D.new_game, 1, {}, 3)


def check_view(st):
    # DJ-4: a view shows both hands and the whole table, but holds nothing a
    # player could not know: not the Rng that deals the next game.
    for seat in (0, 1):
        v = st.view(seat)
        assert v.hand(0) == st.hand(0) and v.hand(1) == st.hand(1)
        assert v.legal_moves() == st.legal_moves() and v.scores() == st.scores()
        assert v.rng.get_state() == b"\0\0\0\1"
        if st.legal_moves() == [CONTINUE]:
            real = st.clone()
            real.apply(CONTINUE)
            v.apply(CONTINUE)
            assert v.hand(0) != real.hand(0)  # the view cannot foresee the deal


def test_every_move_keeps_the_state_sound():
    # Encode/decode round trip, clones, 52 cards, describe() for every legal move, and
    # deal_value() agreeing with the end of each game.
    def check(st, rng):
        data = st.encode()
        back = D.decode(data)
        assert back.encode() == data
        assert back.legal_moves() == st.legal_moves()
        assert back.hand(0) == st.hand(0) and back.hand(1) == st.hand(1)
        assert [back.stack(s) for s in range(4)] == [st.stack(s) for s in range(4)]
        assert back.last_trick() == st.last_trick() and back.result_text() == st.result_text()
        assert st.clone().encode() == data
        check_view(st)
        assert in_play(st) == 52
        for m in st.legal_moves():
            text = st.describe(m)
            assert text.startswith("P1 ") or text.startswith("P2 ") or text.startswith("Game ")
        if st.deal_over():
            w = st.game_winner()
            assert w in (-1, 0, 1)
            assert st.deal_value(0) == (0 if w < 0 else (1 if w == 0 else -1))
            assert st.deal_value(1) == -st.deal_value(0)
        else:
            assert st.game_winner() == -2 and st.deal_value(0) == 0

    for seed in range(GAMES):
        random_match(seed, 3, check)


def test_reasons():
    # The reasons name what is wrong.
    st = position(("5c 9c Kd 3s", "4c 6d 7h 8s"), stacks=("", "", "4h", ""))
    cases = (
        (D.take(1), "the diamonds stack is empty"),
        (D.place(parse("Kd")), "placing Kd leaves no diamonds to lead"),
        (D.place(parse("Ah")), "you do not hold Ah"),
        (D.place(0), "the deuces stay on the table"),
        (D.play(parse("5c")), "first place a card on its deuce or take back a stack"),
        (CONTINUE, "the game is still being played"),
        (60, "no such move: 60"),
    )
    for move, why in cases:
        assert raises(ValueError, st.apply, move) == why
    play(st, "take h")
    leading = (
        (D.play(parse("5c")), "lead a card of the suit you placed on or took back (hearts)"),
        (D.take(2), "you have placed or taken already: now lead a card"),
    )
    for move, why in leading:
        assert raises(ValueError, st.apply, move) == why
    play(st, "play 4h")
    following = (
        (D.play(parse("8s")), "you must follow hearts"),
        (D.play(parse("9h")), "you do not hold 9h"),
        (D.place(parse("4c")), "follow with a card of the suit led"),
    )
    for move, why in following:
        assert raises(ValueError, st.apply, move) == why


def test_describe():
    st = position(("5c 9c Kd", "4c Jc 6d"), stacks=("", "", "4h 8h Qh", ""))
    assert st.describe(D.place(parse("9c"))) == "P1 places 9c"
    assert st.describe(D.take(2)) == "P1 takes back hearts (3)"
    play(st, "place 9c")
    assert st.describe(D.play(parse("5c"))) == "P1 leads 5c"
    play(st, "play 5c")
    assert st.describe(D.play(parse("4c"))) == "P2 follows 4c - P1 wins the trick"
    assert st.describe(D.play(parse("Jc"))) == "P2 follows Jc - P2 wins the trick"
    # Worded for the one person: that seat is "You", its verbs agree.
    assert st.describe(D.play(parse("Jc")), 1) == "You follow Jc - You win the trick"
    assert st.describe(D.play(parse("4c")), 1) == "You follow 4c - P1 wins the trick"


def test_result_worded_for_you():
    st = play(position(("5c 9c Kd", "6d 7h")), "place 9c", "play 5c")
    assert st.result_text(1) == "You cannot follow clubs: P1 wins game 1"
    assert st.result_text(0) == "P2 cannot follow clubs: You win game 1"
    st = position(("5c Kd 7h 3s", "4c 6d Qd"))
    assert st.result_text(0) == "You cannot lead: P2 wins game 1"


def test_same_seed_same_match():
    # Randomness only from the seed: two runs of a seed give identical states.
    a = random_match(5, 5, lambda st, rng: None)
    b = random_match(5, 5, lambda st, rng: None)
    assert a.encode() == b.encode()
    assert D.new_game(5).encode() != D.new_game(6).encode()


def test_encoding_holds_any_score():
    st = D.new_game(4)
    st.wins = [300, 70000]
    st.hist = [[1, 0], [0, 0], [0, 1]]
    back = D.decode(st.encode())
    assert back.scores() == [300, 70000] and back.encode() == st.encode()
    assert back.history() == [[1, 0], [0, 0], [0, 1]]
