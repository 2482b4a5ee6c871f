# The games that exist, by id. Only one game's modules are loaded at a time:
# load() imports a game on demand and unload() drops it so the heap is freed.
import sys

GAMES = (
    # id, title, rules module, bots module
    ("doublejoker", "Double Joker", "engine.games.doublejoker", "engine.ai.doublejoker"),
    ("habitual", "Habitual Joker", "engine.games.habitual", "engine.ai.habitual"),
    ("prediction", "Prediction", "engine.games.prediction", "engine.ai.prediction"),
    ("georgian", "Georgian Joker", "engine.games.georgian", "engine.ai.georgian"),
    ("jokerpoker", "Joker Poker", "engine.games.jokerpoker", "engine.ai.jokerpoker"),
)
# The template game's line (README "Adding a game") is kept apart, in
# engine/games/template.py (ENTRY), so the device does not offer it: the tests
# add it to GAMES to play it as a sixth game.


def ids():
    return [g[0] for g in GAMES]


def entry(game_id):
    for g in GAMES:
        if g[0] == game_id:
            return g
    raise ValueError("unknown game: %r" % game_id)


def title(game_id):
    return entry(game_id)[1]


def module(name):
    # A module by its dotted name, imported on first use: a game's rules and
    # bots, and the parts a game names in its INFO (engine.state loads them).
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def load(game_id):
    return module(entry(game_id)[2])


def bots(game_id):
    return module(entry(game_id)[3])


def unload(game_id):
    g = entry(game_id)
    forget((g[2], g[3]))


def forget(names):
    # Drops modules from memory: from sys.modules and from their package.
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            pkg, _, leaf = name.rpartition(".")
            parent = sys.modules.get(pkg)
            if parent is not None and hasattr(parent, leaf):
                delattr(parent, leaf)
