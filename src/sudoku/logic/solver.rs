//! The stepper: apply the easiest technique that finds something, then start again from the
//! easiest, until the grid is solved or contradicts itself.

use super::grid::{Contradiction, Grid, Limit};
use super::technique::standard;
use super::{Kind, Step, Technique};
use crate::sudoku::{Board, Candidate};
use crate::watch::counted;
use std::sync::Arc;

/// How a logic solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// The grid contradicts itself: the puzzle has no solution.
    Contradiction(Contradiction),
    /// No technique allowed finds anything more (only when bifurcation is not allowed).
    Stuck,
    /// The budget ran out ([`solve_within`]): the grid is as far as the steps got.
    Stopped,
}

/// The steps of a solve, the grid they led to, and how it ended.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The grid at the end.
    pub grid: Grid,
    /// Solved, contradiction, or stuck.
    pub outcome: Outcome,
}

impl SolveReport {
    /// The hardest technique used, by its rating (`None` for a puzzle already full).
    pub fn hardest(&self) -> Option<Kind> {
        // The highest rating; between equal ratings, the last step's.
        self.steps.iter().map(Step::technique).max_by(|a, b| a.rating.total_cmp(&b.rating))
    }

    /// The grade: the level of the hardest technique used.
    pub fn grade(&self) -> super::Grade {
        super::Grade::of(self.hardest())
    }

    /// The board at the end.
    pub fn board(&self) -> Board {
        self.grid.to_board()
    }

    /// How the solve ended, in a sentence.
    pub fn outcome_sentence(&self) -> String {
        match self.outcome {
            Outcome::Solved => {
                format!("solved ({}, {:.1})", self.grade(), super::Grade::score(self.hardest()))
            }
            Outcome::Contradiction(c) => format!("no solution: {c}"),
            Outcome::Stuck => {
                let empty = counted(self.grid.empty_cells().count() as u64, "cell");
                format!("stuck: no technique allowed finds a step ({empty} empty)")
            }
            Outcome::Stopped => {
                let empty = counted(self.grid.empty_cells().count() as u64, "cell");
                format!("stopped: the budget ran out ({empty} empty)")
            }
        }
    }
}

/// Solve `board` as a person would, with every technique, bifurcation last.
///
/// ```
/// use backtrack::sudoku::Board;
/// use backtrack::sudoku::logic::{solve, Outcome, Builtin};
///
/// let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
/// let report = solve(&board);
/// assert_eq!(report.outcome, Outcome::Solved);
/// assert_eq!(report.steps[0].to_string(), "naked single: r5c8 can only be 6");
/// assert!(report.hardest().unwrap().rating <= Builtin::NakedSingle.rating()); // singles suffice
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(board: &Board) -> SolveReport {
    solve_with(board, standard())
}

/// Solve `board` with a chain of techniques, tried in the order given: the first that finds a
/// step is applied, then the chain starts again from its first (see [`Technique`]). Without
/// bifurcation at its end, a chain may get stuck ([`Outcome::Stuck`]).
pub fn solve_with(board: &Board, chain: &[&dyn Technique]) -> SolveReport {
    run(Grid::new(board), chain)
}

/// Solve `board` with a chain of techniques, within `budget`: each step is a node, those of
/// every bifurcation's trial and of every way of a forcing chain included, and the deadline is
/// looked at every 64 steps. Past a bound the solve ends with [`Outcome::Stopped`] (and
/// `budget.exceeded()`), on the grid it reached; `budget.spent()` counts the steps.
///
/// ```
/// use backtrack::Budget;
/// use backtrack::sudoku::Board;
/// use backtrack::sudoku::logic::{self, Outcome};
///
/// // Several solutions: the logic solver guesses, and guesses inside its guesses.
/// let board: Board = "8.........95.......76.........426798...571243...893165......916....3.487....1.532".parse()?;
/// let budget = Budget::nodes(100);
/// let report = logic::solve_within(&board, logic::standard(), &budget);
/// assert_eq!(report.outcome, Outcome::Stopped);
/// assert!(budget.exceeded() && budget.spent() == 101);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_within(board: &Board, chain: &[&dyn Technique], budget: &crate::Budget) -> SolveReport {
    let (max_steps, deadline) = (Some(budget.node_limit()).filter(|&n| n < u64::MAX), budget.deadline_at());
    let limit = Arc::new(Limit::new(max_steps, deadline));
    let mut grid = Grid::new(board);
    grid.bound(limit.clone());
    let report = run(grid, chain);
    budget.spend(limit.steps(), limit.stopped());
    report
}

/// The next step from `board`, if any technique finds one: the hint.
pub fn next_step(board: &Board) -> Option<Step> {
    next_step_with(board, standard())
}

/// The next step from `board` by a chain of techniques (the first that finds one).
pub fn next_step_with(board: &Board, chain: &[&dyn Technique]) -> Option<Step> {
    let grid = Grid::new(board);
    grid.contradiction().is_none().then(|| first_step(&grid, chain)).flatten()
}

fn first_step(grid: &Grid, chain: &[&dyn Technique]) -> Option<Step> {
    chain.iter().find_map(|t| t.find(grid))
}

pub(super) fn run(mut grid: Grid, allowed: &[&dyn Technique]) -> SolveReport {
    let mut steps = Vec::new();
    let outcome = loop {
        if let Some(c) = grid.contradiction() {
            break Outcome::Contradiction(c);
        }
        if grid.is_solved() {
            break Outcome::Solved;
        }
        if !grid.charge() {
            break Outcome::Stopped;
        }
        // The easiest technique that finds something; after any progress, start again. (A
        // trial stopped by the budget concludes nothing: the solve stops too.)
        let Some(step) = first_step(&grid, allowed) else {
            break if grid.stopped() { Outcome::Stopped } else { Outcome::Stuck };
        };
        for &Candidate { cell, digit } in &step.eliminations {
            grid.eliminate(cell, digit);
        }
        for &Candidate { cell, digit } in &step.placements {
            grid.place(cell, digit);
        }
        steps.push(step);
    };
    SolveReport { steps, grid, outcome }
}
