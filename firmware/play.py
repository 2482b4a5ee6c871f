# The screens of a match in play: the game screen that runs the table, the
# bots and the pass-and-play hand-off, and the end-of-game and end-of-match
# screens.
from engine.state import CONTINUE
from firmware import tables, ui
from firmware.match import PERSON
from firmware.menus import Pause

END_DELAY = 1200  # ms the final position stays up before the result screen
NONE = 0
DEAL = 1  # a game of the match ended: CONTINUE is the only move
MATCH = 2


class GameScreen(ui.Screen):
    def __init__(self, app, match):
        ui.Screen.__init__(self, app)
        self.match = match
        self.table = tables.load(match.game_id).Table(match)
        info = match.game.INFO
        # Pass-and-play hides the table between two people's turns unless the
        # game shows every hand anyway, or its option to reveal them is on.
        self.hidden = info.hidden and match.persons() > 1 and match.option(info.reveal) != "On"
        # The first person's side, until someone moves (seat 1 for bots only).
        self.viewer = match.seats.index(PERSON) if match.persons() else 0
        self.handed = False  # the viewer has taken the device (hidden games)
        self.moved_at = app.now
        self._changed()

    def _changed(self):
        # Everything tick() needs, worked out once per move, not per frame.
        st = self.match.state
        self.end = NONE
        if st.is_over():
            self.end = MATCH
        elif st.deal_over():
            self.end = DEAL
        self.who = st.to_move()
        self.bot = self.end == NONE and not self.match.is_person(self.who)
        if self.end == NONE and not self.bot and not self.hidden:
            self.viewer = self.who  # open hands: show the side of the person to move
        self.table.refresh(self.viewer)
        self.dirty = True

    def play(self, move):
        self.match.play(move)
        self.moved_at = self.app.now
        self._changed()

    def busy(self):
        return self.bot or self.end != NONE

    def tick(self, now):
        if self.end != NONE:
            if self.app.clock.ticks_diff(now, self.moved_at) >= END_DELAY:
                self._result()
        elif self.bot:
            if self.app.clock.ticks_diff(now, self.moved_at) >= self.app.bot_delay:
                self.play(self.match.bot_move())
        elif self.hidden and (self.who != self.viewer or not self.handed):
            self.app.buttons.clear()  # presses meant for the last player
            self.app.push(Handoff(self.app, self))

    def _result(self):
        if self.end == MATCH:
            end = MatchEnd(self.app, self.match)
            self.app.end_match()  # no save left, the game's modules freed
            self.app.replace(end)
        else:
            self.app.push(GameEnd(self.app, self))

    def on_button(self, b):
        if b == ui.B:
            # A table that takes a play in steps (Habitual Joker: a card, then
            # its target) goes back a step first; from the first, the menu.
            back = getattr(self.table, "back", None)
            if self.end == NONE and not self.bot and self.who == self.viewer and back and back():
                self.dirty = True
            else:
                self.app.push(Pause(self.app))
        elif self.end != NONE:
            if b == ui.A:
                self._result()  # no need to wait
        elif not self.bot and self.who == self.viewer:
            m = self.table.on_button(b)
            if m >= 0:
                self.play(m)
            else:
                self.dirty = True

    def draw(self, fb):
        self.table.draw(fb)

    def shown(self):
        self.dirty = True
        self.moved_at = self.app.now  # a bot waits again after a menu closes


class Handoff(ui.Screen):
    # Blanks the table until the next person has the device.
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        self.seat = game.who

    def draw(self, fb):
        ui.centre(fb, "Pass to Player %d" % (self.seat + 1), 20)
        ui.centre(fb, "press A", 36)

    def on_button(self, b):
        if b == ui.A:
            g = self.game
            g.viewer = self.seat
            g.handed = True
            g.table.refresh(self.seat)
            self.app.pop()
        elif b == ui.B:
            self.app.push(Pause(self.app))


def scores_line(match):
    s = match.state.scores()
    parts = []
    for i in range(len(s)):
        parts.append("P%d %d" % (i + 1, s[i]))
    return "  ".join(parts)


def round_word(match):
    # What one round of a match is called: "game", "deal".
    return match.game.INFO.round


def ended_rows(st):
    # How the game ended, then, for a game that keeps them (HJ-match), the
    # points of every deal so far on one row.
    rows = ui.wrap(ui.glyphs(st.result_text()), 30)
    if st.history():
        pts = " ".join(["-".join([str(v) for v in h]) for h in st.history()])
        rows = rows[:2] + [pts if len(pts) > 22 else "points: " + pts]
    return rows


def result_page(fb, title, rows, big, small, hint):
    # The end screens' layout: how the game ended (SMALL, up to 3 rows), one
    # line in NORMAL, one more in SMALL, and what A does.
    ui.header(fb, title)
    y = ui.ROW + 4
    for r in rows[:3]:
        ui.centre(fb, r, y, 1, ui.SMALL)
        y += 7
    ui.centre(fb, big, 37)
    ui.centre(fb, small, 48, 1, ui.SMALL)
    ui.centre(fb, hint, 57, 1, ui.SMALL)


class GameEnd(ui.Screen):
    # How the game ended and the games won so far; A deals the next game.
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        self.rows = ended_rows(game.match.state)
        self.word = round_word(game.match)

    def draw(self, fb):
        w = self.word
        result_page(fb, w[0].upper() + w[1:] + " over", self.rows, scores_line(self.game.match), w + "s won",
                    "A: continue")

    def on_button(self, b):
        if b == ui.A:
            self.app.pop()
            self.game.play(CONTINUE)
        elif b == ui.B:
            self.app.push(Pause(self.app))


class MatchEnd(ui.Screen):
    # The winner and the games won; A goes back to the title.
    def __init__(self, app, match):
        ui.Screen.__init__(self, app)
        st = match.state
        self.rows = ended_rows(st)
        w = st.winner()
        if w is None or w < 0:
            self.verdict = "Drawn match"
        elif match.is_person(w) and match.persons() == 1:
            self.verdict = "You win the match!"
        else:
            self.verdict = "P%d wins the match" % (w + 1)
        self.score = round_word(match) + "s won: " + scores_line(match)

    def draw(self, fb):
        result_page(fb, "Match over", self.rows, self.verdict, self.score, "A: back to title")

    def on_button(self, b):
        if b == ui.A or b == ui.B:
            self.app.home()
