# The Pico's filesystem as MicroPython's rp2 port keeps it: littlefs v2 in the last
# 1408 KB of flash, 352 blocks of 4096 bytes, mounted by the firmware's _boot.py as
# VfsLfs2(rp2.Flash(), progsize=256) (read size and lookahead its defaults, 32).
from littlefs import LittleFS

BLOCK = 4096
BLOCKS = 352


def _fs(mount):
    return LittleFS(block_size=BLOCK, block_count=BLOCKS, prog_size=256, read_size=32,
                    lookahead_size=32, mount=mount)


def image(files):
    # files: {path: bytes}, paths relative with /. -> the filesystem's bytes.
    fs = _fs(True)
    for path in sorted(files):
        parent = path.rsplit("/", 1)[0] if "/" in path else ""
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def files(data):
    # The filesystem's bytes -> {path: bytes}.
    fs = _fs(False)
    fs.context.buffer[:len(data)] = data
    fs.mount()
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


def tree(folder):
    # A built tree (build/device) as {path: bytes}, as make deploy lays it out.
    import os

    out = {}
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in names:
            full = os.path.join(root, name)
            with open(full, "rb") as f:
                out[os.path.relpath(full, folder).replace(os.sep, "/")] = f.read()
    return out
