# Cards are small ints: suit * 13 + rank, rank 0 = Two ... 12 = Ace, in the suit
# order below. Ids 52 and up are Jokers: Habitual Joker deals 52 and 53; Joker
# Poker's 52, 53 and 54 are its red, black and red/black Jokers. Double Joker
# deals none (its two Jokers only mark the joker stacks). A game that orders
# cards otherwise maps them in its own module.
SUITS = "cdhs"  # clubs, diamonds, hearts, spades
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "23456789TJQKA"
CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3
JOKER = 52


def rank_label(rank):
    return "10" if rank == 8 else RANKS[rank]


def label(c):
    # "10h", "Qs", "Jk": short enough for the 128x64 screen and the logs.
    if c >= JOKER:
        return "Jk"
    return rank_label(c % 13) + SUITS[c // 13]


def parse(text):
    text = text.strip()
    if text in ("Jk", "jk", "JK"):
        return JOKER
    if len(text) < 2:
        raise ValueError("not a card: %r" % text)
    r = text[:-1].upper()
    if r == "10":
        r = "T"
    s = SUITS.find(text[-1].lower())
    i = RANKS.find(r)
    if s < 0 or i < 0 or len(r) != 1:
        raise ValueError("not a card: %r" % text)
    return s * 13 + i
