//! A step of the logic solver: what it found, the evidence, and what follows from it.

use super::grid::Contradiction;
use super::{Builtin, Kind};
use crate::sudoku::{Cell, Digit, Digits, House};
use itertools::Itertools;
use std::fmt;

/// One deduction, with the evidence that justifies it and its consequences: the digits it
/// places and the candidates it eliminates. Its `Display` is one plain sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Why: the technique and the cells, houses and digits it rests on.
    pub evidence: Evidence,
    /// Digits placed.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed.
    pub eliminations: Vec<(Cell, Digit)>,
}

/// The evidence of a [`Step`], one variant a technique.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Evidence {
    /// `cell` has one candidate left.
    NakedSingle {
        /// The cell.
        cell: Cell,
        /// Its last candidate.
        digit: Digit,
    },
    /// `digit` has one place left in `house`.
    HiddenSingle {
        /// The one place.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// The house.
        house: House,
    },
    /// Within `house`, `digit` is confined to its intersection with `line`: pointing when
    /// `house` is a box, claiming when it is a row or column.
    LockedCandidates {
        /// The digit.
        digit: Digit,
        /// Where the digit is confined.
        house: House,
        /// The other house of the intersection, from which it is removed.
        line: House,
    },
    /// `cells` of `house` hold only `digits`, as many as they are.
    NakedSubset {
        /// The house.
        house: House,
        /// The cells.
        cells: Vec<Cell>,
        /// Their digits.
        digits: Digits,
    },
    /// `digits` can only go in `cells` of `house`, as many as they are.
    HiddenSubset {
        /// The house.
        house: House,
        /// The cells.
        cells: Vec<Cell>,
        /// The digits.
        digits: Digits,
    },
    /// In the `base` lines, `digit` lies only in the `cover` lines, as many as they are.
    Fish {
        /// The digit.
        digit: Digit,
        /// The rows (or columns) where the digit is confined.
        base: Vec<House>,
        /// The columns (or rows) it is confined to.
        cover: Vec<House>,
    },
    /// A bivalue pivot {x,y} sees pincers {x,z} and {y,z}: one pincer is `digit` (z).
    YWing {
        /// The pivot and its candidates.
        pivot: (Cell, Digits),
        /// The two pincers and their candidates.
        pincers: [(Cell, Digits); 2],
        /// The digit removed from cells that see both pincers.
        digit: Digit,
    },
    /// A pivot {x,y,z} sees pincers {x,z} and {y,z}: one of the three is `digit` (z).
    XyzWing {
        /// The pivot and its candidates.
        pivot: (Cell, Digits),
        /// The two pincers and their candidates.
        pincers: [(Cell, Digits); 2],
        /// The digit removed from cells that see all three.
        digit: Digit,
    },
    /// A step of a technique of the user's own ([`Step::custom`]).
    Custom {
        /// The technique that made it.
        technique: Kind,
        /// What it found, in a sentence (without the technique's name, which comes first).
        sentence: String,
        /// Where to look, without the conclusion (the second level of a hint).
        location: String,
    },
    /// Trial and error: `digit` was tried in `cell` and the logic led to `outcome`.
    Bifurcation {
        /// The cell tried (one with the fewest candidates).
        cell: Cell,
        /// Its candidates when tried.
        candidates: Digits,
        /// The digit tried.
        digit: Digit,
        /// What the trial ran into.
        outcome: Trial,
        /// The steps of the trial.
        steps: Vec<Step>,
    },
}

/// What a bifurcation's trial led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trial {
    /// A contradiction: the digit tried is wrong.
    Contradiction(Contradiction),
    /// A solution: the digit tried is right.
    Solution,
}

impl Step {
    /// A step of a technique of one's own: its kind, its sentence, where to look, and what it
    /// places and removes (see [`Technique`](super::Technique)).
    pub fn custom(
        technique: Kind,
        sentence: String,
        location: String,
        placements: Vec<(Cell, Digit)>,
        eliminations: Vec<(Cell, Digit)>,
    ) -> Step {
        Step { evidence: Evidence::Custom { technique, sentence, location }, placements, eliminations }
    }

    /// The technique that made the step: its name, rating and grade.
    pub fn technique(&self) -> Kind {
        match (&self.evidence, self.builtin()) {
            (Evidence::Custom { technique, .. }, _) => *technique,
            (_, Some(builtin)) => builtin.into(),
            (_, None) => unreachable!("every evidence but a custom one is a built-in technique's"),
        }
    }

    /// The built-in technique that made the step (`None` for a technique of the user's own).
    pub fn builtin(&self) -> Option<Builtin> {
        Some(match &self.evidence {
            Evidence::Custom { .. } => return None,
            Evidence::NakedSingle { .. } => Builtin::NakedSingle,
            Evidence::HiddenSingle { .. } => Builtin::HiddenSingle,
            Evidence::LockedCandidates { .. } => Builtin::LockedCandidates,
            Evidence::NakedSubset { cells, .. } => {
                [Builtin::NakedPair, Builtin::NakedTriple, Builtin::NakedQuad][cells.len().clamp(2, 4) - 2]
            }
            Evidence::HiddenSubset { cells, .. } => {
                [Builtin::HiddenPair, Builtin::HiddenTriple, Builtin::HiddenQuad][cells.len().clamp(2, 4) - 2]
            }
            Evidence::Fish { base, .. } => {
                [Builtin::XWing, Builtin::Swordfish, Builtin::Jellyfish][base.len().clamp(2, 4) - 2]
            }
            Evidence::YWing { .. } => Builtin::YWing,
            Evidence::XyzWing { .. } => Builtin::XyzWing,
            Evidence::Bifurcation { .. } => Builtin::Bifurcation,
        })
    }

    /// Where the step is, without saying what it concludes: the second level of a hint.
    pub fn location(&self) -> String {
        match &self.evidence {
            Evidence::NakedSingle { cell, .. } => format!("look at {cell}"),
            Evidence::HiddenSingle { house, digit, .. } => format!("look at {digit} in {house}"),
            Evidence::LockedCandidates { digit, house, .. } => format!("look at {digit} in {house}"),
            Evidence::NakedSubset { house, cells, .. } | Evidence::HiddenSubset { house, cells, .. } => {
                format!("look at {} in {house}", cells.iter().join(", "))
            }
            Evidence::Fish { digit, base, .. } => format!("look at {digit} in {}", and_list(base)),
            Evidence::YWing { pivot, .. } | Evidence::XyzWing { pivot, .. } => {
                format!("look at {} and the cells it sees", pivot.0)
            }
            Evidence::Bifurcation { cell, .. } => format!("try a digit in {cell}"),
            Evidence::Custom { location, .. } => location.clone(),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.iter().join(", ")),
    }
}

/// Houses of one kind: `rows 2 and 7`.
fn lines(houses: &[House]) -> String {
    let kind = match houses.first() {
        Some(House::Row(_)) => "rows",
        Some(House::Col(_)) => "columns",
        _ => "boxes",
    };
    let numbers: Vec<u8> = houses
        .iter()
        .map(|h| match *h {
            House::Row(i) | House::Col(i) | House::Box(i) => i + 1,
        })
        .collect();
    format!("{kind} {}", and_list(&numbers))
}

/// `remove 4 from r5c3, r9c8; remove 7 from r1c1`, grouped by digit.
fn removals(eliminations: &[(Cell, Digit)]) -> String {
    let by_digit = eliminations.iter().copied().sorted_by_key(|&(c, d)| (d, c)).chunk_by(|&(_, d)| d);
    by_digit
        .into_iter()
        .map(|(d, group)| format!("remove {d} from {}", group.map(|(c, _)| c).join(", ")))
        .join("; ")
}

fn set(digits: Digits) -> String {
    format!("{{{}}}", digits.digits().join(","))
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let then = removals(&self.eliminations);
        match &self.evidence {
            Evidence::NakedSingle { cell, digit } => write!(f, "naked single: {cell} can only be {digit}"),
            Evidence::HiddenSingle { cell, digit, house } => {
                write!(f, "hidden single: {digit} can only go in {cell} in {house}")
            }
            Evidence::LockedCandidates { digit, house, line } => {
                let kind = if matches!(house, House::Box(_)) { "pointing" } else { "claiming" };
                write!(f, "locked candidates ({kind}): in {house}, {digit} is only in {line}, so {then}")
            }
            Evidence::NakedSubset { house, cells, digits } => {
                let name = ["pair", "triple", "quad"][cells.len().clamp(2, 4) - 2];
                write!(f, "naked {name} {} in {} ({house}): {then}", set(*digits), cells.iter().join(", "))
            }
            Evidence::HiddenSubset { house, cells, digits } => {
                let name = ["pair", "triple", "quad"][cells.len().clamp(2, 4) - 2];
                write!(
                    f,
                    "hidden {name} {} in {} ({house}): no other digit fits there, so {then}",
                    set(*digits),
                    cells.iter().join(", ")
                )
            }
            Evidence::Fish { digit, base, cover } => {
                let name = ["X-Wing", "swordfish", "jellyfish"][base.len().clamp(2, 4) - 2];
                write!(f, "{name} on {digit} in {} ({}): {then}", lines(base), lines(cover))
            }
            Evidence::YWing { pivot: (p, pd), pincers: [(a, ad), (b, bd)], digit } => write!(
                f,
                "Y-Wing: pivot {p} {}, pincers {a} {} and {b} {}: one pincer is {digit}, so {then}",
                set(*pd),
                set(*ad),
                set(*bd)
            ),
            Evidence::XyzWing { pivot: (p, pd), pincers: [(a, ad), (b, bd)], digit } => write!(
                f,
                "XYZ-Wing: pivot {p} {}, pincers {a} {} and {b} {}: one of the three is {digit}, so {then}",
                set(*pd),
                set(*ad),
                set(*bd)
            ),
            Evidence::Custom { technique, sentence, .. } => write!(f, "{technique}: {sentence}"),
            Evidence::Bifurcation { cell, candidates, digit, outcome, steps } => {
                write!(f, "bifurcation on {cell} {}: ", set(*candidates))?;
                match outcome {
                    Trial::Contradiction(c) => {
                        write!(f, "if {cell} were {digit}, then after {} steps {c}; ", steps.len())?;
                        match self.placements.first() {
                            Some((_, other)) => write!(f, "so {cell} is {other}"),
                            None => write!(f, "so {then}"),
                        }
                    }
                    Trial::Solution => write!(
                        f,
                        "{digit} in {cell} leads to a solution after {} steps: it fills the remaining {} cells",
                        steps.len(),
                        self.placements.len()
                    ),
                }
            }
        }
    }
}
