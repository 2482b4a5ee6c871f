# Six buttons to GND with pull-ups (pressed reads 0), polled. A pin must hold a new
# level for DEBOUNCE_MS before it counts, so contact bounce and glitches are ignored;
# a press queues one event, and a held direction repeats. Events wait in a small ring
# buffer, so presses between two frames are not lost. poll() and get() allocate nothing.
from engine import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")

DEBOUNCE_MS = const(15)
REPEAT_DELAY_MS = const(300)  # first repeat of a held direction
REPEAT_MS = const(80)  # the repeats after it
QUEUE = const(16)  # events kept; when full, new events are dropped (and counted)


class Buttons:
    def __init__(self, pins, clock):
        self.pins = pins
        self.clock = clock
        now = clock.ticks_ms()
        # A button held at power-up is taken as already down: it must be released
        # and pressed again to count, nor does a held direction repeat before
        # (it raced round the title).
        self._raw = [1 - p.value() for p in pins]  # 1 = pressed, as last sampled
        self._down = list(self._raw)  # debounced state
        self._armed = bytearray(len(pins))  # pressed since power-up: may repeat
        self._since = [now] * len(pins)  # when the raw level last changed
        self._next = [now] * len(pins)  # when a held direction repeats next
        self._queue = bytearray(QUEUE)
        self._head = 0
        self._count = 0
        self.dropped = 0
        self.repeat = True  # held directions repeat (a setting)

    def poll(self):
        # Call often (every few ms, and at least once per frame).
        clock = self.clock
        now = clock.ticks_ms()
        raw = self._raw
        down = self._down
        for i in range(len(raw)):
            level = 1 - self.pins[i].value()
            if level != raw[i]:
                raw[i] = level
                self._since[i] = now
            elif level != down[i]:
                if clock.ticks_diff(now, self._since[i]) >= DEBOUNCE_MS:
                    down[i] = level
                    if level:
                        self._push(i)
                        self._armed[i] = 1
                        self._next[i] = clock.ticks_add(now, REPEAT_DELAY_MS)
            elif level and i < A and self.repeat and self._armed[i] and clock.ticks_diff(now, self._next[i]) >= 0:
                self._push(i)
                # From now, not from the due time: a late poll gives one repeat, not a burst.
                self._next[i] = clock.ticks_add(now, REPEAT_MS)

    def _push(self, b):
        if self._count == QUEUE:
            self.dropped += 1
            return
        self._queue[(self._head + self._count) % QUEUE] = b
        self._count += 1

    def inject(self, b):
        # Queues an event as if pressed (simulator scripts, fuzzing).
        self._push(b)

    def get(self):
        # The oldest queued button, or -1 when none is waiting.
        if not self._count:
            return -1
        b = self._queue[self._head]
        self._head = (self._head + 1) % QUEUE
        self._count -= 1
        return b

    def pending(self):
        return self._count

    def clear(self):
        # Forgets queued presses (e.g. when a hand-off screen appears).
        self._count = 0

    def is_down(self, b):
        # The debounced state right now, for hold gestures.
        return self._down[b] == 1
