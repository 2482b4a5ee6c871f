# Hint (issue 24): the pause menu's "Hint" asks the top bot what it would
# play from the seat of the person to move, from that seat's view alone
# (the view, the same seeding as a bot's move (engine.rng.seed_bot), so the
# same budget and time), and says it is the bot's choice; A plays it, B goes
# back to the table (before the search starts too: then no hint is counted).
# The match counts each seat's hints (kept in the save, shown at the match's
# end). Loaded while it is open.
from engine.rng import seed_bot
from firmware import ui
from firmware.saves import write


class Hint(ui.Dialog):
    transient = ("firmware.aids.hint", "firmware.aids")

    def __init__(self, app, game):
        self.game = game
        m = game.match
        self.level = m.bots.ORDER[-1]  # the top level (engine/ai: ORDER, weakest first)
        self.bot = m.bots.LEVELS[self.level]
        ui.Dialog.__init__(self, app, "The %s bot is thinking..." % self.bot, "")
        self.move = -1
        self.then = -1  # the turn's next step, where the hint tells it

    def busy(self):
        return self.move < 0

    def tick(self, now):
        if self.move >= 0 or self.dirty:
            return  # thinking is said on the panel before the search starts
        m = self.game.match
        seat = self.game.who
        self.move = m.bots.choose(m.state.view(seat), self.level, seed_bot(m.rng, m.seed, len(m.moves)))
        m.hints[seat] += 1
        if m.moves:
            try:
                write(m.root, m.record())  # the count survives a power cut
            except OSError as e:
                self.app.saving_off(e)
        text = m.state.view(seat).describe(self.move, m.you)  # the seat's words: no card it cannot see
        if m.steps(self.move):
            # The turn's next step too, from the seat's view after this one
            # (seeded as a bot's move after it); A plays the first, and the
            # table's cursor then waits on the next.
            st = m.state.clone()
            st.apply_legal(self.move)
            if st.to_move() == seat:
                v = st.view(seat)
                self.then = m.bots.choose(v, self.level, seed_bot(m.rng, m.seed, len(m.moves) + 1))
                t = v.describe(self.then, m.you)
                text += ", then " + ("you" + t[3:] if t.startswith("You") else t)
        self.rows = ui.wrap("%s bot's choice: %s" % (self.bot, ui.glyphs(text)), self.COLS)
        self.hint = "A: play it   B: back"
        self.dirty = True

    def yes(self):
        if self.move >= 0:
            self.app.pop()
            self.game.choose(self.move)
            if self.then >= 0 and self.game.my_turn():
                self.game.table.offer(self.then)

    # B (Dialog.no()) goes back, even before the search: a mind changed costs nothing.
