# Device figures measured on the emulated Pico (tools/pico): MicroPython v1.28.0's own
# rp2 firmware on rp2040js at the 125 MHz the firmware programs, the built tree in its
# flash. Emulated time advances by the cycles executed, so each figure is the same on
# every run and every machine; rp2040js counts no XIP cache misses (every flash fetch
# hits), so times are somewhat optimistic against silicon.
#   python -m tools.bench.pico [--decisions N] [--jobs 2]
# Printed, each line labelled "pico:":
#   every game's bot decisions per level and seat count (mean, p95, max over at
#   least N decisions of whole bot matches of that level, as the app asks them:
#   Match.bot_move),
#   with the garbage each leaves and what it keeps; "arrange for me" at Joker Poker's positions;
#   boot to the title; resume of the longest Georgian Joker match from its save;
#   per game, a match through the app as main.py boots it (one person, Hard bots):
#   heap at the title, the match's peak and back at the title; I2C bytes of a
#   cursor press and of a move; a table redrawn in full (frames per second).
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from engine import registry
from firmware import app as firmware_app
from firmware import saves
from firmware.buttons import NAMES
from firmware.tables import playable
from tools import build
from tools.pico import lfs
from tools.pico.board import Pico, PicoError, late_save

HERE = os.path.dirname(os.path.abspath(__file__))
WHERE = "emulated Pico: MicroPython v1.28.0 rp2, 125 MHz"
DECISIONS = 120
SEED = 11
LONG_SEED = 3  # the Georgian Joker match resumed


def tree():
    # The built tree (make build's), as {path: bytes}.
    with tempfile.TemporaryDirectory(prefix="picobench-") as out:
        build.build("pico", out)
        return lfs.tree(out)


def probe(files, job):
    # The probe's lines for one job, on a board of its own (fresh boot, soft reset).
    with open(os.path.join(HERE, "pico_probe.py")) as f:
        code = "JOB = %s\n%s" % (json.dumps(job), f.read())
    with Pico(files) as pico:
        pico.settle()
        out, err = pico.exec(code)
    if err or "DONE" not in out:
        raise PicoError("%s: the probe failed:\n%s%s" % (job, out[-1500:], err))
    return [line.split() for line in out.splitlines() if line[:1] in "DROHIFN" or line.startswith("qstr pool:")]


def stats(values):
    v = sorted(values)
    return sum(v) / len(v), v[min(len(v) - 1, (len(v) * 95 + 99) // 100 - 1)], v[-1]


def decision_jobs(want):
    jobs = []
    for gid in playable():
        lo, hi = registry.load(gid).INFO.seats
        for seats in range(lo, hi + 1):
            for level in registry.bots(gid).ORDER:
                jobs.append({"what": "decisions", "game": gid, "seats": seats, "level": level, "want": want,
                             "seed": SEED})
    return jobs


def shortest(gid):
    # The fewest seats and the smallest number each numeric option offers, the
    # others at their defaults (as the tests' shortest matches).
    info = registry.load(gid).INFO
    opts = {}
    for key, _label, choices, _fmt in info.options:
        nums = [c for c in choices if isinstance(c, int)]
        opts[key] = min(nums) if len(nums) == len(choices) else choices[0]
    return opts, info.seats[0]


def decision_lines(job, rows):
    gid, seats, level = job["game"], job["seats"], job["level"]
    name = registry.bots(gid).LEVELS[level]
    made = [r for r in rows if r[0] == "D"]
    times = [int(r[1]) for r in made]
    kept = [int(r[3]) for r in made]
    junk = [int(r[2]) - int(r[3]) for r in made]
    mean, p95, most = stats(times)
    out = ["pico: %s, %d seats, bot %s: decision mean %.0f ms, p95 %.0f ms, max %.0f ms over %d decisions "
           "(%s matches); garbage mean %.1f KB, max %.1f KB; kept at most %.1f KB (%s)"
           % (gid, seats, name, mean / 1000, p95 / 1000, most / 1000, len(times),
              [r[2] for r in rows if r[:2] == ["N", "matches"]][0], sum(junk) / len(junk) / 1024,
              max(junk) / 1024, max(kept) / 1024, WHERE)]
    auto = [int(r[1]) for r in rows if r[0] == "R"]
    if auto:
        mean, p95, most = stats(auto)
        out.append("pico: %s, %d seats: arrange for me mean %.0f ms, p95 %.0f ms, max %.0f ms over %d positions "
                   "of %s matches (%s)" % (gid, seats, mean / 1000, p95 / 1000, most / 1000, len(auto), name, WHERE))
    odds = [int(r[1]) for r in rows if r[0] == "O"]
    if odds:
        mean, p95, most = stats(odds)
        out.append("pico: %s, %d seats: exact odds of every legal call (PR-15, target 300 ms) mean %.0f ms, p95 %.0f ms, "
                   "max %.0f ms over %d positions of %s matches (%s)"
                   % (gid, seats, mean / 1000, p95 / 1000, most / 1000, len(odds), name, WHERE))
    return out


def app_lines(job, rows):
    gid = job["game"]
    h = dict((r[1], int(r[2])) for r in rows if r[0] == "H")
    f = dict((r[1], int(r[2])) for r in rows if r[0] == "F")
    presses = [int(r[2]) for r in rows if r[:2] == ["I", "press"]]
    moves = [int(r[2]) for r in rows if r[:2] == ["I", "move"]]
    names = [int(r[-1].split("=")[1]) for r in rows if r[0] == "qstr"]  # the pool's bytes: title, back
    kb = lambda n: n / 1024.0  # noqa: E731
    return [
        "pico: %s app heap (gc.mem_alloc after a collection): %.1f KB before the app, title %.1f KB, "
        "peak %.1f KB in a match (%d moves, one person and Hard bots, %s), %.1f KB back at the title (%+.1f KB, "
        "of which the names its code interned %.1f KB: the board %s); the app's share: title %.1f KB, peak %.1f KB (%s)"
        % (gid, kb(h["before"]), kb(h["title"]), kb(h["peak"]), len(moves), job["options"], kb(h["back"]),
           kb(h["back"] - h["title"]), kb(names[1] - names[0]),
           "resets softly" if ["N", "reset", "1"] in rows else "does not reset",
           kb(h["title"] - h["before"]), kb(h["peak"] - h["before"]), WHERE),
        "pico: %s I2C bytes: a cursor press mean %d, max %d (%d presses); a move mean %d, max %d (%d moves); "
        "a table redrawn in full %.1f ms = %.0f frames/s, a full frame alone %.1f ms = %.0f frames/s at 400 kHz (%s)"
        % (gid, sum(presses) // max(1, len(presses)), max(presses + [0]), len(presses),
           sum(moves) // max(1, len(moves)), max(moves + [0]), len(moves), f["redraw"] / 1000, 1e6 / f["redraw"],
           f["full"] / 1000, 1e6 / f["full"], WHERE),
    ]


def busy_share(pico, ms):
    last = pico.last
    got = pico.run(ms)
    return 100.0 * (got["cycles"] - last["cycles"]) / ((got["ms"] - last["ms"]) * got["clk"] / 1000)


def idle(pico):
    # The CPU's busy share over 10 s at the title, then once the app has switched
    # the panel off (5 minutes untouched: machine.lightsleep between button polls).
    awake = busy_share(pico, 10000)
    pico.run(firmware_app.OFF_MS)
    if pico.panel()["on"]:
        raise PicoError("the panel is still on after %d ms untouched" % firmware_app.OFF_MS)
    dark = busy_share(pico, 10000)
    return ("%.2f%% awake at the title, %.2f%% with the panel off (%s; what the CPU draws asleep is not modelled)"
            % (awake, dark, WHERE))


def boot_lines(files):
    out = []
    with Pico(files) as pico:
        pico.settle()
        first = pico.last["drawn"]
        at = pico.emulated_ms()
        pico.power_cut()  # the boots after: main.py's check of the modules is done (manifest.txt gone)
        pico.settle()
        out.append("pico: boot to the title %.0f ms (power-up to the title's last byte on the panel, no save; "
                   "%.0f ms the first time after a deploy, its modules checked; %s)" % (pico.last["drawn"] - at, first, WHERE))
        out.append("pico: idle CPU busy %s" % idle(pico))
    files = dict((p, d) for p, d in files.items() if p != build.MANIFEST)  # (as after the first boot)
    # The whole 24-deal match's save one move before its end, four people at the
    # seats: the resume opens on the hand-off screen.
    data, n = late_save("georgian", {}, [-1, -1, -1, -1], LONG_SEED, 1)
    with_save = dict(files)
    with_save[saves.NAME] = data
    with Pico(with_save) as pico:
        pico.settle()
        boot = pico.last["drawn"]
        pressed = pico.emulated_ms()
        pico.press(NAMES[4])  # A: "Resume Georgian Joker", the title's first line
        pico.settle()
        out.append("pico: resume of the longest Georgian Joker match (%d moves, a %d-byte save): %.0f ms from "
                   "pressing A on Resume to the next screen drawn; boot to the title with that save %.0f ms (%s)"
                   % (n, len(data), pico.last["drawn"] - pressed, boot, WHERE))
        bad = pico.failure()
        if bad:
            raise PicoError(bad)
    return out


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.bench.pico")
    ap.add_argument("--decisions", type=int, default=DECISIONS, help="decisions timed per game, seats and level")
    ap.add_argument("--jobs", type=int, default=2, help="emulated Picos run at once")
    ap.add_argument("--game", help="one game only")
    ap.add_argument("--decisions-only", action="store_true", help="only the bots' decisions")
    args = ap.parse_args(argv)
    start = time.time()
    files = tree()
    for line in () if args.decisions_only else boot_lines(files):
        print(line, flush=True)
    jobs = []
    for gid in playable():
        if args.game in (None, gid) and not args.decisions_only:
            opts, seats = shortest(gid)
            jobs.append({"what": "app", "game": gid, "options": opts, "seats": seats})
    jobs += [j for j in decision_jobs(args.decisions) if args.game in (None, j["game"])]
    with ThreadPoolExecutor(args.jobs) as pool:
        for job, rows in zip(jobs, pool.map(lambda j: probe(files, j), jobs)):
            for line in (app_lines if job["what"] == "app" else decision_lines)(job, rows):
                print(line, flush=True)
    print("pico: the bench took %.0f s of wall time on this machine" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
