//! The grade of a puzzle: the level of the hardest technique a solve needed.

use super::Kind;
use std::fmt;

/// How hard a puzzle is for a person, from the hardest technique its solve used.
///
/// | level | techniques | Sudoku Explainer ratings |
/// |---|---|---|
/// | easy | singles; on grids with those rules, the non-consecutive step and cage combinations | up to 2.3 |
/// | medium | locked candidates, naked and hidden pairs; on killers, the 45 rules, cage unit overlap and crossed combinations | 2.5 to 3.4 |
/// | hard | X-Wing, finned X-Wing, naked and hidden triples | 3.2 to 4.0 |
/// | fiendish | swordfish, Skyscraper, 2-String Kite, Y-Wing, finned swordfish, XYZ-Wing, W-Wing, simple colouring, Unique Rectangles, quads, jellyfish, BUG+1, finned jellyfish, ALS-XZ, X- and XY-Chains, alternating inference chains, forcing chains | 3.8 to 7.5 |
/// | needs guessing | bifurcation | 7.0 and up |
///
/// The numeric [`score`](Grade::score) is the Sudoku Explainer rating of the hardest technique
/// (see [`Builtin::rating`](super::Builtin::rating)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// X-Wing, finned X-Wing and triples.
    Hard,
    /// Swordfish, Skyscraper, 2-String Kite, wings, uniqueness, quads, jellyfish, finned fish,
    /// almost locked sets, chains and forcing chains.
    Fiendish,
    /// Bifurcation was needed.
    NeedsGuessing,
}

impl Grade {
    /// The grade of a solve whose hardest technique is `hardest` (`None`: nothing to do).
    pub fn of(hardest: Option<Kind>) -> Grade {
        // Each technique's grade is in the one table (`logic/mod.rs`): a technique cannot be
        // added without one.
        hardest.map_or(Grade::Easy, |kind| kind.grade)
    }

    /// The numeric score of a solve whose hardest technique is `hardest`.
    pub fn score(hardest: Option<Kind>) -> f32 {
        hardest.map_or(0.0, |kind| kind.rating)
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Fiendish => "fiendish",
            Grade::NeedsGuessing => "needs guessing",
        })
    }
}
