# The code that goes to the board: the app, its screens, the display and button drivers.
