//! The `backtrack` command line: a thin layer over the library's public API.
//!
//! Everything but `main` lives in `cmd/`, so the fuzz targets (`fuzz/`) reach the argument
//! decoding and the batch reader without a process.

use clap::Parser;
use cmd::{Cli, Status};
use std::process::ExitCode;

mod cmd;

fn main() -> ExitCode {
    let status = match cmd::run(Cli::parse()) {
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
