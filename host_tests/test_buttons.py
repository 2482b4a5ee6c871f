# runs-on: micropython
# Buttons: debounce, press edges, auto-repeat of held directions, the event queue.
from firmware import buttons
from firmware.buttons import A, B, DOWN, LEFT, QUEUE, RIGHT, UP, Buttons
from tools.host.devices import FakeClock, FakePin

STEP = 1  # ms between polls in the timing tests


def rig(start=1000):
    pins = tuple([FakePin(i) for i in range(6)])
    clock = FakeClock(start)
    return pins, clock, Buttons(pins, clock)


def run(btns, clock, ms, step=STEP):
    # Polls for `ms` milliseconds; returns (time since start, button) per event.
    got = []
    t = 0
    while t < ms:
        clock.advance(step)
        t += step
        btns.poll()
        b = btns.get()
        while b >= 0:
            got.append((t, b))
            b = btns.get()
    return got


def drain(btns):
    out = []
    b = btns.get()
    while b >= 0:
        out.append(b)
        b = btns.get()
    return out


def test_press_counts_once_after_the_debounce_time():
    for b in range(6):
        pins, clock, btns = rig()
        pins[b].value(0)
        early = run(btns, clock, buttons.DEBOUNCE_MS)
        assert early == [], "a press counts only once it is stable"
        late = run(btns, clock, 200)
        assert [x[1] for x in late] == [b]
        pins[b].value(1)
        assert run(btns, clock, 100) == [], "a release is not an event"


def test_glitches_and_bounce_are_filtered():
    pins, clock, btns = rig()
    for width in range(1, buttons.DEBOUNCE_MS):  # short spikes low: noise, not presses
        pins[A].value(0)
        got = run(btns, clock, width)
        pins[A].value(1)
        got += run(btns, clock, 50)
        assert got == [], width
    # Contact bounce: the level flips every 2 ms for 12 ms, then stays down.
    for i in range(6):
        pins[B].value(i & 1)
        assert run(btns, clock, 2) == []
    pins[B].value(0)
    got = run(btns, clock, 300)
    assert [x[1] for x in got] == [B]
    # Bounce on release does not make a second press either.
    for i in range(6):
        pins[B].value(1 - (i & 1))
        run(btns, clock, 2)
    pins[B].value(1)
    assert run(btns, clock, 300) == []


def test_held_direction_repeats_on_time_and_a_b_do_not():
    for b in (UP, DOWN, LEFT, RIGHT):
        pins, clock, btns = rig()
        pins[b].value(0)
        got = run(btns, clock, 1200)
        times = [t for t, x in got]
        assert all([x == b for t, x in got])
        first = times[0]
        assert first == STEP + buttons.DEBOUNCE_MS  # the first poll sees the edge
        assert times[1] - first == buttons.REPEAT_DELAY_MS
        gaps = [times[i + 1] - times[i] for i in range(1, len(times) - 1)]
        assert gaps and all([g == buttons.REPEAT_MS for g in gaps]), gaps
        assert len(times) == 2 + (1200 - first - buttons.REPEAT_DELAY_MS) // buttons.REPEAT_MS
        pins[b].value(1)
        assert run(btns, clock, 500) == [], "release stops the repeat"
    for b in (A, B):
        pins, clock, btns = rig()
        pins[b].value(0)
        assert [x[1] for x in run(btns, clock, 2000)] == [b]


def test_slow_polling_repeats_without_bursts():
    # A busy app polls every 250 ms: the press counts at the second poll (the
    # first sees the edge), the repeat at the first poll past its due time, and
    # a late poll gives one repeat, never a burst to catch up.
    step = 250
    pins, clock, btns = rig()
    pins[RIGHT].value(0)
    got = run(btns, clock, 2000, step=step)
    want = [(2 * step, RIGHT)]
    due = 2 * step + buttons.REPEAT_DELAY_MS
    t = 3 * step
    while t <= 2000:
        if t >= due:
            want.append((t, RIGHT))
            due = t + buttons.REPEAT_MS
        t += step
    assert got == want and len(got) >= 4


def test_presses_between_frames_wait_in_order():
    pins, clock, btns = rig()
    order = (UP, A, LEFT, LEFT, B, DOWN, RIGHT, A)
    for b in order:  # quick taps while the app is busy: poll runs, get does not
        pins[b].value(0)
        for _ in range(5):
            clock.advance(5)
            btns.poll()
        pins[b].value(1)
        for _ in range(5):
            clock.advance(5)
            btns.poll()
    assert btns.pending() == len(order)
    assert drain(btns) == list(order)
    assert btns.get() == -1


def test_overflow_drops_the_newest_and_counts_them():
    pins, clock, btns = rig()
    for i in range(QUEUE + 5):
        btns.inject(i % 6)
    assert btns.dropped == 5
    assert drain(btns) == [i % 6 for i in range(QUEUE)]
    btns.inject(B)  # room again after reading
    assert drain(btns) == [B]
    btns.inject(A)
    btns.clear()
    assert btns.get() == -1


def test_ticks_wraparound_changes_nothing():
    ticks_max = 0x3FFFFFFF
    for start in (ticks_max - 5, ticks_max - 200):
        pins, clock, btns = rig(start)
        pins[UP].value(0)
        got = run(btns, clock, 500)
        times = [t for t, x in got]
        first = STEP + buttons.DEBOUNCE_MS
        assert times[:2] == [first, first + buttons.REPEAT_DELAY_MS], times


def test_button_held_at_power_up_is_not_a_press():
    # Nor does a direction held then repeat (it raced round the title): each
    # counts once let go and pressed again; the console is told (board.py).
    for held in (A, DOWN):
        pins = tuple([FakePin(i) for i in range(6)])
        pins[held].value(0)
        clock = FakeClock()
        btns = Buttons(pins, clock)
        assert run(btns, clock, 1500) == []
        assert btns.is_down(held)
        pins[held].value(1)
        run(btns, clock, 50)
        assert not btns.is_down(held)
        pins[held].value(0)
        got = [x[1] for x in run(btns, clock, 50 if held == A else 350)]
        assert got == ([A] if held == A else [DOWN, DOWN])  # a press, and its repeat after 300 ms


def test_names_match_constants():
    assert len(buttons.NAMES) == 6
    for i, name in enumerate(buttons.NAMES):
        assert getattr(buttons, name) == i
