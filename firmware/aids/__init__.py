# The player aids of issue 24, each loaded only while it is used and dropped
# after (this package with it): lookback (B held on a table), takeback and hint
# (the pause menu). A folder of their own: every file in firmware/ adds to
# each import's directory search at boot on the board's littlefs (three more
# there cost 12 ms).
