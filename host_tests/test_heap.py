# The heap returns (the short form of `make bench`'s soak, tools/bench/wasm.py):
# under MicroPython, the firmware compiled as the board has it and booted as
# main.py boots it, a match of every registered game (its strongest bot against
# Easy) from a fresh title peaks under 88 KB of the app's heap (wasm.PEAK; Georgian
# Joker's in link play under 106 KB, wasm.LINKED_PEAK; Joker Poker's with its arranger
# kept under 118 KB, wasm.KEPT), and three more matches of each do not grow
# the title by 2 KB or more at every match (a leak); and the board's soft
# reset when a match left the title grown more than that.
import ast
import gc
import os
import re

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from firmware import app as firmware_app
from firmware import play, saves
from firmware.buttons import A, B
from firmware.match import Match
from firmware.tables import playable
from host_tests.drive import menu_pick, new_device, play_deals, press, setup_match, top
from host_tests.test_damaged import pack, record
from tools import build
from tools.bench import wasm

TUPLE_MOST = 16  # ints a tuple made into bytes may hold (a short one reads better)


def test_heap_returns_after_every_game():
    rc, out = wasm.run(["--soak", "3", "--heap-only"], capture=True)
    assert rc == 0, out
    peaks = dict([(m[0], int(m[1])) for m in re.findall(r"platform: peak (\w+) (\d+)", out)])
    assert sorted(peaks) == sorted(playable()), out
    for gid, peak in peaks.items():
        assert 0 < peak <= wasm.limit(gid), (gid, peak)
    linked = int(re.search(r"platform: peak georgian linked (\d+)", out).group(1))
    assert peaks["georgian"] < linked <= wasm.LINKED_PEAK, out  # issue 26: the link's modules on top
    found = re.search(r"platform: soak rise (-?\d+) at every one of a game's matches .* level", out)
    assert int(found.group(1)) <= wasm.GROWTH, out  # the level: see wasm.GROWTH
    assert out.count("platform: soak ") == len(peaks) + 1


def test_board_resets_softly_only_when_a_match_left_the_title_grown(tmp_path, monkeypatch):
    # On the board (gc.mem_alloc) home() after a match compares the heap with
    # the fresh title's and resets softly past firmware.app.GROWTH bytes.
    in_use = [50000]
    monkeypatch.setattr(firmware_app, "_heap", lambda: in_use[0])
    for grown, resets in ((firmware_app.GROWTH, 0), (firmware_app.GROWTH + 16, 1)):
        dev = new_device(tmp_path / str(grown), seed=4)
        calls = []
        dev.app.reset = lambda: calls.append(1)
        assert dev.app.fresh == 50000
        setup_match(dev, ["Person", "Bot Medium"])
        in_use[0] = 50000 + grown
        press(dev, B)
        menu_pick(dev, "Quit match")
        press(dev, A)
        assert len(calls) == resets, (grown, calls)
        in_use[0] = 50000


def test_the_heap_is_read_once_the_match_and_its_end_screen_are_gone(tmp_path, monkeypatch):
    # B on a match's end screen goes home() from that screen's own key, which
    # holds the match: the heap is read at the frame's end, once the call has
    # returned, so the match's objects (on the board, the game's code they
    # keep) are not taken for growth (they were: 35 KB after a Georgian Joker match).
    alive = []

    def heap():
        gc.collect()
        alive.append(sum(isinstance(o, (Match, play.MatchEnd)) for o in gc.get_objects()))
        return 50000

    monkeypatch.setattr(firmware_app, "_heap", heap)
    dev = new_device(tmp_path, seed=4, bot_delay=0)
    dev.app.reset = lambda: alive.append("reset")
    setup_match(dev, ["Person", "Bot Medium"], games=1)
    play_deals(dev, lambda g: press(dev, A), lambda g: press(dev, A))
    assert isinstance(top(dev), play.MatchEnd) and alive == [0]  # (the fresh title's)
    press(dev, B)
    assert type(top(dev)).__name__ == "Title" and alive == [0, 0]


def test_a_save_that_does_not_replay_is_said_before_the_soft_reset(tmp_path, monkeypatch):
    # Resume loads the game's code, which grows the heap for good; the notice
    # that the save went aside stays until A or B closes it, and only then does
    # the board reset softly (before, the reset came first and wiped the notice).
    in_use = [50000]
    monkeypatch.setattr(firmware_app, "_heap", lambda: in_use[0])
    with open(os.path.join(str(tmp_path), saves.NAME), "wb") as f:
        f.write(pack(dict(record("doublejoker"), seats=[-1, 9])))
    for close in (A, B):
        dev = new_device(tmp_path, seed=4)
        calls = []
        dev.app.reset = lambda: calls.append(1)
        in_use[0] = 50000 + firmware_app.GROWTH + 16
        menu_pick(dev, "Resume Double Joker")
        assert " ".join(dev.app.stack[-1].rows) == "Saved match moved to save.bad: does not replay" and calls == []
        press(dev, close)
        assert calls == [1] and [type(s).__name__ for s in dev.app.stack] == ["Title"]
        in_use[0] = 50000
        os.rename(os.path.join(str(tmp_path), saves.ASIDE), os.path.join(str(tmp_path), saves.NAME))


def test_no_board_module_keeps_a_tuple_of_ints_for_its_bytes():
    # bytes((1, 2, ...)) in a module: the compiler makes the tuple a constant,
    # which MicroPython keeps with the module for good beside the bytes made
    # from it, 4 bytes an entry (Joker Poker's CDF tables held 2.8 KB so); a
    # bytes literal is the table itself.
    found = []
    for rel in build.modules():
        with open(os.path.join(build.ROOT, rel)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("bytes", "bytearray") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Tuple) and len(arg.elts) > TUPLE_MOST and \
                        all([isinstance(e, ast.Constant) for e in arg.elts]):
                    found.append("%s:%d" % (rel, node.lineno))
    assert found == [], found
