//! The logic solver's soundness: on any grid with a solution, every elimination and placement
//! it makes agrees with the grid's solutions.
//!
//! The solutions are enumerated by the band engine (up to 64). An elimination must remove a
//! digit that no solution has in that cell; a placement must be the digit every solution has
//! there — except bifurcation's, which are guesses proved by reaching a solution, so they must
//! agree with one solution at least. When the solutions number more than 64, only the
//! eliminations are checked, against those found. The solved grid is one of the solutions.

#![no_main]

use backtrack::sudoku::bitboard::{self, Outcome};
use backtrack::sudoku::logic::{self, Technique};
use backtrack::sudoku::{Board, Cell, Digit};
use backtrack_fuzz::{grids, timed};
use libfuzzer_sys::fuzz_target;

const MOST: usize = 64;

fuzz_target!(|data: &[u8]| {
    let cells = grids::grid(data);
    let Ok(board) = Board::try_from(cells) else { return };
    let budget = bitboard::Budget { max_guesses: 20_000, deadline: None };
    let mut search = bitboard::Solutions::new(&board).budget(budget);
    let solutions: Vec<[u8; 81]> = timed("enumerating", || {
        search.by_ref().take(MOST + 1).map(|s| std::array::from_fn(|i| s.get(Cell::new(i)).get())).collect()
    });
    if solutions.is_empty() || search.outcome() == Outcome::OutOfBudget {
        return;
    }
    let all = solutions.len() <= MOST;
    let has = |s: &[u8; 81], (cell, digit): (Cell, Digit)| s[cell.index()] == digit.get();
    let puzzle = grids::line(&cells);
    let report = timed("the logic solver", || logic::solve(&board));
    for step in &report.steps {
        for &elimination in &step.eliminations {
            assert!(
                !solutions.iter().any(|s| has(s, elimination)),
                "{step}: removes {}{} that a solution has: {puzzle}",
                elimination.0,
                elimination.1
            );
        }
        if !all {
            continue;
        }
        for &placement in &step.placements {
            let agree = solutions.iter().filter(|s| has(s, placement)).count();
            if step.technique() == Technique::Bifurcation {
                assert!(agree > 0, "{step}: a guess that no solution makes: {puzzle}");
            } else {
                assert_eq!(
                    agree,
                    solutions.len(),
                    "{step}: a placement that a solution does not make: {puzzle}"
                );
            }
        }
    }
    assert_eq!(report.outcome, logic::Outcome::Solved, "logic failed a solvable grid: {puzzle}");
    if all {
        let end = report.board();
        let end: [u8; 81] = std::array::from_fn(|i| end.get(Cell::new(i)).map_or(0, Digit::get));
        assert!(solutions.contains(&end), "logic ended on a grid that is not a solution: {puzzle}");
    }
});
