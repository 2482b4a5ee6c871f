# Host-only tools: MicroPython runner, build and deploy, selfplay, bench. Never copied to the board.
