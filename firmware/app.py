# The Joker Pocket app: a stack of screens driven one frame at a time.
#
# Each frame polls the buttons, hands the presses to the top screen, lets it
# act on time (a bot moves once per frame at most, after a pause so people can
# follow), then redraws only if something changed; the display sends only the
# bytes that differ. The idle loop allocates nothing.
import gc

from engine import registry
from engine.rng import Rng
from firmware import saves, tables, ui
from firmware.match import Match
from firmware.menus import Title, playable
from firmware.play import GameScreen

FRAME_MS = 30
BOT_DELAY = 500  # ms between bot moves
DAMAGED = "Saved match damaged: ignored"
OLDER = "Saved match is from an older version: ignored"


def _random_seed(clock):
    # Match seeds on the board: the hardware RNG when the port has one.
    try:
        import os

        b = os.urandom(4)
        return ((b[0] & 0x1F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    except (ImportError, AttributeError, NotImplementedError, OSError):
        return clock.ticks_ms() & 0x1FFFFFFF


class App:
    def __init__(self, display, buttons, clock, root, seeds_dir=None, seed=None):
        # root: where the save lives; seeds_dir: the rules files (root/seeds on
        # the board); seed: makes the match seeds reproducible (host sessions).
        self.display = display
        self.fb = display.fb
        self.buttons = buttons
        self.clock = clock
        self.root = root
        self.seeds_dir = seeds_dir if seeds_dir is not None else saves.path(root, "seeds")
        self.seeds = None if seed is None else Rng(seed)
        self.bot_delay = BOT_DELAY
        self.now = clock.ticks_ms()
        self.match = None
        self.loaded = None  # the game whose modules are in memory
        self.stack = []
        notice = self._load_save()
        self.stack.append(Title(self))
        if notice:
            self.push(ui.Dialog(self, notice))

    # --- frames ---

    def step(self):
        bt = self.buttons
        bt.poll()
        self.now = self.clock.ticks_ms()
        b = bt.get()
        while b >= 0:
            self.press(b)
            b = bt.get()
        self.stack[-1].tick(self.now)
        return self.render()

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
            self.stack.pop()
            self.stack[-1].shown()

    def replace(self, screen):
        self.stack[-1] = screen

    def home(self):
        self.stack = [Title(self)]

    # --- matches ---

    def new_seed(self):
        if self.seeds is not None:
            return (self.seeds.next16() << 13) ^ self.seeds.next16()
        return _random_seed(self.clock)

    def load_game(self, game_id):
        # Only one game's modules are in memory: choosing another game frees
        # the last one's (they stay while the player is in menus, so going
        # back and forth to a game's setup costs no imports).
        if self.loaded != game_id:
            self.free_game()
        self.loaded = game_id
        return registry.load(game_id)

    def free_game(self):
        if self.loaded is not None:
            tables.unload(self.loaded)
            registry.unload(self.loaded)
            self.loaded = None
            gc.collect()

    def start_match(self, game_id, options, seats):
        # A new match replaces the save of an older one at its first move; till
        # then the older one can still be resumed.
        self.load_game(game_id)
        self.match = Match(self.root, game_id, options, seats, self.new_seed())
        self.stack = [GameScreen(self, self.match)]

    def resume(self):
        rec = self.saved
        try:
            self.load_game(rec["game"])
            self.match = Match.resume(self.root, rec)
        except saves.SaveError as e:
            notice = self._damaged(e)
            self.free_game()
            self.home()
            self.push(ui.Dialog(self, notice))
            return
        self.stack = [GameScreen(self, self.match)]

    def end_match(self):
        # The match is over or quit: its save goes (one that made no move has
        # none, and an older save stays), and the game's modules are freed.
        m = self.match
        if m is not None:
            if m.moves:
                self.saved = None
            m.close()
            self.match = None
        self.free_game()

    def quit_match(self):
        self.end_match()
        self.home()

    def _load_save(self):
        # Reads the save at start-up; a damaged one is reported and set aside.
        self.saved = None
        try:
            rec = saves.read(self.root)
            if rec is not None and rec["game"] not in playable():
                raise saves.SaveError("unknown game %r" % rec["game"])
            self.saved = rec
        except saves.SaveError as e:
            return self._damaged(e)
        except OSError as e:
            print("save not readable:", e)
        return None

    def _damaged(self, e):
        # Sets a damaged save aside; -> the notice for the screen.
        print("save ignored:", e)
        saves.set_aside(self.root)
        self.saved = None
        return OLDER if isinstance(e, saves.OldSave) else DAMAGED


def run(display, buttons, clock, storage_root, seeds_dir=None):
    app = App(display, buttons, clock, storage_root, seeds_dir)
    while True:
        t = clock.ticks_ms()
        app.step()
        d = FRAME_MS - clock.ticks_diff(clock.ticks_ms(), t)
        if d > 0:
            clock.sleep_ms(d)
