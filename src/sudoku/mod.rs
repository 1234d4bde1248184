//! Sudoku on a bitfield board, solved by the driver.
//!
//! Glossary: a **cell** is one of the 81 squares; a **digit** is 1 to 9; a **house** is a row,
//! a column or a box, each of which must hold every digit once; a cell's **peers** are the 20
//! other cells of its houses; its **candidates** are the digits its houses do not hold yet.
//!
//! ```
//! use backtrack::stack_assumptions;
//! use backtrack::sudoku::Board;
//!
//! // The newspaper puzzle of the seed: 0 for an empty cell.
//! let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
//! let generators = board.generators(); // one per empty cell, reading order
//! for () in stack_assumptions(&generators) {
//!     assert!(board.is_full());
//!     println!("{board}"); // the seed's layout
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bitboard;
mod board;
mod cell;
mod cells;
mod digits;
mod display;
mod exact_cover;
pub mod generate;
pub mod geometry;
pub mod logic;
mod parse;
pub mod rule;
pub mod search;
#[cfg(feature = "variant")]
pub mod variant;

pub use board::{Board, NotACandidate, Placement, Placements};
pub use cell::{Cell, House};
pub use cells::{Candidate, CellIter, Cells};
pub use digits::{Digit, DigitIter, Digits};
pub use exact_cover::ExactCover;
pub use geometry::{Cage, Extra, Geometry, GeometryError, Layout};
pub use parse::ParseError;
