# runs-on: micropython
# Saves written by the firmware of commit 0513c4a (before the game contract,
# engine/state.py, and the one bot seeding, engine.rng.seed_bot): each game's
# save after 24 moves, one person (seat 1) and Hard bots, and the 8 moves that
# firmware made next (the person's by a fixed rule, the bots' their own). They
# load, resume to the same match, are written again byte for byte, and the bots
# play on as that firmware's did.
import tools.host  # noqa: F401  (framebuf stand-in on CPython)
from firmware import saves, saves_reading

OLD = (
    (b'JPSAVE 2 6d53d4ae 156\n{"game":"doublejoker","moves":[2,70,65,52,66,73,19,81,80,53,82,86,43,108,104,55,105,'
     b'110,14,85,83,53,78,79],"options":{"games":3},"seats":[-1,1],"seed":1234}', [3, 75, 68, 20, 87, 255, 30, 91]),
    (b'JPSAVE 2 7a53e4e0 173\n{"game":"habitual","moves":[142,80,74,104,64,138,80,78,64,107,16,255,134,65,64,85,100,'
     b'132,117,86,39,65,106,76],"options":{"deals":3,"open":"Off"},"seats":[-1,1],"seed":1234}',
     [64, 88, 94, 79, 70, 79, 79, 75]),
    (b'JPSAVE 2 03841b31 154\n{"game":"prediction","moves":[64,72,86,79,24,51,6,40,16,47,2,36,17,48,18,56,0,46,20,48,'
     b'13,46,9,15],"options":{"odds":"On"},"seats":[-1,1,1,1],"seed":1234}', [19, 21, 22, 23, 32, 1, 46, 9]),
    (b'JPSAVE 2 93088248 161\n{"game":"georgian","moves":[49,48,48,49,40,19,14,13,255,48,49,48,48,23,19,26,22,29,9,2,'
     b'25,255,50,48],"options":{"deals":"All 24"},"seats":[-1,1,1,1],"seed":1234}', [48, 48, 20, 7, 23, 19, 10, 32]),
    (b'JPSAVE 2 f1319ea4 151\n{"game":"jokerpoker","moves":[238,24,14,41,63,77,225,4,17,59,41,165,37,5,32,60,77,200,'
     b'255,182,28,8,69,177],"options":{},"seats":[-1,1,1,1],"seed":1234}', [37, 71, 34, 62, 206, 10, 29, 24]),
)


def person_move(m):
    # The rule the person's moves were made by.
    legal = m.state.legal_moves()
    return legal[-1] if m.game_id == "jokerpoker" else legal[len(m.moves) % len(legal)]


# Games whose Hard bot has changed on purpose since 0513c4a (issue 25:
# Habitual Joker's play-outs by Medium's weights, Georgian Joker's budget as
# viper code and its last phase played for the highest total, Joker Poker's
# climbs on the real chances): their saves
# load and are written again byte for byte; the bots' next moves are their new
# Hard's, each legal.
HARD_CHANGED = ("habitual", "georgian", "jokerpoker")


def test_saves_of_0513c4a_resume_and_play_on_as_then():
    for data, then in OLD:
        rec = saves_reading.decode(data)
        m = saves_reading.replay(None, rec)
        assert saves.encode(m.record()) == data, rec["game"]
        made = []
        for _ in range(len(then)):
            move = person_move(m) if m.is_person(m.state.to_move()) else m.bot_move()
            assert m.state.legal(move), (rec["game"], move)
            m.step(move)
            made.append(move)
        if rec["game"] not in HARD_CHANGED:
            assert made == then, (rec["game"], made)
