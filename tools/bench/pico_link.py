# Link play on two emulated Picos (tools/pico: one clock, their UARTs cross-wired
# by boards/pico-link.json at 115200 baud): board 2 joins, board 1 hosts Double
# Joker (best of 1, a person on each board), and the people play it out by
# pressing A (the first legal card), each board when it is its turn. Printed: bytes on the
# cables per move (both ways: the moves, their trip round the ring, beats) and
# the emulated time from a press on one board to the move drawn on the other, and
# where that time goes (the boards' traces: flash busy, bytes on the cable, I2C):
# each step's mean start and end, in ms after the press.
#   python -m tools.bench.pico_link [--moves N]
import argparse
import sys
import tempfile

from firmware import saves_reading
from firmware.link import frame
from firmware.link.session import MOVES as MOVES_KIND
from tools import build
from tools.pico import lfs
from tools.pico.board import ring

JOIN = ("UP", "UP", "UP", "A", "A")  # Link play (three up from the title's first line), Join
# Link play, Host Double Joker; in its setup (a person on each board) Match best of 1; Start, then Start in
# the lobby.
HOST = ("UP", "UP", "UP", "A", "DOWN", "A", "UP", "LEFT", "A", "A")
SEEN_MS = 1000  # a press whose move the other board has not drawn by then made none
MOVES = 200  # more than a game of Double Joker has: the bench plays the match out
SLICE_MS = 2
BYTE_MS = 10000.0 / 115200  # a byte on the cable
STEPS = ("sender's save", "MOVES frame on the cable", "receiver's save", "receiver's redraw (I2C)")


def boards(out=None):
    # Two emulated Picos with the pico-link build, settled at the title.
    out = out or tempfile.mkdtemp(prefix="pico-link-")
    build.build("pico-link", out)
    files = lfs.tree(out)
    picos = ring([files, files])
    for pico in picos:
        pico.settle()
    return picos


def keys(pico, words):
    # Presses; after each A the next screen's modules load first (the board
    # would take a press made meanwhile on the screen before).
    for w in words:
        pico.press(w)
        if w == "A":
            pico.settle()


def sent(picos):
    return sum([p.last["wires"][0]["sent"] + p.last["wires"][0]["lost"] for p in picos])


def saved(pico):
    # The board's save, or None before the match's first move.
    data = pico.files().get("save.jp")
    return None if data is None else saves_reading.decode(data)


def moves_frame(spans):
    # (from, to) ms of the first MOVES frame in the tx spans, or None.
    for kind, t0, t1, data in spans:
        if kind != "tx":
            continue
        i = 0
        while i + frame.HEAD <= len(data):
            n = frame.HEAD + data[i + 1] + 2
            if data[i] == frame.START and data[i + 2] == MOVES_KIND:
                return t0 + i * BYTE_MS, t0 + (i + n) * BYTE_MS
            i += n if data[i] == frame.START else 1
    return None


def steps(t, drawn, mine, theirs):
    # A move's steps from the traces of the board pressed at t and the one that
    # drew it at drawn: [(from, to) ms after t or None] in STEPS' order.
    def spread(spans, kind, lo, hi):
        got = [(a, b) for k, a, b, _ in spans if k == kind and lo <= a <= hi]
        return (got[0][0], max([b for a, b in got])) if got else None

    sent = moves_frame(mine)
    arrived = sent[1] if sent else t
    out = [spread(mine, "flash", t, drawn), sent, spread(theirs, "flash", arrived, drawn)]
    draw = [(a, b) for k, a, b, _ in theirs if k == "i2c" and a <= drawn]
    out.append(draw[-1] if draw else None)
    return [None if s is None else (s[0] - t, s[1] - t) for s in out]


def play(picos, moves=MOVES):
    # Links the two boards into a match, then presses A on each board in turn
    # (a board's save tells whether the press made a move) until `moves` moves
    # or the match's end.
    # -> (moves made, ms from each move's press to the other board's first
    #     drawing after it, bytes on the cables from the match's start, emulated
    #     ms it took, each such move's steps())
    a, b = picos
    keys(b, JOIN)
    keys(a, HOST)
    start, t0 = sent(picos), a.emulated_ms()
    delays = []
    parts = []
    made = 0
    turn = 0
    idle = 0
    while made < moves:
        me, other = picos[turn], picos[1 - turn]
        before = other.run(0)["drawn"]
        t = me.emulated_ms()
        me.trace()
        other.trace()
        me.press("A")
        while other.last["drawn"] == before and other.emulated_ms() < t + SEEN_MS:
            other.run(SLICE_MS)
        drawn = other.last["drawn"]
        other.run(300)  # its screen settles (a finished trick waits for A there too)
        rec = saved(me)
        now = len(rec["moves"]) if rec is not None else made + 1 if made else 0  # the last move ends the save
        if now > made:
            made = now
            idle = 0
            if drawn != before:
                delays.append(drawn - t)
                parts.append(steps(t, drawn, me.trace(), other.trace()))
            if rec is None:
                break  # the match is over
        else:
            idle += 1
            if idle > 6:
                raise RuntimeError("no move for 6 presses: %s" % other.console[-500:])
        turn = 1 - turn
    return made, delays, sent(picos) - start, a.emulated_ms() - t0, parts


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.pico_link")
    ap.add_argument("--moves", type=int, default=MOVES, help="stop after this many (default: the match's end)")
    args = ap.parse_args(argv)
    picos = boards()
    try:
        made, delays, nbytes, ms, parts = play(picos, args.moves)
        quiet = sent(picos)
        picos[0].run(10000)
        beats = (sent(picos) - quiet) / 10.0
    finally:
        for p in picos:
            p.close()
    print("pico: link, 2 emulated boards at 115200 baud, Double Joker: %d moves in %.1f s, %.0f bytes on the cables "
          "per move (%.0f a second while nobody moves); press to the move drawn on the other board %.0f ms mean, "
          "%.0f max" % (made, ms / 1000.0, nbytes / made, beats, sum(delays) / len(delays), max(delays)))
    for i, name in enumerate(STEPS):
        got = [p[i] for p in parts if p[i] is not None]
        if got:
            print("pico: link, %s: %.1f to %.1f ms after the press (mean of %d moves)" % (
                name, sum([a for a, b in got]) / len(got), sum([b for a, b in got]) / len(got), len(got)))
        else:
            print("pico: link, %s: not seen" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
