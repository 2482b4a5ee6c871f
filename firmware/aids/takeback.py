# Take back (issue 24): with one person and bots, the pause menu offers to
# return the match to just before the person's last decision, the bots'
# replies undone too (take_back below): the start of their last turn, a
# turn in two steps (Double Joker's place then lead, Prediction's point then
# call) taken back whole (Match.marks). Not offered once anything
# since that decision showed the person a card they had not seen before it:
# played again, the move would be made knowing it. Per game (the rules
# screens say so, in "How to play on Joker Pocket"):
#   every game   a round's end (its result, Joker Poker's reveal) and the deal after it
#   Double Joker nothing else: both hands are open (DJ-info)
#   Habitual     a card from a hand: the bot's, or the person's, which draws from the store
#   Prediction   a call, which turns a card
#   Georgian     a card a bot plays, and a trump named (the rest of the hands dealt)
#   Joker Poker  nothing else: arrangements and bets stay secret until the reveal
# The pause menu's aids are here too (lines, title, chosen): this module is
# loaded while the menu is open over a table, then dropped.
from engine import const
from engine.state import CONTINUE
from firmware import font, saves, ui
from firmware.aids import mark
from firmware.saves import PERSON

HINT = "Hint"
TAKE_BACK = "Take back my move"
LOOK = "hold B: look back"
LOOK_X = const(46)  # 5 columns clear of "Paused", 3 of the arrow at the bar's end when more lines are below


def lines(app, game, shared):
    # The pause menu's lines between Resume and Quit: a hint to the person to
    # move first, then the shared lines (Rules, Scores), a take back when
    # offered after them: B DOWN A, learnt for a hint, once took a move back
    # where no hint was offered (a review).
    out = [HINT] if game.my_turn() and game.pending < 0 and not game.table.holding() else []
    out += shared
    if offered(app.match):
        out.append(TAKE_BACK)
    return out


def title(menu, fb):
    # The menu's title bar (its title left empty): "Paused", and how to look
    # back (B held on the table), as every B tap on a table lands here.
    y = (ui.H - (min(len(menu.items), ui.OVERLAY_ROWS) + 1) * ui.ROW - 4) // 2 + 1
    font.text(fb, "Paused", 6, y, 0, ui.NORMAL)
    if menu.top == 0:  # (scrolled, the arrow up takes its place)
        font.text(fb, LOOK, LOOK_X, y + 2, 0)


def chosen(app, game, line):
    # One of lines() chosen in the pause menu (app's top screen).
    if line == HINT:
        from firmware.aids.hint import Hint

        app.replace(Hint(app, game))
    else:
        app.pop()
        take_back(app, game)


def offered(match):
    # Whether the pause menu offers "Take back my move".
    you = match.you
    if you is None or match.persons() != 1:
        return False
    at = mark(match, you)
    if at is None:
        return False
    st = at[1].clone()
    for m in match.moves[at[0]:]:
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


def take_back(app, game):
    # The match as it was just before the one person's last decision: the
    # bots' replies go too, and the save follows. Played again, the same move
    # gets the same replies (engine.rng.seed_bot).
    match = game.match
    you = match.seats.index(PERSON)
    n, st = mark(match, you)
    match.state = st
    match.moves = match.moves[:n]
    match.marks[you] = -1  # the decision before, if any
    match.stepped = -1  # the turn taken back whole: the move before it was no step of the person's
    match.message = "You took back your move"
    match.told = n  # every table says it until a press (Match.notice)
    try:
        if n:
            saves.write(match.root, match.record())
        else:
            saves.delete(match.root)  # as a match that made no move
            app.saved = None  # its first move's save replaced any older one: nothing is left to resume
    except OSError as e:
        app.saving_off(e)
    game.moved_at = app.now
    game.changed()
