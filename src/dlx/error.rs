//! What can go wrong when building or reading an exact-cover problem.

use std::fmt;

/// An error from building, reading or constraining an exact-cover problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DlxError {
    /// An option with no item.
    EmptyOption {
        /// The option's number (0-based).
        option: usize,
    },
    /// An option names an item past the last.
    NoSuchItem {
        /// The option's number.
        option: usize,
        /// The item number given.
        item: usize,
        /// How many items there are.
        items: usize,
    },
    /// An option names the same item twice.
    RepeatedItem {
        /// The option's number.
        option: usize,
        /// The item named twice.
        item: usize,
    },
    /// [`Solver::choose`](super::Solver::choose) was given an option number past the last.
    NoSuchOption {
        /// The option number given.
        option: usize,
        /// How many options there are.
        options: usize,
    },
    /// [`Solver::choose`](super::Solver::choose) was given an option that shares an item with
    /// one already chosen.
    Conflict {
        /// The option.
        option: usize,
        /// An item it shares with an option already chosen.
        item: usize,
    },
    /// More nodes than the 32-bit links can address (2^31).
    TooLarge {
        /// The number of nodes asked for.
        nodes: usize,
    },
    /// [`Solver::choose`](super::Solver::choose) was called after the search began.
    SearchStarted,
    /// A name given twice, in [`Named`](super::Named) problems.
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A name that is no item, in [`Named`](super::Named) problems.
    UnknownName {
        /// The name.
        name: String,
    },
    /// A colour on a primary item: only secondary items take colours (a primary item is
    /// covered exactly once, so there is nothing for options to agree on).
    ColorOnPrimary {
        /// The option's number.
        option: usize,
        /// The primary item given a colour.
        item: usize,
    },
    /// Bounds that hold no number of covers, or bounds on an item that is not primary.
    Bounds {
        /// The item.
        item: usize,
        /// The least number of covers asked.
        lo: u32,
        /// The most.
        hi: u32,
    },
    /// A solver asked for a matrix it does not solve (the search on bit sets, for a matrix
    /// with multiplicities).
    Unsupported {
        /// What the matrix has that the solver does not take.
        what: &'static str,
    },
    /// An error in a file in Knuth's format, at a line.
    Format {
        /// The line, from 1.
        line: usize,
        /// What is wrong there.
        message: String,
    },
}

impl fmt::Display for DlxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DlxError::EmptyOption { option } => write!(f, "option {option} has no item"),
            DlxError::NoSuchItem { option, item, items } => {
                write!(f, "option {option} names item {item}, but there are {items} items")
            }
            DlxError::RepeatedItem { option, item } => write!(f, "option {option} names item {item} twice"),
            DlxError::NoSuchOption { option, options } => {
                write!(f, "there is no option {option}: there are {options} options")
            }
            DlxError::Conflict { option, item } => {
                write!(f, "option {option} conflicts with an option already chosen (item {item})")
            }
            DlxError::TooLarge { nodes } => {
                write!(f, "{nodes} nodes: more than the 2^31 the links can address")
            }
            DlxError::SearchStarted => write!(f, "options are chosen before the search starts"),
            DlxError::DuplicateName { name } => write!(f, "the name {name:?} is given twice"),
            DlxError::UnknownName { name } => write!(f, "{name:?} is not an item"),
            DlxError::ColorOnPrimary { option, item } => {
                write!(
                    f,
                    "option {option} gives primary item {item} a colour: only secondary items take colours"
                )
            }
            DlxError::Bounds { item, lo, hi } => {
                write!(f, "item {item}: {lo}:{hi} are no bounds for a primary item (1 <= hi, lo <= hi)")
            }
            DlxError::Unsupported { what } => write!(f, "this solver does not take {what}"),
            DlxError::Format { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for DlxError {}
