# Runs ON the emulated Pico, typed into its raw REPL by tools/bench/pico.py with a
# first line JOB = {...}: the built tree's modules (.mpy) as the board has them,
# time.ticks_us() in emulated microseconds. One line of figures per event:
#   D us bytes kept  a bot's decision (Match.bot_move, as the app asks it:
#                modules loaded and all), its time, what it allocated and what of
#                that it keeps (a plan kept for the turn's next steps)
#   R us bytes   "arrange for me" (Joker Poker's AUTO move) at the same position, after it
#   O us         Prediction's exact odds of every legal call (Easy matches' positions)
#   H name bytes heap in use after a collection (the app booted as main.py does)
#   I name bytes I2C bytes the panel driver sent
#   F name us    a time of the app's
#   N name n     a count
#   qstr pool: ... the interned names (micropython.qstr_info()) at the title and back there
# MicroPython only: no f-strings, nothing the board lacks.
import gc
import sys
import time

from engine import registry


def decisions(gid, seats, level, want, seed):
    # Whole bot matches of one level at every seat, each decision with a choice
    # timed, until `want` are; the board's own Match does the moving (no saves written).
    from firmware.match import Match

    done = 0
    matches = 0
    while done < want:
        known = list(sys.modules)
        m = Match("", gid, {}, [level] * seats, seed + matches)
        auto = getattr(m.game, "AUTO", -1)
        calling = getattr(m.game, "CALLING", None)  # Prediction: exact odds on the screen
        while not m.state.is_over():
            legal = m.state.legal_moves()
            if len(legal) == 1:
                m.step(legal[0])  # the app's step, without the save
                continue
            if level == 0 and calling is not None and m.state.phase() == calling:
                odds(m)
            gc.collect()
            before = gc.mem_alloc()
            t = time.ticks_us()
            move = m.bot_move()
            took = time.ticks_diff(time.ticks_us(), t)
            made = gc.mem_alloc() - before
            gc.collect()
            print("D", took, made, gc.mem_alloc() - before)
            if auto in legal:
                arrange(m, auto)
            m.step(move)
            done += 1
        matches += 1
        m = None
        registry.forget([n for n in sys.modules if n not in known])  # as the app frees a game after its match
        gc.collect()
    print("N matches", matches)


def arrange(m, auto):
    # "Arrange for me" where the person could ask it: a copy of the position.
    st = m.state.clone()
    gc.collect()
    before = gc.mem_alloc()
    t = time.ticks_us()
    st.apply(auto)
    print("R", time.ticks_diff(time.ticks_us(), t), gc.mem_alloc() - before)


def odds(m):
    # Prediction's exact odds of every legal call, as the screen and Hard work them out.
    v = m.state.view(m.state.to_move())
    gc.collect()
    t = time.ticks_us()
    v.odds()
    print("O", time.ticks_diff(time.ticks_us(), t))


def heap(name):
    gc.collect()
    print("H", name, gc.mem_alloc())
    if name in ("title", "back"):
        import micropython

        micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N": the names interned, kept for good


def app_match(gid, options, seats):
    # The app as main.py starts it on this board's devices, at a fresh title; then
    # one match of the game (one person pressing A, the other seats its strongest
    # bot, no pause before a bot moves) to its end and back to the title. Heap
    # after a collection at the title and after every move; I2C bytes the panel
    # driver sent for a cursor press and for a move; a table redrawn in full.
    import machine
    from firmware import board

    heap("before")
    run, display, buttons = board.start(machine, time)[:3]  # (then the buzzer and the link port)
    board = run = None
    registry.forget(["firmware.board"])
    from firmware import play
    from firmware.app import App
    from firmware.buttons import A, B, RIGHT

    app = App(display, buttons, time, "/", "seeds", reset=lambda: print("N reset 1"))  # (a board resets softly)
    app.bot_delay = 0
    app.step()
    heap("title")
    from firmware import menus

    from engine.ai import ORDER  # every game's ladder; not its bots module, which the match loads

    menus.start_match(app, gid, options, [-1] + [ORDER[-1]] * (seats - 1))
    menus = None
    peak = 0
    moves = 0
    presses = 0
    redrawn = False
    while True:
        top = app.stack[-1]
        if isinstance(top, play.MatchEnd):
            break
        person = isinstance(top, play.GameScreen) and top.end == play.NONE and not top.bot and \
            not top.table.holding()
        if person and not redrawn:
            redrawn = True
            redraw(app, display, top)
        if person and presses < 40:  # a cursor press before each move
            sent = display.bytes_sent
            buttons.inject(RIGHT)
            app.step()
            print("I press", display.bytes_sent - sent)
            presses += 1
        n = len(app.match.moves)
        sent = display.bytes_sent
        if person or not isinstance(top, play.GameScreen) or top.table.holding():
            buttons.inject(A)  # a move, a hand-off, a deal's end, a result held until A
        top = None
        app.step()
        if app.match is not None and len(app.match.moves) > n:
            print("I move", display.bytes_sent - sent)
            moves += 1
            gc.collect()
            peak = max(peak, gc.mem_alloc())
    top = None  # the match's end screen, which holds the match: not past the match
    print("H peak", peak)
    print("N moves", moves)
    while app.busy():  # the match's end screen takes keys once settled (play.SETTLE_MS)
        app.step()
    for _ in range(5):  # B at the match's end: the title (A would play again)
        if type(app.stack[-1]).__name__ == "Title":
            break
        buttons.inject(B)
        app.step()
    heap("back")


def redraw(app, display, top):
    # The table drawn from nothing and sent as a full frame, ten times.
    t = time.ticks_us()
    for _ in range(10):
        top.dirty = True
        app.render()
        display.show_full()
    print("F redraw", time.ticks_diff(time.ticks_us(), t) // 10)
    t = time.ticks_us()
    for _ in range(10):
        display.show_full()
    print("F full", time.ticks_diff(time.ticks_us(), t) // 10)


def main(job):
    if job["what"] == "decisions":
        decisions(job["game"], job["seats"], job["level"], job["want"], job["seed"])
    else:
        app_match(job["game"], job["options"], job["seats"])
    print("DONE")


main(JOB)  # noqa: F821  (the first line the bench sends)
