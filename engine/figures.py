# Each game's own figure for the board's statistics (firmware/stats.py), as
# the screen names it and as counted from a finished match's state for one
# seat, through the game's public accessors. Loaded at a match's end and for
# the Statistics screen only: no game's module carries this code while a match
# is played (Georgian Joker's heap is at its limit then). A game without a
# line has no figure (Double Joker: a game is won or lost by one card).
from engine import const

_WON = const(3)  # engine.games.jokerpoker.WON, not imported: the screen loads no game


def cards_scored(st, seat):
    # Habitual Joker: the points of every deal, the cards scored on the seat's stacks (HJ-score).
    return sum([h[seat] for h in st.history()])


def exact_calls(st, seat):
    # Prediction: calls of the exact card (PR-8).
    return st.exact_calls(seat)


def bids_made(st, seat):
    # Georgian Joker: deals in which the seat took exactly its bid (GJ-18).
    n = 0
    for d in range(st.deals_done()):
        bids, took, _ = st.sheet_row(d)
        n += bids[seat] == took[seat]
    return n


def bets_won(st, seat):
    # Joker Poker: the seat's bets its hands won, alone or tied and taken back (JP-16, JP-17).
    n = 0
    for w in st.betting_cards(seat):  # (MicroPython's bytes.count takes no int)
        n += w == _WON + seat
    return n


FIGURES = (
    ("habitual", "Cards scored", cards_scored),
    ("prediction", "Exact calls", exact_calls),
    ("georgian", "Bids made", bids_made),
    ("jokerpoker", "Bets won", bets_won),
)


def figure(game_id):
    # (label, count(state, seat)) of the game's figure, or None.
    for f in FIGURES:
        if f[0] == game_id:
            return f[1], f[2]
    return None
