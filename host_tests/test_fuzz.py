# Random buttons over every screen of every game: 100,000 presses (seeded;
# more until it has seen every kind of screen, up to 300,000),
# shared by the games as the walk picks them from the title (about 20 s of
# CPU with two games), with a power cut now and then (a new app on the same
# storage, which must offer to resume).
# Nothing may raise, and after every burst of presses and every frame:
# the bottom of the screen stack is the title or a match; a match in progress
# has its every move in the save; the panel holds exactly the frame drawn; and
# in a game that hides hands, a person about to move sees their own side only.
import os

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine.rng import Rng
from firmware import play, saves, saves_reading
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.tables import playable
from tools.sim import Device

PRESSES = 100000
MOST = 3 * PRESSES  # the walk goes on past PRESSES until it has seen every kind of screen (WANT)
SEED = 131  # a walk that reaches every screen by MOST (chosen anew at changes of the screens' flow, eleven times so far)
WANT = {"Title", "Setup", "GameScreen", "Pause", "QuitConfirm", "Rules", "GameEnd", "MatchEnd", "ScoreSheet",
        "SettingsScreen", "Hint", "Handoff", "StatsScreen"}
# A and the arrows most, B less: B leads back out of every screen.
WEIGHTED = (A, A, A, UP, DOWN, LEFT, RIGHT, RIGHT, DOWN, B)
BOT_DELAY = 60  # ms: bots move after two frames, so matches move on


def check(dev, root):
    app = dev.app
    bottom = app.stack[0]
    assert type(bottom).__name__ == "Title" or isinstance(bottom, (play.GameScreen, play.MatchEnd)), bottom
    m = app.match
    if m is not None and m.moves and not m.state.is_over():
        rec = saves_reading.read(root)[0]
        assert rec["moves"] == list(m.moves) and rec["seats"] == m.seats and rec["game"] == m.game_id


def check_frame(dev):
    app = dev.app
    assert bytes(dev.i2c.panel.ram) == bytes(dev.display.buf)
    g = app.stack[-1]
    # (A table holding a result until A asks nobody to move: the device is
    # still with whoever had it.)
    if isinstance(g, play.GameScreen) and g.hidden and g.end == play.NONE and not g.bot and not g.table.holding():
        assert g.viewer == g.who and g.handed


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
    while presses < PRESSES or WANT - seen and presses < MOST:
        # A burst of presses, then a frame (the frames draw: drawing after each
        # press on the pure-Python framebuf would take minutes); now and then
        # a few frames with no press, so bots get their turn.
        for _ in range(1 + rng.below(47)):
            dev.app.press(WEIGHTED[rng.below(len(WEIGHTED))])
            presses += 1
            seen.add(type(dev.app.stack[-1]).__name__)
            if dev.app.match is not None and dev.app.match.moves:
                played.add(dev.app.match.game_id)
        check(dev, root)
        dev.app.bot_delay = BOT_DELAY  # whatever the walk set in Settings
        for _ in range(1 if rng.below(8) else 6):
            dev.frame()
            frames += 1
            check_frame(dev)
            check(dev, root)
        if rng.below(200) == 0:
            # Power cut: whatever was saved must come back as "Resume".
            saved = os.path.exists(saves.path(root, saves.NAME))
            dev = new_device(root, SEED + presses)
            restarts += 1
            items = dev.app.stack[0].items
            assert items[0].startswith("Resume") == saved
    assert restarts > 0 and frames > 3000
    # The walk reached every kind of screen.
    assert WANT <= seen, WANT - seen
    assert played == set(playable()), set(playable()) - played
