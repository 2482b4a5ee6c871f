# Link cables for the simulator and the tests: boards in a ring (each one's TX
# to the next one's RX) on virtual wires, with a fault injector that drops,
# corrupts and delays bytes (seeded), and cables that can be pulled and put
# back. A port is what firmware.link.ring reads: any(), read(n), write(buf).
import os
import random

from firmware.app import FRAME_MS
from tools.sim import SEEDS, Device


class Faults:
    # Per byte: dropped with probability drop, a bit flipped with corrupt;
    # with probability delay a byte (and the ones behind it: a wire keeps
    # order) waits up to delay_ms more.
    def __init__(self, seed=1, drop=0.0, corrupt=0.0, delay=0.0, delay_ms=0):
        self.rng = random.Random(seed)
        self.drop, self.corrupt, self.delay, self.delay_ms = drop, corrupt, delay, delay_ms
        self.dropped = self.corrupted = self.delayed = 0


class Wire:
    # One direction of one cable.
    def __init__(self, faults=None):
        self.faults = faults
        self.q = []  # [time it arrives, byte], in order
        self.plugged = True
        self.carried = 0  # bytes put on the wire

    def send(self, now, data):
        if not self.plugged:
            return
        f = self.faults
        due = max(now, self.q[-1][0]) if self.q else now
        for b in data:
            self.carried += 1
            if f is not None:
                r = f.rng.random()
                if r < f.drop:
                    f.dropped += 1
                    continue
                if r < f.drop + f.corrupt:
                    f.corrupted += 1
                    b ^= 1 << f.rng.randrange(8)
                elif r < f.drop + f.corrupt + f.delay:
                    f.delayed += 1
                    due = max(due, now + f.rng.randrange(f.delay_ms + 1))
            self.q.append([due, b])

    def ready(self, now):
        n = 0
        while n < len(self.q) and self.q[n][0] <= now:
            n += 1
        return n

    def take(self, now, k):
        n = min(k, self.ready(now))
        out = bytes([e[1] for e in self.q[:n]])
        del self.q[:n]
        return out

    def pull(self):
        self.plugged = False
        self.q = []

    def plug(self):
        self.plugged = True


class Port:
    # A board's UART on the ring: reads its wire in, writes its wire out.
    def __init__(self, ring, rx, tx):
        self.ring, self.rx, self.tx = ring, rx, tx

    def any(self):
        return self.rx.ready(self.ring.now)

    def read(self, n):
        return self.rx.take(self.ring.now, n) or None

    def write(self, buf):
        self.tx.send(self.ring.now, bytes(buf))
        return len(buf)


class Ring:
    # n boards (tools/sim.py Devices), board k's TX on wires[k], read by board k+1.
    def __init__(self, n, root, seed=1, faults=None, bot_delay=None, seeds_dir=SEEDS):
        self.now = 0
        self.root = str(root)
        self.wires = [Wire(faults) for _ in range(n)]
        self.ports = [Port(self, self.wires[k - 1], self.wires[k]) for k in range(n)]
        self.seed = seed
        self.bot_delay = bot_delay
        self.seeds_dir = seeds_dir
        self.boots = 0
        self.devs = [self.boot(k) for k in range(n)]

    def boot(self, k):
        # Board k powered up (again) on its own storage, its cable in place.
        self.boots += 1
        d = Device(os.path.join(self.root, "board%d" % (k + 1)), self.seed * 101 + self.boots, seeds_dir=self.seeds_dir,
                   link=self.ports[k])
        if self.bot_delay is not None:
            d.app.bot_delay = self.bot_delay
        return d

    def reset(self, k):
        # Board k reset mid-match: a new app on the same storage.
        self.devs[k] = self.boot(k)
        return self.devs[k]

    def step(self, check=None):
        # One frame of every board, then the wires' time moves on.
        for d in self.devs:
            d.frame()
            if check is not None:
                check(d)
        self.now += FRAME_MS

    def cable(self, k):
        # The cable out of board k: its TX to board k+1's RX.
        return self.wires[k]
