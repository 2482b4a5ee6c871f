# The match protocol of link play (ring.py delivers the messages to every
# board). The host (board 1, number 0 here) seats the boards and sends the
# match: game, options, seed, seats and which board plays each person seat;
# bots move on the host alone. Every move then goes round as the index it has
# in the match and its byte, with the match's tag (its seed's low 16 bits: a
# frame of an earlier match still on the ring is known and dropped), sent by
# the one board that made it (the board of the seat to move; the host for
# bots; CONTINUE by whichever board is first: it is the same byte from any).
# Every message may arrive twice or late:
#   - a move whose index a board already has is ignored; one past its end
#     means it missed some: it asks (SYNC), and a board that has them sends them;
#   - at each round's end every board sends SYNC (its move count and a CRC of
#     the match so far); a board whose CRC differs from the host's takes the
#     host's record (the match again from its deal, then the host's moves);
#   - a board reset or unplugged resumes its save and asks the same way.
# Every board beats twice a second; a board not heard for SILENT_MS is shown
# as waited for while its seat is to move. A board that leaves says BYE
# (leave.py): the others show it gone until it beats again.
from engine import const, registry
from firmware.link import frame, ring

HELLO = const(1)  # a joiner's link id, posted each beat in the lobby
ROSTER = const(2)  # the host's list of link ids (board 1, 2, ...), posted each beat in the lobby
GAME = const(3)  # the match, sent by the host: see game.py
MOVES = const(4)  # the match's tag (2 bytes), index (2 bytes), then the moves from there
SYNC = const(5)  # board, move count (2 bytes), CRC of the match up to there (2 bytes)
BEAT = const(6)  # board, move count (2 bytes), posted each beat in a match
BYE = const(7)  # board: it left the match (its save stays: Resume there rejoins)
BEAT_MS = const(500)
SILENT_MS = const(2500)
STUCK_MS = const(1500)  # behind another board this long without a move: ask
BYE_MS = const(2000)  # a goodbye not back by then (a pulled cable): leave anyway
CHUNK = const(90)  # moves in one MOVES frame (4 bytes before them: frame.MAX_PAYLOAD 96)
BOARDS = const(4)


class Session:
    def __init__(self, app, host, me):
        # me: a random link id (menus.new_seed()).
        self.app = app
        self.host = host
        self.link = ring.Link(app.link, me % 65535 + 1, me >> 16, app.clock)
        self.board = 0 if host else None  # this board's number, once the host gave it
        self.roster = [self.link.me] if host else []  # link ids, board 0 first (the lobby)
        self.hello = [app.now]  # the host's lobby: when it last heard each of them
        self.heard = [None] * BOARDS  # when each board was last heard
        self.now = app.now
        self.beat = None
        self.progress = app.now  # the last move made or taken here
        self.untold = -1  # the first move others may still need from this board
        self.target = 0  # ... and the end of what they need
        self.ticket = 0  # the MOVES frame on the ring (link.done(ticket) once back)
        self.asked = 0  # the SYNC frame on the ring
        self.setup = None  # the match's (game id, options, seats, each seat's board)
        self.left = [False] * BOARDS  # the boards that said BYE and have not beaten since
        self.bye = 0  # this board's BYE on the ring ...
        self.bye_at = None  # ... since then, once it leaves
        self.waiting = False  # a joiner at the match's end waits for the host's next match
        self.late = False  # a joiner that found a match going on without it
        self.wait = None  # the line over the table while another board's seat is to move
        self.seed = 0  # the match's seed and moves, for _tell_moves() after it ended here
        self.moves = None

    # ----- every frame

    def poll(self, now):
        self.now = now
        link = self.link
        link.poll(now, self.got)
        if self.bye_at is not None and (link.done(self.bye) or self.app.clock.ticks_diff(now, self.bye_at) >= BYE_MS):
            self.app.quit_match(True)  # (this session goes with it)
            return
        # A board leaving beats no more: a beat after its BYE would tell the others it is back.
        if self.bye_at is None and (self.beat is None or self.app.clock.ticks_diff(now, self.beat) >= BEAT_MS):
            self.beat = now
            self._beat()
        self._tell_moves()

    def _tell_moves(self):
        # The moves others still need, in a MOVES frame once the last is back:
        # from the match's moves, kept past its end here (a board that played
        # the last move shows the result at once; the others still need it).
        m = self.app.match
        if m is not None:
            self.seed = m.seed  # (references: nothing allocated per frame)
            self.moves = m.moves
        link = self.link
        moves = self.moves
        if moves is not None and self.untold >= 0 and link.done(self.ticket):
            seed = self.seed
            i = self.untold
            end = min(len(moves), i + CHUNK)
            p = bytearray(4 + end - i)
            p[0] = (seed >> 8) & 0xFF
            p[1] = seed & 0xFF
            p[2] = i >> 8
            p[3] = i & 0xFF
            p[4:] = moves[i:end]
            self.ticket = link.send(MOVES, p)
            self.untold = end if end < self.target else -1

    def _beat(self):
        m = self.app.match
        if m is not None and self.board is not None:
            n = len(m.moves)
            self.link.post(BEAT, bytes((self.board, n >> 8, n & 0xFF)))
        elif self.host:
            # A joiner not heard for SILENT_MS went back (B) or was unplugged:
            # it left the lobby (it stayed counted, and Start waited for it).
            k = len(self.roster) - 1
            while k > 0:
                if self.app.clock.ticks_diff(self.now, self.hello[k]) >= SILENT_MS:
                    self.roster.pop(k)
                    self.hello.pop(k)
                    self._lobby()
                k -= 1
            p = bytearray()
            for i in self.roster:
                p.append(i >> 8)
                p.append(i & 0xFF)
            self.link.post(ROSTER, p)
        elif m is None:
            me = self.link.me
            self.link.post(HELLO, bytes((me >> 8, me & 0xFF)))

    def silent(self, board):
        t = self.heard[board]
        return t is None or self.app.clock.ticks_diff(self.now, t) >= SILENT_MS

    # ----- what arrives

    def got(self, kind, p):
        m = self.app.match
        if kind == BEAT and len(p) == 3:
            if self.board is None and not self.late:
                self.late = True
                self._lobby()
            if p[0] < BOARDS:
                self.heard[p[0]] = self.now
                if self.left[p[0]]:
                    self._gone(p[0], False)  # back: it resumed the match
            if m is not None and (p[1] << 8 | p[2]) > len(m.moves) and \
                    self.app.clock.ticks_diff(self.now, self.progress) >= STUCK_MS:
                self.ask()
        elif kind == HELLO and len(p) == 2:
            i = p[0] << 8 | p[1]
            if self.host and m is None and i in self.roster:
                self.hello[self.roster.index(i)] = self.now
            elif self.host and m is None and len(self.roster) < BOARDS:
                self.roster.append(i)
                self.hello.append(self.now)
                self._lobby()
        elif kind == ROSTER and not self.host and m is None:
            self.roster = [p[k] << 8 | p[k + 1] for k in range(0, len(p) - 1, 2)]
            self.board = self.roster.index(self.link.me) if self.link.me in self.roster else None
            self._lobby()
        elif kind == GAME and not self.host:
            self._got_game(p)
        elif kind == BYE and len(p) == 1 and p[0] < BOARDS and p[0] != self.board and not self.left[p[0]]:
            self._gone(p[0], True)
        elif m is None or len(p) < 2:
            return
        elif kind == MOVES and len(p) >= 4 and (p[0] << 8 | p[1]) == m.seed & 0xFFFF:
            self._got_moves(m, p[2] << 8 | p[3], p)
        elif kind == SYNC and len(p) == 5:
            self._got_sync(m, p[0], p[1] << 8 | p[2], p[3] << 8 | p[4])

    def _lobby(self):
        self.app.stack[-1].dirty = True  # the lobby shows who is linked

    def _gone(self, board, gone):
        # A board left (BYE) or came back (it beats again): in a match the
        # notice comes up or goes; the table's foot and the end screen say it.
        app = self.app
        self.left[board] = gone
        top = app.stack[-1]
        if gone and app.match is not None and self.bye_at is None:
            from firmware.link.leave import Left

            app.push(Left(app, self, board))
        elif not gone and type(top).__name__ == "Left" and top.board == board:
            app.pop()
        app.stack[-1].dirty = True

    def _got_moves(self, m, i, p):
        # p: the MOVES payload, its moves from index i on (p[4] is move i).
        n = len(m.moves)
        if i > n:
            self.ask()  # some moves never reached this board
            return
        for j in range(i, min(n, i + len(p) - 4)):
            if m.moves[j] != p[4 + j - i]:
                self.ask()  # another record of this match: the host settles it
                return
        game = self.app.stack[0]
        k = 4 + n - i
        while k < len(p):
            if not game.remote(p[k]):
                self.ask()
                return
            k += 1

    def _got_sync(self, m, board, count, crc):
        n = len(m.moves)
        if count > n:
            self.ask()  # that board has moves this one has not: it sends them
        elif digest(m, count) == crc:
            if count < n:
                self.tell(count, n)
        elif self.host:
            self.send_game(board)  # that board takes the host's record
            self.tell(0, n)
        elif board == 0:
            self.restart(m)  # the host disagrees: this board takes its record
            self.ask()

    def _got_game(self, p):
        # game_payload()'s bytes: start the match, or start it again when the
        # host says this board's record is not the host's.
        try:
            target, gid, options, seats, owners, seed, ids = _game().read_game(p)
        except (ValueError, IndexError):
            return
        finally:
            registry.forget([_GAME])
        m = self.app.match
        if self.board is None and self.link.me in ids:
            self.board = ids.index(self.link.me)
        if self.board is None or self.board not in owners:
            return  # a match this board has no seat in (it joined late)
        if m is not None and target != self.board + 1 and m.game_id == gid and m.seed == seed:
            return
        self.start(gid, options, seats, seed, owners)

    # ----- what this board says

    def leave(self):
        # This board leaves the match (saved here while it is in play): a
        # goodbye round the ring, then the title once it is back. Once another
        # board has left, no goodbye can come round (that board passes frames
        # on no more; a finished match's first leaver, say): written once for
        # the boards before it, and the title at once, not after BYE_MS.
        if self.bye_at is None and self.board is not None:
            p = bytes((self.board,))
            if True in self.left:
                self.link.post(BYE, p)
                self.bye = 0  # (done: not awaited)
            else:
                self.bye = self.link.send(BYE, p)
                self.link.due(self.app.now)  # on the cable now: a whole ring returns it a frame or two later
            self.bye_at = self.now
            m = self.app.match
            saved = m is not None and len(m.moves) > 0 and not m.state.is_over()
            self.app.push(_parting().Leaving(self.app, saved))

    # (leave.py: the screens of leaving and the keys at the match's end, loaded for them alone)

    def end_hint(self):
        return _parting().end_hint(self)

    def end_key(self, b, screen):
        _parting().end_key(self, b, screen)

    def waiting_for(self, game):
        # The line over game's table while the seat to move is another board's.
        from firmware.link.away import Away

        self.wait = Away(self.app, game)
        return self.wait

    def moved(self, i, local):
        # Move i was just played here, not yet saved: made on this board
        # (local) or taken from the ring. At a round's end every board checks the match.
        self.progress = self.now
        m = self.app.match
        if local:
            if self.untold < 0:
                self.untold = i
            self.target = max(self.target, i + 1)
            self._tell_moves()
            self.link.due(self.app.now)  # on the cable now, not a frame later
        if m.state.deal_over():
            self.ask()
        app = self.app
        app.touched = app.now
        if app.saver:
            app.wake()

    def tell(self, i, end):
        # Others need the moves from i to end (they asked, or were given the match again).
        self.untold = i if self.untold < 0 else min(self.untold, i)
        self.target = max(self.target, end)

    def ask(self):
        # SYNC: this board's move count and CRC, one on the ring at a time.
        m = self.app.match
        if m is None or self.board is None or not self.link.done(self.asked):
            return
        n = len(m.moves)
        c = digest(m, n)
        self.asked = self.link.send(SYNC, bytes((self.board, n >> 8, n & 0xFF, c >> 8, c & 0xFF)))

    def send_game(self, target):
        # The host's match to every board; target: the board that must start
        # it again from the deal (-1: none, the match is new).
        m = self.app.match
        self.link.send(GAME, _game().game_payload(m, target + 1, self.roster))
        registry.forget([_GAME])

    # ----- the match on this board

    def begin(self, gid, options, seats, owners, seed):
        # The host starts the match it set up and sends it round.
        self.start(gid, options, seats, seed, owners)
        self.send_game(-1)

    def start(self, gid, options, seats, seed, owners, moves=()):
        app = self.app
        app.match = None
        app.load_game(gid)
        from firmware.match import Match
        from firmware.play import GameScreen

        app.match = Match(app.root, gid, options, seats, seed, moves, link=(self.board, owners))
        app.restack(GameScreen(app, app.match))
        self.setup = (gid, app.match.options, seats, owners)
        self.waiting = False
        self.untold = -1
        self.progress = self.now
        for b in owners:
            self.heard[b] = self.now  # all there at the start: "Waiting for" once one goes quiet

    def restart(self, m):
        self.start(m.game_id, m.options, m.seats, m.seed, m.link[1])


def rejoin(app, me):
    # A linked match resumed from its save: back on the ring as the board it
    # was, asking for the moves made meanwhile.
    m = app.match
    net = Session(app, m.link[0] == 0, me)
    net.board = m.link[0]
    net.setup = (m.game_id, m.options, m.seats, m.link[1])
    app.net = net
    net.ask()


def digest(m, n):
    # CRC of the match up to its n-th move: game, seed and the moves.
    s = m.seed
    b = bytearray(5 + n)
    b[0] = registry.ids().index(m.game_id)
    b[1] = s >> 24
    b[2] = (s >> 16) & 0xFF
    b[3] = (s >> 8) & 0xFF
    b[4] = s & 0xFF
    b[5:] = m.moves[:n]
    return frame.crc16(b, 0, len(b))


_GAME = "firmware.link.game"


def _game():
    # The match message (game.py): loaded when a match is sent or taken, then dropped.
    return registry.module(_GAME)


def _parting():
    from firmware.link import leave

    return leave
