# Settings (contrast, upside down, bot speed, auto-repeat, the open-hands
# default, sound, animations, results), their file, the screen saver and a storage that refuses writes,
# all through the app on the simulator's stand-ins.
import errno
import os
import sys

import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from firmware import app as firmware_app
from firmware import play, saves, settings, ui
from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from host_tests.drive import check_frame, menu_pick, new_device, press, setup_match, top


def open_settings(dev):
    assert "firmware.settings" not in sys.modules  # read at boot, then dropped
    menu_pick(dev, "Settings")
    s = top(dev)
    assert type(s).__name__ == "SettingsScreen"  # its module is loaded for the screen alone
    return s


def line(s, label):
    # Puts the cursor on the line starting with label.
    for _ in range(len(s.items)):
        if s.items[s.cur].startswith(label + ":"):
            return
        s.on_button(DOWN)
    raise AssertionError(label)


def foot(dev):
    # The foot line of the screen on top.
    return top(dev).footer


def test_file_round_trip_and_defaults():
    chosen = settings.defaults()
    assert chosen == {"contrast": "High", "flip": "Off", "bots": "Normal", "repeat": "On", "open": "Off", "sound": "On",
                      "animate": "On", "results": "Wait for A"}
    chosen["bots"] = "Fast"
    assert settings.decode(settings.encode(chosen, [])) == dict(chosen, setups=[])
    assert settings.value(chosen, "bots") == 200 and settings.value(chosen, "contrast") == 0xCF
    # A file of an older firmware that lacks a key gets that key's default.
    assert settings.decode(saves.pack(settings.MAGIC, settings.VERSION, b'{"flip": "On"}'))["flip"] == "On"
    # The file of the firmware before Sound (issue 24) loads as it was, Sound on.
    old = b'{"contrast": "Low", "flip": "Off", "bots": "Fast", "repeat": "On", "open": "On", "setups": []}'
    got = settings.decode(saves.pack(settings.MAGIC, settings.VERSION, old))
    assert got == {"contrast": "Low", "flip": "Off", "bots": "Fast", "repeat": "On", "open": "On", "sound": "On",
                   "animate": "On", "results": "Wait for A", "setups": []}
    assert settings.decode(settings.encode(dict(chosen, sound="Off"), []))["sound"] == "Off"


def test_damaged_file_gives_defaults_with_a_message(tmp_path, capsys):
    good = settings.encode(dict(settings.defaults(), contrast="Low"), [])
    kinds = {
        "checksum": good[:-2] + bytes([good[-2] ^ 4]) + good[-1:],
        "truncated": good[:-3],
        "garbage": bytes(range(7, 200, 3)),
        "empty": b"",
        "unknown value": saves.pack(settings.MAGIC, settings.VERSION, b'{"contrast": "Ultra"}'),
        "not an object": saves.pack(settings.MAGIC, settings.VERSION, b"[1, 2]"),
        "a save file": saves.encode({"game": "x", "options": {}, "seed": 1, "seats": [-1], "moves": []}),
    }
    for kind, data in kinds.items():
        root = tmp_path / kind.replace(" ", "-")
        root.mkdir()
        with open(str(root / settings.NAME), "wb") as f:
            f.write(data)
        dev = new_device(root)
        assert "settings.jp set aside" in capsys.readouterr().out, kind
        d = top(dev)
        assert isinstance(d, ui.Dialog), kind
        assert " ".join(d.rows).startswith("Settings reset; old file moved to settings.bad: "), kind
        with open(str(root / "settings.bad"), "rb") as f:
            assert f.read() == data, kind  # kept as it was, for a look
        assert dev.app.settings == settings.defaults()
        assert dev.i2c.panel.contrast == 0xCF
        press(dev, A)
        assert type(top(dev)).__name__ == "Title"
        # The damaged file was replaced by the defaults: the next boot is quiet.
        again = new_device(root)
        assert type(top(again)).__name__ == "Title" and again.app.settings == settings.defaults()


def test_each_setting_through_the_buttons_and_kept(tmp_path):
    root = tmp_path / "set"
    dev = new_device(root)
    s = open_settings(dev)
    assert s.items == ["Contrast: High", "Upside down: Off", "Bot speed: Normal", "Auto-repeat: On", "Open hands: Off",
                       "Sound: On", "Animations: On", "Results: Wait for A"]
    panel = dev.i2c.panel
    line(s, "Contrast")
    assert foot(dev) == "\x10\x11 change   B back"
    press(dev, RIGHT)
    assert s.items[0] == "Contrast: High"  # RIGHT means more, and a scale stops at its end
    press(dev, A)
    assert s.items[0] == "Contrast: Lowest" and panel.contrast == 0x04  # A goes round
    press(dev, A)
    press(dev, A)
    press(dev, A)
    press(dev, LEFT)
    press(dev, LEFT)
    assert s.items[0] == "Contrast: Low" and panel.contrast == 0x20  # at once, not on leaving
    press(dev, RIGHT)
    assert panel.contrast == 0x60
    line(s, "Upside down")
    assert not panel.seg_remap or panel.com_reversed  # the profile's way up
    press(dev, A)
    # SSD1306: segment remap and COM scan both reversed turn the picture 180 degrees.
    assert not panel.seg_remap and not panel.com_reversed
    check_frame(dev)  # the panel was sent the whole frame again
    line(s, "Bot speed")
    assert foot(dev) == "\x10\x11 how long a bot's move stays"  # the line says what it is for
    press(dev, LEFT)
    assert dev.app.bot_delay == 1000
    line(s, "Auto-repeat")
    press(dev, RIGHT)
    assert not dev.buttons.repeat
    line(s, "Open hands")
    assert foot(dev) == "\x10\x11 for Habitual Joker's setup"
    press(dev, RIGHT)
    assert dev.app.tones is dev.app.buzzer is not None  # the simulator's buzzer, on
    line(s, "Sound")
    press(dev, RIGHT)
    assert dev.app.tones is None  # Off: no tone is requested (test_sound_ui.py)
    line(s, "Animations")
    assert dev.app.animate
    press(dev, A)
    assert not dev.app.animate  # a played card appears at once (test_animation_ui.py)
    line(s, "Results")
    assert foot(dev) == "\x10\x11 a finished trick or turn" and dev.app.results == 0
    press(dev, RIGHT)
    assert dev.app.results == 4000  # four times Bot speed (Slow: 1 s)
    assert not os.path.exists(str(root / settings.NAME))  # not at every press (a held LEFT steps many)
    press(dev, B)
    assert type(top(dev)).__name__ == "Title" and "firmware.settings" not in sys.modules
    assert "firmware.saves_reading" not in sys.modules  # read at boot only
    want = {"contrast": "Medium", "flip": "On", "bots": "Slow", "repeat": "Off", "open": "On", "sound": "Off",
            "animate": "Off", "results": "Go on"}
    assert settings.read(str(root)) == (want, None)
    # The next boot starts with them in effect.
    dev2 = new_device(root)
    assert dev2.app.settings == want and dev2.i2c.panel.contrast == 0x60 and not dev2.i2c.panel.seg_remap
    assert dev2.app.bot_delay == 1000 and not dev2.buttons.repeat and dev2.app.tones is None and not dev2.app.animate
    assert dev2.app.results == 4000
    # Open hands on: a game that hides hands starts its setup with them open.
    menu_pick(dev2, "Habitual Joker")
    assert "Open hands: On" in top(dev2).items
    press(dev2, B)
    menu_pick(dev2, "Settings")
    line(top(dev2), "Upside down")
    press(dev2, A)
    assert dev2.i2c.panel.seg_remap and dev2.i2c.panel.com_reversed
    check_frame(dev2)


def test_a_change_is_kept_a_second_after_the_last_without_b(tmp_path):
    # The power may go while the Settings screen is up: a change is in the
    # file a second (settings.KEEP_MS) after the last press, B not needed.
    root = tmp_path / "kept"
    dev = new_device(root)
    s = open_settings(dev)
    line(s, "Contrast")
    press(dev, LEFT)
    dev.wait(settings.KEEP_MS // 2)
    press(dev, LEFT)
    dev.wait(settings.KEEP_MS // 2)
    assert not os.path.exists(str(root / settings.NAME))  # counted from the last change
    dev.wait(settings.KEEP_MS // 2)
    assert settings.read(str(root))[0]["contrast"] == "Low"
    dev = new_device(root)  # the power went with the screen up
    assert dev.app.settings["contrast"] == "Low" and dev.i2c.panel.contrast == 0x20


def test_open_hands_starts_the_remembered_setup_too(tmp_path):
    # The Open hands setting is where Habitual Joker's setup starts; once a
    # setup was remembered it held its own value for good, whatever the setting
    # said. A change of the setting changes the remembered setups' too.
    root = tmp_path / "open"
    dev = new_device(root)
    menu_pick(dev, "Habitual Joker")
    assert "Open hands: Off" in top(dev).items
    press(dev, A)  # Start: the setup is remembered
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    assert type(top(dev)).__name__ == "Title"
    for want in ("On", "Off"):
        s = open_settings(dev)
        line(s, "Open hands")
        press(dev, A)
        assert s.items[s.cur] == "Open hands: " + want
        press(dev, B)
        menu_pick(dev, "Habitual Joker")
        assert "Open hands: " + want in top(dev).items
        press(dev, B)


def test_auto_repeat_off_gives_one_event_per_hold(tmp_path):
    dev = new_device(tmp_path)
    pin = dev.pins[DOWN]
    for repeat in (True, False):
        dev.buttons.repeat = repeat
        pin.value(0)  # held for a second
        got = []
        for _ in range(200):
            dev.clock.advance(5)
            dev.buttons.poll()
            b = dev.buttons.get()
            if b >= 0:
                got.append(b)
        pin.value(1)
        for _ in range(10):
            dev.clock.advance(5)
            dev.buttons.poll()
        assert got[0] == DOWN and set(got) == {DOWN}
        assert (len(got) > 5) == repeat, (repeat, len(got))


def frames_until(dev, ms):
    end = dev.clock.ticks_add(dev.clock.ticks_ms(), ms)
    while dev.clock.ticks_diff(end, dev.clock.ticks_ms()) > 0:
        dev.frame()


def test_screen_saver_dims_darkens_and_wakes_where_it_was(tmp_path):
    dev = new_device(tmp_path)
    panel = dev.i2c.panel
    press(dev, DOWN)
    t = top(dev)
    cur = t.cur
    frames_until(dev, firmware_app.DIM_MS - 500)
    assert panel.contrast == 0xCF and panel.on
    frames_until(dev, 1000)
    assert panel.contrast == firmware_app.DIM_CONTRAST and panel.on  # dimmed
    frames_until(dev, firmware_app.OFF_MS - firmware_app.DIM_MS)
    assert not panel.on  # dark
    frame = bytes(dev.display.buf)
    press(dev, A)  # wakes; does not open what the cursor is on
    assert panel.on and panel.contrast == 0xCF
    assert top(dev) is t and t.cur == cur and bytes(dev.display.buf) == frame
    press(dev, A)  # now it acts
    assert top(dev) is not t
    # A dimmed screen wakes the same way.
    press(dev, B)
    frames_until(dev, firmware_app.DIM_MS + 100)
    assert panel.contrast == firmware_app.DIM_CONTRAST
    press(dev, DOWN)
    assert panel.contrast == 0xCF and top(dev).cur == cur


def test_dark_screen_pauses_the_match_and_bots_keep_it_awake(tmp_path):
    # Two bots playing keep the screen awake (it is moving); with a person to
    # move and no press, it dims, goes dark and nothing moves until a press.
    dev = new_device(tmp_path, seed=5)
    dev.app.bot_delay = 3000
    setup_match(dev, ["Bot Medium", "Bot Hard"], games=1)
    start = dev.clock.ticks_ms()
    while dev.app.match is not None:
        dev.frame()
        assert dev.i2c.panel.contrast == 0xCF
    assert dev.clock.ticks_diff(dev.clock.ticks_ms(), start) > firmware_app.DIM_MS
    # The end screen stands still once it takes keys (play.SETTLE_MS): it dims.
    frames_until(dev, play.SETTLE_MS + firmware_app.DIM_MS)
    assert isinstance(top(dev), play.MatchEnd) and dev.i2c.panel.contrast == firmware_app.DIM_CONTRAST
    dev2 = new_device(tmp_path / "pvb", seed=5)
    setup_match(dev2, ["Person", "Bot Medium"])
    g = top(dev2)
    while g.bot:
        dev2.frame()
    moves = len(g.match.moves)
    frames_until(dev2, firmware_app.OFF_MS + 1000)
    assert not dev2.i2c.panel.on and len(g.match.moves) == moves
    press(dev2, RIGHT)
    assert dev2.i2c.panel.on and top(dev2) is g and len(g.match.moves) == moves


def test_read_only_storage_turns_saving_off_and_play_goes_on(tmp_path, monkeypatch, capsys):
    # CircuitPython's drive is read-only to code while the computer has it.
    def read_only(name, mode="r", *args):
        if "w" in mode:
            raise OSError(errno.EROFS, "Read-only file system")
        return open(name, mode, *args)

    monkeypatch.setattr(saves, "open", read_only, raising=False)
    dev = new_device(tmp_path, seed=3)
    menu_pick(dev, "Double Joker")
    press(dev, A)  # Start: the setup is not remembered, and the table says why
    d = top(dev)
    assert isinstance(d, ui.Dialog) and "Saving is off" in " ".join(d.rows) and dev.app.match is not None
    press(dev, A)
    g = top(dev)
    assert isinstance(g, play.GameScreen)
    for _ in range(3):
        while g.bot or top(dev) is not g:
            if top(dev) is not g:
                d = top(dev)
                assert isinstance(d, ui.Dialog) and "Saving is off" in " ".join(d.rows)
                press(dev, A)
            else:
                dev.frame()
        press(dev, A)
    assert len(g.match.moves) >= 3 and not dev.app.saving
    assert "saving off" in capsys.readouterr().out
    assert not os.listdir(str(tmp_path))
    # Settings too: changed for this session, said once more is not needed.
    press(dev, B)
    menu_pick(dev, "Quit match")
    press(dev, A)
    s = open_settings(dev)
    line(s, "Bot speed")
    press(dev, LEFT)
    press(dev, B)
    assert type(top(dev)).__name__ == "Title" and dev.app.bot_delay == 1000
    for _ in range(3):
        press(dev, UP)
    check_frame(dev)
    assert type(top(dev)).__name__ != "Setup"
