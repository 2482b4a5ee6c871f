"""Joker Pocket simulator: the real firmware app on host stand-ins.

    python -m tools.sim                      window (pygame) or terminal
    python -m tools.sim --terminal           terminal: w a s d, z = A, x = B, q quits
    python -m tools.sim --keys "A A DOWN wait 500 A shot title.png"
    python -m tools.sim --script FILE --shot-dir DIR --seed 7

Only the lowest pieces are swapped: the display is firmware.ssd1306 on a fake
I2C bus (the picture comes from the decoded panel RAM, i.e. what the bytes on
the wire would show), the buttons are firmware.buttons over fake pins, the
clock is simulated in script mode and real otherwise, and the storage root is
a directory (~/.jokerpocket by default), and the buzzer is a stand-in PWM
(firmware/sound.py plays its tones on it) that the window sounds through
pygame's mixer when there is an audio device. --seed makes the match seeds, and
so a whole session, reproducible.

Script words: UP DOWN LEFT RIGHT A B (a press, then one frame), `hold B`
(the button held down for a second, then let go), `wait MS`,
`idle` (frames until no bot is about to move, at most a minute of play),
`shot NAME.png`, `# comment` to the end of the line; with --boards N (link
play: N boards on a ring of virtual cables, tools/host/link.py), `board K`
sends the next presses to board K and `shot` takes board K's panel.
"""
import argparse
import os
import sys

import tools.host  # noqa: F401  (puts the framebuf stand-in on sys.path on CPython)
from firmware import app as firmware_app
from firmware.buttons import A, B, DOWN, LEFT, NAMES, RIGHT, UP, Buttons
from firmware.ssd1306 import SSD1306
from tools.host import png
from tools.host.devices import FakeClock, FakeI2C, FakePin, FakePWM, WallClock

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(REPO, "seeds")
SCALE = 4
IDLE_LIMIT_MS = 60000
HOLD_MS = 1000  # a script's `hold`
TERMINAL_KEYS = {"w": UP, "s": DOWN, "a": LEFT, "d": RIGHT, "z": A, "x": B}


class Device:
    """The app wired to host stand-ins, stepped one frame at a time."""

    def __init__(self, root, seed=None, clock=None, seeds_dir=SEEDS, link=None, pwm=None):
        self.clock = clock if clock is not None else FakeClock()
        self.pwm = pwm if pwm is not None else FakePWM()  # the buzzer's
        self.i2c = FakeI2C(record=False)
        self.display = SSD1306(self.i2c)
        self.pins = tuple([FakePin(value=1) for _ in NAMES])  # released: pulled up
        self.buttons = Buttons(self.pins, self.clock)
        os.makedirs(root, exist_ok=True)
        self.app = firmware_app.App(self.display, self.buttons, self.clock, root, seeds_dir, seed, link=link,
                                    buzzer=self.pwm)
        self.frame()  # the title is up as soon as the board starts

    def frame(self):
        # One pass of the firmware's loop, paced like firmware.app.run.
        t = self.clock.ticks_ms()
        changed = self.app.step()
        d = firmware_app.FRAME_MS - self.clock.ticks_diff(self.clock.ticks_ms(), t)
        if d > 0:
            self.clock.sleep_ms(d)
        return changed

    def press(self, b):
        self.buttons.inject(b)
        self.frame()

    def hold(self, b, ms):
        # The button's pin held low for ms, then let go (a gesture: hold B).
        self.pins[b].value(0)
        self.wait(ms)
        self.pins[b].value(1)
        self.wait(3 * firmware_app.FRAME_MS)

    def wait(self, ms):
        end = self.clock.ticks_add(self.clock.ticks_ms(), ms)
        while self.clock.ticks_diff(end, self.clock.ticks_ms()) > 0:
            self.frame()

    def idle(self, limit_ms=IDLE_LIMIT_MS):
        # Frames until no screen is about to change by itself (bots, end delays).
        spent = 0
        while self.app.busy() and spent < limit_ms:
            self.frame()
            spent += firmware_app.FRAME_MS

    def pixels(self):
        # The panel's RAM as 64 rows of 128 ints (0/1), what the wire delivered.
        return pixel_rows(self.i2c.panel.ram)

    def shot(self, path, scale=SCALE):
        write_png(path, self.pixels(), scale)

    def text(self):
        return half_blocks(self.pixels())


def pixel_rows(buf):
    # A 128x64 MONO_VLSB frame as 64 rows of 128 ints (0/1).
    return [[(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]


def half_blocks(px):
    # Pixel rows in Unicode half blocks: two rows per line.
    chars = " \u2580\u2584\u2588"
    lines = []
    for y in range(0, len(px), 2):
        top, bot = px[y], px[y + 1]
        lines.append("".join([chars[top[x] | (bot[x] << 1)] for x in range(len(top))]))
    return "\n".join(lines)


def oled_rows(px, scale=SCALE):
    # Grey rows with the look of the panel: each lit pixel a (scale-1) square
    # of light, a dark line between pixels, dark unlit pixels, a black margin.
    lit, unlit = bytes([235]) * (scale - 1), bytes([16]) * (scale - 1)
    gap = b"\x00"
    margin = bytes((128 + 2) * scale)
    rows = [margin] * scale
    for row in px:
        line = gap * scale + b"".join([(lit if v else unlit) + gap for v in row]) + gap * scale
        rows.extend([line] * (scale - 1))
        rows.append(margin)
    rows.extend([margin] * scale)
    return rows


def write_png(path, px, scale=SCALE):
    with open(path, "wb") as f:
        f.write(png.encode_grey(oled_rows(px, scale), (128 + 2) * scale, (64 + 2) * scale))


def parse_script(text):
    # -> list of ("press", b) / ("wait", ms) / ("idle",) / ("shot", name)
    steps = []
    words = []
    for line in text.splitlines():
        words.extend(line.split("#")[0].split())
    i = 0
    while i < len(words):
        w = words[i]
        u = w.upper()
        if u in NAMES:
            steps.append(("press", NAMES.index(u)))
        elif u in ("WAIT", "SHOT", "HOLD", "BOARD") and i + 1 < len(words):
            i += 1
            if u == "HOLD":
                if words[i].upper() not in NAMES:
                    raise ValueError("hold needs a button, not %r" % words[i])
                steps.append(("hold", NAMES.index(words[i].upper())))
            elif u in ("WAIT", "BOARD"):
                try:
                    steps.append((u.lower(), int(words[i])))
                except ValueError:
                    raise ValueError("%s needs %s, not %r" % (w, "milliseconds" if u == "WAIT" else "a board number", words[i]))
            else:
                steps.append(("shot", words[i]))
        elif u == "IDLE":
            steps.append(("idle",))
        else:
            raise ValueError("unknown script word %r (use %s, hold BUTTON, wait MS, idle, shot FILE)" % (w, " ".join(NAMES)))
        i += 1
    return steps


def settle(dev):
    # Frames until a card on its way (Animations) is at rest (a Device, or
    # linked Boards: the board shown).
    while getattr(dev.app.stack[-1], "glide", None) is not None:
        dev.frame()


def run_script(dev, steps, shot_dir="."):
    shots = []
    for step in steps:
        if step[0] == "press":
            dev.press(step[1])
        elif step[0] == "hold":
            dev.hold(step[1], HOLD_MS)
        elif step[0] == "wait":
            dev.wait(step[1])
        elif step[0] == "idle":
            dev.idle()
        elif step[0] == "board":
            if not 1 <= step[1] <= len(getattr(dev, "devs", [dev])):
                raise ValueError("no board %d (--boards sets how many)" % step[1])
            dev.focus = step[1] - 1
        else:
            settle(dev)  # a shot shows a played card at rest
            os.makedirs(shot_dir, exist_ok=True)
            path = os.path.join(shot_dir, step[1])
            dev.shot(path)
            shots.append(path)
    return shots


def run_terminal(dev, stdin=sys.stdin, out=sys.stdout):
    # Line-based play: type keys then Enter; an empty line lets the bots go on.
    out.write(dev.text() + "\nkeys: w a s d move, z = A, x = B, q quits (then Enter)\n")
    out.flush()
    for line in stdin:
        if "q" in line:
            break
        for ch in line.strip().lower():
            if ch in TERMINAL_KEYS:
                dev.buttons.inject(TERMINAL_KEYS[ch])
        shown = dev.frame()
        if shown:
            out.write(dev.text() + "\n")
        while dev.app.busy():
            if dev.frame():
                out.write(dev.text() + "\n")
                out.flush()
        out.write("> ")
        out.flush()


class MixerPWM(FakePWM):
    # The buzzer heard through pygame's mixer: a square wave at the PWM's pitch
    # loops while its duty is on.
    RATE = 22050

    def __init__(self, pygame):
        FakePWM.__init__(self)
        self.pygame = pygame
        self.sound = None
        self.heard = 0  # the pitch the mixer plays

    def duty_u16(self, d=None):
        got = FakePWM.duty_u16(self, d)
        if d is not None and self.sounding() != self.heard:
            self.heard = self.sounding()
            if self.sound is not None:
                self.sound.stop()
                self.sound = None
            if self.heard:
                half = max(1, self.RATE // self.hz // 2)  # samples per half period
                wave = (b"\x00\x10" * half + b"\x00\xf0" * half) * 64  # 16-bit mono, quiet
                self.sound = self.pygame.mixer.Sound(buffer=wave)
                self.sound.play(loops=-1)
        return got


def mixer_pwm():
    # A MixerPWM, or None when there is no audio device (the tones stay silent).
    import pygame

    try:
        pygame.mixer.init(MixerPWM.RATE, -16, 1)
    except pygame.error as e:
        print("no sound (%s)" % e, file=sys.stderr)
        return None
    return MixerPWM(pygame)


def run_window(dev, shot_dir):
    import pygame

    pygame.display.init()
    width = len(dev.pixels()[0])  # one panel, or linked boards side by side
    w, h = width * SCALE, 64 * SCALE
    screen = pygame.display.set_mode((w + 2 * SCALE, h + 2 * SCALE))
    boards = len(getattr(dev, "devs", ()))
    pygame.display.set_caption("Joker Pocket (arrows, Z = A, X = B, S = screenshot, Esc quits%s)" %
                               (", Tab = next board" if boards else ""))
    keys = {
        pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
        pygame.K_z: A, pygame.K_RETURN: A, pygame.K_x: B, pygame.K_BACKSPACE: B,
    }
    # A key pressed and released within one frame still holds its pin low for
    # a few frames, so the firmware's debounce sees every tap.
    release_at = [None] * len(NAMES)  # when a released key's pin goes high
    lit = (140, 200, 255)
    shots = 0
    dirty = True
    while True:
        now = dev.clock.ticks_ms()
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                pygame.quit()
                return
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB and boards:
                dev.focus = (dev.focus + 1) % boards
                dirty = True
            elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_s:
                os.makedirs(shot_dir, exist_ok=True)
                shots += 1
                dev.shot(os.path.join(shot_dir, "sim-%03d.png" % shots))
            elif ev.type == pygame.KEYDOWN and ev.key in keys:
                b = keys[ev.key]
                dev.pins[b].value(0)
                release_at[b] = None
            elif ev.type == pygame.KEYUP and ev.key in keys:
                release_at[keys[ev.key]] = dev.clock.ticks_add(now, 3 * firmware_app.FRAME_MS)
        for b in range(len(NAMES)):
            if release_at[b] is not None and dev.clock.ticks_diff(now, release_at[b]) >= 0:
                dev.pins[b].value(1)
                release_at[b] = None
        if dev.frame() or dirty:
            dirty = False
            screen.fill((0, 0, 0))
            px = dev.pixels()
            if boards:  # the board in focus underlined
                x0 = dev.focus * (128 + dev.GAP)
                screen.fill((90, 90, 90), ((x0 + 1) * SCALE, (64 + 1) * SCALE + 1, 128 * SCALE, SCALE - 2))
            for y in range(64):
                row = px[y]
                for x in range(width):
                    if row[x]:
                        screen.fill(lit, ((x + 1) * SCALE, (y + 1) * SCALE, SCALE - 1, SCALE - 1))
            pygame.display.flip()


def _window_possible():
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.sim", description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.expanduser("~"), ".jokerpocket"),
                    help="storage root: where the save lives (default ~/.jokerpocket)")
    ap.add_argument("--seed", type=int, help="seed for the match seeds (reproducible sessions)")
    ap.add_argument("--script", help="file of button presses, waits and shots; runs headless")
    ap.add_argument("--keys", help="the same as a string, e.g. \"A A DOWN wait 500 A shot t.png\"")
    ap.add_argument("--shot-dir", default=".", help="where shots go (default: current directory)")
    ap.add_argument("--terminal", action="store_true", help="play in the terminal even if a window could open")
    ap.add_argument("--boards", type=int, default=1, choices=(1, 2, 3, 4),
                    help="link play: boards on a ring of virtual cables, each with its storage under --root")
    args = ap.parse_args(argv)
    if args.boards > 1:
        from tools.host.link import Boards

        def board(clock=None, pwm=None):  # (linked boards play silent)
            b = Boards(Device, args.boards, args.root, args.seed or 1)
            b.wall = clock is not None
            return b
    else:
        def board(clock=None, pwm=None):
            return Device(args.root, args.seed, clock, pwm=pwm)
    if args.script or args.keys:
        text = args.keys or ""
        if args.script:
            with open(args.script) as f:
                text = f.read()
        try:
            steps = parse_script(text)
        except ValueError as e:
            ap.error(str(e))
        dev = board()
        for path in run_script(dev, steps, args.shot_dir):
            print("wrote", path)
        return 0
    if not args.terminal and _window_possible():
        try:
            import pygame

            pygame.display.init()
            if pygame.display.get_driver() in ("offscreen", "dummy"):
                raise pygame.error("no display server answered")
        except ImportError:
            print("pygame is not installed: playing in the terminal", file=sys.stderr)
        except pygame.error as e:
            print("no window (%s): playing in the terminal" % e, file=sys.stderr)
        else:
            run_window(board(WallClock(), mixer_pwm() if args.boards == 1 else None), args.shot_dir)
            return 0
    if args.boards > 1:
        ap.error("linked boards play in a window or by script")
    run_terminal(board(WallClock()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
