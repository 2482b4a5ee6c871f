# Random buttons over every screen of every game: 100,000 presses (seeded),
# shared by the games as the walk picks them from the title (about 20 s of
# CPU with two games), with a power cut now and then (a new app on the same
# storage, which must offer to resume).
# Nothing may raise, a screen is always on the stack, the frame buffer keeps
# its size and the panel always holds exactly the frame that was drawn.
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine.rng import Rng
from firmware import saves
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.menus import playable
from tools.sim import Device

PRESSES = 100000
SEED = 2025
# A and the arrows most, B less: B leads back out of every screen.
WEIGHTED = (A, A, A, UP, DOWN, LEFT, RIGHT, RIGHT, DOWN, B)
BOT_DELAY = 60  # ms: bots move after two frames, so matches move on


def check(dev):
    app = dev.app
    assert app.stack, "no screen on the stack"
    assert len(dev.display.buf) == 1024 and dev.display.fb is app.fb


def new_device(root, seed):
    dev = Device(root, seed)
    dev.app.bot_delay = BOT_DELAY
    return dev


def test_random_buttons(tmp_path):
    root = str(tmp_path)
    rng = Rng(SEED)
    dev = new_device(root, SEED)
    seen = set()
    played = set()  # games with moves made
    presses = frames = restarts = 0
    while presses < PRESSES:
        # A burst of presses, then a frame (the frames draw: drawing after each
        # press on the pure-Python framebuf would take minutes); now and then
        # a few frames with no press, so bots get their turn.
        for _ in range(1 + rng.below(47)):
            dev.app.press(WEIGHTED[rng.below(len(WEIGHTED))])
            presses += 1
            check(dev)
            seen.add(type(dev.app.stack[-1]).__name__)
            if dev.app.match is not None and dev.app.match.moves:
                played.add(dev.app.match.game_id)
        for _ in range(1 if rng.below(8) else 6):
            dev.frame()
            frames += 1
            check(dev)
            assert bytes(dev.i2c.panel.ram) == bytes(dev.display.buf)
        if rng.below(200) == 0:
            # Power cut: whatever was saved must come back as "Resume".
            saved = os.path.exists(saves.path(root, saves.NAME))
            dev = new_device(root, SEED + presses)
            restarts += 1
            items = dev.app.stack[0].items
            assert items[0].startswith("Resume") == saved
    assert restarts > 0 and frames > 3000
    # The walk reached every kind of screen.
    want = {"Title", "Setup", "GameScreen", "Pause", "QuitConfirm", "Rules", "GameEnd", "MatchEnd"}
    assert want <= seen, want - seen
    assert played == set(playable()), set(playable()) - played
