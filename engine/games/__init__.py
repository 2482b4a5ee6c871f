# Game rules, one module per game (engine.state protocol).
