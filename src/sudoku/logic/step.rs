//! A step of the logic solver: what it found, the evidence, and what follows from it.

use super::grid::Contradiction;
use super::{Builtin, Kind};
use crate::sudoku::{Candidate, Cells, Digits, Geometry, House};
use itertools::Itertools;
use std::fmt;

/// One deduction, with the evidence that justifies it and its consequences: the digits it
/// places and the candidates it eliminates. Its `Display` is one plain sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Why: the technique and the cells, houses and digits it rests on.
    pub evidence: Evidence,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
}

/// What each technique's evidence tells: which technique it is, where to look, and the
/// sentence. Each technique's file implements it for its evidence, so the words of a technique
/// live beside its logic.
pub(super) trait Explain {
    /// The built-in technique that gives this evidence (`None` for a user's own).
    fn builtin(&self) -> Option<Builtin>;

    /// Where the step is, without saying what it concludes: the second level of a hint.
    fn location(&self) -> String;

    /// The sentence, which may name what `step` places and removes.
    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The cells the evidence rests on, to show a person where to look.
    fn cells(&self, geometry: &Geometry) -> Cells;
}

/// The evidence of a [`Step`] (one variant a technique, each the type its technique's file
/// defines beside the technique, with the sentence that explains it), its `From` conversions
/// and the [`Explain`] of each: one list, so that a technique's evidence is named once.
macro_rules! evidence {
    ($($(#[$doc:meta])* $variant:ident($evidence:path),)*) => {
        /// The evidence of a [`Step`]: one variant a technique, each the type its technique's
        /// file defines beside the technique, with the sentence that explains it.
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Evidence {
            $($(#[$doc])* $variant($evidence),)*
            /// A step of a technique of the user's own ([`Step::custom`]).
            Custom(Custom),
        }

        $(impl From<$evidence> for Evidence {
            fn from(evidence: $evidence) -> Evidence {
                Evidence::$variant(evidence)
            }
        })*

        impl Evidence {
            fn explain(&self) -> &dyn Explain {
                match self {
                    $(Evidence::$variant(e) => e,)*
                    Evidence::Custom(e) => e,
                }
            }
        }
    };
}

evidence! {
    /// A cell with one candidate left.
    NakedSingle(super::naked_single::NakedSingle),
    /// A digit with one place left in a house.
    HiddenSingle(super::hidden_single::HiddenSingle),
    /// The values a cell's neighbour leaves it under the non-consecutive rule.
    NonConsecutive(super::non_consecutive::NonConsecutive),
    /// The values a killer cage's sum allows.
    CageCombination(super::killer::CageCombination),
    /// The 45 rule: innies and outies of a house.
    Innies(super::killer::Innies),
    /// A value a killer cage must hold: where the cage and a house meet.
    CageUnitOverlap(super::cage_unit_overlap::CageUnitOverlap),
    /// The 45 rule on a band of rows, columns or boxes.
    BandSum(super::killer::BandSum),
    /// A digit confined to the intersection of two houses.
    LockedCandidates(super::locked_candidates::LockedCandidates),
    /// Two killer cages of one house, whose sets of values must be apart.
    CrossedCombinations(super::crossed_combinations::CrossedCombinations),
    /// n cells of a house that hold only n digits.
    NakedSubset(super::naked_subset::NakedSubset),
    /// n digits of a house that fit only n cells.
    HiddenSubset(super::hidden_subset::HiddenSubset),
    /// A digit confined in n lines to n crossing lines.
    Fish(super::fish::Fish),
    /// A fish but for fins in one box.
    FinnedFish(super::finned_fish::FinnedFish),
    /// Two lines with two places for a digit, joined at one end.
    Skyscraper(super::skyscraper::Skyscraper),
    /// A row and a column with two places for a digit, joined in a box.
    TwoStringKite(super::two_string_kite::TwoStringKite),
    /// A bivalue pivot and two pincers.
    YWing(super::y_wing::YWing),
    /// A trivalue pivot and two pincers.
    XyzWing(super::xyz_wing::XyzWing),
    /// Two cells {x,y} linked by x's two places in a house.
    WWing(super::w_wing::WWing),
    /// The places of a digit joined by strong links, in two colours.
    SimpleColouring(super::simple_colouring::SimpleColouring),
    /// Four corners that could swap two digits.
    UniqueRectangle(super::unique_rectangle::UniqueRectangle),
    /// One cell with three candidates, every other with two.
    Bug(super::bug::Bug),
    /// Two almost locked sets joined by a restricted common digit.
    AlsXz(super::als_xz::AlsXz),
    /// A chain of strong and weak links for one digit.
    XChain(super::x_chain::XChain),
    /// A chain of cells with two candidates.
    XyChain(super::xy_chain::XyChain),
    /// A chain of strong and weak links through digits, cells and groups.
    Aic(super::aic::Aic),
    /// Every way of a premise, followed with singles (and the grid's rule steps), leads to the
    /// same conclusion.
    ForcingChain(super::forcing_chain::ForcingChain),
    /// Trial and error.
    Bifurcation(super::bifurcation::Bifurcation),
}

/// The evidence of a technique of one's own: its kind, its sentence and where to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Custom {
    /// The technique that made it.
    pub technique: Kind,
    /// What it found, in a sentence (without the technique's name, which comes first).
    pub sentence: String,
    /// Where to look, without the conclusion (the second level of a hint).
    pub location: String,
}

impl Explain for Custom {
    fn builtin(&self) -> Option<Builtin> {
        None
    }

    fn location(&self) -> String {
        self.location.clone()
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.technique, self.sentence)
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::empty() // a sentence of one's own names its cells itself
    }
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
    /// A step of a built-in technique, from its evidence.
    pub(super) fn new(
        evidence: impl Into<Evidence>,
        placements: Vec<Candidate>,
        eliminations: Vec<Candidate>,
    ) -> Step {
        Step { evidence: evidence.into(), placements, eliminations }
    }

    /// A step of a technique of one's own: its kind, its sentence, where to look, and what it
    /// places and removes (see [`Technique`](super::Technique)).
    pub fn custom(
        technique: Kind,
        sentence: String,
        location: String,
        placements: Vec<Candidate>,
        eliminations: Vec<Candidate>,
    ) -> Step {
        Step {
            evidence: Evidence::Custom(Custom { technique, sentence, location }),
            placements,
            eliminations,
        }
    }

    /// The technique that made the step: its name, rating and grade.
    pub fn technique(&self) -> Kind {
        match (&self.evidence, self.builtin()) {
            (Evidence::Custom(custom), _) => custom.technique,
            (_, Some(builtin)) => builtin.into(),
            (_, None) => unreachable!("every evidence but a custom one is a built-in technique's"),
        }
    }

    /// The built-in technique that made the step (`None` for a technique of the user's own).
    pub fn builtin(&self) -> Option<Builtin> {
        self.evidence.explain().builtin()
    }

    /// Where the step is, without saying what it concludes: the second level of a hint.
    pub fn location(&self) -> String {
        self.evidence.explain().location()
    }

    /// The cells the step's evidence rests on (the pair of a naked pair, the house of a hidden
    /// single, a wing's pivot and pincers, ...), to show where to look; empty for a technique
    /// of one's own. `geometry` is the grid's the step was found on (a house's cells are its).
    pub fn evidence_cells(&self, geometry: &Geometry) -> Cells {
        self.evidence.explain().cells(geometry)
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.iter().join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(super) fn or_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.iter().join(", ")),
    }
}

/// Houses of one kind: `rows 2 and 7`.
pub(super) fn lines(houses: &[House]) -> String {
    let kind = match houses.first() {
        Some(House::Row(_)) => "rows",
        Some(House::Col(_)) => "columns",
        _ => "boxes",
    };
    let numbers: Vec<u8> = houses
        .iter()
        .map(|h| match *h {
            House::Row(i)
            | House::Col(i)
            | House::Box(i)
            | House::Region(i)
            | House::Diagonal(i)
            | House::Window(i)
            | House::Extra(i) => i + 1,
        })
        .collect();
    format!("{kind} {}", and_list(&numbers))
}

/// `remove 4 from r5c3, r9c8; remove 7 from r1c1`, grouped by digit.
pub(super) fn removals(eliminations: &[Candidate]) -> String {
    let by_digit = eliminations.iter().sorted_by_key(|c| (c.digit, c.cell)).chunk_by(|c| c.digit);
    by_digit
        .into_iter()
        .map(|(d, group)| format!("remove {d} from {}", group.map(|c| c.cell).join(", ")))
        .join("; ")
}

pub(super) fn set(digits: Digits) -> String {
    format!("{{{}}}", digits.digits().join(","))
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.evidence.explain().write(self, f)
    }
}
