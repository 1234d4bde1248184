//! Bifurcation, the last resort: take an empty cell with the fewest candidates (two, when
//! there is a bivalue cell, as in the seed), try its smallest candidate, and let the logic run,
//! bifurcating again inside the trial if it must. A contradiction proves the digit wrong: it is
//! eliminated (with two candidates, the other is placed). A solution proves it right.

use super::{Evidence, Grid, Outcome, Step, Trial, solve_grid};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cell = grid.empty_cells().min_by_key(|&c| grid.candidates(c).count())?;
    let candidates = grid.candidates(cell);
    let digit = candidates.digits().next()?;
    let mut trial = grid.clone();
    trial.place(cell, digit);
    let report = solve_grid(trial);
    let (outcome, placements, eliminations) = match report.outcome {
        // The trial reached a solution: adopt it, every digit it placed (steps nested inside).
        Outcome::Solved => {
            let filled = grid.empty_cells().filter_map(|c| Some((c, report.grid.value(c)?))).collect();
            (Trial::Solution, filled, vec![])
        }
        Outcome::Stuck => return None, // cannot happen: the trial may bifurcate in turn
        Outcome::Contradiction(c) => {
            let rest = candidates - digit.into();
            match rest.single() {
                Some(other) => (Trial::Contradiction(c), vec![(cell, other)], vec![]),
                None => (Trial::Contradiction(c), vec![], vec![(cell, digit)]),
            }
        }
    };
    let evidence = Evidence::Bifurcation { cell, candidates, digit, outcome, steps: report.steps };
    Some(Step { evidence, placements, eliminations })
}
