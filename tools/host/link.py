# Link cables for the simulator and the tests: boards in a ring (each one's TX
# to the next one's RX) on virtual wires, with a fault injector that drops,
# corrupts and delays bytes (seeded), and cables that can be pulled and put
# back. A port is what firmware.link.ring reads: any(), read(n), write(buf).
import os
import random
import time

from firmware.app import FRAME_MS
from firmware import play
from firmware.buttons import A


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
    # n boards (device: tools/sim.py's Device), board k's TX on wires[k], read by board k+1.
    def __init__(self, device, n, root, seed=1, faults=None, bot_delay=None):
        self.device = device
        self.now = 0
        self.root = str(root)
        self.wires = [Wire(faults) for _ in range(n)]
        self.ports = [Port(self, self.wires[k - 1], self.wires[k]) for k in range(n)]
        self.seed = seed
        self.bot_delay = bot_delay
        self.boots = 0
        self.devs = [self.boot(k) for k in range(n)]

    def boot(self, k):
        # Board k powered up (again) on its own storage, its cable in place.
        self.boots += 1
        d = self.device(os.path.join(self.root, "board%d" % (k + 1)), self.seed * 101 + self.boots, link=self.ports[k])
        if self.bot_delay is not None:
            d.app.bot_delay = self.bot_delay
        return d

    def reset(self, k):
        # Board k reset mid-match: a new app on the same storage.
        self.devs[k] = self.boot(k)
        return self.devs[k]

    def step(self, check=None):
        # One frame of every board, then the wires' time moves on. -> whether a panel changed.
        changed = False
        for d in self.devs:
            changed = d.frame() or changed
            if check is not None:
                check(d)
        self.now += FRAME_MS
        return changed

    def cable(self, k):
        # The cable out of board k: its TX to board k+1's RX.
        return self.wires[k]


class Boards(Ring):
    # The ring as tools/sim.py drives one device: presses go to the board in
    # focus (a script's `board K`, TAB in the window), every frame steps all
    # boards, and the picture is every panel side by side.
    GAP = 4  # pixels between two panels

    focus = 0
    wall = False  # paced as the real time goes (a window), else as fast as it runs

    @property
    def pins(self):
        return self.devs[self.focus].pins

    @property
    def buttons(self):
        return self.devs[self.focus].buttons

    @property
    def clock(self):
        return self.devs[self.focus].clock

    @property
    def app(self):
        return self.devs[self.focus].app

    def frame(self):
        t = time.time()
        changed = self.step()
        if self.wall:
            time.sleep(max(0, FRAME_MS / 1000 - (time.time() - t)))
        return changed

    def press(self, b):
        self.buttons.inject(b)
        self.frame()

    def wait(self, ms):
        for _ in range(max(1, ms // FRAME_MS)):
            self.frame()

    def hold(self, b, ms):
        self.pins[b].value(0)
        self.wait(ms)
        self.pins[b].value(1)
        self.wait(3 * FRAME_MS)

    def idle(self, limit_ms=60000):
        spent = 0
        while any([d.app.busy() for d in self.devs]) and spent < limit_ms:
            self.frame()
            spent += FRAME_MS

    def pixels(self):
        rows = [d.pixels() for d in self.devs]
        gap = [0] * self.GAP
        return [sum([r[y] + gap for r in rows], [])[: -self.GAP] for y in range(64)]

    def shot(self, path, scale=4):
        # The board in focus alone (a pair of shots taken together: the same moment).
        self.devs[self.focus].shot(path, scale)


class Play:
    # Plays every board's people by seeded random legal moves through the game
    # screen (choose(): what the table's cursor hands it), A through held
    # tables, hand-offs and round ends. games[k]: board k's game screen;
    # seen[k]: the seats whose side board k showed.
    def __init__(self, ring, rng):
        self.ring = ring
        self.rng = rng
        self.games = [None] * len(ring.devs)
        self.seen = [set() for _ in ring.devs]

    def turn(self, k):
        d = self.ring.devs[k]
        t = d.app.stack[-1]
        if isinstance(d.app.stack[0], play.GameScreen):
            self.games[k] = g = d.app.stack[0]
            if g.match.state is not None and not g.bot:
                self.seen[k].add(g.viewer)
        if isinstance(t, (play.GameEnd, play.Handoff)) or isinstance(t, play.GameScreen) and t.table.holding():
            d.press(A)
        elif isinstance(t, play.GameScreen) and t.my_turn() and t.pending < 0:  # (a slow move is played next frame)
            legal = t.match.state.legal_moves()
            t.choose(legal[self.rng.below(len(legal))])

    def over(self):
        return all([isinstance(d.app.stack[-1], play.MatchEnd) for d in self.ring.devs])
