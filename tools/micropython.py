# Runs repo code under the real MicroPython (the WebAssembly port from npm, in Node)
# through tools/mprun.mjs.
#   python -m tools.micropython [--heap BYTES] [--include PATH]... (-m MODULE | SCRIPT) [ARGS...]
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPRUN = os.path.join(ROOT, "tools", "mprun.mjs")
PORT_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
USAGE = "usage: python -m tools.micropython [--heap BYTES] [--include PATH]... (-m MODULE | SCRIPT) [ARGS...]"


class Missing(RuntimeError):
    pass


def command(args, heap=None, include=(), root=None):
    node = shutil.which("node")
    if node is None:
        raise Missing("node is not on PATH; install Node.js 18+ to run MicroPython tests")
    if not os.path.isdir(PORT_PACKAGE):
        raise Missing("the MicroPython WebAssembly port is not installed; run `npm ci` in %s" % ROOT)
    cmd = [node, MPRUN]
    if root is not None:
        cmd += ["--root", root]
    if heap is not None:
        cmd += ["--heap", str(heap)]
    for path in include:
        cmd += ["--include", path]
    return cmd + list(args)


def run(args, heap=None, include=(), root=None, capture=True):
    # Returns (exit status, stdout text); stderr goes straight to ours. With
    # capture=False stdout streams to ours too and None stands for the text.
    proc = subprocess.run(
        command(args, heap, include, root),
        cwd=ROOT,
        stdout=subprocess.PIPE if capture else None,
        stdin=subprocess.DEVNULL,
    )
    return proc.returncode, (proc.stdout.decode("utf-8") if capture else None)


def run_compiled(module, sources, argv=(), capture=False):
    # Runs `-m module` in a scratch tree holding the board modules compiled by
    # mpy-cross (as on the board) and the given files of tools/ as source (paths
    # relative to tools/, the module's own among them). Output streams through
    # and the exit status comes back; with capture, (status, output text). The
    # benches and tests of the firmware as the board has it use it.
    import tempfile

    from tools import build

    tree = tempfile.mkdtemp(prefix="mprun-")
    try:
        build.compile_modules(tree, template=True)  # the tests register the template game
        for rel in ("__init__.py",) + tuple(sources):
            dst = os.path.join(tree, "tools", rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(os.path.join(ROOT, "tools", rel), dst)
        sys.stdout.flush()
        rc, out = run(["-m", module] + list(argv), include=["tools/" + rel for rel in sources],
                      root=tree, capture=capture)
    finally:
        shutil.rmtree(tree)
    return (rc, out) if capture else rc


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    heap = None
    include = []
    while argv and argv[0] in ("--heap", "--include") and len(argv) > 1:
        if argv[0] == "--heap":
            heap = int(argv[1])
        else:
            include.append(argv[1])
        argv = argv[2:]
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        rc, _ = run(argv, heap, include, capture=False)
    except Missing as e:
        print("micropython: %s" % e, file=sys.stderr)
        return 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
