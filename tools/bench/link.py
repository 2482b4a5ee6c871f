# Link play on simulated boards (tools/host/link.py): bytes on the cables per
# move (every frame written: the moves, their trip round the ring that
# acknowledges them, SYNCs, beats, resends) and, by the simulator's clock,
# the frames from a move on one board to its display on the others.
#   python -m tools.bench.link
# measure() is the function an emulated-board bench calls with its own ring.
import tempfile

from engine.rng import Rng
from tools.host.link import Boards, Faults, Play
from tools.sim import Device, parse_script, run_script

# Each joiner: Link play (three up from the title's first line: Statistics and
# Settings are below it), Join; the host sets the game up (a person on each
# board) and starts from its lobby.
JOIN = "board %d UP UP UP A A "
CASES = (
    ("Habitual Joker", 2, "board 1 UP UP UP A DOWN DOWN A A wait 2000 A"),
    ("Georgian Joker", 4, "board 1 UP UP UP A DOWN DOWN DOWN DOWN A UP RIGHT UP LEFT LEFT UP LEFT LEFT A wait 2000 A"),
)


def measure(ring, play):
    # Plays the linked match to its end. -> (moves, bytes written per move,
    # frames from a move to its display on each other board: mean, max).
    shown = [0] * len(ring.devs)  # moves each board has on its panel
    made = {}  # move index -> the frame it was made in
    delays = []
    frame = 0
    while not play.over():
        for k in range(len(ring.devs)):
            play.turn(k)
        ring.step()
        frame += 1
        for k in range(len(ring.devs)):
            g = play.games[k]
            n = len(g.match.moves) if g is not None else 0
            for i in range(shown[k], n):
                if i not in made:
                    made[i] = frame  # the board that made it has it first
                else:
                    delays.append(frame - made[i])
            shown[k] = n
        if frame > 200000:
            raise RuntimeError("the linked match did not end")
    moves = len(made)
    written = sum([d.app.net.link.written for d in ring.devs if d.app.net is not None])
    return moves, written / moves, sum(delays) / len(delays), max(delays)


def case(n, host, faults=None):
    # A match of CASES on n simulated boards through their buttons, measured.
    ring = Boards(Device, n, tempfile.mkdtemp(), 1, faults, bot_delay=60)
    run_script(ring, parse_script("".join([JOIN % (k + 1) for k in range(1, n)]) + host))
    return measure(ring, Play(ring, Rng(1)))


def main():
    for title, n, host in CASES:
        for name, faults in (("clean", None), ("faults", Faults(1, drop=0.004, corrupt=0.004, delay=0.01, delay_ms=90))):
            moves, per, mean, top = case(n, host, faults)
            print("link %s, %d boards, %s: %d moves, %.1f bytes on the cables per move, "
                  "%.1f frames (max %d) from a move to its display on another board" % (title, n, name, moves, per, mean, top))
    return 0


if __name__ == "__main__":
    main()
