//! The chain's links: a public trait that the built-in techniques implement, and that a user's
//! own technique implements in their crate, without a change to ours.

use super::{Builtin, Grade, Grid, Step};
use std::fmt;

/// A way to find the next step on a pencil-mark grid: the built-in techniques ([`Builtin`]),
/// and any of a user's own.
///
/// A chain is a list of techniques, easiest first ([`solve_with`](super::solve_with)); the
/// solver applies the first that finds a step, then starts again from the first, as the
/// seed's solver does. A technique of one's own builds its steps with [`Step::custom`], which
/// carries its sentence and where to look, and is graded by its [`Kind`].
///
/// ```
/// use backtrack::sudoku::logic::{self, Builtin, Grade, Grid, Kind, Step, Technique};
/// use backtrack::sudoku::{Board, Candidate};
///
/// /// A house with one empty cell: the digit it lacks goes there.
/// struct FullHouse;
///
/// impl Technique for FullHouse {
///     fn name(&self) -> &'static str { "full house" }
///     fn rating(&self) -> f32 { 1.0 }
///     fn grade(&self) -> Grade { Grade::Easy }
///     fn find(&self, grid: &Grid) -> Option<Step> {
///         grid.houses().find_map(|house| {
///             let mut empty = grid.members(house).iter().copied().filter(|&c| grid.value(c).is_none());
///             let (Some(cell), None) = (empty.next(), empty.next()) else { return None };
///             let digit = grid.candidates(cell).single()?;
///             let sentence = format!("{house} lacks only {digit}, in {cell}");
///             Some(Step::custom(Kind::of(self), sentence, cell.to_string(), vec![Candidate::new(cell, digit)], vec![]))
///         })
///     }
/// }
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let mut chain: Vec<&dyn Technique> = vec![&FullHouse];
/// chain.extend(Builtin::ALL.iter().map(|t| t as &dyn Technique));
/// let report = logic::solve_with(&board, &chain);
/// assert_eq!(report.outcome, logic::Outcome::Solved);
/// assert!(report.steps.iter().any(|s| s.technique().name == "full house"));
/// assert_eq!(report.board(), logic::solve(&board).board());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Technique {
    /// The name, as a person says it (`"X-wing"`, `"naked single"`: words in lower case).
    fn name(&self) -> &'static str;

    /// The difficulty on Sudoku Explainer's scale (singles 1.0 to 2.3, ..., chains 7 and up).
    fn rating(&self) -> f32;

    /// The grade of a puzzle whose hardest step uses this technique.
    fn grade(&self) -> Grade;

    /// The first step this technique finds on `grid`, if any.
    fn find(&self, grid: &Grid) -> Option<Step>;
}

/// Which technique made a step, as grading needs it: its name, rating and grade.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kind {
    /// The technique's name.
    pub name: &'static str,
    /// Its rating (Sudoku Explainer's scale).
    pub rating: f32,
    /// The grade it gives a puzzle.
    pub grade: Grade,
}

// Ratings are finite numbers (never NaN): equality is an equivalence.
impl Eq for Kind {}

impl Kind {
    /// The kind of `technique`.
    pub fn of(technique: &(impl Technique + ?Sized)) -> Kind {
        Kind { name: technique.name(), rating: technique.rating(), grade: technique.grade() }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl From<Builtin> for Kind {
    fn from(technique: Builtin) -> Kind {
        Kind::of(&technique)
    }
}

impl Technique for Builtin {
    fn name(&self) -> &'static str {
        Builtin::name(*self)
    }

    fn rating(&self) -> f32 {
        Builtin::rating(*self)
    }

    fn grade(&self) -> Grade {
        Builtin::grade(*self)
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        Builtin::find(*self, grid)
    }
}

/// The built-in chain: every [`Builtin`], easiest first, bifurcation last (what [`solve`] runs;
/// give it to [`solve_within`] to bound a solve).
///
/// [`solve`]: super::solve
/// [`solve_within`]: super::solve_within
pub fn standard() -> &'static [&'static dyn Technique] {
    const CHAIN: [&dyn Technique; Builtin::ALL.len()] = {
        let mut chain: [&dyn Technique; Builtin::ALL.len()] = [&Builtin::NakedSingle; Builtin::ALL.len()];
        let mut i = 0;
        while i < chain.len() {
            chain[i] = &Builtin::ALL[i];
            i += 1;
        }
        chain
    };
    &CHAIN
}

/// The chain a bifurcation's trial follows: the built-in chain without forcing chains. A trial
/// only has to reach a contradiction or a solution, and forcing chains inside every trial (and
/// every trial of a trial) would make a search of each stuck grid: on puzzles with many
/// solutions, ten times the time for the same verdict.
pub(super) fn for_trials() -> &'static [&'static dyn Technique] {
    const LEN: usize = Builtin::ALL.len() - 1;
    const CHAIN: [&dyn Technique; LEN] = {
        let mut chain: [&dyn Technique; LEN] = [&Builtin::NakedSingle; LEN];
        let (mut i, mut j) = (0, 0);
        while i < Builtin::ALL.len() {
            if Builtin::ALL[i] as usize != Builtin::ForcingChain as usize {
                chain[j] = &Builtin::ALL[i];
                j += 1;
            }
            i += 1;
        }
        chain
    };
    &CHAIN
}
