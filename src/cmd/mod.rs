//! One module a subcommand.

pub mod sudoku;
