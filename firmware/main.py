# Copied to the board as /main.py: builds the device from /board.json and starts the
# app. All the logic is in firmware/board.py, where the host tests reach it.
import machine
import time

from firmware import board

board.boot(machine, time)
