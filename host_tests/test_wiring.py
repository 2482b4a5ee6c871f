# The README's wiring picture is generated from the board profile; it must not drift from it.
import json
import os

from tools import wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_wiring_picture_matches_profile():
    with open(os.path.join(ROOT, "boards", "pico.json")) as f:
        profile = json.load(f)
    with open(os.path.join(ROOT, "boards", "pico-wiring.svg")) as f:
        assert f.read() == wiring.svg(profile), "run: python -m tools.wiring boards/pico.json boards/pico-wiring.svg"


def test_every_profile_pin_is_on_the_header():
    with open(os.path.join(ROOT, "boards", "pico.json")) as f:
        profile = json.load(f)
    text = wiring.svg(profile)
    for gp in list(profile["buttons"].values()) + [profile["i2c"]["sda"], profile["i2c"]["scl"]]:
        pin = wiring.pin_of("GP%d" % gp)
        assert "%d GP%d" % (pin, gp) in text
