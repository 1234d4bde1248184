//! What the fuzz targets share: the command line's own modules, reached without a process, and
//! grids built from bytes so that a target reaches the solvers, not only the parser.

/// The command line's modules, compiled here as they are in the binary (`main.rs` holds only
/// `main`), so the argument decoding and the batch reader are fuzzed, not a copy of them.
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../src/bin/backtrack/cmd/mod.rs"]
pub mod cmd;

pub mod checks;
pub mod grids;

pub use checks::{timed, timed_process};
