//! What the fuzz targets share: the command line's own modules, reached without a process, and
//! grids built from bytes so that a target reaches the solvers, not only the parser.

use std::time::{Duration, Instant};

/// The command line's modules, compiled here as they are in the binary (`main.rs` holds only
/// `main`), so the argument decoding and the batch reader are fuzzed, not a copy of them.
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../src/bin/backtrack/cmd/mod.rs"]
pub mod cmd;

pub mod grids;

/// The longest one input may take. Every search in a target runs on a node budget, so an input
/// that takes longer is a finding (a search that ignores its budget, or a slow parser), and is
/// reported as a crash with the time it took.
pub const SLOW: Duration = Duration::from_secs(2);

/// Run `f`, and fail if it took longer than [`SLOW`]. With `FUZZ_TIMES` set in the
/// environment, print each part's time (`T<tab>what<tab>nanoseconds`) on standard error: where
/// a target spends its executions.
pub fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = f();
    let took = start.elapsed();
    if std::env::var_os("FUZZ_TIMES").is_some() {
        eprintln!("T\t{what}\t{}", took.as_nanos());
    }
    assert!(took < SLOW, "slow input: {what} took {:.3} s", took.as_secs_f64());
    result
}
