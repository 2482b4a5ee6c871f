# The CircuitPython seam: the devices of a board profile built from CircuitPython's
# own modules, for firmware/board.py's start(). The app and every screen are the
# same as on MicroPython; only this layer differs:
#   display  the screens draw on our MONO_VLSB buffer (firmware/canvas.py stands
#            in for framebuf); show() finds the changed spans as our SSD1306
#            driver does and writes only the pixels that changed into a
#            displayio.Bitmap, which adafruit_displayio_ssd1306 sends to the panel
#   buttons  firmware.buttons over digitalio pins (its debounce and repeat)
#   clock    supervisor.ticks_ms with the ticks arithmetic (CircuitPython's
#            ticks wrap at 2**29)
#   buzzer   pwmio.PWMOut with machine.PWM's freq() and duty_u16()
# firmware.board is imported only inside the functions that start the board:
# code.py drops that module once the app runs, and nothing here may keep it.
import board as pins
import busio
import digitalio
import displayio
import supervisor
import time

import adafruit_displayio_ssd1306
from firmware.buttons import Buttons
from firmware.ssd1306 import SSD1306

try:
    from i2cdisplaybus import I2CDisplayBus  # CircuitPython 9 and later
except ImportError:
    from displayio import I2CDisplay as I2CDisplayBus  # type: ignore  # CircuitPython 8

TICKS_PERIOD = 1 << 29
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF = TICKS_PERIOD >> 1


class Clock:
    # time.ticks_ms and friends, which CircuitPython's time lacks.
    def ticks_ms(self):
        return supervisor.ticks_ms()

    def ticks_add(self, t, delta):
        return (t + delta) & TICKS_MAX

    def ticks_diff(self, a, b):
        d = (a - b) & TICKS_MAX
        return d - TICKS_PERIOD if d >= TICKS_HALF else d

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


class Pin:
    # A digitalio pin with machine.Pin's value() (what Buttons and the LED use).
    def __init__(self, name, output=False):
        self.io = digitalio.DigitalInOut(pin(name))
        if output:
            self.io.switch_to_output(False)
        else:
            self.io.switch_to_input(digitalio.Pull.UP)

    def value(self, v=None):
        if v is None:
            return 1 if self.io.value else 0
        self.io.value = bool(v)
        return None


class Panel(SSD1306):
    # Our driver's dirty spans, delivered to a displayio display: _send() gets
    # what the I2C transfer would carry and writes the pixels that differ from
    # what the panel holds into the bitmap; show() then refreshes the display,
    # which sends displayio's dirty area. Contrast, power and the 180-degree
    # turn go to the display object.
    def __init__(self, display, bitmap, width, height, flip):
        self.display = display
        self.bitmap = bitmap
        self.pixel_writes = 0
        SSD1306.__init__(self, None, 0, width, height, flip)

    def init(self, flip=False):
        self.flip = flip
        self.display.rotation = 180 if flip else 0
        # buf, shadow and the bitmap all start blank; displayio's first refresh
        # sends the whole frame.

    def contrast(self, v):
        self.display.brightness = (v & 0xFF) / 255

    def power(self, on):
        if on:
            self.display.wake()
        else:
            self.display.sleep()

    def turn(self, over):
        flip = self.mounted != over
        if flip != self.flip:
            self.flip = flip
            self.display.rotation = 180 if flip else 0

    def _send(self, c0, c1, p0, p1, data):
        bitmap = self.bitmap
        shadow = self.shadow
        w = self.width
        span = c1 - c0 + 1
        n = 0
        for k in range(len(data)):
            page = p0 + k // span
            x = c0 + k % span
            new = data[k]
            diff = new ^ shadow[page * w + x]
            if not diff:
                continue
            at = page * 8 * w + x  # bitmap index of the byte's top pixel
            for bit in range(8):
                if diff >> bit & 1:
                    bitmap[at + bit * w] = new >> bit & 1
                    n += 1
        self.pixel_writes += n

    def show(self):
        SSD1306.show(self)
        self.display.refresh()


def pin(name):
    # A profile's pin (a GPIO number or a board pin name) as CircuitPython's board has it.
    attr = "GP%d" % name if isinstance(name, int) else name
    try:
        return getattr(pins, attr)
    except AttributeError:
        from firmware.board import BoardError

        raise BoardError("board.json: this board has no pin %s (CircuitPython's board module has %s)"
                         % (attr, ", ".join([n for n in dir(pins) if not n.startswith("_")])))


def make_i2c(profile):
    cfg = profile["i2c"]
    return busio.I2C(pin(cfg["scl"]), pin(cfg["sda"]), frequency=cfg["freq"])


def scan(i2c):
    while not i2c.try_lock():
        pass
    try:
        return i2c.scan()
    finally:
        i2c.unlock()


def make_display(profile, i2c=None):
    # i2c: a bus to use instead of the profile's (host tests record what it sends).
    from firmware.board import DisplayError, check_address

    displayio.release_displays()
    cfg = profile["display"]
    if i2c is None:
        i2c = make_i2c(profile)
    check_address(profile, scan(i2c))
    try:
        bus = I2CDisplayBus(i2c, device_address=cfg["address"])
        display = adafruit_displayio_ssd1306.SSD1306(bus, width=cfg["width"], height=cfg["height"],
                                                     auto_refresh=False)
    except (OSError, RuntimeError) as e:
        raise DisplayError("the display at 0x%02X stopped answering during set-up (%s): check that "
                           "the wires are firm and VCC is 3V3." % (cfg["address"], e))
    bitmap = displayio.Bitmap(cfg["width"], cfg["height"], 2)
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    display.root_group = group
    return Panel(display, bitmap, cfg["width"], cfg["height"], cfg["flip"])


def make_buttons(profile, clock):
    from firmware.board import BUTTON_KEYS

    btn = profile["buttons"]
    return Buttons(tuple([Pin(btn[k]) for k in BUTTON_KEYS]), clock)


class Port:
    # busio.UART as the link port: its read and write as they are (timeout 0:
    # read() gives what has come or None), any() from in_waiting.
    def __init__(self, uart):
        self.uart = uart
        self.read = uart.read
        self.write = uart.write

    def any(self):
        return self.uart.in_waiting


def link_port(profile, say=print):
    # The link cable's UART, or None (no link in the profile, or a UART that
    # cannot be set up: said on the console, and the board plays without link).
    from firmware.board import LINK_RXBUF, link_trouble

    cfg = profile["link"]
    if cfg is None:
        return None
    try:
        return Port(busio.UART(pin(cfg["tx"]), pin(cfg["rx"]), baudrate=cfg["baud"], timeout=0,
                               receiver_buffer_size=LINK_RXBUF))
    except (ValueError, RuntimeError) as e:
        say(link_trouble(cfg, e))
        return None


def make_led(profile):
    led = profile["led"]
    if led is None:
        return None
    try:
        return Pin(led, output=True)
    except (ValueError, AttributeError):
        return None


class Tone:
    # A pwmio.PWMOut that firmware/sound.py drives as it drives machine.PWM.
    def __init__(self, name):
        import pwmio

        self.out = pwmio.PWMOut(pin(name), frequency=440, duty_cycle=0, variable_frequency=True)

    def freq(self, hz):
        self.out.frequency = hz

    def duty_u16(self, d):
        self.out.duty_cycle = d


def make_buzzer(profile):
    b = profile["buzzer"]
    return None if b is None else Tone(b["pin"])
