//! Sudoku through the driver: every fixture solved and checked by the rules, uniqueness, counts.

mod common;

use backtrack::stack_assumptions;
use backtrack::sudoku::Board;
use common::*;

/// Solve with the driver in the given order; the solution as an 81-character line.
fn solve(puzzle: &str, fewest: bool) -> Option<String> {
    let board: Board = puzzle.parse().expect("fixture parses");
    let generators = board.generators();
    // Read the board while the search is alive: dropping it takes every assumption back.
    if fewest {
        stack_assumptions(&generators).fewest_first().next().map(|()| format!("{board:#}"))
    } else {
        stack_assumptions(&generators).next().map(|()| format!("{board:#}"))
    }
}

fn solve_all(set: &str, fewest: bool) {
    for (i, puzzle) in puzzles(set).enumerate() {
        let solution = solve(puzzle, fewest).unwrap_or_else(|| panic!("line {}: no solution", i + 1));
        if let Err(e) = check_solution(puzzle, &solution) {
            panic!("line {}: {puzzle} -> {solution}: {e}", i + 1);
        }
    }
}

#[test]
fn easy50_static_and_fewest() {
    solve_all(EASY50, false);
    solve_all(EASY50, true);
}

#[test]
fn top95_fewest() {
    solve_all(TOP95, true);
}

#[test]
fn hardest_static_and_fewest() {
    solve_all(HARDEST, false);
    solve_all(HARDEST, true);
}

#[test]
fn seventeen_clue_sample_fewest() {
    solve_all(SEVENTEEN, true);
}

#[test]
fn unbiased_sample_fewest() {
    solve_all(UNBIASED, true);
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    for puzzle in puzzles(SEVENTEEN).step_by(3) {
        let board: Board = puzzle.parse().unwrap();
        assert_eq!(board.count_solutions(2), 1, "{puzzle}");
        assert_eq!(format!("{board:#}"), puzzle, "counting leaves the board as it was");
    }
}

#[test]
fn serg_puzzles_have_several_solutions() {
    for puzzle in puzzles(SERG) {
        let board: Board = puzzle.parse().unwrap();
        assert!(board.count_solutions(2) >= 2, "{puzzle}");
        // Every solution found is a real one, and they are distinct.
        let generators = board.generators();
        let mut seen = std::collections::HashSet::new();
        for () in stack_assumptions(&generators).fewest_first().take(5) {
            let line = format!("{board:#}");
            check_solution(puzzle, &line).unwrap();
            assert!(seen.insert(line));
        }
    }
}

#[test]
fn static_and_fewest_orders_find_the_same_unique_solution() {
    for puzzle in puzzles(EASY50) {
        assert_eq!(solve(puzzle, false), solve(puzzle, true));
    }
}

#[test]
fn the_newspaper_puzzle() {
    let board: Board =
        "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse().unwrap();
    let solved = board.solve().unwrap();
    // The seed's printed solution, in its layout.
    let expected = "   9 2 6    5 1 7    4 8 3
   3 7 4    9 8 6    5 2 1
   5 8 1    3 2 4    7 9 6

   7 4 3    8 6 5    9 1 2
   8 5 9    1 7 2    3 6 4
   6 1 2    4 3 9    8 5 7

   2 9 8    6 4 3    1 7 5
   1 3 7    2 5 8    6 4 9
   4 6 5    7 9 1    2 3 8";
    assert_eq!(solved.to_string(), expected);
    assert_eq!(board.count_solutions(10), 1);
}

#[test]
fn the_empty_grid_and_a_contradiction() {
    let empty = Board::empty();
    let solved = empty.solve().unwrap();
    check_solution(&".".repeat(81), &format!("{solved:#}")).unwrap();
    assert_eq!(empty.count_solutions(100), 100);
    // Givens that break no rule yet leave r1c9 without a candidate.
    let no_candidate: Board = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)).parse().unwrap();
    assert_eq!(no_candidate.count_solutions(1), 0);
    assert!(no_candidate.solve().is_none());
}
