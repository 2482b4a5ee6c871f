# CPython and the real MicroPython (WebAssembly port, tools/mprun.mjs) must agree byte
# for byte: same seed + same moves = same game, and a record replays exactly.
import json
import os
import sys

from engine import play, record, registry
from tools import micropython, selfplay

SEEDS = 20  # matches per game with every seat at the lowest level
STRONG_SEEDS = 1  # matches per game with the strongest bot in the first seat


def cpython_lines(game_id, seed, games, levels):
    return list(selfplay.records(game_id, seed, games, levels, {}))


def micropython_lines(args):
    rc, out = micropython.run(["-m", "tools.selfplay", "--runtime", "micropython"] + args)
    assert rc == 0, "selfplay under MicroPython exited %d" % rc
    return out.splitlines()


def check_replays(lines):
    for line in lines:
        rec = json.loads(line)
        state = play.replay(rec)
        assert state.is_over()
        assert record.dumps(play.make(rec["game"], rec["options"], rec["seats"], rec["seed"], rec["moves"], state)) == line


def test_selfplay_identical_on_both_runtimes():
    # One MicroPython process plays every game for all seeds.
    mp = micropython_lines(["--game", "all", "--seed", "1", "--games", str(SEEDS)])
    cp = []
    for game_id in registry.ids():
        cp += cpython_lines(game_id, 1, SEEDS, [])
    assert len(cp) == SEEDS * len(registry.ids())
    assert mp == cp
    check_replays(mp)


def test_strong_bots_identical_on_both_runtimes():
    for game_id in registry.ids():
        seats = registry.load(game_id).INFO.seats[1]
        levels = [registry.bots(game_id).ORDER[-1]] + [0] * (seats - 1)
        arg = ",".join([str(v) for v in levels])
        mp = micropython_lines(["--game", game_id, "--seed", "100", "--games", str(STRONG_SEEDS), "--levels", arg])
        assert mp == cpython_lines(game_id, 100, STRONG_SEEDS, levels)
        check_replays(mp)


def test_runner_is_micropython_and_passes_argv(tmp_path):
    script = tmp_path / "who.py"
    script.write_text("import sys\nprint(sys.implementation.name, sys.argv[1:])\n")
    rc, out = micropython.run([str(script), "a", "b c"])
    assert (rc, out) == (0, "micropython ['a', 'b c']\n")


def test_runner_exit_status(tmp_path, capfd):
    cases = [
        ("raise SystemExit(3)\n", 3),
        ("raise SystemExit\n", 0),
        ("raise SystemExit('bad input')\n", 1),
        ("import engine.nosuchmodule\n", 1),
        ("def f():\n    return 1 // 0\nf()\n", 1),
    ]
    for i, (code, want) in enumerate(cases):
        script = tmp_path / ("exit%d.py" % i)
        script.write_text("print('before')\n" + code)
        rc, out = micropython.run([str(script)])
        assert (rc, out) == (want, "before\n"), code
    err = capfd.readouterr().err
    assert "bad input" in err
    assert "ZeroDivisionError" in err and "line 3" in err


def test_cli_returns_script_status(tmp_path):
    import subprocess

    script = tmp_path / "seven.py"
    script.write_text("raise SystemExit(7)\n")
    proc = subprocess.run([sys.executable, "-m", "tools.micropython", str(script)], cwd=micropython.ROOT)
    assert proc.returncode == 7


def test_mptest_fails_on_a_failing_test(tmp_path):
    # mptest must report a failure and exit 1: run it on a copy of the tree with one
    # failing test added next to the real ones.
    root = tmp_path / "tree"
    os.makedirs(str(root / "host_tests"))
    (root / "host_tests" / "__init__.py").write_text("")
    (root / "host_tests" / "test_demo.py").write_text(
        "# runs-on: micropython\n"
        "def test_good():\n    assert 1 + 1 == 2\n\n"
        "def test_bad():\n    assert [1] == [2], 'lists differ'\n"
    )
    (root / "host_tests" / "test_host_only.py").write_text("def test_never_run_here():\n    assert False\n")
    tools = root / "tools"
    os.makedirs(str(tools))
    for name in ("__init__.py", "mptest.py"):
        (tools / name).write_text(open(os.path.join(micropython.ROOT, "tools", name)).read())
    rc, out = micropython.run(["-m", "tools.mptest"], root=str(root))
    assert rc == 1
    assert "FAIL host_tests/test_demo.py::test_bad" in out and "lists differ" in out
    assert out.splitlines()[-1] == "micropython: 1 passed, 1 failed"
