# Georgian Joker's own figures, under MicroPython with the engine and firmware
# compiled by mpy-cross as on the board, scaled to a Pico by the calibration
# loop of tools/bench.py:
#   resuming a saved match: the save file decoded and every move replayed
#     (describe() and apply(), as firmware.match.Match does), for a whole
#     24-deal match one move before its end; target under 2 s on a Pico;
#   the Hard bot's play-outs: plies per second, so the budget (in plies) reads
#     as time, and the worst decision of a match at that budget.
# The WebAssembly port speeds up once the engine running it warms up, so the
# calibration is timed again after the work (bench.calibrate() keeps the best)
# and each figure is the best of REPEAT runs: both at full speed.
#   python -m tools.georgianbench     (runs itself under MicroPython)
import sys

from tools import bench

TARGET_MS = 2000
SEED = 5
REPEAT = 3


def match_moves():
    # The moves of a whole 24-deal match of Easy bots: a bytearray.
    from engine import play

    _, moves = play.play_match("georgian", SEED, {}, [0, 0, 0, 0])
    return moves


def resume_us(moves):
    # Microseconds to resume the match saved one move before its end: the
    # save decoded, then Match replaying it (the fastest of REPEAT).
    from firmware import reading, saves
    from firmware.match import Match

    rec = {"game": "georgian", "options": {"deals": "All 24"}, "seed": SEED, "seats": [-1, -1, 0, 0],
           "moves": moves[:-1]}
    data = saves.encode(rec)
    best = None
    for _ in range(REPEAT):
        start = bench.now_us()
        r = reading.decode(data)
        m = Match("", r["game"], r["options"], r["seats"], r["seed"], r["moves"])
        took = bench.since_us(start)
        assert m.state.deals_done() == 23
        best = took if best is None else min(best, took)
    return best, len(data)


def playout_rate():
    # Plies per second of Hard's play-outs of whole 9-card deals (the best of REPEAT).
    from engine.ai import georgian as bots
    from engine.ai import sampling
    from engine.games import georgian as game
    from engine.rng import Rng

    best = 0
    for _ in range(REPEAT):
        rng = Rng(SEED)
        plies = 0
        start = bench.now_us()
        for seed in range(4):
            s = game.new_game(seed, {"deals": "Nines only"})
            worlds = sampling.Worlds(s.view(s.to_move()))
            t = None
            for _ in range(10):
                w = worlds.sample(rng)
                if t is None:
                    t = w.clone()
                else:
                    t.copy_from(w)
                n = bots._playout(t)
                plies += n + bots.WORLD_COST
        best = max(best, plies * 1000000.0 / bench.since_us(start))
    return best


def hard_times():
    # Microseconds of every Hard decision with a choice in the first two deals
    # of a Nines only match (9-card deals cost the most), all four seats Hard;
    # each the best of REPEAT.
    from engine import play
    from engine.ai import georgian as bots
    from engine.games import georgian as game

    best = None
    for _ in range(REPEAT):
        s = game.new_game(SEED, {"deals": "Nines only"})
        rngs = [play.bot_rng(SEED, q) for q in range(4)]
        out = []
        while s.d < 2:
            p = s.to_move()
            choice = len(s.legal_moves()) > 1
            start = bench.now_us()
            m = play.bot_move(bots, s, 1, rngs[p])
            if choice:
                out.append(bench.since_us(start))
            s.apply(m)
        best = out if best is None else [min(a, b) for a, b in zip(best, out)]
    return best


def lines():
    from engine.ai import georgian as bots

    where = bench.runtime_label()
    bench.calibrate()
    moves = match_moves()
    took, size = resume_us(moves)
    rate = playout_rate()
    times = hard_times()
    cal = bench.calibrate()
    scale = bench.PICO_CAL_S * 1000000 / cal
    mean = sum(times) / len(times)
    return [
        "calibration (warmed up): %d x `n += 1` took %d ms on %s; a Pico takes about %.1f s (x%.1f)"
        % (bench.CAL_LOOPS, cal // 1000, where, bench.PICO_CAL_S, scale),
        "georgian: resume a 24-deal match one move before its end (%d moves, a %d-byte save): %.0f ms on %s, "
        "Pico estimate %.0f ms (target %d ms)"
        % (len(moves) - 1, size, took / 1000, where, took * scale / 1000, TARGET_MS),
        "georgian: Hard's play-outs: %.0f plies/s on %s, Pico estimate %.0f plies/s: its budget of %d plies is "
        "about %.0f ms on a Pico" % (rate, where, rate / scale, bots.BUDGET, bots.BUDGET * scale * 1000 / rate),
        "georgian: Hard in 9-card deals: mean %.0f ms, max %.0f ms over %d decisions on %s; Pico estimate "
        "mean %.0f ms, max %.0f ms (target 1000 ms)"
        % (mean / 1000, max(times) / 1000, len(times), where, mean * scale / 1000, max(times) * scale / 1000),
    ]


def main():
    if sys.implementation.name == "micropython":
        for line in lines():
            print(line)
        return 0
    from tools import micropython

    return micropython.run_compiled("tools.georgianbench", ("bench.py", "georgianbench.py"))


if __name__ == "__main__":
    sys.exit(main())
