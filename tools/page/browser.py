# The board in a web page: the real firmware app on the simulator's stand-ins,
# stepped one frame at a time by web/worker.js under the MicroPython WebAssembly
# port. Only the lowest pieces are swapped, as tools/sim.py swaps them: the
# display is firmware.ssd1306 on a fake I2C bus (the page draws what the panel
# shows of the RAM the wire filled), the buttons are firmware.buttons over fake pins that the
# page's keys and touch buttons pull low, the clock is the port's own `time`
# (the browser's clock), the storage root is a folder the page keeps in the
# browser's storage, the buzzer is a stand-in PWM whose pitch the page sounds
# through the browser's audio, and the link port is bytes the worker carries to
# and from a linked tab (tools/page/link.mjs). Runs on MicroPython only.
import binascii
import time

from firmware import app as firmware_app
from firmware.buttons import NAMES, Buttons
from firmware.ssd1306 import SSD1306
from tools.host.devices import BytePort, FakeI2C, FakePin, FakePWM

FRAME_MS = firmware_app.FRAME_MS
CHANGED = 1  # step() flags: the frame changed,
BUSY = 2  # a screen is about to change by itself (a bot, an end delay),
HELD = 4  # a button is down or a press is not yet taken


class Board:
    def __init__(self, root, seeds_dir, seed=None, bot_delay=-1, linked=False):
        # linked: the tab has a link (?link=NAME): the app gets the port, and its title Link play
        self.i2c = FakeI2C(record=False)
        self.display = SSD1306(self.i2c)
        self.pins = tuple([FakePin(value=1) for _ in NAMES])  # released: pulled up
        self.buttons = Buttons(self.pins, time)
        self.pwm = FakePWM()
        self.link = BytePort()
        self.app = firmware_app.App(self.display, self.buttons, time, root, seeds_dir, seed, buzzer=self.pwm,
                                    link=self.link if linked else None)
        if bot_delay >= 0:  # the tests' quick bots
            self.app.bot_delay = bot_delay
        self.look = None  # the panel's on/all-on/inverse/contrast as last sent to the page

    def step(self):
        # One pass of the firmware's loop (firmware.app.run); the page sleeps.
        flags = CHANGED if self.app.step() else 0
        p = self.i2c.panel
        look = (p.on, p.all_on, p.inverted, p.contrast)
        if look != self.look:
            self.look = look
            flags |= CHANGED
        if self.app.busy():
            flags |= BUSY
        buttons = self.buttons
        if buttons.pending():
            flags |= HELD
        for b in range(len(NAMES)):
            if buttons.is_down(b) or not self.pins[b].value():
                flags |= HELD
        return flags

    def pin(self, b, pressed):
        self.pins[b].value(0 if pressed else 1)

    def frame(self):
        # In hex: the panel's contrast (a byte), then what it shows (8 pages of
        # 128 column bytes, bit 0 on top).
        p = self.i2c.panel
        return "%02x" % p.contrast + binascii.hexlify(p.shown()).decode()

    def tone(self):
        # The buzzer's pitch in Hz, 0 when quiet (firmware/sound.py sets it).
        return self.pwm.sounding()
