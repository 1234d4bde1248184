//! Sudoku on a bitfield board, solved by the driver.
//!
//! Glossary: a **cell** is one of the N² squares of a grid of side N (81 on the classic 9×9
//! grid); a **digit** (or value) is 1 to N; a **house** is a set of N cells that must hold
//! every digit once: a row, a column, a box, a jigsaw region, a diagonal or a window, as the
//! grid's [`Geometry`] says; a cell's **peers** are the other cells of its houses (20 on the
//! classic grid); its **candidates** are the digits its peers do not hold yet.
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
//!
//! Any size reads the same way, its side from its length (here 6×6, boxes of 2×3), and any
//! geometry through [`Board::parse_in`]: a jigsaw, extra houses, killer cages.
//!
//! ```
//! use backtrack::sudoku::{Board, Geometry};
//!
//! let six: Board = ".2.4.....1.3....6.5.4....12.....53..".parse()?;
//! assert_eq!(six.geometry().boxes(), Some((2, 3)));
//! assert_eq!(format!("{:#}", six.solve().unwrap()), "123456456123231564564231312645645312");
//! let jigsaw = Geometry::jigsaw(4, "ABBBAABCADCCDDDC")?;
//! let board = Board::parse_in(".23..3.........1", &jigsaw)?;
//! assert_eq!(format!("{:#}", board.solve().unwrap()), "1234431221433421");
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
