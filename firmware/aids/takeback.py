# Take back (issue 24): with one person and bots, the pause menu offers to
# return the match to just before the person's last decision, the bots'
# replies undone too (firmware/match.py take_back). Not offered once anything
# since that decision showed the person a card they had not seen before it:
# played again, the move would be made knowing it. Per game (the rules
# screens say so, in "How to play on Joker Pocket"):
#   every game   a round's end (its result, Joker Poker's reveal) and the deal after it
#   Double Joker nothing else: both hands are open (DJ-info)
#   Habitual     a card from a hand: the bot's, or the person's, which draws from the store
#   Prediction   a call, which turns a card
#   Georgian     a card a bot plays, and a trump named (the rest of the hands dealt)
#   Joker Poker  nothing else: arrangements and bets stay secret until the reveal
# Loaded with the pause menu, dropped with it.
from engine.state import CONTINUE


def offered(match):
    # Whether the pause menu offers "Take back my move".
    you = match.you
    if you is None or match.persons() != 1:
        return False
    mark = match.mark(you)
    if mark is None:
        return False
    st = mark[1].clone()
    for m in match.moves[mark[0]:]:
        if shows(match, st, m):
            return False
        st.apply_legal(m)
        if st.deal_over():
            return False
    return True


def shows(match, st, m):
    # Whether the legal move m in st shows the person a card they have not seen.
    if m == CONTINUE:
        return True
    g = match.game
    gid = match.game_id
    mine = st.to_move() == match.you
    if gid == "habitual":
        return not st.from_spares(m) and (not mine or st.store_count() > 0)
    if gid == "prediction":
        return g.CALL <= m < g.PREDICT
    if gid == "georgian":
        return m >= g.TRUMP or (not mine and m < g.BID)  # a trump named; a card or Joker played
    return False
