# The player aids of issue 24, each loaded only while it is used and dropped
# after (this package with it): lookback (B held on a table), takeback and hint
# (the pause menu). A folder of their own: every file in firmware/ adds to
# each import's directory search at boot on the board's littlefs (three more
# there cost 12 ms).


def mark(match, seat):
    # (moves made, a copy of the state) just before seat's last decision
    # (Match.marks), or None when that seat has made none. One not kept (after
    # a resume, a take back) is found by a replay from the deal (a resume's time).
    if match.marks[seat] == -1:
        match.replay(match.moves, 0)
    return match.marks[seat]
