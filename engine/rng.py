# Deterministic random numbers, identical on CPython and MicroPython.
# A 32-bit xorshift kept as two 16-bit words (shifts 5, 3, 1; period 2**32 - 1),
# so every intermediate value stays a small int on a 32-bit port: no bignums.

# The state a view keeps in place of the dealing Rng's: a seat's view must not
# hold what would tell the next deal (every game's view() writes it).
BLANK = b"\0\0\0\1"


class Rng:
    def __init__(self, seed=1, stream=0):
        self.seed(seed, stream)

    def seed(self, seed, stream=0):
        # seed: a non-negative int below 2**30 (match seeds are); stream: a
        # number added to the high word, so one seed gives several streams
        # (the deal's is 0, a bot seat's is seat + 1).
        self.x = seed & 0xFFFF
        self.y = ((seed >> 16) + stream) & 0xFFFF
        if not (self.x or self.y):
            self.y = 0x9E37
        for _ in range(8):  # spread small seeds over both words
            self.next16()

    def next16(self):
        x = self.x
        t = (x ^ (x << 5)) & 0xFFFF
        y = self.y
        self.x = y
        y = (y ^ (y >> 1)) ^ (t ^ (t >> 3))
        self.y = y
        return y

    def below(self, n):  # native
        # Uniform in 0..n-1 for 1 <= n <= 65536, by rejection (no modulo bias).
        # next16()'s step written out: searches draw numbers by the thousand.
        if n <= 1:
            return 0
        limit = 65536 - 65536 % n
        x = self.x
        y = self.y
        while True:
            t = (x ^ (x << 5)) & 0xFFFF
            x = y
            y = (y ^ (y >> 1)) ^ (t ^ (t >> 3))
            if y < limit:
                self.x = x
                self.y = y
                return y % n

    def draw(self, seq, k):  # native
        # The first k places of seq dealt at random from all of it, in place:
        # place i takes the item at i + below(len(seq) - i), drawing the very
        # numbers below() would. below()'s step written out: a search deals its
        # sampled worlds' cards by the thousand.
        n = len(seq)
        x = self.x
        y = self.y
        for i in range(k):
            m = n - i
            if m > 1:
                limit = 65536 - 65536 % m
                while True:
                    t = (x ^ (x << 5)) & 0xFFFF
                    x = y
                    y = (y ^ (y >> 1)) ^ (t ^ (t >> 3))
                    if y < limit:
                        break
                j = i + y % m
                seq[i], seq[j] = seq[j], seq[i]
        self.x = x
        self.y = y

    def shuffle(self, seq):
        # Fisher-Yates in place over a list or bytearray.
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1

    def copy_from(self, other):  # native
        # other's state, with nothing allocated (a search goes back to it often).
        self.x = other.x
        self.y = other.y

    def get_state(self):
        return bytes((self.x >> 8, self.x & 255, self.y >> 8, self.y & 255))

    def set_state(self, data, at=0):
        self.x = (data[at] << 8) | data[at + 1]
        self.y = (data[at + 2] << 8) | data[at + 3]


def resumed(state):
    # An Rng at a state get_state() gave: a match keeps its dealing Rng as
    # those 4 bytes between deals and deals the next one from them.
    rng = Rng()
    rng.set_state(state)
    return rng


def seed_bot(rng, seed, moves):
    # The one way a bot's Rng is seeded, on the device, in selfplay and in the
    # benches: again before every bot move, from the match seed and the number
    # of moves made, so a resumed match makes the choices one that never
    # stopped would, and a seed gives the same bot play everywhere.
    rng.seed(seed ^ (7919 * (moves + 1)))
    return rng
