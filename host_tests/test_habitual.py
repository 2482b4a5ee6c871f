# runs-on: micropython
# Habitual Joker rules (seeds/habitual.md, HJ-n): set positions, the worked
# example of the original text (Fig. 6), and whole random games checked at every move.
from engine.cards import parse
from engine.games import habitual as H
from engine.rng import Rng
from engine.state import CONTINUE
from host_tests.check import raises

GAMES = 10  # random matches per whole-game test (shrink for slow runtimes)


def cards(text):
    return [parse(t) for t in text.split()]


def position(hands, spares, stacks, turn=0, store="", pts=(0, 0)):
    # A mid-deal position, nothing blocked: hands and spares as text per seat,
    # stacks as 8 texts of cards bottom..top (seat 0's four, then seat 1's), the
    # store top first. Cards named nowhere are out of play.
    s = H.HabitualJoker()
    left = 0
    for seat in (0, 1):
        for c in cards(hands[seat]):
            s.hand_words[2 * seat + H.W[c]] |= H.B[c]
            left += c < H.JOKER
        for c in cards(spares[seat]):
            s.spare_words[2 * seat + H.W[c]] |= H.B[c]
            left += c < H.JOKER
    for k in range(8):
        pile = cards(stacks[k])
        s.top[k] = pile[-1]
        s.size[k] = len(pile)
        for c in pile:
            s.piled[H.W[c]] |= H.B[c]
        s._mask(k)
    s.store = bytes(cards(store))
    for c in s.store:
        left += c < H.JOKER
    s.pts = list(pts)
    s.left = left
    s.dealer = turn
    s._pass_turn(turn)
    return s


def on(s, target):
    # The cards that may legally go to a target (0..3 own stacks, 4..7 opponent's).
    return sorted([s.card_of(m) for m in s.legal_moves() if H.target_of(m) == target])


def code(s, text, target, spare=False):
    m = s.move_for(parse(text), target, spare)
    assert m >= 0, (text, target)
    return m


# ----- the worked example of the original: "Illustration of play options" (Fig. 6)


def fig6():
    # Player 1 (seat 0, the dealer) to play. P2's stacks and spares are deduced
    # from the text: the Joker "on Kc" leaves "two stacks showing a Five" and one
    # "showing Two"; P2 could block Qd "with Kd from spares"; "P2 had better play
    # 3c or Ah from spares" on the Two; 3d is "not in opponent's spares". P2's
    # hand and the store are not given: any other cards do.
    return position(
        ("Jk Kh Jh 9c 3s", "7d 8c 10s Qh 4h"),
        ("8h Js 4d", "Kd 3c Ah"),
        ("Qd", "10c", "9s", "6h", "Kc", "5d", "5s", "2d"),
        store="2c 6d 7s Ks 5h",
    )


def test_fig6_options_are_exactly_a_to_j():
    s = fig6()
    want = [
        # (a) the Joker on any of the opponent's four stacks, no score
        (code(s, "Jk", 4), (0, 0)), (code(s, "Jk", 5), (0, 0)),
        (code(s, "Jk", 6), (0, 0)), (code(s, "Jk", 7), (0, 0)),
        (code(s, "Kh", 0), (1, 0)),  # (b) Kh on Qd
        (code(s, "Jh", 0), (1, 0)),  # (c) Jh on Qd
        (code(s, "Jh", 1), (1, 0)),  # (d) Jh on 10c
        (code(s, "9c", 1), (1, 0)),  # (e) 9c on 10c
        (code(s, "3s", 7), (0, 1)),  # (f) 3s on P2's 2d, a point to P2
        (code(s, "8h", 2, True), (0, 0)),  # (g) spare 8h on 9s
        (code(s, "Js", 0, True), (0, 0)),  # (h) spare Js on Qd
        (code(s, "Js", 1, True), (0, 0)),  # (h) ... or on 10c
        (code(s, "4d", 5, True), (0, 1)),  # (i) spare 4d on P2's 5d
        (code(s, "4d", 6, True), (0, 1)),  # (j) spare 4d on P2's 5s
    ]
    assert sorted(s.legal_moves()) == sorted([m for m, _ in want])
    for m, g in want:
        assert s.gain(m) == g, s.describe(m)
        t = s.clone()
        t.apply(m)
        assert t.deal_points() == [g[0], g[1]], s.describe(m)  # HJ-13
    # Hand and spares are full, so nothing may go to spares (HJ-11).
    assert s.hand_size(0) == 5 and len(s.spares(0)) == 3
    assert on(s, H.SPARES) == []
    assert s.why_illegal(parse("Kh")) == "spares are full (3)"


def test_fig6_blocks_as_the_text_says():
    s = fig6()
    # (e) 9c on one's own 10c: same suit, no block (HJ-15).
    t = s.clone()
    t.apply(code(t, "9c", 1))
    assert t.stack_block(0, 1) == 0
    # (i) 4d on P2's 5d blocks it; only the 3d opens it. From spares: no draw.
    t = s.clone()
    m = code(t, "4d", 5, True)
    assert t.describe(m) == "P1: spare 4d on P2's 5d, +1 P2, blocks"
    assert t.describe(m, 0) == "spare 4d on P2's 5d, +1 P2, blocks"
    assert t.describe(m, 1) == "P1: spare 4d on your 5d, +1 you, blocks"
    t.apply(m)
    assert t.stack_block(1, 1) == 1 and t.stack_key(1, 1) == parse("3d")
    assert t.spares(0) == sorted(cards("8h Js")) and t.store_count() == 5
    # (j) 4d on P2's 5s: a different suit does not block.
    t = s.clone()
    t.apply(code(t, "4d", 6, True))
    assert t.stack_block(1, 2) == 0
    # (b) Before Kh covers it, P2 could block the Qd with its spare Kd (Ad opens).
    t = s.clone()
    t.apply(code(t, "3s", 7))
    t.apply(code(t, "Kd", 4, True))
    assert t.stack_block(0, 0) == 1 and t.stack_key(0, 0) == parse("Ad")
    t = s.clone()
    t.apply(code(t, "Kh", 0))
    assert t.move_for(parse("Kd"), 4, True) == -1  # a King does not go on a King
    # (a) The Joker on Kc blocks it for good, scores nothing, and P1 draws (HJ-12).
    t = s.clone()
    t.apply(code(t, "Jk", 4))
    assert t.stack_block(1, 0) == 2 and t.deal_points() == [0, 0]
    assert parse("2c") in t.hand(0) and t.hand_size(0) == 5 and t.store_count() == 4


def test_fig6_block_on_the_two_stack_would_last():
    # The note to (a): after 3d on P2's 2d, P1's 4d blocks that stack, and with
    # the 5d already on a stack nothing can open it (HJ-15).
    s = position(("Kh 9c", "3d Qh"), ("4d", ""),
                 ("Qd", "10c", "9s", "6h", "Kc", "5d", "5s", "2d"), turn=1)
    s.apply(code(s, "3d", 3))
    assert s.deal_points() == [0, 1] and s.stack_block(1, 3) == 0
    s.apply(code(s, "4d", 7, True))
    assert s.stack_block(1, 3) == 1 and s.stack_key(1, 3) == parse("5d")
    assert not s.live(parse("5d")) and s.live(parse("Qh"))


# ----- single rules


def test_circle_of_ranks_any_suit_either_way_hj2_hj10():
    s = position(("Kh 2c 3d Qs 5h", "4s"), ("", ""),
                 ("Ad", "3c", "7s", "7h", "9c", "9d", "9h", "9s"))
    assert on(s, 0) == cards("2c Kh")  # K and 2 both touch the Ace
    assert on(s, 1) == cards("2c")  # a 2 or a 4 on a 3; not the 3d
    assert on(s, 2) == [] and on(s, 4) == []
    for r in range(13):
        s.top[0] = 13 + r  # a diamond of rank r on P1's first stack
        s._mask(0)
        for c in range(52):
            fits = (c % 13 - r) % 13 in (1, 12)
            assert (s.move_for(c, 0) >= 0) == fits, (r, c)


def test_cut_nearest_the_ace_deals_and_plays_first_hj3_hj4():
    # K and 2 one step, Q and 3 two, ..., 7 and 8 six; "4 beats 5 to 10; 9 beats 7, 8".
    d = [H.distance(r) for r in range(13)]
    assert d == [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1, 0]
    assert d[2] < min(d[3:9]) and d[7] < min(d[5], d[6])
    for seed in range(40):
        s = H.new_game(seed)
        a, b = s.cut_cards()
        assert a != b and max(a, b) < 52
        da = H.distance(a % 13)
        db = H.distance(b % 13)
        assert da != db and s.dealer == (0 if da < db else 1)
        assert s.to_move() == s.dealer or s.stopped(s.dealer)


def redeal(seed):
    # The cut and the first deal made again from the rules alone (HJ-3, HJ-5..7).
    rng = Rng(seed)
    while True:
        a = rng.below(52)
        b = rng.below(51)
        if b >= a:
            b += 1
        if H.distance(a % 13) != H.distance(b % 13):
            break
    dealer = 0 if H.distance(a % 13) < H.distance(b % 13) else 1
    deck = list(range(54))
    rng.shuffle(deck)
    hands = [[], []]
    bases = [[], []]
    spares = [[], []]
    out = []

    def face_up():
        while deck[0] >= H.JOKER:
            out.append(deck.pop(0))
        return deck.pop(0)

    for rnd in range(5):
        for seat in (1 - dealer, dealer):
            hands[seat].append(deck.pop(0))
        if rnd < 4:
            for seat in (1 - dealer, dealer):
                bases[seat].append(face_up())
    for rnd in range(3):
        for seat in (1 - dealer, dealer):
            spares[seat].append(face_up())
    return dealer, hands, bases, spares, deck, out


def test_deal_order_and_face_up_jokers_hj5_hj6_hj7():
    put_out = 0
    for seed in range(60):
        s = H.new_game(seed, {"deals": 1})
        dealer, hands, bases, spares, store, out = redeal(seed)
        assert s.dealer == dealer
        for seat in (0, 1):
            assert s.hand(seat) == sorted(hands[seat])
            assert s.spares(seat) == sorted(spares[seat])
            for i in range(4):
                assert s.stack_top(seat, i) == bases[seat][i]
                assert s.stack_len(seat, i) == 1 and s.stack_block(seat, i) == 0
        assert list(s.store) == store and s.store_count() == 30 - len(out)
        assert s.discarded() == sorted(out)
        put_out += len(out)
    assert put_out > 0  # some of these deals put a face-up Joker out of play


def test_dealer_alternates_and_plays_first_hj4():
    for seed in range(GAMES):
        s = H.new_game(seed, {"deals": 5})
        rng = Rng(seed)
        dealers = [s.dealer]
        while not s.is_over():
            moves = s.legal_moves()
            m = moves[rng.below(len(moves))]
            s.apply(m)
            if m == CONTINUE:
                assert s.dealer == 1 - dealers[-1]
                assert s.to_move() == s.dealer or s.stopped(s.dealer)
                dealers.append(s.dealer)
        assert len(dealers) == len(s.history())


def test_joker_blocks_for_good_never_on_own_stack_hj14():
    s = position(("Jk 9c", "4h 6h"), ("Jk", ""),
                 ("Qd", "10c", "9s", "6c", "Kc", "5d", "5s", "2d"), store="2c 3c 4c")
    assert [c for c in on(s, 0) + on(s, 1) + on(s, 2) + on(s, 3) if c >= H.JOKER] == []
    assert s.why_illegal(H.STACK + 8) == "a Joker cannot go on your own stack"
    from_hand = code(s, "Jk", 5)
    from_spares = code(s, "Jk", 5, True)
    assert from_hand != from_spares
    assert from_hand in s.legal_moves() and from_spares in s.legal_moves()
    assert H.JOKER in s.legal_moves()  # a Joker may go to one's own spares
    s.apply(from_spares)
    assert s.stack_block(1, 1) == 2 and s.deal_points() == [0, 0]
    assert s.hand_size(0) == 2 and s.spares(0) == []  # from spares: no draw
    # P2 holds 4h and 6h, both neighbours of the 5d now under the Joker.
    assert on(s, 1) == []
    m = H.STACK + 10 * 1 + 2 * 2  # a heart one rank up on P2's stack 1
    assert raises(ValueError, s.apply, m) == "that stack is blocked by a Joker"
    assert on(s, 2) == cards("4h 6h")  # the 5s stack stays open


def test_conditional_block_one_card_opens_it_hj15():
    s = position(("8h 9h 10h 2d Jk", "10s 7s Qs 3c"), ("", "2s"),
                 ("Qd", "10c", "4s", "3d", "7h", "5d", "As", "Kc"),
                 store="4c 4d 5c 5h 6c 6d")
    s.apply(code(s, "8h", 4))  # 7h then 8h: P2's stack is blocked, the 9h opens it
    assert s.stack_block(1, 0) == 1 and s.stack_key(1, 0) == parse("9h")
    assert s.deal_points() == [0, 1]
    assert on(s, 0) == []  # P2's 7s is a neighbour of the 8h, but not the 9h
    m = s.move_for(parse("7s"), 0)
    assert raises(ValueError, s.apply, m) == "that stack is blocked: only the 9h unblocks it"
    s.apply(code(s, "2s", 7, True))  # P2: spare 2s on P1's 3d, +1 P1
    # P1 may play the 9h there, but no Joker.
    assert on(s, 4) == cards("9h")
    assert s.why_illegal(H.STACK + 48) == "that stack is blocked: only the 9h unblocks it"
    m = code(s, "9h", 4)
    assert s.describe(m, 0) == "9h on P2's 8h, +1 P2, unblocks"
    s.apply(m)  # the same suit again, but the unblocking card never blocks
    assert s.stack_block(1, 0) == 0 and s.deal_points() == [1, 2]
    assert on(s, 0) == cards("10s")  # open again to any 8 or 10
    s.apply(code(s, "3c", 7))  # P2: 3c on P1's 2s
    s.apply(code(s, "10h", 4))  # the stack can be blocked again
    assert s.stack_block(1, 0) == 1 and s.stack_key(1, 0) == parse("Jh")
    # Going down: As then Ks is opened by the Qs alone.
    s = position(("Ks", "Qs Js"), ("", ""),
                 ("Qd", "10c", "4s", "3d", "7h", "5d", "As", "Kc"), store="2c")
    s.apply(code(s, "Ks", 6))
    assert s.stack_key(1, 2) == parse("Qs") and on(s, 2) == cards("Qs")


def test_own_same_suit_play_never_blocks_hj15():
    s = position(("8h 2d", "3c"), ("", ""),
                 ("7h", "10c", "9s", "2c", "7c", "5d", "As", "Kc"), store="2h 3h")
    s.apply(code(s, "8h", 0))
    assert s.stack_block(0, 0) == 0 and s.deal_points() == [1, 0]


def test_spares_at_most_three_hj11():
    s = position(("8h 2d 5c", "3c"), ("Jk 9d", ""),
                 ("7h", "10c", "9s", "2c", "7c", "5d", "As", "Kc"), store="2h 3h")
    assert on(s, H.SPARES) == sorted(cards("5c 2d 8h"))
    s.apply(code(s, "5c", H.SPARES))
    assert s.spares(0) == sorted(cards("Jk 9d 5c")) and s.deal_points() == [0, 0]
    s.apply(code(s, "3c", 7))  # P2 plays on
    assert on(s, H.SPARES) == [] and len(s.spares(0)) == 3
    assert s.why_illegal(parse("2d")) == "spares are full (3)"
    assert s.why_illegal(parse("9d")) == "9d is already in your spares"
    assert s.why_illegal(parse("Qd")) == "Qd is not in your hand"


def test_draw_after_every_play_from_hand_only_hj12():
    s = position(("8h 2d 5c", "3c 4c"), ("9d", ""),
                 ("7h", "10c", "9s", "2c", "7c", "5d", "As", "Kc"), store="2h 3h")
    s.apply(code(s, "5c", H.SPARES))  # to spares: a draw
    assert s.hand(0) == sorted(cards("8h 2d 2h")) and s.store_count() == 1
    s.apply(code(s, "3c", 7))  # P2 from hand onto P1's 2c: a draw
    assert s.hand(1) == sorted(cards("4c 3h")) and s.store_count() == 0
    s.apply(code(s, "9d", 1, True))  # P1 from spares: no draw
    assert s.hand_size(0) == 3
    s.apply(code(s, "4c", 7))  # P2, store empty: the hand shrinks
    assert s.hand(1) == cards("3h")


def test_each_end_of_a_deal_says_what_happened_hj19():
    tops = ("4s", "10c", "Jd", "2c", "8d", "Kd", "Ks", "Kc")
    # P1 plays its last card; P2 holds cards with no play (fives and an eight fit
    # none of the tops, and its spares are full): neither can play.
    s = position(("5h", "5c"), ("", "5d 5s 8h"), tops, pts=(1, 3))
    s.apply(code(s, "5h", 0))
    assert s.deal_over() and s.stopped(0) and s.stopped(1)
    assert s.result_text() == "P2 wins deal 1, 3-2: neither can play"
    # Both out of cards, level: nobody stopped, the cards ran out.
    s = position(("5h", ""), ("", ""), tops, pts=(2, 3))
    s.apply(code(s, "5h", 0))
    assert s.deal_over() and not s.stopped(0) and not s.stopped(1)
    assert s.result_text() == "Deal 1 tied 3-3: both out of cards"


def test_stopping_and_playing_on_alone_hj17():
    tops = ("4s", "10c", "Jd", "2c", "8d", "Kd", "Ks", "Kc")
    # P1 trails 2-3 and draws level; P2 cannot play, so P1 plays on alone.
    s = position(("5h 6c 9d", ""), ("", ""), tops, pts=(2, 3))
    s.apply(code(s, "5h", 0))
    assert s.phase() == H.SOLO and s.stopped(1) and not s.stopped(0)
    assert s.to_move() == 0 and s.deal_points() == [3, 3]
    assert on(s, 4) == []  # the 9d fits P2's 8d, but P2's stacks are frozen
    m = s.move_for(parse("9d"), 4)
    assert raises(ValueError, s.apply, m) == "stack frozen: P2 has stopped"
    s.apply(code(s, "6c", 0))  # P1 goes ahead alone: the deal ends
    assert s.deal_over() and s.deal_points() == [4, 3] and s.scores() == [1, 0]
    assert s.result_text() == "P1 wins deal 1, 4-3: P1 went ahead alone"
    # P2 cannot play while P1 leads: the deal ends at once.
    s = position(("5h 6c 9d", ""), ("", ""), tops, pts=(3, 3))
    s.apply(code(s, "5h", 0))
    assert s.deal_over() and s.result_text() == "P1 wins deal 1, 4-3: P2 cannot play"
    # Alone and unable to go ahead: the deal ends when P1 cannot play either.
    s = position(("5h 7s", ""), ("", ""), tops, pts=(1, 3))
    s.apply(code(s, "5h", 0))
    assert s.phase() == H.SOLO and on(s, 4) == []
    s.apply(code(s, "7s", H.SPARES))
    assert s.deal_over() and s.scores() == [0, 1] and not s.stopped(0) and s.stopped(1)
    assert s.result_text() == "P2 wins deal 1, 3-2: P1 cannot play on"
    # A player with no play when the deal starts stops at once.
    s = position(("", "Qh"), ("", ""), tops)
    assert s.stopped(0) and s.phase() == H.SOLO and s.to_move() == 1


def test_deal_ends_when_the_leader_cannot_be_caught_hj18():
    s = position(("5h", "6c 4d"), ("", ""),
                 ("Jd", "10c", "Jc", "Qc", "4c", "7d", "Ks", "Kc"), pts=(0, 1))
    s.apply(code(s, "5h", 4))  # 0-2 with 2 non-Joker cards left: not yet
    assert not s.deal_over() and s.deal_points() == [0, 2]
    s.apply(code(s, "6c", 0))  # 0-3 with 1 left
    assert s.deal_over() and s.scores() == [0, 1]
    assert s.result_text() == "P2 wins deal 1, 3-0: P1 cannot catch up"


def test_open_hands_option_keeps_hands_secret_hj22():
    # Open hands only skips the device's hand-off screens: a view never holds the
    # opponent's hand, whatever the option, so bots never see it either.
    for opts in ({"open": "On"}, {}):
        s = H.new_game(5, opts)
        p = s.to_move()
        v = s.view(p)
        assert v.hand(1 - p) == [] and v.hand_size(1 - p) == 5
        assert len(v.unseen_cards()) == s.store_count() + 5
    assert H.new_game(5, {"open": "On"}).encode() == H.new_game(5).encode()


# ----- whole games


def non_jokers(cs):
    return len([c for c in cs if c < H.JOKER])


def check_view(s, seat, rng):
    # HJ-22: a view holds nothing of the opponent's hand or the store order.
    q = 1 - seat
    v = s.view(seat)
    hidden = s.hand(q) + list(s.store[s.pos:])
    assert v.hand(q) == [] and v.hand_size(q) == s.hand_size(q)
    assert v.hand(seat) == s.hand(seat) and v.store_count() == s.store_count()
    assert sorted(v.unseen_cards()) == sorted(hidden)
    if s.to_move() == seat and not s.deal_over():
        assert sorted(v.legal_moves()) == sorted(s.legal_moves())
    # Any other deal of the hidden cards gives the very same view.
    other = v.unseen_cards()
    rng.shuffle(other)
    w = v.fill(other)
    assert w.hand_size(q) == s.hand_size(q)
    assert w.view(seat).encode() == v.encode()
    assert H.decode(v.encode()).encode() == v.encode()
    if v.unseen_cards() and not s.deal_over():  # a view is not a game to play on
        assert "determinize" in raises(ValueError, v.apply, s.legal_moves()[0])


def play_checked(seed, deals, rng):
    # A match of random moves; every rule invariant is checked after every move.
    s = H.new_game(seed, {"deals": deals})
    deal = 0
    while not s.is_over():
        moves = s.legal_moves()
        assert moves
        if moves == [CONTINUE]:
            s.apply(CONTINUE)
            continue
        if s.deal_no != deal:  # a new deal: start the books again
            deal = s.deal_no
            stacks = [[s.stack_top(k // 4, k % 4)] for k in range(8)]
            pts = [0, 0]
        p = s.to_move()
        for m in moves:
            assert s.describe(m) and s.describe(m, p) and s.describe(m, 1 - p)
        for _ in range(4):  # illegal codes are refused, with a reason, harmlessly
            x = rng.below(256)
            if x not in moves:
                before = s.encode()
                assert raises(ValueError, s.apply, x)
                assert s.encode() == before
        hand = s.hand(p)
        spares = s.spares(p)
        lens = [s.stack_len(k // 4, k % 4) for k in range(8)]
        m = moves[rng.below(len(moves))]
        phase = s.phase()
        s.apply(m)
        grown = [k for k in range(8) if s.stack_len(k // 4, k % 4) != lens[k]]
        if H.target_of(m) == H.SPARES:
            new = [c for c in s.spares(p) if c not in spares]
            assert grown == [] and len(new) == 1 and new[0] in hand  # HJ-11
            assert new[0] == m or (m == H.JOKER and new[0] >= H.JOKER)
        else:
            assert len(grown) == 1
            k = grown[0]
            owner = k // 4
            c = s.stack_top(owner, k % 4)
            assert stacks[k][-1] < H.JOKER  # HJ-14: nothing goes on a Joker
            stacks[k].append(c)
            assert (c in hand) != (c in spares)  # HJ-9: from own hand or spares
            if c >= H.JOKER:
                assert owner != p and s.stack_block(owner, k % 4) == 2  # HJ-14
            elif c in hand or owner != p:
                pts[owner] += 1  # HJ-13
            if phase == H.SOLO:
                assert owner == p  # HJ-17: the stopped player's stacks are frozen
        assert s.deal_points() == pts
        # HJ-1, HJ-7: each of the 54 cards is in exactly one place.
        store = list(s.store[s.pos:])
        where = s.hand(0) + s.hand(1) + s.spares(0) + s.spares(1) + store + s.discarded()
        for pile in stacks:
            where += pile
        assert sorted(where) == list(range(54))
        for seat in (0, 1):
            assert len(s.spares(seat)) <= 3  # HJ-11
            if store:
                assert s.hand_size(seat) == 5  # HJ-12
        left = non_jokers(s.hand(0) + s.hand(1) + s.spares(0) + s.spares(1) + store)
        if not s.deal_over():
            assert abs(pts[0] - pts[1]) <= left  # HJ-18
            assert s.phase() == H.SOLO or s.to_move() == 1 - p  # HJ-8
            assert s.phase() == H.TURNS or s.to_move() == p  # HJ-17
        elif "cannot catch up" in s.result_text():
            assert abs(pts[0] - pts[1]) > left
        e = s.encode()
        t = H.decode(e)
        assert t.encode() == e and s.clone().encode() == e
        assert sorted(t.legal_moves()) == sorted(s.legal_moves())
        check_view(s, p, rng)
    return s


def test_random_matches_keep_every_rule_at_every_move():
    for seed in range(GAMES):
        play_checked(seed, 3, Rng(seed + 100))


def test_matches_of_one_three_five_deals_hj20_hj21():
    for deals in (1, 3, 5):
        for seed in range(GAMES):
            s = H.new_game(seed, {"deals": deals})
            rng = Rng(seed)
            while not s.is_over():
                moves = s.legal_moves()
                if moves == [CONTINUE]:  # the match is not decided yet
                    w = s.scores()
                    assert abs(w[0] - w[1]) <= deals - len(s.history())
                s.apply(moves[rng.below(len(moves))])
            hist = s.history()
            wins = [len([1 for a, b in hist if a > b]), len([1 for a, b in hist if b > a])]
            assert s.scores() == wins and s.deal_no == len(hist) <= deals
            assert len(hist) == deals or abs(wins[0] - wins[1]) > deals - len(hist)
            best = max(wins)
            assert s.winner() == (wins.index(best) if wins.count(best) == 1 else -1)
            assert s.legal_moves() == [] and s.to_move() == -1
            assert s.why_illegal(CONTINUE) == "the match is over"


def test_encoding_holds_any_score():
    # Scores are stored with engine.codec, not a byte each: large and negative
    # values survive the round trip (the protocol promises it for every game).
    s = H.new_game(3)
    s.pts = [300, 0]
    s.wins = [1000, 2]
    s.hist = [[300, -5], [70000, 1]]
    t = H.decode(s.encode())
    assert t.deal_points() == [300, 0] and t.scores() == [1000, 2] and t.history() == [[300, -5], [70000, 1]]
    assert t.encode() == s.encode()
