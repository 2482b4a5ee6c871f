# The simulator's command line: scripted, headless sessions that write PNG
# screenshots, the script language, and the terminal mode.
import io
import os
import struct
import subprocess
import sys
import zlib

from tools import sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START = "A A wait 100"  # title -> Double Joker -> Start (seat defaults)


def run_cli(args):
    proc = subprocess.run([sys.executable, "-m", "tools.sim"] + args, cwd=ROOT, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def read_png(path):
    # -> (width, height, grey rows) for the 8-bit grey PNGs the simulator writes.
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at = 8
    idat = b""
    width = height = 0
    while at < len(data):
        n = struct.unpack(">I", data[at : at + 4])[0]
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 0)
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw = zlib.decompress(idat)
    rows = [raw[y * (width + 1) + 1 : (y + 1) * (width + 1)] for y in range(height)]
    return width, height, rows


def lit(rows):
    return sum([sum([1 for v in r if v > 128]) for r in rows])


def test_keys_run_headless_and_write_pngs(tmp_path):
    shots = tmp_path / "shots"
    rc, out, err = run_cli(["--root", str(tmp_path / "root"), "--seed", "5", "--shot-dir", str(shots),
                            "--keys", "shot title.png " + START + " shot table.png B shot pause.png"])
    assert rc == 0, err
    names = sorted(os.listdir(shots))
    assert names == ["pause.png", "table.png", "title.png"]
    assert out.count("wrote ") == 3
    pics = {}
    for n in names:
        w, h, rows = read_png(str(shots / n))
        # 4x scale with a pixel of margin round the 128x64 panel.
        assert (w, h) == (130 * sim.SCALE, 66 * sim.SCALE)
        assert lit(rows) > 0
        pics[n] = rows
    assert pics["title.png"] != pics["table.png"] != pics["pause.png"]
    assert os.path.exists(tmp_path / "root" / "save.jp") is False  # no move made yet


def test_script_file_same_seed_same_pictures(tmp_path):
    script = tmp_path / "play.txt"
    script.write_text("# start a match and let the bot answer\n" + START + "\nA  # place\nA  # lead\nidle\nshot after.png\n")
    pics = []
    for run, seed in (("a", "9"), ("b", "9"), ("c", "10")):
        rc, out, err = run_cli(["--root", str(tmp_path / run), "--seed", seed, "--shot-dir", str(tmp_path / run),
                                "--script", str(script)])
        assert rc == 0, err
        pics.append(read_png(str(tmp_path / run / "after.png"))[2])
        assert os.path.exists(tmp_path / run / "save.jp")  # moves were made and saved
    assert pics[0] == pics[1]  # --seed makes the session reproducible
    assert pics[0] != pics[2]


def test_moving_shoots_a_card_on_its_way(tmp_path):
    # "moving" shoots the frame as it is, right after the press that plays a
    # card (Animations are on by default); "shot" waits for the card at rest.
    rc, out, err = run_cli(["--root", str(tmp_path / "root"), "--seed", "9", "--shot-dir", str(tmp_path),
                            "--keys", START + " A A moving on.png shot rest.png"])
    assert rc == 0, err
    on, rest = read_png(str(tmp_path / "on.png"))[2], read_png(str(tmp_path / "rest.png"))[2]
    assert on != rest


def test_bad_script_word_is_refused(tmp_path):
    rc, out, err = run_cli(["--root", str(tmp_path), "--keys", "A JUMP"])
    assert rc == 2
    assert "unknown script word 'JUMP'" in err


def test_parse_script():
    steps = sim.parse_script("up a  # comment\nwait 250 idle shot x.png B moving y.png")
    assert steps == [("press", 0), ("press", 4), ("wait", 250), ("idle",), ("shot", "x.png"), ("press", 5),
                     ("moving", "y.png")]
    try:
        sim.parse_script("wait soon")
    except ValueError as e:
        assert "milliseconds" in str(e)
    else:
        raise AssertionError("wait without a number accepted")


def test_terminal_mode_draws_half_blocks(tmp_path):
    dev = sim.Device(str(tmp_path), 3)
    out = io.StringIO()
    sim.run_terminal(dev, io.StringIO("z\nwz\nq\n"), out)
    text = out.getvalue()
    frame = dev.text().split("\n")
    assert len(frame) == 32 and all([len(r) == 128 for r in frame])
    assert "\u2588" in text or "\u2580" in text
    assert "keys: w a s d move" in text
    assert dev.app.match is not None  # z (A) chose the game; w moved up a line, z started (A starts from any line)
