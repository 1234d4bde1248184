//! One module a subcommand.

pub mod cover;
pub mod sudoku;
