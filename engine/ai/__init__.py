# Bots, one module per game: LEVELS and choose(view, level, rng).
# Every game has the same ladder of three levels. A level is an index into
# LEVELS, kept in saves, records and remembered setups, so an index keeps its
# bot for good: 0 and 1 were "Easy" and "Hard" before the newcomer's Easy came
# (2), and the old Easy is the Medium of now. ORDER is how the setup offers
# them, weakest first; its last is the top level.
LEVELS = ("Medium", "Hard", "Easy")
MEDIUM = 0
HARD = 1
EASY = 2
ORDER = (EASY, MEDIUM, HARD)
