# Cards are small ints: suit * 13 + rank, rank 0 = Two ... 12 = Ace; 52..54 are Jokers.
SUITS = "cdhs"  # clubs, diamonds, hearts, spades
RANKS = "23456789TJQKA"
CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3
JOKER = 52
DECK = 55


def card(suit, rank):
    return suit * 13 + rank


def suit_of(c):
    return c // 13


def rank_of(c):
    return c % 13


def is_joker(c):
    return c >= JOKER


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
