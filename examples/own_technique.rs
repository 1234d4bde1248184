//! cargo run --release --example own_technique [-- PUZZLE]
//!
//! A technique of one's own in the logic solver's chain, without a change to the crate: the
//! "full house" (a house with one empty cell takes the digit it lacks), put first, before the
//! built-in techniques. Each step says which technique found it.

use backtrack::sudoku::logic::{self, Builtin, Grade, Grid, Kind, Step, Technique};
use backtrack::sudoku::{Board, Candidate};
use std::error::Error;
use std::io::Write;

mod common;
use common::{exit_code, say};

/// A house with one empty cell: the digit it lacks goes there.
pub struct FullHouse;

impl Technique for FullHouse {
    fn name(&self) -> &'static str {
        "full house"
    }

    fn rating(&self) -> f32 {
        1.0 // Sudoku Explainer's rating for the last empty cell of a house
    }

    fn grade(&self) -> Grade {
        Grade::Easy
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        grid.houses().find_map(|house| {
            let mut empty = grid.members(house).iter().copied().filter(|&c| grid.value(c).is_none());
            let (Some(cell), None) = (empty.next(), empty.next()) else { return None };
            let digit = grid.candidates(cell).single()?;
            let sentence = format!("{cell} is the last empty cell of {house}: it takes {digit}");
            let location = format!("look at {house}");
            Some(Step::custom(Kind::of(self), sentence, location, vec![Candidate::new(cell, digit)], vec![]))
        })
    }
}

fn main() -> std::process::ExitCode {
    exit_code("own_technique", run().map(|()| 0))
}

fn run() -> Result<(), Box<dyn Error>> {
    let puzzle = std::env::args().nth(1).filter(|a| a != "--help");
    let puzzle = puzzle
        .as_deref()
        .unwrap_or("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    let board: Board = puzzle.parse()?;
    // The chain: ours first, then every built-in technique, easiest first.
    let mut chain: Vec<&dyn Technique> = vec![&FullHouse];
    chain.extend(Builtin::ALL.iter().map(|t| t as &dyn Technique));
    let report = logic::solve_with(&board, &chain);
    for (n, step) in report.steps.iter().enumerate() {
        say!("{}. {step}", n + 1);
    }
    say!("{}\n{}", report.board(), report.outcome_sentence());
    Ok(())
}
