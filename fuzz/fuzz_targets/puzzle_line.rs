//! The batch reader, bytes in: `backtrack sudoku -` on any input, in every mode, through the
//! command line's own code (lines, byte-order mark, blank and comment lines, non-UTF-8 lines,
//! the pasted-grid rule, the lines read as from a file or on a thread as from a pipe), with a
//! node budget on every search.
//!
//! Checked: no panic, and in JSON, one answer per puzzle line, in input order, each naming its
//! line.

#![no_main]

use backtrack_fuzz::cmd::{Cli, Command, sudoku::batch};
use backtrack_fuzz::timed_process;
use clap::Parser;
use libfuzzer_sys::fuzz_target;
use std::io::{BufReader, Cursor, Read};

/// The modes a batch runs in; the first byte picks one.
const MODES: &[&[&str]] = &[
    &["--format", "json"],
    &["--format", "json", "--count", "--limit", "2"],
    &["--format", "json", "--all", "--limit", "3", "--solver", "dlx"],
    &["--format", "json", "--solver", "backtrack"],
    &["--format", "json", "--order", "fewest"],
    &["--format", "json", "--solver", "logic"],
    &["--count", "--stats"],
    &["--format", "grid", "--jobs", "2"],
];

fuzz_target!(|data: &[u8]| {
    let Some((&mode, input)) = data.split_first() else { return };
    let flags = MODES[usize::from(mode) % MODES.len()];
    // Every search bounded: 2,000 guesses or nodes, or 100 steps of the logic solver (its
    // trials' included; a step runs the whole chain of techniques, a millisecond on a hard grid).
    let logic = flags.contains(&"logic");
    let budget: &[&str] = if logic { &["--max-nodes", "100"] } else { &["--max-nodes", "2000"] };
    let jobs: &[&str] = if flags.contains(&"--jobs") { &[] } else { &["--jobs", "1"] };
    let argv = ["backtrack", "sudoku", "-"].iter().chain(flags).chain(budget).chain(jobs);
    let Command::Sudoku(args) = Cli::try_parse_from(argv).expect("the modes parse").command else {
        unreachable!("a sudoku command")
    };
    let plan = args.decode().expect("the modes make sense");
    // A small buffer: lines cross the reader's refills, and batches leave at odd places. The
    // mode byte's high bit reads on a thread, as from a pipe, else as from a file.
    let reader: Box<dyn Read + Send> = Box::new(Cursor::new(input.to_vec()));
    let may_wait = mode & 0x80 != 0;
    let mut out = Vec::new();
    timed_process("a batch", || batch::run(&plan, BufReader::with_capacity(64, reader), may_wait, &mut out))
        .expect("writing to memory cannot fail");
    if flags[1] == "json" {
        check_answers(input, &out);
    }
});

/// One JSON answer per puzzle line, in order, naming its line, when the input is a batch.
fn check_answers(input: &[u8], out: &[u8]) {
    let skipped = |l: &[u8]| {
        let l = l.trim_ascii_start();
        l.is_empty() || l[0] == b'#'
    };
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") {
        lines.pop();
    }
    let puzzles: Vec<u64> = (1..).zip(&lines).filter(|(_, l)| !skipped(l)).map(|(n, _)| n).collect();
    // Cells: digits, letters (values past 9) and empty marks. A first line of fewer than 16 is
    // a row of a pasted grid (16 would be a whole 4×4 puzzle), unless it is a variant file's.
    let cells =
        |l: &[u8]| l.iter().filter(|b| b.is_ascii_alphanumeric() || **b == b'.' || **b == b'_').count();
    let Some(&first) = puzzles.first() else { return };
    let first = lines[first as usize - 1];
    if cells(first) < 16 && !first.trim_ascii_start().starts_with(b"{") {
        return; // one pasted grid, answered as one puzzle
    }
    let answers: Vec<serde_json::Value> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("every output line is JSON"))
        .collect();
    let named: Vec<u64> =
        answers.iter().map(|a| a["line"].as_u64().expect("each answer names its line")).collect();
    assert_eq!(named, puzzles, "one answer per puzzle line, in order");
}
