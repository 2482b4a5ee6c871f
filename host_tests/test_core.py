# runs-on: micropython
# Engine core: cards, bit sets, the RNG, score codec and record writing.
from engine import bits, cards, codec, record
from engine.rng import Rng
from host_tests.check import raises


def test_card_labels_round_trip():
    seen = {}
    for c in range(52):
        text = cards.label(c)
        assert cards.parse(text) == c, text
        seen[text] = c
    assert len(seen) == 52
    assert cards.label(cards.HEARTS * 13 + 8) == "10h"
    assert cards.label(cards.SPADES * 13 + 10) == "Qs"
    assert cards.label(cards.JOKER) == "Jk"
    assert cards.label(cards.JOKER + 2) == "Jk"


def test_parse_refuses_nonsense():
    for bad in ("", "1h", "11s", "Zx", "Qz", "h"):
        msg = raises(ValueError, cards.parse, bad)
        assert "not a card" in msg


def test_bits_agree_with_naive_counts():
    rng = Rng(7)
    for _ in range(400):
        x = (rng.next16() << 12) ^ rng.next16()  # up to 28 bits, a small int everywhere
        idx = [i for i in range(28) if x >> i & 1]
        assert bits.popcount(x) == len(idx)
        assert bits.members(x) == idx
        assert bits.lowest(x) == (idx[0] if idx else -1)
        assert bits.highest(x) == (idx[-1] if idx else -1)
    assert bits.members(0b101, 13) == [13, 15]


def test_rng_stream_is_fixed_and_seed_dependent():
    a = Rng(12345)
    b = Rng(12345)
    sa = [a.next16() for _ in range(100)]
    assert sa == [b.next16() for _ in range(100)]
    assert sa != [Rng(12346).next16() for _ in range(100)]
    assert all(0 <= v < 65536 for v in sa)
    assert Rng(0).next16() != 0  # the all-zero state would be stuck


def test_rng_state_save_restore():
    r = Rng(99)
    for _ in range(10):
        r.next16()
    saved = r.get_state()
    ahead = [r.below(52) for _ in range(20)]
    r2 = Rng(1)
    r2.set_state(saved)
    assert [r2.below(52) for _ in range(20)] == ahead


def test_rng_copy_from_takes_the_state():
    r = Rng(99)
    r.next16()
    mark = Rng(1)
    mark.copy_from(r)
    ahead = [r.below(52) for _ in range(20)]
    assert [mark.below(52) for _ in range(20)] == ahead
    r.copy_from(mark)  # back to where the copy stood
    assert r.next16() == mark.next16()


def test_below_draws_by_rejection_from_next16():
    # below(n) is the first next16() under the highest multiple of n, mod n:
    # searches rely on the very numbers (records replay them).
    r = Rng(7)
    ref = Rng(7)
    for n in (2, 3, 5, 6, 7, 13, 52, 100, 1000, 40000, 65535, 65536):
        for _ in range(200):
            limit = 65536 - 65536 % n
            v = ref.next16()
            while v >= limit:
                v = ref.next16()
            assert r.below(n) == v % n, n
    assert r.below(1) == 0 and r.next16() == ref.next16()  # below(1) draws nothing


def test_below_and_shuffle_are_fair_enough():
    r = Rng(2024)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert min(counts) > 850 and max(counts) < 1150, counts
    deck = bytearray(range(54))
    r.shuffle(deck)
    assert sorted(deck) == list(range(54))
    assert list(deck) != list(range(54))


def test_dumps_is_canonical():
    obj = {"seed": 3, "game": "x", "moves": bytearray([1, 255]), "result": None,
           "options": {"b": True, "a": "q\"\\"}}
    text = record.dumps(obj)
    assert text == '{"game":"x","moves":[1,255],"options":{"a":"q\\"\\\\","b":true},"result":null,"seed":3}'
    raises(TypeError, record.dumps, {"f": 1.5})


def test_codec_round_trips_any_score():
    # Scores reach the thousands (Georgian Joker) and go negative (-300 a deal).
    out = bytearray()
    values = [0, 1, -1, 63, -64, 64, 127, 128, 255, 256, -300, 1240, -2048, 65535, 2**29 - 1, -2**29]
    for v in values:
        codec.put_int(out, v)
    at = 0
    for v in values:
        got, at = codec.get_int(out, at)
        assert got == v
    assert at == len(out)
    rows = bytearray(b"x")
    codec.put_ints(rows, [values[:4], [], values], codec.put_ints)  # a match's points per round
    assert codec.get_ints(rows, 1, codec.get_ints) == ([values[:4], [], values], len(rows))
    one = bytearray()
    codec.put_int(one, 63)
    codec.put_int(one, -64)
    assert len(one) == 2  # small scores take a byte each
    many = bytearray()
    codec.put_ints(many, [5, -200, 1000])
    assert codec.get_ints(many, 0) == ([5, -200, 1000], len(many))


def test_rng_streams_stay_small_ints():
    # A seat's stream differs from the deal's and from other seats'; no value
    # on the way passes 2**30 (a bignum on a 32-bit board).
    deal = Rng(2**29 + 12345)
    seats = [Rng(2**29 + 12345, s + 1) for s in range(4)]
    heads = [[r.next16() for _ in range(8)] for r in [deal] + seats]
    assert len(set([tuple(h) for h in heads])) == 5
    for r in [deal] + seats:
        assert r.x < 65536 and r.y < 65536
