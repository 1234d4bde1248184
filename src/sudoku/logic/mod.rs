//! The logic solver: solve as a person does, one explained step at a time.
//!
//! A person keeps pencil marks (the [`Grid`]: digits placed, candidates left) and applies
//! techniques from the easiest up; after any progress they start again from the easiest. Each
//! technique lives in its own file and returns a [`Step`] that carries its evidence; a step
//! displays as one plain sentence in r1c1 notation. When nothing else works, bifurcation tries a
//! digit and follows the logic to a contradiction or a solution, as a person does with a pencil
//! (the digit the engines' solution has there, when they find one: a line of trials to the end,
//! never a search of trials).
//!
//! The chain is open: a [`Technique`] is a trait that the built-in techniques ([`Builtin`])
//! implement and a user's own implements in their crate; [`solve_with`] takes any chain
//! (`examples/own_technique.rs` adds a "full house" before the built-in ones).
//!
//! ```
//! use backtrack::sudoku::Board;
//! use backtrack::sudoku::logic::{solve, Grade, Outcome};
//!
//! // The first of Norvig's top95: hard for plain backtracking, medium for a person.
//! let board: Board = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let report = solve(&board);
//! assert_eq!(report.outcome, Outcome::Solved);
//! assert_eq!(report.grade(), Grade::Medium); // locked candidates and singles suffice
//! assert_eq!(report.steps[0].to_string(), "hidden single: 4 can only go in r6c2 in box 4");
//! for (n, step) in report.steps.iter().enumerate().take(3) {
//!     println!("{}. {step}", n + 1);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod aic;
mod als_xz;
mod bifurcation;
mod bug;
mod cage_unit_overlap;
mod crossed_combinations;
mod finned_fish;
mod fish;
mod forcing_chain;
mod grade;
mod grid;
mod hidden_single;
mod hidden_subset;
mod killer;
mod locked_candidates;
mod naked_single;
mod naked_subset;
mod non_consecutive;
mod simple_colouring;
mod skyscraper;
mod solver;
mod step;
mod technique;
mod two_string_kite;
mod unique_rectangle;
mod w_wing;
mod x_chain;
mod xy_chain;
mod xyz_wing;
mod y_wing;

pub use grade::Grade;
pub use grid::{Contradiction, Grid};
pub use solver::{Outcome, SolveReport, next_step, next_step_with, solve, solve_with, solve_within};
pub use step::{Custom, Evidence, Step, Trial};
pub use technique::{Kind, Technique, standard};

use solver::run;

/// The evidence each technique gives, one type a technique, defined in the technique's file
/// with the sentence that explains it (the variants of [`Evidence`]).
pub mod evidence {
    pub use super::aic::{Aic, Node};
    pub use super::als_xz::{Als, AlsXz};
    pub use super::bifurcation::Bifurcation;
    pub use super::bug::Bug;
    pub use super::cage_unit_overlap::{CageUnitOverlap, Overlap};
    pub use super::crossed_combinations::CrossedCombinations;
    pub use super::finned_fish::FinnedFish;
    pub use super::fish::Fish;
    pub use super::forcing_chain::{ForcingChain, Premise, Way};
    pub use super::hidden_single::HiddenSingle;
    pub use super::hidden_subset::HiddenSubset;
    pub use super::killer::{BandSum, CageCombination, GroupSum, Innies};
    pub use super::locked_candidates::LockedCandidates;
    pub use super::naked_single::NakedSingle;
    pub use super::naked_subset::NakedSubset;
    pub use super::non_consecutive::NonConsecutive;
    pub use super::simple_colouring::SimpleColouring;
    pub use super::skyscraper::Skyscraper;
    pub use super::step::Custom;
    pub use super::two_string_kite::TwoStringKite;
    pub use super::unique_rectangle::{RectangleKind, UniqueRectangle};
    pub use super::w_wing::WWing;
    pub use super::x_chain::XChain;
    pub use super::xy_chain::XyChain;
    pub use super::xyz_wing::XyzWing;
    pub use super::y_wing::YWing;
}

/// Whether the logic solver takes a grid of `geometry`, or the sentence that says why not.
///
/// It takes every geometry of houses (any size, any box shape, jigsaw regions, the diagonals
/// and windoku windows), where each technique reasons on the grid's own houses and peers; the
/// relations between cells (a knight's or a king's move apart are peers, side by side cells
/// are read by the non-consecutive step); and killer cages on every grid (4×4, 6×6, 16×16,
/// jigsaws, the diagonals: their houses add up to 1 + 2 + … + the side). Rules of the user's
/// own are refused: no technique reasons on them.
///
/// ```
/// use backtrack::sudoku::{Cage, Extra, Geometry, logic};
/// assert!(logic::supports(&Geometry::boxed(2, 3)?).is_ok());
/// let anti_knight = Geometry::classic().with_extras(&[Extra::AntiKnight])?;
/// assert!(logic::supports(&anti_knight).is_ok());
/// let caged = Geometry::boxed(2, 3)?.with_cages(vec![Cage::new(vec![0, 1], Some(3))])?;
/// assert!(logic::supports(&caged).is_ok());
/// let large = Geometry::boxed(4, 4)?.with_cages(vec![Cage::new(vec![0, 1], Some(3))])?;
/// assert!(logic::supports(&large).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn supports(geometry: &crate::sudoku::Geometry) -> Result<(), String> {
    let name = geometry.name();
    if let Some(rule) = geometry.rules().first() {
        return Err(format!(
            "the logic solver reasons on houses and killer cages, not {} ({name})",
            rule.name()
        ));
    }
    Ok(())
}

/// A chain found breadth first, from `first` to `last`, read back through `parent` (where each
/// link was reached from); the chains' searches keep one for every node they reach.
fn read_back<T: Copy + PartialEq>(first: T, last: T, parent: impl Fn(T) -> Option<T>) -> Vec<T> {
    let mut chain = vec![last];
    let mut at = last;
    while at != first {
        at = parent(at).expect("every link of the chain was reached");
        chain.push(at);
    }
    chain.reverse();
    chain
}

/// The first `Some` that `f` gives for the `size`-element subsets of `items`, taken in
/// lexicographic order of their positions (as `itertools::combinations` yields them), without
/// allocating: the subset techniques try thousands of subsets per step and keep at most one.
fn first_subset<T: Copy, R>(items: &[T], size: usize, mut f: impl FnMut(&[T]) -> Option<R>) -> Option<R> {
    fn extend<T: Copy, R>(
        items: &[T],
        from: usize,
        chosen: &mut [T; 4],
        len: usize,
        size: usize,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if len == size {
            return f(&chosen[..size]);
        }
        // Leave room for the elements still to choose.
        for i in from..=items.len().saturating_sub(size - len) {
            if i >= items.len() {
                break;
            }
            chosen[len] = items[i];
            if let Some(found) = extend(items, i + 1, chosen, len + 1, size, f) {
                return Some(found);
            }
        }
        None
    }
    assert!((1..=4).contains(&size), "subsets of 1 to 4 elements");
    let &first = items.first()?;
    extend(items, 0, &mut [first; 4], 0, size, &mut f)
}

/// The first `Some` that `f` gives for the subsets of one to `most` (at most 4) of `items`, each
/// with its items folded by `add` from `start`; where `add` gives `None`, the subset and every
/// subset grown from it are left out. The subsets are grown an item at a time, in
/// lexicographic order of positions, each seen before those grown from it: the techniques
/// whose subsets only grow worse (more digits, more crossing lines) prune them as they grow.
fn first_grown<T: Copy, A: Copy, R>(
    items: &[T],
    most: usize,
    start: A,
    add: impl Fn(A, T) -> Option<A>,
    f: impl FnMut(&[T], A) -> Option<R>,
) -> Option<R> {
    struct Grower<'a, T, Add, F> {
        items: &'a [T],
        most: usize,
        chosen: [T; 4],
        add: Add,
        f: F,
    }
    impl<T: Copy, Add, F> Grower<'_, T, Add, F> {
        fn grow<A: Copy, R>(&mut self, from: usize, len: usize, folded: A) -> Option<R>
        where
            Add: Fn(A, T) -> Option<A>,
            F: FnMut(&[T], A) -> Option<R>,
        {
            for i in from..self.items.len() {
                let Some(more) = (self.add)(folded, self.items[i]) else { continue };
                self.chosen[len] = self.items[i];
                if let Some(found) = (self.f)(&self.chosen[..=len], more) {
                    return Some(found);
                }
                if len + 1 < self.most
                    && let Some(found) = self.grow(i + 1, len + 1, more)
                {
                    return Some(found);
                }
            }
            None
        }
    }
    assert!((1..=4).contains(&most), "subsets of 1 to 4 elements");
    let &first = items.first()?;
    Grower { items, most, chosen: [first; 4], add, f }.grow(0, 0, start)
}

/// The techniques, from the easiest to the hardest: [`Builtin::ALL`] is the order the solver
/// tries them in, and `Ord` follows it.
///
/// The order follows the Sudoku Explainer ratings (in brackets), which the community uses to
/// grade puzzles, with the naked single kept first as every pencil-mark solver does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Builtin {
    /// One candidate left in a cell (2.3).
    NakedSingle,
    /// One place left for a digit in a house (1.2 in a box, 1.5 in a line).
    HiddenSingle,
    /// Non-consecutive: the values a cell's neighbour leaves it (no Sudoku Explainer rating;
    /// we count it as 1.7, the first thing a solver of the rule looks at after the singles).
    NonConsecutive,
    /// Killer: the values a cage's sum allows its cells, their candidates considered (no
    /// Sudoku Explainer rating: it knows no killers; we count it as 1.8, between the singles
    /// and the locked candidates, as the first thing a killer solver by hand does).
    CageCombination,
    /// Killer: the 45 rule, innies and outies of a house (rated 2.5 as we count it). A house
    /// of a grid of side N adds up to N(N + 1)/2, which the step says (21 on 6×6).
    Innies,
    /// Killer: where a cage and a house meet (SudokuWiki's cage unit overlap): a value every
    /// set of a cage holds leaves the cells that see each of its places (pointing), a value
    /// whose places in a house all lie in a cage keeps the cage's sets with it (claiming).
    /// Rated 2.6, as pointing locked candidates are.
    CageUnitOverlap,
    /// Killer: the 45 rule on two rows, columns or boxes or more side by side, whose innies and
    /// outies may repeat a value (rated 2.7 as we count it: a person tries it after a single
    /// house).
    BandSum,
    /// Pointing (2.6) and claiming (2.8).
    LockedCandidates,
    /// Killer: two cages in one house hold different values, so a set of values of one that
    /// shares a value with every set of the other is out (rated 2.9 as we count it: two
    /// cages' lists of sets read side by side).
    CrossedCombinations,
    /// Two cells, two digits (3.0).
    NakedPair,
    /// Fish of size 2 (3.2).
    XWing,
    /// Two digits, two cells (3.4).
    HiddenPair,
    /// Three cells, three digits (3.6).
    NakedTriple,
    /// An X-Wing but for fins in one box (3.7).
    FinnedXWing,
    /// Fish of size 3 (3.8).
    Swordfish,
    /// Three digits, three cells (4.0).
    HiddenTriple,
    /// Two rows (or columns) with two places for a digit, joined at one end (4.0).
    Skyscraper,
    /// A row and a column with two places for a digit, joined in a box (4.1).
    TwoStringKite,
    /// XY-Wing (4.2).
    YWing,
    /// A swordfish but for fins in one box (4.3).
    FinnedSwordfish,
    /// XYZ-Wing (4.4).
    XyzWing,
    /// Two cells with the same two candidates, linked by a digit with two places in a house (4.4).
    WWing,
    /// The places of a digit joined by strong links, in two colours (4.5).
    SimpleColouring,
    /// Four corners that could swap two digits, in a puzzle with one solution (4.5).
    UniqueRectangle,
    /// Four cells, four digits (5.0).
    NakedQuad,
    /// Fish of size 4 (5.2).
    Jellyfish,
    /// Four digits, four cells (5.4).
    HiddenQuad,
    /// One cell with three candidates, every other with two, in a puzzle with one solution
    /// (5.6).
    Bug,
    /// A jellyfish but for fins in one box (5.7).
    FinnedJellyfish,
    /// Two almost locked sets joined by a digit that only one of them can hold (6.0).
    AlsXz,
    /// A chain of strong and weak links for one digit (6.6, where Sudoku Explainer's chains
    /// begin).
    XChain,
    /// A chain of cells with two candidates (6.8).
    XyChain,
    /// A chain of strong and weak links through digits, cells and groups of cells (7.0).
    Aic,
    /// Each way a cell's candidates or a digit's places in a house can go, followed with singles,
    /// agrees on a conclusion (7.5: the last technique before bifurcation).
    ForcingChain,
    /// Trial and error on a cell with the fewest candidates (no Sudoku Explainer rating: it
    /// rates its chains from 7.0 up; we count it as 8.0).
    Bifurcation,
}

impl Builtin {
    /// Every technique, easiest first (read off the table of techniques, line by line).
    pub const ALL: &'static [Builtin] = &{
        let mut all = [Builtin::Bifurcation; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].technique;
            i += 1;
        }
        all
    };

    /// The first step this technique finds in `grid`, if any.
    pub fn find(self, grid: &Grid) -> Option<Step> {
        (self.entry().find)(grid)
    }

    /// The technique's name, as a person says it.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The Sudoku Explainer rating of the technique (the harder end where it has two).
    pub fn rating(self) -> f32 {
        self.entry().rating
    }

    /// The grade of a puzzle whose hardest step uses this technique.
    pub fn grade(self) -> Grade {
        self.entry().grade
    }

    /// The technique named `name`, as [`Builtin::name`] says it or as a command line writes
    /// it: case, hyphens, underscores and spaces do not matter (`x-wing`, `XYZ wing`,
    /// `naked_single`).
    ///
    /// ```
    /// use backtrack::sudoku::logic::Builtin;
    /// assert_eq!(Builtin::from_name("x-wing"), Some(Builtin::XWing));
    /// assert_eq!(Builtin::from_name("Hidden Pair"), Some(Builtin::HiddenPair));
    /// assert_eq!(Builtin::from_name("forcing chain"), Some(Builtin::ForcingChain));
    /// assert_eq!(Builtin::from_name("death blossom"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Builtin> {
        let key = |s: &str| -> String {
            s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
        };
        let wanted = key(name);
        Builtin::ALL.iter().copied().find(|t| key(t.name()) == wanted)
    }

    /// The technique's name as the command line takes it: `naked-single`, `x-wing`.
    pub fn flag(self) -> String {
        self.name().to_lowercase().replace(' ', "-")
    }

    fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }
}

/// What the crate knows of a technique: its name, rating and grade, and how to find it.
struct Entry {
    technique: Builtin,
    name: &'static str,
    rating: f32,
    grade: Grade,
    find: fn(&Grid) -> Option<Step>,
}

/// Every technique's name, Sudoku Explainer rating and grade: the one table, in the order of
/// [`Builtin`]'s variants (checked when the crate compiles).
///
/// A new technique is a file (its `find`, its evidence and the sentence that explains it), a
/// variant of [`Builtin`], a line in `step.rs`'s list of evidence, and a line here; the grade
/// cannot be left out.
// The names in one case: words in lower case, letters and acronyms (X, XY, BUG, ALS) in upper
// case, as "naked single" and "X-wing" are said in a sentence.
#[rustfmt::skip]
const TABLE: [Entry; 35] = [
    row(Builtin::NakedSingle,      "naked single",      2.3, Grade::Easy,          naked_single::find),
    row(Builtin::HiddenSingle,     "hidden single",     1.5, Grade::Easy,          hidden_single::find),
    row(Builtin::NonConsecutive,   "non-consecutive",   1.7, Grade::Easy,          non_consecutive::find),
    row(Builtin::CageCombination,  "cage combination",  1.8, Grade::Easy,          killer::find_combination),
    row(Builtin::Innies,           "45 rule",           2.5, Grade::Medium,        killer::find_innies),
    row(Builtin::CageUnitOverlap,  "cage unit overlap", 2.6, Grade::Medium,        cage_unit_overlap::find),
    row(Builtin::BandSum,          "45 rule on a band", 2.7, Grade::Medium,        killer::find_bands),
    row(Builtin::LockedCandidates, "locked candidates", 2.8, Grade::Medium,        locked_candidates::find),
    row(Builtin::CrossedCombinations, "crossed combinations", 2.9, Grade::Medium,  crossed_combinations::find),
    row(Builtin::NakedPair,        "naked pair",        3.0, Grade::Medium,        |g| naked_subset::find(g, 2)),
    row(Builtin::XWing,            "X-wing",            3.2, Grade::Hard,          |g| fish::find(g, 2)),
    row(Builtin::HiddenPair,       "hidden pair",       3.4, Grade::Medium,        |g| hidden_subset::find(g, 2)),
    row(Builtin::NakedTriple,      "naked triple",      3.6, Grade::Hard,          |g| naked_subset::find(g, 3)),
    row(Builtin::FinnedXWing,      "finned X-wing",     3.7, Grade::Hard,          |g| finned_fish::find(g, 2)),
    row(Builtin::Swordfish,        "swordfish",         3.8, Grade::Fiendish,      |g| fish::find(g, 3)),
    row(Builtin::HiddenTriple,     "hidden triple",     4.0, Grade::Hard,          |g| hidden_subset::find(g, 3)),
    row(Builtin::Skyscraper,       "skyscraper",        4.0, Grade::Fiendish,      skyscraper::find),
    row(Builtin::TwoStringKite,    "2-string kite",     4.1, Grade::Fiendish,      two_string_kite::find),
    row(Builtin::YWing,            "Y-wing",            4.2, Grade::Fiendish,      y_wing::find),
    row(Builtin::FinnedSwordfish,  "finned swordfish",  4.3, Grade::Fiendish,      |g| finned_fish::find(g, 3)),
    row(Builtin::XyzWing,          "XYZ-wing",          4.4, Grade::Fiendish,      xyz_wing::find),
    row(Builtin::WWing,            "W-wing",            4.4, Grade::Fiendish,      w_wing::find),
    row(Builtin::SimpleColouring,  "simple colouring",  4.5, Grade::Fiendish,      simple_colouring::find),
    row(Builtin::UniqueRectangle,  "unique rectangle",  4.5, Grade::Fiendish,      unique_rectangle::find),
    row(Builtin::NakedQuad,        "naked quad",        5.0, Grade::Fiendish,      |g| naked_subset::find(g, 4)),
    row(Builtin::Jellyfish,        "jellyfish",         5.2, Grade::Fiendish,      |g| fish::find(g, 4)),
    row(Builtin::HiddenQuad,       "hidden quad",       5.4, Grade::Fiendish,      |g| hidden_subset::find(g, 4)),
    row(Builtin::Bug,              "BUG+1",             5.6, Grade::Fiendish,      bug::find),
    row(Builtin::FinnedJellyfish,  "finned jellyfish",  5.7, Grade::Fiendish,      |g| finned_fish::find(g, 4)),
    row(Builtin::AlsXz,            "ALS-XZ",            6.0, Grade::Fiendish,      als_xz::find),
    row(Builtin::XChain,           "X-chain",           6.6, Grade::Fiendish,      x_chain::find),
    row(Builtin::XyChain,          "XY-chain",          6.8, Grade::Fiendish,      xy_chain::find),
    row(Builtin::Aic,              "alternating inference chain", 7.0, Grade::Fiendish, aic::find),
    row(Builtin::ForcingChain,     "forcing chain",     7.5, Grade::Fiendish,      forcing_chain::find),
    row(Builtin::Bifurcation,      "bifurcation",       8.0, Grade::NeedsGuessing, bifurcation::find),
];

const fn row(
    technique: Builtin,
    name: &'static str,
    rating: f32,
    grade: Grade,
    find: fn(&Grid) -> Option<Step>,
) -> Entry {
    Entry { technique, name, rating, grade, find }
}

// The table is indexed by the variants: each row where its variant says, and a row for every
// variant (bifurcation, the last, on the last line: a variant without a line shifts it).
const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(TABLE[i].technique as usize == i, "TABLE is out of the order of Builtin's variants");
        i += 1;
    }
    assert!(Builtin::Bifurcation as usize == TABLE.len() - 1, "every technique has its line in TABLE");
};

impl std::fmt::Display for Builtin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
