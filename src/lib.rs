//! Solve, reuse and learn backtracking.
//!
//! `backtrack` is built around one small, problem-agnostic driver, [`stack_assumptions`]: give it
//! one *generator* per slot of your problem — a closure that looks at the shared state when its
//! slot is reached and offers the candidates for that slot — and it searches by stacking
//! assumptions, backtracking when a slot has no candidate left. It is a lazy [`Iterator`] of
//! solutions: `.next()` is the first, `.take(2).count()` tells whether the solution is unique,
//! `.count()` counts them.
//!
//! # A first search
//!
//! Assign each of three slots a value in `0..3`, all different. The state is shared, so it is
//! changed through `&self` (a [`Cell`](std::cell::Cell)); an assumption is an [`Attempt`] guard:
//! made when created, taken back when dropped.
//!
//! ```
//! use backtrack::{stack_assumptions, Attempt};
//! use std::cell::Cell;
//!
//! let used = Cell::new(0u8); // bit v: value v is taken
//! let values: Vec<Cell<u8>> = (0..3).map(|_| Cell::new(0)).collect();
//! let generators: Vec<_> = (0..3)
//!     .map(|slot| {
//!         let (used, values) = (&used, &values);
//!         move || {
//!             (0..3u8).filter(move |v| used.get() & 1 << v == 0).map(move |v| {
//!                 used.set(used.get() | 1 << v);
//!                 values[slot].set(v);
//!                 Attempt::new(v, move |v| used.set(used.get() & !(1 << v)))
//!             })
//!         }
//!     })
//!     .collect();
//!
//! let mut search = stack_assumptions(&generators);
//! search.next();
//! let first: Vec<u8> = values.iter().map(Cell::get).collect();
//! assert_eq!(first, [0, 1, 2]);
//! assert_eq!(search.count(), 5); // the other five permutations
//! assert_eq!(used.get(), 0); // the search is over: every assumption was taken back
//! ```
//!
//! # The same guard, by hand
//!
//! The guards do not need the driver. Written as a recursion, the search above is:
//!
//! ```
//! use backtrack::Attempt;
//! use std::cell::Cell;
//!
//! fn count(used: &Cell<u8>, slot: usize) -> usize {
//!     if slot == 3 {
//!         return 1;
//!     }
//!     let mut n = 0;
//!     for v in (0..3u8).filter(|v| used.get() & 1 << v == 0) {
//!         used.set(used.get() | 1 << v);
//!         let _assumed = Attempt::new(v, |v| used.set(used.get() & !(1 << v)));
//!         n += count(used, slot + 1);
//!     } // `_assumed` is dropped at the end of each turn: the value is free again
//!     n
//! }
//! assert_eq!(count(&Cell::new(0), 0), 6);
//! ```
//!
//! The driver does the same with an explicit stack instead of the call stack, so a search a
//! million levels deep (the 1000×1000 knight's tour in `examples/knights_tour.rs`) does not
//! overflow, and the search can stop after any solution and resume.
//!
//! # Watching the search
//!
//! [`Assumptions::stats`] counts nodes per level, dead ends and solutions;
//! [`Assumptions::observe`] calls a closure on every [`Event`];
//! [`Assumptions::fewest_first`] switches to the dynamic order that takes next the slot with
//! the fewest candidates.
//!
//! # Overview
//! - [`stack_assumptions`], [`Assumptions`], [`Stats`], [`Event`], [`Observer`]: the driver.
//! - [`Attempt`]: a general assumption guard; [`Ones`]: the set bits of a mask, for generators
//!   that compute their candidates as bits.
//! - [`estimate`], [`estimate_fewest_first`]: Knuth's prediction of a search's size.
//! - [`split`]: one search cut into parts, counted on every core or as shards that another
//!   engine (GNU parallel, a Slurm job array) runs, with the counters of one search.
//! - [`watch`]: trace lines, the search tree (Graphviz DOT, or SVG), animation frames.
//! - [`sudoku`]: the bitfield Sudoku board, its parser, layouts and generators;
//!   [`sudoku::ExactCover`], the Sudoku as an exact-cover problem;
//!   [`sudoku::logic`], the solver that reasons as a person does and explains each step.
//! - [`dlx`]: Knuth's Algorithm X with dancing links, for any exact-cover problem, with named
//!   items and his file format.
//! - [`run`]: any problem of the driver — its state, its slots, the candidates of a slot — gets
//!   a command line with every tool above (counting on cores, shards, trace, tree, explorer,
//!   estimate, budgets, JSON).
//! - `examples/`: the driver reused in a page of code each: Sudoku, queens, the knight's tour,
//!   and a gallery (Langford pairs, Latin and magic squares, derangements, graph colouring,
//!   cryptarithms, subset sums, word squares), each counting what its published count says;
//!   `docs/tutorial.md`: the course.
//!
//! # Features
//! - `runner` (default): [`run`], a command line with every tool for any problem (clap).
//! - `cli` (default): the `backtrack` command line.
//! - `svg` (default): search trees drawn as SVG without Graphviz (layout-rs).
//! - `parallel` (default): [`split::count_parallel`] and the command line's batches on every
//!   core (rayon). The searches that split themselves ([`dlx::Matrix::count_in_parallel`],
//!   [`sudoku::search::Solutions::count_within`]) run on the standard library's threads.
//!
//! # Limits
//! The driver needs a generator per slot up front: problems whose number of decisions is not
//! known in advance are modelled with slots that may offer a "nothing to do" candidate.
//! [`Assumptions::fewest_first`] chooses well with generators whose iterators know their
//! length ([`ExactSizeIterator`]); others promise only a bound. The shared state lives in `Cell`s, so one search runs on one
//! thread; [`split`] cuts it into independent parts, each with a state of its own, to count on
//! several threads or machines. A [`Budget`] bounds one thread's search (and a shard's parts,
//! which run one after the other), not a count spread over threads.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![doc(test(attr(deny(warnings))))]

mod assume;
mod attempt;
mod budget;
pub mod dlx;
mod estimate;
mod lists;
mod ones;
#[cfg(feature = "runner")]
pub mod run;
pub mod split;
pub mod sudoku;
pub mod watch;

pub use assume::{
    Assumptions, Event, FewestFirst, InOrder, Observer, RECURSION_DEPTH, SlotOrder, Stats, Verdict,
    stack_assumptions,
};
pub use attempt::Attempt;
pub use budget::Budget;
pub use estimate::{Estimate, SplitMix64, estimate, estimate_fewest_first};
pub use ones::Ones;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
