# The built tree on the emulated Pico (tools/pico: rp2040js running MicroPython's own
# rp2 firmware): what a player's board runs, its heap, I2C and flash. Every frame the
# board shows after a press must be the simulator's, pixel for pixel; the simulator
# decides the presses (host_tests/test_web.py's scripts) and the board gets them on
# its GPIOs:
# - boot to the title, every game's table installed (the title names every game);
# - every playable game: the shortest match (one person, Hard bots) started with
#   the buttons, played by the board alone for a few presses (its match seed is its
#   own), the power cut, the board's save resumed, then press by press beside the
#   simulator resumed from the same save, to the match-over screen and the title
#   (Georgian Joker: from a save of its last deal, see LATE); no traceback, no
#   MemoryError on the serial console;
# - make deploy over the board's USB serial port keeps the save on the board.
import os
import shutil

import pytest

from engine import registry
from engine.ai import georgian as G
from firmware import play, saves
from firmware.buttons import A, B, NAMES
from firmware.tables import playable
from host_tests.test_web import Hands, Script, needs, picture
from tools import build
from tools.pico import lfs
from tools.pico.board import Pico, late_save
from tools.sim import Device, SEEDS

ALONE = 4  # presses the board makes alone before the power cut
# A whole match of Georgian Joker's Hard bots is about 530 decisions, over 3
# minutes of emulated CPU (7 of one core's wall time): after its own save is resumed, the board resumes a
# save with this many moves to go (the last deal) and plays them to the end.
LATE = {"georgian": 40}


def missing():
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not os.path.isdir(os.path.join(build.ROOT, "node_modules", "rp2040js")):
        return "rp2040js is not installed (make deps runs npm ci)"
    return None


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    needs("emulated Pico tests", missing())
    out = str(tmp_path_factory.mktemp("device"))
    build.build("pico", out)
    return lfs.tree(out)


class Twin(Script):
    # A test_web script whose every press also goes to the emulated Pico, which
    # must then show the simulator's frame.
    def __init__(self, name, root, pico):
        Script.__init__(self, name, root, Hands())
        self.pico = pico
        self.lockstep = True
        self.expect(self.frames[-1], "boot")

    def expect(self, frame, what):
        # frame: the simulator's, as hex
        pico = self.pico
        if not pico.await_frame(bytes.fromhex(frame)):
            raise AssertionError("%s: after %s the board shows\n%s\nbut the simulator\n%s\nconsole: %s"
                                 % (self.name, what, picture(pico.shown().hex()), picture(frame),
                                    pico.console[-1500:]))
        assert pico.failure() is None, pico.failure()

    def press(self, b):
        t = self.top()
        if b == A and type(t).__name__ == "Setup" and t.items[t.cur].startswith("Start"):
            self.lockstep = False  # the match takes the board's own seed
        Script.press(self, b)
        self.pico.press(NAMES[b])
        if self.lockstep:
            self.expect(self.frames[-1], "%s (step %d)" % (NAMES[b], len(self.steps)))


def alone(pico, presses):
    # The board plays on by itself: A whenever it waits (a person's turn: A plays
    # the cursor's choice, always a legal one; a hand-off or a result: A goes on).
    for _ in range(presses):
        pico.settle()
        pico.press("A")
    pico.settle()
    assert pico.failure() is None, pico.failure()


def test_boot_to_title_with_every_game(tree, tmp_path):
    with Pico(tree) as pico:
        pico.settle()
        title = Device(str(tmp_path / "sim"), seeds_dir=SEEDS)
        assert pico.shown() == title.i2c.panel.shown(), picture(pico.shown().hex())
        items = title.app.stack[-1].items
        for gid in playable():
            assert registry.title(gid) in items
        assert pico.failure() is None and "Traceback" not in pico.console
        assert "Error" not in pico.console, pico.console
        # Boot loads what the title shows and no more (the boot time's budget):
        # a match's modules, the files' reading, no game.
        out, err = pico.exec("import sys\nprint(' '.join(sorted(sys.modules)))", fresh=False)
        held = out.split()
        assert not err and "firmware.menus" in held, out + err
        for name in ("firmware.match", "firmware.play", "firmware.scores", "firmware.saves_reading", "engine.record",
                     "engine.rng") + tuple("engine.games." + gid for gid in playable()):
            assert name not in held, name
        # The board runs Georgian Joker's play-outs as viper code, so its Hard
        # works the full budget (engine/ai/georgian.py); on CPython it stands in.
        out, err = pico.exec("from engine.ai import georgian as A\nprint(A.MACHINE_CODE, A.BUDGET)")
        assert not err and out.split() == ["True", str(G.BUDGET)], out + err


@pytest.mark.parametrize("gid", playable())
def test_match_through_the_buttons_with_a_power_cut(tree, tmp_path, gid):
    pico = Pico(tree)
    try:
        pico.settle()
        s = Twin(gid, str(tmp_path / "sim"), pico)
        s.menu_pick(registry.title(gid))
        s.setup_short()  # its last press, Start, began a match with the board's own seed
        alone(pico, ALONE)
        board = pico.files()
        assert saves.NAME in board, sorted(board)
        pico.power_cut()
        restart(s, board, tree)
        if gid in LATE:
            # Its save swapped for a later one of the same seats and options
            # (the simulator's), the board powered up on it.
            m = s.dev.app.match
            board[saves.NAME], _ = late_save(gid, m.options, list(m.seats), 1, LATE[gid])
            pico.close()
            pico = s.pico = Pico(board)
            pico.settle()
            restart(s, board, tree)
        s.person_moves(None)
        assert isinstance(s.top(), play.MatchEnd)
        s.press(B)  # back to the title (A plays again)
        assert type(s.top()).__name__ == "Title"
        assert saves.NAME not in pico.files()  # a finished match leaves no save
        assert pico.failure() is None, pico.failure()
    finally:
        pico.close()


def restart(s, board, tree):
    # The simulator powers up on the board's storage; both resume the match.
    for path, data in board.items():
        if path not in tree:
            with open(os.path.join(s.root, path), "wb") as f:
                f.write(data)
    s.lockstep = True
    s.restart(["power cut"])
    s.expect(s.frames[-1], "the power cut")
    s.menu_pick("Resume " + registry.title(s.name))


def test_make_deploy_over_usb_keeps_the_save(tree, tmp_path):
    # The real `make deploy PORT=...` (mpy-cross, mpremote) against the board's USB
    # serial port on a pty; the board held an older tree, with a module the new one
    # lacks, and a save from a match in play. After the deploy mpremote resets the
    # board (machine.reset: the watchdog): the new tree boots to the title, which
    # offers to resume the older save, kept byte for byte.
    import subprocess
    import tty

    s = Script("older", str(tmp_path / "sim"), Hands())
    s.menu_pick(registry.title(playable()[0]))
    s.menu_pick("Start")
    s.person_moves(2)
    older = dict(tree)
    older["engine/stale.mpy"] = tree["engine/rng.mpy"]
    for name in os.listdir(s.root):
        with open(os.path.join(s.root, name), "rb") as f:
            older[name] = f.read()
    assert saves.NAME in older
    with Pico(older) as pico:
        pico.settle()
        master, slave = os.openpty()
        try:
            tty.setraw(slave)
            proc = subprocess.Popen(["make", "deploy", "BOARD=pico", "PORT=" + os.ttyname(slave)], cwd=build.ROOT,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            rc = pico.bridge(master, proc, after_ms=0)
            said = proc.stdout.read().decode()
            deployed = len(pico.console)  # before: mpremote's raw REPL work, with errors it handles
        finally:
            os.close(master)
            os.close(slave)
        assert rc == 0, said
        assert "deployed %d files" % len(tree) in said, said
        pico.settle()
        assert pico.last["boots"] == 2  # mpremote's reset (machine.reset: the watchdog) started the chip again
        now = pico.files()
        assert "engine/stale.mpy" not in now
        for path in tree:
            if path != build.MANIFEST:  # checked at the boot after the copy, then gone (main.py)
                assert now[path] == tree[path], path
        assert build.MANIFEST not in now
        assert now[saves.NAME] == older[saves.NAME]
        s.restart(["reset"])  # the simulator powers up on the same storage
        assert pico.shown() == bytes.fromhex(s.frames[-1]), picture(pico.shown().hex())
        assert "Resume " + registry.title(playable()[0]) in s.top().items
        assert pico.failure(deployed) is None, pico.failure(deployed)


def test_make_pico_script_shots_and_failures(tree, tmp_path):
    # tools.pico (make pico) with the simulator's script words: the shot of a
    # setup screen is the simulator's, byte for byte; a board whose main.py
    # raises fails the run with the traceback.
    from tools.pico import __main__ as cli
    from tools.sim import parse_script, run_script

    keys = "DOWN DOWN A idle shot setup.png"
    folder = tmp_path / "tree"
    for path, data in tree.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    assert cli.main(["--tree", str(folder), "--keys", keys, "--shot-dir", str(tmp_path / "pico")]) == 0
    dev = Device(str(tmp_path / "sim"), seeds_dir=SEEDS)
    run_script(dev, parse_script(keys), str(tmp_path / "sim-shots"))
    assert (tmp_path / "pico" / "setup.png").read_bytes() == (tmp_path / "sim-shots" / "setup.png").read_bytes()
    main = folder / "main.py"
    main.write_text('raise MemoryError("no heap left")\n' + main.read_text())
    assert cli.main(["--tree", str(folder), "--keys", "A"]) == 1
