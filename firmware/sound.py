# Sound (issue 24): short tones on a piezo buzzer driven by a PWM pin, loaded
# only on a board whose profile names one ("buzzer": {"pin": N}). TONES is the
# one table of what is played: the board's PWM, the simulator and the web page
# (which play what the PWM is set to) all sound it. A tone never blocks a
# frame: play() sets the first note's pitch and duty, and tick(), from every
# frame, moves on by the clock and goes quiet after the last.
from engine import const
from engine.state import CONTINUE

DUTY = const(32768)  # duty_u16: high half the period, a piezo's loudest
# name -> its notes, (Hz, ms) each, played one after another; every note lasts
# at least a frame (firmware.app.FRAME_MS)
TONES = {
    "turn": ((1568, 60), (2093, 60)),  # your turn, after a bot or another person moved
    "won": ((1319, 60), (1760, 90)),  # you (one person among bots) took a trick, or won a round
    "match": ((1047, 120), (1319, 120), (1568, 120), (2093, 300)),  # a person won the match
}


class Buzzer:
    def __init__(self, pwm, clock):
        # pwm: machine.PWM's freq(hz) and duty_u16(d) (firmware/circuitpy.py has them over pwmio)
        self.pwm = pwm
        self.clock = clock
        self.notes = None  # the tone playing, None when quiet
        self.i = 0
        self.until = 0
        pwm.duty_u16(0)

    def play(self, name):
        self.notes = TONES[name]
        self.i = 0
        self._note(self.clock.ticks_ms())

    def _note(self, now):
        hz, ms = self.notes[self.i]
        self.pwm.freq(hz)
        self.pwm.duty_u16(DUTY)
        self.until = self.clock.ticks_add(now, ms)

    def tick(self, now):
        if self.notes is None or self.clock.ticks_diff(now, self.until) < 0:
            return
        self.i += 1
        if self.i < len(self.notes):
            self._note(now)
        else:
            self.pwm.duty_u16(0)
            self.notes = None

    def before(self, st):
        # What after() compares with: who moves, and the last finished trick
        # of a game that has tricks ((..., winner)), else None.
        f = getattr(st, "last_trick", None)
        return st.to_move(), f() if f is not None else None

    def after(self, match, was, move):
        # Plays the tone a move calls for (was: before() of the state it was
        # made in), one at most: a match won by a person (of this board, in
        # link play); else, for the one
        # person among bots ("You"; among people a shared device cannot say
        # whose it is), a round they won outright (the top deal_value, above
        # 0) or a trick they took; else "turn" when a person is to decide
        # after another seat moved (not after the CONTINUE that deals anew).
        st = match.state
        name = None
        if st.is_over():
            w = st.winner()
            if w >= 0 and _mine(match, w):
                name = "match"
        elif st.deal_over():
            v = [st.deal_value(q) for q in range(len(match.seats))]
            top = max(v)
            if top > 0 and v.count(top) == 1 and v.index(top) == match.you:
                name = "won"
        else:
            mover, t = was
            now = self.before(st)
            if now[1] is not None and now[1] != t and now[1][-1] == match.you:
                name = "won"
            elif move != CONTINUE and now[0] != mover and _mine(match, now[0]):
                name = "turn"
        if name is not None:
            self.play(name)


def _mine(match, seat):
    # A person at this board (in link play, not one at another board).
    return match.is_person(seat) and match.here(seat)
