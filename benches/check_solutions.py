#!/usr/bin/env python3
"""Check a batch's answers by the rules alone, independent of the crate.

    backtrack sudoku --format json -f FILE | python3 benches/check_solutions.py FILE

Every puzzle of FILE must have a report whose first solution keeps every given and holds 1 to 9
once in each row, column and box; prints the count checked, the verdicts, and the slowest
search (time_ms, as the command line measured it). Exits 1 on any bad answer.
"""
import json
import sys


def houses():
    for k in range(9):
        yield [k * 9 + i for i in range(9)]
        yield [i * 9 + k for i in range(9)]
        yield [(k // 3 * 3 + i // 3) * 9 + k % 3 * 3 + i % 3 for i in range(9)]


HOUSES = list(houses())


def check(puzzle, solution):
    if len(solution) != 81 or any(c not in "123456789" for c in solution):
        return "not a full grid"
    for p, s in zip(puzzle, solution):
        if p in "123456789" and p != s:
            return "a given changed"
    for house in HOUSES:
        if sorted(solution[i] for i in house) != list("123456789"):
            return "a house repeats a digit"
    return None


def main():
    puzzles = [l.strip()[:81] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    reports = [json.loads(l) for l in sys.stdin if l.startswith("{") and '"summary"' not in l]
    if len(reports) != len(puzzles):
        print(f"{len(reports)} reports for {len(puzzles)} puzzles")
        return 1
    bad, verdicts, slowest = 0, {}, (0.0, None)
    for n, (puzzle, report) in enumerate(zip(puzzles, reports), 1):
        verdicts[report["verdict"]] = verdicts.get(report["verdict"], 0) + 1
        slowest = max(slowest, (report.get("time_ms", 0.0), n))
        for solution in report.get("solutions", []):
            error = check(puzzle, solution)
            if error:
                bad += 1
                print(f"line {n}: {error}")
    print(f"{len(puzzles)} puzzles, verdicts {verdicts}, bad answers {bad}, "
          f"slowest {slowest[0]:.3f} ms (line {slowest[1]})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
