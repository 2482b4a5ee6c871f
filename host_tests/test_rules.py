# runs-on: micropython
# The rules on the device (firmware/rules.py over seeds/*.md): every game's
# first page is "How to play on Joker Pocket" (its keys, then what the table
# shows), the rest follows in the spec's order in players' words (no notes for
# developers, no "Ruling (..):" marks, rule numbers without their game's
# prefix), and LEFT/RIGHT go from section to section.
import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from engine import registry
from firmware import rules
from firmware.buttons import A, DOWN, LEFT, RIGHT, UP


def _root():
    parts = __file__.replace("\\", "/").split("/")
    return "/".join(parts[:-2]) or "."


SEEDS = _root() + "/seeds"


class App:
    seeds_dir = SEEDS

    def pop(self):
        pass


def screen(gid):
    return rules.Rules(App(), gid, registry.title(gid))


def headings(gid):
    # The spec's headings in its own order (the first is the document's title).
    return [line.strip("#").strip() for line in spec(gid).split("\n") if line.startswith("#")]


def spec(gid):
    with open(SEEDS + "/" + gid + ".md", "rb") as f:
        return f.read().decode()


def test_players_text():
    p = rules.players
    assert p("DJ-7. The lead. Ruling (DJ-pre): Joker Pocket offers") == "7. The lead. Joker Pocket offers"
    assert p("JP-2. Betting cards. Ruling (JP-bets): each player has nine") == "2. Betting cards. Each player has nine"
    assert p("Ruling: players who tie share the win.") == "Players who tie share the win."
    assert p("the dealer alternates (DJ-14), as in GJ-13 to GJ-16.") == \
        "the dealer alternates (rule 14), as in rule 13 to rule 16."
    for same in ("P1-P4 and the non-dealer", "a 3-card hand", "HJ-hidden", "X-2", "Rulings differ", "no (rule) here"):
        assert p(same) == same


def test_every_game_opens_on_how_to_play_in_players_words():
    for gid in registry.ids():
        r = screen(gid)
        rows = r.rows()
        assert rows[0] == rules.HOW and r.sub[0] & 128, gid  # drawn as a heading
        assert rows[1] == rules.KEYS and len(rules.KEYS) <= rules.COLS
        # Page one holds the controls: what A and B do.
        page = " ".join(rows[: rules.ROWS])
        assert " A " in page or "A:" in page, (gid, page)
        heads = [rows[i] for i in r.heads]
        order = headings(gid)
        how = order.index(rules.HOW)
        # How to play and what the table shows first, then the spec from its title.
        assert heads == order[how:] + order[:how], (gid, heads)
        assert heads[1] == "What the table shows"
        text = " ".join(rows)
        for dev in ("Ruling", "tests can cite"):
            assert dev not in text, (gid, dev)
        assert rules.players(text) == text, gid  # nothing left to change: no "DJ-7", no ruling mark
        assert " 1. " in " " + text
        # The rules go 1., 2., ... each opening its own block: a reference to a
        # rule at a line's start in the spec ("DJ-11." wrapped there) opened one.
        opened = [int(rows[i].split(".")[0]) for i in range(1, len(rows))
                  if (not rows[i - 1] or i - 1 in r.heads) and rows[i].split(".")[0].isdigit()]
        assert opened == list(range(1, len(opened) + 1)), (gid, opened)
        for row in rows:
            assert len(row) <= rules.COLS
        # Every symbol the legends use has a glyph (else it would read "?").
        for ch in spec(gid):
            assert ord(ch) < 127 or ch in rules.SUBST, (gid, ch)


def test_left_and_right_go_by_section_up_and_down_by_row():
    r = screen("jokerpoker")
    last = len(r.offs) - rules.ROWS
    assert r.top == 0 and r.heads[0] == 0
    tops = []
    for _ in range(len(r.heads) + 1):
        r.on_button(RIGHT)
        tops.append(r.top)
    want = [min(h, last) for h in r.heads[1:]]
    assert tops[: len(want)] == want and tops[-1] == last  # then the last screenful, and there it stays
    r.top = r.heads[3] + 2  # inside a section: LEFT goes to its start, then to the one before
    r.on_button(LEFT)
    assert r.top == r.heads[3]
    r.on_button(LEFT)
    assert r.top == r.heads[2]
    r.on_button(DOWN)
    assert r.top == r.heads[2] + 1
    r.on_button(UP)
    r.on_button(A)
    assert r.top == r.heads[2] + rules.ROWS - 1  # a page, a row of it kept in view
    r.top = 1
    r.on_button(LEFT)
    r.on_button(LEFT)
    assert r.top == 0
