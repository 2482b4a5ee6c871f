"""The built tree (make build) on the emulated Pico, headless.

    python -m tools.pico --keys "A UP A idle shot table.png" [--board pico] [--shot-dir DIR]
    python -m tools.pico --script FILE --root DIR

The simulator's script words (tools/sim.py) press the board's real GPIOs: UP DOWN
LEFT RIGHT A B (held 100 ms, then released 70 ms), `wait MS` (emulated
milliseconds), `idle` (until nothing is drawn for 1.5 s with the CPU mostly
asleep: no bot thinking or about to move), `shot NAME.png` (the panel as the
emulated SSD1306 shows it). The board boots first and settles at the title. What
the board prints on its USB serial console is printed here; a traceback or a
MemoryError fails the run. --root is a folder of files for the board's storage
(the save, settings.jp), written back at the end, so a later run resumes there.
"""
import argparse
import os
import sys

from tools import build
from tools.pico import lfs
from tools.pico.board import Pico, PicoError, glass
from tools.sim import parse_script, write_png
from firmware.buttons import NAMES


def run(args, out=sys.stdout):
    steps = []
    if args.script or args.keys:
        text = args.keys or ""
        if args.script:
            with open(args.script) as f:
                text = f.read()
        steps = parse_script(text)
    tree = os.path.join(build.ROOT, args.tree)
    if not os.path.isfile(os.path.join(tree, "main.py")):
        raise PicoError("no built tree in %s: run `make build BOARD=%s` first" % (args.tree, args.board))
    files = lfs.tree(tree)
    built = set(files)
    if args.root and os.path.isdir(args.root):
        files.update(lfs.tree(args.root))
    with Pico(files, args.board, echo=out.write) as pico:
        pico.settle()
        check(pico)
        out.write("[pico] booted, settled at %.0f ms emulated\n" % pico.emulated_ms())
        for step in steps:
            if step[0] == "press":
                pico.press(NAMES[step[1]])
            elif step[0] == "wait":
                pico.run(step[1])
            elif step[0] == "idle":
                pico.settle()
            else:
                os.makedirs(args.shot_dir, exist_ok=True)
                path = os.path.join(args.shot_dir, step[1])
                write_png(path, glass(pico.panel()))
                out.write("[pico] wrote %s at %.0f ms\n" % (path, pico.emulated_ms()))
            check(pico)
        if args.seconds:
            pico.run(args.seconds * 1000)
        check(pico)
        last = pico.last
        out.write("[pico] %.0f ms emulated, clk_sys %d MHz, %d panel bytes, %d full frames, %d flash erases\n"
                  % (last["ms"], last["clk"] // 1000000, last["panelBytes"], last["panelFrames"], last["erases"]))
        if args.root:
            os.makedirs(args.root, exist_ok=True)
            for path, data in pico.files().items():
                if path not in built:
                    dst = os.path.join(args.root, path)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    with open(dst, "wb") as f:
                        f.write(data)


def check(pico):
    bad = pico.failure()
    if bad:
        raise PicoError("the board failed:\n" + bad)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="pico", help="board profile in boards/ (its pins are wired)")
    ap.add_argument("--tree", default=build.OUT, help="the built tree (default build/device)")
    ap.add_argument("--script", help="file of script words")
    ap.add_argument("--keys", help="script words in a string")
    ap.add_argument("--shot-dir", default=".", help="where shots go")
    ap.add_argument("--root", help="folder of the board's own files (save, settings), written back at the end")
    ap.add_argument("--seconds", type=float, default=0, help="emulated seconds to run on after the script")
    args = ap.parse_args(argv)
    try:
        run(args)
    except (PicoError, ValueError) as e:
        print("pico: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
