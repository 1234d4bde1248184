//! Forcing chains, the last technique before bifurcation: every way a premise can hold is
//! followed with singles alone, and what all of them lead to is true. A cell holds one of its
//! candidates (a cell forcing chain); a digit stands in one of its places in a house (a unit
//! forcing chain). When every way places the same digit in a cell, or takes the same candidate
//! out, so does the grid; a way that runs into a contradiction is not the true one.
//!
//! Unlike bifurcation, no way is taken on trust: each is followed until the singles run out,
//! and only what they all agree on is concluded.

use super::step::{Explain, removals};
use super::{Builtin, Contradiction, Grid, Outcome, Step, run};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry, House};
use itertools::Itertools;
use std::fmt;

/// The most ways a premise may have (two or three candidates, two or three places).
const MOST_WAYS: usize = 3;

/// What a forcing chain starts from: the ways one of which must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Premise {
    /// `Cell` holds one of its candidates.
    Cell(Cell),
    /// `digit` stands in one of its places in `house`.
    Unit {
        /// The house.
        house: House,
        /// The digit.
        digit: Digit,
    },
}

/// How one way of a premise went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// After this many singles it reached the conclusion.
    Leads(usize),
    /// After this many singles it ran into this contradiction.
    Contradicts(usize, Contradiction),
    /// It does not matter to the conclusion (another way's contradiction gives it).
    Unused,
}

/// Each way of a premise (a digit in a cell) and how it went: every way that leads somewhere
/// leads to the conclusion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcingChain {
    /// The premise.
    pub premise: Premise,
    /// Each way and how it went.
    pub ways: Vec<(Candidate, Way)>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for ways in 2..=MOST_WAYS {
        for cell in grid.empty_cells().filter(|&c| grid.candidates(c).count() == ways) {
            let premise: Vec<Candidate> =
                grid.candidates(cell).digits().map(|d| Candidate::new(cell, d)).collect();
            if let Some(step) = conclude(grid, Premise::Cell(cell), &premise) {
                return Some(step);
            }
        }
        for house in grid.houses() {
            for digit in grid.digits() {
                let places: Vec<Candidate> =
                    grid.places(house, digit).map(|c| Candidate::new(c, digit)).collect();
                if places.len() == ways {
                    if let Some(step) = conclude(grid, Premise::Unit { house, digit }, &places) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Follow each way of `premise` with singles; what they all lead to, as a step.
fn conclude(grid: &Grid, premise: Premise, ways: &[Candidate]) -> Option<Step> {
    let singles: [&dyn super::Technique; 2] = [&Builtin::NakedSingle, &Builtin::HiddenSingle];
    let followed: Vec<_> = ways
        .iter()
        .map(|&Candidate { cell, digit }| {
            let mut trial = grid.clone();
            trial.place(cell, digit);
            run(trial, &singles)
        })
        .collect();
    if followed.iter().any(|way| way.outcome == Outcome::Stopped) {
        return None; // the budget ran out: the solve stops
    }
    let open: Vec<usize> =
        (0..ways.len()).filter(|&i| !matches!(followed[i].outcome, Outcome::Contradiction(_))).collect();
    // Which candidates every open way agrees on: a digit placed, or a candidate gone.
    let (placements, eliminations): (Vec<Candidate>, Vec<Candidate>) = match open.as_slice() {
        [] => return None, // the grid itself is contradictory: other checks say so
        [only] if ways.len() > 1 => (vec![ways[*only]], vec![]),
        _ => {
            let placed = grid.empty_cells().find_map(|c| {
                let digit = followed[open[0]].grid.value(c)?;
                open.iter()
                    .all(|&i| followed[i].grid.value(c) == Some(digit))
                    .then(|| Candidate::new(c, digit))
            });
            match placed {
                Some(placed) => (vec![placed], vec![]),
                None => {
                    let gone: Vec<Candidate> = grid
                        .empty_cells()
                        .flat_map(|c| grid.candidates(c).digits().map(move |d| Candidate::new(c, d)))
                        // The ways themselves are not conclusions: each open way rules the
                        // others out by being one (only a contradiction rules a way out).
                        .filter(|c| !ways.contains(c) && premise != Premise::Cell(c.cell))
                        .filter(|&Candidate { cell, digit }| {
                            open.iter().all(|&i| {
                                let g = &followed[i].grid;
                                !g.candidates(cell).has(digit) && g.value(cell) != Some(digit)
                            })
                        })
                        .collect();
                    (vec![], gone)
                }
            }
        }
    };
    // Ways that contradict are false: when the open ways agree on nothing, that is the step.
    let contradicted: Vec<Candidate> =
        (0..ways.len()).filter(|i| !open.contains(i)).map(|i| ways[i]).collect();
    let from_contradictions = placements.is_empty() && eliminations.is_empty() || open.len() == 1;
    let eliminations =
        if placements.is_empty() && eliminations.is_empty() { contradicted } else { eliminations };
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    let how = |i: usize| match &followed[i].outcome {
        Outcome::Contradiction(c) => Way::Contradicts(followed[i].steps.len(), *c),
        _ if from_contradictions => Way::Unused,
        _ => Way::Leads(singles_to(grid, ways[i], &followed[i].steps, &placements, &eliminations)),
    };
    let ways = (0..ways.len()).map(|i| (ways[i], how(i))).collect_vec();
    Some(Step::new(ForcingChain { premise, ways }, placements, eliminations))
}

/// How many of a way's singles `steps` (from `grid` with `way` placed) it takes until the
/// `placements` are made and the `eliminations` gone.
fn singles_to(
    grid: &Grid,
    way: Candidate,
    steps: &[Step],
    placements: &[Candidate],
    eliminations: &[Candidate],
) -> usize {
    let mut partial = grid.clone();
    partial.place(way.cell, way.digit);
    let reached = |g: &Grid| {
        placements.iter().all(|c| g.value(c.cell) == Some(c.digit))
            && eliminations
                .iter()
                .all(|c| !g.candidates(c.cell).has(c.digit) && g.value(c.cell) != Some(c.digit))
    };
    if reached(&partial) {
        return 0;
    }
    for (n, step) in steps.iter().enumerate() {
        for &Candidate { cell, digit } in &step.placements {
            partial.place(cell, digit);
        }
        if reached(&partial) {
            return n + 1;
        }
    }
    steps.len()
}

impl Explain for ForcingChain {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::ForcingChain)
    }

    fn location(&self) -> String {
        match self.premise {
            Premise::Cell(cell) => format!("follow each candidate of {cell}"),
            Premise::Unit { house, digit } => format!("follow each place of {digit} in {house}"),
        }
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ForcingChain { premise, ways } = self;
        match premise {
            Premise::Cell(cell) => write!(f, "cell forcing chain on {cell}: ")?,
            Premise::Unit { house, digit } => write!(f, "unit forcing chain on {digit} in {house}: ")?,
        }
        let then = match (step.placements.first(), step.eliminations.is_empty()) {
            (Some(Candidate { cell, digit }), _) => format!("{cell} is {digit}"),
            (None, false) => removals(&step.eliminations),
            (None, true) => String::new(),
        };
        let each = ways
            .iter()
            .filter_map(|(Candidate { cell, digit }, way)| match way {
                Way::Leads(n) => Some(format!("{cell}={digit} leads there after {}", singles(*n))),
                Way::Contradicts(n, c) => {
                    Some(format!("{cell}={digit} runs after {} into: {c}", singles(*n)))
                }
                Way::Unused => None,
            })
            .join("; ");
        write!(f, "{each}; so {then}")
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.ways.iter().map(|(c, _)| c.cell).collect()
    }
}

/// "1 single", "4 singles".
fn singles(n: usize) -> String {
    if n == 1 { "1 single".to_string() } else { format!("{n} singles") }
}
