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


def start(match, seat):
    # (moves made, a copy of the state then, True) to replay the rest of the
    # match on, from just before seat's last decision; (0, the match's first
    # state, False) when it has made none (or seat is None).
    at = mark(match, seat) if seat is not None and match.is_person(seat) else None
    if at is None:
        return 0, match.game.new_game(match.seed, match.options, len(match.seats)), False
    return at[0], at[1].clone(), True


def as_shown(match, seat, hide):
    # The state before the match's last `hide` moves, as seat's table shows it
    # while it keeps their outcome back (tables.Base.unshown).
    n, st, _ = start(match, seat)
    for m in match.moves[n:len(match.moves) - hide]:
        st.apply_legal(m)
    return st
