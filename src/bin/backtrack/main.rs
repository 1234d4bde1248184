//! The `backtrack` command line: a thin layer over the library's public API.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;

/// Solve, reuse and learn backtracking: Sudoku by stacking assumptions, and more.
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Sudoku(cmd::sudoku::Args),
    Cover(cmd::cover::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Sudoku(args) => cmd::sudoku::run(args),
        Command::Cover(args) => cmd::cover::run(args),
    };
    let status = match result {
        Ok(status) => status,
        // A closed pipe (`| head`) ends the program quietly, as Unix tools do.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Solved,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            Status::BadInput
        }
    };
    ExitCode::from(status as u8)
}

/// What the process tells its caller; a batch reports the highest status of its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle solved (or counted).
    Solved = 0,
    /// Some puzzle has no solution.
    NoSolution = 1,
    /// Some input could not be read, or the arguments are wrong.
    BadInput = 2,
    /// Some search stopped at a budget (--max-nodes, --timeout) before it could answer.
    Stopped = 3,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
