# The screens of a match in play: the game screen that runs the table, the
# bots and the pass-and-play hand-off to the next person, the pause menu and
# the quit confirmation, and the end-of-round and end-of-match screens, for 2
# to 4 seats and any mix of people and bots.
from engine import const
from engine.state import CONTINUE, best_seats
from firmware import scores, tables, ui
from firmware.saves import PERSON

_END_DELAY = const(1200)  # ms the final position stays up before the result screen
HOLD_MS = const(600)  # B held this long on a table opens the look back (firmware/aids/lookback.py)
SETTLE_MS = const(500)  # the end screens and the hand-off take no key this soon, nor a table A after a
# held result went on by itself: A pressed on through the last held position would pass a result
# unseen, start the next match, play a card, or show the next person's hand to the one who just moved
NONE = const(0)
DEAL = const(1)  # a game of the match ended: CONTINUE is the only move
MATCH = const(2)


# B on a table, its pause menu or a round's end screen: held HOLD_MS it looks
# back (the screen's hold_b()), a tap does what its tap_b() says. The buttons
# queue the press when B goes down, so a hold is told by the clock, in the
# screen's tick(), while its b_at (when B went down) is set.
def press_b(screen):
    if screen.app.buttons.is_down(ui.B):
        screen.b_at = screen.app.now  # held or let go: tick_b() tells
    else:
        screen.tap_b()  # already let go (or a press a script sent)


def take_keys(screen, now):
    # A hand-off or an end screen takes keys SETTLE_MS after it came (its at),
    # and draws them from then on (its keys).
    if not screen.keys and screen.app.clock.ticks_diff(now, screen.at) >= SETTLE_MS:
        screen.keys = screen.dirty = True


def tick_b(screen, now):
    if screen.b_at is None:
        return
    down = screen.app.buttons.is_down(ui.B)
    if down and screen.app.clock.ticks_diff(now, screen.b_at) < HOLD_MS:
        return
    screen.b_at = None
    if down:
        screen.hold_b()
    else:
        screen.tap_b()


class GameScreen(ui.Screen):
    def __init__(self, app, match):
        ui.Screen.__init__(self, app)
        self.match = match
        self.table = tables.load(match.game_id).Table(match)
        info = match.game.INFO
        # Pass-and-play hides the table between two people's turns (on this
        # board, in link play) unless the game shows every hand anyway, or its
        # option to reveal them is on.
        self.hidden = info.hidden and match.persons_here() > 1 and match.option(info.reveal) != "On"
        # The side shown: the first person's (of this board) until someone
        # moves (seat 1's with bots only); in hidden games the person who last
        # had the device.
        mine = [q for q in range(len(match.seats)) if match.is_person(q) and match.here(q)]
        self.viewer = mine[0] if mine else 0
        self.handed = False  # the viewer has taken the device (hidden games)
        self.moved_at = app.now
        self.pending = -1  # a slow move, played once the frame saying so is shown
        self.b_at = None  # when B went down (press_b())
        self.went_on = app.clock.ticks_add(app.now, -SETTLE_MS)  # when a held result last went on by itself
        self.glide = None  # a played card on its way (tables.Glide), with Animations on
        self.changed()

    def changed(self):
        # Everything tick() needs, worked out once per move, not per frame.
        st = self.match.state
        self.end = NONE
        if st.is_over():
            self.end = MATCH
        elif st.deal_over():
            self.end = DEAL
        self.who = st.to_move()
        self.bot = self.end == NONE and not self.match.is_person(self.who)
        # A seat another linked board moves for (its person, or a bot of the host's).
        self.away = self.end == NONE and not self.match.here(self.who)
        if self.end == NONE and not self.bot and not self.away and not self.hidden:
            self.viewer = self.who  # open hands: show the side of the person to move
        self.table.refresh(self.viewer)
        self.dirty = True

    def play(self, move, local=True):
        tones = self.app.tones  # the buzzer while Sound is on (firmware/sound.py)
        was = tones.before(self.match.state) if tones is not None else None
        mover = self.match.state.to_move()
        if move == CONTINUE:
            self.handed = False  # everyone saw the round's end: the next hand waits for its hand-off
        self.match.step(move)
        if self.app.net is not None:  # a move made here goes round before its save (issue 26: ~80 ms sooner)
            self.app.net.moved(len(self.match.moves) - 1, local)
        try:
            self.match.save()
        except OSError as e:  # the move stands; only its save failed
            self.app.saving_off(e)
        self.moved_at = self.app.now
        self.changed()
        # (None when a hand-off or another board's turn comes at once.)
        at = self.table.landing(mover) if self.app.animate and not self.handing() and not self.away else None
        self.glide = tables.Glide(at) if at is not None else None
        if tones is not None:
            tones.after(self.match, was, move)

    def remote(self, move):
        # A move another linked board made (firmware/link/session.py); False
        # when it is not legal here. A round's result comes up before the
        # CONTINUE of another board deals the next one.
        if not self.match.state.legal(move):
            return False
        if self.app.stack[-1] is self.app.net.wait:
            self.app.pop()
        st = self.app.stack
        if self.end == DEAL and not [s for s in st if isinstance(s, GameEnd)]:
            # Under a menu or the look back too, for when it closes: it went
            # unseen there, the next deal already dealt (a review).
            st.insert(st.index(self) + 1, GameEnd(self.app, self))
        self.play(move, False)
        return True

    def busy(self):
        return self.pending >= 0 or self.b_at is not None or self.glide is not None or \
            (self.bot and not self.away or self.end != NONE) and not self.table.holding() or \
            self.app.results > 0 and self.table.holding()

    def tick(self, now):
        g = self.glide
        if g is not None:  # a card on its way: the rest waits for its resting frame
            if not self.dirty:  # its last frame shown: the next on the way, or the one at rest
                g.k += 1
                if g.k >= tables.STEPS:
                    self.glide = None
                self.dirty = True
            return
        if self.b_at is not None:
            tick_b(self, now)
            return
        if self.pending >= 0:
            if not self.dirty:  # shown: now the wait
                self._pended()
            return
        if self.table.holding():
            # Until A, or with Results: Go on (settings) a while, as a bot's move stays.
            if self.app.results and self.app.clock.ticks_diff(now, self.moved_at) >= self.app.results:
                self._go_on()
                self.went_on = now  # an A pressed as it went takes nothing else (SETTLE_MS)
            return
        if self.end != NONE:
            if self.app.clock.ticks_diff(now, self.moved_at) >= _END_DELAY:
                self._result()
            return
        if self.away:
            self.app.push(self.app.net.waiting_for(self))
            return
        if self.bot and not self.handing():
            if self.app.clock.ticks_diff(now, self.moved_at) < self.app.bot_delay:
                return
            self.play(self.match.bot_move())
        if self.handing():
            self.app.buttons.clear()  # presses meant for the last player
            self.app.push(Handoff(self.app, self))

    def handing(self):
        # A person to move who does not have the device yet gets the hand-off
        # at once, even right after a bot's move (no frame of the last side);
        # so does the first person when bots move before anyone has it (a
        # match's start or a resume: the table shows that person's side).
        if self.end != NONE or not self.hidden or self.table.holding():
            return False
        if self.bot:
            return not self.handed
        return self.who != self.viewer or not self.handed

    def _result(self):
        if self.end == MATCH:
            # A person's match counts in the statistics: taken from its state
            # now, written once the game's modules are freed (firmware/stats.py).
            got = None
            if self.match.persons_here():
                from firmware import stats

                got = stats.taken(self.match)
            end = MatchEnd(self.app, self.match, self.table)
            self.app.end_match()  # no save left, the game's modules freed
            self.app.replace(end)
            if got is not None:
                stats.count(self.app, got)
        else:
            self.app.push(GameEnd(self.app, self))

    def _pended(self):
        m = self.pending
        self.pending = -1
        self.play(m)

    def on_button(self, b):
        self.match.told = -1  # a take back's notice gives way at the first press (Match.notice)
        if self.glide is not None:  # a press ends the way at once and counts
            self.glide = None
            self.dirty = True
        if self.pending >= 0:
            self._pended()  # a press comes after the move it follows
        if self.b_at is not None:
            return  # B is held: other presses mean nothing meanwhile
        if b == ui.A and self.app.clock.ticks_diff(self.app.now, self.went_on) < SETTLE_MS:
            return  # meant for the result that just went on by itself
        if b == ui.B:
            press_b(self)
        elif self.table.holding():
            # A goes on; so does an arrow when the person moves next, and moves
            # their cursor too (a press saved on every trick: a review).
            act = b != ui.A and self.my_turn()
            if b == ui.A or act:
                self._go_on()
                if act and not self.table.holding() and self.end == NONE:
                    self.table.on_button(b)
        elif self.end != NONE:
            if b == ui.A:
                self._result()  # no need to wait
        elif not self.bot and self.who == self.viewer and (self.handed or not self.hidden):
            # (Presses before the hand-off is up, in the frame that started
            # the match say, are the last player's: dropped.)
            m = self.table.on_button(b)
            if m >= 0:
                self.choose(m)
            else:
                self.dirty = True

    def _go_on(self):
        # What was held has been seen: on to its next step, or the round's result.
        self.table.release()
        self.moved_at = self.app.now
        self.dirty = True
        if self.end != NONE and not self.table.holding():
            self._result()  # the last position was seen: its result at once

    def choose(self, m):
        # The person's move: a slow one (a search) once the frame saying so is shown.
        if self.table.slow(m):
            self.pending = m
            self.dirty = True
        else:
            self.play(m)

    def tap_b(self):
        # A table that takes a play in steps (Habitual Joker: a card, then
        # its target) goes back a step first; from the first, the menu.
        if self.my_turn() and self.table.back():
            self.dirty = True
        else:
            self.app.push(Pause(self.app, self))

    def my_turn(self):
        # The person at the table is to move and has the device.
        return self.end == NONE and not self.bot and self.who == self.viewer and (self.handed or not self.hidden)

    def look_back(self):
        from firmware.aids.lookback import LookBack

        self.app.push(LookBack(self.app, self.match, self.viewer, self.table.unshown()))

    hold_b = look_back

    def draw(self, fb):
        self.table.draw(fb)
        if self.glide is not None:
            self.glide.draw(fb)

    def shown(self):
        self.dirty = True
        self.glide = None  # (a hand-off may have turned the table round)
        self.moved_at = self.app.now  # a bot waits again after a menu closes


class Handoff(ui.Screen):
    # Blanks the table until the next person has the device; the table may add
    # a few lines everybody may see (bids so far, say).
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.game = game
        self.seat = game.viewer if game.bot else game.who  # a bot to move: the side shown
        self.at = app.now
        self.keys = False  # takes keys: SETTLE_MS after it came, when "press A" shows

    def draw(self, fb):
        lines = self.game.table.handoff_lines(self.seat)
        y = 20 - 3 * len(lines)
        ui.centre(fb, "Pass to Player %d" % (self.seat + 1), y)
        y += 12
        for t in lines:
            ui.centre(fb, t, y, 1, ui.SMALL)
            y += 7
        if self.keys:
            ui.centre(fb, "press A", y + 2)

    def tick(self, now):
        take_keys(self, now)

    def busy(self):
        return not self.keys

    def on_button(self, b):
        if not self.keys:
            return
        if b == ui.A:
            g = self.game
            g.viewer = self.seat
            g.handed = True
            g.table.refresh(self.seat)
            self.app.pop()
        elif b == ui.B:
            self.app.push(Pause(self.app))


AIDS = ("firmware.aids.takeback", "firmware.aids")  # the pause menu's aids, loaded while it is open over a table


class Pause(ui.Menu):
    # Over the table (game: the game screen) it offers the aids that fit the
    # moment and says how to look back: B held, here as on the table
    # (firmware/aids/takeback.py lines(), title(), chosen(): loaded while the
    # menu is open, so a match holds none).
    overlay = True

    def __init__(self, app, game=None):
        items = ["Rules", "Scores"]
        self.game = game
        self.b_at = None  # (press_b())
        if game is not None:
            from firmware.aids import takeback

            self.aid = takeback
            self.transient = AIDS
            items = takeback.lines(app, game, items)
        ui.Menu.__init__(self, app, "Paused" if game is None else "", ["Resume"] + items + ["Quit match"])

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        if self.game is not None:
            self.aid.title(self, fb)

    def on_button(self, b):
        if self.b_at is not None:
            return  # B is held
        if b == ui.B and self.game is not None:
            press_b(self)  # a tap closes the menu, a hold looks back
        else:
            ui.Menu.on_button(self, b)

    def tick(self, now):
        tick_b(self, now)

    def busy(self):
        return self.b_at is not None

    def tap_b(self):
        self.back()

    def hold_b(self):
        self.app.pop()
        self.game.look_back()

    def select(self, i):
        m = self.app.match
        t = self.items[i]
        if t == "Resume":
            self.app.pop()
        elif t == "Rules":
            from firmware.rules import Rules

            self.app.push(Rules(self.app, m.game_id, m.title()))
        elif t == "Scores":
            game = self.app.stack[0]  # the game screen, under this menu
            sheet = game.table.sheet(self.app)
            if sheet is None:
                hide = game.table.unshown()
                st = None
                if hide:  # the scores as the table shows them, its reveal not told
                    from firmware.aids import as_shown

                    st = as_shown(m, game.viewer, hide)
                sheet = scores.ScoreSheet(self.app, scores.Standings(m, st=st))
                sheet.showing = hide > 0
            self.app.push(sheet)
        elif t == "Quit match":
            self.app.replace(QuitConfirm(self.app, self))
        else:
            self.aid.chosen(self.app, self.game, t)


class QuitConfirm(ui.Dialog):
    # A linked match is left, not quit: it stays saved on every board.
    def __init__(self, app, menu):
        ui.Dialog.__init__(self, app, "Leave this match?" if app.net else "Quit this match?", "A yes / B no")
        self.menu = menu  # the pause menu it came from, back on B

    def yes(self):
        if self.app.net is not None:
            self.app.pop()
            self.app.net.leave()
        else:
            self.app.quit_match()

    def no(self):
        self.app.replace(self.menu)


def verdict(scores, names):
    # Who won the match, in a line of the NORMAL font.
    best = best_seats(scores)
    if len(best) == 1:
        w = names[best[0]]
        return "You win the match!" if w == "You" else w + " wins the match"
    if len(best) == len(scores):
        return "Drawn match"
    return "Shared win: " + " ".join([names[i] for i in best])


def result_page(fb, title, top, rows, standings, y, hint, last=True):
    # The end screens: a title bar, a line in NORMAL (or none), how the round
    # ended (SMALL, up to two rows), the scores table at y (the last round's
    # row when last), and the keys.
    ui.header(fb, title)
    at = ui.ROW + 2
    if top:
        ui.centre(fb, top, at)
        at += 10
    for r in rows:
        ui.centre(fb, r, at, 1, ui.SMALL)
        at += 6
    y = standings.draw(fb, y, last)
    if hint is not None:  # (None: the screen takes no key yet)
        ui.centre(fb, hint + ("   \x11: scores" if standings.last is not None else ""), 57, 1, ui.SMALL)
    return y


class EndScreen(ui.Screen):
    # What the end screens share: the scores taken when the round ended, and
    # RIGHT for the score sheet: the table's own (taken now, as the match may
    # end), else the shared one.
    def __init__(self, app, match, table):
        ui.Screen.__init__(self, app)
        self.sheet = table.sheet(app)
        self.standings = scores.Standings(match, self.sheet is None)
        self.rows = ui.wrap(ui.glyphs(match.result_text()), 32)[:2]
        self.at = app.now
        self.keys = False  # takes keys, and says which: SETTLE_MS after it came
        self.b_at = None  # (press_b())

    def settling(self):
        # No key yet: a second A meant for the held position before it, or
        # pressed as a held result went on by itself, would pass it unseen.
        return not self.keys

    def hint(self, keys):
        return keys if self.keys else None

    def tick(self, now):
        take_keys(self, now)
        tick_b(self, now)

    def on_button(self, b):
        if b == ui.RIGHT:
            self.app.push(self.sheet or scores.ScoreSheet(self.app, self.standings))
        else:
            self.key(b)

    def key(self, b):
        pass


class GameEnd(EndScreen):
    # How the round ended and the scores so far; A deals the next round, B
    # held looks back over it (a tap: the pause menu).
    def __init__(self, app, game):
        EndScreen.__init__(self, app, game.match, game.table)
        self.game = game
        w = game.match.info.round
        n = len(game.match.state.history())  # the rounds finished, this one the last
        self.title = w[0].upper() + w[1:] + (" %d over" % n if n else " over")
        # What A leads to (the title says which round ended): "Next: game 2, best of 3".
        m = game.match
        t = m.info.goal_text(m.options, len(m.seats), n + 1)
        self.next = "Next: " + t[0].lower() + t[1:]

    def draw(self, fb):
        result_page(fb, self.title, "", self.rows, self.standings, 25, self.hint("A: continue"))
        ui.centre(fb, self.next, 48, 1, ui.SMALL)

    def key(self, b):
        if self.settling():
            return
        if b == ui.A:
            self.app.pop()
            if self.game.end == DEAL:  # (in link play another board may have dealt on already)
                self.game.play(CONTINUE)
        elif b == ui.B and self.b_at is None:
            press_b(self)

    def busy(self):
        return self.b_at is not None or self.settling()

    def tap_b(self):
        self.app.push(Pause(self.app))

    def hold_b(self):
        self.game.look_back()


class MatchEnd(EndScreen):
    # The winner, how the last round ended and the final scores; A plays again
    # with the same setup, B goes back to the title.
    transient = ("firmware.menus",)  # loaded to start the next match

    def __init__(self, app, match, table):
        EndScreen.__init__(self, app, match, table)
        self.verdict = verdict(self.standings.scores, self.standings.names)
        self.setup = (match.game_id, match.options, match.seats)
        # The hints each seat took (firmware/aids/hint.py), when any: a row under
        # the scores, in place of the last round's points (the score sheet, on
        # RIGHT, has them), so the round's result keeps both its lines.
        self.hints = match.hints if max(match.hints) else None  # (B: a tap leaves; a hold, meant to look back, does not)

    def draw(self, fb):
        h = self.hints
        net = self.app.net
        hint = "A: again  B: title" if net is None else net.end_hint()
        y = result_page(fb, "Match over", self.verdict, self.rows, self.standings, 35, self.hint(hint), h is None)
        if h is not None:
            scores.row(fb, y, "hints", ["%d" % v for v in h])

    def key(self, b):
        if self.b_at is not None or self.settling():
            return
        if b == ui.B:
            press_b(self)
        elif self.app.net is not None:
            self.app.net.end_key(b, self)  # link play: again with the same boards
        elif b == ui.A:
            self.app.again(self.setup)

    def busy(self):
        return self.b_at is not None or self.settling()

    def tap_b(self):
        if self.app.net is not None:
            self.app.net.end_key(ui.B, self)  # leaves the linked match
        else:
            self.app.home()

    def hold_b(self):
        pass  # the match is closed: nothing to look back over
