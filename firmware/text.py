# Word wrap, with no drawing in it, so the lowest layer (board start-up errors)
# and the screens share it.


def wrap(s, cols):
    # Greedy word wrap to rows of at most cols cells; long words are cut.
    rows = []
    line = ""
    n = 0  # cells(line)
    for word in s.split(" "):  # not split(): font.TEN is "\n"
        if not word:
            continue
        while len(word) > cols:
            if line:
                rows.append(line)
                line = ""
            rows.append(word[:cols])
            word = word[cols:]
        w = len(word)  # its cells: a suit (codes 1-4) is 6 pixels wide in the
        for ch in word:  # SMALL font, the font of wrapped text: two cells of 4
            if "\x00" < ch < "\x05":
                w += 1
        if not line:
            line = word
            n = w
        elif n + 1 + w <= cols:
            line = line + " " + word
            n += 1 + w
        else:
            rows.append(line)
            line = word
            n = w
    if line:
        rows.append(line)
    return rows
