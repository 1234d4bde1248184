//! The command line's argument decoding, without a process: `backtrack` with any arguments
//! (one a line of the input) is parsed by clap and decoded into a plan, as `main` does.
//!
//! Checked: no panic, whatever the arguments. Nothing runs: `decode` only reads them (but for
//! `--tree FILE` and `--html FILE`, which make their file, so arguments naming them are left
//! out).

#![no_main]

use backtrack_fuzz::cmd::{Cli, Command};
use clap::Parser;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let args: Vec<&str> = text.split('\n').collect();
    if args.iter().any(|a| a.starts_with("--tree") || a.starts_with("--html")) {
        return;
    }
    let Ok(cli) = Cli::try_parse_from(std::iter::once("backtrack").chain(args)) else { return };
    match cli.command {
        Command::Sudoku(args) => {
            let _ = args.decode();
        }
        Command::Cover(args) => {
            let _ = args.decode();
        }
        // Their arguments are all checked by clap.
        Command::Generate(_) | Command::Techniques(_) | Command::Merge(_) => {}
    }
});
