#!/usr/bin/env python3
"""Check a batch's answers on Sudoku of any size and rules, independent of the crate.

    backtrack sudoku --format json -f FILE | python3 benches/check_variants.py FILE

FILE is a line file (N*N characters a line: '.' or '0' blank, values 1-9 then A, B, ...; boxes
square where N is a square, else 2x3 for 6, 2x4 for 8, 3x4 for 12, none where N is prime) or a
variant file (.jsonl: size, boxes "RxC" or null, givens, regions (which replace the boxes),
rules "diagonals"/"windoku"/"anti-knight"/"anti-king"/"non-consecutive", cages,
solution). Every puzzle's first solution must keep its givens and hold 1 to N once in every
row, column, box or region and extra house, computed here from the file's own fields, with no
value repeated a knight's or a king's move away and no two side-by-side cells one apart under
those rules, and every cage of different values adding up to its sum; where the
file gives a published solution, the answer must be it. Puzzles the command line refused
(verdict "invalid") are counted apart. Exits 1 on any bad answer.
"""
import json
import string
import sys

ALPHABET = "123456789" + string.ascii_uppercase


def default_boxes(n):
    for rows in range(int(n ** 0.5), 1, -1):
        if n % rows == 0:
            return rows, n // rows
    return None


def puzzles(path):
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("{"):
            yield json.loads(line)
        else:
            n = int(round(len(line) ** 0.5))
            boxes = default_boxes(n)
            yield {"size": n, "boxes": boxes and f"{boxes[0]}x{boxes[1]}", "givens": line}


def houses(p):
    n = p["size"]
    hs = [[r * n + c for c in range(n)] for r in range(n)]
    hs += [[r * n + c for r in range(n)] for c in range(n)]
    if p.get("regions"):
        regions = {}
        for i, ch in enumerate(p["regions"]):
            regions.setdefault(ch, []).append(i)
        hs += list(regions.values())
    elif p.get("boxes"):
        br, bc = (int(x) for x in p["boxes"].lower().split("x"))
        for top in range(0, n, br):
            for left in range(0, n, bc):
                hs.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    rules = p.get("rules") or []
    if "diagonals" in rules:
        hs.append([i * n + i for i in range(n)])
        hs.append([i * n + n - 1 - i for i in range(n)])
    if "windoku" in rules:
        # Windows the size of a square box, one cell in from the edge, one cell apart.
        b = int(round(n ** 0.5))
        for top in range(1, n - b, b + 1):
            for left in range(1, n - b, b + 1):
                hs.append([(top + i) * n + left + j for i in range(b) for j in range(b)])
    return hs


def check(p, answer):
    n = p["size"]
    values = ALPHABET[:n]
    if len(answer) != n * n or any(c not in values for c in answer):
        return "not a full grid"
    for g, a in zip(p["givens"].upper(), answer):
        if g not in ".0" and g != a:
            return "a given changed"
    for house in houses(p):
        if sorted(answer[i] for i in house) != sorted(values):
            return f"a house breaks the rules: {house[:3]}..."
    rules = p.get("rules") or []
    moves = []
    if "anti-knight" in rules:
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if "anti-king" in rules:
        moves += [(1, 1), (1, -1)]
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n and answer[r * n + c] == answer[(r + dr) * n + c + dc]:
                    return f"r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1}: one value a move apart"
            if "non-consecutive" in rules:
                for dr, dc in [(0, 1), (1, 0)]:
                    if r + dr < n and c + dc < n:
                        a, b = ALPHABET.index(answer[r * n + c]), ALPHABET.index(answer[(r + dr) * n + c + dc])
                        if abs(a - b) == 1:
                            return f"r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1}: consecutive side by side"
    for cage in p.get("cages") or []:
        values = [ALPHABET.index(answer[i]) + 1 for i in cage["cells"]]
        if len(set(values)) != len(values):
            return f"a value twice in the cage of cells {cage['cells']}"
        if cage.get("sum") is not None and sum(values) != cage["sum"]:
            return f"the cage of cells {cage['cells']} adds up to {sum(values)}, not {cage['sum']}"
    if p.get("solution") and p["solution"].upper() != answer:
        return "not the published solution"
    return None


def main():
    path = sys.argv[1]
    reports = [json.loads(line) for line in sys.stdin if line.strip() and "summary" not in line]
    reports = [r for r in reports if "line" in r]
    bad = checked = refused = published = 0
    for p, r in zip(puzzles(path), reports):
        if r["verdict"] == "invalid":
            refused += 1
            continue
        checked += 1
        published += bool(p.get("solution"))
        why = check(p, r["solutions"][0]) if r.get("solutions") else "no solution"
        if why:
            bad += 1
            print(f"line {r['line']}: {why}")
    print(f"{path}: {checked} checked ({published} against a published solution), {refused} refused, {bad} bad")
    sys.exit(1 if bad else 0)


main()
