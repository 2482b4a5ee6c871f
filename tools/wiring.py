"""Draw the wiring of a board profile as an SVG picture for the README.

python -m tools.wiring boards/pico.json boards/pico-wiring.svg
"""
import json
import sys

from firmware.board import LINK_BAUD

# Raspberry Pi Pico header: physical pin -> name (pins 1..20 down the left edge, 21..40 up the right).
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6",
    10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13",
    18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19",
    26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND",
    34: "GP28", 35: "VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
PIN_STEP = 20
TOP = 120
LEFT_X, RIGHT_X = 330, 470  # the two header columns of the Pico


def pin_of(name):
    for pin, n in PICO_PINS.items():
        if n == name:
            return pin
    raise ValueError("no Pico pin named %s" % name)


def pin_xy(pin):
    # Pins 1..20 run down the left edge, 40..21 down the right edge (USB at the top).
    if pin <= 20:
        return LEFT_X, TOP + pin * PIN_STEP
    return RIGHT_X, TOP + (41 - pin) * PIN_STEP


def wire(points, colour):
    pts = " ".join(["%d,%d" % p for p in points])
    return '<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>' % (pts, colour)


def link_cable(link):
    # The link cable to a second board wired the same: TX to its RX, RX to its TX,
    # GND to GND. Of the second board only the cable's end is drawn, its pins in
    # the order they sit on the header, so the TX and RX wires cross.
    tx, rx = pin_of("GP%d" % link["tx"]), pin_of("GP%d" % link["rx"])
    side = [p for p in PICO_PINS if (p <= 20) == (tx <= 20)]
    gnd = min([p for p in side if PICO_PINS[p] == "GND"], key=lambda p: abs(p - tx) + abs(p - rx))
    wires = sorted(((tx, "TX", "#c3c", "RX"), (rx, "RX", "#0aa", "TX"), (gnd, "GND", "#222", "GND")),
                   key=lambda w: pin_xy(w[0])[1])
    out = []
    anchors = []
    for k, (pin, _, colour, _) in enumerate(wires):
        px, py = pin_xy(pin)
        if pin <= 20:  # the left-hand pins: out and round under the board
            below = TOP + 21 * PIN_STEP + 12 + k * 16
            out.append(wire(((px, py), (px - 12 - k * 6, py), (px - 12 - k * 6, below), (RIGHT_X + 24, below)), colour))
            px, py = RIGHT_X + 24, below
        anchors.append((px, py))
    bx, top = 720, anchors[0][1] - 24
    out.append('<rect x="%d" y="%d" width="130" height="%d" rx="6" fill="#2a7a3a"/>' % (bx, top, anchors[-1][1] - top + 24))
    out.append('<text x="%d" y="%d">the second board</text>' % (bx, top - 22))
    out.append('<text x="%d" y="%d">(wired the same)</text>' % (bx, top - 8))
    for k, (pin, role, colour, theirs) in enumerate(wires):
        ax, ay = anchors[k]
        to = [w[1] for w in wires].index(theirs)
        ty = anchors[to][1]
        out.append(wire(((ax, ay), (580, ay), (640, ty), (bx, ty)), colour))
        out.append('<text x="%d" y="%d" font-size="10" fill="%s">%s</text>' % (ax + 12, ay - 4, colour, role))
        label = "%d %s" % (wires[to][0], PICO_PINS[wires[to][0]]) + ("" if theirs == "GND" else " " + theirs)
        out.append('<text x="%d" y="%d" fill="#fff">%s</text>' % (bx + 8, ty + 4, label))
        out.append('<circle cx="%d" cy="%d" r="4" fill="#eee" stroke="#333"/>' % (bx, ty))
    lines = ("Link on UART%d at %d baud:" % (link["uart"], link.get("baud", LINK_BAUD)), "TX to RX, RX to TX, GND to GND.",
             "Three or four boards: a ring,", "each TX to the next board's RX,", "every GND joined.")
    for k, line in enumerate(lines):
        out.append('<text x="560" y="%d">%s</text>' % (250 + 16 * k, line))
    return out


def svg(profile):
    i2c = profile["i2c"]
    link = profile.get("link")
    w, h = 640, TOP + 21 * PIN_STEP + 20
    if link:  # wider for the second board, taller for a cable round under the board
        w, h = 900, h + (60 if pin_of("GP%d" % link["tx"]) <= 20 else 0)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="12">' % (w, h),
        '<rect width="100%" height="100%" fill="#fff"/>',
        '<text x="20" y="28" font-size="16" font-weight="bold">%s: wiring</text>' % profile["name"],
        '<text x="20" y="48">OLED on I2C%d at %s (3.3 V). Each button joins its GPIO to GND;</text>'
        % (i2c["id"], profile["display"]["address"]),
        '<text x="20" y="64">the firmware turns on the internal pull-ups. Onboard LED: GP%d.%s</text>'
        % (profile["led"], " Buzzer: GP%d." % profile["buzzer"]["pin"] if profile.get("buzzer") else ""),
        '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#2a7a3a"/>'
        % (LEFT_X, TOP, RIGHT_X - LEFT_X, 21 * PIN_STEP),
        '<rect x="%d" y="%d" width="36" height="16" fill="#bbb"/>' % ((LEFT_X + RIGHT_X) // 2 - 18, TOP - 8),
        '<text x="%d" y="%d" font-size="9" text-anchor="middle">USB</text>' % ((LEFT_X + RIGHT_X) // 2, TOP + 3),
    ]
    for pin in range(1, 41):
        x, y = pin_xy(pin)
        name = PICO_PINS[pin]
        if pin <= 20:
            out.append('<text x="%d" y="%d" fill="#fff">%d %s</text>' % (x + 8, y + 4, pin, name))
        else:
            out.append('<text x="%d" y="%d" fill="#fff" text-anchor="end">%s %d</text>' % (x - 8, y + 4, name, pin))
        out.append('<circle cx="%d" cy="%d" r="4" fill="#eee" stroke="#333"/>' % (x, y))
    # The OLED module sits top left; data wires run straight to their pins, power goes over the top.
    ox, oy = 60, TOP + 40
    out.append('<rect x="%d" y="%d" width="140" height="96" rx="4" fill="#111"/>' % (ox, oy))
    out.append('<rect x="%d" y="%d" width="96" height="48" fill="#0c2a4a"/>' % (ox + 8, oy + 40))
    out.append('<text x="%d" y="%d" fill="#9cf" text-anchor="middle">SSD1306</text>' % (ox + 56, oy + 62))
    out.append('<text x="%d" y="%d" fill="#9cf" text-anchor="middle">128x64</text>' % (ox + 56, oy + 76))
    oled = (
        ("VCC", "#d22", pin_of("3V3")),
        ("GND", "#222", 38),
        ("SDA", "#1a7", pin_of("GP%d" % i2c["sda"])),
        ("SCL", "#e80", pin_of("GP%d" % i2c["scl"])),
    )
    for k, (label, colour, pin) in enumerate(oled):
        tx, ty = ox + 140, oy + 12 + k * 8
        out.append('<text x="%d" y="%d" fill="#fff" font-size="9" text-anchor="end">%s</text>' % (tx - 6, ty + 3, label))
        px, py = pin_xy(pin)
        if pin <= 20:
            jog = 240 + k * 14
            out.append(wire(((tx, ty), (jog, ty), (jog, py), (px, py)), colour))
        else:
            over = TOP - 20 - k * 10
            side = RIGHT_X + 30 + k * 14
            out.append(wire(((tx, ty), (230 - k * 8, ty), (230 - k * 8, over), (side, over), (side, py), (px, py)), colour))
        out.append('<circle cx="%d" cy="%d" r="3" fill="%s"/>' % (tx, ty, colour))
    # Buttons sit level with their pins; their other legs share a ground bus to a GND pin.
    bus_x = 170
    rows = []
    for name in ("up", "down", "left", "right", "a", "b"):
        pin = pin_of("GP%d" % profile["buttons"][name])
        px, py = pin_xy(pin)
        rows.append(py)
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (bus_x - 8, py + 4, name.upper()))
        out.append(wire(((bus_x, py), (196, py)), "#222"))
        out.append('<rect x="196" y="%d" width="28" height="12" rx="3" fill="#ddd" stroke="#333"/>' % (py - 6))
        out.append(wire(((224, py), (px, py)), "#36c"))
    gnd = min([p for p in PICO_PINS if PICO_PINS[p] == "GND" and p <= 20],
              key=lambda p: abs(pin_xy(p)[1] - sum(rows) // len(rows)))
    gx, gy = pin_xy(gnd)
    top, bottom = min(rows + [gy]), max(rows + [gy])
    out.append(wire(((bus_x, top), (bus_x, bottom)), "#222"))
    out.append(wire(((bus_x, gy), (gx, gy)), "#222"))
    out.append('<text x="%d" y="%d" text-anchor="end">GND</text>' % (bus_x - 8, gy + 4))
    if link:
        out += link_cable(link)
    if profile.get("buzzer"):
        out += buzzer(profile["buzzer"]["pin"])
    out.append("</svg>")
    return "\n".join(out) + "\n"


def buzzer(gp):
    # The optional piezo (a passive one) right of the Pico: one leg to its PWM
    # pin, the other to the nearest GND on the same edge.
    pin = pin_of("GP%d" % gp)
    px, py = pin_xy(pin)
    side = [p for p in PICO_PINS if PICO_PINS[p] == "GND" and (p <= 20) == (pin <= 20)]
    gnd = min(side, key=lambda p: abs(pin_xy(p)[1] - py))
    gx, gy = pin_xy(gnd)
    bx = 600 if pin > 20 else 30  # the piezo beyond the wires on that side
    by = (py + gy) // 2
    toward = -1 if pin > 20 else 1  # from the piezo toward the header
    leg = bx + toward * 14
    return [
        wire(((px, py), (leg, py), (leg, by - 5)), "#a3c"),
        wire(((gx, gy), (leg - toward * 6, gy), (leg - toward * 6, by + 5)), "#222"),
        '<circle cx="%d" cy="%d" r="16" fill="#222" stroke="#333"/>' % (bx, by),
        '<circle cx="%d" cy="%d" r="4" fill="#555"/>' % (bx, by),
        '<text x="%d" y="%d" text-anchor="middle">buzzer</text>' % (bx, by + 32),
        '<text x="%d" y="%d" text-anchor="middle">(piezo)</text>' % (bx, by + 46),
    ]


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip())
        return 2
    with open(argv[0]) as f:
        profile = json.load(f)
    with open(argv[1], "w") as f:
        f.write(svg(profile))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
