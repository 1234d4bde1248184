//! Bifurcation, the last resort: take an empty cell with the fewest candidates (two, when
//! there is a bivalue cell, as in the seed), try a candidate, and let the logic run,
//! bifurcating again inside the trial if it must. A contradiction proves the digit wrong: it is
//! eliminated (with two candidates, the other is placed). A solution proves it right.
//!
//! The candidate tried is the one a solution has there, as the engines find it (else the
//! smallest): the trial leads to that solution, and each trial inside it tries the solution's
//! digit in turn. A wrong digit could need a search of its own to be refuted, every node of it
//! a run of the chain of techniques.

use super::step::{Explain, removals, set};
use super::technique::for_trials;
use super::{Builtin, Grid, Outcome, Step, Trial, run};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Geometry};
use crate::watch::counted;
use std::fmt;

/// `digit` was tried in `cell` and the logic led to `outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bifurcation {
    /// The cell tried (one with the fewest candidates).
    pub cell: Cell,
    /// Its candidates when tried.
    pub candidates: Digits,
    /// The digit tried.
    pub digit: Digit,
    /// What the trial ran into.
    pub outcome: Trial,
    /// The steps of the trial.
    pub steps: Vec<Step>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cell = grid.empty_cells().min_by_key(|&c| grid.candidates(c).count())?;
    let candidates = grid.candidates(cell);
    // The solution's digit, which the engines find (a trial of it never has to be refuted, so
    // the trials inside it try the solution's digits too, one line of trials to the end), else
    // the smallest. A wrong digit's refutation can take a search of its own: on Gecode's 25×25
    // grids, hundreds of thousands of trials, each running the chain of techniques.
    let digit = grid
        .solution_digit(cell)
        .filter(|&digit| candidates.has(digit))
        .or_else(|| candidates.digits().next())?;
    let mut trial = grid.clone();
    trial.place(cell, digit);
    let report = run(trial, for_trials());
    let (outcome, placements, eliminations) = match report.outcome {
        // The trial reached a solution: adopt it, every digit it placed (steps nested inside).
        Outcome::Solved => {
            let filled =
                grid.empty_cells().filter_map(|c| Some(Candidate::new(c, report.grid.value(c)?))).collect();
            (Trial::Solution, filled, vec![])
        }
        Outcome::Stuck => return None, // cannot happen: the trial may bifurcate in turn
        Outcome::Stopped => return None, // the budget ran out: the solve stops
        Outcome::Contradiction(c) => {
            let rest = candidates - digit.into();
            match rest.single() {
                Some(other) => (Trial::Contradiction(c), vec![Candidate::new(cell, other)], vec![]),
                None => (Trial::Contradiction(c), vec![], vec![Candidate::new(cell, digit)]),
            }
        }
    };
    let evidence = Bifurcation { cell, candidates, digit, outcome, steps: report.steps };
    Some(Step::new(evidence, placements, eliminations))
}

impl Explain for Bifurcation {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::Bifurcation)
    }

    fn location(&self) -> String {
        format!("try a digit in {}", self.cell)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bifurcation { cell, candidates, digit, outcome, steps } = self;
        write!(f, "bifurcation on {cell} {}: ", set(*candidates))?;
        match outcome {
            Trial::Contradiction(c) => {
                write!(
                    f,
                    "if {cell} were {digit}, then after {} {c}; ",
                    counted(steps.len() as u64, "step")
                )?;
                match step.placements.first() {
                    Some(other) => write!(f, "so {cell} is {}", other.digit),
                    None => write!(f, "so {}", removals(&step.eliminations)),
                }
            }
            Trial::Solution => write!(
                f,
                "{digit} in {cell} leads to a solution after {}: it fills the remaining {}",
                counted(steps.len() as u64, "step"),
                counted(step.placements.len() as u64, "cell")
            ),
        }
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from(self.cell)
    }
}
