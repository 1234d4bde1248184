//! Forcing chains, the last technique before bifurcation: every way a premise can hold is
//! followed with singles (and the grid's own rule step, below), and what all of them lead to
//! is true. A cell holds one of its candidates (a cell forcing chain); a digit stands in one of
//! its places in a house (a unit forcing chain). When every way places the same digit in a
//! cell, or takes the same candidate out, so does the grid; a way that runs into a
//! contradiction is not the true one.
//!
//! Unlike bifurcation, no way is taken on trust: each is followed until the singles run out,
//! and only what they all agree on is concluded.
//!
//! On a grid with a rule of its own, a way is followed with the rule's direct step too, as a
//! person following it would: the values a placed digit takes from its neighbours under
//! non-consecutive, the values a cage can no longer hold for its sum. With singles alone, a way
//! of a killer saw none of its cages: of ten generated 16×16 killers (`generate --killer --size
//! 16 --count 10 --seed 1`), six needed guessing, and four do now (BENCHMARKS.md, §9.1).

use super::step::{Explain, removals};
use super::{Builtin, Contradiction, Grid, Outcome, Step, Technique, run};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Extra, Geometry, House};
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
    /// After this many steps (singles, and the grid's rule steps) it reached the conclusion.
    Leads(usize),
    /// After this many steps it ran into this contradiction.
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
    /// The rule steps each way was followed with besides the singles (none on a grid of
    /// houses): [`Builtin::NonConsecutive`], [`Builtin::CageCombination`].
    pub rules: Vec<Builtin>,
}

/// The rule steps of `grid` a way is followed with, besides the singles.
fn rule_steps(grid: &Grid) -> Vec<Builtin> {
    let non_consecutive = grid.geometry().extras().contains(&Extra::NonConsecutive);
    let cages = grid.cages().is_some();
    [(non_consecutive, Builtin::NonConsecutive), (cages, Builtin::CageCombination)]
        .into_iter()
        .filter_map(|(has, step)| has.then_some(step))
        .collect()
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let rules = rule_steps(grid);
    let mut followers: Vec<&dyn Technique> = vec![&Builtin::NakedSingle, &Builtin::HiddenSingle];
    followers.extend(rules.iter().map(|r| r as &dyn Technique));
    let conclude = |premise, ways: &[Candidate]| conclude(grid, premise, ways, &followers, &rules);
    for ways in 2..=MOST_WAYS {
        for cell in grid.empty_cells().filter(|&c| grid.candidates(c).count() == ways) {
            let premise: Vec<Candidate> =
                grid.candidates(cell).digits().map(|d| Candidate::new(cell, d)).collect();
            if let Some(step) = conclude(Premise::Cell(cell), &premise) {
                return Some(step);
            }
        }
        for house in grid.houses() {
            for digit in grid.digits() {
                let places: Vec<Candidate> =
                    grid.places(house, digit).map(|c| Candidate::new(c, digit)).collect();
                if places.len() == ways {
                    if let Some(step) = conclude(Premise::Unit { house, digit }, &places) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Follow each way of `premise` with the `followers` (singles, and the grid's `rules`); what
/// they all lead to, as a step.
fn conclude(
    grid: &Grid,
    premise: Premise,
    ways: &[Candidate],
    followers: &[&dyn Technique],
    rules: &[Builtin],
) -> Option<Step> {
    let followed: Vec<_> = ways
        .iter()
        .map(|&Candidate { cell, digit }| {
            let mut trial = grid.clone();
            trial.place(cell, digit);
            run(trial, followers)
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
        _ => Way::Leads(steps_to(grid, ways[i], &followed[i].steps, &placements, &eliminations)),
    };
    let ways = (0..ways.len()).map(|i| (ways[i], how(i))).collect_vec();
    Some(Step::new(ForcingChain { premise, ways, rules: rules.to_vec() }, placements, eliminations))
}

/// How many of a way's `steps` (from `grid` with `way` placed) it takes until the
/// `placements` are made and the `eliminations` gone.
fn steps_to(
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
        for &Candidate { cell, digit } in &step.eliminations {
            partial.eliminate(cell, digit);
        }
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
        let ForcingChain { premise, ways, rules } = self;
        match premise {
            Premise::Cell(cell) => write!(f, "cell forcing chain on {cell}")?,
            Premise::Unit { house, digit } => write!(f, "unit forcing chain on {digit} in {house}")?,
        }
        let followed = rules.iter().map(|rule| match rule {
            Builtin::NonConsecutive => "the non-consecutive rule",
            Builtin::CageCombination => "cage combinations",
            _ => rule.name(),
        });
        if rules.is_empty() {
            write!(f, ": ")?;
        } else {
            write!(f, ", each way followed with singles and {}: ", followed.format(" and "))?;
        }
        let steps = |n: usize| match (rules.is_empty(), n) {
            (true, 1) => "1 single".to_string(),
            (true, _) => format!("{n} singles"),
            (false, 1) => "1 step".to_string(),
            (false, _) => format!("{n} steps"),
        };
        let then = match (step.placements.first(), step.eliminations.is_empty()) {
            (Some(Candidate { cell, digit }), _) => format!("{cell} is {digit}"),
            (None, false) => removals(&step.eliminations),
            (None, true) => String::new(),
        };
        let each = ways
            .iter()
            .filter_map(|(Candidate { cell, digit }, way)| match way {
                Way::Leads(n) => Some(format!("{cell}={digit} leads there after {}", steps(*n))),
                Way::Contradicts(n, c) => Some(format!("{cell}={digit} runs after {} into: {c}", steps(*n))),
                Way::Unused => None,
            })
            .join("; ");
        write!(f, "{each}; so {then}")
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.ways.iter().map(|(c, _)| c.cell).collect()
    }
}
