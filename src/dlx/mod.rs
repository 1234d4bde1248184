//! Exact cover with Dancing Links: Knuth's Algorithm X, for Sudoku and any other problem.
//!
//! Glossary (Knuth's): an exact-cover problem has **items** and **options**; each option is a
//! set of items. A solution is a set of options that covers every **primary** item exactly once
//! and every **secondary** item at most once. Algorithm X chooses the item with the fewest
//! options left, tries each of them in turn (covering its items, which hides every option that
//! clashes), and backtracks; the **dancing links** make covering and uncovering cheap: a node
//! taken out of a doubly linked list remembers its neighbours, so it can be put back.
//!
//! - [`Matrix`]: items and options by number; [`Matrix::solver`] starts a search.
//! - [`Solver`]: a lazy iterator of solutions, with givens ([`Solver::choose`]), a
//!   [`Budget`], and [`Stats`] counted as Knuth's DLX1 counts them.
//! - [`BitSolver`]: the same tree and counters on bit sets, in a fraction of the time.
//! - [`MultiSolver`] and [`BitMultiSolver`]: Algorithm M, items with multiplicities
//!   ([`Matrix::set_bounds`]), counted as Knuth's DLX3 counts, on links and on bit sets.
//! - [`Named`]: items and options by name; [`Named::from_knuth_format`] reads Knuth's files.
//! - One count cut into subtrees, with the counters of the search on one thread: on every core
//!   ([`Matrix::count_in_parallel`], bounded by [`Matrix::count_in_parallel_within`]) or as
//!   shards run anywhere ([`Matrix::count_shard`]); from givens chosen up front too
//!   ([`Matrix::count_in_parallel_given`], [`Matrix::count_shard_given`]).
//!
//! The links are indices into `Vec`s ("a 'pointer' is an array index", Knuth), and the search
//! is an explicit state machine (Knuth's `forward`, `advance`, `backup`, `recover`), so there
//! is no `unsafe` and no recursion.

mod bits;
mod bits_multi;
mod error;
mod format;
mod matrix;
mod multi;
mod named;
mod parallel;
mod solver;

pub use bits::BitSolver;
pub use bits_multi::BitMultiSolver;
pub use error::DlxError;
pub use matrix::Matrix;
pub use multi::MultiSolver;
pub use named::{Named, NamedSolver, Names};
pub use solver::{Budget, Outcome, Solver, Stats};
