# Where Georgian Joker's Hard makes and misses its bids against the Hard of
# a git revision, in the matches host_tests/budgets.py "before REV" plays (two
# seats a side, the sides swapped on the same deals), read from their score
# sheets. On CPython:
#   python -m host_tests.bids REV [MATCHES] [PROCESSES]
# prints, for each side, by the cards dealt: how often a seat took exactly
# its bid, fewer tricks or more, and its mean deal score; then the same by
# the bid, in the deals of 6 cards or more.
import sys

from engine.ai import HARD
from host_tests.bots import each, rotated_match

_TOP_BID = 5  # bids of 5 or more counted together


def deal_rows(job):
    # Every seat's deals of match job (host_tests/bots.py rotated_match): (cards
    # dealt, mine or not, bid, tricks taken, deal score).
    from engine.games.georgian import SIZES

    s, me = rotated_match(job)
    out = []
    for d, pts in enumerate(s.history()):
        for q in range(4):
            v = s.sheet[4 * d + q]
            out.append((SIZES[s.nines][d], q in me, v >> 4, v & 15, pts[q]))
    return out


def tally(rows, key):
    # {(mine, key(row)): [deals, exact, short, over, score]}.
    out = {}
    for row in rows:
        _, mine, bid, took, pts = row
        k = key(row)
        if k is None:
            continue
        a = out.setdefault((mine, k), [0, 0, 0, 0, 0])
        a[0] += 1
        a[1 if took == bid else 2 if took < bid else 3] += 1
        a[4] += pts
    return out


def table(rows, key, name, keys, rev):
    t = tally(rows, key)
    lines = ["| %s | today's Hard: deals, exact, short, over, mean score | %s's Hard: the same |" % (name, rev),
             "|---|---|---|"]
    for k in keys:
        cells = []
        for mine in (True, False):
            a = t.get((mine, k))
            cells.append("%d, %.3f, %.3f, %.3f, %.1f" % (a[0], a[1] / a[0], a[2] / a[0], a[3] / a[0], a[4] / a[0])
                         if a else "")
        lines.append("| %s | %s | %s |" % (k, cells[0], cells[1]))
    return lines


def report(rev, matches, processes=1):
    jobs = [("georgian", 4, i, (HARD, None), (HARD, None, rev), "pairs") for i in range(matches)]
    rows = each(deal_rows, jobs, processes, lambda got: [row for match in got for row in match])
    out = ["Georgian Joker, %d matches (deals 0-%d): today's Hard in two seats, %s's in two" % (
        matches, (matches - 1) // 2, rev)]
    out += table(rows, lambda r: r[0], "cards", range(1, 10), rev)
    out.append("")
    out += table(rows, lambda r: min(r[2], _TOP_BID) if r[0] >= 6 else None, "bid (6-9 cards)",
                 range(_TOP_BID + 1), rev)
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    for line in report(args[0], int(args[1]) if len(args) > 1 else 200, int(args[2]) if len(args) > 2 else 1):
        print(line, flush=True)
