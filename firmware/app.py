# The Joker Pocket app: a stack of screens driven one frame at a time.
#
# Each frame polls the buttons, hands the presses to the top screen, lets it
# act on time (a bot moves once per frame at most, after a pause so people can
# follow), then redraws only if something changed; the display sends only the
# bytes that differ. The idle loop allocates nothing.
#
# The screen saver: a minute with no press (and nothing moving by itself, such
# as bots playing) dims the panel, five minutes switch it off and pause the
# app; the next press wakes it where it was and does nothing else.
import gc
import sys

from engine import const, registry
from firmware import saves, tables, ui

FRAME_MS = const(30)
DARK_POLL_MS = const(50)  # between button polls while the panel is off
DIM_MS = const(60000)
OFF_MS = const(300000)
DIM_CONTRAST = const(0)
_AWAKE = const(0)
_DIM = const(1)
_DARK = const(2)
GROWTH = const(2048)  # heap bytes a finished match may leave before a board resets softly
SAVING_OFF = "Saving is off: the drive is read-only (USB)"
TOO_LONG = "Saving is off: this match is too long to save"


class App:
    def __init__(self, display, buttons, clock, root, seeds_dir=None, seed=None, reset=None, link=None, buzzer=None):
        # root: where the save lives; seeds_dir: the rules files (root/seeds on
        # the board); seed: makes the match seeds reproducible (host sessions);
        # reset: a soft reset of the board, for a heap as clean as at power-up;
        # link: the link cable's port (any(), read(n), write(buf): a UART), or None;
        # buzzer: the PWM of a piezo (firmware/sound.py), or None.
        self.display = display
        self.link = link
        self.net = None  # the link play session (firmware/link/session.py) while one is on
        self.fb = display.fb
        self.buttons = buttons
        self.clock = clock
        self.root = root
        self.seeds_dir = seeds_dir if seeds_dir is not None else saves.path(root, "seeds")
        if seed is not None:
            from engine.rng import Rng

            seed = Rng(seed)
        self.seeds = seed
        self.reset = reset
        self.now = clock.ticks_ms()
        self.touched = self.now  # the last press, or the last change by itself
        self.saver = _AWAKE
        self.saving = True  # False once the storage refused a write
        self.match = None
        self.fresh = None  # heap in use at a fresh title: set once there
        self.homed = False  # back at the title: the heap is checked at the frame's end
        self.loaded = None  # the game whose modules are in memory
        self.known = None  # the modules in memory before it was loaded
        self.stack = []
        self.buzzer = None
        if buzzer is not None:
            from firmware.sound import Buzzer

            self.buzzer = Buzzer(buzzer, clock)
        self.tones = None  # the buzzer while Sound is on (settings.apply)
        from firmware import saves_reading, settings

        self.contrast = self.bot_delay = self.results = 0  # settings.apply puts them into effect
        self.animate = False
        self.settings, told = settings.read(root)
        settings.apply(self, self.settings)
        self.saved, notice = saves_reading.read(root)  # offered for resume (a damaged copy set aside)
        self.home()
        for line in (told, notice):
            if line:
                self.push(ui.Dialog(self, line))
        if told:
            try:
                settings.write(root, self.settings)  # the defaults replace the damaged file
            except OSError as e:
                self.saving_off(e)
        settings = saves_reading = None
        registry.forget(["firmware.settings", "firmware.saves_reading"])  # back when the Settings screen opens, a resume
        self.fresh = _heap()  # in use at a fresh title (None off MicroPython)

    # --- frames ---

    def step(self):
        buttons = self.buttons
        buttons.poll()
        self.now = now = self.clock.ticks_ms()
        if self.buzzer is not None:
            self.buzzer.tick(now)
        b = buttons.get()
        if b >= 0:
            self.touched = now
            if self.saver != _AWAKE:
                buttons.clear()  # the press that wakes does nothing else
                self.wake()
                return False
        while b >= 0:
            self.press(b)
            b = buttons.get()
        if self.net is not None:
            self.net.poll(now)  # (also in the dark: the ring passes frames on)
        if self.saver == _DARK:
            return False
        self.stack[-1].tick(now)
        if self.busy():
            self.touched = now  # a screen that moves by itself burns nothing in
        idle = self.clock.ticks_diff(now, self.touched)
        if idle >= OFF_MS:
            self.saver = _DARK
            self.display.power(False)
        elif idle >= DIM_MS and self.saver == _AWAKE:
            self.saver = _DIM
            self.display.contrast(DIM_CONTRAST)
        drawn = self.render()
        if self.homed:
            self.grown()
        return drawn

    def wake(self):
        if self.saver == _DARK:
            self.display.power(True)
        self.display.contrast(self.contrast)
        self.saver = _AWAKE

    def dark(self):
        return self.saver == _DARK

    def press(self, b):
        self.stack[-1].on_button(b)

    def render(self):
        # Draws the top screen (over the ones beneath when it is an overlay)
        # if it changed, and sends the difference to the panel.
        st = self.stack
        if not st[-1].dirty:
            return False
        fb = self.fb
        fb.fill(0)
        i = len(st) - 1
        while i > 0 and st[i].overlay:
            i -= 1
        while i < len(st):
            st[i].draw(fb)
            st[i].dirty = False
            i += 1
        self.display.show()
        return True

    def busy(self):
        return self.stack[-1].busy()

    # --- the screen stack ---

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            gone = self.stack.pop()
            self.stack[-1].shown()
            self._left([gone])

    def replace(self, screen):
        gone = self.stack[-1]
        self.stack[-1] = screen
        self._left([gone])

    def restack(self, screen):
        # The stack becomes this one screen.
        gone = self.stack
        self.stack = [screen]
        self._left(gone)

    def _left(self, gone):
        # Screens that left the stack drop the module loaded for them alone
        # (ui.Screen.transient) unless a screen still on it came from there:
        # a match runs without the title's menus, the title without the rules.
        keep = [s.transient for s in self.stack]
        for s in gone:
            if s.transient is not None and s.transient not in keep:
                registry.forget(s.transient)

    def home(self):
        # Back to the title; grown() checks the heap once the title is drawn.
        from firmware.menus import Title

        self.unlink()
        self.restack(Title(self))
        self.homed = self.fresh is not None  # (not at boot: fresh is read after it)

    def grown(self):
        # A board whose heap a match left grown (the names a game's code
        # interned stay for good) resets softly to start clean. Checked at the
        # frame's end, not in home(): the screen whose key went home (a match's
        # end, holding the match) is still in use until its call returns.
        self.homed = False
        if self.reset is not None and self.fresh is not None and _heap() - self.fresh > GROWTH:
            self.reset()

    def unlink(self):
        # Ends link play: the session and its modules go.
        if self.net is not None:
            self.net = None
            registry.forget([n for n in list(sys.modules) if n.startswith("firmware.link")])

    def again(self, setup):
        # A new match of this (game id, options, seats): the title's module starts it.
        from firmware.menus import start_match

        start_match(self, setup[0], setup[1], setup[2])

    # --- settings and storage ---

    def saving_off(self, e):
        # The storage refused a write (CircuitPython while the drive is on USB),
        # or the match outgrew a save (saves.TooLong): say so once and play on
        # without saving.
        print("saving off:", e)
        if self.saving:
            self.saving = False
            self.push(ui.Dialog(self, TOO_LONG if isinstance(e, saves.TooLong) else SAVING_OFF))

    # --- matches ---

    def free_game(self):
        # Frees the game and every module it brought in (its table, shared
        # engine modules such as sampling), so the heap returns to what it was.
        if self.loaded is not None:
            tables.unload(self.loaded)
            registry.unload(self.loaded)
            known = self.known or ()
            brought = [n for n in list(sys.modules) if n not in known and n.split(".")[0] in ("engine", "firmware")]
            registry.forget(brought)
            self.loaded = self.known = None
            gc.collect()

    def load_game(self, game_id):
        # Only one game's modules are in memory: choosing another game frees
        # the last one's (they stay while the player is in menus, so going
        # back and forth to a game's setup costs no imports).
        if self.loaded != game_id:
            self.free_game()
            self.known = list(sys.modules)
        self.loaded = game_id
        return registry.load(game_id)

    def end_match(self, keep=False):
        # The match is over or quit: its save goes (one that made no move has
        # none, and an older save stays), and the game's modules are freed.
        # keep: a linked match left (firmware/link/session.py): its save stays
        # and the title offers it, so Resume rejoins it.
        m = self.match
        if m is not None:
            if m.moves:
                self.saved = m.record() if keep else None
            m.close(keep)
            self.match = None
        self.free_game()

    def quit_match(self, keep=False):
        self.end_match(keep)
        self.home()


def _heap():
    # Bytes in use after a collection (MicroPython), else None.
    if not hasattr(gc, "mem_alloc"):
        return None
    gc.collect()
    return gc.mem_alloc()


def run(display, buttons, clock, storage_root, seeds_dir=None, nap=None, reset=None, link=None, buzzer=None):
    # nap(ms): the port's lowest-power wait (machine.lightsleep), used between
    # button polls while the panel is off; link: the link cable's port or None;
    # buzzer: the piezo's PWM or None.
    app = App(display, buttons, clock, storage_root, seeds_dir, reset=reset, link=link, buzzer=buzzer)
    while True:
        t = clock.ticks_ms()
        app.step()
        dark = app.dark()
        d = (DARK_POLL_MS if dark else FRAME_MS) - clock.ticks_diff(clock.ticks_ms(), t)
        if d > 0:
            if dark and nap is not None:
                nap(d)
            else:
                clock.sleep_ms(d)
