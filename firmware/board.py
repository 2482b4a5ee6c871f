# The board profile (board.json): which runtime it is for, which pins and bus the
# display and buttons use. load() checks it and says exactly what is wrong in words
# a maker can act on; the make_* functions build the devices from a `machine`-like
# module (the real one on the board, tools/host/devices.FakeMachine on the host);
# firmware/circuitpy.py has CircuitPython's; start() is what main.py and code.py run.
import json

from engine import const

BUTTON_KEYS = ("up", "down", "left", "right", "a", "b")  # the order Buttons expects
GPIO_MAX = const(29)  # RP2040: GP0..GP29
RUNTIMES = ("micropython", "circuitpython")
MAX_BYTES = const(4096)  # a profile is a few hundred bytes; a larger board.json is refused unread
# mpy-cross's names for the machine code MicroPython boards run: the build
# compiles the engine's hottest loops to it (tools/build.py); "armv6m" is the RP2040.
ARCHES = ("armv6m", "armv7m", "armv7emsp", "armv7emdp", "xtensa", "xtensawin", "rv32imc")
_SECTIONS = ("arch", "buttons", "buzzer", "display", "i2c", "led", "link", "name", "runtime")
_I2C_KEYS = ("freq", "id", "scl", "sda", "soft")
_LINK_KEYS = ("baud", "rx", "tx", "uart")
# The link cable's speed unless the profile says: 115200 baud is sure on a
# 30 cm three-wire cable and moves a byte in 87 us.
LINK_BAUD = const(115200)
# Bytes the UART keeps between the app's reads: the RP2040's FIFO holds 32, and
# a frame (30 ms) of a steady stream at 115200 baud is 346.
LINK_RXBUF = const(512)
_DISPLAY_KEYS = ("address", "driver", "flip", "height", "width")


class BoardError(ValueError):
    pass


class DisplayError(Exception):
    pass


def _show(value):
    return json.dumps(value)


def _fail(where, key, want, got):
    raise BoardError("%s: %s must be %s (got %s)" % (where, key, want, _show(got)))


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _section(data, key, allowed, where):
    sec = data.get(key)
    if not isinstance(sec, dict):
        if key not in data:
            raise BoardError("%s: missing section %s" % (where, key))
        _fail(where, key, "an object { ... }", sec)
    for k in sorted(sec):
        if k not in allowed:
            raise BoardError("%s: unknown key %s.%s (known: %s)" % (where, key, k, ", ".join(allowed)))
    return sec


def _get(sec, section, key, where, default=None):
    if key in sec:
        return sec[key]
    if default is not None:
        return default
    raise BoardError("%s: missing %s.%s" % (where, section, key))


def _pin_name(v):
    # A pin of CircuitPython's board module: "GP4", "SDA", "D5", "BUTTON_A".
    if not isinstance(v, str) or not v or not (v[0].isalpha() or v[0] == "_"):
        return False
    for ch in v:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


def _gpio(v, name, where, runtime="micropython"):
    if _is_int(v) and 0 <= v <= GPIO_MAX:
        return v
    if runtime == "circuitpython":
        if _pin_name(v):
            return v
        _fail(where, name, 'a GPIO number 0..%d or a pin name of CircuitPython\'s board module ("GP4", "SDA")'
              % GPIO_MAX, v)
    if _pin_name(v):
        _fail(where, name, 'a GPIO number 0..%d (pin names like %s are for "runtime": "circuitpython")'
              % (GPIO_MAX, _show(v)), v)
    _fail(where, name, "a GPIO number 0..%d" % GPIO_MAX, v)


def _address(v, where):
    # JSON has no hex numbers, so "0x3C" is accepted as well as 60.
    a = v
    if isinstance(v, str):
        try:
            a = int(v, 16) if v[:2] in ("0x", "0X") else -1
        except ValueError:
            a = -1
    if not _is_int(a) or not 0x08 <= a <= 0x77:
        _fail(where, "display.address", 'an I2C address like "0x3C" or "0x3D"', v)
    return a


def _uart_pins(bus, role):
    # The RP2040's pins of UART `bus` (0 or 1), its TX (role 0) or RX (role 1):
    # UART0 on GP0/1, 12/13, 16/17, 28/29; UART1 on GP4/5, 8/9, 20/21, 24/25.
    return [gp for gp in range(role, GPIO_MAX + 1, 4) if (gp + 4) // 8 % 2 == bus]


def _link(sec, used, runtime, where):
    # The link section, checked as the others are -> {uart, tx, rx, baud}.
    # CircuitPython's busio picks the UART from the pins: the id is optional there.
    bus = _get(sec, "link", "uart", where, 0 if runtime == "circuitpython" else None)
    if not _is_int(bus) or bus not in (0, 1):
        _fail(where, "link.uart", "0 or 1", bus)
    pins = []
    for role, key in enumerate(("tx", "rx")):
        p = _gpio(_get(sec, "link", key, where), "link." + key, where, runtime)
        if runtime == "micropython" and p not in _uart_pins(bus, role):
            _fail(where, "link." + key, "a %s pin of UART%d (%s)"
                  % (key.upper(), bus, ", ".join(["GP%d" % g for g in _uart_pins(bus, role)])), p)
        if p in used:
            raise BoardError("%s: %s and link.%s both use %s" % (where, used[p], key, _pin(p)))
        used[p] = "link." + key
        pins.append(p)
    baud = _get(sec, "link", "baud", where, LINK_BAUD)
    if not _is_int(baud) or not 9600 <= baud <= 1000000:
        _fail(where, "link.baud", "a speed in baud, 9600..1000000 (115200 is usual)", baud)
    return {"uart": bus, "tx": pins[0], "rx": pins[1], "baud": baud}


def validate(data, where="board.json", say=None):
    # Returns the profile with defaults filled in and the address as an int.
    # say(text): given (the board starting), a wrong link section is said with it
    # and the board starts without link, which is a bonus; else it is refused.
    if not isinstance(data, dict):
        raise BoardError("%s: must be a JSON object { ... }" % where)
    for k in sorted(data):
        if k not in _SECTIONS:
            raise BoardError("%s: unknown key %s (known: %s)" % (where, k, ", ".join(_SECTIONS)))
    name = data.get("name")
    if not isinstance(name, str) or not name:
        _fail(where, "name", "the board's name as text", name)
    runtime = data.get("runtime", "micropython")
    if runtime not in RUNTIMES:
        _fail(where, "runtime", '"micropython" or "circuitpython"', runtime)
    arch = data.get("arch")
    if arch is not None and (runtime != "micropython" or arch not in ARCHES):
        _fail(where, "arch", "left out, or on MicroPython the board's machine code for mpy-cross -march (%s)"
              % ", ".join(ARCHES), arch)

    i2c = _section(data, "i2c", _I2C_KEYS, where)
    # CircuitPython's busio picks the bus from the pins: the id is optional there.
    bus = _get(i2c, "i2c", "id", where, 0 if runtime == "circuitpython" else None)
    if not _is_int(bus) or bus not in (0, 1):
        _fail(where, "i2c.id", "0 or 1", bus)
    sda = _gpio(_get(i2c, "i2c", "sda", where), "i2c.sda", where, runtime)
    scl = _gpio(_get(i2c, "i2c", "scl", where), "i2c.scl", where, runtime)
    soft = _get(i2c, "i2c", "soft", where, False)
    if not isinstance(soft, bool):
        _fail(where, "i2c.soft", "true or false", soft)
    if soft and runtime == "circuitpython":
        _fail(where, "i2c.soft", "false on CircuitPython (its display bus takes a hardware busio.I2C)", soft)
    if not soft and runtime == "micropython":
        # The RP2040 routes I2C0 SDA/SCL to GP0/1, 4/5, 8/9, ...; I2C1 to GP2/3, 6/7, ...
        for key, pin, k in (("i2c.sda", sda, 0), ("i2c.scl", scl, 1)):
            if pin % 4 != 2 * bus + k:
                want = "an %s pin of I2C%d (GP%d, GP%d, GP%d, ...)" % (key[4:].upper(), bus, 2 * bus + k,
                                                                      2 * bus + k + 4, 2 * bus + k + 8)
                if pin % 4 == 2 * (1 - bus) + k:  # the other bus's: the fix is one number
                    raise BoardError('%s: %s must be %s (got %s, I2C%d\'s: set i2c "id": %d)'
                                     % (where, key, want, _show(pin), 1 - bus, 1 - bus))
                _fail(where, key, want, pin)
    freq = _get(i2c, "i2c", "freq", where)
    if not _is_int(freq) or not 10000 <= freq <= 1000000:
        _fail(where, "i2c.freq", "a bus speed in Hz, 10000..1000000 (400000 is usual)", freq)

    disp = _section(data, "display", _DISPLAY_KEYS, where)
    driver = _get(disp, "display", "driver", where)
    if driver != "ssd1306":
        _fail(where, "display.driver", '"ssd1306" (the only driver so far)', driver)
    width = _get(disp, "display", "width", where)
    height = _get(disp, "display", "height", where)
    if not _is_int(width) or width != 128:
        _fail(where, "display.width", "128", width)
    if not _is_int(height) or height != 64:
        _fail(where, "display.height", "64 (the screens are laid out for 128x64)", height)
    address = _address(_get(disp, "display", "address", where), where)
    flip = _get(disp, "display", "flip", where, False)
    if not isinstance(flip, bool):
        _fail(where, "display.flip", "true or false", flip)

    btn = _section(data, "buttons", BUTTON_KEYS, where)
    used = {sda: "i2c.sda", scl: "i2c.scl"}
    if sda == scl:
        raise BoardError("%s: i2c.sda and i2c.scl both use %s" % (where, _pin(sda)))
    pins = []
    for k in BUTTON_KEYS:
        name_k = "buttons." + k
        p = _gpio(_get(btn, "buttons", k, where), name_k, where, runtime)
        if p in used:
            raise BoardError("%s: %s and %s both use %s" % (where, used[p], name_k, _pin(p)))
        used[p] = name_k
        pins.append(p)

    led = data.get("led")
    if led is not None and led != "LED":
        if not (_is_int(led) and 0 <= led <= GPIO_MAX) and not (runtime == "circuitpython" and _pin_name(led)):
            _fail(where, "led", 'a GPIO number 0..%d, "LED" or null' % GPIO_MAX, led)
        if led in used:
            raise BoardError("%s: %s and led both use %s" % (where, used[led], _pin(led)))
        used[led] = "led"

    link = None
    if data.get("link") is not None:  # optional: the link cable's UART (null: none)
        try:
            link = _link(_section(data, "link", _LINK_KEYS, where), used, runtime, where)
        except BoardError as e:
            if say is None:
                raise
            say("Joker Pocket starts without link play: %s" % e)

    buzzer = None
    if data.get("buzzer") is not None:  # optional: a piezo on a PWM pin (firmware/sound.py)
        p = _gpio(_get(_section(data, "buzzer", ("pin",), where), "buzzer", "pin", where), "buzzer.pin", where, runtime)
        if p in used or p == led:
            raise BoardError("%s: %s and buzzer.pin both use %s" % (where, used.get(p, "led"), _pin(p)))
        buzzer = {"pin": p}

    return {
        "name": name,
        "runtime": runtime,
        "arch": arch,
        "i2c": {"id": bus, "sda": sda, "scl": scl, "freq": freq, "soft": soft},
        "display": {"driver": driver, "width": width, "height": height, "address": address, "flip": flip},
        "buttons": dict(zip(BUTTON_KEYS, pins)),
        "led": led,
        "buzzer": buzzer,
        "link": link,
    }


def _pin(p):
    return "GP%d" % p if _is_int(p) else p


def load(path="board.json", say=None):
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError:
        raise BoardError(
            "%s not found: copy one of the profiles in boards/ to the board as /board.json "
            "(make deploy BOARD=pico does it)" % path
        )
    if len(raw) > MAX_BYTES:
        raise BoardError("%s is larger than %d bytes: not a board profile" % (path, MAX_BYTES))
    try:
        data = json.loads(raw.decode())
    except UnicodeError:
        raise BoardError("%s is not UTF-8 text: save it from a text editor as UTF-8" % path)
    except (ValueError, RuntimeError) as e:  # RuntimeError: CPython's recursion limit on deep nesting
        raise BoardError("%s is not valid JSON (%s): check quotes, commas and braces" % (path, e))
    return validate(data, path, say)


def bus_name(cfg):
    kind = "software I2C" if cfg["soft"] else "I2C%d" % cfg["id"] if _is_int(cfg["sda"]) else "I2C"
    return "%s (SDA %s, SCL %s)" % (kind, _pin(cfg["sda"]), _pin(cfg["scl"]))


def make_i2c(profile, machine):
    cfg = profile["i2c"]
    sda = machine.Pin(cfg["sda"])
    scl = machine.Pin(cfg["scl"])
    try:
        if cfg["soft"]:
            return machine.SoftI2C(sda=sda, scl=scl, freq=cfg["freq"])
        return machine.I2C(cfg["id"], sda=sda, scl=scl, freq=cfg["freq"])
    except ValueError as e:
        raise BoardError("board.json: %s cannot be set up: %s" % (bus_name(cfg), e))


def make_display(profile, machine):
    from firmware.ssd1306 import SSD1306

    cfg = profile["display"]
    addr = cfg["address"]
    bus = make_i2c(profile, machine)
    check_address(profile, bus.scan())
    try:
        return SSD1306(bus, addr, cfg["width"], cfg["height"], cfg["flip"])
    except OSError as e:
        raise DisplayError(
            "the display at 0x%02X on %s stopped answering during set-up (%s): check that "
            "the wires are firm and VCC is 3V3." % (addr, bus_name(profile["i2c"]), e)
        )


def check_address(profile, found):
    # DisplayError saying what to check when the display is not among the
    # addresses that answered on its bus.
    addr = profile["display"]["address"]
    where = bus_name(profile["i2c"])
    if addr not in found:
        if found:
            others = ", ".join(["0x%02X" % a for a in found])
            raise DisplayError(
                "no display at 0x%02X on %s, but something answered at %s. If that is the "
                'display, set "address": "0x%02X" in board.json (SSD1306 modules use 0x3C '
                "or 0x3D, chosen by a resistor or jumper on the back)." % (addr, where, others, found[0])
            )
        raise DisplayError(
            "no display answered at 0x%02X on %s, nor anything else on that bus. Check that "
            "VCC goes to 3V3 and GND to GND, that SDA and SCL are not swapped, and that "
            "board.json names the GPIO pins the display is wired to." % (addr, where)
        )


def make_buttons(profile, machine, clock=None):
    from firmware.buttons import Buttons

    if clock is None:
        import time as clock
    btn = profile["buttons"]
    pin = machine.Pin
    pins = tuple([pin(btn[k], pin.IN, pin.PULL_UP) for k in BUTTON_KEYS])
    return Buttons(pins, clock)


def make_led(profile, machine):
    # The status LED, or None when the board has none (a missing LED stops nothing).
    led = profile["led"] if profile is not None else "LED"
    if led is None:
        return None
    try:
        return machine.Pin(led, machine.Pin.OUT)
    except (ValueError, TypeError):
        return None


def link_port(profile, machine, say=print):
    # The link cable's UART (non-blocking: read() gives what has come, or None),
    # or None when the profile names no link or the UART cannot be set up: that
    # is said on the console and the board plays on without link.
    cfg = profile["link"]
    if cfg is None:
        return None
    pin = machine.Pin
    try:
        return machine.UART(cfg["uart"], baudrate=cfg["baud"], tx=pin(cfg["tx"]), rx=pin(cfg["rx"]),
                            timeout=0, rxbuf=LINK_RXBUF)
    except (ValueError, OSError) as e:
        say(link_trouble(cfg, e))
        return None


def link_trouble(cfg, err):
    return "Joker Pocket starts without link play: the UART on TX %s, RX %s cannot be set up: %s" % (
        _pin(cfg["tx"]), _pin(cfg["rx"]), err)


def make_buzzer(profile, machine):
    # The buzzer's PWM, silent, or None when the profile names none.
    b = profile["buzzer"]
    if b is None:
        return None
    pwm = machine.PWM(machine.Pin(b["pin"]))
    pwm.duty_u16(0)
    return pwm


# Kinds of start-up failure: blink count, headline, what to do.
_KINDS = (
    (BoardError, 2, "the board profile has a problem",
     "Fix the field in your profile in boards/ and run make deploy BOARD=<its name> (a board.json "
     "edited on the board is overwritten by the next deploy)."),
    (DisplayError, 3, "the display does not answer",
     "Check the display's four wires and the i2c and display entries in board.json."),
    (ImportError, 4, "a firmware file is missing",  # (checkfiles.py: one cut short, or too new)
     "Copy the firmware to the board again: make deploy."),
    (Exception, 5, "it failed while starting",
     "Check board.json and the wiring; if they are right, report this message."),
)


def _kind(err):
    for kind in _KINDS:
        if isinstance(err, kind[0]):
            return kind
    return _KINDS[-1]


def _said(err):
    # The error in words: an unforeseen one with its type ("TypeError: ...").
    if _kind(err)[0] is Exception:
        return "%s: %s" % (type(err).__name__, err)
    return str(err)


def explain(err):
    # (blinks, text for the serial console) for a start-up failure.
    _, blinks, what, todo = _kind(err)
    return blinks, (
        "Joker Pocket cannot start: %s.\n  %s\n  %s\n  The LED blinks %d times, pauses and "
        "repeats; press Ctrl-C for the REPL." % (what, _said(err), todo, blinks)
    )


def wrap(text, per_line):
    # Word-wrapped lines of at most per_line characters, a "\n" starting a new one.
    from firmware.text import wrap as wrap_line

    lines = []
    for para in text.split("\n"):
        lines += wrap_line(para, per_line) or [""]
    return lines


def _show_on(display, err):
    # Best effort: the reason also goes on the screen when the screen works, in
    # 8x8 cells: framebuf's own font, or on the project's canvas, which has none
    # (CircuitPython, the host), the screens' NORMAL font.
    _, _, what, todo = _kind(err)
    fb = display.fb
    fb.fill(0)
    lines = wrap("Cannot start: %s. %s" % (what, _said(err)), display.width // 8)
    for i in range(min(len(lines), display.height // 8)):
        if hasattr(fb, "text"):
            fb.text(lines[i], 0, i * 8, 1)
        else:
            from firmware import font

            for k in range(len(lines[i])):
                font.text(fb, lines[i][k], k * 8 + 1, i * 8, 1, font.NORMAL_SIZE)
    display.show()


def halt(err, led, clock, cycles=-1, display=None, say=print):
    # Reports a start-up failure and blinks its code for ever (or `cycles` times, for
    # tests). It never resets, so the board does not crash-loop, and Ctrl-C still works.
    blinks, text = explain(err)
    if display is not None:
        try:
            _show_on(display, err)
        except Exception:  # the screen is a bonus here; the console and LED still report
            pass
    n = 0
    while n != cycles:
        if n % 5 == 0:  # again now and then, for a console opened late
            say(text)
        for _ in range(blinks):
            if led is not None:
                led.value(1)
            clock.sleep_ms(200)
            if led is not None:
                led.value(0)
            clock.sleep_ms(300)
        clock.sleep_ms(1500)
        n += 1


def start(machine, clock, path="board.json", app="firmware.app", cycles=-1, say=print, devices=None):
    # What main.py (MicroPython) and code.py (CircuitPython: machine None, devices
    # firmware/circuitpy.py, which builds them from CircuitPython's modules) run
    # first: the profile, the devices and the app's module -> (app run function,
    # display, buttons, buzzer PWM or None, link port or None). A start-up failure,
    # whatever it is, is reported by halt(), not by a traceback and a dead screen;
    # a link that cannot be set up is said and the board starts without it.
    # The caller drops this module before the app runs: its heap is the app's.
    runtime = "micropython" if devices is None else "circuitpython"
    profile = None
    led = None
    display = None
    try:
        profile = load(path, say)
        if profile["runtime"] != runtime:
            raise BoardError(
                "%s is a profile for %s, but this board runs %s: deploy one of the %s profiles "
                "in boards/ (make deploy BOARD=...)" % (path, profile["runtime"], runtime, runtime))
        if devices is not None:
            led = devices.make_led(profile)
            display = devices.make_display(profile)
            buttons = devices.make_buttons(profile, clock)
            buzzer = devices.make_buzzer(profile)
            link = devices.link_port(profile, say)
        else:
            led = make_led(profile, machine)
            display = make_display(profile, machine)
            buttons = make_buttons(profile, machine, clock)
            buzzer = make_buzzer(profile, machine)
            link = link_port(profile, machine, say)
        from firmware.buttons import NAMES

        for i in range(len(NAMES)):  # down at power-up, it does nothing until let go: like a dead button
            if buttons.is_down(i):
                say("Button %s is down at power-up: it counts once let go. If it stays down, check that it "
                    "joins its GPIO to GND only while pressed (the switch's other pair of legs)." % NAMES[i])
        import gc

        gc.collect()
        mod = __import__(app)
        for part in app.split(".")[1:]:
            mod = getattr(mod, part)
        return mod.run, display, buttons, buzzer, link
    except Exception as e:
        if led is None and machine is not None:
            led = make_led(profile, machine)
        halt(e, led, clock, cycles, display, say)
        raise SystemExit(1)  # only after a halt limited to some cycles (tests)
