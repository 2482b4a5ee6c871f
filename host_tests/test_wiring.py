# The wiring a maker follows must match the board profile: the README's table and
# the picture, both checked against the Pico's pinout as the Raspberry Pi Pico
# datasheet gives it (written out here, apart from tools/wiring.py).
import json
import os
import re

from tools import wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Pico datasheet, pinout: GPIO -> physical header pin.
DATASHEET = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
             13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29,
             26: 31, 27: 32, 28: 34}
GROUND = (3, 8, 13, 18, 23, 28, 38)
POWER_3V3 = 36
BUZZER = 22  # the GPIO the README puts the optional buzzer on: header pin 29, GND beside it on 28


def profile(name="pico"):
    with open(os.path.join(ROOT, "boards", name + ".json")) as f:
        return json.load(f)


def test_wiring_picture_matches_profile():
    for name in ("pico", "pico-link"):
        with open(os.path.join(ROOT, "boards", name + "-wiring.svg")) as f:
            assert f.read() == wiring.svg(profile(name)), \
                "run: python -m tools.wiring boards/%s.json boards/%s-wiring.svg" % (name, name)


def cable_ends(text):
    # {first point: last point} of every wire in the picture.
    ends = {}
    for pts in re.findall(r'<polyline points="([^"]+)"', text):
        xy = [tuple(int(v) for v in p.split(",")) for p in pts.split()]
        ends[xy[0]] = xy[-1]
    return ends


def label_at(text, words, last=False):
    # The (x, y) of the pin circle a label names (the first such label, or the last:
    # the second board's): labels sit 8 px beside their pin, 4 below its centre.
    found = list(re.finditer(r'<text x="(\d+)" y="(\d+)"( fill="#fff")?( text-anchor="end")?>%s</text>' % words, text))
    assert found, words
    m = found[-1 if last else 0]
    x, y = int(m.group(1)), int(m.group(2)) - 4
    return (x + 8 if m.group(4) else x - 8, y)


def test_link_cable_crosses_tx_and_rx():
    # Issue 26: this board's TX goes to the other board's RX and back, GND to GND,
    # on the header pins the datasheet gives those GPIOs.
    for link in ({"uart": 1, "tx": 20, "rx": 21, "baud": 115200}, {"uart": 0, "tx": 0, "rx": 1, "baud": 9600}):
        p = profile()
        p["link"] = link
        text = wiring.svg(p)
        tx, rx = DATASHEET[link["tx"]], DATASHEET[link["rx"]]
        gnd = min([g for g in GROUND if (g <= 20) == (tx <= 20)], key=lambda g: abs(g - tx))
        assert "Link on UART%d at %d baud" % (link["uart"], link["baud"]) in text
        ends = cable_ends(text)

        def pin(n, gp):
            return label_at(text, "GP%d %d" % (gp, n) if n > 20 else "%d GP%d" % (n, gp))

        def theirs(words):
            return label_at(text, words, last=True)

        def follow(start):
            # along the wire from the pin, and on through a detour round the board
            at = ends[start]
            return ends.get(at, at)

        assert follow(pin(tx, link["tx"])) == theirs("%d GP%d RX" % (rx, link["rx"]))
        assert follow(pin(rx, link["rx"])) == theirs("%d GP%d TX" % (tx, link["tx"]))
        gnd_at = label_at(text, "GND %d" % gnd if gnd > 20 else "%d GND" % gnd)
        assert follow(gnd_at) == theirs("%d GND" % gnd)
    assert "the second board" not in wiring.svg(profile()), "no link, no cable"


def test_picture_labels_follow_the_datasheet():
    for gp, pin in DATASHEET.items():
        assert wiring.PICO_PINS[pin] == "GP%d" % gp
    for pin in GROUND:
        assert wiring.PICO_PINS[pin] == "GND"
    assert wiring.PICO_PINS[POWER_3V3] == "3V3"
    text = wiring.svg(profile())
    p = profile()
    for gp in list(p["buttons"].values()) + [p["i2c"]["sda"], p["i2c"]["scl"]]:
        assert "%d GP%d" % (DATASHEET[gp], gp) in text


def test_readme_table_matches_profile_and_pinout():
    # Every row "| Button UP | 14 (GP10) |" names the GPIO the profile gives that
    # part, on the header pin the datasheet puts it.
    p = profile()
    want = {"OLED SDA": p["i2c"]["sda"], "OLED SCL": p["i2c"]["scl"]}
    for key, gp in p["buttons"].items():
        want["Button " + key.upper()] = gp
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    seen = set()
    want["Buzzer"] = BUZZER  # optional (issue 24): where the README says to solder it
    for part, pin, gp in re.findall(r"^\| ([A-Za-z ]+?) \| (\d+) \(GP(\d+)", readme, re.M):
        if part in want:
            assert int(gp) == want[part], part
            assert int(pin) == DATASHEET[int(gp)], part
            seen.add(part)
    assert seen == set(want)
    assert "| OLED VCC | %d (3V3" % POWER_3V3 in readme
    ground = re.findall(r"^\| (?:OLED GND|the other leg of every button|the buzzer's other leg) \| (\d+) \(GND\)",
                        readme, re.M)
    assert len(ground) == 3 and all([int(g) in GROUND for g in ground])
    assert '"buzzer": {"pin": %d}' % BUZZER in readme  # the profile line that turns it on


def test_picture_grows_the_buzzer_the_profile_names():
    # Issue 24: no buzzer in the Pico profile, none in the picture; named, it is
    # drawn with a wire from its GPIO's header pin and one from a GND pin.
    p = profile()
    assert "buzzer" not in p and "buzzer" not in wiring.svg(p)
    p["buzzer"] = {"pin": BUZZER}
    text = wiring.svg(p)
    assert "Buzzer: GP%d." % BUZZER in text and ">buzzer<" in text
    pin = DATASHEET[BUZZER]
    ends = [w.split(" ")[0] for w in re.findall(r'points="([^"]+)"', text)]
    assert "%d,%d" % wiring.pin_xy(pin) in ends  # a wire starts at its pin
    grounds = ["%d,%d" % wiring.pin_xy(g) for g in GROUND]
    buzzer_wires = re.findall(r'points="([^"]+)"', text.split(">buzzer<")[0].split("GND</text>")[-1])
    assert [w for w in buzzer_wires if w.split(" ")[0] in grounds]  # and one from a GND pin


def test_readme_link_table_matches_profile_and_pinout():
    link = profile("pico-link")["link"]
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    rows = dict(((w, (int(a), int(b))) for w, a, b in re.findall(r"^\| Link (TX|RX|GND) \| (\d+) \([^|]*\| (\d+) \(", readme, re.M)))
    tx, rx = DATASHEET[link["tx"]], DATASHEET[link["rx"]]
    assert rows["TX"] == (tx, rx) and rows["RX"] == (rx, tx), rows
    assert rows["GND"][0] == rows["GND"][1] in GROUND
    assert "| Link TX | %d (GP%d, UART%d TX)" % (tx, link["tx"], link["uart"]) in readme
    assert '"link": {"uart": %d, "tx": %d,\n"rx": %d, "baud": %d}' % (link["uart"], link["tx"], link["rx"], link["baud"]) in readme
