# Word wrap, with no drawing in it, so the lowest layer (board start-up errors)
# and the screens share it.


def wrap(s, cols):
    # Greedy word wrap to rows of at most cols characters; long words are cut.
    rows = []
    line = ""
    for word in s.split(" "):  # not split(): font.TEN is "\n"
        if not word:
            continue
        while len(word) > cols:
            if line:
                rows.append(line)
                line = ""
            rows.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line = line + " " + word
        else:
            rows.append(line)
            line = word
    if line:
        rows.append(line)
    return rows
