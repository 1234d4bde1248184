#!/usr/bin/env python3
"""Word rectangles as exact cover with colours (Knuth's XCC), in his format, on standard output.

    python3 benches/word_rectangles.py ROWS COLS [LIMIT] > rect.dlx

Each row and each column is a primary item that takes one word of examples/data/words.txt;
each cell is a secondary item whose colour is its letter. LIMIT keeps the first LIMIT words of
each length. The lines and their order are those of `word_rectangles` in tests/dlx_colors.rs,
so the counts are comparable with Knuth's DLX2 run on the same file.
"""
import os
import sys

rows, cols = int(sys.argv[1]), int(sys.argv[2])
limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "examples", "data", "words.txt")) as f:
    words = [w.strip() for w in f if not w.startswith("#")]
by_len = lambda n: [w for w in words if len(w) == n][:limit]
items = [f"r{i}" for i in range(1, rows + 1)] + [f"c{j}" for j in range(1, cols + 1)]
cells = [f"{i}.{j}" for i in range(1, rows + 1) for j in range(1, cols + 1)]
print(" ".join(items + ["|"] + cells))
for i in range(1, rows + 1):
    for w in by_len(cols):
        print(f"r{i} " + " ".join(f"{i}.{j}:{w[j - 1]}" for j in range(1, cols + 1)))
for j in range(1, cols + 1):
    for w in by_len(rows):
        print(f"c{j} " + " ".join(f"{i}.{j}:{w[i - 1]}" for i in range(1, rows + 1)))
