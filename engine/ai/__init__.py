# Bots, one module per game: LEVELS and choose(view, level, rng).
