# Joker Pocket engine: rules, card sets and bots shared by the handheld and the host.
