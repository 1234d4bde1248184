//! What the engines tell the renderers: typed reports, one per puzzle, with their counters.

use backtrack::sudoku::Board;
use backtrack::sudoku::logic::{Grade, Kind};
use serde::{Serialize, Serializer};
use std::time::Duration;

/// How the search of one puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A solution was found (or solutions were counted, at least one).
    Solved,
    /// The search ran to its end without a solution.
    NoSolution,
    /// The puzzle could not be read.
    Invalid,
    /// A budget (--max-nodes, --timeout) stopped the search before it could say.
    Stopped,
}

/// The counters a solver keeps; each solver fills the ones it has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Nodes of the search tree (the driver and DLX: the root and one per assumption).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Guesses (the band engine: a digit tried where propagation could not decide).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<u64>,
    /// Dead ends (the driver: a slot without candidates; DLX: an item without options; the band
    /// engine: a contradiction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_ends: Option<u64>,
    /// The deepest level of the driver's search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deepest: Option<u64>,
    /// Link updates, as Knuth's DLX1 counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updates: Option<u64>,
    /// The logic solver's steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
}

impl Counters {
    /// The counters with their names, in the order they are printed.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, u64)> {
        [
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("dead ends", self.dead_ends),
            ("deepest level", self.deepest),
            ("updates", self.updates),
            ("steps", self.steps),
        ]
        .into_iter()
        .filter_map(|(name, value)| Some((name, value?)))
    }

    /// Add another search's counters: sums, but the deepest level is the deeper of the two.
    pub fn merge(&mut self, other: &Counters) {
        let add = |a: &mut Option<u64>, b: Option<u64>| {
            if let Some(b) = b {
                *a = Some(a.unwrap_or(0) + b);
            }
        };
        add(&mut self.nodes, other.nodes);
        add(&mut self.guesses, other.guesses);
        add(&mut self.dead_ends, other.dead_ends);
        add(&mut self.updates, other.updates);
        add(&mut self.steps, other.steps);
        if let Some(deepest) = other.deepest {
            self.deepest = Some(self.deepest.map_or(deepest, |d| d.max(deepest)));
        }
    }
}

impl Verdict {
    /// The exit status of one puzzle's verdict.
    pub fn status(self) -> crate::cmd::Status {
        match self {
            Verdict::Solved => crate::cmd::Status::Solved,
            Verdict::NoSolution => crate::cmd::Status::NoSolution,
            Verdict::Invalid => crate::cmd::Status::BadInput,
            Verdict::Stopped => crate::cmd::Status::Stopped,
        }
    }
}

/// The logic solver's grade of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grading {
    #[serde(serialize_with = "display")]
    pub grade: Grade,
    /// The rating of the hardest technique used (Sudoku Explainer's scale).
    #[serde(serialize_with = "tenths")]
    pub score: f32,
    #[serde(serialize_with = "display_option", skip_serializing_if = "Option::is_none")]
    pub hardest: Option<Kind>,
}

/// What became of one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The line of the batch it came from (from 1), absent for a single puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The puzzle, as an 81-character line (absent when it could not be read). Boxed, as
    /// `reached` is: a board holds a grid of up to 625 cells, and a report is moved a few times
    /// a puzzle (copying two boards inline cost a batch of fast puzzles 4 % of its time).
    #[serde(serialize_with = "line_option", skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Box<Board>>,
    pub verdict: Verdict,
    /// The solutions found, in the order found (the first only, unless listing all).
    #[serde(serialize_with = "lines", skip_serializing_if = "Vec::is_empty")]
    pub solutions: Vec<Board>,
    /// How many solutions the search found (counting stops at the limit).
    pub count: u64,
    /// Whether the solution is the only one, when the search looked for a second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// The search looked for a second solution and its time ran out first (`unique` is then
    /// absent): the answer says so.
    #[serde(skip)]
    pub unproved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grading>,
    /// Why: the parse error, the contradiction, the budget that stopped the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub counters: Counters,
    /// Where a chain of techniques got stuck (`--techniques` without bifurcation): the digits
    /// it placed.
    #[serde(serialize_with = "line_option", skip_serializing_if = "Option::is_none")]
    pub reached: Option<Box<Board>>,
    #[serde(rename = "time_ms", serialize_with = "milliseconds")]
    pub time: Duration,
}

impl Report {
    /// The report of a line that could not be read.
    pub fn invalid(line: Option<u64>, reason: String) -> Report {
        Report {
            line,
            puzzle: None,
            verdict: Verdict::Invalid,
            solutions: Vec::new(),
            count: 0,
            unique: None,
            unproved: false,
            grade: None,
            reason: Some(reason),
            counters: Counters::default(),
            reached: None,
            time: Duration::ZERO,
        }
    }
}

fn display<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

fn display_option<T: std::fmt::Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => s.collect_str(value),
        None => s.serialize_none(),
    }
}

fn line_option<S: Serializer>(board: &Option<Box<Board>>, s: S) -> Result<S::Ok, S::Error> {
    match board {
        Some(board) => s.collect_str(&format_args!("{board:#}")),
        None => s.serialize_none(),
    }
}

fn lines<S: Serializer>(boards: &[Board], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(boards.iter().map(|b| format!("{b:#}")))
}

/// A rating as it is written, to one decimal (2.8, not 2.799999952316284).
fn tenths<S: Serializer>(score: &f32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((f64::from(*score) * 10.0).round() / 10.0)
}

fn milliseconds<S: Serializer>(time: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((time.as_secs_f64() * 1e6).round() / 1e3)
}
