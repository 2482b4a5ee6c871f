# runs-on: micropython
# Georgian Joker rules (seeds/georgian.md, GJ-n): the deals, trump, bidding,
# every trick-winner case of the Jokers, scoring and phase bonuses on set
# positions, and whole random matches checked at every move.
from engine.games import georgian as G
from engine.rng import Rng
from engine.state import CONTINUE
from host_tests.check import raises

GAMES = 2  # random matches of each length per whole-match test


def cards(text):
    return [G.parse(t) for t in text.split()]


def position(hands, trump, leader=0, bids=(1, 1, 1, 1)):
    # A deal in play: each seat's hand as text ("Ah 10h Jk"), trump a suit
    # letter or "" for none; `leader` leads the first trick, so the dealer is
    # the seat before. Cards named nowhere are set aside.
    s = G.Georgian()
    n = len(hands[0].split())
    s.d = list(G.SIZES[0]).index(n)
    s.dealer = (leader + 3) % 4
    s.trump = "cdhs".index(trump) if trump else G.NONE
    for q in range(4):
        for c in cards(hands[q]):
            if c >= G.JOKER:
                s.jokers_held[q] += 1
            else:
                s.held[4 * q + G.SUIT[c]] |= 1 << G.RANK[c]
        s.bids[q] = bids[q]
    s.sheet = bytes(4 * s.d)  # the deals before: everybody bid 0 and took 0
    s.score_sheet()
    s.ph = G.PLAYING
    s.turn = s.lead = leader
    return s


def code(s, text):
    # A move as text: a card label; "Jk+" / "Jk-" a Joker high / low to a
    # trick; leading, "Jk+h" / "Jk-h" a Joker high / low naming hearts.
    if text.startswith("Jk") and len(text) > 2:
        low = text[2] == "-"
        if len(text) == 4:
            return G.joker_lead("cdhs".index(text[3]), low)
        return G.JOKER_LO if low else G.JOKER_HI
    return G.parse(text)


def trick(s, texts):
    # Plays one whole trick from the seat to move; -> the seat that took it.
    for t in texts.split():
        s.apply(code(s, t))
    return s.last_trick()[1]


def takes(hands, trump, texts):
    # The seat that takes the first trick of position(hands, trump), played as texts.
    return trick(position(hands, trump), texts)


def may_play(s):
    # The cards the seat to move may play, by suit and rank.
    return [G.label(m) for m in sorted(s.legal_moves()) if m < G.JOKER]


def as_hand(cs):
    # Cards as hand() lists them: by suit and rank, then the Jokers as 36, 37.
    plain = sorted([c for c in cs if c < G.JOKER])
    return plain + [G.JOKER + i for i in range(len(cs) - len(plain))]


# ----- players, cards, deals


def test_four_seats_two_people_by_default_gj1():
    assert G.INFO.seats == (4, 4) and G.INFO.people == 2 and G.INFO.hidden
    for n in (2, 3, 5):
        assert "seats must be 4" in raises(ValueError, G.new_game, 1, {}, n)
    s = G.new_game(1)
    assert s.num_seats() == 4


def test_the_pack_gj2():
    assert len(G.DECK) == 36
    assert [G.label(c) for c in G.DECK if G.SUIT[c] == 0] == ["7c", "8c", "9c", "10c", "Jc", "Qc", "Kc", "Ac"]
    assert [G.label(c) for c in G.DECK if G.SUIT[c] == 2] == ["6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"]
    assert len([c for c in G.DECK if c >= G.JOKER]) == 2
    assert "not a card" in raises(ValueError, G.parse, "6s")
    # A 9-card deal puts the whole pack in the hands.
    s = G.new_game(3, {"deals": "Nines only"})
    held = []
    for q in range(4):
        held += [c for c in s.hand(q) if c < G.JOKER]
    assert sorted(held) == list(G.DECK[:34]) and sum([s.jokers(q) for q in range(4)]) == 2


def test_first_dealer_is_dealt_the_first_ace_gj3():
    for seed in range(30):
        s = G.new_game(seed)
        draw = s.dealer_draw()
        deck = bytearray(G.DECK)
        Rng(seed).shuffle(deck)
        assert draw == list(deck[:len(draw)])
        aces = [i for i in range(len(draw)) if draw[i] < G.JOKER and G.RANK[draw[i]] == 8]
        assert aces == [len(draw) - 1]  # the draw stops at the first Ace
        assert s.dealer == (len(draw) - 1) % 4  # P1 got the first card


def test_deal_sizes_and_phases_gj4():
    want = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 9, 9, 9]
    for opts, sizes, phases in (({}, want, [0] * 8 + [1] * 4 + [2] * 8 + [3] * 4),
                                ({"deals": "Nines only"}, [9] * 16, [p for p in range(4) for _ in range(4)])):
        s = G.new_game(5, opts)
        seen = []
        dealers = []
        rng = Rng(5)
        while True:
            seen.append(s.cards())
            dealers.append(s.dealer)
            assert s.phase_of(s.d) == phases[s.d]
            while not s.deal_over():
                moves = s.legal_moves()
                s.apply(moves[rng.below(len(moves))])
            if s.is_over():
                break
            s.apply(CONTINUE)
        assert seen == sizes and s.deals() == len(sizes)
        # The deal passes to the left (GJ-3).
        assert dealers == [(dealers[0] + i) % 4 for i in range(len(sizes))]


def test_dealt_one_at_a_time_from_the_dealers_left_and_trump_turned_gj5_gj6():
    jokers = 0
    for seed in range(100):
        s = G.new_game(seed)
        rng = Rng(seed)
        rng.shuffle(bytearray(G.DECK))  # the dealer's draw
        deck = bytearray(G.DECK)
        rng.shuffle(deck)
        hands = [[], [], [], []]
        for i in range(4):  # deal 1: one card each
            hands[(s.dealer + 1 + i) % 4].append(deck[i])
        for q in range(4):
            assert s.hand(q) == [36 if c >= G.JOKER else c for c in hands[q]]
        turned = deck[4]
        assert s.turned == turned
        if turned >= G.JOKER:
            jokers += 1
            assert s.trump == G.NONE and s.jokers_out() == 1  # GJ-6: no trump
        else:
            assert s.trump == G.SUIT[turned]
        assert s.phase() == G.BIDDING and s.to_move() == (s.dealer + 1) % 4
    assert jokers > 0


def test_nine_card_deal_chooser_sees_three_cards_gj7():
    s = G.new_game(8, {"deals": "Nines only"})
    chooser = (s.dealer + 1) % 4
    assert s.phase() == G.CHOOSE and s.to_move() == chooser and s.turned == G.UNSET
    assert s.legal_moves() == [G.TRUMP, G.TRUMP + 1, G.TRUMP + 2, G.TRUMP + 3, G.NO_TRUMP]
    first = s.first_three()
    assert len(first) == 3
    full = s.hand(chooser)
    for c in first:
        assert (36 if c >= G.JOKER else c) in full
    v = s.view(chooser)
    assert v.hand(chooser) == as_hand(first) and v.hand_size(chooser) == 9
    assert len(v.unseen_cards()) == 33
    for q in range(4):
        if q != chooser:
            w = s.view(q)
            assert w.hand(q) == [] and w.first_three() == [] and w.hand_size(q) == 9
            assert len(w.unseen_cards()) == 36
    assert "name a trump suit" in raises(ValueError, s.apply, G.BID + 1)
    s.apply(G.TRUMP + 2)
    assert s.trump == 2 and s.phase() == G.BIDDING and s.to_move() == chooser
    assert s.view(chooser).hand(chooser) == full and s.first_three() == []
    t = G.new_game(8, {"deals": "Nines only"})
    t.apply(G.NO_TRUMP)
    assert t.trump == G.NONE


# ----- bidding


def test_bidding_from_the_dealers_left_dealer_last_gj8_gj9():
    s = G.new_game(2)
    rng = Rng(1)
    while s.cards() < 4:  # to the 4-card deal
        while not s.deal_over():
            moves = s.legal_moves()
            s.apply(moves[rng.below(len(moves))])
        s.apply(CONTINUE)
    d = s.dealer
    order = []
    for k in (1, 0, 2):
        order.append(s.to_move())
        assert s.legal_moves() == [G.BID + i for i in range(5)]
        assert s.forbidden() == -1
        s.apply(G.BID + k)
    assert order == [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4] and s.to_move() == d
    # 1 + 0 + 2 = 3: the dealer may not bid 1, which would make 4.
    assert s.forbidden() == 1
    assert s.legal_moves() == [G.BID, G.BID + 2, G.BID + 3, G.BID + 4]
    before = s.encode()
    assert raises(ValueError, s.apply, G.BID + 1) == "the dealer may not bid 1: the bids would add up to 4"
    assert raises(ValueError, s.apply, G.BID + 5) == "bid at most 4"
    assert raises(ValueError, s.apply, G.parse("Ah")) == "it is time to bid"
    assert s.encode() == before
    s.apply(G.BID + 4)
    assert s.phase() == G.PLAYING and s.to_move() == (d + 1) % 4  # GJ-10
    assert [s.bid(q) for q in range(4)] == [[1, 0, 2, 4][(q - d - 1) % 4] for q in range(4)]


def test_no_forbidden_bid_when_the_others_bid_over_gj9():
    s = G.new_game(2)
    s.apply(G.BID + 1)  # deal 1: one card each
    s.apply(G.BID + 1)
    s.apply(G.BID + 0)
    assert s.forbidden() == -1 and s.legal_moves() == [G.BID, G.BID + 1]


# ----- play


def test_follow_suit_else_trump_else_any_joker_any_time_gj11():
    s = position(("Ah 7h 8s", "Kh 9d Jk", "7d 8d 9s", "Qc Jc Jk"), "s")
    s.apply(code(s, "7h"))
    assert may_play(s) == ["Kh"] and G.JOKER_HI in s.legal_moves() and G.JOKER_LO in s.legal_moves()
    assert raises(ValueError, s.apply, G.parse("9d")) == "you must follow suit: hearts"
    s.apply(code(s, "Kh"))
    assert may_play(s) == ["9s"]  # no heart: a trump
    assert raises(ValueError, s.apply, G.parse("8d")) == "you must play a trump: spades"
    assert raises(ValueError, s.apply, G.parse("Ah")) == "you do not hold Ah"
    assert raises(ValueError, s.apply, G.joker_lead(1, 0)) == "you have no Joker"
    s.apply(code(s, "9s"))
    assert may_play(s) == ["Jc", "Qc"]  # neither: anything (here clubs), or the Joker
    assert raises(ValueError, s.apply, G.joker_lead(1, 0)) == "only the leader names a suit for the Joker"
    s.apply(code(s, "Qc"))
    assert s.last_trick() == ([G.parse(c) for c in "7h Kh 9s Qc".split()], 2)  # the trump wins (GJ-12)
    # The winner leads (GJ-10): any card or a Joker naming a suit.
    assert s.to_move() == 2 and may_play(s) == ["7d", "8d"]
    assert [m for m in s.legal_moves() if m >= G.JOKER] == []
    assert raises(ValueError, s.apply, G.JOKER_HI) == "you have no Joker"


def test_trick_without_joker_highest_trump_else_highest_of_suit_led_gj12():
    assert takes(("Kd 7c", "6d Ac", "Ad 8c", "9c 10c"), "c", "Kd 6d Ad 9c") == 3  # trumped
    # The Ace of the suit led; a side suit never wins.
    assert takes(("Kd 7c", "6d Ac", "Ad 8c", "9h 10h"), "c", "Kd 6d Ad 9h") == 2
    assert takes(("Kd 7c", "6d Ac", "Ad 8c", "9h 10h"), "", "Kd 6d Ad 9h") == 2  # no trump


def test_joker_to_a_trick_high_wins_low_loses_gj13():
    # High beats the Ace and the trump after it.
    assert takes(("Kd 7c", "6d Jk", "Ad 8c", "9c 10c"), "c", "Kd Jk+ Ad 9c") == 1
    assert takes(("Kd 7c", "6d Jk", "Ad 8c", "9h 10h"), "c", "Kd Jk- Ad 9h") == 2  # low: as if no card
    assert takes(("Kd 7c", "6d 8d", "7d 8c", "Jk 9d"), "", "Kd 6d 7d Jk-") == 0  # low, even while able to follow
    assert takes(("7c 7h", "8c 8h", "Jk 9c", "Jk 10c"), "", "7c 8c Jk+ Jk-") == 2  # the other Joker low does not beat it


def test_led_joker_forces_the_highest_card_of_the_named_suit_gj14():
    s = position(("Jk 7c 8c", "Kh 9h 7h", "8s 9s 10s", "6d 7d 10c"), "s")
    s.apply(code(s, "Jk+h"))
    assert s.led_suit() == 2 and s.jokers_out() == 1
    assert may_play(s) == ["Kh"]  # the highest heart, not the 9h or 7h
    assert raises(ValueError, s.apply, G.parse("9h")) == "you must play your highest heart"
    s.apply(code(s, "Kh"))
    assert s.banned(1, 2) == G.ABOVE[G.RANK[G.parse("Kh")]]  # no Ah with it: it had to play it
    assert may_play(s) == ["8s", "9s", "10s"]  # void: any trump
    s.apply(code(s, "8s"))
    assert s.banned(2, 2) == 511  # showed a void in hearts
    assert may_play(s) == ["10c", "6d", "7d"]  # neither: any
    s.apply(code(s, "6d"))
    assert s.banned(3, 2) == 511 and s.banned(3, 3) == 511  # no heart, no trump
    assert s.last_trick()[1] == 2  # a trump on a non-trump named suit beats the high Joker (GJ-15)


def test_led_joker_high_gj15():
    # Named suit not trump, nobody trumps: the Joker wins over the Ace.
    assert takes(("Jk 7c", "Ah 7d", "Kh 8d", "6h 9d"), "c", "Jk+h Ah Kh 6h") == 0
    # ... a trump beats it.
    assert takes(("Jk 7c", "Ah 7d", "8c 8d", "6h 9d"), "c", "Jk+h Ah 8c 6h") == 2
    # Naming the trump suit high: wins even over the trump Ace.
    assert takes(("Jk 7d", "Ac 7h", "Kc 8d", "6h 9d"), "c", "Jk+c Ac Kc 6h") == 0
    # ... unless the other Joker is played high after it (GJ-17).
    assert takes(("Jk 7d", "Ac 7h", "Jk 8d", "6h 9d"), "c", "Jk+c Ac Jk+ 6h") == 2
    # No trump deal: nothing beats a high Joker but the other one.
    assert takes(("Jk 7d", "Ac 7h", "Kc 8d", "6h 9d"), "", "Jk+s Ac Kc 6h") == 0


def test_led_joker_low_gj16():
    # The highest card of the named suit wins.
    assert takes(("Jk 7c", "Qh 7d", "Kh 8d", "6h 9d"), "c", "Jk-h Qh Kh 6h") == 2
    # The highest trump wins.
    assert takes(("Jk 7c", "Qh 7d", "8c 8d", "9c 9d"), "c", "Jk-h Qh 8c 9c") == 3
    # Nobody plays the named suit or a trump: the Joker wins.
    assert takes(("Jk 7c", "Qd 7d", "8s 8d", "9s 9d"), "c", "Jk-h Qd 8s 9s") == 0
    # ... also when the other Joker is played low; not when it is played high.
    assert takes(("Jk 7c", "Qd 7d", "Jk 8d", "9s 9d"), "c", "Jk-h Qd Jk- 9s") == 0
    assert takes(("Jk 7c", "Qd 7d", "Jk 8d", "9s 9d"), "c", "Jk-h Qd Jk+ 9s") == 2


def test_two_jokers_the_later_high_one_wins_gj17():
    assert takes(("Ah 7c", "Jk 7d", "Jk 8d", "6h 9d"), "c", "Ah Jk+ Jk+ 6h") == 2
    assert takes(("Ah 7c", "Jk 7d", "Jk 8d", "6h 9d"), "c", "Ah Jk+ Jk- 6h") == 1
    assert takes(("Ah 7c", "Jk 7d", "Jk 8d", "6h 9d"), "c", "Ah Jk- Jk- 6h") == 0
    assert takes(("Jk 7c", "Jk 7d", "Kh 8d", "6h 9d"), "", "Jk-h Jk+ Kh 6h") == 1


# ----- scoring


def test_deal_points_gj18():
    assert G.points(0, 0, 5) == 50
    assert [G.points(k, k, 5) for k in (1, 2, 3, 4)] == [100, 150, 200, 250]
    assert G.points(5, 5, 5) == 500 and G.points(9, 9, 9) == 900 and G.points(1, 1, 1) == 100
    assert G.points(2, 3, 5) == 30 and G.points(3, 1, 5) == 10 and G.points(0, 2, 5) == 20
    assert G.points(1, 0, 8) == -200 and G.points(4, 0, 9) == -300
    # Played out: a 2-card deal where P1 bid both and took both, P2 bid 1 and took none.
    s = position(("Ah Kh", "7h 8h", "9h 10h", "Jh Qh"), "h", 0, (2, 1, 0, 0))
    trick(s, "Ah 7h 9h Jh")
    trick(s, "Kh 8h 10h Qh")
    assert s.deal_over() and s.history()[-1] == [200, -200, 50, 50] and s.scores() == [250, -150, 100, 100]


def sheet_state(rows, nines=True):
    # A state whose sheet holds these deals: each row (bids, tricks) per seat.
    s = G.Georgian()
    s.nines = int(nines)
    out = bytearray()
    for bids, took in rows:
        for q in range(4):
            out.append(bids[q] << 4 | took[q])
    s.sheet = bytes(out)
    s.score_sheet()
    return s


def test_phase_bonus_one_player_strikes_the_others_best_gj19():
    rows = [((2, 1, 0, 3), (2, 0, 1, 3)),  # P1 150, P2 -300, P3 10, P4 200
            ((1, 0, 4, 1), (1, 0, 2, 0)),  # P1 100, P2 50, P3 20, P4 -300
            ((0, 3, 2, 1), (0, 2, 2, 1)),  # P1 50, P2 20, P3 150, P4 100
            ((9, 1, 1, 1), (9, 0, 0, 0))]  # P1 900, P2 -300 x3
    s = sheet_state(rows)
    assert s.history() == [[150, -300, 10, 200], [100, 50, 20, -300], [50, 20, 150, 100], [900, -300, -300, -300]]
    adj, marks = s.bonus(0)
    assert adj == [900, -50, -150, -200] and marks == [3, 1, 2, 0]
    assert s.phase_total(0) == [1200 + 900, -530 - 50, -120 - 150, -300 - 200]
    assert s.scores() == s.phase_total(0)
    assert s.bonus(1) is None and s.phase_total(1) == [0, 0, 0, 0]


def test_phase_bonus_never_strikes_a_negative_best_gj19():
    rows = [((1, 1, 1, 1), (1, 0, 0, 0))] * 4  # P1 made all four; the others -300 each time
    s = sheet_state(rows)
    adj, marks = s.bonus(0)
    assert adj == [100, 0, 0, 0] and marks == [0, -1, -1, -1]
    assert s.scores() == [500, -1200, -1200, -1200]


def test_phase_bonus_two_players_each_double_nobody_struck_gj20():
    rows = [((1, 2, 0, 3), (1, 2, 1, 3)),
            ((2, 0, 3, 1), (2, 0, 2, 1)),
            ((0, 1, 1, 4), (0, 1, 1, 5)),
            ((3, 5, 1, 0), (3, 5, 1, 0))]
    s = sheet_state(rows)
    adj, marks = s.bonus(0)
    # P1 and P2 made every bid: P1's best 200 (deal 4), P2's 300 (deal 4); P3, P4 keep theirs.
    assert adj == [200, 300, 0, 0] and marks == [3, 3, -1, -1]
    assert s.scores() == [100 + 150 + 50 + 200 + 200, 150 + 50 + 100 + 300 + 300, 10 + 20 + 100 + 100,
                          200 + 100 + 50 + 50]


def test_phases_of_the_long_match_gj19():
    # Phase 1 is deals 1-8 (1..8 cards): a bonus only once all eight are done.
    # P1 bids 0 and takes nothing every time; P2 takes every trick on a bid of
    # 0, then 1; P3 and P4 bid 1 and take nothing.
    rows = [((0, 0, 1, 1), (0, 1, 0, 0))] + [((0, 1, 1, 1), (0, n, 0, 0)) for n in range(2, 9)]
    s = sheet_state(rows[:7], False)
    assert s.bonus(0) is None and s.phase_deals(1) == (8, 12)
    s = sheet_state(rows, False)
    adj, marks = s.bonus(0)
    assert s.history()[7] == [50, 80, -200, -200]
    assert adj == [50, -80, 0, 0] and marks == [0, 7, -1, -1]
    assert s.scores() == [450, 10 + 20 + 30 + 40 + 50 + 60 + 70, -1600, -1600]


def test_the_highest_total_wins_ties_share_gj21():
    s = sheet_state([((0, 0, 1, 1), (0, 0, 0, 2))] * 3 + [((0, 0, 1, 1), (0, 0, 1, 2))])
    s.ph = G.OVER
    assert s.scores() == [250, 250, -800, 80] and s.winner() == -1
    for seed in range(2):
        m = play_random(seed, {"deals": "Nines only"})
        best = max(m.scores())
        assert m.winner() == (m.scores().index(best) if m.scores().count(best) == 1 else -1)


# ----- hidden information (GJ-22)


def test_views_hide_the_other_hands_and_keep_the_bans_gj22():
    s = position(("Jk 7c 8c", "Kh 9h 7h", "8s 9s 10s", "6d 7d 10c"), "s")
    trick(s, "Jk+h Kh 8s 6d")
    v = s.view(1)
    for q in (0, 2, 3):
        assert v.hand(q) == [] and v.hand_size(q) == 2
    assert v.hand(1) == s.hand(1) and v.jokers(0) == 0
    places = v.hidden_places()
    # P2 played the Kh to a Joker that named hearts: no Ah. P3 and P4: no hearts; P4 no spades.
    hearts = 511 << 18  # ids 18..26
    assert places[0] == (2, 0, 0)
    assert places[1][0] == 0 and places[1][1] & hearts == 1 << G.parse("Ah")
    assert places[2] == (2, hearts, 0)
    assert places[3] == (2, hearts, 0xFF)  # and spades, ids 28..35
    unseen = v.unseen_cards()
    assert len(unseen) == places[4][0] + 6 and unseen.count(G.JOKER) == 1 and G.JOKER + 1 not in unseen


# ----- whole matches


def play_random(seed, opts, rng=None, check=None):
    s = G.new_game(seed, opts)
    rng = rng or Rng(seed + 50)
    while not s.is_over():
        if check:
            check(s, rng)
        moves = s.legal_moves()
        s.apply(moves[rng.below(len(moves))])
    return s


def check_move(s, rng):
    # Every rule invariant of the position, and a random move refused or made.
    moves = s.legal_moves()
    assert moves and len(moves) == len(set(moves))
    for m in moves:
        assert s.describe(m)
    for _ in range(3):  # illegal codes are refused with a reason, harmlessly
        x = rng.below(256)
        if x not in moves:
            before = s.encode()
            assert raises(ValueError, s.apply, x)
            assert s.encode() == before
    if s.phase() == G.PLAYING:
        # GJ-2: every card in one place: a hand, played, turned or set aside.
        n = s.cards()
        seen = []
        for q in range(4):
            seen += [c for c in s.hand(q) if c < G.JOKER]
            assert s.hand_size(q) == n - sum(s.taken) - (1 if (q - s.lead) % 4 < s.in_trick else 0)
        for suit in range(4):
            seen += [9 * suit + r for r in range(9) if s.out(suit) >> r & 1]  # played or turned
        assert len(seen) == len(set(seen))
        jokers = s.jokers(0) + s.jokers(1) + s.jokers(2) + s.jokers(3) + s.jokers_out()
        assert len(seen) + jokers == (36 if n == 9 else 4 * n + 1)
        if s.in_trick == 0 and s.d % 3 == 0:
            # GJ-22: the view of the seat to move, and any world sampled from it,
            # agree with what it knows; the true hands respect every ban.
            p = s.to_move()
            v = s.view(p)
            assert sorted(v.legal_moves()) == sorted(moves)
            for q in range(4):
                for suit in range(4):
                    assert not s.suit_mask(q, suit) & s.banned(q, suit)
            other = v.unseen_cards()
            rng.shuffle(other)
            w = v.fill(other)
            assert w.view(p).encode() == v.encode()
    e = s.encode()
    assert G.decode(e).encode() == e and s.clone().encode() == e


def test_random_matches_keep_every_rule_at_every_move():
    for opts in ({}, {"deals": "Nines only"}):
        for seed in range(GAMES):
            s = play_random(seed, opts, Rng(seed), check_move)
            assert s.deals_done() == s.deals() and s.legal_moves() == [] and s.to_move() == -1
            assert s.why_illegal(CONTINUE) == "the match is over"


def test_sheet_adds_up_tricks_and_scores():
    for seed in range(GAMES + 2):
        s = play_random(seed, {} if seed % 2 else {"deals": "Nines only"})
        total = [0, 0, 0, 0]
        for d in range(s.deals_done()):
            bids, took, pts = s.sheet_row(d)
            n = G.SIZES[s.nines][d]
            assert sum(took) == n  # each deal's tricks add up to n
            assert sum(bids) != n  # GJ-9
            assert pts == [G.points(bids[q], took[q], n) for q in range(4)]
            for q in range(4):
                total[q] += pts[q]
        for ph in range(4):
            adj, _ = s.bonus(ph)
            for q in range(4):
                total[q] += adj[q]
        assert s.scores() == total
        assert [sum(s.phase_total(ph)[q] for ph in range(4)) for q in range(4)] == total


def test_a_copy_is_its_own_and_copying_allocates_nothing():
    # A search copies positions hundreds of times a move (engine.ai.sampling):
    # copy_from() gives a state that shares no buffer with its source and, on
    # MicroPython, leaves no garbage.
    s = G.new_game(3, {"deals": "Nines only"})
    rng = Rng(3)
    while s.d < 1 or s.in_trick == 0:  # into the second deal, a trick under way
        moves = s.legal_moves()
        s.apply(moves[rng.below(len(moves))])
    e = s.encode()
    c = s.clone()
    while not c.deal_over():
        moves = c.legal_moves()
        c.apply(moves[rng.below(len(moves))])
    assert s.encode() == e and c.encode() != e
    c.copy_from(s)
    assert c.encode() == e
    try:
        import gc

        gc.collect()
        before = gc.mem_alloc()
    except AttributeError:  # CPython
        return
    for _ in range(100):
        c.copy_from(s)
    assert gc.mem_alloc() - before < 100, gc.mem_alloc() - before
