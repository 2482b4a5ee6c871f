# Delivery round the ring. Each board's TX goes to the next board's RX, so a
# frame reaches every board by being passed on: a board hands each frame it
# reads on at once, unless it sent it itself. A frame that comes back to its
# sender has therefore reached every board: that return is its acknowledgement.
# Frames sent with send() go one at a time and are resent until they return
# (the app's clock, no sleeping; the session keeps the queue short); post() sends once (beats that repeat anyway).
# A resent or passed-round-twice frame is known by its (sender, seq) and
# handled once; every message of session.py can be handled twice anyway.
# A frame whose sender is gone (a board reset, or its session ended) would go
# round for ever: a board drops a frame it passed on less than CIRCLE_MS ago
# (it came round again; its sender resends only every RESEND_MS).
from engine import const
from firmware.link import frame

RESEND_MS = const(400)
CIRCLE_MS = const(250)
RECENT = const(8)  # frames remembered as passed on


class Link:
    def __init__(self, port, me, seq, clock):
        self.port = port
        self.clock = clock
        self.me = me  # this board's link id, 1..65535
        self.seq = seq & 0xFF
        self.reader = frame.Reader()
        self.queue = []  # frames of send() not yet back: queue[0] is on the ring
        self.at = None  # when queue[0] was last written
        self.seen = {}  # link id -> the seq of its frame last handled
        self.acked = 0  # how many frames of send() came back
        self.sent = 0  # how many were given to send()
        self.written = 0  # bytes this board wrote: its own frames, resends, frames passed on
        self.now = clock.ticks_ms()
        self.recent = [0] * (3 * RECENT)  # (link id, seq, when) of the last frames passed on, round
        self.last = 0  # where the next goes in recent
        while port.any() and port.read(frame.MAX_FRAME):
            pass  # what came while this board was not linked: an earlier session's

    def send(self, kind, payload):
        # Queues a frame that is resent until it has been round; -> its ticket
        # (done(ticket) once it is back).
        self.queue.append(self._frame(kind, payload))
        self.sent += 1
        return self.sent

    def done(self, ticket):
        return ticket <= self.acked

    def idle(self):
        return not self.queue

    def post(self, kind, payload):
        self._write(self._frame(kind, payload))

    def _frame(self, kind, payload):
        self.seq = (self.seq + 1) & 0xFF
        return frame.pack(kind, self.me, self.seq, payload)

    def _write(self, data):
        self.written += len(data)
        self.port.write(data)

    def poll(self, now, handle):
        # Reads what arrived (once a frame: nothing is allocated while the line
        # is quiet), passes others' frames on, handle(kind, payload) for each
        # new one; sends or resends the frame at the head of the queue.
        self.now = now
        port = self.port
        r = self.reader
        while port.any():
            got = port.read(r.room())
            if not got:
                break
            r.take(got)
            n = r.frame()
            while n:
                self._got(r.buf, n, handle)
                r.drop(n)
                n = r.frame()
        self.due(now)

    def due(self, now):
        # Sends the frame at the head of the queue if it is not on the ring yet,
        # or again when it has not come back in RESEND_MS.
        q = self.queue
        if q and (self.at is None or self.clock.ticks_diff(now, self.at) >= RESEND_MS):
            self.at = now
            self._write(q[0])

    def _got(self, buf, n, handle):
        who = frame.src(buf)
        s = frame.seq(buf)
        if who == self.me:
            q = self.queue
            if q and frame.seq(q[0]) == s:  # came back: every board has it
                q.pop(0)
                self.acked += 1
                self.at = None
            return
        if self._circling(who, s):
            return
        self._write(bytes(buf[:n]))
        if self.seen.get(who) == s:
            return
        if len(self.seen) > 8:  # boards that left (a reset board takes a new id)
            self.seen = {}
        self.seen[who] = s
        handle(frame.kind(buf), buf[frame.HEAD : n - 2])

    def _circling(self, who, s):
        # Whether this frame was passed on less than CIRCLE_MS ago; else it is
        # remembered as passed on now.
        r = self.recent
        for i in range(0, 3 * RECENT, 3):
            if r[i] == who and r[i + 1] == s and self.clock.ticks_diff(self.now, r[i + 2]) < CIRCLE_MS:
                return True
        i = self.last
        r[i] = who
        r[i + 1] = s
        r[i + 2] = self.now
        self.last = (i + 3) % (3 * RECENT)
        return False
