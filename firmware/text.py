# Word wrap, with no drawing in it, so the lowest layer (board start-up errors)
# and the screens share it.


def _cells(word):
    # A word's cells: a suit (codes 1-4) is 6 pixels wide in the SMALL font,
    # the font of wrapped text: two cells of 4.
    w = len(word)
    for ch in word:
        if "\x00" < ch < "\x05":
            w += 1
    return w


def wrap(s, cols):
    # Greedy word wrap to rows of at most cols cells; long words are cut.
    rows = []
    line = ""
    n = 0  # cells(line)
    for word in s.split(" "):  # not split(): font.TEN is "\n"
        if not word:
            continue
        w = _cells(word)
        while w > cols:
            if line:
                rows.append(line)
                line = ""
            k = cols
            while k > 1 and _cells(word[:k]) > cols:  # (a row narrower than a suit takes one)
                k -= 1
            rows.append(word[:k])
            word = word[k:]
            w = _cells(word)
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
