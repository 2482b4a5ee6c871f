# runs-on: micropython
# Sound (issue 24): a tone's notes are played on the buzzer's PWM by the clock,
# from the frame loop (firmware.app calls tick() every frame): each for its
# time in whole frames, in order, then quiet; nothing sleeps, and a new tone
# cuts the last one short.
from firmware import sound
from tools.host.devices import FakeClock, FakePWM

FRAME_MS = 30  # firmware.app.FRAME_MS

def test_a_tone_plays_its_notes_by_the_clock():
    clock = FakeClock()
    pwm = FakePWM()
    b = sound.Buzzer(pwm, clock)
    heard = []
    b.play("match")
    for _ in range(40):
        heard.append(pwm.sounding())
        clock.advance(FRAME_MS)
        b.tick(clock.ticks_ms())
    notes = sound.TONES["match"]
    # Each note sounds for its time, rounded up to whole frames, in order, then quiet.
    want = []
    for hz, ms in notes:
        want += [hz] * ((ms + FRAME_MS - 1) // FRAME_MS)
    assert heard[:len(want)] == want and set(heard[len(want):]) == {0}
    assert clock.slept == 0 and b.notes is None
    b.play("turn")
    b.play("won")  # a new tone cuts the last one short
    assert pwm.sounding() == sound.TONES["won"][0][0]


def test_every_tone_is_short_and_audible():
    # A piezo sounds about 1-4 kHz best; a tone stays under a second.
    for name in ("turn", "won", "match"):
        notes = sound.TONES[name]
        assert sum([ms for _, ms in notes]) < 1000, name
        for hz, ms in notes:
            assert 1000 <= hz <= 4000 and ms >= FRAME_MS, (name, hz, ms)
